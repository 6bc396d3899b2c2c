#include "anim/blend_space_2d.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <limits>

#include "anim/cycle_time.h"
#include "anim/soa_blending.h"
#include "index_checks.h"

namespace anim {
namespace {

using detail::index_in;

using Triangle = std::array<int, 3>;

// Twice the signed area of abc, > 0 when counter-clockwise. In double: the differences of floats
// and their products are then exact for any sensible layout, so only the final subtraction
// rounds and the sign of nearly collinear points comes out right.
double orient(Point2 a, Point2 b, Point2 c) {
  return (double{b.x} - a.x) * (double{c.y} - a.y) - (double{b.y} - a.y) * (double{c.x} - a.x);
}

// Whether d lies inside the circle through the counter-clockwise a, b, c, by more than rounding:
// points on the circle (the four corners of a grid cell) count as outside, so that flipping
// between two equally good diagonals never starts.
bool inside_circle(Point2 a, Point2 b, Point2 c, Point2 d) {
  const double adx = double{a.x} - d.x, ady = double{a.y} - d.y;
  const double bdx = double{b.x} - d.x, bdy = double{b.y} - d.y;
  const double cdx = double{c.x} - d.x, cdy = double{c.y} - d.y;
  const double ad = adx * adx + ady * ady;
  const double bd = bdx * bdx + bdy * bdy;
  const double cd = cdx * cdx + cdy * cdy;
  const double det =
      ad * (bdx * cdy - cdx * bdy) + bd * (cdx * ady - adx * cdy) + cd * (adx * bdy - bdx * ady);
  const double scale = ad * (std::fabs(bdx * cdy) + std::fabs(cdx * bdy)) +
                       bd * (std::fabs(cdx * ady) + std::fabs(adx * cdy)) +
                       cd * (std::fabs(adx * bdy) + std::fabs(bdx * ady));
  return det > 1e-12 * scale;
}

// Indices of the finite points sorted by x, then y; of equal points only the first is kept.
// Sorting only finite values keeps the comparison a strict weak order.
std::vector<int> sorted_distinct(Span<const Point2> points) {
  std::vector<int> order;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (std::isfinite(points[i].x) && std::isfinite(points[i].y)) {
      order.push_back(static_cast<int>(i));
    }
  }
  std::sort(order.begin(), order.end(), [&points](int a, int b) {
    const Point2 p = points[a], q = points[b];
    if (p.x != q.x) return p.x < q.x;
    if (p.y != q.y) return p.y < q.y;
    return a < b;
  });
  const auto same = [&points](int a, int b) {
    return points[a].x == points[b].x && points[a].y == points[b].y;
  };
  order.erase(std::unique(order.begin(), order.end(), same), order.end());
  return order;
}

// Adds point p, beyond the current hull (it comes later in x, y order than every point so far),
// with a triangle on each hull edge it sees; `hull` stays counter-clockwise.
void add_beyond_hull(Span<const Point2> points, int p, std::vector<int>& hull,
                     std::vector<Triangle>& triangles) {
  const int n = static_cast<int>(hull.size());
  const auto visible = [&](int i) {
    return orient(points[hull[i]], points[hull[(i + 1) % n]], points[p]) < 0.0;
  };
  // A convex hull shows a point outside it one contiguous run of edges: find where it starts.
  int first = -1;
  for (int i = 0; i < n && first < 0; ++i) {
    if (visible(i) && !visible((i + n - 1) % n)) first = i;
  }
  if (first < 0) return;  // Only rounding can hide every edge: the point is left out.
  int last = first;
  for (int k = 1; k < n && visible((last + 1) % n); ++k) last = (last + 1) % n;
  for (int i = first;; i = (i + 1) % n) {
    triangles.push_back({hull[(i + 1) % n], hull[i], p});
    if (i == last) break;
  }
  // The vertices inside the visible run are now interior: walk from its end round to its start.
  std::vector<int> next;
  for (int i = (last + 1) % n;; i = (i + 1) % n) {
    next.push_back(hull[i]);
    if (i == first) break;
  }
  next.push_back(p);
  hull.swap(next);
}

// Any triangulation of the points' convex hull, built by sweeping them in x, y order.
std::vector<Triangle> sweep_triangulation(Span<const Point2> points) {
  const std::vector<int> order = sorted_distinct(points);
  const std::size_t n = order.size();
  std::size_t apex = 2;  // The first point off the line through the first two.
  while (apex < n && orient(points[order[0]], points[order[1]], points[order[apex]]) == 0.0) {
    ++apex;
  }
  if (apex >= n) return {};
  // The points before the apex lie on one line in order: a fan of triangles from the apex.
  std::vector<Triangle> triangles;
  for (std::size_t i = 0; i + 1 < apex; ++i) {
    const int a = order[i], b = order[i + 1], c = order[apex];
    triangles.push_back(orient(points[a], points[b], points[c]) > 0.0 ? Triangle{a, b, c}
                                                                      : Triangle{b, a, c});
  }
  std::vector<int> hull(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(apex));
  if (orient(points[order[0]], points[order[1]], points[order[apex]]) < 0.0) {
    std::reverse(hull.begin(), hull.end());
  }
  hull.push_back(order[apex]);
  for (std::size_t i = apex + 1; i < n; ++i) add_beyond_hull(points, order[i], hull, triangles);
  return triangles;
}

// Lawson's flips: while an edge has the far corner of its neighbour inside its triangle's
// circumcircle, swap the diagonal of the pair. That ends (each flip lifts the triangulation
// strictly lower on the paraboloid), and with no edge left to flip the triangulation is
// Delaunay. The flip budget only guards against rounding playing ping-pong.
void flip_to_delaunay(Span<const Point2> points, std::vector<Triangle>& triangles) {
  const std::size_t count = triangles.size();
  const std::size_t budget = 16 * count * count + 64;
  std::size_t flips = 0;
  bool changed = true;
  while (changed && flips < budget) {
    changed = false;
    for (std::size_t t = 0; t < count; ++t) {
      for (int e = 0; e < 3; ++e) {
        const int a = triangles[t][e], b = triangles[t][(e + 1) % 3], c = triangles[t][(e + 2) % 3];
        // The neighbour across a-b runs along it the other way: b then a, then its far corner d.
        std::size_t u = count;
        int d = -1;
        for (std::size_t k = 0; k < count && u == count; ++k) {
          for (int f = 0; f < 3; ++f) {
            if (k != t && triangles[k][f] == b && triangles[k][(f + 1) % 3] == a) {
              u = k;
              d = triangles[k][(f + 2) % 3];
            }
          }
        }
        if (u == count || !inside_circle(points[a], points[b], points[c], points[d])) continue;
        // Exactly, d inside the circle makes a-d-b-c convex; check so rounding cannot fold it.
        if (!(orient(points[c], points[a], points[d]) > 0.0) ||
            !(orient(points[d], points[b], points[c]) > 0.0)) {
          continue;
        }
        triangles[t] = {c, a, d};
        triangles[u] = {d, b, c};
        changed = true;
        ++flips;
        break;  // triangles[t] is a new triangle; the next pass looks at its edges.
      }
    }
  }
}

// Appends `point` at `weight` when it contributes.
void add_weight(BlendSpace2DWeights& w, int point, double weight) {
  const float f = static_cast<float>(weight);
  if (!(f > 0.0f) || w.count >= 3) return;  // Also a weight too small for a float.
  w.points[w.count] = point;
  w.weights[w.count] = f;
  ++w.count;
}

// The weights of the corners of one triangle or edge (`count` of them, weights >= 0 up to
// rounding), normalized to sum 1 with the zero ones dropped.
BlendSpace2DWeights normalized(const int* points, const double* weights, int count) {
  double total = 0.0;
  for (int i = 0; i < count; ++i) total += std::max(weights[i], 0.0);
  BlendSpace2DWeights w;
  if (!(total > 0.0)) {
    add_weight(w, points[0], 1.0);
    return w;
  }
  for (int i = 0; i < count; ++i) add_weight(w, points[i], std::max(weights[i], 0.0) / total);
  return w;
}

// A parameter the geometry can use: NaN as 0, infinities as the largest finite float (the
// arithmetic below is in double, where its square still fits).
float usable(float v) {
  if (std::isnan(v)) return 0.0f;
  return std::clamp(v, -FLT_MAX, FLT_MAX);
}

}  // namespace

