#include "anim/ui/model/clip_extent.h"

#include <algorithm>
#include <cmath>

#include "anim/sampling.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/timeline_clip.h"
#include "anim/ui/scene/posed_model.h"

namespace anim::ui {
namespace {

Bounds unite(const Bounds& a, const Bounds& b) {
  if (!a.valid()) return b;
  if (!b.valid()) return a;
  return {glm::min(a.min, b.min), glm::max(a.max, b.max)};
}

Bounds invalid_bounds() { return {glm::vec3(1.0f), glm::vec3(-1.0f)}; }

}  // namespace

Bounds clip_extent(const Model& model, const Clip& clip, int samples, std::size_t stride) {
  Bounds out = invalid_bounds();
  if (samples < 1) return out;
  const std::size_t joints = model.skeleton.joint_count();
  std::vector<Transform> local(joints);
  SamplingCursor cursor(joints);
  PosedModel posed;
  const bool timed = clip.duration > 0.0f && std::isfinite(clip.duration);
  const int count = timed ? std::max(samples, 2) : 1;
  for (int i = 0; i < count; ++i) {
    const float t = count > 1 ? clip.duration * static_cast<float>(i) / (count - 1) : 0.0f;
    SamplingJob job{&clip, model.skeleton.rest, t, &cursor, local};
    if (!job.run() || !posed.update(model, local)) return invalid_bounds();
    out = unite(out, posed.bounds(model, stride));
  }
  return out;
}

Bounds with_margin(const Bounds& bounds, float fraction) {
  if (!bounds.valid()) return bounds;
  const glm::vec3 size = bounds.max - bounds.min;
  const float largest = std::max({size.x, size.y, size.z});
  const float grow = (largest > 0.0f ? largest : bounds.radius()) * fraction;
  return {bounds.min - glm::vec3(grow), bounds.max + glm::vec3(grow)};
}

Bounds playback_extent(const Document& doc, const glm::mat4& display, int samples) {
  const Model& model = doc.model();
  std::vector<int> clips;
  switch (doc.mode()) {
    case PlaybackMode::kClip:
      clips.push_back(doc.player().clip());
      if (doc.player().fading()) clips.push_back(doc.player().fading_from());
      break;
    case PlaybackMode::kBlend1D:
      clips = doc.blend().space.clips;
      break;
    case PlaybackMode::kStateMachine:
      clips.push_back(timeline_clip(doc).clip);
      break;
  }
  constexpr std::size_t kStride = 4;
  Bounds out = doc.posed().bounds(model, kStride);
  for (const int c : clips) {
    if (c < 0 || static_cast<std::size_t>(c) >= model.clips.size()) continue;
    out = unite(out, clip_extent(model, model.clips[c], samples, kStride));
  }
  return transform_bounds(with_margin(out, 0.05f), display);
}

}  // namespace anim::ui
