#pragma once
// The last half minute of the tool's state machine, frame by frame: what each update was given
// (its dt and the parameters as the user left them), what it left (every layer's tracks, the
// running transitions, the parameters), how it moved the character (root motion) and the events
// it fired, so that the tool can show the
// history, rewind the character to any recorded frame exactly and export the parameter changes
// as `play --set` lines. A ring buffer sized once when a recording starts: recording a frame
// never allocates.
#include <array>
#include <cstddef>
#include <vector>

#include "anim/root_motion.h"
#include "anim/span.h"
#include "anim/state_machine.h"

namespace anim::ui {

class PreviewRecording {
 public:
  using SavedParameter = StateMachineInstance::SavedParameter;
  using SavedLayer = StateMachineInstance::SavedLayer;

  static constexpr double kSeconds = 30.0;  // Frames older than this are dropped...
  // ... and so are the oldest when more than this many are kept (30 s at 144 Hz), so a faster
  // display keeps less than 30 s.
  static constexpr std::size_t kMaxFrames = 30 * 144;
  static constexpr int kEventsPerFrame = 8;  // Kept per frame; the rest are counted.

  struct Event {
    int event = -1;  // Index into the def's events.
    int state = -1;  // In its layer's states.
    int layer = 0;
  };
  struct Frame {
    float dt = 0.0f;   // Seconds the update advanced the machine.
    double end = 0.0;  // Seconds from the recording's start to the end of this frame.
    std::array<Event, kEventsPerFrame> events{};
    int event_count = 0;
    int events_dropped = 0;
    RootMotion move;   // The update's root motion.
    RootMotion place;  // Where root motion had taken the character by the end of this frame,
                       // from where it stood when the recording started.
  };

  // Starts recording `machine` (forgetting what was recorded), sizing the buffers for its def
  // (they are reused when they already fit). `from_start`: the machine has not been updated
  // since it was made in its default state, so a replay of the recording from that state (play)
  // gives the same frames.
  void start(const StateMachineInstance& machine, bool from_start);
  // Forgets everything and records nothing until start().
  void stop();
  bool recording() const { return active_; }

  // One update: call begin_frame(machine) right before machine.update(dt), end_frame after it.
  void begin_frame(const StateMachineInstance& machine);
  void end_frame(const StateMachineInstance& machine, float dt);
  // The same for a machine that was not updated here but set to what another one's update left
  // (a game's frame, restored): the update's root motion and events are given, as that update
  // reported them.
  void end_frame(const StateMachineInstance& machine, float dt, const RootMotion& move,
                 Span<const StateMachineInstance::FiredEvent> events, int64_t events_dropped);
  // The machine was updated without being recorded (a paused update by 0 s, which may still
  // fire a transition): before the first frame, a replay from the default state may differ.
  void note_unrecorded_update() {
    if (empty()) from_start_ = false;
  }

  std::size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  // Frame i, 0 the oldest kept.
  const Frame& frame(std::size_t i) const { return frames_[slot(i)]; }
  // The machine as update i found it: its parameters (values and targets as the user left them)
  // and layers.
  Span<const SavedParameter> inputs(std::size_t i) const;
  Span<const SavedLayer> layers_before(std::size_t i) const;
  // The machine as update i left it.
  Span<const SavedParameter> parameters(std::size_t i) const;
  Span<const SavedLayer> layers(std::size_t i) const;
  std::size_t parameter_count() const { return parameters_; }
  std::size_t layer_count() const { return layers_; }
  // Seconds from the start of the oldest frame kept to the end of frame i (its own start when
  // nothing was dropped is 0).
  double time(std::size_t i) const { return frame(i).end - start_time(); }
  // Seconds the kept frames span.
  double duration() const { return empty() ? 0.0 : time(count_ - 1); }
  // The oldest kept frame is the machine's first update from its default state.
  bool from_start() const { return from_start_; }
  // The frame whose end is nearest `seconds` (as time() counts them); 0 when empty.
  std::size_t frame_at(double seconds) const;

  // Keeps frames 0..i and drops the rest (playing on from a rewound frame).
  void truncate_after(std::size_t i);

  // Puts `machine` (the one recorded) back as frame i left it, exactly, with that frame's
  // events and transition trace (frame i's update is run once more from the state it found).
  // False, changing nothing, when i is out of range or `machine` is not of
  // the def recorded.
  bool restore(StateMachineInstance& machine, std::size_t i) const;

 private:
  std::size_t slot(std::size_t i) const { return (head_ + i) % capacity_; }
  double start_time() const { return empty() ? 0.0 : frame(0).end - frame(0).dt; }
  void drop_oldest();

  std::size_t capacity_ = kMaxFrames;
  std::size_t parameters_ = 0, layers_ = 0;
  std::vector<Frame> frames_;
  std::vector<SavedParameter> inputs_, parameters_after_;
  std::vector<SavedLayer> layers_before_, layers_after_;
  // begin_frame's state, until end_frame.
  std::vector<SavedParameter> pending_parameters_;
  std::vector<SavedLayer> pending_layers_;
  std::size_t head_ = 0, count_ = 0;
  bool from_start_ = false;
  bool active_ = false;
  const StateMachineDef* def_ = nullptr;  // Only compared: which def was recorded.
};

}  // namespace anim::ui
