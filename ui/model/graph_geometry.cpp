#include "anim/ui/model/graph_geometry.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

#include <glm/geometric.hpp>

namespace anim::ui {
namespace {

// Quarter turn clockwise on screen (y down): (1, 0) becomes (0, 1).
glm::vec2 clockwise(const glm::vec2& v) { return glm::vec2(-v.y, v.x); }

Box grown(const Box& box, float by) {
  return Box{box.min - glm::vec2(by), box.max + glm::vec2(by)};
}

// The parameter in [lo, hi] where `inside` changes its answer, assuming it does so once there;
// by bisection.
template <class Inside>
float crossing(float lo, float hi, Inside inside) {
  const bool start = inside(lo);
  for (int i = 0; i < 24; ++i) {
    const float mid = (lo + hi) * 0.5f;
    (inside(mid) == start ? lo : hi) = mid;
  }
  return (lo + hi) * 0.5f;
}

// `c` cut where it first leaves `from` and where it last enters `to`; `c` itself when the
// boxes overlap so much that no part lies between them.
Curve clip_to_rims(const Curve& c, const Box& from, const Box& to) {
  constexpr int kSamples = 64;
  const auto step = [](int i) { return static_cast<float>(i) / kSamples; };
  float t0 = 0.0f, t1 = 1.0f;
  for (int i = 1; i <= kSamples; ++i) {
    if (!from.contains(c.at(step(i)))) {
      if (from.contains(c.at(0.0f))) {
        t0 = crossing(step(i - 1), step(i), [&](float t) { return from.contains(c.at(t)); });
      }
      break;
    }
  }
  for (int i = kSamples - 1; i >= 0; --i) {
    if (!to.contains(c.at(step(i)))) {
      if (to.contains(c.at(1.0f))) {
        t1 = crossing(step(i), step(i + 1), [&](float t) { return to.contains(c.at(t)); });
      }
      break;
    }
  }
  return t1 > t0 ? sub_curve(c, t0, t1) : c;
}

}  // namespace

bool boxes_touch(const Box& a, const Box& b) {
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}

Box box_from_corners(const glm::vec2& a, const glm::vec2& b) {
  return Box{glm::min(a, b), glm::max(a, b)};
}

Box bounding_box(const std::vector<Box>& boxes) {
  if (boxes.empty()) return Box{};
  Box out = boxes.front();
  for (const Box& b : boxes) {
    out.min = glm::min(out.min, b.min);
    out.max = glm::max(out.max, b.max);
  }
  return out;
}

bool segment_crosses_box(const glm::vec2& a, const glm::vec2& b, const Box& box) {
  // Slabs: the part of the segment between each pair of the box's parallel edges.
  float lo = 0.0f, hi = 1.0f;
  for (int axis = 0; axis < 2; ++axis) {
    const float d = b[axis] - a[axis];
    if (d == 0.0f) {
      if (a[axis] < box.min[axis] || a[axis] > box.max[axis]) return false;
      continue;
    }
    float enter = (box.min[axis] - a[axis]) / d, leave = (box.max[axis] - a[axis]) / d;
    if (enter > leave) std::swap(enter, leave);
    lo = std::max(lo, enter);
    hi = std::min(hi, leave);
    if (lo > hi) return false;
  }
  return true;
}

GraphView zoom_about(const GraphView& view, const glm::vec2& fixed, float zoom) {
  GraphView out;
  out.zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
  out.pan = fixed - view.to_graph(fixed) * out.zoom;
  return out;
}

GraphView frame_bounds(const Box& bounds, const glm::vec2& area, float margin) {
  const glm::vec2 size = bounds.max - bounds.min;
  const glm::vec2 room = glm::max(area - glm::vec2(2.0f * margin), glm::vec2(1.0f));
  const float inf = std::numeric_limits<float>::infinity();
  const float fit =
      std::min(size.x > 0.0f ? room.x / size.x : inf, size.y > 0.0f ? room.y / size.y : inf);
  GraphView out;
  out.zoom = std::clamp(fit, kMinZoom, 1.0f);
  out.pan = area * 0.5f - bounds.centre() * out.zoom;
  return out;
}

GraphView frame_readable(const Box& bounds, const glm::vec2& area, float margin) {
  GraphView out = frame_bounds(bounds, area, margin);
  if (out.zoom >= 1.0f) return out;
  out.zoom = 1.0f;
  const glm::vec2 size = bounds.max - bounds.min;
  for (int axis = 0; axis < 2; ++axis) {
    out.pan[axis] = size[axis] + 2.0f * margin <= area[axis]
                        ? area[axis] * 0.5f - bounds.centre()[axis]
                        : margin - bounds.min[axis];
  }
  return out;
}

glm::vec2 Curve::at(float t) const {
  const float s = 1.0f - t;
  return p0 * (s * s) + p1 * (2.0f * s * t) + p2 * (t * t);
}

glm::vec2 Curve::tangent(float t) const {
  return (p1 - p0) * (2.0f * (1.0f - t)) + (p2 - p1) * (2.0f * t);
}

Curve sub_curve(const Curve& c, float t0, float t1) {
  // The blossom of the curve: its control points over [t0, t1] are f(t0, t0), f(t0, t1) and
  // f(t1, t1).
  const auto blossom = [&](float u, float v) {
    return c.p0 * ((1.0f - u) * (1.0f - v)) + c.p1 * ((1.0f - u) * v + u * (1.0f - v)) +
           c.p2 * (u * v);
  };
  return Curve{blossom(t0, t0), blossom(t0, t1), blossom(t1, t1)};
}

float distance_to_curve(const Curve& c, const glm::vec2& p) {
  // The nearest of a few samples, then a golden-section search between its neighbours: the
  // squared distance has one minimum that close.
  constexpr int kSamples = 32;
  const auto squared = [&](float t) {
    const glm::vec2 d = c.at(t) - p;
    return glm::dot(d, d);
  };
  int best = 0;
  for (int i = 1; i <= kSamples; ++i) {
    if (squared(static_cast<float>(i) / kSamples) < squared(static_cast<float>(best) / kSamples)) {
      best = i;
    }
  }
  float lo = static_cast<float>(std::max(best - 1, 0)) / kSamples;
  float hi = static_cast<float>(std::min(best + 1, kSamples)) / kSamples;
  constexpr float kGolden = 0.618034f;
  float a = hi - (hi - lo) * kGolden, b = lo + (hi - lo) * kGolden;
  float fa = squared(a), fb = squared(b);
  for (int i = 0; i < 40; ++i) {
    if (fa < fb) {
      hi = b;
      b = a;
      fb = fa;
      a = hi - (hi - lo) * kGolden;
      fa = squared(a);
    } else {
      lo = a;
      a = b;
      fa = fb;
      b = lo + (hi - lo) * kGolden;
      fb = squared(b);
    }
  }
  const float nearest = std::min({fa, fb, squared(static_cast<float>(best) / kSamples)});
  return std::sqrt(nearest);
}

bool curve_crosses_box(const Curve& c, const Box& box) {
  // The curve lies inside the triangle of its control points: most boxes are nowhere near it.
  const Box hull{glm::min(glm::min(c.p0, c.p1), c.p2), glm::max(glm::max(c.p0, c.p1), c.p2)};
  if (!boxes_touch(hull, box)) return false;
  constexpr int kSegments = 48;
  glm::vec2 previous = c.p0;
  for (int i = 1; i <= kSegments; ++i) {
    const glm::vec2 next = c.at(static_cast<float>(i) / kSegments);
    if (segment_crosses_box(previous, next, box)) return true;
    previous = next;
  }
  return false;
}

float lane_offset(int k, int count, bool reverse, float spacing) {
  if (reverse) return spacing * (static_cast<float>(k) + 0.5f);
  return spacing * (static_cast<float>(k) - static_cast<float>(count - 1) * 0.5f);
}

bool segments_cross(const Segment& p, const Segment& q) {
  // Which side of a line a point is on: the sign of a cross product.
  const auto turn = [](const glm::vec2& o, const glm::vec2& a, const glm::vec2& b) {
    const float cross = (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
    return cross > 0.0f ? 1 : cross < 0.0f ? -1 : 0;
  };
  const auto within = [](const Segment& s, const glm::vec2& point) {  // For collinear points.
    return box_from_corners(s.a, s.b).contains(point);
  };
  const int d1 = turn(q.a, q.b, p.a), d2 = turn(q.a, q.b, p.b);
  const int d3 = turn(p.a, p.b, q.a), d4 = turn(p.a, p.b, q.b);
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  return (d1 == 0 && within(q, p.a)) || (d2 == 0 && within(q, p.b)) ||
         (d3 == 0 && within(p, q.a)) || (d4 == 0 && within(p, q.b));
}

namespace {

// How many of `lines` the curve crosses, along the same polyline as curve_crosses_box.
int crossings(const Curve& c, const std::vector<Segment>& lines) {
  constexpr int kSegments = 48;
  const Box hull{glm::min(glm::min(c.p0, c.p1), c.p2), glm::max(glm::max(c.p0, c.p1), c.p2)};
  int count = 0;
  for (const Segment& line : lines) {
    if (!boxes_touch(hull, box_from_corners(line.a, line.b))) continue;
    glm::vec2 previous = c.p0;
    for (int i = 1; i <= kSegments; ++i) {
      const glm::vec2 next = c.at(static_cast<float>(i) / kSegments);
      if (segments_cross(Segment{previous, next}, line)) {
        ++count;
        break;
      }
      previous = next;
    }
  }
  return count;
}

}  // namespace

Curve route_edge(const Box& from, const Box& to, float offset, const std::vector<Box>& obstacles,
                 float clearance, const std::vector<Segment>& avoid) {
  const glm::vec2 a = from.centre(), b = to.centre();
  const float length = glm::distance(a, b);
  if (length < 1e-4f) return Curve{a, a, b};
  const glm::vec2 side = clockwise((b - a) / length);
  const glm::vec2 mid = (a + b) * 0.5f;
  // A quadratic's midpoint lies halfway between its chord's midpoint and its control point.
  const auto shifted = [&](float shift) {
    return clip_to_rims(Curve{a, mid + side * (2.0f * shift), b}, from, to);
  };
  const auto clear = [&](const Curve& c) {
    return std::none_of(obstacles.begin(), obstacles.end(),
                        [&](const Box& o) { return curve_crosses_box(c, grown(o, clearance)); });
  };
  const Curve plain = shifted(offset);
  if (clear(plain)) return plain;

  float sign = offset > 0.0f ? 1.0f : -1.0f;
  if (offset == 0.0f) {  // Away from the boxes in the way.
    float towards = 0.0f;
    for (const Box& o : obstacles) {
      if (curve_crosses_box(plain, grown(o, clearance)))
        towards += glm::dot(o.centre() - mid, side);
    }
    sign = towards > 0.0f ? -1.0f : 1.0f;
  }
  // The least clearing bend on each side, the preferred side first: in steps of 6 up to 60,
  // then 15% more each time (a large bend needs no fine step, and each try costs).
  const auto next_bend = [](float bend) { return bend < 60.0f ? bend + 6.0f : bend * 1.15f; };
  const float reach = 3.0f * length;
  std::optional<Curve> best;
  int best_crossings = 0;
  float best_bend = 0.0f;
  for (const float s : {sign, -sign}) {
    for (float bend = 6.0f; bend <= reach; bend = next_bend(bend)) {
      const Curve c = shifted(offset + s * bend);
      if (!clear(c)) continue;
      const int crossed = crossings(c, avoid);
      if (!best || crossed < best_crossings || (crossed == best_crossings && bend < best_bend)) {
        best = c;
        best_crossings = crossed;
        best_bend = bend;
      }
      break;
    }
  }
  return best ? *best : plain;
}

Curve self_loop(const Box& box, int k) {
  const float half_width = 14.0f + 8.0f * static_cast<float>(k);
  const float height = 56.0f + 24.0f * static_cast<float>(k);
  const glm::vec2 top(box.centre().x, box.min.y);
  return Curve{top - glm::vec2(half_width, 0.0f), top - glm::vec2(0.0f, height),
               top + glm::vec2(half_width, 0.0f)};
}

glm::vec2 bend_side(const Curve& c) {
  const glm::vec2 chord = c.p2 - c.p0;
  const float length = glm::length(chord);
  if (length < 1e-6f) return glm::vec2(0.0f, -1.0f);
  const glm::vec2 side = clockwise(chord / length);
  return glm::dot(c.p1 - (c.p0 + c.p2) * 0.5f, side) < -1e-4f ? -side : side;
}

glm::vec2 place_label(const Curve& c, const glm::vec2& half, float gap,
                      const std::vector<Box>& taken) {
  const glm::vec2 side = bend_side(c);
  const float away = std::fabs(side.x) * half.x + std::fabs(side.y) * half.y + gap;
  const auto beside = [&](float t) { return c.at(t) + side * away; };
  const auto clear = [&](const glm::vec2& centre) {
    const Box label{centre - half, centre + half};
    return std::none_of(taken.begin(), taken.end(), [&](const Box& other) {
      return label.min.x < other.max.x && other.min.x < label.max.x && label.min.y < other.max.y &&
             other.min.y < label.max.y;
    });
  };
  for (int step = 0; step <= 5; ++step) {
    for (const float t :
         {0.5f - 0.08f * static_cast<float>(step), 0.5f + 0.08f * static_cast<float>(step)}) {
      if (clear(beside(t))) return beside(t);
    }
  }
  return beside(0.5f);
}

}  // namespace anim::ui