std::vector<std::array<int, 3>> delaunay_triangles(Span<const Point2> points) {
  std::vector<Triangle> triangles = sweep_triangulation(points);
  flip_to_delaunay(points, triangles);
  // Canonical form: each triangle from its smallest index (a rotation keeps it
  // counter-clockwise), then the list sorted.
  for (Triangle& t : triangles) {
    std::rotate(t.begin(), std::min_element(t.begin(), t.end()), t.end());
  }
  std::sort(triangles.begin(), triangles.end());
  return triangles;
}

void prepare_blend_space_2d(BlendSpace2DDef& space) {
  space.triangles = delaunay_triangles(space.positions);
  space.hull_edges.clear();
  if (space.triangles.empty()) {
    // One line at most: the segments between neighbours along it (x, y order follows the line).
    const std::vector<int> order = sorted_distinct(space.positions);
    for (std::size_t i = 0; i + 1 < order.size(); ++i) {
      space.hull_edges.push_back({order[i], order[i + 1]});
    }
    return;
  }
  // An edge is on the boundary when no other triangle runs along it the other way.
  for (const Triangle& t : space.triangles) {
    for (int e = 0; e < 3; ++e) {
      const int a = t[e], b = t[(e + 1) % 3];
      bool shared = false;
      for (const Triangle& u : space.triangles) {
        for (int f = 0; f < 3; ++f) shared = shared || (u[f] == b && u[(f + 1) % 3] == a);
      }
      if (!shared) space.hull_edges.push_back({a, b});
    }
  }
}

