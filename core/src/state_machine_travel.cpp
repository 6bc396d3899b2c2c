// StateMachineInstance's travel (state_machine.h): the shortest path of transitions to a state,
// taken one transition after the other without waiting for their conditions.
#include <algorithm>
#include <deque>

#include "anim/state_machine.h"

namespace anim {

StateMachineInstance::TravelResult StateMachineInstance::travel(int state, int layer) {
  if (layer < 0 || layer >= layer_count()) return TravelResult::kBadState;
  const Machine& m = machines_[static_cast<std::size_t>(layer)];
  const std::vector<TransitionDef>& transitions = *m.transitions;
  const int count = static_cast<int>(m.states->size());
  if (state < 0 || state >= count || m.track_count == 0) return TravelResult::kBadState;
  if (travels_.size() != machines_.size()) travels_.resize(machines_.size());
  Travel& plan = travels_[static_cast<std::size_t>(layer)];
  plan = Travel{};
  const int from = current_state(layer);
  if (from == state) return TravelResult::kAlreadyThere;
  // Breadth first from the current state, transitions in the def's order: the first way found
  // to each state is one of the fewest steps, and of those the one listed first.
  const std::size_t n = static_cast<std::size_t>(count);
  std::vector<int> by(n, -1), came_from(n, -1);  // The transition reaching a state, and whence.
  std::deque<int> pending = {from};
  came_from[static_cast<std::size_t>(from)] = from;
  while (!pending.empty() && came_from[static_cast<std::size_t>(state)] < 0) {
    const int at = pending.front();
    pending.pop_front();
    for (std::size_t i = 0; i < transitions.size(); ++i) {
      const TransitionDef& t = transitions[i];
      if ((t.from != at && t.from != -1) || t.to < 0 || t.to >= count || t.to == at) continue;
      const std::size_t to = static_cast<std::size_t>(t.to);
      if (came_from[to] >= 0) continue;
      came_from[to] = at;
      by[to] = static_cast<int>(i);
      pending.push_back(t.to);
    }
  }
  if (came_from[static_cast<std::size_t>(state)] < 0) return TravelResult::kNoPath;
  for (int at = state; at != from; at = came_from[static_cast<std::size_t>(at)]) {
    plan.path.push_back(by[static_cast<std::size_t>(at)]);
  }
  std::reverse(plan.path.begin(), plan.path.end());
  return TravelResult::kStarted;
}

bool StateMachineInstance::traveling(int layer) const {
  return layer >= 0 && static_cast<std::size_t>(layer) < travels_.size() &&
         travels_[static_cast<std::size_t>(layer)].active();
}

Span<const int> StateMachineInstance::travel_path(int layer) const {
  if (!traveling(layer)) return {};
  const Travel& plan = travels_[static_cast<std::size_t>(layer)];
  return Span<const int>(plan.path.data() + plan.next, plan.path.size() - plan.next);
}

int StateMachineInstance::next_travel_step(std::size_t machine) {
  const Machine& m = machines_[machine];
  Travel& plan = travels_[machine];
  if (m.running >= 0) return -1;  // The step before is still blending.
  const TransitionDef& step = (*m.transitions)[static_cast<std::size_t>(plan.path[plan.next])];
  const int at = m.tracks[m.track_count - 1].state;
  if (step.from != -1 && step.from != at) {  // Off the path: the travel ends.
    plan.next = plan.path.size();
    return -1;
  }
  return plan.path[plan.next++];
}

void StateMachineInstance::end_travels() {
  for (Travel& plan : travels_) plan.next = plan.path.size();  // Kept: no freeing in updates.
}

}  // namespace anim
