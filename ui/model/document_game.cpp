// The Document attached to a game (issue 29): its state machine follows the frames of a game's
// character (document.h, "Attached to a game").
#include "anim/link/protocol.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/game_frame.h"

namespace anim::ui {

std::string Document::game_mismatch(const link::Watching& watching) const {
  if (!run_.running()) return "no state machine runs in the tool (open the game's setup)";
  return description_mismatch(watching, run_.instance()->def());
}

bool Document::follow_game_frame(const link::Frame& frame, float dt) {
  if (!run_.running()) return false;
  const StateMachineDef& def = run_.instance()->def();
  game_parameters_.resize(def.parameters.size());
  game_layers_.resize(def.layers.size() + 1);
  if (!game_frame_state(frame, def, game_parameters_, game_layers_)) return false;
  MachineRun::FollowedFrame f;
  f.parameters = game_parameters_;
  f.layers = game_layers_;
  f.dt = dt;
  f.move = frame.root_motion;
  f.events = Span<const StateMachineInstance::FiredEvent>(frame.events.data(), frame.events.size());
  f.events_dropped = frame.events_dropped;
  f.trace = frame.trace;
  f.conditions = frame.conditions;
  if (!run_.follow(f, *model_)) return false;
  if (mode_ != PlaybackMode::kStateMachine) {
    mode_ = PlaybackMode::kStateMachine;
    plots_.clear();
  }
  if (run_.rewound() < 0) playing_ = true;
  evaluate();
  return true;
}

void Document::stop_following_game() { run_.stop_following(); }

}  // namespace anim::ui
