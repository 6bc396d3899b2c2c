#version 450 core
in vec4 v_color;
uniform bool u_round_points;
out vec4 out_color;
void main() {
  if (u_round_points && length(gl_PointCoord - vec2(0.5)) > 0.5) discard;
  out_color = v_color;
}
