#pragma once
// Closed tubes around straight axes, the building block of the demo body: rings of vertices
// whose cross-sections follow a smooth profile, closed at both ends by rounded caps.
#include <cstdint>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

namespace anim::demo {

// The cross-section at distance `h` along a tube's axis: a (super)ellipse with radii `ru` and
// `rv` along the tube's u and v directions, its centre moved by `offset` (u, v) off the axis.
struct TubeStation {
  float h = 0.0f;
  float ru = 0.0f;
  float rv = 0.0f;
  glm::vec2 offset{0.0f};
};

struct TubeDesc {
  glm::vec3 origin{0.0f};
  glm::vec3 axis{0.0f, 1.0f, 0.0f};   // Unit; h grows along it.
  glm::vec3 u{1.0f, 0.0f, 0.0f};      // Unit, perpendicular to axis; v = cross(axis, u).
  std::vector<TubeStation> stations;  // At least two, h strictly increasing.
  float cap_start = 0.02f;            // Length (> 0) of the rounded end before the first station.
  float cap_end = 0.02f;              // Likewise after the last station.
  int segments = 16;                  // Vertices per ring, at least 3.
  float ring_spacing = 0.02f;         // Largest axial distance between rings between the stations.
  float exponent = 2.0f;              // Cross-section shape: 2 is an ellipse, larger is boxier.
};

// A tube vertex before skinning. `h` (position along the axis) lets the caller weight it.
struct TubeVertex {
  glm::vec3 position{0.0f};
  glm::vec3 normal{0.0f};
  glm::vec2 uv{0.0f};  // Around the tube, along the tube; both in [0, 1].
  float h = 0.0f;
};

// A closed, consistently oriented surface: triangles wind counter-clockwise seen from outside,
// every edge is shared by exactly two triangles, normals are smooth (area-weighted face normals).
struct TubeGeometry {
  std::vector<TubeVertex> vertices;
  std::vector<uint32_t> indices;
};

TubeGeometry build_tube(const TubeDesc& desc);

// The cross-section at `h`, interpolated smoothly (cubic Hermite, flat at both ends) between
// stations and held beyond them. Exposed for tests.
TubeStation profile_at(const std::vector<TubeStation>& stations, float h);

}  // namespace anim::demo
