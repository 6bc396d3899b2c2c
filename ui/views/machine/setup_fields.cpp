// The fields of a parameter, a state, a transition (with its conditions): one function each,
// drawn into a table row (the Setup panel's tabs) or a labelled form (the Inspector).
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

#include "anim/setup/edits.h"
#include "anim/ui/model/nested_graph.h"
#include "anim/ui/views/machine/setup_form.h"
#include "anim/ui/views/machine/transition_why_view.h"
#include "anim/ui/widgets/panel_widgets.h"
#include "setup_panel_common.h"

namespace anim::ui {

using setup_panel::key;

namespace {

constexpr ConditionOp kOps[] = {ConditionOp::kGreater,   ConditionOp::kLess, ConditionOp::kEqual,
                                ConditionOp::kNotEqual,  ConditionOp::kTrue, ConditionOp::kFalse,
                                ConditionOp::kTriggerSet};
constexpr Interruption kInterruptions[] = {Interruption::kNone, Interruption::kSource,
                                           Interruption::kDestination};
constexpr TransitionBlend kBlends[] = {TransitionBlend::kCrossfade, TransitionBlend::kInertialize,
                                       TransitionBlend::kDeadBlend};
constexpr SyncMode kSyncModes[] = {SyncMode::kNormalized, SyncMode::kMarkers};
constexpr SyncRole kSyncRoles[] = {SyncRole::kAuto, SyncRole::kLeader, SyncRole::kFollower};

template <class T>
std::size_t count_named(const std::vector<T>& items, const std::string& name) {
  std::size_t count = 0;
  for (const T& item : items) count += item.name == name ? 1 : 0;
  return count;
}

template <class T>
const T* find_named(const std::vector<T>& items, const std::string& name) {
  for (const T& item : items) {
    if (item.name == name) return &item;
  }
  return nullptr;
}

// A rename carries every reference along, in the same edit. When another item still has the
// old name (the user is fixing a duplicate), the references already mean that one and stay.
bool references_follow(const std::string& from, const std::string& to, std::size_t others) {
  return !from.empty() && from != to && others == 0;
}

// Renames within the machine `setup` holds (a layer's view holds the layer's own states).
void rename_state(setup::Setup* setup, const std::string& from, const std::string& to) {
  if (!references_follow(from, to, count_named(setup->states, from))) return;
  if (setup->default_state == from) setup->default_state = to;
  for (setup::SetupTransition& t : setup->transitions) {
    if (t.from == from) t.from = to;
    if (t.to == from) t.to = to;
  }
}

void rename_condition_parameters(std::vector<setup::SetupTransition>& transitions,
                                 const std::string& from, const std::string& to) {
  for (setup::SetupTransition& t : transitions) {
    for (setup::SetupCondition& c : t.conditions) {
      if (c.parameter == from) c.parameter = to;
    }
  }
}

// The name of item `i` in the committed setup: what a rename in the working copy started from.
template <class T>
std::string committed_name(const std::vector<T>& items, std::size_t i) {
  return i < items.size() ? items[i].name : std::string();
}

// The ops the validator accepts for a parameter of `type`.
bool op_fits(ConditionOp op, ParameterType type) {
  switch (op) {
    case ConditionOp::kGreater:
    case ConditionOp::kLess:
      return type == ParameterType::kFloat || type == ParameterType::kInt;
    case ConditionOp::kEqual:
    case ConditionOp::kNotEqual:
      return type != ParameterType::kTrigger && type != ParameterType::kVector3;
    case ConditionOp::kTrue:
    case ConditionOp::kFalse:
      return type == ParameterType::kBool;
    case ConditionOp::kTriggerSet:
      return type == ParameterType::kTrigger;
  }
  return false;
}

// What a new condition on a parameter of `type` tests first.
ConditionOp first_op(ParameterType type) {
  switch (type) {
    case ParameterType::kFloat:
    case ParameterType::kInt:
      return ConditionOp::kGreater;
    case ParameterType::kBool:
      return ConditionOp::kTrue;
    case ParameterType::kTrigger:
      return ConditionOp::kTriggerSet;
    case ParameterType::kVector3:  // No condition tests one: op_fits refuses every op.
      break;
  }
  return ConditionOp::kTrue;
}

bool op_takes_value(ConditionOp op) {
  return op == ConditionOp::kGreater || op == ConditionOp::kLess || op == ConditionOp::kEqual ||
         op == ConditionOp::kNotEqual;
}

// Keeps a default meaningful for a parameter that changed type.
void fit_to_type(setup::SetupParameter* p) {
  switch (p->type) {
    case ParameterType::kFloat:
      return;
    case ParameterType::kInt:
      p->default_value = std::round(p->default_value);
      p->rate = 0.0f;
      return;
    case ParameterType::kBool:
    case ParameterType::kTrigger:
    case ParameterType::kVector3:
      // Ranges and smoothing mean nothing for on/off values and points; the panel hides them.
      p->default_value = p->default_value > 0.5f ? 1.0f : 0.0f;
      p->min.reset();
      p->max.reset();
      p->rate = 0.0f;
      return;
  }
}

// IK targets, poles and weights naming the parameter.
void rename_ik_parameters(std::vector<setup::SetupIk>* entries, const std::string& from,
                          const std::string& to) {
  for (setup::SetupIk& e : *entries) {
    if (e.target && e.target->parameter == from) e.target->parameter = to;
    if (e.pole.parameter == from) e.pole.parameter = to;
    if (e.weight.parameter == from) e.weight.parameter = to;
  }
}

}  // namespace

namespace setup_form {

// Parameters are shared by every machine: the layers' conditions and weights follow too.
void rename_parameter(setup::Setup* setup, const std::string& from, const std::string& to) {
  if (!references_follow(from, to, count_named(setup->parameters, from))) return;
  for (setup::SetupBlendSpace& space : setup->blend_spaces) {
    if (space.parameter == from) space.parameter = to;
    if (space.parameter_y == from) space.parameter_y = to;
  }
  rename_condition_parameters(setup->transitions, from, to);
  rename_ik_parameters(&setup->ik, from, to);
  for (setup::SetupLayer& layer : setup->layers) {
    rename_condition_parameters(layer.transitions, from, to);
    if (layer.weight_parameter == from) layer.weight_parameter = to;
    rename_ik_parameters(&layer.ik, from, to);
  }
}

std::string transition_text(const setup::SetupTransition& t) { return t.from + " -> " + t.to; }

void rename_blend_space(setup::Setup* setup, const std::string& from, const std::string& to) {
  if (!references_follow(from, to, count_named(setup->blend_spaces, from))) return;
  for (setup::SetupState& state : setup->states) {
    if (state.motion == from) state.motion = to;
  }
  for (setup::SetupLayer& layer : setup->layers) {
    for (setup::SetupState& state : layer.states) {
      if (state.motion == from) state.motion = to;
    }
  }
}

}  // namespace setup_form

using setup_form::transition_text;

// --- Parameters ---

void SetupForm::parameter_fields(const setup::Setup& saved, std::size_t i, Cells cells) {
  setup::SetupParameter& p = working_.parameters[i];
  cells.next("Name");
  if (text_field("##name", key("param_name", i), &p.name)) {
    const std::string old = committed_name(saved.parameters, i);
    setup_form::rename_parameter(&working_, old, p.name);
    commit("rename parameter " + old + " to " + p.name);
  }

  cells.next("Type");
  if (begin_combo("##type", key("param_type", i), setup::to_string(p.type))) {
    for (ParameterType type : setup_panel::kParameterTypes) {
      if (combo_choice(key("param_type", i), setup::to_string(type), type == p.type)) {
        p.type = type;
        fit_to_type(&p);
        commit("make parameter " + p.name + " " + setup::to_string(type));
      }
    }
    ImGui::EndCombo();
  }

  cells.next("Default");
  const std::string what = "set default of parameter " + p.name;
  switch (p.type) {
    case ParameterType::kFloat:
      if (float_field("##default", key("param_default", i), &p.default_value, 0.01f)) {
        commit(what);
      }
      break;
    case ParameterType::kInt:
      if (int_field("##default", key("param_default", i), &p.default_value)) commit(what);
      break;
    case ParameterType::kBool: {
      bool on = p.default_value > 0.5f;
      if (ImGui::Checkbox("##default", &on)) {
        p.default_value = on ? 1.0f : 0.0f;
        commit(what);
      }
      rects.record(key("param_default", i));
      break;
    }
    case ParameterType::kTrigger:
      ImGui::TextDisabled("-");
      break;
    case ParameterType::kVector3:
      ImGui::SetNextItemWidth(-FLT_MIN);
      ImGui::DragFloat3("##default", &p.default_vector.x, 0.01f, 0.0f, 0.0f, "%.3f");
      rects.record(key("param_default", i));
      if (finished_edit()) commit(what);
      break;
  }

  // A form shows only the fields that mean something for the type; a table keeps its columns.
  const bool ranged = p.type == ParameterType::kFloat || p.type == ParameterType::kInt;
  if (!ranged && !cells.is_table()) return;
  cells.next("Min");
  if (ranged && optional_float_field("param_min", i, &p.min, p.default_value, 0.01f)) {
    commit("set min of parameter " + p.name);
  }
  cells.next("Max");
  if (ranged && optional_float_field("param_max", i, &p.max, p.default_value, 0.01f)) {
    commit("set max of parameter " + p.name);
  }
  if (p.type != ParameterType::kFloat && !cells.is_table()) return;
  cells.next("Rate");
  if (p.type != ParameterType::kFloat) {
    ImGui::TextDisabled("-");
  } else if (float_field("##rate", key("param_rate", i), &p.rate, 0.01f, 0.0f, 1000.0f,
                         p.rate > 0.0f ? "%.2f / s" : "instant")) {
    commit("set rate of parameter " + p.name);
  }
  if (p.type == ParameterType::kFloat && ImGui::IsItemHovered()) {
    ImGui::SetTooltip("How fast the value follows a new target, in units per second");
  }
}

// --- States ---

void SetupForm::state_fields(const setup::Setup& saved, const std::vector<Clip>& clips,
                             std::size_t i, Cells cells) {
  setup::SetupState& state = working_.states[i];
  cells.next("Name");
  if (text_field("##name", key("state_name", i), &state.name)) {
    const std::string old = committed_name(saved.states, i);
    state_rename_ = StateRename{i, old, state.name};
    rename_state(&working_, old, state.name);
    commit("rename state " + old + " to " + state.name);
  }

  cells.next("Motion");
  const std::string motion_rect = key("state_motion", i);
  if (state.is_machine()) {
    // A nested machine plays its states' motions, not one of its own: nothing to choose here.
    ImGui::TextDisabled("machine");
    rects.record(motion_rect);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip(
          "%s", (machine_caption(*state.machine) + "; double-click its box in the graph to open it")
                    .c_str());
    }
  } else if (begin_combo("##motion", motion_rect, shown_name(state.motion))) {
    bool picked = false;
    for (const Clip& clip : clips) picked |= name_choice(motion_rect, clip.name, &state.motion);
    if (!working_.blend_spaces.empty()) ImGui::Separator();
    for (const setup::SetupBlendSpace& space : working_.blend_spaces) {
      picked |= name_choice(motion_rect, space.name, &state.motion);
    }
    if (picked) commit("set motion of state " + state.name);
    ImGui::EndCombo();
  }

