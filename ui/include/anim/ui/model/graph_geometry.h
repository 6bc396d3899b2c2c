#pragma once
// The state graph's geometry, apart from ImGui so that tests check it directly: how the view's
// pan and zoom map graph units to the screen, where each transition's curve runs (apart from
// the transitions it shares two boxes with, around the boxes in its way) and how near a point
// is to it. Graph units are pixels at zoom 1; y grows downwards, as on screen.
#include <vector>

#include <glm/vec2.hpp>

namespace anim::ui {

// An axis-aligned rectangle; `min` is its top-left corner.
struct Box {
  glm::vec2 min{0.0f}, max{0.0f};
  glm::vec2 centre() const { return (min + max) * 0.5f; }
  bool contains(const glm::vec2& p) const {
    return p.x >= min.x && p.y >= min.y && p.x <= max.x && p.y <= max.y;
  }
};

// Whether two boxes share at least a point (touching counts).
bool boxes_touch(const Box& a, const Box& b);

// The box spanned by two opposite corners given in any order (a rectangle dragged out).
Box box_from_corners(const glm::vec2& a, const glm::vec2& b);

// The smallest box holding every box of `boxes`; an empty box at the origin when there is none.
Box bounding_box(const std::vector<Box>& boxes);

// Whether the segment from `a` to `b` passes through `box` (its ends included).
bool segment_crosses_box(const glm::vec2& a, const glm::vec2& b, const Box& box);

// Pan and zoom: a graph point `g` shows at `pan + g * zoom` pixels from the graph area's
// top-left corner.
struct GraphView {
  glm::vec2 pan{0.0f};  // Pixels.
  float zoom = 1.0f;
  glm::vec2 to_area(const glm::vec2& graph) const { return pan + graph * zoom; }
  glm::vec2 to_graph(const glm::vec2& area) const { return (area - pan) / zoom; }
};

constexpr float kMinZoom = 0.25f, kMaxZoom = 3.0f;

// `view` zoomed to `zoom` (clamped to [kMinZoom, kMaxZoom]) about `fixed`, a point of the graph
// area in pixels: the graph point under it stays under it.
GraphView zoom_about(const GraphView& view, const glm::vec2& fixed, float zoom);

// The view showing `bounds` (graph units) centred in an area of `area` pixels with at least
// `margin` pixels around it: zoomed out as far as needed (not past kMinZoom, so a huge graph
// may still not fit), never in past 1, where text reads best.
GraphView frame_bounds(const Box& bounds, const glm::vec2& area, float margin);
// The view a graph opens with: frame_bounds when that keeps zoom 1 (text at the UI font's size);
// else zoom 1 with the bounds centred along an axis where they fit and their top-left corner
// `margin` pixels in from the area's along one where they do not (the graph's start readable,
// the rest a pan away).
GraphView frame_readable(const Box& bounds, const glm::vec2& area, float margin);

// A quadratic Bézier curve from p0 to p2, pulled towards p1.
struct Curve {
  glm::vec2 p0{0.0f}, p1{0.0f}, p2{0.0f};
  glm::vec2 at(float t) const;       // t in [0, 1].
  glm::vec2 tangent(float t) const;  // The derivative at t (not normalised).
};

// The part of `c` between parameters t0 and t1, itself a quadratic Bézier.
Curve sub_curve(const Curve& c, float t0, float t1);

// The distance from `p` to the nearest point of `c`.
float distance_to_curve(const Curve& c, const glm::vec2& p);

// Whether `c` passes through `box`, checked along a fine polyline (segments of a few units for
// curves the size of a graph's edges).
bool curve_crosses_box(const Curve& c, const Box& box);

// How far sideways (graph units) the midpoint of the k-th of `count` transitions from one box to
// another is shifted, along its direction turned a quarter clockwise on screen. Without
// transitions the other way the fan is centred on the straight line (-s, 0, s for three, with
// `spacing` s); with them every one keeps to its own side (s/2, 3s/2, ...), and as the other
// direction's side is the opposite one, A -> B and B -> A never overlap.
float lane_offset(int k, int count, bool reverse, float spacing);

// A straight line from `a` to `b`.
struct Segment {
  glm::vec2 a{0.0f}, b{0.0f};
};

// Whether two segments share a point.
bool segments_cross(const Segment& p, const Segment& q);

// The curve of a transition from box `from` to box `to`: from centre to centre with its
// midpoint shifted sideways by `offset` (see lane_offset), and cut at the rims of both boxes.
// When that curve would cross a box of `obstacles` (with `clearance` around it), it bends
// further, by the least amount tried that clears them all (steps of 6 up to 60, then 15% more
// each), to the side where it crosses fewest of `avoid` (other transitions' lines); on a tie,
// the lesser bend, then the side of `offset`, or away from the boxes in the way. Unbent when no
// bend up to three times its length clears them.
Curve route_edge(const Box& from, const Box& to, float offset, const std::vector<Box>& obstacles,
                 float clearance, const std::vector<Segment>& avoid = {});

// The loop of a transition from `box` to itself, over its top edge; the k-th loop of a box is
// wider and taller than the one before, so several stay apart.
Curve self_loop(const Box& box, int k);

// The unit vector across `c`'s chord (p0 to p2) on the side its bend goes to: where a label
// sits clear of the curve and of a transition going the other way. For a straight curve, the
// chord's direction turned a quarter clockwise on screen.
glm::vec2 bend_side(const Curve& c);

// Where the centre of a label `half` its size each way goes beside `c`: `gap` from a point of
// the curve on the side it bends to, at its middle when no box of `taken` (other labels, the
// graph's boxes) overlaps it there, else at the nearest clear point further along either way
// (t = 0.42, 0.58, 0.34, 0.66, ...); at the middle when none is clear.
glm::vec2 place_label(const Curve& c, const glm::vec2& half, float gap,
                      const std::vector<Box>& taken);

}  // namespace anim::ui
