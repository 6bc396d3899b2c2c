// StateMachineInstance's events: which clip events the playback of each track crossed in an
// update, in the order it crossed them.
#include <algorithm>
#include <cmath>

#include "anim/state_machine.h"

namespace anim {
namespace {

// Whether playback going from `from` to `to` (normalized, cumulative) crosses the point `at`:
// forward, points in (from, to]; backward, points in [to, from). A state just entered also
// crosses the point it starts on.
bool crosses(double from, double to, double at, bool entered) {
  if (entered && at == from) return true;
  return to >= from ? (from < at && at <= to) : (to <= at && at < from);
}

// How many of the points k + at (k whole) the move crosses, as crosses() counts them.
int64_t loop_crossings(double from, double to, double at, bool entered) {
  const double lo = std::min(from, to) - at;
  const double hi = std::max(from, to) - at;
  // Forward counts (lo, hi], backward [lo, hi).
  const double n = to >= from ? std::floor(hi) - std::floor(lo) : std::ceil(hi) - std::ceil(lo);
  // Neither way counts `from` itself, which a state just entered adds.
  const bool on_start = entered && from - at == std::floor(from - at);
  return static_cast<int64_t>(n) + (on_start ? 1 : 0);
}

}  // namespace

void StateMachineInstance::fire(int event, std::size_t machine, std::size_t track) {
  if (fired_count_ == fired_.size()) {
    ++fired_dropped_;
    return;
  }
  const Machine& m = machines_[machine];
  fired_[fired_count_++] =
      FiredEvent{event, m.tracks[track].state, track_weight(m, track), static_cast<int>(machine)};
}

void StateMachineInstance::fire_events(std::size_t machine, std::size_t index) {
  Track& track = machines_[machine].tracks[index];
  const bool entered = track.entered;
  track.entered = false;
  if (def_->events.empty()) return;  // Spares a blend space's weights every frame.
  const StateDef& state = (*machines_[machine].states)[track.state];
  const int clip = leading_clip(state);
  int first = -1, last = -1;  // The clip's events, [first, last).
  for (std::size_t e = 0; e < def_->events.size(); ++e) {
    if (def_->events[e].clip != clip) continue;
    if (first < 0) first = static_cast<int>(e);
    last = static_cast<int>(e) + 1;
  }
  if (first < 0) return;
  const float duration = clips_.duration(clip);
  const bool loop = state.loop;
  // Where an event sits in the state's normalized time: a loop's end is its next start.
  const auto point = [&](int e) {
    double at = duration > 0.0f ? static_cast<double>(def_->events[e].time) / duration : 0.0;
    at = std::clamp(at, 0.0, 1.0);
    return loop && at >= 1.0 ? 0.0 : at;
  };
  double from = track.previous_time.total();
  double to = track.time.total();
  if (!loop) {  // A one-shot's time stops at its ends.
    from = std::clamp(from, 0.0, 1.0);
    to = std::clamp(to, 0.0, 1.0);
  }
  if (!loop) {
    for (int i = 0; i < last - first; ++i) {
      const int e = to >= from ? first + i : last - 1 - i;
      if (crosses(from, to, point(e), entered)) fire(e, machine, index);
    }
    return;
  }
  if (from == to && !entered) return;
  // Cycle by cycle in the direction of play; a frame spanning many cycles fills the buffer in
  // a few of them, and the rest are counted.
  const bool forward = to >= from;
  const int64_t first_cycle = static_cast<int64_t>(std::floor(from));
  const int64_t last_cycle = static_cast<int64_t>(std::floor(to));
  int64_t total = 0;
  for (int e = first; e < last; ++e) total += loop_crossings(from, to, point(e), entered);
  int64_t seen = 0;
  for (int64_t k = first_cycle; seen < total && fired_count_ < fired_.size();
       k += forward ? 1 : -1) {
    for (int i = 0; i < last - first; ++i) {
      const int e = forward ? first + i : last - 1 - i;
      if (crosses(from, to, static_cast<double>(k) + point(e), entered)) {
        fire(e, machine, index);
        ++seen;
      }
    }
    if (k == last_cycle) break;
  }
  fired_dropped_ += total - seen;
}

}  // namespace anim
