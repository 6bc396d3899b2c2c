// StateMachineInstance's sync markers (state_machine.h, sync_markers.h): a blend space synced by
// markers plays its heaviest clip at the state's normalized time and the others at the same place
// between their markers; a transition synced by markers starts its destination at the place the
// state it leaves is at.
#include <cmath>

#include "anim/state_machine.h"

namespace anim {

int StateMachineInstance::leading_clip(const StateDef& state) const {
  const MotionRef& motion = state.motion;
  if (motion.kind == MotionRef::Kind::kClip) return motion.index;
  if (motion.kind == MotionRef::Kind::kBlendSpace2D) {
    const BlendSpace2DDef& space = def_->blend_spaces_2d[motion.index];
    const BlendSpace2DWeights w = weights_2d(space);
    if (w.count == 0) return -1;
    // The heaviest point; on a tie the one listed first in the space, as in 1D.
    int heaviest = 0;
    for (int i = 1; i < w.count; ++i) {
      const bool tie = w.weights[i] == w.weights[heaviest];
      if (w.weights[i] > w.weights[heaviest] || (tie && w.points[i] < w.points[heaviest])) {
        heaviest = i;
      }
    }
    return space.clips[w.points[heaviest]];
  }
  const BlendSpace1DDef& space = def_->blend_spaces[motion.index];
  if (space.clips.empty()) return -1;
  const BlendSpaceWeights w =
      blend_space_weights(space, params_[static_cast<std::size_t>(space.parameter)].value);
  return space.clips[w.upper_weight > 0.5f ? w.upper : w.lower];
}

bool StateMachineInstance::marker_synced(const StateDef& state) const {
  if (def_->markers.empty()) return false;
  switch (state.motion.kind) {
    case MotionRef::Kind::kBlendSpace:
      return def_->blend_spaces[state.motion.index].sync == SyncMode::kMarkers;
    case MotionRef::Kind::kBlendSpace2D:
      return def_->blend_spaces_2d[state.motion.index].sync == SyncMode::kMarkers;
    case MotionRef::Kind::kClip:
      break;
  }
  return false;
}

MarkerPosition StateMachineInstance::place_in(int clip, float phase) const {
  if (clip < 0 || static_cast<std::size_t>(clip) >= clips_.size()) return {};
  return marker_position(markers_of(def_->markers, clip),
                         clips_.duration(static_cast<std::size_t>(clip)), phase);
}

float StateMachineInstance::phase_in(int clip, const MarkerPosition& at, float hint) const {
  if (clip < 0 || static_cast<std::size_t>(clip) >= clips_.size()) return -1.0f;
  return phase_at(markers_of(def_->markers, clip), clips_.duration(static_cast<std::size_t>(clip)),
                  at, hint);
}

float StateMachineInstance::clip_phase(int leader, float phase, int clip) const {
  if (leader < 0 || clip == leader) return phase;
  const float synced = phase_in(clip, place_in(leader, phase), phase);
  return synced >= 0.0f ? synced : phase;
}

int StateMachineInstance::track_leader(const StateDef& state, const Track& track) const {
  if (!marker_synced(state)) return -1;
  return track.leader >= 0 ? track.leader : leading_clip(state);
}

int StateMachineInstance::time_clip(const StateDef& state, const Track& track) const {
  const int leader = track_leader(state, track);
  return leader >= 0 ? leader : leading_clip(state);
}

void StateMachineInstance::follow_leader(const StateDef& state, Track& track) const {
  if (!marker_synced(state)) {
    track.leader = -1;
    return;
  }
  const int now = leading_clip(state);
  // A one-shot past its end stays there.
  const bool playing = state.loop || track.time.cycles == 0;
  if (track.leader >= 0 && now >= 0 && now != track.leader && playing) {
    const float phase = clip_phase(track.leader, track.time.fraction, now);
    track.time.fraction = phase < 1.0f ? phase : 0.0f;
  }
  track.leader = now;
}

float StateMachineInstance::start_phase(const Machine& m, const TransitionDef& t,
                                        MarkerPosition* place) const {
  if (place != nullptr) *place = MarkerPosition{};
  if (t.sync != SyncMode::kMarkers || m.track_count == 0) return t.offset;
  const Track& from = m.tracks[m.track_count - 1];
  const StateDef& source = (*m.states)[static_cast<std::size_t>(from.state)];
  const int target = leading_clip((*m.states)[static_cast<std::size_t>(t.to)]);
  const MarkerPosition at = place_in(time_clip(source, from), display_time(m, from));
  const float phase = phase_in(target, at, t.offset);
  if (phase < 0.0f) return t.offset;
  if (place != nullptr) *place = at;
  return phase;
}

MarkerPosition StateMachineInstance::active_marker(int layer, std::size_t index) const {
  if (layer < 0 || layer >= layer_count()) return {};
  const Machine& m = machines_[static_cast<std::size_t>(layer)];
  if (index >= m.track_count) return {};
  const Track& track = m.tracks[index];
  const StateDef& state = (*m.states)[static_cast<std::size_t>(track.state)];
  return place_in(time_clip(state, track), display_time(m, track));
}

}  // namespace anim
