// The package sections about transitions and sync markers (package_transition_sections.h).
#include "package_transition_sections.h"

#include <cmath>
#include <string>

#include "anim/package_format.h"

namespace anim::package {
namespace {

// A u32 machine count (1 + the layer count), then per machine (the base first) a u32 count,
// which must be its transition count, and that many values of T (padded to 4 bytes); `take`
// checks and stores each (false: the reader failed).
template <class T, class Take>
bool read_per_transition(Reader& r, StateMachineDef& m, const char* what, Take take) {
  uint32_t machines = 0;
  r.get_count(machines, 4);
  if (r.ok() && machines != 1 + m.layers.size()) {
    return r.fail(std::string(what) + " for " + std::to_string(machines) +
                  " machines, the state machine has " + std::to_string(1 + m.layers.size()));
  }
  for (std::size_t mi = 0; r.ok() && mi < machines; ++mi) {
    std::vector<TransitionDef>& transitions =
        mi == 0 ? m.transitions : m.layers[mi - 1].transitions;
    uint32_t n = 0;
    r.get_count(n, sizeof(T));
    std::vector<T> values;
    r.get_array(values, n);
    if (!r.ok()) return false;
    if (n != transitions.size()) {
      return r.fail("machine " + std::to_string(mi) + ": " + what + " for " + std::to_string(n) +
                    " transitions, it has " + std::to_string(transitions.size()));
    }
    for (std::size_t i = 0; i < n; ++i) {
      const std::string where =
          "machine " + std::to_string(mi) + ", transition " + std::to_string(i) + ": ";
      if (!take(values[i], transitions[i], where)) return false;
    }
  }
  return r.ok();
}

// A stored u8 as one of an enum's values, 0 to `last`; beyond it the reader fails with `where`
// and the value ("...: unknown blend 7").
template <class E>
bool read_choice(Reader& r, uint8_t value, E last, const std::string& where, E* out) {
  if (value > static_cast<uint8_t>(last)) return r.fail(where + std::to_string(value));
  *out = static_cast<E>(value);
  return true;
}

// A u32 count, which must be `expected`, then a u8 sync mode each (padded to 4 bytes).
template <class Space>
bool read_space_syncs(Reader& r, std::vector<Space>& spaces, const char* kind) {
  uint32_t n = 0;
  r.get_count(n, 1);
  std::vector<uint8_t> modes;
  r.get_array(modes, n);
  if (!r.ok()) return false;
  if (n != spaces.size()) {
    return r.fail(std::string("sync for ") + std::to_string(n) + " " + kind +
                  " blend spaces, the machine has " + std::to_string(spaces.size()));
  }
  for (std::size_t i = 0; i < n; ++i) {
    const std::string where = std::string(kind) + " blend space " + std::to_string(i);
    if (!read_choice(r, modes[i], SyncMode::kMarkers, where + ": unknown sync ", &spaces[i].sync)) {
      return false;
    }
  }
  return true;
}

bool read_markers(Reader& r, StateMachineDef& m, const std::vector<CompressedClip>& clips) {
  uint32_t names = 0;
  r.get_count(names, 4);
  m.marker_names.resize(r.ok() ? names : 0);
  for (std::string& name : m.marker_names) {
    if (!r.get_string(name)) return false;
    if (name.empty()) return r.fail("a marker name is empty");
  }
  uint32_t n = 0;
  r.get_count(n, sizeof(SyncMarkerDef));
  r.get_array(m.markers, r.ok() ? n : 0);
  if (!r.ok()) return false;
  for (std::size_t i = 0; i < m.markers.size(); ++i) {
    const SyncMarkerDef& k = m.markers[i];
    const bool clip_ok = k.clip >= 0 && static_cast<std::size_t>(k.clip) < clips.size();
    if (!clip_ok || k.name < 0 || static_cast<std::size_t>(k.name) >= names ||
        !std::isfinite(k.time) || k.time < 0.0f || k.time > clips[k.clip].duration) {
      return r.fail("marker " + std::to_string(i) + ": bad clip, name or time");
    }
    // The runtime finds a clip's markers by binary search: sorted by clip, then time.
    if (i > 0) {
      const SyncMarkerDef& p = m.markers[i - 1];
      if (k.clip < p.clip || (k.clip == p.clip && k.time < p.time)) {
        return r.fail("marker " + std::to_string(i) + ": not sorted by clip and time");
      }
    }
  }
  return true;
}

}  // namespace

bool read_transition_blends(Reader& r, StateMachineDef& m) {
  return read_per_transition<uint8_t>(
      r, m, "blends", [&r](uint8_t blend, TransitionDef& t, const std::string& where) {
        return read_choice(r, blend, TransitionBlend::kDeadBlend, where + "unknown blend ",
                           &t.blend);
      });
}

bool read_half_lives(Reader& r, StateMachineDef& m) {
  return read_per_transition<float>(
      r, m, "half-lives", [&r](float half_life, TransitionDef& t, const std::string& where) {
        if (!(half_life > 0.0f) || !std::isfinite(half_life)) {
          return r.fail(where + "half-life is not a positive number");
        }
        t.half_life = half_life;
        return true;
      });
}

bool read_sync(Reader& r, StateMachineDef& m, const std::vector<CompressedClip>& clips) {
  if (!read_markers(r, m, clips) || !read_space_syncs(r, m.blend_spaces, "1D") ||
      !read_space_syncs(r, m.blend_spaces_2d, "2D")) {
    return false;
  }
  return read_per_transition<uint8_t>(
      r, m, "syncs", [&r](uint8_t sync, TransitionDef& t, const std::string& where) {
        return read_choice(r, sync, SyncMode::kMarkers, where + "unknown sync ", &t.sync);
      });
}

bool read_sync_groups(Reader& r, StateMachineDef& m) {
  uint32_t names = 0;
  r.get_count(names, 4);
  m.sync_groups.resize(r.ok() ? names : 0);
  for (std::string& name : m.sync_groups) {
    if (!r.get_string(name)) return false;
    if (name.empty()) return r.fail("a sync group's name is empty");
  }
  uint32_t machines = 0;
  r.get_count(machines, 4);
  if (r.ok() && machines != 1 + m.layers.size()) {
    return r.fail("sync groups for " + std::to_string(machines) +
                  " machines, the state machine has " + std::to_string(1 + m.layers.size()));
  }
  for (std::size_t mi = 0; r.ok() && mi < machines; ++mi) {
    std::vector<StateDef>& states = mi == 0 ? m.states : m.layers[mi - 1].states;
    uint32_t n = 0;
    r.get_count(n, 4 + 1);
    std::vector<int32_t> groups;
    std::vector<uint8_t> roles;
    r.get_array(groups, n);
    r.get_array(roles, n);
    if (!r.ok()) return false;
    if (n != states.size()) {
      return r.fail("machine " + std::to_string(mi) + ": sync groups for " + std::to_string(n) +
                    " states, it has " + std::to_string(states.size()));
    }
    for (std::size_t i = 0; i < n; ++i) {
      const std::string where =
          "machine " + std::to_string(mi) + ", state " + std::to_string(i) + ": ";
      if (groups[i] < -1 || groups[i] >= static_cast<int32_t>(names)) {
        return r.fail(where + "sync group " + std::to_string(groups[i]) + " out of range");
      }
      states[i].sync_group = groups[i];
      if (!read_choice(r, roles[i], SyncRole::kFollower, where + "unknown sync role ",
                       &states[i].sync_role)) {
        return false;
      }
    }
  }
  return r.ok();
}

}  // namespace anim::package
