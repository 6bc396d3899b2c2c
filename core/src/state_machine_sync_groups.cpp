// StateMachineInstance's sync groups (Unreal's sync groups): the looping states of a group that
// play at once, in the base machine and its layers, keep the place of the heaviest among them, so
// an upper-body walk stays on the legs' step and a run fading in over a walk puts its feet down
// with the walk's.
#include <cmath>

#include "anim/state_machine.h"

namespace anim {
namespace {

// Which members may lead, and which first: kLeader over kAuto; kFollower never (0).
int lead_rank(SyncRole role) {
  switch (role) {
    case SyncRole::kLeader:
      return 2;
    case SyncRole::kAuto:
      return 1;
    case SyncRole::kFollower:
      break;
  }
  return 0;
}

}  // namespace

StateMachineInstance::GroupMember StateMachineInstance::group_leader(int group) const {
  GroupMember best;
  int best_rank = 0;
  float best_weight = 0.0f;
  for (std::size_t mi = 0; mi < machines_.size(); ++mi) {
    const Machine& m = machines_[mi];
    const float layer = layer_weight(static_cast<int>(mi));
    for (std::size_t i = 0; i < m.track_count; ++i) {
      const StateDef& s = (*m.states)[static_cast<std::size_t>(m.tracks[i].state)];
      const int rank = lead_rank(s.sync_role);
      if (s.sync_group != group || !s.loop || rank == 0) continue;
      const float weight = track_weight(m, i) * layer;
      // The first found keeps a tie: the base over its layers, a fading state over its successor.
      if (!best.found() || rank > best_rank || (rank == best_rank && weight > best_weight)) {
        best = GroupMember{static_cast<int>(mi), static_cast<int>(i)};
        best_rank = rank;
        best_weight = weight;
      }
    }
  }
  return best;
}

StateMachineInstance::GroupPlace StateMachineInstance::group_place(
    const GroupMember& leader) const {
  const Machine& m = machines_[static_cast<std::size_t>(leader.machine)];
  const Track& track = m.tracks[static_cast<std::size_t>(leader.track)];
  GroupPlace place;
  place.clip = time_clip((*m.states)[static_cast<std::size_t>(track.state)], track);
  place.phase = display_time(m, track);
  place.marker = place_in(place.clip, place.phase);
  return place;
}

float StateMachineInstance::group_phase(const GroupPlace& place, const StateDef& state,
                                        const Track& track) const {
  const int clip = time_clip(state, track);
  if (clip == place.clip || !place.marker.valid()) return place.phase;
  // Between the same markers when both clips have them; of a clip's several such stretches, the
  // one nearest where it is (where the leader is, for a state just entered).
  const float hint = track.entered ? place.phase : track.time.fraction;
  const float synced = phase_in(clip, place.marker, hint);
  return synced >= 0.0f ? synced : place.phase;
}

float StateMachineInstance::entry_phase(const Machine& m, const TransitionDef& t, bool* joined,
                                        MarkerPosition* place) const {
  // A state joining a sync group that plays starts at its place, before any offset or sync of
  // the transition's own.
  const StateDef& to = (*m.states)[static_cast<std::size_t>(t.to)];
  const GroupMember group =
      to.loop && to.sync_group >= 0 ? group_leader(to.sync_group) : GroupMember{};
  *joined = group.found();
  if (!group.found()) return start_phase(m, t, place);
  if (place != nullptr) *place = MarkerPosition{};
  // A track just entered: its clip, and the leader's place as the hint among its stretches.
  const Track entering{
      t.to, 0, CycleTime{}, 0.0f, CycleTime{}, true, marker_synced(to) ? leading_clip(to) : -1};
  return group_phase(group_place(group), to, entering);
}

void StateMachineInstance::sync_groups() {
  const int groups = static_cast<int>(def_->sync_groups.size());
  if (groups == 0) return;
  for (Machine& m : machines_) {
    for (std::size_t i = 0; i < m.track_count; ++i) {
      const StateDef& s = (*m.states)[static_cast<std::size_t>(m.tracks[i].state)];
      if (s.sync_group < 0 || !s.loop) m.tracks[i].group = GroupSync::kApart;
    }
  }
  for (int g = 0; g < groups; ++g) {
    const GroupMember leader = group_leader(g);
    const GroupPlace place = leader.found() ? group_place(leader) : GroupPlace{};
    for (std::size_t mi = 0; mi < machines_.size(); ++mi) {
      Machine& m = machines_[mi];
      for (std::size_t i = 0; i < m.track_count; ++i) {
        Track& track = m.tracks[i];
        const StateDef& s = (*m.states)[static_cast<std::size_t>(track.state)];
        if (s.sync_group != g || !s.loop) continue;
        if (!leader.found()) {
          track.group = GroupSync::kApart;
        } else if (leader.machine == static_cast<int>(mi) && leader.track == static_cast<int>(i)) {
          track.group = GroupSync::kLeads;
        } else {
          follow_group(place, s, track);
        }
      }
    }
  }
}

void StateMachineInstance::follow_group(const GroupPlace& place, const StateDef& state,
                                        Track& track) const {
  const float phase = group_phase(place, state, track);
  if (track.group == GroupSync::kApart) {
    // Joining a group it was not in step with: it jumps to the group's place, passing nothing.
    track.time.fraction = phase < 1.0f ? phase : 0.0f;
    track.previous_time = track.time;
  } else {
    // In step: from where its own pace took it, the short way round to the leader's place; the
    // points it passes since the last update (events, exit times, root motion) are then the ones
    // it really passed, wraps included.
    float delta = phase - track.time.fraction;
    delta -= std::floor(delta + 0.5f);
    track.time.advance(delta);
  }
  track.group = GroupSync::kFollows;
}

}  // namespace anim
