// The state graph view (state_graph.h): its frame, pan and zoom, the boxes and arrows drawn with
// their live weights, dragging boxes and new transitions, hit tests and tooltips. Its layout is
// graph_layout.cpp's, its menus state_graph_menus.cpp's, its selection upkeep
// state_graph_selection.cpp's.
#include "anim/ui/views/machine/state_graph.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include <imgui.h>
#include <glm/geometric.hpp>

#include "anim/setup/edits.h"
#include "anim/setup/layer_edits.h"
#include "anim/setup/machine_edits.h"
#include "anim/state_machine.h"
#include "anim/ui/model/nested_graph.h"
#include "anim/ui/views/machine/transition_why_view.h"
#include "anim/ui/widgets/imgui_frame.h"
#include "anim/ui/widgets/key_map.h"

namespace anim::ui {
namespace {

ImVec2 im(const glm::vec2& v) { return ImVec2(v.x, v.y); }
glm::vec2 gv(const ImVec2& v) { return glm::vec2(v.x, v.y); }

// A filled arrowhead of `length` at `head` pointing along `direction` (unit).
void arrowhead(ImDrawList* draw, const glm::vec2& head, const glm::vec2& direction, float length,
               ImU32 color) {
  const glm::vec2 side(-direction.y, direction.x);
  const glm::vec2 base = head - direction * length;
  draw->AddTriangleFilled(im(head), im(base + side * (length * 0.5f)),
                          im(base - side * (length * 0.5f)), color);
}

// What a box's tooltip offers.
const char* box_hint(bool any, bool machine) {
  if (any) return "Drag from the rim to a state to add a transition from any state";
  return machine ? "Double-click to open its machine; drag to arrange, from the rim to another "
                   "state to add a transition; right-click to edit or travel here"
                 : "Drag to arrange, from the rim to another state to add a transition; "
                   "right-click to edit or travel here";
}

const glm::vec2 kNodeSize(StateGraph::kNodeWidth, StateGraph::kNodeHeight);
constexpr ImU32 kLive = IM_COL32(255, 170, 60, 255);  // The running transition.

}  // namespace

// What every part of the graph needs of this frame.
struct StateGraph::Frame {
  glm::vec2 origin{0.0f};       // The graph area's top-left corner on screen, at pan 0.
  glm::vec2 area{0.0f};         // Its size in pixels.
  glm::vec2 mouse{0.0f};        // On screen...
  glm::vec2 mouse_graph{0.0f};  // ... and in graph units.
  GraphView view;
  bool keys = false;  // Keys act on the graph.
  ImDrawList* draw = nullptr;
  ImFont* font = nullptr;
  float text_size = 0.0f;  // Text at the view's zoom.
  ImU32 edge = 0, highlight = 0;
  std::map<std::string, float> weights;  // Of the running states, by name.
  std::string running_from, running_to;  // The running transition's boxes, or empty.
  float progress = 0.0f;                 // Its progress, 0 to 1.
  glm::vec2 screen(const glm::vec2& graph) const { return origin + view.to_area(graph); }
};

// An arrow as drawn this frame, in screen pixels, for hit testing.
struct StateGraph::DrawnEdge {
  int transition = -1;
  Curve curve;
  std::optional<Box> label;  // Where its label went, once placed.
  std::string text;          // Its label.
  ImU32 color = 0;           // Its label's.
};

void StateGraph::view_input(const glm::vec2& mouse_area) {
  const ImGuiIO& io = ImGui::GetIO();
  const bool hovered = ImGui::IsWindowHovered();
  if (hovered && io.MouseWheel != 0.0f) {
    view = zoom_about(view, mouse_area, view.zoom * std::pow(1.2f, io.MouseWheel));
  }
  if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Middle))
    pan_button_ = ImGuiMouseButton_Middle;
  if (pan_button_ >= 0) {
    if (ImGui::IsMouseDown(pan_button_)) {
      view.pan += gv(io.MouseDelta);
    } else {
      pan_button_ = -1;
    }
  }
}

void StateGraph::frame_all(const std::map<std::string, glm::vec2>& places, const glm::vec2& area) {
  if (places.empty()) return;
  std::vector<Box> boxes;
  for (const auto& [name, place] : places) {
    (void)name;
    boxes.push_back(Box{place, place + glm::vec2(kNodeWidth, kNodeHeight)});
  }
  view = frame_bounds(bounding_box(boxes), area, kFrameMargin);
}

