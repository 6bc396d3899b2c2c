#pragma once
// anim_core's jobs run once for a test: a clip sampled into a pose, a pose made into model
// matrices, model matrices into a skinning palette. Each EXPECTs its job to run; the suites keep
// checking what it wrote. Needs anim_core only.
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>
#include <glm/mat4x4.hpp>

#include "anim/clip.h"
#include "anim/local_to_model.h"
#include "anim/sampling.h"
#include "anim/skinning_palette.h"
#include "anim/span.h"
#include "anim/transform.h"

namespace anim::testutil {

// SamplingJob of `clip` at `time` with `cursor` into `output`; whether it ran.
inline bool RunSampling(const Clip& clip, Span<const Transform> rest, float time,
                        SamplingCursor& cursor, Span<Transform> output) {
  return SamplingJob{&clip, rest, time, &cursor, output}.run();
}

// `clip` sampled at `time` with a fresh cursor, joints without keys at `rest`.
inline std::vector<Transform> SampleClip(const Clip& clip, const std::vector<Transform>& rest,
                                         float time) {
  SamplingCursor cursor(clip.joint_count());
  std::vector<Transform> out(clip.joint_count());
  EXPECT_TRUE(RunSampling(clip, rest, time, cursor, out));
  return out;
}

// The model matrices of the local pose `local` of joints under `parents`, roots under `root`.
inline std::vector<glm::mat4> ModelMatrices(const std::vector<int16_t>& parents,
                                            const std::vector<Transform>& local,
                                            const glm::mat4& root = glm::mat4(1.0f)) {
  std::vector<glm::mat4> out(parents.size());
  EXPECT_TRUE((LocalToModelJob{parents, local, root, out}.run()));
  return out;
}

// The skinning palette of `skin` for the joints' model matrices `model`.
inline std::vector<glm::mat4> Palette(const std::vector<glm::mat4>& model, const Skin& skin) {
  std::vector<glm::mat4> palette(skin.size());
  EXPECT_TRUE((SkinningPaletteJob{model, skin.joints, skin.inverse_bind, palette}.run()));
  return palette;
}

}  // namespace anim::testutil
