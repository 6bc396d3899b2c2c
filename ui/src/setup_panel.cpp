#include "anim/ui/setup_panel.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "anim/ui/panel_widgets.h"
#include "setup_panel_common.h"

namespace anim::ui {
namespace {

using setup_panel::key;
using setup_panel::kTableFlags;
using setup_panel::setup_columns;
using setup_panel::shown;

// The blend space editor's column, beside the table when the panel is twice as wide.
constexpr float kEditorWidth = BlendSpaceEditor::kLargestSide + 20.0f;

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
  machine_combo(doc);
  graph_.draw(doc, cmds);
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
  const Setup& saved = *doc.setup();
  std::optional<std::size_t> remove;
  if (!working_.parameters.empty() && ImGui::BeginTable("parameters", 7, kTableFlags)) {
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
    SetupParameter p;
    p.name = setup_form::unique_name(working_.parameters, "parameter");
    commit("add parameter " + p.name);
    working_.parameters.push_back(std::move(p));
  }
  rects.record("add_parameter");
}

// --- States ---

void SetupPanel::states_tab(const Document& doc) {
  const Setup& saved = *doc.setup();
  const std::vector<Clip>& clips = doc.model().clips;
  std::optional<std::size_t> remove;
  if (!working_.states.empty() && ImGui::BeginTable("states", 6, kTableFlags)) {
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
    SetupState state;
    state.name = setup_form::unique_name(working_.states, "State");
    if (!clips.empty()) state.motion = clips.front().name;
    if (working_.default_state.empty()) working_.default_state = state.name;
    commit("add state " + state.name);
    working_.states.push_back(std::move(state));
  }
  rects.record("add_state");
}

// --- Blend spaces ---

void SetupPanel::blend_spaces_tab(const Document& doc, Commands& cmds) {
  // The editor beside the table when both fit, each scrolling on its own; else above it, seen
  // first, with the table below.
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  if (avail.x >= 2.0f * kEditorWidth) {
    ImGui::BeginChild("##space_table", ImVec2(avail.x - kEditorWidth, 0.0f));
    blend_space_table(doc);
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##space_editor", ImVec2(0.0f, 0.0f));
    space_editor_section(doc, cmds, BlendSpaceEditor::kLargestSide);
    ImGui::EndChild();
  } else {
    // The whole square in view (below the space and Drive lines), the table scrolled to.
    const float lines = 2.0f * ImGui::GetFrameHeightWithSpacing();
    space_editor_section(doc, cmds, std::max(avail.y - lines, BlendSpaceEditor::kSmallestSide));
    if (!doc.setup()->blend_spaces.empty()) ImGui::Separator();
    blend_space_table(doc);
  }
}

void SetupPanel::blend_space_table(const Document& doc) {
  const Setup& saved = *doc.setup();
  const std::vector<Clip>& clips = doc.model().clips;
  std::optional<std::size_t> remove;
  if (!working_.blend_spaces.empty() && ImGui::BeginTable("blend_spaces", 4, kTableFlags)) {
    setup_columns({{"Name", 2.0f}, {"Parameter / clip", 2.0f}, {"Position", 1.2f}});
    for (std::size_t i = 0; i < working_.blend_spaces.size(); ++i) {
      SetupBlendSpace& space = working_.blend_spaces[i];
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      const bool renamed = text_field("##name", key("space_name", i), &space.name);
      if (ImGui::IsItemActivated()) edited_space_ = i;  // The editor shows the space clicked.
      if (renamed) {
        const std::string old =
            (i < saved.blend_spaces.size() ? saved.blend_spaces[i].name : std::string());
        setup_form::rename_blend_space(&working_, old, space.name);
        commit("rename blend space " + old + " to " + space.name);
      }
      ImGui::TableSetColumnIndex(1);
      const std::string param_rect = key("space_parameter", i);
      if (begin_combo("##parameter", param_rect, shown(space.parameter))) {
        // A blend space's axis is a number: float and int parameters only.
        bool picked = false;
        for (const SetupParameter& p : working_.parameters) {
          if (p.type == ParameterType::kFloat || p.type == ParameterType::kInt) {
            picked |= name_choice(param_rect, p.name, &space.parameter);
          }
        }
        if (picked) commit("set parameter of blend space " + space.name);
        ImGui::EndCombo();
      }
      // A 2D space's second parameter (y), below its first (x).
      const std::string y_rect = key("space_parameter_y", i);
      if (space.parameter_y && begin_combo("##parameter_y", y_rect, shown(*space.parameter_y))) {
        bool picked = false;
        for (const SetupParameter& p : working_.parameters) {
          if (p.type == ParameterType::kFloat || p.type == ParameterType::kInt) {
            picked |= name_choice(y_rect, p.name, &*space.parameter_y);
          }
        }
        if (picked) commit("set y parameter of blend space " + space.name);
        ImGui::EndCombo();
      }
      ImGui::TableSetColumnIndex(3);
      if (remove_button(key("remove_blend_space", i), "Remove this blend space")) remove = i;
      point_rows(clips, i);
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (remove) {
    commit("remove blend space " + working_.blend_spaces[*remove].name);
    working_.blend_spaces.erase(working_.blend_spaces.begin() +
                                static_cast<std::ptrdiff_t>(*remove));
  }
  if (ImGui::Button("Add blend space")) {
    SetupBlendSpace space;
    space.name = setup_form::unique_name(working_.blend_spaces, "Blend");
    for (const SetupParameter& p : working_.parameters) {
      if (p.type == ParameterType::kFloat) {
        space.parameter = p.name;
        break;
      }
    }
    // The first two clips at 0 and 1: a working blend to adjust rather than an empty one.
    for (std::size_t c = 0; c < clips.size() && c < 2; ++c) {
      space.points.push_back({clips[c].name, static_cast<float>(c), Json::object()});
    }
    commit("add blend space " + space.name);
    working_.blend_spaces.push_back(std::move(space));
    edited_space_ = working_.blend_spaces.size() - 1;  // The editor shows the new space.
  }
  rects.record("add_blend_space");
}

void SetupPanel::space_editor_section(const Document& doc, Commands& cmds, float max_side) {
  // The editor edits the document itself: an edit the table finished this frame goes in first,
  // so that neither undoes the other.
  flush(doc, cmds);
  const std::vector<SetupBlendSpace>& spaces = cmds.setup(doc)->blend_spaces;
  if (spaces.empty()) return;
  if (edited_space_ >= spaces.size()) edited_space_ = 0;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Space");
  ImGui::SameLine();
  if (begin_combo("##edited_space", "edited_space", shown(spaces[edited_space_].name))) {
    for (std::size_t i = 0; i < spaces.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      if (combo_choice("edited_space", shown(spaces[i].name), i == edited_space_)) {
        edited_space_ = i;
      }
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  if (space_editor_.draw(doc, cmds, static_cast<int>(edited_space_), max_side)) reload(doc, cmds);
}

void SetupPanel::point_rows(const std::vector<Clip>& clips, std::size_t space_index) {
  SetupBlendSpace& space = working_.blend_spaces[space_index];
  std::optional<std::size_t> remove;
  for (std::size_t j = 0; j < space.points.size(); ++j) {
    SetupBlendPoint& point = space.points[j];
    ImGui::PushID(static_cast<int>(j));
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("  point %zu", j + 1);
    ImGui::TableSetColumnIndex(1);
    const std::string clip_rect = key("point_clip", space_index, j);
    if (begin_combo("##clip", clip_rect, shown(point.clip))) {
      bool picked = false;
      for (const Clip& clip : clips) picked |= name_choice(clip_rect, clip.name, &point.clip);
      if (picked) commit("set clip of a point of blend space " + space.name);
      ImGui::EndCombo();
    }
    ImGui::TableSetColumnIndex(2);
    if (float_field("##position", key("point_position", space_index, j), &point.position, 0.01f)) {
      commit("move a point of blend space " + space.name);
    }
    // A 2D point's y, below its x.
    if (point.position_y && float_field("##position_y", key("point_position_y", space_index, j),
                                        &*point.position_y, 0.01f)) {
      commit("move a point of blend space " + space.name);
    }
    ImGui::TableSetColumnIndex(3);
    if (remove_button(key("remove_point", space_index, j), "Remove this point")) remove = j;
    ImGui::PopID();
  }
  if (remove) {
    commit("remove a point of blend space " + space.name);
    space.points.erase(space.points.begin() + static_cast<std::ptrdiff_t>(*remove));
  }
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(1);
  if (ImGui::SmallButton("Add point")) {
    SetupBlendPoint point;
    point.clip = clips.empty() ? std::string() : clips.front().name;
    // Past the last point, so positions keep increasing.
    point.position = space.points.empty() ? 0.0f : space.points.back().position + 1.0f;
    // In 2D beside the last point (a new x makes it a new position).
    if (space.is_2d()) {
      point.position_y = space.points.empty() ? 0.0f : space.points.back().position_y.value_or(0);
    }
    commit("add a point to blend space " + space.name);
    space.points.push_back(std::move(point));
  }
  rects.record(key("add_point", space_index));
}

// --- Transitions ---

void SetupPanel::transitions_tab(const Document& /*doc*/) {
  std::optional<std::size_t> remove;
  if (!working_.transitions.empty() && ImGui::BeginTable("transitions", 7, kTableFlags)) {
    setup_columns({{"From", 1.6f},
                   {"To", 1.6f},
                   {"Exit time", 1.4f},
                   {"Duration", 1.1f},
                   {"Offset", 1.0f},
                   {"Interruption", 1.3f}});
    for (std::size_t i = 0; i < working_.transitions.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();
      transition_fields(i, Cells::table());
      ImGui::TableSetColumnIndex(6);
      if (remove_button(key("remove_transition", i), "Remove this transition")) remove = i;
      condition_rows(i, {0, 1, 2, 3, 6});
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (remove) {
    commit("remove transition " + setup_form::transition_text(working_.transitions[*remove]));
    working_.transitions.erase(working_.transitions.begin() + static_cast<std::ptrdiff_t>(*remove));
  }
  if (ImGui::Button("Add transition")) {
    SetupTransition t;
    const std::vector<SetupState>& states = working_.states;
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
  const std::vector<SetupLayer>& layers = doc.setup()->layers;
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

// --- Problems ---

int layer_of(const std::string& pointer) {
  const std::string prefix = "/layers/";
  if (pointer.rfind(prefix, 0) != 0 || pointer.size() == prefix.size()) return -1;
  std::size_t end = prefix.size();
  while (end < pointer.size() && std::isdigit(static_cast<unsigned char>(pointer[end]))) ++end;
  if (end == prefix.size() || end - prefix.size() > 6) return -1;
  if (end < pointer.size() && pointer[end] != '/') return -1;
  return std::atoi(pointer.c_str() + prefix.size());
}

std::string problem_tab(const std::string& pointer) {
  // A layer's states and transitions are edited in the graph (its machine), the rest of it on
  // the Layers tab.
  const int layer = layer_of(pointer);
  if (layer >= 0) {
    const std::size_t slash = pointer.find('/', 8);  // After "/layers/N".
    const std::string rest = slash == std::string::npos ? std::string() : pointer.substr(slash);
    const bool machine = rest.rfind("/states/", 0) == 0 || rest.rfind("/transitions/", 0) == 0 ||
                         rest == "/default_state";
    return machine ? "Graph" : "Layers";
  }
  static const std::pair<const char*, const char*> kTabs[] = {
      {"/states/", "Graph"},          {"/default_state", "Graph"},
      {"/transitions/", "Transitions"}, {"/parameters/", "Parameters"},
      {"/blend_spaces/", "Blend spaces"}};
  for (const auto& [prefix, tab] : kTabs) {
    if (pointer.rfind(prefix, 0) == 0) return tab;
  }
  return "";
}

void SetupPanel::problems_tab(const Document& doc, Selection& sel) {
  const std::vector<Diagnostic>& problems = doc.setup_problems();
  if (problems.empty()) {
    ImGui::TextColored(colors::playing(), "No problems.");
    return;
  }
  if (!ImGui::BeginTable("problems", 3, kTableFlags)) return;
  ImGui::TableSetupColumn("Severity", ImGuiTableColumnFlags_WidthFixed,
                          ImGui::CalcTextSize("Severity").x);
  ImGui::TableSetupColumn("Where", ImGuiTableColumnFlags_WidthStretch, 1.5f);
  ImGui::TableSetupColumn("Problem", ImGuiTableColumnFlags_WidthStretch, 4.0f);
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < problems.size(); ++i) {
    const Diagnostic& d = problems[i];
    const bool error = d.severity == Diagnostic::Severity::kError;
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextColored(error ? colors::warning() : colors::highlight(),
                       error ? "error" : "warning");
    ImGui::TableSetColumnIndex(1);
    // Clicking a problem shows its item: a state selected in the graph, or its tab.
    const std::string where = (d.pointer.empty() ? "/" : d.pointer) + "##problem" +
                              std::to_string(i);
    const std::string tab = problem_tab(d.pointer);
    if (ImGui::Selectable(where.c_str(), false, ImGuiSelectableFlags_SpanAllColumns) &&
        !tab.empty()) {
      select_tab(tab);
      // A layer's problem shows that layer's machine; its states are under "/layers/N".
      const int layer = layer_of(d.pointer);
      const std::vector<SetupLayer>& layers = doc.setup()->layers;
      const bool known_layer = layer >= 0 && static_cast<std::size_t>(layer) < layers.size();
      if (tab == "Graph") graph_.machine = known_layer ? layer + 1 : 0;
      const std::string pointer =
          known_layer ? d.pointer.substr(d.pointer.find('/', 8)) : d.pointer;
      const std::vector<SetupState>& states =
          known_layer ? layers[layer].states : doc.setup()->states;
      const std::string prefix = "/states/";
      if (pointer.rfind(prefix, 0) == 0) {
        const std::size_t index = std::strtoul(pointer.c_str() + prefix.size(), nullptr, 10);
        if (index < states.size()) graph_.selected = states[index].name;
      }
      // A parameter's problem selects it for the Inspector.
      const std::string parameters = "/parameters/";
      if (pointer.rfind(parameters, 0) == 0) {
        const std::size_t index = std::strtoul(pointer.c_str() + parameters.size(), nullptr, 10);
        if (index < doc.setup()->parameters.size()) {
          sel.parameter = doc.setup()->parameters[index].name;
        }
      }
      // A transition's problem selects it too: the Inspector shows its fields.
      const std::string transitions = "/transitions/";
      const std::size_t transition_count =
          known_layer ? layers[layer].transitions.size() : doc.setup()->transitions.size();
      if (pointer.rfind(transitions, 0) == 0) {
        const std::size_t index = std::strtoul(pointer.c_str() + transitions.size(), nullptr, 10);
        if (index < transition_count) {
          graph_.machine = known_layer ? layer + 1 : 0;
          graph_.selected.clear();
          graph_.selection.clear();
          graph_.selected_transition = static_cast<int>(index);
        }
      }
    }
    if (ImGui::IsItemHovered() && !tab.empty()) ImGui::SetTooltip("Show it on the %s tab", tab.c_str());
    rects.record(key("problem", i));
    ImGui::TableSetColumnIndex(2);
    ImGui::TextWrapped("%s", d.message.c_str());
  }
  ImGui::EndTable();
}

}  // namespace anim::ui