void StateGraph::frame_readable_view(const std::map<std::string, glm::vec2>& places,
                                     const glm::vec2& area) {
  if (places.empty()) return;
  std::vector<Box> boxes;
  for (const auto& [name, place] : places) {
    (void)name;
    boxes.push_back(Box{place, place + glm::vec2(kNodeWidth, kNodeHeight)});
  }
  view = frame_readable(bounding_box(boxes), area, kFrameMargin);
}

bool StateGraph::replaced_every_box(const std::map<std::string, glm::vec2>& places) const {
  // Two or more boxes, none of them shown last frame: another setup (New setup), not an edit.
  if (places.size() < 2 || framed_names_.empty()) return false;
  for (const auto& [name, place] : places) {
    (void)place;
    if (framed_names_.count(name)) return false;
  }
  return true;
}

void StateGraph::draw_tools(const glm::vec2& area, const std::map<std::string, glm::vec2>& places) {
  // A small window of its own over the graph's corner, so that it takes the mouse before any
  // box beneath it.
  const ImGuiStyle& style = ImGui::GetStyle();
  char zoom[16];
  std::snprintf(zoom, sizeof(zoom), "%d%%", static_cast<int>(std::lround(view.zoom * 100.0f)));
  const float text_width = ImGui::CalcTextSize("300%").x;
  const ImVec2 button = ImGui::CalcTextSize("Frame all");
  const glm::vec2 size(text_width + style.ItemSpacing.x + button.x + style.FramePadding.x * 2.0f,
                       button.y + 2.0f);
  const glm::vec2 corner = gv(ImGui::GetWindowPos()) + glm::vec2(ImGui::GetWindowSize().x, 0.0f) +
                           glm::vec2(-size.x - 6.0f, 6.0f);
  ImGui::SetCursorScreenPos(im(corner));
  ImGui::BeginChild("##graph_tools", im(size), false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoBackground |
                        ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::TextDisabled("%s", zoom);
  ImGui::SameLine(text_width + style.ItemSpacing.x);
  if (ImGui::SmallButton("Frame all")) frame_all(places, area);
  rects.record("frame_all");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Fit every box in view (F)");
  ImGui::EndChild();
}

StateGraph::Frame StateGraph::begin_frame(const Document& doc) {
  Frame f;
  const ImGuiIO& io = ImGui::GetIO();
  f.origin = gv(ImGui::GetCursorScreenPos());
  f.area = gv(ImGui::GetContentRegionAvail());
  f.mouse = gv(io.MousePos);
  // Keys act on the graph while the mouse is over it, no text field has focus and no menu is
  // open.
  f.keys = ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem) &&
           !io.WantTextInput && !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId);
  f.draw = ImGui::GetWindowDrawList();
  f.font = ImGui::GetFont();
  f.edge = ImGui::GetColorU32(ImGuiCol_Text, 0.55f);
  f.highlight = ImGui::GetColorU32(ImGuiCol_NavHighlight);

  // What runs now, by name (the running machine may be an older, error-free version).
  const StateMachineInstance* sm = doc.state_machine();
  const int layer = sm != nullptr ? running_layer(*doc.setup(), sm->def()) : -1;
  if (layer >= 0 && doc.mode() == PlaybackMode::kStateMachine) {
    const StateMachineDef& def = sm->def();
    const std::vector<StateDef>& states = layer == 0 ? def.states : def.layers[layer - 1].states;
    const std::vector<TransitionDef>& transitions =
        layer == 0 ? def.transitions : def.layers[layer - 1].transitions;
    // The runtime's states are the leaves, by path: each lights the box of the shown level
    // that holds it (a machine state's box while any leaf inside runs).
    for (const auto& active : sm->active_states(layer)) {
      const std::string box = box_of_leaf(states[active.state].name, opened);
      if (!box.empty()) f.weights[box] += active.weight;
    }
    const StateMachineInstance::TransitionStatus t = sm->transition(layer);
    if (t.transition >= 0) {
      const int from = transitions[t.transition].from;
      f.running_from = from < 0 ? kAnyStateNode : box_of_leaf(states[from].name, opened);
      f.running_to = box_of_leaf(states[t.to].name, opened);
      f.progress = t.progress;
    }
  }
  return f;
}

void StateGraph::use_view(Frame& f) const {
  f.view = view;
  f.mouse_graph = view.to_graph(f.mouse - f.origin);
  f.text_size = ImGui::GetFontSize() * view.zoom;
}

