#pragma once
// A blend space drawn and edited by hand, as in Unity's blend tree or Godot's BlendSpace2D
// editor: a 2D space as a square with its Delaunay triangles, a 1D space as a line, each point a
// dot labelled with its clip, the running machine's parameter values as a marker and each
// point's weight there. The triangles and weights come from the runtime (blend_space_2d.h,
// blend_space.h), so the editor shows what a game computes.
#include <array>
#include <string>
#include <vector>

#include "anim/blend_space_2d.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

// The values an axis of the editor spans, min < max.
struct AxisRange {
  float min = 0.0f, max = 1.0f;
};

// The range shown for `parameter` of `setup`: its min and max when the setup gives both (with
// min < max), widened to hold every value of `values` (the points' coordinates on the axis);
// otherwise the extent of `values` with a margin of a tenth of it on each side (one value v or
// none at all: v - 1 to v + 1, or -1 to 1).
AxisRange axis_range(const setup::Setup& setup, const std::string& parameter,
                     const std::vector<float>& values);

// `value` rounded to a round step near a hundredth of `span` (0.01 for a span of 2, 1 for a span
// of 500), so that dragged points land on tidy numbers the file writes briefly.
float snap_to_axis(float value, float span);

class BlendSpaceEditor {
 public:
  // Draws blend space `space` of the document's setup in the rest of the current window's width:
  // a square for a 2D space (at most `max_side` pixels and the height left, at least
  // kSmallestSide), a strip for a 1D one. Every change of the setup is one undoable
  // edit (Document::edit_setup, anim/setup/blend_space_edits.h):
  // - dragging a point moves it to the (snapped) value under the mouse (the edit is made when
  //   the drag ends; a point dropped on another's place stays where it was);
  // - double-clicking empty space adds a point there playing the first clip the space does not
  //   use yet; right-clicking it offers "Add point here" with a choice of clips;
  // - clicking a point (or its row in the list beside a square with room for one) selects it;
  //   right-clicking it changes its clip or removes it; Delete removes the selected point
  //   (while the mouse is over the space);
  // - holding Ctrl (or with `drive` on), clicking and dragging sets the running machine's
  //   parameters of the space to the values under the mouse, as the Blend panel's sliders do,
  //   so the blend can be scrubbed; the machine starts running if it was not.
  // Returns true when it edited the setup, so that a caller holding a copy refreshes it.
  bool draw(const Document& doc, Commands& cmds, int space, float max_side = kLargestSide);

  int selected = -1;   // The selected point, or -1.
  bool drive = false;  // Clicks and drags set parameter values rather than edit points.

  // Rects of the last frame, for tests: "drive" (the checkbox), "canvas" (the whole area the
  // mouse acts on), "plot" (the part the axes span: x from min at its left to max at its right;
  // in 2D y from min at its bottom to max at its top; in 1D the axis runs along its middle),
  // "point:<j>" (each dot), "marker" (the parameter values, when a machine runs them),
  // "legend:<j>" (each point's row in the list beside a 2D square, when there is room); while a
  // menu is open "menu:clip" and its choices "menu:clip:<clip>", "menu:remove", or the empty
  // space's "menu:add" and its choices "menu:add:<clip>".
  ItemRects rects;
  // Each point's weight at the marker as shown in the last frame (0 for points that do not
  // contribute); empty when no marker was shown, or when a 1D space has two points at one place
  // (which the setup reports and the runtime does not run).
  const std::vector<float>& shown_weights() const { return weights_; }

  static constexpr float kDotRadius = 5.0f;
  static constexpr float kLargestSide = 420.0f, kSmallestSide = 180.0f;
  static constexpr float kLegendWidth = 160.0f;  // Narrower room beside a square: no list.

 private:
  struct View;  // The frame's layout and the space's values (blend_space_editor.cpp).
  // The axes hold still while a point is dragged; otherwise they span the points and the
  // parameters' ranges.
  void set_axes(View& view, const setup::Setup& setup, const setup::SetupBlendSpace& source,
                const std::vector<Point2>& points) const;
  // The Drive checkbox and whether the space plays (in which states) or why not.
  void status_line(const Document& doc, const View& view);
  // Lays out the canvas and the plot in it from the cursor; returns the canvas's size.
  ImVec2 place_canvas(View& view, float max_side);
  void draw_space(const View& view, const std::vector<Point2>& points, const setup::Setup& setup);
  // Zero lines, the plot's frame or the 1D axis, the ranges and the parameters' names.
  static void draw_axes(ImDrawList* draw, const View& view, const setup::SetupBlendSpace& space);
  // A 2D space's triangles, the one holding the marker tinted.
  static void draw_triangles(ImDrawList* draw, const View& view, const std::vector<Point2>& points,
                             const std::vector<std::array<int, 3>>& triangles,
                             const std::vector<float>& weights);
  // The points' dots, each labelled with its clip and its weight at the marker.
  void draw_points(ImDrawList* draw, const View& view, const std::vector<Point2>& points,
                   const std::vector<float>& weights);
  // The parameters' values and where smoothing takes them.
  void draw_marker(ImDrawList* draw, const View& view);
  void follow_mouse(const Document& doc, Commands& cmds,
                    const View& view);  // Drags and drives, while active.
  bool handle_mouse(const Document& doc, Commands& cmds, const View& view,
                    const std::vector<Point2>& points);
  // The point whose dot is nearest the mouse, within reach, or -1.
  static int point_under_mouse(const View& view, const std::vector<Point2>& points);
  // A press on the canvas: starts driving, grabs point `hit`, adds a point (a double-click on
  // empty space) or clears the selection. True when it edited the setup.
  bool press(const Document& doc, Commands& cmds, const View& view,
             const std::vector<Point2>& points, int hit);
  // Adds a point at `at` playing the first clip the space does not use yet.
  bool add_point(const Document& doc, Commands& cmds, const View& view, Point2 at);
  // The mouse let go: a drive ends, a dragged point is moved (one edit).
  bool release(const Document& doc, Commands& cmds, const View& view);
  // What the hovered point is, or what the mouse can do on empty space.
  static void hover_tooltip(const View& view, const std::vector<Point2>& points, int hit);
  void legend(const View& view, const std::vector<Point2>& points);
  bool point_menu(const Document& doc, Commands& cmds, const View& view);
  bool space_menu(const Document& doc, Commands& cmds, const View& view);
  // Hands `changed` to the document as the edit "<what> of blend space <name>"; true.
  bool edit(const Document& doc, Commands& cmds, setup::Setup changed, const std::string& what);

  int space_ = -1;             // The space drawn last frame: a new one drops the selection.
  int dragging_ = -1;          // The point being dragged, or -1.
  ImVec2 drag_press_;          // Where the mouse went down on it.
  bool drag_moved_ = false;    // The mouse has moved since: the point follows it.
  Point2 drag_position_;       // Where it is now (snapped).
  AxisRange drag_x_, drag_y_;  // The axes when the drag began: they hold still during it.
  bool driving_ = false;       // Ctrl-dragging the parameter values.
  int menu_point_ = -1;        // The point whose menu is open.
  Point2 menu_at_;             // Where the empty space's menu adds a point.
  std::vector<float> weights_;
};

}  // namespace anim::ui
