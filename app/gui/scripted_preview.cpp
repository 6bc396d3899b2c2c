#include "gui/scripted_preview.h"

#include <iostream>

namespace anim::app {

ScriptedPreview::ScriptedPreview(std::vector<std::string> sets, float rewind, bool for_game)
    : texts_(std::move(sets)), rewind_(rewind), for_game_(for_game) {}

namespace {

// `change` as an edit for the game (its parameter indexes the machine the game's matches).
ui::Document::GameEdit game_edit(const StateMachineDef& def, const ParameterChange& change) {
  ui::Document::GameEdit e;
  e.parameter = change.parameter;
  const ParameterType type = def.parameters[static_cast<std::size_t>(change.parameter)].type;
  e.kind = type == ParameterType::kVector3   ? ui::Document::GameEdit::Kind::kVector
           : type == ParameterType::kTrigger ? ui::Document::GameEdit::Kind::kTrigger
                                             : ui::Document::GameEdit::Kind::kValue;
  e.value = change.value;
  e.vector = change.vector;
  return e;
}

}  // namespace

void ScriptedPreview::before_update(ui::Document& doc, float dt, bool rewind_now) {
  StateMachineInstance* sm = doc.state_machine();
  if (sm == nullptr || doc.mode() != ui::PlaybackMode::kStateMachine) return;
  if (for_game_ && !doc.following_game()) return;
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
    const ParameterChange& c = changes_[next_];
    const bool valid =
        c.parameter >= 0 && static_cast<std::size_t>(c.parameter) < sm->def().parameters.size();
    if (for_game_ && valid) {
      // A trigger set to false is no edit for the game (as the Parameters sidebar's).
      const ui::Document::GameEdit e = game_edit(sm->def(), c);
      if (e.kind != ui::Document::GameEdit::Kind::kTrigger || c.value > 0.5f)
        doc.queue_game_edit(e);
    } else {
      apply_change(*sm, c);
    }
    ++next_;
  }
  if (doc.playing()) time_ += dt * doc.speed();
  if (rewind_now && rewind_ >= 0.0f && !doc.recording().empty()) {
    const ui::PreviewRecording& r = doc.recording();
    doc.rewind_to(r.frame_at(r.duration() - static_cast<double>(rewind_)));
  }
}

}  // namespace anim::app