const std::vector<std::optional<Curve>>& StateGraph::curves(
    const setup::Setup& setup, const std::map<std::string, glm::vec2>& places) {
  std::vector<std::pair<std::string, std::string>> ends;
  for (const setup::SetupTransition& t : setup.transitions) ends.emplace_back(t.from, t.to);
  if (places != curves_places_ || ends != curves_ends_) {
    // A transition may name a state inside a machine by its path ("Locomotion/Walk"): its
    // arrow goes to the box that holds it.
    setup::Setup boxes;
    boxes.transitions = setup.transitions;
    for (setup::SetupTransition& t : boxes.transitions) {
      t.from = box_of_leaf(t.from, {});
      t.to = box_of_leaf(t.to, {});
    }
    curves_ = transition_curves(boxes, places);
    curves_places_ = places;
    curves_ends_ = std::move(ends);
  }
  return curves_;
}

std::vector<StateGraph::DrawnEdge> StateGraph::draw_edges(
    const setup::Setup& setup, const std::map<std::string, glm::vec2>& places, const Frame& f) {
  const std::vector<std::optional<Curve>>& curves = this->curves(setup, places);
  std::vector<DrawnEdge> edges;
  for (std::size_t i = 0; i < curves.size(); ++i) {
    if (!curves[i]) continue;
    const setup::SetupTransition& t = setup.transitions[i];
    const Curve curve{f.screen(curves[i]->p0), f.screen(curves[i]->p1), f.screen(curves[i]->p2)};
    const bool running =
        box_of_leaf(t.from, {}) == f.running_from && box_of_leaf(t.to, {}) == f.running_to;
    const bool chosen = static_cast<int>(i) == selected_transition;
    const bool hovered = static_cast<int>(i) == hovered_edge_;
    const ImU32 color = chosen    ? f.highlight
                        : running ? kLive
                        : hovered ? ImGui::GetColorU32(ImGuiCol_Text, 0.9f)
                                  : f.edge;
    f.draw->AddBezierQuadratic(im(curve.p0), im(curve.p1), im(curve.p2), color,
                               chosen || running ? 2.5f
                               : hovered         ? 2.0f
                                                 : 1.5f);
    const glm::vec2 tip = curve.tangent(1.0f);
    if (glm::length(tip) > 1e-4f) {
      arrowhead(f.draw, curve.p2, glm::normalize(tip), std::max(10.0f * f.view.zoom, 5.0f), color);
    }
    if (running) f.draw->AddCircleFilled(im(curve.at(f.progress)), 4.0f, kLive);
    const glm::vec2 middle = curve.at(0.5f);
    rects.record("edge_mid:" + std::to_string(i), im(middle - glm::vec2(2.0f)),
                 im(middle + glm::vec2(2.0f)));
    edges.push_back(DrawnEdge{static_cast<int>(i), curve, std::nullopt,
                              transition_caption(setup, static_cast<int>(i)),
                              chosen    ? f.highlight
                              : running ? kLive
                                        : ImGui::GetColorU32(ImGuiCol_Text, 0.8f)});
  }
  // The labels once every curve is drawn, over them: beside their curve's middle on the side
  // it bends to (away from a transition the other way), moved along it when that spot is
  // another label's or a box's.
  std::vector<Box> taken;
  for (const auto& [name, place] : places) {
    (void)name;
    taken.push_back(Box{f.screen(place), f.screen(place + kNodeSize)});
  }
  for (DrawnEdge& e : edges) {
    if (e.text.empty()) continue;
    const glm::vec2 extent = gv(f.font->CalcTextSizeA(f.text_size, FLT_MAX, 0.0f, e.text.c_str()));
    const glm::vec2 half(extent.x * 0.5f + 3.0f, extent.y * 0.5f + 1.0f);
    const glm::vec2 at = place_label(e.curve, half, 4.0f, taken);
    f.draw->AddRectFilled(im(at - half), im(at + half),
                          ImGui::GetColorU32(ImGuiCol_WindowBg, 0.85f), 3.0f);
    if (e.transition == selected_transition) {
      f.draw->AddRect(im(at - half), im(at + half), f.highlight, 3.0f);
    }
    f.draw->AddText(f.font, f.text_size, im(at - half + glm::vec2(3.0f, 1.0f)), e.color,
                    e.text.c_str());
    e.label = Box{at - half, at + half};
    taken.push_back(*e.label);
    rects.record("edge:" + std::to_string(e.transition), im(at - half), im(at + half));
  }
  return edges;
}

