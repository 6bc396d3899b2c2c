#include "tube_mesh.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include <glm/geometric.hpp>

#include "shaping.h"

namespace anim::demo {
namespace {

// One ring of the tube: its cross-section, how far the cap has shrunk it, and where it lies.
struct RingSpec {
  float h;
  TubeStation section;
  float scale;  // 1 along the body; cos of the cap angle on the caps; 0 is a pole.
};

// Slopes of the profile at the stations (per unit of h): centred differences inside, flat ends
// so the caps meet the body without a crease.
std::vector<TubeStation> station_slopes(const std::vector<TubeStation>& s) {
  std::vector<TubeStation> slopes(s.size());
  for (std::size_t i = 1; i + 1 < s.size(); ++i) {
    const float dh = s[i + 1].h - s[i - 1].h;
    slopes[i].ru = (s[i + 1].ru - s[i - 1].ru) / dh;
    slopes[i].rv = (s[i + 1].rv - s[i - 1].rv) / dh;
    slopes[i].offset = (s[i + 1].offset - s[i - 1].offset) / dh;
  }
  return slopes;
}

float sign_power(float x, float power) { return std::copysign(std::pow(std::fabs(x), power), x); }

std::vector<RingSpec> ring_specs(const TubeDesc& desc, int cap_rings) {
  const TubeStation& first = desc.stations.front();
  const TubeStation& last = desc.stations.back();
  std::vector<RingSpec> rings;
  rings.push_back({first.h - desc.cap_start, first, 0.0f});
  for (int k = cap_rings - 1; k >= 1; --k) {
    const float angle = 0.5f * kPi * static_cast<float>(k) / static_cast<float>(cap_rings);
    rings.push_back({first.h - desc.cap_start * std::sin(angle), first, std::cos(angle)});
  }
  const float length = last.h - first.h;
  const int spans = std::max(1, static_cast<int>(std::ceil(length / desc.ring_spacing)));
  for (int i = 0; i <= spans; ++i) {
    const float h = first.h + length * static_cast<float>(i) / static_cast<float>(spans);
    rings.push_back({h, profile_at(desc.stations, h), 1.0f});
  }
  for (int k = 1; k < cap_rings; ++k) {
    const float angle = 0.5f * kPi * static_cast<float>(k) / static_cast<float>(cap_rings);
    rings.push_back({last.h + desc.cap_end * std::sin(angle), last, std::cos(angle)});
  }
  rings.push_back({last.h + desc.cap_end, last, 0.0f});
  return rings;
}

// Area-weighted face normals summed at each vertex.
void smooth_normals(TubeGeometry* geometry) {
  for (TubeVertex& v : geometry->vertices) v.normal = glm::vec3(0.0f);
  const std::vector<uint32_t>& idx = geometry->indices;
  for (std::size_t t = 0; t + 2 < idx.size(); t += 3) {
    TubeVertex& a = geometry->vertices[idx[t]];
    TubeVertex& b = geometry->vertices[idx[t + 1]];
    TubeVertex& c = geometry->vertices[idx[t + 2]];
    const glm::vec3 n = glm::cross(b.position - a.position, c.position - a.position);
    a.normal += n;
    b.normal += n;
    c.normal += n;
  }
  for (TubeVertex& v : geometry->vertices) v.normal = glm::normalize(v.normal);
}

}  // namespace

TubeStation profile_at(const std::vector<TubeStation>& stations, float h) {
  if (h <= stations.front().h) return stations.front();
  if (h >= stations.back().h) return stations.back();
  std::size_t i = 0;
  while (i + 2 < stations.size() && stations[i + 1].h <= h) ++i;
  const TubeStation& a = stations[i];
  const TubeStation& b = stations[i + 1];
  const std::vector<TubeStation> slopes = station_slopes(stations);
  const float dh = b.h - a.h;
  const float t = (h - a.h) / dh;
  const float t2 = t * t, t3 = t2 * t;
  const float h00 = 2 * t3 - 3 * t2 + 1, h10 = t3 - 2 * t2 + t;
  const float h01 = -2 * t3 + 3 * t2, h11 = t3 - t2;
  TubeStation out;
  out.h = h;
  out.ru = h00 * a.ru + h10 * dh * slopes[i].ru + h01 * b.ru + h11 * dh * slopes[i + 1].ru;
  out.rv = h00 * a.rv + h10 * dh * slopes[i].rv + h01 * b.rv + h11 * dh * slopes[i + 1].rv;
  out.offset = h00 * a.offset + h10 * dh * slopes[i].offset + h01 * b.offset +
               h11 * dh * slopes[i + 1].offset;
  return out;
}

TubeGeometry build_tube(const TubeDesc& desc) {
  assert(desc.stations.size() >= 2 && desc.segments >= 3);
  const int segments = desc.segments;
  const int cap_rings = std::max(3, segments / 4);
  const glm::vec3 w = glm::normalize(desc.axis);
  const glm::vec3 u = glm::normalize(desc.u);
  const glm::vec3 v = glm::cross(w, u);
  const float power = 2.0f / desc.exponent;
  const std::vector<RingSpec> rings = ring_specs(desc, cap_rings);
  const float h_min = rings.front().h, h_span = rings.back().h - h_min;

  TubeGeometry g;
  auto add_vertex = [&](const RingSpec& ring, float cu, float cv, float around) {
    TubeVertex vertex;
    const TubeStation& s = ring.section;
    vertex.position = desc.origin + w * ring.h + u * (s.offset.x + s.ru * ring.scale * cu) +
                      v * (s.offset.y + s.rv * ring.scale * cv);
    vertex.h = ring.h;
    vertex.uv = glm::vec2(around, (ring.h - h_min) / h_span);
    g.vertices.push_back(vertex);
  };

  // Layout: start pole, the rings of `segments` vertices each, end pole.
  add_vertex(rings.front(), 0.0f, 0.0f, 0.5f);
  for (std::size_t r = 1; r + 1 < rings.size(); ++r) {
    for (int k = 0; k < segments; ++k) {
      const float angle = 2.0f * kPi * static_cast<float>(k) / static_cast<float>(segments);
      add_vertex(rings[r], sign_power(std::cos(angle), power), sign_power(std::sin(angle), power),
                 static_cast<float>(k) / static_cast<float>(segments));
    }
  }
  add_vertex(rings.back(), 0.0f, 0.0f, 0.5f);

  const uint32_t ring_count = static_cast<uint32_t>(rings.size() - 2);
  const uint32_t n = static_cast<uint32_t>(segments);
  const uint32_t end_pole = 1 + ring_count * n;
  auto at = [n](uint32_t ring, uint32_t k) { return 1 + ring * n + k % n; };
  // With v = axis x u, angle and axis form a right-handed pair whose cross product points out,
  // so (k, k+1, next ring) is counter-clockwise seen from outside.
  for (uint32_t k = 0; k < n; ++k) {
    g.indices.insert(g.indices.end(), {0u, at(0, k + 1), at(0, k)});
  }
  for (uint32_t r = 0; r + 1 < ring_count; ++r) {
    for (uint32_t k = 0; k < n; ++k) {
      const uint32_t a = at(r, k), b = at(r, k + 1), c = at(r + 1, k + 1), d = at(r + 1, k);
      g.indices.insert(g.indices.end(), {a, b, c, a, c, d});
    }
  }
  for (uint32_t k = 0; k < n; ++k) {
    g.indices.insert(g.indices.end(), {end_pole, at(ring_count - 1, k), at(ring_count - 1, k + 1)});
  }
  smooth_normals(&g);
  return g;
}

}  // namespace anim::demo
