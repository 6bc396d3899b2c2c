#pragma once
// A 2D blend space: clips placed on a plane of two parameters (the locomotion layout: idle at the
// centre, walk forward, back, strafe left and right around it), weighted by the Delaunay triangle
// the parameter point falls in and played in step like the 1D blend space.
#include <array>
#include <string>
#include <vector>

#include "anim/clip.h"
#include "anim/clip_set.h"
#include "anim/span.h"
#include "anim/state_machine_types.h"
#include "anim/transform.h"

namespace anim {

struct Point2 {
  float x = 0, y = 0;
};

struct BlendSpace2DDef {
  std::string name;
  int parameter_x = -1, parameter_y = -1;  // Indices into the state machine's parameters.
  std::vector<int> clips;                  // Clip index of each point.
  std::vector<Point2> positions;           // One per point, no two equal.
  // Filled by prepare_blend_space_2d from `positions`, so that the per-frame weights need no
  // allocation. triangles: indices into positions, counter-clockwise (delaunay_triangles).
  std::vector<std::array<int, 3>> triangles;
  // The boundary the weights fall back to outside the triangles: the edges used by one triangle
  // only, in that triangle's (counter-clockwise) direction. Without triangles (all points on one
  // line) the segments between neighbours along that line instead; empty with one point.
  std::vector<std::array<int, 2>> hull_edges;
  // kMarkers: the heaviest point plays at the state's normalized time and the others at the same
  // place between their sync markers (sync_markers.h).
  SyncMode sync = SyncMode::kNormalized;
};

// Delaunay triangulation of `points`: indices into `points`, each triangle counter-clockwise and
// starting at its smallest index, the list sorted. The same points always give the same list.
// Fewer than three points, or all on one line: no triangles. Points that are not finite are left
// out. Duplicate points are a mistake of the caller (the setup's validation reports them); here
// all but the first of equal points are left out, so it neither crashes nor loops. Where four or
// more points lie on one circle (a grid), the diagonal is the one the construction met first.
// Allocates: run it when a setup is compiled, not per frame.
std::vector<std::array<int, 3>> delaunay_triangles(Span<const Point2> points);

// Fills space.triangles and space.hull_edges from space.positions. Allocates.
void prepare_blend_space_2d(BlendSpace2DDef& space);

// Up to three points and their weights: each in (0, 1], their sum 1. Points of weight 0 are
// dropped, so `count` is the number of clips that contribute: 1 at a point, 2 on an edge or
// outside the hull, 3 inside a triangle. `count` is 0 only for a space without points.
struct BlendSpace2DWeights {
  int count = 0;
  std::array<int, 3> points{};     // Indices into the space's positions (and clips).
  std::array<float, 3> weights{};  // Of points[i], for i < count.
};

// Weights of the space's points at parameter `value`, on a prepared space: inside a triangle the
// barycentric coordinates of its corners; outside, those of the closest point of the hull (on
// one of hull_edges, so the weights change continuously as `value` leaves the hull). With all
// points on one line, the closest point of the segments between them. One point (or an
// unprepared space): that point alone. A NaN coordinate counts as 0; infinities as the largest
// float. Never allocates.
BlendSpace2DWeights blend_space_2d_weights(const BlendSpace2DDef& space, Point2 value);

// Normalized time advanced per second: the weighted mean of the points' rates 1 / duration, so
// that every clip of the blend stays at the same normalized time (feet land together) while the
// playback speed follows the blend. A zero-length clip counts as one second long. 0 when the
// weights name no clip of `clips`.
float blend_space_2d_phase_rate(const BlendSpace2DDef& space, const ClipSet& clips,
                                const BlendSpace2DWeights& weights);

// Samples the weighted points at normalized time `phase` and blends them into `output`, in
// structure-of-arrays form: the first point straight into `output`, the others into `scratch`,
// then the blend in place. Never allocates.
struct BlendSpace2DSampler {
  const BlendSpace2DDef* space = nullptr;
  ClipSet clips;
  Span<const SoaTransform> rest;  // The skeleton's rest pose, soa_block_count(joints) blocks.
  BlendSpace2DWeights weights;
  float phase = 0.0f;  // Normalized time in [0, 1].
  // Empty, or each point's own normalized time (in weights.points order) in place of `phase`, in
  // [0, 1]: clips aligned on their sync markers rather than on normalized time.
  Span<const float> phases;
  // cursors[i] samples the clip of weights.points[i] (one cursor may serve points of one clip).
  std::array<ClipCursor*, 3> cursors{};
  // For the second and third points (as many blocks as `output`); unused with fewer points.
  std::array<Span<SoaTransform>, 2> scratch;
  Span<SoaTransform> output;

  // False when a field is missing, the weights are not valid for the space (count outside
  // [1, 3], a point or clip out of range, a weight negative or not finite, no weight at all) or
  // a pose or cursor does not fit.
  bool validate() const;
  // False when validate() fails; `output` is then untouched (the scratch poses may not be).
  [[nodiscard]] bool run() const;
};

}  // namespace anim