void StateGraph::draw_box(const setup::Setup& setup, const std::string& name,
                          const glm::vec2& place, const Frame& f) {
  const glm::vec2 min = f.screen(place), max = f.screen(place + kNodeSize);
  const float zoom = f.view.zoom;
  const bool any = name == kAnyStateNode;
  const auto w = f.weights.find(name);
  const float weight = w == f.weights.end() ? 0.0f : w->second;
  const ImVec4 base = any ? ImVec4(0.30f, 0.22f, 0.40f, 1.0f) : ImVec4(0.20f, 0.22f, 0.26f, 1.0f);
  const ImVec4 lit(0.20f, 0.55f, 0.30f, 1.0f);
  const ImVec4 fill(base.x + (lit.x - base.x) * weight, base.y + (lit.y - base.y) * weight,
                    base.z + (lit.z - base.z) * weight, 1.0f);
  f.draw->AddRectFilled(im(min), im(max), ImGui::GetColorU32(fill), 6.0f * zoom);
  const bool is_default = name == setup.default_state;
  f.draw->AddRect(im(min), im(max),
                  is_default ? IM_COL32(240, 200, 80, 255) : ImGui::GetColorU32(ImGuiCol_Border),
                  6.0f * zoom, 0, is_default ? 2.5f : 1.0f);
  if (selection.count(name)) {
    f.draw->AddRect(im(min - glm::vec2(3.0f)), im(max + glm::vec2(3.0f)), f.highlight, 8.0f * zoom,
                    0, name == selected ? 2.5f : 1.5f);
  }
  const setup::SetupState* state = nullptr;
  for (const setup::SetupState& s : setup.states) {
    if (s.name == name) state = &s;
  }
  const bool nested = state != nullptr && state->is_machine();
  if (nested) {
    // A machine: a second border inside the first and, in the top-right corner, two stacked
    // boxes, so that it reads as a graph of its own before its subtitle is read.
    const glm::vec2 inset(3.0f * zoom);
    f.draw->AddRect(im(min + inset), im(max - inset), ImGui::GetColorU32(ImGuiCol_Border),
                    4.0f * zoom);
    const glm::vec2 mark = glm::vec2(max.x - 22.0f * zoom, min.y + 8.0f * zoom);
    const glm::vec2 small(9.0f * zoom, 6.0f * zoom);
    const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text, 0.7f);
    f.draw->AddRect(im(mark + glm::vec2(3.0f * zoom, 0.0f)),
                    im(mark + glm::vec2(3.0f * zoom, 0.0f) + small), ink);
    f.draw->AddRectFilled(im(mark + glm::vec2(0.0f, 3.0f * zoom)),
                          im(mark + glm::vec2(0.0f, 3.0f * zoom) + small),
                          ImGui::GetColorU32(fill));
    f.draw->AddRect(im(mark + glm::vec2(0.0f, 3.0f * zoom)),
                    im(mark + glm::vec2(0.0f, 3.0f * zoom) + small), ink);
  }
  // The subtitle stops short of an exit state's mark.
  const ImVec4 clip(min.x, min.y, max.x - (exits_.count(name) ? 40.0f : 4.0f) * zoom, max.y);
  const ImVec4 title_clip(min.x, min.y, max.x - (nested ? 26.0f : 4.0f) * zoom, max.y);
  f.draw->AddText(f.font, f.text_size, im(min + glm::vec2(8, 6) * zoom),
                  ImGui::GetColorU32(ImGuiCol_Text), any ? "Any state" : name.c_str(), nullptr,
                  0.0f, &title_clip);
  std::string detail = nested             ? machine_caption(*state->machine)
                       : state != nullptr ? state->motion
                                          : std::string();
  // The sync group it keeps in step with, in brackets after its motion.
  if (state != nullptr && !state->sync_group.empty()) detail += "  [" + state->sync_group + "]";
  if (exits_.count(name)) {
    // An exit state: a bar down its right side and "exit" at its bottom right, the way out of
    // the machine its parent's transitions take.
    const ImU32 exit_ink = IM_COL32(90, 200, 220, 255);
    f.draw->AddRectFilled(im(glm::vec2(max.x - 5.0f * zoom, min.y + 4.0f * zoom)),
                          im(glm::vec2(max.x - 2.0f * zoom, max.y - 4.0f * zoom)), exit_ink,
                          1.5f * zoom);
    const float size = f.text_size * 0.85f;
    const glm::vec2 extent = gv(f.font->CalcTextSizeA(size, FLT_MAX, 0.0f, "exit"));
    const glm::vec2 at(max.x - 9.0f * zoom - extent.x, max.y - 4.0f * zoom - extent.y);
    f.draw->AddText(f.font, size, im(at), exit_ink, "exit");
    rects.record("exit:" + name, im(at), im(at + extent));
  }
  if (!any && weight > 0.0f) detail += "  " + std::to_string(std::lround(weight * 100)) + "%";
  f.draw->AddText(f.font, f.text_size, im(min + glm::vec2(8, 24) * zoom),
                  ImGui::GetColorU32(ImGuiCol_TextDisabled), detail.c_str(), nullptr, 0.0f, &clip);
}

