#include "anim/ui/state_graph.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <cstdio>
#include <optional>

#include <imgui.h>
#include <glm/geometric.hpp>

#include "anim/setup_edits.h"
#include "anim/ui/imgui_frame.h"
#include "anim/state_machine.h"

namespace anim::ui {
namespace {

constexpr float kCellX = 170.0f, kCellY = 100.0f, kMargin = 20.0f;

std::optional<glm::vec2> stored_position(const Setup& setup, const std::string& name) {
  if (!setup.editor.is_object()) return std::nullopt;
  const auto nodes = setup.editor.find("nodes");
  if (nodes == setup.editor.end() || !nodes->is_object()) return std::nullopt;
  const auto place = nodes->find(name);
  if (place == nodes->end() || !place->is_array() || place->size() != 2) return std::nullopt;
  if (!(*place)[0].is_number() || !(*place)[1].is_number()) return std::nullopt;
  const glm::vec2 p((*place)[0].get<float>(), (*place)[1].get<float>());
  if (!std::isfinite(p.x) || !std::isfinite(p.y)) return std::nullopt;
  return p;
}

ImVec2 im(const glm::vec2& v) { return ImVec2(v.x, v.y); }

// A filled arrowhead at `head` pointing along `direction` (unit).
void arrowhead(ImDrawList* draw, const glm::vec2& head, const glm::vec2& direction, ImU32 color) {
  const glm::vec2 side(-direction.y, direction.x);
  const glm::vec2 base = head - direction * 10.0f;
  draw->AddTriangleFilled(im(head), im(base + side * 5.0f), im(base - side * 5.0f), color);
}

// A number as the setup file writes it: "0.05", "1", "-2.5".
std::string short_number(float value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%g", static_cast<double>(value));
  return text;
}

// A placed label: text on a dark rounded box centred at `at`.
void label(ImDrawList* draw, const glm::vec2& at, const std::string& text, ImU32 color) {
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  const glm::vec2 half(size.x * 0.5f + 3.0f, size.y * 0.5f + 1.0f);
  draw->AddRectFilled(im(at - half), im(at + half), ImGui::GetColorU32(ImGuiCol_WindowBg, 0.85f),
                      3.0f);
  draw->AddText(im(at - half + glm::vec2(3.0f, 1.0f)), color, text.c_str());
}

}  // namespace

std::string transition_label(const SetupTransition& t) {
  std::string text;
  for (const SetupCondition& c : t.conditions) {
    if (!text.empty()) text += ", ";
    switch (c.op) {
      case ConditionOp::kTrue:
      case ConditionOp::kTriggerSet:
        text += c.parameter;
        break;
      case ConditionOp::kFalse:
        text += "!" + c.parameter;
        break;
      default:
        text += c.parameter + " " + to_string(c.op) + " " + short_number(c.value);
    }
  }
  if (t.exit_time) text += (text.empty() ? "exit " : ", exit ") + short_number(*t.exit_time);
  return text;
}

std::map<std::string, glm::vec2> node_positions(const Setup& setup) {
  std::vector<std::string> names;
  for (const SetupState& state : setup.states) names.push_back(state.name);
  const bool any = std::any_of(setup.transitions.begin(), setup.transitions.end(),
                               [](const SetupTransition& t) { return t.from == kAnyStateNode; });
  if (any) names.push_back(kAnyStateNode);
  std::map<std::string, glm::vec2> out;
  std::vector<std::string> unplaced;
  for (const std::string& name : names) {
    if (out.count(name)) continue;  // A duplicate name (a problem the setup reports).
    if (const std::optional<glm::vec2> p = stored_position(setup, name)) {
      out[name] = *p;
    } else {
      unplaced.push_back(name);
    }
  }
  // The rest go to the first free cells of a three-wide grid, clear of every placed box.
  const glm::vec2 size(StateGraph::kNodeWidth, StateGraph::kNodeHeight);
  auto free = [&](const glm::vec2& cell) {
    for (const auto& [other, place] : out) {
      (void)other;
      if (cell.x < place.x + size.x && place.x < cell.x + size.x && cell.y < place.y + size.y &&
          place.y < cell.y + size.y) {
        return false;
      }
    }
    return true;
  };
  std::size_t k = 0;
  for (const std::string& name : unplaced) {
    glm::vec2 cell;
    do {
      cell = glm::vec2(kMargin + static_cast<float>(k % 3) * kCellX,
                       kMargin + static_cast<float>(k / 3) * kCellY);
      ++k;
    } while (!free(cell));
    out[name] = cell;
  }
  return out;
}

void set_node_position(Setup& setup, const std::string& name, const glm::vec2& position) {
  if (!setup.editor.is_object()) setup.editor = Json::object();
  Json& nodes = setup.editor["nodes"];
  if (!nodes.is_object()) nodes = Json::object();
  // Whole units keep the saved file tidy.
  nodes[name] = Json::array({std::lround(position.x), std::lround(position.y)});
}

Arrow arrow_between(const glm::vec2& from, const glm::vec2& to, const glm::vec2& size) {
  const glm::vec2 half = size * 0.5f;
  const glm::vec2 a = from + half, b = to + half;
  const glm::vec2 d = b - a;
  if (d.x == 0.0f && d.y == 0.0f) return {a, b};
  // How far along d the ray from a centre leaves its box.
  const float inf = std::numeric_limits<float>::infinity();
  const float s = std::min(d.x != 0.0f ? half.x / std::fabs(d.x) : inf,
                           d.y != 0.0f ? half.y / std::fabs(d.y) : inf);
  return {a + d * s, b - d * s};
}

bool StateGraph::node_menu(Document& doc, const std::string& name) {
  if (!ImGui::BeginPopupContextItem("node_menu")) return false;
  const Setup& setup = *doc.setup();
  const bool any = name == kAnyStateNode;
  // Choices are applied after the menu is drawn: an edit replaces the setup it reads.
  bool make_default = false;
  std::string target;
  std::string rename_to;
  bool remove = false;
  if (!any) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10.0f);
    if (ImGui::IsWindowAppearing()) {
      std::snprintf(rename_, sizeof(rename_), "%s", name.c_str());
      ImGui::SetKeyboardFocusHere();
    }
    ImGui::InputText("Name", rename_, sizeof(rename_), ImGuiInputTextFlags_AutoSelectAll);
    rects.record("menu:name");
    if (ImGui::IsItemDeactivatedAfterEdit()) rename_to = rename_;
    const bool is_default = setup.default_state == name;
    make_default = ImGui::MenuItem("Default state", nullptr, is_default, !is_default);
    rects.record("menu:default");
  }
  const bool open = ImGui::BeginMenu("Add transition to");
  // Once open, the last item is the submenu's window, not this entry.
  if (!open) rects.record("menu:add_transition");
  if (open) {
    for (const SetupState& state : setup.states) {
      if (ImGui::MenuItem(state.name.c_str())) target = state.name;
      rects.record("menu:to:" + state.name);
    }
    ImGui::EndMenu();
  }
  if (!any) {
    ImGui::Separator();
    remove = ImGui::MenuItem("Delete", "Del");
    rects.record("menu:delete");
  }
  ImGui::EndPopup();

  if (!rename_to.empty()) {
    Setup changed = setup;
    if (!rename_state(changed, name, rename_to)) return false;  // Taken or empty: no edit.
    if (selected == name) selected = rename_to;
    doc.edit_setup(std::move(changed), "rename state " + name + " to " + rename_to);
    return true;
  }
  if (remove) {
    Setup changed = setup;
    remove_state(changed, name);
    if (selected == name) selected.clear();
    doc.edit_setup(std::move(changed), "delete state " + name);
    return true;
  }
  if (make_default) {
    Setup changed = setup;
    changed.default_state = name;
    doc.edit_setup(std::move(changed), "default state " + name);
    return true;
  }
  if (target.empty()) return false;
  Setup changed = setup;
  add_transition(changed, name, target);
  doc.edit_setup(std::move(changed), "add transition " + name + " -> " + target);
  return true;
}