  cells.next("Speed");
  if (float_field("##speed", key("state_speed", i), &state.speed, 0.01f, 0.0f, 0.0f, "%.2fx")) {
    commit("set speed of state " + state.name);
  }
  cells.next("Loop");
  if (ImGui::Checkbox("##loop", &state.loop)) {
    commit((state.loop ? "loop state " : "stop looping state ") + state.name);
  }
  rects.record(key("state_loop", i));
  if (cells.is_table()) return;  // The sync group is the Inspector's: the table stays narrow.
  cells.next("Sync group");
  if (text_field("##sync_group", key("state_sync_group", i), &state.sync_group)) {
    commit(state.sync_group.empty()
               ? "take state " + state.name + " out of its sync group"
               : "put state " + state.name + " in sync group " + state.sync_group);
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "States of one group that play at once, in any layer, keep the place of the heaviest:\n"
        "between their sync markers when both clips have them, else in normalized time.\n"
        "Empty: none. Only looping states join.");
  }
  cells.next("Sync role");
  ImGui::BeginDisabled(state.sync_group.empty());
  if (enum_combo("##sync_role", key("state_sync_role", i), kSyncRoles, &state.sync_role)) {
    commit("set sync role of state " + state.name);
  }
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip(
        "auto: leads its group while it weighs the most\nleader: leads whenever it plays\n"
        "follower: never leads");
  }
}

