#version 450 core
// Overlay lines and points: grid, skeleton, joint axes.
layout(location = 0) in vec3 in_position;
layout(location = 1) in vec4 in_color;
uniform mat4 u_view_projection;
uniform float u_point_size;
out vec4 v_color;
void main() {
  v_color = in_color;
  gl_Position = u_view_projection * vec4(in_position, 1.0);
  gl_PointSize = u_point_size;
}