void StateGraph::box_input(const Document& doc, Commands& cmds, const std::string& name,
                           const glm::vec2& place, const std::map<std::string, glm::vec2>& stored,
                           const Frame& f) {
  const glm::vec2 min = f.screen(place), max = f.screen(place + kNodeSize);
  const bool any = name == kAnyStateNode;
  // Each box is a button: dragging it moves the selection; the drop is one edit.
  ImGui::SetCursorScreenPos(im(min));
  ImGui::PushID(name.c_str());  // Each box's button and menu are its own.
  ImGui::InvisibleButton("node", im(max - min));
  rects.record("node:" + name);
  if (ImGui::IsItemActivated()) {
    const glm::vec2 inside = glm::min(f.mouse - min, max - f.mouse);  // To the nearest edges.
    // Zoomed far out a box is small: its rim a fifth of it at most, so its middle still drags.
    const float rim_width = std::min(kRim, 0.2f * std::min(max.x - min.x, max.y - min.y));
    const bool rim = std::min(inside.x, inside.y) < rim_width;
    const ImGuiIO& io = ImGui::GetIO();
    if (!rim && (io.KeyCtrl || io.KeyShift)) {
      toggle_box(name);  // No drag.
    } else if (rim) {
      select_box(name);
      connecting_ = name;  // From the rim: a new transition.
    } else {
      select_box(name);
      dragging_ = true;
      drag_grab_ = f.mouse_graph;
      drag_delta_ = glm::vec2(0.0f);
    }
  }
  if (ImGui::IsItemActive() && dragging_) drag_delta_ = f.mouse_graph - drag_grab_;
  if (ImGui::IsItemDeactivated() && dragging_) {
    dragging_ = false;
    if (glm::length(drag_delta_) >= 1.0f) {  // A click alone changes nothing.
      setup::Setup moved = editable(doc, cmds);
      for (const std::string& member : selection) {
        const auto from = stored.find(member);
        if (from == stored.end()) continue;
        const glm::vec2 to = from->second + drag_delta_;
        (void)set_node_place(moved, opened, member, to.x, to.y);  // Every member is a box here.
      }
      const std::string what = selection.size() == 1 ? (any ? std::string("any state") : name)
                                                     : std::to_string(selection.size()) + " states";
      submit(doc, cmds, std::move(moved), "move " + what);
    }
  }
  const setup::Setup& setup = *shown(doc, cmds);
  bool nested = false;
  for (const setup::SetupState& s : setup.states)
    nested = nested || (s.name == name && s.is_machine());
  if (nested && ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
    open_request_ = name;  // Once this frame's boxes are drawn: they are of this level.
  }
  if (ImGui::IsItemHovered() && !ImGui::IsItemActive() && !ImGui::IsPopupOpen("node_menu")) {
    ImGui::SetTooltip("%s", box_hint(any, nested));
  }
  if (name == selected && f.keys && key_pressed(key_map().rename)) {
    ImGui::OpenPopup("node_menu");
  }
  node_menu(doc, cmds, name);
  ImGui::PopID();
}