// --- Transitions ---

void SetupForm::transition_fields(std::size_t i, Cells cells) {
  setup::SetupTransition& t = working_.transitions[i];
  cells.next("From");
  const std::string from_rect = key("transition_from", i);
  if (begin_combo("##from", from_rect, t.from == "*" ? "* (any state)" : shown_name(t.from))) {
    bool picked = false;
    if (combo_choice(from_rect, "*", t.from == "*")) {
      t.from = "*";
      picked = true;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Any state");
    for (const setup::SetupState& state : working_.states) {
      picked |= name_choice(from_rect, state.name, &t.from);
    }
    if (picked) commit("set source of transition " + transition_text(t));
    ImGui::EndCombo();
  }
  cells.next("To");
  const std::string to_rect = key("transition_to", i);
  if (begin_combo("##to", to_rect, shown_name(t.to))) {
    bool picked = false;
    for (const setup::SetupState& state : working_.states) {
      picked |= name_choice(to_rect, state.name, &t.to);
    }
    if (picked) commit("set destination of transition " + transition_text(t));
    ImGui::EndCombo();
  }
  cells.next("Exit time");
  if (optional_float_field("exit_time", i, &t.exit_time, 1.0f, 0.01f)) {
    commit("set exit time of transition " + transition_text(t));
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Normalized time of the source state from which the transition may fire");
  }
  cells.next("Duration");
  if (float_field("##duration", key("duration", i), &t.duration, 0.01f, 0.0f, 60.0f, "%.2f s")) {
    commit("set duration of transition " + transition_text(t));
  }
  cells.next("Offset");
  if (float_field("##offset", key("offset", i), &t.offset, 0.005f, 0.0f, 1.0f, "%.2f")) {
    commit("set offset of transition " + transition_text(t));
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Normalized start time in the destination");
  cells.next("Interruption");
  const std::string interruption_rect = key("interruption", i);
  if (enum_combo("##interruption", interruption_rect, kInterruptions, &t.interruption)) {
    commit("set interruption of transition " + transition_text(t));
  }
  cells.next("Blend");
  const std::string blend_rect = key("transition_blend", i);
  if (enum_combo("##blend", blend_rect, kBlends, &t.blend)) {
    commit("set blend of transition " + transition_text(t));
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "crossfade: both states play for the duration\n"
        "inertialize: the destination plays at once; the pose's offset from what was shown\n"
        "decays over the duration\n"
        "dead_blend: the destination plays at once; the pose shown coasts on along its\n"
        "velocity, which halves every half-life, and fades into it");
  }
  cells.next("Half-life");
  // Only a dead blend has one; the cell stays (a table's columns line up) but cannot be edited.
  ImGui::BeginDisabled(t.blend != TransitionBlend::kDeadBlend);
  if (float_field("##half_life", key("half_life", i), &t.half_life, 0.005f, 0.001f, 10.0f,
                  "%.3f s")) {
    commit("set half-life of transition " + transition_text(t));
  }
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("Dead blend: seconds for the old pose's velocity to halve");
  }
  cells.next("Sync");
  const std::string sync_rect = key("transition_sync", i);
  if (enum_combo("##sync", sync_rect, kSyncModes, &t.sync)) {
    commit("set sync of transition " + transition_text(t));
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "normalized: the destination starts at its offset\n"
        "markers: the destination starts where the source is between the same sync markers\n"
        "(the same foot down); the offset is then not used");
  }
}