BlendSpace2DWeights blend_space_2d_weights(const BlendSpace2DDef& space, Point2 value) {
  const std::size_t n = space.positions.size();
  if (n == 0) return {};
  const Point2 v{usable(value.x), usable(value.y)};
  const Point2* p = space.positions.data();

  // The triangle whose smallest barycentric coordinate is largest: the one holding v when any
  // does (on a shared edge both give the same weights; the first is kept). Coordinates are
  // taken from the triangle's first corner, so that a far-away v (up to the largest float)
  // still gives their signs right: no product of two huge coordinates is ever subtracted.
  double best_min = -std::numeric_limits<double>::infinity();
  int best[3] = {0, 0, 0};
  double best_weights[3] = {1.0, 0.0, 0.0};
  for (const Triangle& t : space.triangles) {
    if (!index_in(t[0], n) || !index_in(t[1], n) || !index_in(t[2], n)) continue;
    const Point2 a = p[t[0]];
    const double bx = double{p[t[1]].x} - a.x, by = double{p[t[1]].y} - a.y;
    const double cx = double{p[t[2]].x} - a.x, cy = double{p[t[2]].y} - a.y;
    const double vx = double{v.x} - a.x, vy = double{v.y} - a.y;
    const double area = bx * cy - by * cx;
    if (!(area > 0.0)) continue;
    const double wb = (vx * cy - vy * cx) / area;
    const double wc = (bx * vy - by * vx) / area;
    const double w[3] = {1.0 - wb - wc, wb, wc};
    const double lowest = std::min({w[0], w[1], w[2]});
    if (lowest > best_min) {
      best_min = lowest;
      std::copy(t.begin(), t.end(), best);
      std::copy(w, w + 3, best_weights);
    }
  }
  // Inside, up to rounding: what is left slightly negative goes to 0 (a change of 1e-7 at most).
  if (best_min >= -1e-7) return normalized(best, best_weights, 3);

  // Outside (or no triangles): the closest point on the boundary, between an edge's two ends.
  // Candidates q are compared by |q - o|^2 - 2 (v - o).(q - o), which is |v - q|^2 less a term
  // the same for all: unlike |v - q|^2 itself it still tells them apart when v is far away.
  double best_score = std::numeric_limits<double>::infinity();
  int ends[2] = {0, 0};
  double end_weights[2] = {1.0, 0.0};
  const bool has_origin = !space.hull_edges.empty() && index_in(space.hull_edges[0][0], n);
  const Point2 o = has_origin ? p[space.hull_edges[0][0]] : v;
  for (const std::array<int, 2>& edge : space.hull_edges) {
    if (!index_in(edge[0], n) || !index_in(edge[1], n)) continue;
    const Point2 a = p[edge[0]], b = p[edge[1]];
    const double ex = double{b.x} - a.x, ey = double{b.y} - a.y;
    const double vx = double{v.x} - a.x, vy = double{v.y} - a.y;
    const double length2 = ex * ex + ey * ey;
    const double t = length2 > 0.0 ? std::clamp((vx * ex + vy * ey) / length2, 0.0, 1.0) : 0.0;
    const double qx = double{a.x} - o.x + t * ex, qy = double{a.y} - o.y + t * ey;
    const double score =
        qx * qx + qy * qy - 2.0 * ((double{v.x} - o.x) * qx + (double{v.y} - o.y) * qy);
    if (score < best_score) {
      best_score = score;
      ends[0] = edge[0];
      ends[1] = edge[1];
      end_weights[0] = 1.0 - t;
      end_weights[1] = t;
    }
  }
  // With no edge at all (one point, or a space never prepared), ends[0] is point 0 alone.
  return normalized(ends, end_weights, 2);
}

