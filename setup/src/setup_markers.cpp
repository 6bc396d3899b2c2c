// Sync markers in a setup: where they are given, and their runtime form (setup_markers.h).
#include "setup_markers.h"

#include <algorithm>

#include "anim/find_by_name.h"

namespace anim::setup {

std::vector<MarkerSource> marker_sources(const Setup& setup) {
  std::vector<MarkerSource> out;
  for (std::size_t i = 0; i < setup.clips.size(); ++i) {
    out.push_back({setup.clips[i].name, &setup.clips[i].markers, "/clips/" + std::to_string(i)});
  }
  for (std::size_t i = 0; i < setup.animations.size(); ++i) {
    const SetupAnimation& a = setup.animations[i];
    if (a.markers.empty()) continue;
    out.push_back(
        {a.alias.value_or(a.clip.value_or("")), &a.markers, "/animations/" + std::to_string(i)});
  }
  return out;
}

void compile_markers(const Setup& setup, Span<const Clip> clips, StateMachineDef* def) {
  for (const MarkerSource& source : marker_sources(setup)) {
    const auto clip = std::find_if(clips.begin(), clips.end(),
                                   [&](const Clip& c) { return c.name == source.clip; });
    if (clip == clips.end()) continue;  // Validation reports it.
    for (const SetupMarker& m : *source.markers) {
      auto name = std::find(def->marker_names.begin(), def->marker_names.end(), m.name);
      if (name == def->marker_names.end()) {
        def->marker_names.push_back(m.name);
        name = def->marker_names.end() - 1;
      }
      def->markers.push_back({static_cast<int>(clip - clips.begin()),
                              static_cast<int>(name - def->marker_names.begin()), m.time});
    }
  }
  std::stable_sort(def->markers.begin(), def->markers.end(),
                   [](const SyncMarkerDef& a, const SyncMarkerDef& b) {
                     return a.clip != b.clip ? a.clip < b.clip : a.time < b.time;
                   });
}

}  // namespace anim::setup
