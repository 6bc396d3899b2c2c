#include "anim/ui/model/preview_recording.h"

#include <algorithm>
#include <cmath>

namespace anim::ui {

void PreviewRecording::start(const StateMachineInstance& machine, bool from_start) {
  parameters_ = machine.def().parameters.size();
  layers_ = static_cast<std::size_t>(machine.layer_count());
  // assign() reuses what a previous recording allocated when it is big enough.
  frames_.assign(capacity_, Frame{});
  inputs_.assign(capacity_ * parameters_, SavedParameter{});
  parameters_after_.assign(capacity_ * parameters_, SavedParameter{});
  layers_before_.assign(capacity_ * layers_, SavedLayer{});
  layers_after_.assign(capacity_ * layers_, SavedLayer{});
  pending_parameters_.assign(parameters_, SavedParameter{});
  pending_layers_.assign(layers_, SavedLayer{});
  head_ = count_ = 0;
  from_start_ = from_start;
  active_ = true;
  def_ = &machine.def();
}

void PreviewRecording::stop() {
  active_ = false;
  head_ = count_ = 0;
  from_start_ = false;
  def_ = nullptr;
}

void PreviewRecording::begin_frame(const StateMachineInstance& machine) {
  if (!active_ || &machine.def() != def_) return;
  machine.save_state(pending_parameters_, pending_layers_);
}

void PreviewRecording::end_frame(const StateMachineInstance& machine, float dt) {
  end_frame(machine, dt, machine.root_motion(), machine.events(), machine.events_dropped());
}

void PreviewRecording::end_frame(const StateMachineInstance& machine, float dt,
                                 const RootMotion& move,
                                 Span<const StateMachineInstance::FiredEvent> events,
                                 int64_t events_dropped) {
  if (!active_ || &machine.def() != def_) return;
  const double end = (empty() ? 0.0 : frame(count_ - 1).end) + dt;
  const RootMotion place = compose(empty() ? RootMotion{} : frame(count_ - 1).place, move);
  if (count_ == capacity_) drop_oldest();
  while (!empty() && end - start_time() > kSeconds) drop_oldest();
  const std::size_t s = slot(count_++);
  Frame& f = frames_[s];
  f.dt = dt;
  f.end = end;
  f.move = move;
  f.place = place;
  f.event_count = f.events_dropped = 0;
  for (const StateMachineInstance::FiredEvent& e : events) {
    if (f.event_count == kEventsPerFrame) {
      ++f.events_dropped;
      continue;
    }
    f.events[static_cast<std::size_t>(f.event_count++)] = Event{e.event, e.state, e.layer};
  }
  f.events_dropped += static_cast<int>(events_dropped);
  std::copy(pending_parameters_.begin(), pending_parameters_.end(),
            inputs_.begin() + static_cast<std::ptrdiff_t>(s * parameters_));
  std::copy(pending_layers_.begin(), pending_layers_.end(),
            layers_before_.begin() + static_cast<std::ptrdiff_t>(s * layers_));
  machine.save_state(Span<SavedParameter>(parameters_after_.data() + s * parameters_, parameters_),
                     Span<SavedLayer>(layers_after_.data() + s * layers_, layers_));
}

void PreviewRecording::drop_oldest() {
  head_ = (head_ + 1) % capacity_;
  --count_;
  from_start_ = false;
}

Span<const PreviewRecording::SavedParameter> PreviewRecording::inputs(std::size_t i) const {
  return {inputs_.data() + slot(i) * parameters_, parameters_};
}

Span<const PreviewRecording::SavedLayer> PreviewRecording::layers_before(std::size_t i) const {
  return {layers_before_.data() + slot(i) * layers_, layers_};
}

Span<const PreviewRecording::SavedParameter> PreviewRecording::parameters(std::size_t i) const {
  return {parameters_after_.data() + slot(i) * parameters_, parameters_};
}

Span<const PreviewRecording::SavedLayer> PreviewRecording::layers(std::size_t i) const {
  return {layers_after_.data() + slot(i) * layers_, layers_};
}

std::size_t PreviewRecording::frame_at(double seconds) const {
  if (empty()) return 0;
  // Frame ends grow with i: the first end at or after `seconds`, or the one before it.
  std::size_t lo = 0, hi = count_ - 1;
  while (lo < hi) {
    const std::size_t mid = (lo + hi) / 2;
    if (time(mid) < seconds) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  if (lo > 0 && std::abs(time(lo - 1) - seconds) <= std::abs(time(lo) - seconds)) return lo - 1;
  return lo;
}

void PreviewRecording::truncate_after(std::size_t i) {
  if (i + 1 < count_) count_ = i + 1;
}

bool PreviewRecording::restore(StateMachineInstance& machine, std::size_t i) const {
  if (i >= count_ || &machine.def() != def_) return false;
  // Frame i's update run once more from the state it found gives its events and trace too.
  // Updates are deterministic: this is frame i as recorded, bit for bit (the Document's tests
  // check it).
  if (machine.restore_state(inputs(i), layers_before(i))) {
    machine.update(frame(i).dt);
    return true;
  }
  return machine.restore_state(parameters(i), layers(i));
}

}  // namespace anim::ui
