#include "gui/scripted_preview.h"

#include <iostream>

namespace anim::app {

ScriptedPreview::ScriptedPreview(std::vector<std::string> sets, float rewind)
    : texts_(std::move(sets)), rewind_(rewind) {}

void ScriptedPreview::before_update(ui::Document& doc, float dt, bool rewind_now) {
  StateMachineInstance* sm = doc.state_machine();
  if (sm == nullptr || doc.mode() != ui::PlaybackMode::kStateMachine) return;
  if (!parsed_) {
    parsed_ = true;
    Result<std::vector<ParameterChange>> changes = parse_changes(texts_, sm->def());
    if (changes.ok()) {
      changes_ = std::move(changes).value();
    } else {
      std::cerr << "animscope: " << changes.error().message << "\n";
    }
  }
  while (next_ < changes_.size() && changes_[next_].time <= time_ + 1e-6f) {
    apply_change(*sm, changes_[next_]);
    ++next_;
  }
  if (doc.playing()) time_ += dt * doc.speed();
  if (rewind_now && rewind_ >= 0.0f && !doc.recording().empty()) {
    const ui::PreviewRecording& r = doc.recording();
    doc.rewind_to(r.frame_at(r.duration() - static_cast<double>(rewind_)));
  }
}

}  // namespace anim::app
