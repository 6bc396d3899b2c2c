// StateMachineInstance's prefetching (state_machine.h): what a character's frame reads, asked for
// ahead of the reads.
#include <array>
#include <cstddef>

#include "anim/state_machine.h"
#include "prefetch.h"

namespace anim {

void StateMachineInstance::prefetch_state() const {
  detail::prefetch_bytes(params_.data(), params_.size() * sizeof(SmoothedValue));
  // Each machine's scalars, active states and its first two tracks (a state, or a transition).
  for (const Machine& m : machines_) {
    const auto* first = reinterpret_cast<const char*>(&m);
    const auto* end = reinterpret_cast<const char*>(m.tracks.data() + 2);
    detail::prefetch_bytes(first, static_cast<std::size_t>(end - first));
  }
  detail::prefetch_bytes(cursor_of_.data(), cursor_of_.size() * sizeof(int32_t), 2);
  // The base machine's cursors themselves (root motion reads them in this update); the first
  // few of a long list.
  const std::size_t base = machines_.size() > 1 ? machines_[1].first_cursor : cursors_.size();
  detail::prefetch_bytes(cursors_.data(), base * sizeof(ClipCursor), 16);
  // Inertialized and dead-blended transitions: the pose each carry-over keeps this frame, and
  // what a carry-over in progress decays.
  for (const PoseCarryOver& carry : inertia_) carry.prefetch();
}

void StateMachineInstance::prefetch_cursors() {
  for (std::size_t mi = 0; mi < machines_.size(); ++mi) {
    const Machine& m = machines_[mi];
    for (std::size_t i = 0; i < m.track_count; ++i) {
      const StateDef& s = (*m.states)[m.tracks[i].state];
      // The base machine's states that move the character: track_move asks for their cursors as
      // it reads them.
      if (mi == 0 && moves_ && s.root_motion) continue;
      std::array<int, 3> clips{};
      std::array<float, 3> weights{};
      const int count = state_clips(s, clips.data(), weights.data());
      for (int c = 0; c < count; ++c) {
        if (!(weights[static_cast<std::size_t>(c)] > 0.0f)) continue;
        if (const ClipCursor* cursor =
                this->cursor(mi, clips[static_cast<std::size_t>(c)], false)) {
          cursor->prefetch();
        }
      }
    }
  }
}

}  // namespace anim