void StateGraph::connect_input(const Document& doc, Commands& cmds,
                               const std::map<std::string, glm::vec2>& places, const Frame& f) {
  if (connecting_.empty()) return;
  if (!places.count(connecting_)) {
    connecting_.clear();
    return;
  }
  std::string target;
  for (const auto& [name, place] : places) {
    if (name != kAnyStateNode &&
        Box{f.screen(place), f.screen(place + kNodeSize)}.contains(f.mouse)) {
      target = name;
    }
  }
  if (ImGui::IsMouseDown(ImGuiMouseButton_Left)) {  // The rubber band.
    const glm::vec2 centre = f.screen(places.at(connecting_) + kNodeSize * 0.5f);
    const glm::vec2 d = f.mouse - centre;
    if (glm::length(d) > 1.0f) {
      f.draw->AddLine(im(centre), im(f.mouse), f.highlight, 2.0f);
      arrowhead(f.draw, f.mouse, glm::normalize(d), 10.0f, f.highlight);
    }
    if (!target.empty() && target != connecting_) {
      const glm::vec2 place = places.at(target);
      f.draw->AddRect(im(f.screen(place)), im(f.screen(place + kNodeSize)), f.highlight,
                      6.0f * f.view.zoom, 0, 2.0f);
    }
    return;
  }
  if (!target.empty() && target != connecting_) {  // The drop.
    setup::Setup changed = editable(doc, cmds);
    const Result<int> added = add_transition(changed, opened, connecting_, target);
    submit_if(doc, cmds, added.ok() ? Status(Ok{}) : Status(added.error()), std::move(changed),
              "add transition " + connecting_ + " -> " + target);
  }
  connecting_.clear();
}

void StateGraph::rectangle_input(const setup::Setup& setup,
                                 const std::map<std::string, glm::vec2>& places, const Frame& f) {
  if (!box_selecting_) return;
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
    box_selecting_ = false;
    return;
  }
  // Every box the rectangle touches is selected while it is dragged out, with those selected
  // before when it adds to them; the first state touched is the primary one when none was.
  const Box band = box_from_corners(box_start_, f.mouse_graph);
  f.draw->AddRectFilled(im(f.screen(band.min)), im(f.screen(band.max)),
                        ImGui::GetColorU32(ImGuiCol_NavHighlight, 0.15f));
  f.draw->AddRect(im(f.screen(band.min)), im(f.screen(band.max)), f.highlight);
  selection = box_base_;
  if (!selection.count(selected)) selected.clear();
  const auto touched = [&](const std::string& name) {
    const auto place = places.find(name);
    return place != places.end() &&
           boxes_touch(band, Box{place->second, place->second + kNodeSize});
  };
  for (const setup::SetupState& s : setup.states) {
    if (!touched(s.name)) continue;
    selection.insert(s.name);
    if (selected.empty()) selected = s.name;
  }
  if (touched(kAnyStateNode)) selection.insert(kAnyStateNode);
}

int StateGraph::edge_at(const std::vector<DrawnEdge>& edges, const glm::vec2& p) {
  // A label the point is over (the last drawn is on top), else the nearest curve close enough.
  for (auto it = edges.rbegin(); it != edges.rend(); ++it) {
    if (it->label && it->label->contains(p)) return it->transition;
  }
  int best = -1;
  float nearest = kEdgeHitDistance;
  for (const DrawnEdge& e : edges) {
    const float d = distance_to_curve(e.curve, p);
    if (d <= nearest) {
      nearest = d;
      best = e.transition;
    }
  }
  return best;
}

void StateGraph::empty_space_input(const Document& doc, Commands& cmds,
                                   const std::vector<DrawnEdge>& edges, const Frame& f) {
  // Empty space: double-click adds a state, right-click offers to; a click on an arrow selects
  // it, elsewhere it starts a selection rectangle (with Alt held, a pan).
  const bool over_empty = ImGui::IsWindowHovered() && !ImGui::IsAnyItemHovered() &&
                          connecting_.empty() && !dragging_ && !box_selecting_ && pan_button_ < 0;
  const setup::Setup& setup = *shown(doc, cmds);
  // The arrows are of the setup before this frame's edits, if any: an index may be gone.
  int hovered = over_empty ? edge_at(edges, f.mouse) : -1;
  if (hovered >= static_cast<int>(setup.transitions.size())) hovered = -1;
  hovered_edge_ = hovered;  // Drawn lighter on the next frame.
  if (hovered >= 0 && !ImGui::IsAnyMouseDown()) edge_tooltip(doc, setup, hovered);
  const glm::vec2 centred = f.mouse_graph - kNodeSize * 0.5f;  // A new box's place.
  if (over_empty && hovered < 0 && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
    add_state_at(doc, cmds, centred);
  } else if (over_empty && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    if (ImGui::GetIO().KeyAlt) {
      pan_button_ = ImGuiMouseButton_Left;
    } else if (hovered >= 0) {
      select_transition(hovered);
    } else {
      const bool add = ImGui::GetIO().KeyCtrl || ImGui::GetIO().KeyShift;
      box_base_ = add ? selection : std::set<std::string>();
      if (add) {
        selected_transition = -1;
      } else {
        select_transition(-1);
      }
      box_selecting_ = true;
      box_start_ = f.mouse_graph;
    }
  }
  if (over_empty && ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
    if (hovered >= 0) {
      select_transition(hovered);
      edge_menu_ = hovered;
      ImGui::OpenPopup("edge_menu");
    } else {
      new_state_at_ = centred;
      ImGui::OpenPopup("graph_menu");
    }
  }
  if (ImGui::BeginPopup("graph_menu")) {
    const bool add = ImGui::MenuItem("New state here");
    rects.record("menu:new_state");
    const bool add_machine = ImGui::MenuItem("New machine here");
    rects.record("menu:new_machine");
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("A state holding a state machine of its own; double-click it to open it");
    }
    ImGui::EndPopup();
    if (add || add_machine) add_state_at(doc, cmds, new_state_at_, add_machine);
  }
  edge_menu(doc, cmds);
}