void SetupForm::condition_rows(std::size_t i, ConditionColumns columns, const TransitionWhy* live) {
  setup::SetupTransition& t = working_.transitions[i];
  std::optional<std::size_t> remove;
  ImGui::PushID("conditions");
  for (std::size_t j = 0; j < t.conditions.size(); ++j) {
    if (condition_row(i, j, columns, live)) remove = j;
  }
  if (remove) {
    commit("remove a condition of transition " + transition_text(t));
    t.conditions.erase(t.conditions.begin() + static_cast<std::ptrdiff_t>(*remove));
  }
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(columns.parameter);
  if (ImGui::SmallButton("Add condition")) {
    setup::SetupCondition c;
    if (!working_.parameters.empty()) {
      c.parameter = working_.parameters.front().name;
      c.op = first_op(working_.parameters.front().type);
    }
    commit("add a condition to transition " + transition_text(t));
    // The first condition turns exit time off (setup::add_condition): say so until the next edit.
    if (setup::add_condition(t, std::move(c))) exit_time_note_ = transition_text(t);
  }
  rects.record(key("add_condition", i));
  if (exit_time_note_ && *exit_time_note_ == transition_text(t) && !t.exit_time) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(columns.parameter);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(colors::highlight(),
                       "Exit time turned off: it fires as soon as its conditions hold. Turn it "
                       "on to also wait for the source's exit time.");
    ImGui::PopTextWrapPos();
    rects.record(key("exit_time_note", i));
  } else if (t.exit_time && !t.conditions.empty()) {
    // The trap the first condition avoids, when the author turned exit time back on (or a file
    // has it): worth a line, since it can wait up to a whole cycle.
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(columns.parameter);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled(
        "With exit time on it also waits for the source's exit time (%.2f), not "
        "only for its conditions.",
        static_cast<double>(*t.exit_time));
    ImGui::PopTextWrapPos();
    rects.record(key("exit_time_wait", i));
  }
  ImGui::PopID();
}