float blend_space_2d_phase_rate(const BlendSpace2DDef& space, const ClipSet& clips,
                                const BlendSpace2DWeights& weights) {
  if (weights.count < 1 || weights.count > 3) return 0.0f;
  float rate = 0.0f;
  for (int i = 0; i < weights.count; ++i) {
    if (!index_in(weights.points[i], space.clips.size())) return 0.0f;
    const int clip = space.clips[weights.points[i]];
    if (!index_in(clip, clips.size())) return 0.0f;
    rate += weights.weights[i] * cycles_per_second(clips.duration(clip));
  }
  return rate;
}

namespace {

// What BlendSpace2DSampler checks besides its clips' sampling jobs.
bool points_fit(const BlendSpace2DSampler& job) {
  if (job.space == nullptr) return false;
  const BlendSpace2DWeights& weights = job.weights;
  const int count = weights.count;
  if (count < 1 || count > 3) return false;
  if (!job.phases.empty()) {
    if (job.phases.size() != static_cast<std::size_t>(count)) return false;
    for (float p : job.phases) {
      if (!(p >= 0.0f && p <= 1.0f)) return false;
    }
  }
  // Each point has its own pose: none may overlap another.
  const auto overlap = [](Span<const SoaTransform> a, Span<const SoaTransform> b) {
    return !a.empty() && !b.empty() && a.begin() < b.end() && b.begin() < a.end();
  };
  if (count > 1 && overlap(job.scratch[0], job.output)) return false;
  if (count > 2 && (overlap(job.scratch[1], job.output) || overlap(job.scratch[1], job.scratch[0])))
    return false;
  float total = 0.0f;
  for (int i = 0; i < count; ++i) {
    const float w = weights.weights[i];
    if (!(w >= 0.0f) || !std::isfinite(w)) return false;
    total += w;
    if (!index_in(weights.points[i], job.space->clips.size())) return false;
    if (!index_in(job.space->clips[weights.points[i]], job.clips.size())) return false;
    if (job.cursors[i] == nullptr) return false;
  }
  return total > 0.0f && std::isfinite(total);
}

// The sampling job of the i-th point: the first into `output`, the others into the scratch.
ClipSamplingJob point_job(const BlendSpace2DSampler& job, int i) {
  const std::size_t clip = static_cast<std::size_t>(job.space->clips[job.weights.points[i]]);
  const Span<SoaTransform> into = i == 0 ? job.output : job.scratch[i - 1];
  const float phase = job.phases.empty() ? job.phase : job.phases[static_cast<std::size_t>(i)];
  return ClipSamplingJob{job.clips,      clip,     phase * job.clips.duration(clip),
                         job.cursors[i], job.rest, into};
}

}  // namespace

bool BlendSpace2DSampler::validate() const {
  if (!points_fit(*this)) return false;
  for (int i = 0; i < weights.count; ++i) {
    if (!point_job(*this, i).validate()) return false;
  }
  return true;
}

bool BlendSpace2DSampler::run() const {
  if (!points_fit(*this)) return false;
  const int count = weights.count;
  // The last point first, so that `output` (the first's) is written only once every other
  // sampling job (each checking itself as it runs) got past its checks.
  SoaBlendLayer layers[3];
  for (int i = count - 1; i >= 0; --i) {
    const ClipSamplingJob job = point_job(*this, i);
    if (!job.run()) return false;
    layers[i] = {job.output, weights.weights[i], {}};
  }
  if (count == 1) return true;
  // In place: SoaBlendingJob reads each block whole before it writes it, and divides by the
  // total weight.
  return SoaBlendingJob{Span<const SoaBlendLayer>(layers, static_cast<std::size_t>(count)), rest,
                        output}
      .run();
}

}  // namespace anim