void StateGraph::edge_tooltip(const Document& doc, const setup::Setup& setup, int index) const {
  const std::string name = transition_name(setup.transitions[static_cast<std::size_t>(index)]);
  // Live: what the last update made of it, while the machine plays it (its source is playing).
  const StateMachineInstance* sm = doc.state_machine();
  const StateMachineInstance::TraceEntry* entry =
      sm != nullptr && doc.mode() == PlaybackMode::kStateMachine
          ? find_setup_trace(*sm, *doc.setup(), machine, index, opened)
          : nullptr;
  ImGui::BeginTooltip();
  ImGui::TextUnformatted(name.c_str());
  if (entry != nullptr) {
    const TransitionWhy why = explain(*sm, *entry);
    draw_why_checks(why);
    ImGui::TextColored(verdict_color(why.verdict), "%s",
                       why.summary.substr(why.name.size() + 2).c_str());
  } else if (sm != nullptr && doc.mode() == PlaybackMode::kStateMachine) {
    const std::string running =
        running_text(setup_transition_live(*sm, *doc.setup(), machine, index, opened));
    if (!running.empty()) {
      ImGui::TextColored(verdict_color(Verdict::kPass), "%s", running.c_str());
    } else {
      ImGui::TextDisabled("not checked now: its source state is not playing");
    }
  }
  ImGui::TextDisabled("click to select; right-click to reorder or delete");
  ImGui::EndTooltip();
}

bool StateGraph::took_keys() const {
  return took_keys_ && drawn_frame_ >= ImGui::GetFrameCount() - 1;
}

const setup::Setup* StateGraph::shown(const Document& doc, const Commands& cmds) {
  if (machine == 0 && opened.empty()) {
    if (stale_) exits_.clear();
    stale_ = false;
    return cmds.setup(doc);
  }
  if (stale_) {
    view_ = machine_view(*cmds.setup(doc), machine);
    exits_.clear();
    if (!opened.empty()) {
      if (const setup::SetupMachine* m = machine_at(view_.states, opened)) {
        exits_.insert(m->exit_states.begin(), m->exit_states.end());
      }
      std::optional<setup::Setup> nested = nested_view(view_, opened);
      if (nested) {
        view_ = std::move(*nested);
      } else {
        opened.clear();  // Gone (renamed, deleted, undone): the layer's top it is.
      }
    }
    stale_ = false;
  }
  return &view_;
}

setup::Setup StateGraph::editable(const Document& doc, const Commands& cmds) const {
  return machine_view(*cmds.setup(doc), machine);
}

void StateGraph::submit(const Document& doc, Commands& cmds, setup::Setup changed,
                        const std::string& what) {
  // Every gesture that edits ends here with the shown layer's whole machine, edited by the
  // shown level's path: the history names where.
  refused_.clear();
  stale_ = true;
  const std::string inside = opened.empty() ? std::string() : " in " + join_path(opened);
  if (machine == 0) {
    cmds.edit_setup(std::move(changed), what + inside);
    return;
  }
  setup::Setup full = *cmds.setup(doc);
  const std::string layer = full.layers[machine - 1].name;
  store_machine_view(full, machine, changed);
  cmds.edit_setup(std::move(full), what + inside + " (layer " + layer + ")");
}

