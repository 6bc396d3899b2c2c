// The state graph's nested levels (state_graph.h): opening a machine state, the breadcrumbs that
// lead back up, and "Travel here" with what came of it. What a level shows is nested_graph.h's.
#include <algorithm>
#include <string>

#include <imgui.h>

#include "anim/setup/layer_edits.h"
#include "anim/ui/model/nested_graph.h"
#include "anim/ui/views/machine/state_graph.h"

namespace anim::ui {
namespace {

bool any_machine(const setup::Setup& setup) {
  for (const setup::SetupState& s : setup.states) {
    if (s.is_machine()) return true;
  }
  return false;
}

}  // namespace

void StateGraph::leave_level() {
  // What was selected or dragged names boxes of the level left, which may share names here.
  selected.clear();
  selection.clear();
  select_transition(-1);
  dragging_ = false;
  connecting_.clear();
  box_selecting_ = false;
  hovered_edge_ = -1;
  refused_.clear();
  stale_ = true;
  framed_for_ = {0, -1};  // Framed anew when some box would start out of view.
}

void StateGraph::open_machine(const std::string& name) {
  opened.push_back(name);
  leave_level();
}

void StateGraph::go_up_to(std::size_t depth) {
  if (depth >= opened.size()) return;
  opened.resize(depth);
  leave_level();
}

void StateGraph::draw_crumbs(const Document& doc, const Commands& cmds) {
  const setup::Setup& setup = *cmds.setup(doc);
  if (opened.empty() && !any_machine(machine_view(setup, machine))) return;
  const std::string top = machine == 0 ? std::string("Base") : setup.layers[machine - 1].name;
  const ImVec2 corner(ImGui::GetWindowPos().x + 8.0f, ImGui::GetWindowPos().y + 6.0f);
  ImGui::SetCursorScreenPos(corner);
  // A window of its own, as the corner tools: it takes the mouse before any box beneath it, so
  // it is one line as wide as its text, above where "Frame all" puts the top boxes.
  const ImGuiStyle& style = ImGui::GetStyle();
  const char* kSeparator = ">";
  float width = ImGui::CalcTextSize(top.c_str()).x + style.FramePadding.x * 2.0f;
  for (const std::string& name : opened) {
    width += ImGui::CalcTextSize(name.c_str()).x + style.FramePadding.x * 2.0f + 8.0f +
             ImGui::CalcTextSize(kSeparator).x;
  }
  ImGui::BeginChild("##graph_crumbs", ImVec2(width + 4.0f, ImGui::GetFrameHeight()), false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoBackground |
                        ImGuiWindowFlags_NoScrollWithMouse);
  std::size_t go_to = opened.size();
  for (std::size_t depth = 0; depth <= opened.size(); ++depth) {
    const std::string& name = depth == 0 ? top : opened[depth - 1];
    if (depth > 0) {
      ImGui::SameLine(0.0f, 4.0f);
      ImGui::TextDisabled("%s", kSeparator);
      ImGui::SameLine(0.0f, 4.0f);
    }
    ImGui::PushID(static_cast<int>(depth));
    if (depth == opened.size()) {
      ImGui::TextUnformatted(name.c_str());  // Where the graph is: nothing to go to.
    } else if (ImGui::SmallButton(name.c_str())) {
      go_to = depth;
    }
    rects.record("crumb:" + std::to_string(depth));
    ImGui::PopID();
  }
  ImGui::EndChild();
  go_up_to(go_to);
}

void StateGraph::draw_notes(const Document& doc, const glm::vec2& origin, const glm::vec2& area) {
  // Drawn, not items: the bottom line takes no clicks from the boxes beneath it.
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float y = origin.y + area.y - ImGui::GetTextLineHeight() - 6.0f;
  if (!doc.travel_note().empty()) {
    draw->AddText(ImVec2(origin.x + 8.0f, y), ImGui::GetColorU32(ImGuiCol_Text, 0.8f),
                  doc.travel_note().c_str());
  }
  if (refused_.empty()) return;
  const char* note = refused_.c_str();
  const ImVec2 size = ImGui::CalcTextSize(note);
  // Right-aligned, a line above the travel note when there is one, so that neither hides the
  // other in a narrow graph.
  const ImVec2 at(origin.x + std::max(8.0f, area.x - size.x - 8.0f),
                  y - (doc.travel_note().empty() ? 0.0f : size.y + 2.0f));
  draw->AddText(at, IM_COL32(235, 120, 100, 255), note);
  rects.record("refused", at, ImVec2(at.x + size.x, at.y + size.y));
}

void StateGraph::travel_to(const Document& doc, Commands& cmds, const std::string& name) const {
  const setup::Setup& setup = *cmds.setup(doc);
  const std::string layer = machine == 0 ? std::string() : setup.layers[machine - 1].name;
  const std::string leaf = leaf_of(machine_view(setup, machine).states, opened, name);
  // A leaf that cannot be found still travels, by name: the note then says there is no such
  // state rather than nothing happening.
  cmds.travel(layer, leaf.empty() ? name : leaf);
}

}  // namespace anim::ui
