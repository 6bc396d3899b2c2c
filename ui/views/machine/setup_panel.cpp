// The Setup panel: its header (file, undo, redo), its tabs, and the Parameters, States and
// Transitions tables. The Blend spaces, Layers and Problems tabs have files of their own.
#include "anim/ui/views/machine/setup_panel.h"
#include "anim/ui/widgets/imgui_table.h"

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "anim/setup/machine_edits.h"
#include "anim/ui/views/machine/playing_line.h"
#include "anim/ui/views/machine/transition_why_view.h"
#include "anim/ui/widgets/panel_widgets.h"
#include "setup_panel_common.h"

namespace anim::ui {
namespace {

using setup_panel::key;
using setup_panel::kTableFlags;
using setup_panel::setup_columns;

}  // namespace

// --- Panel ---

void SetupPanel::draw(const Document& doc, Commands& cmds, Selection& sel, bool all_tabs) {
  if (!begin(doc)) {
    ImGui::Spacing();
    ImGui::TextWrapped(
        "This model has no setup. A setup is the locomotion state machine: parameters, states "
        "playing clips or blend spaces, and the transitions between them.");
    if (ImGui::Button("New setup")) cmds.new_setup();
    rects.record("new_setup");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("One looping state per clip, the first default");
    return;
  }
  header(doc, cmds);
  if (ImGui::BeginTabBar("setup_tabs")) {
    const auto tab = [&](const char* label, const char* name) {
      const ImGuiTabItemFlags flags =
          select_tab_ == name ? ImGuiTabItemFlags_SetSelected : ImGuiTabItemFlags_None;
      const bool open = ImGui::BeginTabItem(label, nullptr, flags);
      rects.record(std::string("tab:") + name);
      return open;
    };
    if (all_tabs && tab("Graph", "Graph")) {
      draw_graph(doc, cmds);
      ImGui::EndTabItem();
    }
    if (all_tabs && tab("Parameters", "Parameters")) {
      parameters_tab(doc);
      ImGui::EndTabItem();
    }
    if (tab("States", "States")) {
      states_tab(doc);
      ImGui::EndTabItem();
    }
    if (tab("Blend spaces", "Blend spaces")) {
      blend_spaces_tab(doc, cmds);
      ImGui::EndTabItem();
    }
    if (tab("Transitions", "Transitions")) {
      transitions_tab(doc);
      ImGui::EndTabItem();
    }
    if (tab("Layers", "Layers")) {
      layers_tab(doc, sel);
      ImGui::EndTabItem();
    }
    // "###" keeps the tab's id when its count changes.
    problems_label_ = "Problems (" + std::to_string(doc.setup_problems().size()) + ")";
    if (tab((problems_label_ + "###problems").c_str(), "Problems")) {
      problems_tab(doc, sel);
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
    select_tab_.clear();
  }

  end(doc, cmds);
}

void SetupPanel::draw_graph(const Document& doc, Commands& cmds) {
  if (!doc.has_setup()) {
    ImGui::TextDisabled("No setup: File > New setup, or the Setup panel's New setup.");
    return;
  }
  draw_playing_line(doc, cmds, rects);
  machine_combo(doc);
  // Under the graph: why its current state did (not) change, three lines tall, and the history;
  // in a short window the graph keeps more than half the height (the lines shrink first).
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float strip = history_.height(doc) + 2.0f * ImGui::GetStyle().ItemSpacing.y;
  const float most = 0.45f * ImGui::GetContentRegionAvail().y;
  // Up to six lines: a blend's line wraps, and a nested leaf's are grouped under their origins.
  const float why_height = std::clamp(most - strip, line, 6.0f * line);
  const float below = std::min(why_height + strip, std::max(most, line));
  ImGui::BeginChild("##graph_area", ImVec2(0.0f, -below), false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  graph_.draw(doc, cmds);
  ImGui::EndChild();
  draw_why_not(doc, graph_, why_height);
  history_.draw(doc, cmds);
}

void SetupPanel::header(const Document& doc, Commands& cmds) {
  const std::string name = doc.setup_path().empty()
                               ? std::string("unsaved setup")
                               : std::filesystem::path(doc.setup_path()).filename().string();
  ImGui::AlignTextToFramePadding();
  ImGui::Text("%s%s", name.c_str(), doc.setup_dirty() ? " *" : "");
  if (!doc.setup_path().empty() && ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", doc.setup_path().c_str());
  }
  const SetupHistory& history = doc.setup_history();
  ImGui::SameLine();
  ImGui::BeginDisabled(!history.can_undo());
  if (ImGui::Button("Undo")) cmds.undo_setup_edit();
  rects.record("undo");
  if (history.can_undo() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("Undo %s", history.undo_label().c_str());
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!history.can_redo());
  if (ImGui::Button("Redo")) cmds.redo_setup_edit();
  rects.record("redo");
  if (history.can_redo() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("Redo %s", history.redo_label().c_str());
  }
  ImGui::EndDisabled();
}

// --- Parameters ---

void SetupPanel::parameters_tab(const Document& doc) {
  const setup::Setup& saved = *doc.setup();
  std::optional<std::size_t> remove;
  if (!working_.parameters.empty() && begin_table("parameters", 7, kTableFlags)) {
    setup_columns({{"Name", 2.0f},
                   {"Type", 1.2f},
                   {"Default", 1.2f},
                   {"Min", 1.4f},
                   {"Max", 1.4f},
                   {"Rate", 1.0f}});
    for (std::size_t i = 0; i < working_.parameters.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();
      parameter_fields(saved, i, Cells::table());
      ImGui::TableSetColumnIndex(6);
      if (remove_button(key("remove_parameter", i), "Remove this parameter")) remove = i;
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (remove) {
    commit("remove parameter " + working_.parameters[*remove].name);
    working_.parameters.erase(working_.parameters.begin() + static_cast<std::ptrdiff_t>(*remove));
  }
  if (ImGui::Button("Add parameter")) {
    setup::SetupParameter p;
    p.name = setup_form::unique_name(working_.parameters, "parameter");
    commit("add parameter " + p.name);
    working_.parameters.push_back(std::move(p));
  }
  rects.record("add_parameter");
}

// --- States ---

void SetupPanel::states_tab(const Document& doc) {
  const setup::Setup& saved = *doc.setup();
  const std::vector<Clip>& clips = doc.model().clips;
  std::optional<std::size_t> remove;
  if (!working_.states.empty() && begin_table("states", 6, kTableFlags)) {
    ImGui::TableSetupColumn("Default", ImGuiTableColumnFlags_WidthFixed,
                            ImGui::CalcTextSize("Default").x);
    setup_columns({{"Name", 2.0f}, {"Motion", 2.0f}, {"Speed", 1.0f}, {"Loop", 0.6f}});
    for (std::size_t i = 0; i < working_.states.size(); ++i) {
      const std::string& name = working_.states[i].name;
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      if (ImGui::RadioButton("##default", working_.default_state == name) &&
          working_.default_state != name) {
        working_.default_state = name;
        commit("make " + name + " the default state");
      }
      rects.record(key("state_default", i));
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("The state the machine starts in");
      state_fields(saved, clips, i, Cells::table(1));
      ImGui::TableSetColumnIndex(5);
      if (remove_button(key("remove_state", i), "Remove this state")) remove = i;
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  // References to a removed state stay: the Problems tab lists them for the user to fix.
  if (remove) {
    commit("remove state " + working_.states[*remove].name);
    working_.states.erase(working_.states.begin() + static_cast<std::ptrdiff_t>(*remove));
  }
  if (ImGui::Button("Add state")) {
    // Named after a clip no state plays yet, which it plays; else numbered.
    std::vector<std::string> clip_names;
    for (const Clip& clip : clips) clip_names.push_back(clip.name);
    const setup::NewStateChoice choice = setup::new_state_choice(working_.states, clip_names);
    setup::SetupState state;
    state.name = choice.name;
    state.motion = choice.motion;
    if (working_.default_state.empty()) working_.default_state = state.name;
    commit("add state " + state.name);
    working_.states.push_back(std::move(state));
  }
  rects.record("add_state");
}

// --- Transitions ---

void SetupPanel::transitions_tab(const Document& /*doc*/) {
  std::optional<std::size_t> remove;
  if (!working_.transitions.empty() && begin_table("transitions", 10, kTableFlags)) {
    setup_columns({{"From", 1.6f},
                   {"To", 1.6f},
                   {"Exit time", 1.4f},
                   {"Duration", 1.1f},
                   {"Offset", 1.0f},
                   {"Interruption", 1.3f},
                   {"Blend", 1.3f},
                   {"Half-life", 1.0f},
                   {"Sync", 1.2f}});
    for (std::size_t i = 0; i < working_.transitions.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();
      transition_fields(i, Cells::table());
      ImGui::TableSetColumnIndex(9);
      if (remove_button(key("remove_transition", i), "Remove this transition")) remove = i;
      condition_rows(i, {0, 1, 2, 3, 9});
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (remove) {
    commit("remove transition " + setup_form::transition_text(working_.transitions[*remove]));
    working_.transitions.erase(working_.transitions.begin() + static_cast<std::ptrdiff_t>(*remove));
  }
  if (ImGui::Button("Add transition")) {
    setup::SetupTransition t;
    const std::vector<setup::SetupState>& states = working_.states;
    t.from = states.empty() ? std::string("*") : states.front().name;
    t.to = states.size() > 1 ? states[1].name : t.from == "*" ? std::string() : t.from;
    // At the end of the source state until the user adds conditions: without either it would
    // fire at once and the running machine would jump straight away.
    t.exit_time = 1.0f;
    commit("add transition " + setup_form::transition_text(t));
    working_.transitions.push_back(std::move(t));
  }
  rects.record("add_transition");
}

// --- Graph ---

void SetupPanel::machine_combo(const Document& doc) {
  const std::vector<setup::SetupLayer>& layers = doc.setup()->layers;
  if (layers.empty()) {
    graph_.machine = 0;
    return;
  }
  const auto label = [&](int machine) {
    return machine == 0 ? std::string("Base") : "Layer " + layers[machine - 1].name;
  };
  if (graph_.machine < 0 || static_cast<std::size_t>(graph_.machine) > layers.size()) {
    graph_.machine = 0;
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Machine");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x, 260.0f));
  const std::string preview = label(graph_.machine);
  if (ImGui::BeginCombo("##machine", preview.c_str())) {
    for (int m = 0; m <= static_cast<int>(layers.size()); ++m) {
      const std::string text = label(m);
      if (ImGui::Selectable(text.c_str(), m == graph_.machine) && m != graph_.machine) {
        graph_.machine = m;
        graph_.opened.clear();  // A nested level of the machine left.
        graph_.selected.clear();
        graph_.selection.clear();
        graph_.selected_transition = -1;
      }
      rects.record("machine=" + text);
    }
    ImGui::EndCombo();
  } else {
    rects.record("machine");
  }
}

}  // namespace anim::ui