bool StateGraph::submit_if(const Document& doc, Commands& cmds, const Status& status,
                           setup::Setup changed, const std::string& what) {
  if (!status.ok()) {
    refused_ = "Not done: " + status.error().message;
    return false;
  }
  submit(doc, cmds, std::move(changed), what);
  return true;
}

int StateGraph::running_layer(const setup::Setup& setup, const StateMachineDef& def) const {
  if (machine == 0) return 0;
  // By name: the running machine may be an older, error-free version with its layers in
  // another order.
  const int index = def.find_layer(setup.layers[machine - 1].name);
  return index < 0 ? -1 : index + 1;
}

void StateGraph::draw(const Document& doc, Commands& cmds) {
  rects.clear();
  if (doc.setup() == nullptr) return;
  // A layer that is gone (undone, removed) leaves the base shown.
  if (machine < 0 || static_cast<std::size_t>(machine) > doc.setup()->layers.size()) machine = 0;
  stale_ = true;  // The document may have changed since the last frame.
  if (!opened.empty() && !nested_view(machine_view(*doc.setup(), machine), opened)) {
    go_up_to(0);  // The opened machine is gone.
  }
  const std::map<std::string, glm::vec2> stored = node_positions(*shown(doc, cmds));
  forget_missing(*shown(doc, cmds), stored);

  ImGui::BeginChild("##graph", ImVec2(0.0f, 0.0f), true,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  rects.record("graph", ImGui::GetWindowPos(),
               ImVec2(ImGui::GetWindowPos().x + ImGui::GetWindowSize().x,
                      ImGui::GetWindowPos().y + ImGui::GetWindowSize().y));
  Frame f = begin_frame(doc);
  drawn_frame_ = ImGui::GetFrameCount();
  took_keys_ = f.keys;
  view_input(f.mouse - f.origin);
  if (f.keys && key_pressed(key_map().frame_all)) frame_all(stored, f.area);
  // Up one level once this frame's boxes are drawn: they are of this level.
  const bool up = f.keys && !opened.empty() &&
                  (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false) ||
                   ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Backspace), false));
  // A graph shown for the first time (another document, machine or setup: New setup, or one
  // opened) is framed when some box would start out of view, at a readable zoom.
  const std::pair<std::uint64_t, int> shown_now{doc.stamp().document, machine};
  if (shown_now != framed_for_ || doc.setup_path() != framed_setup_ || replaced_every_box(stored)) {
    framed_for_ = shown_now;
    framed_setup_ = doc.setup_path();
    bool fits = true;
    for (const auto& [name, place] : stored) {
      const glm::vec2 min = view.to_area(place);
      const glm::vec2 max = view.to_area(place + glm::vec2(kNodeWidth, kNodeHeight));
      fits = fits && min.x >= 0.0f && min.y >= 0.0f && max.x <= f.area.x && max.y <= f.area.y;
    }
    if (!fits) frame_readable_view(stored, f.area);
  }
  framed_names_.clear();
  for (const auto& [name, place] : stored) framed_names_.insert(name);
  use_view(f);
  lit_ = f.weights;

  // The boxes where they show: the selection moved along while it is dragged.
  std::map<std::string, glm::vec2> places = stored;
  if (dragging_) {
    for (const std::string& name : selection) {
      if (places.count(name)) places[name] += drag_delta_;
    }
  }
  // Each part reads the setup anew: an edit by the one before replaces it.
  const std::vector<DrawnEdge> edges = draw_edges(*shown(doc, cmds), places, f);
  for (const auto& [name, place] : places) {
    draw_box(*shown(doc, cmds), name, place, f);
    box_input(doc, cmds, name, place, stored, f);
  }
  connect_input(doc, cmds, places, f);
  rectangle_input(*shown(doc, cmds), places, f);
  empty_space_input(doc, cmds, edges, f);
  if (f.keys && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Delete), false)) {
    delete_selection(doc, cmds);
  }
  draw_notes(doc, f.origin, f.area);
  draw_crumbs(doc, cmds);
  draw_tools(f.area, node_positions(*shown(doc, cmds)));
  remember_selected_transition(*shown(doc, cmds));
  if (up) go_up_to(opened.size() - 1);
  if (!open_request_.empty()) open_machine(open_request_);
  open_request_.clear();
  ImGui::EndChild();
}

}  // namespace anim::ui
