#include "anim/sync_markers.h"

#include <algorithm>
#include <cmath>

namespace anim {
namespace {

// The stretch from marker i to the next one around the cycle: its start and length in seconds.
struct Stretch {
  float start = 0.0f;
  float length = 0.0f;
  int next = 0;  // Index of the marker it ends at.
};

Stretch stretch_from(Span<const SyncMarkerDef> markers, float duration, std::size_t i) {
  Stretch s;
  s.start = markers[i].time;
  const std::size_t j = i + 1 < markers.size() ? i + 1 : 0;
  const float end = j > i ? markers[j].time : markers[j].time + duration;
  s.length = end - s.start;
  s.next = static_cast<int>(j);
  return s;
}

}  // namespace

Span<const SyncMarkerDef> markers_of(Span<const SyncMarkerDef> all, int clip) {
  const auto first = std::lower_bound(all.begin(), all.end(), clip,
                                      [](const SyncMarkerDef& m, int c) { return m.clip < c; });
  const auto last = std::upper_bound(first, all.end(), clip,
                                     [](int c, const SyncMarkerDef& m) { return c < m.clip; });
  return Span<const SyncMarkerDef>(first, static_cast<std::size_t>(last - first));
}

MarkerPosition marker_position(Span<const SyncMarkerDef> markers, float duration, float phase) {
  MarkerPosition out;
  if (markers.empty() || !(duration > 0.0f) || !std::isfinite(phase)) return out;
  const float time = std::clamp(phase, 0.0f, 1.0f) * duration;
  const auto after = std::upper_bound(markers.begin(), markers.end(), time,
                                      [](float t, const SyncMarkerDef& m) { return t < m.time; });
  // Before the first marker: on the stretch from the last one, a cycle earlier.
  const bool wrapped = after == markers.begin();
  const std::size_t i =
      wrapped ? markers.size() - 1 : static_cast<std::size_t>(after - markers.begin()) - 1;
  Stretch s = stretch_from(markers, duration, i);
  if (wrapped) s.start -= duration;
  out.previous = markers[i].name;
  out.next = markers[static_cast<std::size_t>(s.next)].name;
  const float fraction = s.length > 0.0f ? (time - s.start) / s.length : 0.0f;
  out.fraction = std::clamp(fraction, 0.0f, std::nextafter(1.0f, 0.0f));
  return out;
}

float phase_at(Span<const SyncMarkerDef> markers, float duration, const MarkerPosition& position,
               float hint) {
  if (!position.valid() || !(duration > 0.0f)) return -1.0f;
  float best = -1.0f, best_distance = 2.0f;
  for (std::size_t i = 0; i < markers.size(); ++i) {
    if (markers[i].name != position.previous) continue;
    const Stretch s = stretch_from(markers, duration, i);
    if (markers[static_cast<std::size_t>(s.next)].name != position.next) continue;
    float phase = (s.start + position.fraction * s.length) / duration;
    phase -= std::floor(phase);  // The last stretch runs past the clip's end into its start.
    const float apart = std::fabs(phase - hint);
    const float distance = std::min(apart, 1.0f - apart);
    if (distance < best_distance) {
      best = phase;
      best_distance = distance;
    }
  }
  return best;
}

}  // namespace anim
