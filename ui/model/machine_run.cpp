#include "anim/ui/model/machine_run.h"

#include <memory>
#include <utility>

namespace anim::ui {
namespace {

// A machine of `build` on `model` from its default state, its transition trace on (the graph
// shows why each transition did or did not fire).
std::unique_ptr<StateMachineInstance> start(const SetupSession::Build& build, const Model& model) {
  auto machine = std::make_unique<StateMachineInstance>(*build.def, model.skeleton,
                                                        build.motion->clip_set(model.clips));
  machine->set_trace(true);
  return machine;
}

// The name of `def`'s default state (a leaf's path for a nested machine); empty without states.
std::string default_name(const StateMachineDef& def) {
  const int d = def.default_state;
  return d >= 0 && static_cast<std::size_t>(d) < def.states.size()
             ? def.states[static_cast<std::size_t>(d)].name
             : std::string();
}

}  // namespace

void MachineRun::replace(SetupSession::Build build, const Model& model, bool go_on) {
  std::unique_ptr<StateMachineInstance> next = start(build, model);
  go_on = go_on && instance_ != nullptr;
  if (go_on) next->continue_from(*instance_);
  fresh_ = !go_on;
  feed_.reset();                // Of the old build.
  instance_ = std::move(next);  // Before build_: the old machine points into the old build.
  build_ = std::move(build);
  if (!go_on) {
    world_ = RootMotion{};
    started_from_ = default_name(*build_.def);
  }
  rewound_ = -1;
  recording_.stop();
}

bool MachineRun::default_moved() const {
  return instance_ != nullptr && started_from_ != default_name(instance_->def());
}

void MachineRun::restart(const Model& model) {
  if (!build_.def) return;
  instance_ = start(build_, model);
  fresh_ = true;
  world_ = RootMotion{};
  started_from_ = default_name(*build_.def);
}

void MachineRun::clear() {
  feed_.reset();
  instance_.reset();  // Before the build it points into.
  build_ = {};
  started_from_.clear();
  recording_.stop();
  rewound_ = -1;
}

void MachineRun::show() {
  if (!instance_) return;
  rewound_ = -1;
  // Paused, not replaced: the same machine goes on, and so does its past.
  if (recording_.recording() && !fresh_) return;
  recent_events_.clear();
  start_recording(fresh_);
}

void MachineRun::hide() {
  if (rewound_ >= 0) go_live();
}

void MachineRun::start_recording(bool from_start) {
  if (!instance_) return;
  recording_.start(*instance_, from_start);
  recording_origin_ = world_;
}

void MachineRun::update(float step) {
  if (!instance_) return;
  if (rewound_ >= 0) {
    if (!(step > 0.0f)) return;  // A rewound moment stays as recorded while paused.
    recording_.truncate_after(static_cast<std::size_t>(rewound_));  // Plays on from it.
    rewound_ = -1;
  }
  const bool recorded = step > 0.0f;
  if (recorded) recording_.begin_frame(*instance_);
  world_ = compose(world_, instance_->update(step));
  fresh_ = false;
  if (recorded) {
    recording_.end_frame(*instance_, step);
  } else {
    recording_.note_unrecorded_update();
  }
  for (RecentEvent& e : recent_events_) e.age += step;
  const StateMachineDef& def = instance_->def();
  for (const StateMachineInstance::FiredEvent& fired : instance_->events()) {
    recent_events_.push_back({def.events[fired.event].name, def.states[fired.state].name});
    if (recent_events_.size() > kRecentEvents) recent_events_.pop_front();
  }
}

bool MachineRun::follow(const FollowedFrame& frame, const Model& model) {
  if (!instance_) return false;
  const bool starting = feed_ == nullptr;
  if (starting) {
    feed_ = start(build_, model);
    feed_->set_trace(false);
  }
  if (starting || !recording_.recording()) {
    // The game's first frame: nothing before it to record an update from.
    if (!feed_->restore_state(frame.parameters, frame.layers)) {
      feed_.reset();
      return false;
    }
    recording_.start(*feed_, /*from_start=*/false);
    recording_origin_ = world_;
    rewound_ = -1;
  } else {
    const std::size_t before = recording_.size();
    recording_.begin_frame(*feed_);
    if (!feed_->restore_state(frame.parameters, frame.layers)) return false;
    recording_.end_frame(*feed_, frame.dt, frame.move, frame.events, frame.events_dropped);
    // Frames older than the recording keeps were dropped: a rewound frame moves down with them
    // (the oldest kept, once it is gone itself).
    const std::size_t dropped = before + 1 - recording_.size();
    if (rewound_ >= 0 && dropped > 0) {
      const int moved = rewound_ - static_cast<int>(dropped);
      rewound_ = moved < 0 ? 0 : moved;
      if (moved < 0) rewind_to(0);
    }
  }
  if (rewound_ >= 0) return true;
  instance_->restore_state(frame.parameters, frame.layers);
  // restore_state emptied the trace: the game's says why its update did (not) transition. One
  // that does not fit the machine leaves it empty.
  instance_->restore_trace(frame.trace, frame.conditions);
  world_ = compose(world_, frame.move);
  fresh_ = false;
  for (RecentEvent& e : recent_events_) e.age += frame.dt;
  const StateMachineDef& def = instance_->def();
  for (const StateMachineInstance::FiredEvent& fired : frame.events) {
    const auto& states = fired.layer == 0 ? def.states : def.layers[fired.layer - 1].states;
    recent_events_.push_back({def.events[fired.event].name, states[fired.state].name});
    if (recent_events_.size() > kRecentEvents) recent_events_.pop_front();
  }
  return true;
}

void MachineRun::place_at(std::size_t frame) {
  world_ = compose(recording_origin_, recording_.frame(frame).place);
}

bool MachineRun::rewind_to(std::size_t frame) {
  if (!instance_ || !recording_.restore(*instance_, frame)) return false;
  place_at(frame);
  rewound_ = static_cast<int>(frame);
  return true;
}

void MachineRun::go_live() {
  if (!instance_) return;
  if (rewound_ >= 0 && !recording_.empty() &&
      recording_.restore(*instance_, recording_.size() - 1)) {
    place_at(recording_.size() - 1);
  }
  rewound_ = -1;
}

}  // namespace anim::ui
