#include "anim/setup/edits.h"

#include <algorithm>
#include <cmath>

#include "clamp_time.h"
#include "unique_name.h"

namespace anim::setup {
namespace {

bool valid_index(const Setup& setup, int index) {
  return index >= 0 && static_cast<std::size_t>(index) < setup.events.size();
}

}  // namespace

std::string unique_event_name(const Setup& setup, const std::string& clip,
                              const std::string& base) {
  return first_free_name(base, [&](const std::string& name) {
    return std::any_of(setup.events.begin(), setup.events.end(),
                       [&](const SetupEvent& e) { return e.clip == clip && e.name == name; });
  });
}

int add_event(Setup& setup, const std::string& clip, float time, float duration,
              const std::string& base) {
  SetupEvent e;
  e.clip = clip;
  e.time = clamp_time(time, duration);
  e.name = unique_event_name(setup, clip, base.empty() ? "event" : base);
  setup.events.push_back(std::move(e));
  return static_cast<int>(setup.events.size()) - 1;
}

bool move_event(Setup& setup, int index, float time, float duration) {
  if (!valid_index(setup, index)) return false;
  const float clamped = clamp_time(time, duration);
  float& current = setup.events[static_cast<std::size_t>(index)].time;
  if (current == clamped) return false;
  current = clamped;
  return true;
}

bool rename_event(Setup& setup, int index, const std::string& name) {
  if (!valid_index(setup, index) || name.empty()) return false;
  std::string& current = setup.events[static_cast<std::size_t>(index)].name;
  if (current == name) return false;
  current = name;
  return true;
}

bool set_event_payload(Setup& setup, int index, const std::string& payload) {
  if (!valid_index(setup, index)) return false;
  std::optional<std::string>& current = setup.events[static_cast<std::size_t>(index)].payload;
  const std::optional<std::string> next =
      payload.empty() ? std::nullopt : std::optional<std::string>(payload);
  if (current == next) return false;
  current = next;
  return true;
}

bool remove_event(Setup& setup, int index) {
  if (!valid_index(setup, index)) return false;
  setup.events.erase(setup.events.begin() + index);
  return true;
}

bool add_condition(SetupTransition& transition, SetupCondition condition) {
  const bool first = transition.conditions.empty();
  transition.conditions.push_back(std::move(condition));
  if (!first || !transition.exit_time) return false;
  transition.exit_time.reset();
  return true;
}

}  // namespace anim::setup
