#include "anim/ui/views/machine/setup_form.h"

#include <cfloat>
#include <cmath>
#include <utility>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "anim/setup/layer_edits.h"
#include "anim/ui/model/nested_graph.h"
#include "anim/ui/widgets/panel_widgets.h"
#include "setup_panel_common.h"

namespace anim::ui {

using setup_panel::key;

void Cells::next(const char* label) {
  if (table_) {
    ImGui::TableSetColumnIndex(column_++);
    return;
  }
  form_label(label, 6.5f);  // Room for "Interruption".
}

namespace {

// Whether `rename` names the one state called `from` in `view` (with a duplicate, a rename by
// name could take the other one).
template <class Rename>
bool renames_one_state(const setup::Setup& view, const Rename& rename) {
  std::size_t named = 0;
  for (const setup::SetupState& state : view.states) named += state.name == rename.from ? 1 : 0;
  return named == 1 && rename.index < view.states.size() &&
         view.states[rename.index].name == rename.from;
}

}  // namespace

// --- Frame ---

bool SetupForm::begin(const Document& doc, int machine, const std::vector<std::string>& level) {
  rects.clear();
  if (!doc.has_setup()) {
    doc_ = 0;
    editing_ = false;
    pending_.clear();
    return false;
  }
  const bool gone = !level.empty() && !nested_view(machine_view(*doc.setup(), machine), level);
  const std::vector<std::string> shown_level = gone ? std::vector<std::string>() : level;
  const bool same = doc_ == doc.stamp().document && machine_ == machine && level_ == shown_level;
  doc_ = doc.stamp().document;
  machine_ = machine;
  level_ = shown_level;
  if (!same || !editing_) working_ = saved_view(*doc.setup());
  if (!same) editing_ = false;
  editing_now_ = false;
  return true;
}

setup::Setup SetupForm::saved_view(const setup::Setup& setup) const {
  setup::Setup view = machine_view(setup, machine_);
  if (level_.empty()) return view;
  std::optional<setup::Setup> nested = nested_view(view, level_);
  return nested ? std::move(*nested) : view;
}

void SetupForm::flush(const Document& doc, Commands& cmds) {
  std::optional<StateRename> rename = std::move(state_rename_);
  state_rename_.reset();
  if (pending_.empty() || !doc.has_setup()) return;
  if (rename && renames_one_state(saved_view(*cmds.setup(doc)), *rename) &&
      cmds.rename_state(doc, machine_, level_, rename->from, rename->to).ok()) {
    pending_.clear();
    return;
  }
  if (machine_ == 0 && level_.empty()) {
    cmds.edit_setup(working_, std::move(pending_));
  } else {
    setup::Setup whole = *cmds.setup(doc);
    setup::Setup view = machine_view(whole, machine_);
    // A nested machine goes back by its path, its renames and removals carried to the
    // machines around it.
    if (!level_.empty()) {
      store_nested_view(&view, level_, working_);
      pending_ += " in " + join_path(level_);
    } else {
      view = working_;
    }
    store_machine_view(whole, machine_, view);
    cmds.edit_setup(std::move(whole), std::move(pending_));
  }
  pending_.clear();
}

void SetupForm::end(const Document& doc, Commands& cmds) {
  editing_ = editing_now_;
  flush(doc, cmds);
}

void SetupForm::reload(const Document& doc, const Commands& cmds) {
  if (doc.has_setup()) working_ = saved_view(*cmds.setup(doc));
}

// --- Widgets ---

bool SetupForm::finished_edit() {
  // A field being typed in or dragged keeps working_ from being refreshed (see begin()).
  if (ImGui::IsItemActive()) editing_now_ = true;
  return ImGui::IsItemDeactivatedAfterEdit();
}

bool SetupForm::text_field(const char* id, const std::string& rect, std::string* text) {
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::InputText(id, text);
  rects.record(rect);
  return finished_edit();
}

bool SetupForm::float_field(const char* id, const std::string& rect, float* value, float speed,
                            float min, float max, const char* format) {
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::DragFloat(id, value, speed, min, max, format,
                   min < max ? ImGuiSliderFlags_AlwaysClamp : ImGuiSliderFlags_None);
  rects.record(rect);
  return finished_edit();
}

bool SetupForm::int_field(const char* id, const std::string& rect, float* value) {
  int whole = static_cast<int>(std::lround(*value));
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::DragInt(id, &whole, 0.1f)) *value = static_cast<float>(whole);
  rects.record(rect);
  return finished_edit();
}

bool SetupForm::optional_float_field(const char* name, std::size_t row, std::optional<float>* value,
                                     float when_enabled, float speed) {
  const std::string rect = key(name, row);
  ImGui::PushID(name);
  bool on = value->has_value();
  bool done = false;
  if (ImGui::Checkbox("##on", &on)) {
    *value = on ? std::optional<float>(when_enabled) : std::nullopt;
    done = true;
  }
  rects.record(key((std::string(name) + "_on").c_str(), row));
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
  if (value->has_value()) {
    done = float_field("##value", rect, &**value, speed) || done;
  } else {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("off");
  }
  ImGui::PopID();
  return done;
}

bool SetupForm::begin_combo(const char* id, const std::string& rect, const char* preview) {
  return begin_choice_combo(rects, id, rect, preview);
}

int SetupForm::choice_combo(const char* id, const std::string& rect, const char* const* labels,
                            std::size_t count, int current, const char* preview) {
  return ui::choice_combo(rects, id, rect, labels, count, current, preview);
}

bool SetupForm::combo_choice(const std::string& rect, const char* label, bool chosen) {
  return ui::combo_choice(rects, rect, label, chosen);
}

bool SetupForm::name_choice(const std::string& rect, const std::string& name, std::string* value) {
  if (!combo_choice(rect, shown_name(name), *value == name)) return false;
  *value = name;
  return true;
}

bool SetupForm::remove_button(const std::string& rect, const char* tooltip) {
  const bool pressed = ImGui::Button("x", ImVec2(ImGui::GetFrameHeight(), 0.0f));
  rects.record(rect);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
  return pressed;
}

void SetupForm::commit(std::string what) {
  // Two edits finishing in one frame (rare: a field left by clicking a checkbox) share a step.
  pending_ = pending_.empty() ? std::move(what) : pending_ + ", " + what;
  exit_time_note_.reset();  // A note is about the edit that made it.
}

}  // namespace anim::ui
