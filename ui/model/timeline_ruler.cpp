#include "anim/ui/model/timeline_ruler.h"

#include <algorithm>
#include <cmath>

namespace anim::ui {
namespace {

constexpr float kMinorTickPx = 6.0f;  // Closest two unlabelled ticks may be.

bool on_second(long frame, float fps) {
  const long second = std::lround(static_cast<float>(frame) / fps);
  return frame == std::lround(static_cast<float>(second) * fps);
}

}  // namespace

int ruler_step(float px_per_frame, float min_px) {
  static constexpr int kSteps[] = {1,   2,   5,    10,   15,   30,    60,    150,
                                   300, 600, 1500, 3000, 9000, 18000, 36000, 108000};
  for (int step : kSteps) {
    if (static_cast<float>(step) * px_per_frame >= min_px) return step;
  }
  return kSteps[sizeof(kSteps) / sizeof(kSteps[0]) - 1];
}

std::vector<RulerTick> ruler_ticks(float fps, float view_start, float view_end, float duration,
                                   float px_per_frame, float label_px) {
  std::vector<RulerTick> ticks;
  const bool usable = std::isfinite(fps) && fps > 0.0f && std::isfinite(px_per_frame) &&
                      px_per_frame > 0.0f && std::isfinite(view_start) && std::isfinite(view_end) &&
                      std::isfinite(duration);
  if (!usable) return ticks;
  const int minor = ruler_step(px_per_frame, kMinorTickPx);
  const int labelled = ruler_step(px_per_frame, label_px);
  const long first = static_cast<long>(std::floor(view_start * fps / minor)) * minor;
  const long last = std::min(static_cast<long>(std::ceil(view_end * fps)),
                             static_cast<long>(std::ceil(duration * fps - 1e-3f)));
  for (long f = std::max(0L, first); f <= last; f += minor) {
    RulerTick tick;
    tick.frame = f;
    tick.second = on_second(f, fps);
    if (f % labelled == 0) tick.label = std::to_string(f);
    ticks.push_back(std::move(tick));
  }
  return ticks;
}

}  // namespace anim::ui
