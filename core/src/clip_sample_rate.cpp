#include "anim/clip_sample_rate.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace anim {
namespace {

constexpr double kSameSpacing = 1e-3;  // Relative: float key times jitter in their last bits.
constexpr double kWholeRate = 1e-4;    // Relative distance to a whole number that snaps to it.

template <class V>
void add_spacings(const KeyTracks<V>& tracks, std::vector<double>& out) {
  for (const TrackRange& r : tracks.ranges) {
    for (uint32_t k = 1; k < r.count; ++k) {
      const double d = double{tracks.times[r.offset + k]} - double{tracks.times[r.offset + k - 1]};
      if (d > 0.0 && std::isfinite(d)) out.push_back(d);
    }
  }
}

}  // namespace

float estimate_sample_rate(const Clip& clip) {
  std::vector<double> spacings;
  add_spacings(clip.translations, spacings);
  add_spacings(clip.rotations, spacings);
  add_spacings(clip.scales, spacings);
  if (spacings.empty()) return 0.0f;
  std::sort(spacings.begin(), spacings.end());
  // Runs of sorted spacings within kSameSpacing of the run's first are one spacing; the
  // longest run wins (the shorter spacing on a tie).
  std::size_t best_count = 0;
  double best_sum = 0.0;
  for (std::size_t first = 0; first < spacings.size();) {
    std::size_t end = first;
    double sum = 0.0;
    while (end < spacings.size() && spacings[end] <= spacings[first] * (1.0 + kSameSpacing)) {
      sum += spacings[end++];
    }
    if (end - first > best_count) {
      best_count = end - first;
      best_sum = sum;
    }
    first = end;
  }
  if (best_count * 2 < spacings.size()) return 0.0f;  // Irregular keys.
  double rate = static_cast<double>(best_count) / best_sum;
  if (std::abs(rate - std::round(rate)) <= kWholeRate * rate) rate = std::round(rate);
  if (!(rate >= kMinSampleRate && rate <= kMaxSampleRate)) return 0.0f;
  return static_cast<float>(rate);
}

}  // namespace anim