bool SetupForm::condition_row(std::size_t i, std::size_t j, ConditionColumns columns,
                              const TransitionWhy* live) {
  const std::string what =
      "edit a condition of transition " + transition_text(working_.transitions[i]);
  ImGui::PushID(static_cast<int>(j));
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(columns.label);
  ImGui::AlignTextToFramePadding();
  text_right(j == 0 ? "when" : "and");
  ImGui::TableSetColumnIndex(columns.parameter);
  const setup::SetupParameter* p = condition_parameter_combo(i, j, what);
  ImGui::TableSetColumnIndex(columns.op);
  condition_op_combo(i, j, p, what);
  ImGui::TableSetColumnIndex(columns.value);
  condition_value_field(i, j, p, what);

  // The running machine's conditions are the setup's in order (compile_setup keeps it).
  if (live != nullptr && columns.live >= 0 && j < live->checks.size()) {
    ImGui::TableSetColumnIndex(columns.live);
    const CheckLine& check = live->checks[j];
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(verdict_color(check.verdict), "%s", check.value.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Now %s", check.actual.c_str());
    rects.record(key("condition_live", i, j));
  }

  ImGui::TableSetColumnIndex(columns.remove);
  const bool remove = remove_button(key("remove_condition", i, j), "Remove this condition");
  ImGui::PopID();
  return remove;
}

const setup::SetupParameter* SetupForm::condition_parameter_combo(std::size_t i, std::size_t j,
                                                                  const std::string& what) {
  setup::SetupCondition& c = working_.transitions[i].conditions[j];
  const setup::SetupParameter* p = find_named(working_.parameters, c.parameter);
  const std::string param_rect = key("condition_parameter", i, j);
  if (begin_combo("##parameter", param_rect, shown_name(c.parameter))) {
    bool picked = false;
    for (const setup::SetupParameter& candidate : working_.parameters) {
      picked |= name_choice(param_rect, candidate.name, &c.parameter);
    }
    p = find_named(working_.parameters, c.parameter);
    // A new parameter type may not allow the op: take the first one that it does.
    if (picked && p != nullptr && !op_fits(c.op, p->type)) c.op = first_op(p->type);
    if (picked) commit(what);
    ImGui::EndCombo();
  }
  return p;
}

void SetupForm::condition_op_combo(std::size_t i, std::size_t j, const setup::SetupParameter* p,
                                   const std::string& what) {
  setup::SetupCondition& c = working_.transitions[i].conditions[j];
  const std::string op_rect = key("condition_op", i, j);
  if (!begin_combo("##op", op_rect, setup::to_string(c.op))) return;
  for (ConditionOp op : kOps) {
    // Unknown parameters get every op: the Problems tab reports the parameter first.
    if (p != nullptr && !op_fits(op, p->type) && op != c.op) continue;
    if (combo_choice(op_rect, setup::to_string(op), op == c.op)) {
      c.op = op;
      commit(what);
    }
  }
  ImGui::EndCombo();
}

void SetupForm::condition_value_field(std::size_t i, std::size_t j, const setup::SetupParameter* p,
                                      const std::string& what) {
  setup::SetupCondition& c = working_.transitions[i].conditions[j];
  const std::string value_rect = key("condition_value", i, j);
  if (!op_takes_value(c.op)) {
    ImGui::TextDisabled("-");
  } else if (p != nullptr && p->type == ParameterType::kBool) {
    bool on = c.value > 0.5f;
    if (ImGui::Checkbox("##value", &on)) {
      c.value = on ? 1.0f : 0.0f;
      commit(what);
    }
    rects.record(value_rect);
  } else if (p != nullptr && p->type == ParameterType::kInt) {
    if (int_field("##value", value_rect, &c.value)) commit(what);
  } else if (float_field("##value", value_rect, &c.value, 0.01f)) {
    commit(what);
  }
}

}  // namespace anim::ui