void StateGraph::add_state_at(Document& doc, const glm::vec2& place) {
  // A new state plays the first clip until its motion is chosen (Setup panel).
  const std::vector<Clip>& clips = doc.model().clips;
  const std::string motion = clips.empty() ? std::string() : clips.front().name;
  Setup changed = *doc.setup();
  const std::string name = add_state(changed, "State", motion);
  set_node_position(changed, name, glm::max(place, glm::vec2(0.0f)));
  selected = name;
  doc.edit_setup(std::move(changed), "add state " + name);
}

void StateGraph::draw(Document& doc) {
  rects.clear();
  const Setup* setup = doc.setup();
  if (setup == nullptr) return;
  std::map<std::string, glm::vec2> places = node_positions(*setup);
  if (!dragging_.empty() && places.count(dragging_)) places[dragging_] = drag_position_;
  const glm::vec2 size(kNodeWidth, kNodeHeight);

  // What runs now, by name (the running machine may be an older, error-free version).
  std::map<std::string, float> weights;
  std::string running_from, running_to;
  float progress = 0.0f;
  StateMachineInstance* sm = doc.state_machine();
  if (sm != nullptr && doc.mode() == PlaybackMode::kStateMachine) {
    const StateMachineDef& def = sm->def();
    for (const auto& active : sm->active_states())
      weights[def.states[active.state].name] += active.weight;
    const StateMachineInstance::TransitionStatus t = sm->transition();
    if (t.transition >= 0) {
      const int from = def.transitions[t.transition].from;
      running_from = from < 0 ? kAnyStateNode : def.states[from].name;
      running_to = def.states[t.to].name;
      progress = t.progress;
    }
  }

  ImGui::BeginChild("##graph", ImVec2(0.0f, 0.0f), true, ImGuiWindowFlags_HorizontalScrollbar);
  rects.record("graph", ImGui::GetWindowPos(),
               ImVec2(ImGui::GetWindowPos().x + ImGui::GetWindowSize().x,
                      ImGui::GetWindowPos().y + ImGui::GetWindowSize().y));
  // Keys act on the graph while the mouse is over it, no text field has focus and no menu is
  // open.
  const bool keys = ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem) &&
                    !ImGui::GetIO().WantTextInput &&
                    !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId);
  if (!selected.empty() &&
      std::none_of(setup->states.begin(), setup->states.end(),
                   [&](const SetupState& s) { return s.name == selected; })) {
    selected.clear();  // Gone with an undo or an edit elsewhere.
  }
  const ImVec2 origin_im = ImGui::GetCursorScreenPos();
  const glm::vec2 origin(origin_im.x, origin_im.y);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImU32 edge = ImGui::GetColorU32(ImGuiCol_Text, 0.55f);
  const ImU32 live = IM_COL32(255, 170, 60, 255);

  for (const SetupTransition& t : setup->transitions) {
    const auto from = places.find(t.from), to = places.find(t.to);
    if (from == places.end() || to == places.end()) continue;  // A problem, listed elsewhere.
    const bool running = t.from == running_from && t.to == running_to;
    const ImU32 color = running ? live : edge;
    if (t.from == t.to) {  // A loop over the box's top edge.
      const glm::vec2 top = origin + from->second + glm::vec2(size.x * 0.5f, 0.0f);
      draw->AddBezierCubic(im(top + glm::vec2(-12, 0)), im(top + glm::vec2(-24, -30)),
                           im(top + glm::vec2(24, -30)), im(top + glm::vec2(12, 0)), color, 1.5f);
      arrowhead(draw, top + glm::vec2(12, 0), glm::vec2(0, 1), color);
      continue;
    }
    Arrow a = arrow_between(from->second, to->second, size);
    const glm::vec2 dir = glm::normalize(a.head - a.tail);
    // Shifted sideways so that A -> B and B -> A do not overlap.
    const glm::vec2 shift = glm::vec2(-dir.y, dir.x) * 5.0f;
    const glm::vec2 tail = origin + a.tail + shift, head = origin + a.head + shift;
    draw->AddLine(im(tail), im(head), color, running ? 2.5f : 1.5f);
    arrowhead(draw, head, dir, color);
    if (running) draw->AddCircleFilled(im(tail + (head - tail) * progress), 4.0f, live);
    // Its conditions beside it, on its own side, so that A -> B and B -> A do not cover each
    // other.
    const std::string text = transition_label(t);
    if (!text.empty()) {
      const ImVec2 size = ImGui::CalcTextSize(text.c_str());
      const glm::vec2 side = glm::vec2(-dir.y, dir.x);
      const float away = std::fabs(side.x) * size.x * 0.5f + std::fabs(side.y) * size.y * 0.5f;
      label(draw, tail + (head - tail) * 0.5f + side * (away + 6.0f), text,
            running ? live : ImGui::GetColorU32(ImGuiCol_Text, 0.8f));
    }
  }

  glm::vec2 extent(0.0f);
  for (const auto& [name, place] : places) {
    const glm::vec2 min = origin + place, max = min + size;
    extent = glm::max(extent, place + size);
    const bool any = name == kAnyStateNode;
    const auto w = weights.find(name);
    const float weight = w == weights.end() ? 0.0f : w->second;
    const ImVec4 base = any ? ImVec4(0.30f, 0.22f, 0.40f, 1.0f) : ImVec4(0.20f, 0.22f, 0.26f, 1.0f);
    const ImVec4 lit(0.20f, 0.55f, 0.30f, 1.0f);
    const ImVec4 fill(base.x + (lit.x - base.x) * weight, base.y + (lit.y - base.y) * weight,
                      base.z + (lit.z - base.z) * weight, 1.0f);
    draw->AddRectFilled(im(min), im(max), ImGui::GetColorU32(fill), 6.0f);
    const bool is_default = name == setup->default_state;
    draw->AddRect(im(min), im(max),
                  is_default ? IM_COL32(240, 200, 80, 255) : ImGui::GetColorU32(ImGuiCol_Border),
                  6.0f, 0, is_default ? 2.5f : 1.0f);
    if (name == selected) {
      draw->AddRect(im(min - glm::vec2(3.0f)), im(max + glm::vec2(3.0f)),
                    ImGui::GetColorU32(ImGuiCol_NavHighlight), 8.0f, 0, 2.0f);
    }
    draw->AddText(im(min + glm::vec2(8, 6)), ImGui::GetColorU32(ImGuiCol_Text),
                  any ? "Any state" : name.c_str());
    std::string detail;
    for (const SetupState& s : setup->states) {
      if (s.name == name) detail = s.motion;
    }
    if (!any && weight > 0.0f) detail += "  " + std::to_string(std::lround(weight * 100)) + "%";
    draw->AddText(im(min + glm::vec2(8, 24)), ImGui::GetColorU32(ImGuiCol_TextDisabled),
                  detail.c_str());

    // Each box is a button: dragging it moves the box; the drop is one edit.
    ImGui::SetCursorScreenPos(im(min));
    ImGui::PushID(name.c_str());  // Each box's button and menu are its own.
    ImGui::InvisibleButton("node", im(size));
    rects.record("node:" + name);
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    if (ImGui::IsItemActivated()) {
      const glm::vec2 m(mouse.x, mouse.y);
      const glm::vec2 inside = glm::min(m - min, max - m);  // Distance to the nearest edges.
      if (std::min(inside.x, inside.y) < kRim) {
        connecting_ = name;  // From the rim: a new transition.
      } else {
        dragging_ = name;
        drag_offset_ = place - (m - origin);
        drag_position_ = drag_start_ = place;
      }
      if (!any) selected = name;
    }
    if (ImGui::IsItemActive() && dragging_ == name) {
      drag_position_ = glm::max(glm::vec2(mouse.x, mouse.y) - origin + drag_offset_, glm::vec2(0));
    }
    if (ImGui::IsItemDeactivated() && dragging_ == name) {
      const glm::vec2 dropped = drag_position_;
      dragging_.clear();
      if (glm::distance(drag_start_, dropped) >= 1.0f) {  // A click alone changes nothing.
        Setup moved = *setup;
        set_node_position(moved, name, dropped);
        doc.edit_setup(std::move(moved), "move " + (any ? std::string("any state") : name));
        setup = doc.setup();
      }
    }
    if (ImGui::IsItemHovered() && !ImGui::IsItemActive() && !ImGui::IsPopupOpen("node_menu")) {
      ImGui::SetTooltip(any ? "Drag from the rim to a state to add a transition from any state"
                            : "Drag to arrange, from the rim to another state to add a "
                              "transition; right-click to edit");
    }
    if (name == selected && keys && ImGui::IsKeyPressed(kF2Key, false)) {
      ImGui::OpenPopup("node_menu");
    }
    if (node_menu(doc, name)) setup = doc.setup();
    ImGui::PopID();
  }

  // The rubber band of a transition being dragged out, and its drop.
  const ImVec2 mouse_im = ImGui::GetIO().MousePos;
  const glm::vec2 mouse(mouse_im.x, mouse_im.y);
  if (!connecting_.empty() && places.count(connecting_)) {
    std::string target;
    for (const auto& [name, place] : places) {
      const glm::vec2 min = origin + place;
      if (name != kAnyStateNode && mouse.x >= min.x && mouse.y >= min.y &&
          mouse.x < min.x + size.x && mouse.y < min.y + size.y) {
        target = name;
      }
    }
    if (ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
      const glm::vec2 centre = origin + places[connecting_] + size * 0.5f;
      const glm::vec2 d = mouse - centre;
      if (glm::length(d) > 1.0f) {
        const ImU32 band = ImGui::GetColorU32(ImGuiCol_NavHighlight);
        draw->AddLine(im(centre), im(mouse), band, 2.0f);
        arrowhead(draw, mouse, glm::normalize(d), band);
      }
      if (!target.empty() && target != connecting_) {
        const glm::vec2 min = origin + places[target];
        draw->AddRect(im(min), im(min + size), ImGui::GetColorU32(ImGuiCol_NavHighlight), 6.0f,
                      0, 2.0f);
      }
    } else {
      if (!target.empty() && target != connecting_) {
        Setup changed = *setup;
        if (add_transition(changed, connecting_, target) >= 0) {
          doc.edit_setup(std::move(changed), "add transition " + connecting_ + " -> " + target);
          setup = doc.setup();
        }
      }
      connecting_.clear();
    }
  }

  // Empty space: double-click adds a state, right-click offers to, a click deselects.
  const bool over_empty = ImGui::IsWindowHovered() && !ImGui::IsAnyItemHovered() &&
                          connecting_.empty() && dragging_.empty();
  if (over_empty && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
    add_state_at(doc, mouse - origin - size * 0.5f);
    setup = doc.setup();
  } else if (over_empty && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    selected.clear();
  }
  if (over_empty && ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
    new_state_at_ = mouse - origin - size * 0.5f;
    ImGui::OpenPopup("graph_menu");
  }
  if (ImGui::BeginPopup("graph_menu")) {
    const bool add = ImGui::MenuItem("New state here");
    rects.record("menu:new_state");
    ImGui::EndPopup();
    if (add) {
      add_state_at(doc, new_state_at_);
      setup = doc.setup();
    }
  }
  if (!selected.empty() && keys && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Delete), false)) {
    Setup changed = *setup;
    if (remove_state(changed, selected)) {
      doc.edit_setup(std::move(changed), "delete state " + selected);
      setup = doc.setup();
    }
    selected.clear();
  }
  // Room for every box, so the child scrolls to the far ones.
  ImGui::SetCursorScreenPos(im(origin));
  ImGui::Dummy(im(extent + glm::vec2(kMargin)));
  ImGui::EndChild();
}

}  // namespace anim::ui
