#version 450 core
// GPU skinning: up to four palette entries per vertex, palette in a storage buffer (no joint
// limit). The dominant joint's colour is chosen here; the ramp shadings pass their value on, for
// the fragment shader to colour.

layout(location = 0) in vec3 in_position;
layout(location = 1) in vec3 in_normal;
layout(location = 2) in vec2 in_uv;
layout(location = 3) in uvec4 in_joints;   // Palette entries.
layout(location = 4) in vec4 in_weights;   // Sum 1, or all 0 for a static model.
layout(location = 5) in float in_truncated;  // Weight dropped by the four-influence limit.

layout(std430, binding = 0) readonly buffer Palette { mat4 palette[]; };
layout(std430, binding = 1) readonly buffer SkinJoints { int skin_joint[]; };  // Entry -> joint.

uniform mat4 u_view_projection;
uniform mat4 u_display;        // Model space to the viewer's Y-up world (a rotation).
uniform int u_shading;         // 0 lit, 1 weight heatmap, 2 dominant joint, 3 influence count,
                               // 4 truncated weight.
uniform int u_selected_joint;  // -1 for none.
uniform float u_truncated_top;  // Truncated weight shown as the ramp's top (weight_legend.h).

out vec3 v_normal;
out vec3 v_world;
out vec3 v_debug_color;
out float v_value;  // Where a ramp shading reads its ramp (0..1); -1 for an unskinned vertex.

// A stable, well-spread colour per joint index.
vec3 joint_color(int joint) {
  float h = fract(float(joint) * 0.61803398875);
  vec3 k = abs(fract(vec3(h) + vec3(0.0, 2.0 / 3.0, 1.0 / 3.0)) * 6.0 - 3.0) - 1.0;
  return mix(vec3(1.0), clamp(k, 0.0, 1.0), 0.65) * 0.9;
}

void main() {
  float total = in_weights.x + in_weights.y + in_weights.z + in_weights.w;
  mat4 skin = mat4(1.0);
  if (total > 0.0) {
    skin = in_weights.x * palette[in_joints.x] + in_weights.y * palette[in_joints.y] +
           in_weights.z * palette[in_joints.z] + in_weights.w * palette[in_joints.w];
  }
  vec4 world = u_display * (skin * vec4(in_position, 1.0));
  v_world = world.xyz;
  v_normal = mat3(u_display) * (mat3(skin) * in_normal);
  gl_Position = u_view_projection * world;

  v_debug_color = vec3(0.0);
  v_value = 0.0;
  if (u_shading == 1) {
    for (int i = 0; i < 4; ++i) {
      if (in_weights[i] > 0.0 && skin_joint[in_joints[i]] == u_selected_joint) {
        v_value += in_weights[i];
      }
    }
  } else if (u_shading == 2) {
    v_debug_color = total > 0.0 ? joint_color(skin_joint[in_joints.x]) : vec3(0.5);
  } else if (u_shading == 3) {
    int n = 0;
    for (int i = 0; i < 4; ++i) n += in_weights[i] > 0.0 ? 1 : 0;
    v_value = n == 0 ? -1.0 : float(n) / 4.0;
  } else if (u_shading == 4) {
    v_value = clamp(in_truncated / u_truncated_top, 0.0, 1.0);
  }
}
