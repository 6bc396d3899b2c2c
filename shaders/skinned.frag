#version 450 core
// Simple lit shading (key light, sky/ground fill, rim) or a data colour (the dominant joint's, or
// the ramp's at the vertex shader's value), lit softly so the shape still reads, or unlit.

in vec3 v_normal;
in vec3 v_world;
in vec3 v_debug_color;
in float v_value;

uniform int u_shading;
uniform vec3 u_base_color;
uniform vec3 u_camera_position;
// The ramp of the data shadings: evenly spaced stops, as ui::ramp_color evaluates them.
uniform vec3 u_ramp[9];
uniform int u_ramp_stops;
uniform vec3 u_no_data_color;  // Weight exactly 0 / nothing truncated.
uniform bool u_unlit;          // Data colours exactly as the ramp gives them.

out vec4 out_color;

vec3 ramp(float t) {
  float x = clamp(t, 0.0, 1.0) * float(u_ramp_stops - 1);
  int i = min(int(x), u_ramp_stops - 2);
  return mix(u_ramp[i], u_ramp[i + 1], x - float(i));
}

vec3 data_color() {
  if (u_shading == 2) return v_debug_color;
  if (v_value < 0.0) return vec3(0.3);  // Unskinned, in the influence count.
  if (v_value <= 0.0) return u_no_data_color;
  return ramp(v_value);
}

void main() {
  vec3 n = normalize(v_normal);
  vec3 view = normalize(u_camera_position - v_world);
  if (dot(n, view) < 0.0) n = -n;  // Show back faces of open meshes lit, not black.
  vec3 key = normalize(vec3(0.45, 0.8, 0.55));
  float diffuse = max(dot(n, key), 0.0);
  float hemi = 0.5 + 0.5 * n.y;
  float rim = pow(1.0 - max(dot(n, view), 0.0), 3.0);
  if (u_shading == 0) {
    vec3 ambient = mix(vec3(0.18, 0.16, 0.15), vec3(0.32, 0.36, 0.42), hemi);
    vec3 color = u_base_color * (ambient + vec3(1.0, 0.97, 0.92) * diffuse * 0.85) + rim * 0.15;
    out_color = vec4(pow(color, vec3(1.0 / 2.2)), 1.0);
  } else if (u_unlit) {
    out_color = vec4(data_color(), 1.0);
  } else {
    float light = 0.55 + 0.45 * diffuse;
    out_color = vec4(data_color() * light + rim * 0.08, 1.0);
  }
}
