#include "anim/setup/edits.h"

#include <algorithm>
#include <cmath>

namespace anim::setup {
namespace {

bool valid_index(const Setup& setup, int index) {
  return index >= 0 && static_cast<std::size_t>(index) < setup.events.size();
}

// `base` when `taken(base)` is false, else the first of `base 2`, `base 3`, ... that is free.
template <class Taken>
std::string first_free_name(const std::string& base, Taken taken) {
  if (!taken(base)) return base;
  for (int n = 2;; ++n) {
    std::string name = base + " " + std::to_string(n);
    if (!taken(name)) return name;
  }
}

float clamp_time(float time, float duration) {
  const float end = std::isfinite(duration) ? std::max(duration, 0.0f) : 0.0f;
  return std::isfinite(time) ? std::clamp(time, 0.0f, end) : 0.0f;
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

namespace {

bool has_state(const Setup& setup, const std::string& name) {
  return std::any_of(setup.states.begin(), setup.states.end(),
                     [&](const SetupState& s) { return s.name == name; });
}

// The editor block's "nodes" object, or nullptr.
Json* editor_nodes(Setup& setup) {
  if (!setup.editor.is_object()) return nullptr;
  const auto nodes = setup.editor.find("nodes");
  return nodes != setup.editor.end() && nodes->is_object() ? &*nodes : nullptr;
}

}  // namespace

std::string unique_state_name(const Setup& setup, const std::string& base) {
  return first_free_name(base, [&](const std::string& name) { return has_state(setup, name); });
}

std::string add_state(Setup& setup, const std::string& base, const std::string& motion) {
  SetupState state;
  state.name = unique_state_name(setup, base.empty() ? "State" : base);
  state.motion = motion;
  if (setup.states.empty()) setup.default_state = state.name;
  setup.states.push_back(state);
  return state.name;
}

bool rename_state(Setup& setup, const std::string& from, const std::string& to) {
  if (to.empty() || to == from || to == "*" || !has_state(setup, from) || has_state(setup, to)) {
    return false;
  }
  for (SetupState& s : setup.states) {
    if (s.name == from) s.name = to;
  }
  for (SetupTransition& t : setup.transitions) {
    if (t.from == from) t.from = to;
    if (t.to == from) t.to = to;
  }
  if (setup.default_state == from) setup.default_state = to;
  if (Json* nodes = editor_nodes(setup)) {
    const auto place = nodes->find(from);
    if (place != nodes->end()) {
      // Rebuilt in order, so the renamed entry keeps its place in the saved file.
      Json renamed = Json::object();
      for (auto it = nodes->begin(); it != nodes->end(); ++it) {
        renamed[it.key() == from ? to : it.key()] = it.value();
      }
      *nodes = std::move(renamed);
    }
  }
  return true;
}

bool remove_state(Setup& setup, const std::string& name) {
  if (!has_state(setup, name)) return false;
  setup.states.erase(std::remove_if(setup.states.begin(), setup.states.end(),
                                    [&](const SetupState& s) { return s.name == name; }),
                     setup.states.end());
  setup.transitions.erase(
      std::remove_if(setup.transitions.begin(), setup.transitions.end(),
                     [&](const SetupTransition& t) { return t.from == name || t.to == name; }),
      setup.transitions.end());
  if (setup.default_state == name) {
    setup.default_state = setup.states.empty() ? std::string() : setup.states.front().name;
  }
  if (Json* nodes = editor_nodes(setup)) nodes->erase(name);
  return true;
}

int add_transition(Setup& setup, const std::string& from, const std::string& to) {
  if ((from != "*" && !has_state(setup, from)) || !has_state(setup, to)) return -1;
  SetupTransition t;
  t.from = from;
  t.to = to;
  t.exit_time = 1.0f;
  setup.transitions.push_back(std::move(t));
  return static_cast<int>(setup.transitions.size()) - 1;
}

bool remove_transition(Setup& setup, int index) {
  if (index < 0 || static_cast<std::size_t>(index) >= setup.transitions.size()) return false;
  setup.transitions.erase(setup.transitions.begin() + index);
  return true;
}

int move_transition_priority(Setup& setup, int index, int delta) {
  std::vector<SetupTransition>& all = setup.transitions;
  if (index < 0 || static_cast<std::size_t>(index) >= all.size() || delta == 0) return -1;
  const int step = delta < 0 ? -1 : 1;
  const int count = static_cast<int>(all.size());
  int at = index;
  for (int moved = 0; moved != delta; moved += step) {
    // The nearest transition of the same source in that direction, past the others.
    int next = at + step;
    while (next >= 0 && next < count && all[next].from != all[at].from) next += step;
    if (next < 0 || next >= count) break;
    std::swap(all[at], all[next]);
    at = next;
  }
  return at == index ? -1 : at;
}

}  // namespace anim::setup
