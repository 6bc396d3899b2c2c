#pragma once
// The state machine running in the tool: the instance with what it was built from, where its
// root motion took the character, its recording for rewind (the last 30 s), and the events it
// fired lately. No ImGui: the Document owns one and decides when it plays; tests drive it
// directly.
#include <cstddef>
#include <deque>
#include <memory>
#include <string>

#include "anim/model.h"
#include "anim/root_motion.h"
#include "anim/state_machine.h"
#include "anim/ui/model/preview_recording.h"
#include "anim/ui/model/setup_session.h"

namespace anim::ui {

class MachineRun {
 public:
  // One of the latest events; `age` is seconds of playback since it fired.
  struct RecentEvent {
    std::string name;
    std::string state;
    float age = 0.0f;
  };
  static constexpr std::size_t kRecentEvents = 5;

  bool running() const { return instance_ != nullptr; }
  // Null while nothing runs.
  StateMachineInstance* instance() { return instance_.get(); }
  const StateMachineInstance* instance() const { return instance_.get(); }

  // Runs a machine made from `build` on `model` (which must outlive it), its transition trace on
  // (the graph shows why each transition did or did not fire): from its default state with the
  // character back at the origin, or (go_on) going on from the running machine's state, time,
  // parameter values and place. The recording stops: its frames are of the machine replaced.
  void replace(SetupSession::Build build, const Model& model, bool go_on);
  // Starts the same machine over: its default state, every parameter at its default, the
  // character at the origin.
  void restart(const Model& model);
  // Stops running (before the clips or the definition it points into change).
  void clear();

  // The machine becomes what the tool shows: any rewind is forgotten. A machine that was only
  // hidden (paused while a clip played) goes on with its recording and events; one new or
  // restarted since starts recording (from its start when it was not updated since it was made).
  void show();
  // The tool shows something else: the machine pauses as it is, its recording kept for when it
  // is shown again. A rewound moment goes back to the newest recorded one first, so the
  // recording stays the machine's past.
  void hide();
  // Records from now on, the frames' places from where the character stands now.
  void record_from_here() { start_recording(/*from_start=*/false); }

  // One update by `step` seconds of playback (0 while paused: the machine is updated but not
  // recorded). A rewound moment stays as recorded while paused; playing on from it drops the
  // recorded frames after it.
  void update(float step);

  // Attached to a game (issue 29): instead of updating itself, the machine shows a game's
  // character. follow() takes what one of the game's updates left (game_frame_state: the
  // parameters and layers, as restore_state takes them), the seconds since the game's frame
  // before, and that update's root motion and events. The frame is recorded like one of the
  // preview's (so the history strip, rewind and the why-not lines of a rewound frame work on the
  // game's recording) and shown with the game's trace (the why-not lines of the live frame are
  // the game's), unless a recorded frame is shown (rewound): then the game goes on
  // being recorded behind it, and go_live() shows the game's newest frame again. The recording
  // is fed through a second instance of the same machine (`feed_`), so that what is shown and
  // what is recorded never disturb each other. False, recording nothing, when the state does not
  // fit the machine or nothing runs.
  struct FollowedFrame {
    Span<const StateMachineInstance::SavedParameter> parameters;
    Span<const StateMachineInstance::SavedLayer> layers;
    float dt = 0.0f;
    RootMotion move;
    Span<const StateMachineInstance::FiredEvent> events;
    int64_t events_dropped = 0;
    // That update's transition trace (restore_trace's form), shown live: the why-not lines read
    // the game's own reasons. Empty when the game sent none.
    Span<const StateMachineInstance::TraceEntry> trace;
    Span<const StateMachineInstance::TraceCondition> conditions;
  };
  bool follow(const FollowedFrame& frame, const Model& model);
  // Leaves the game: the machine plays by itself again from the state it shows.
  void stop_following() { feed_.reset(); }
  bool following() const { return feed_ != nullptr; }

  // Where the root motion took the character since the machine started (the identity when the
  // setup does not move it).
  const RootMotion& world() const { return world_; }
  const PreviewRecording& recording() const { return recording_; }
  // Restores recorded frame `frame` (0 the oldest kept): the machine, its parameters, its trace
  // and place. False (nothing changes) for a frame not recorded or without a machine.
  bool rewind_to(std::size_t frame);
  // Back to the newest recorded frame.
  void go_live();
  // The recorded frame shown, or -1 while live.
  int rewound() const { return rewound_; }
  const std::deque<RecentEvent>& recent_events() const { return recent_events_; }
  // The default state (its leaf's name) the running machine last started from, fresh or
  // restarted; edits it went on through keep it. Empty while nothing runs.
  const std::string& started_from() const { return started_from_; }
  // Whether the setup's default state changed since then: the machine plays on from the old
  // one, which a restart (or a game loading the setup) would not.
  bool default_moved() const;

 private:
  void start_recording(bool from_start);
  void place_at(std::size_t frame);

  // Declared before instance_, which points into them: destroyed after it.
  SetupSession::Build build_;
  std::unique_ptr<StateMachineInstance> instance_;
  std::unique_ptr<StateMachineInstance> feed_;  // While following a game: what is recorded.
  RootMotion world_;
  bool fresh_ = false;  // Not updated since it was made in its default state.
  PreviewRecording recording_;
  RootMotion recording_origin_;  // world_ when the recording started: its frames' places are
                                 // from here.
  int rewound_ = -1;
  std::deque<RecentEvent> recent_events_;
  std::string started_from_;  // started_from().
};

}  // namespace anim::ui
