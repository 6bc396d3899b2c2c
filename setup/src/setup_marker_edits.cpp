// Edits of a clip's sync markers (marker_edits.h): each reads the clip's list, changes a copy and
// writes it back by set_clip_markers, the one rule for where a clip's markers go.
#include "anim/setup/marker_edits.h"

#include <algorithm>
#include <cmath>

#include "clamp_time.h"

namespace anim::setup {
namespace {

// The name an animation entry gives its one clip: its "as", else its "clip" ("" for none, which
// names no clip).
std::string entry_clip(const SetupAnimation& a) { return a.alias.value_or(a.clip.value_or("")); }

SetupAnimation* entry_giving(Setup& setup, const std::string& clip) {
  for (SetupAnimation& a : setup.animations) {
    if (entry_clip(a) == clip) return &a;
  }
  return nullptr;
}

bool same_markers(const std::vector<SetupMarker>& a, const std::vector<SetupMarker>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const SetupMarker& x, const SetupMarker& y) {
                      return x.name == y.name && x.time == y.time && x.extra == y.extra;
                    });
}

bool valid_index(const std::vector<SetupMarker>& markers, int index) {
  return index >= 0 && static_cast<std::size_t>(index) < markers.size();
}

}  // namespace

std::vector<SetupMarker> clip_markers(const Setup& setup, const std::string& clip) {
  for (const SetupAnimation& a : setup.animations) {
    if (!a.markers.empty() && entry_clip(a) == clip) return a.markers;
  }
  for (const SetupClip& c : setup.clips) {
    if (c.name == clip) return c.markers;
  }
  return {};
}

bool set_clip_markers(Setup& setup, const std::string& clip, std::vector<SetupMarker> markers) {
  // Compared at the end: a "clips" entry may go or lose its markers besides the list written.
  const std::vector<SetupClip> clips_before = setup.clips;
  std::vector<std::vector<SetupMarker>> entries_before;
  for (const SetupAnimation& a : setup.animations) entries_before.push_back(a.markers);
  auto entry = std::find_if(setup.clips.begin(), setup.clips.end(),
                            [&](const SetupClip& c) { return c.name == clip; });
  if (SetupAnimation* animation = entry_giving(setup, clip)) {
    animation->markers = std::move(markers);
    if (entry != setup.clips.end() && entry->extra.empty()) {
      setup.clips.erase(entry);
    } else if (entry != setup.clips.end()) {
      entry->markers.clear();
    }
  } else if (entry != setup.clips.end()) {
    entry->markers = std::move(markers);
  } else if (!markers.empty()) {
    SetupClip added;
    added.name = clip;
    added.markers = std::move(markers);
    setup.clips.push_back(std::move(added));
  }
  if (setup.clips.size() != clips_before.size()) return true;
  for (std::size_t i = 0; i < setup.clips.size(); ++i) {
    if (!same_markers(setup.clips[i].markers, clips_before[i].markers)) return true;
  }
  for (std::size_t i = 0; i < setup.animations.size(); ++i) {
    if (!same_markers(setup.animations[i].markers, entries_before[i])) return true;
  }
  return false;
}

float round_marker_time(float seconds, float duration) {
  return std::min(std::round(seconds * 1e4f) / 1e4f, duration);
}

std::string next_marker_name(const Setup& setup, const std::string& clip, float time) {
  const std::vector<SetupMarker> markers = clip_markers(setup, clip);
  const SetupMarker* before = nullptr;  // The latest at or before `time`,
  const SetupMarker* last = nullptr;    // and the clip's last, where the loop comes from.
  for (const SetupMarker& m : markers) {
    if (m.time <= time && (before == nullptr || m.time >= before->time)) before = &m;
    if (last == nullptr || m.time >= last->time) last = &m;
  }
  if (before == nullptr) before = last;
  return before != nullptr && before->name == "L" ? "R" : "L";
}

int add_marker(Setup& setup, const std::string& clip, float time, float duration,
               const std::string& name) {
  const float at = clamp_time(time, duration);
  std::vector<SetupMarker> markers = clip_markers(setup, clip);
  SetupMarker added;
  added.name = name.empty() ? next_marker_name(setup, clip, at) : name;
  added.time = at;
  markers.push_back(std::move(added));
  const int index = static_cast<int>(markers.size()) - 1;
  set_clip_markers(setup, clip, std::move(markers));
  return index;
}

bool move_marker(Setup& setup, const std::string& clip, int index, float time, float duration) {
  std::vector<SetupMarker> markers = clip_markers(setup, clip);
  if (!valid_index(markers, index)) return false;
  markers[static_cast<std::size_t>(index)].time = clamp_time(time, duration);
  return set_clip_markers(setup, clip, std::move(markers));
}

bool rename_marker(Setup& setup, const std::string& clip, int index, const std::string& name) {
  std::vector<SetupMarker> markers = clip_markers(setup, clip);
  if (!valid_index(markers, index) || name.empty()) return false;
  markers[static_cast<std::size_t>(index)].name = name;
  return set_clip_markers(setup, clip, std::move(markers));
}

bool remove_marker(Setup& setup, const std::string& clip, int index) {
  std::vector<SetupMarker> markers = clip_markers(setup, clip);
  if (!valid_index(markers, index)) return false;
  markers.erase(markers.begin() + index);
  set_clip_markers(setup, clip, std::move(markers));
  return true;
}

bool replace_clip_markers(Setup& setup, const std::string& clip, std::vector<SetupMarker> markers,
                          float duration) {
  for (SetupMarker& m : markers) m.time = round_marker_time(clamp_time(m.time, duration), duration);
  std::stable_sort(markers.begin(), markers.end(),
                   [](const SetupMarker& a, const SetupMarker& b) { return a.time < b.time; });
  return set_clip_markers(setup, clip, std::move(markers));
}

}  // namespace anim::setup
