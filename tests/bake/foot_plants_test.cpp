// find_foot_plants on a hand-built leg: hips, leg, foot, the foot keyed by hand so that it comes
// down to its lowest point and stops there at known times. Linear keys make the foot's path a
// polyline: at a dip's bottom key the foot is lowest and (by symmetry) its central-difference
// speed is zero, so that key's time is the plant. A clip keyed in place slides the standing foot
// back at a constant speed: relative to the ground it is still.
#include "anim/bake/foot_plants.h"

#include <vector>

#include <gtest/gtest.h>
#include <glm/vec3.hpp>

#include "support/rigs.h"

namespace anim::bake {
namespace {

constexpr int kFoot = 2;
constexpr float kStep = 1.0f / kMinFootSampleRate;  // The clips' rate is unknown: 60 Hz.

// hips 1 above the origin, leg 0.5 below the hips; the foot is keyed relative to the leg.
Skeleton leg_rig() {
  Skeleton s = testutil::Rig({"hips", "leg", "foot"}, {-1, 0, 1});
  s.rest[0].translation = glm::vec3(0.0f, 1.0f, 0.0f);
  s.rest[1].translation = glm::vec3(0.0f, -0.5f, 0.0f);
  return s;
}

// A foot key given where the foot should stand in model space: `forward` along +X and `height`
// along `up` (0 +X, 1 +Y, 2 +Z); the leg stands at (0, 0.5, 0).
struct FootKey {
  float time;
  float forward;
  float height;
};

Model leg_model(const std::vector<FootKey>& keys, float duration, int up = 1) {
  ClipBuilder b("Step", duration, 3);
  for (const FootKey& k : keys) {
    glm::vec3 place(0.0f);
    place[up] = k.height;
    place[up == 0 ? 2 : 0] = k.forward;
    b.add_translation(kFoot, k.time, place - glm::vec3(0.0f, 0.5f, 0.0f));
  }
  Model model = testutil::ModelOf("test://leg", leg_rig(), {b.build()});
  if (up != 1) model.up_axis = FileUpAxis{static_cast<int8_t>(up), 1};
  return model;
}

// Two steps in 2 s: down at x = 0 with the bottom of the dip at 0.4 s, a swing forward, down at
// x = 1 with the bottom at 1.4 s, a swing back (a quarter of it done at 2 s, where the loop
// starts again).
const std::vector<FootKey> kTwoSteps = {
    {0.0f, 0.375f, 0.38f}, {0.3f, 0.0f, 0.02f},   {0.4f, 0.0f, 0.0f}, {0.5f, 0.0f, 0.02f},
    {0.9f, 0.5f, 0.5f},    {1.3f, 1.0f, 0.02f},   {1.4f, 1.0f, 0.0f}, {1.5f, 1.0f, 0.02f},
    {1.9f, 0.5f, 0.5f},    {2.0f, 0.375f, 0.38f},
};

// One step a second whose dip is at 0.95 s and whose stance (0.85 s to 0.05 s) crosses the end.
const std::vector<FootKey> kStanceOverTheEnd = {
    {0.0f, 0.0f, 0.01f},  {0.05f, 0.0f, 0.02f}, {0.45f, 0.5f, 0.5f},
    {0.85f, 0.0f, 0.02f}, {0.95f, 0.0f, 0.0f},  {1.0f, 0.0f, 0.01f},
};

// Two steps in 2 s keyed in place (on a treadmill): while down (0.2 s to 0.8 s, 1.2 s to 1.8 s)
// the foot slides back from x = 0.3 to x = -0.3 at 1 per second; while up it swings forward over
// a 0.3 high arch whose top is at 0 s and 1 s. In model space it is never still.
const std::vector<FootKey> kInPlaceSteps = {
    {0.0f, 0.0f, 0.3f}, {0.2f, 0.3f, 0.0f},  {0.8f, -0.3f, 0.0f}, {1.0f, 0.0f, 0.3f},
    {1.2f, 0.3f, 0.0f}, {1.8f, -0.3f, 0.0f}, {2.0f, 0.0f, 0.3f},
};

std::vector<FootPlant> plants_of(const Model& model) {
  Result<std::vector<FootPlant>> plants = find_foot_plants(model, 0, kFoot);
  EXPECT_TRUE(plants.ok()) << plants.error().to_string();
  return plants.ok() ? plants.value() : std::vector<FootPlant>();
}

TEST(FootPlants, EachStanceGivesOnePlantAtTheBottomOfItsDip) {
  const std::vector<FootPlant> plants = plants_of(leg_model(kTwoSteps, 2.0f));
  ASSERT_EQ(plants.size(), 2u);
  EXPECT_NEAR(plants[0].time, 0.4f, kStep);
  EXPECT_NEAR(plants[1].time, 1.4f, kStep);
  for (const FootPlant& p : plants) {
    EXPECT_LT(p.begin, p.time);
    EXPECT_GT(p.end, p.time);
    EXPECT_LT(p.end - p.begin, 0.4f) << "the swing is no stance";
  }
}

TEST(FootPlants, AStanceAcrossTheClipsEndIsReportedOnce) {
  const std::vector<FootPlant> plants = plants_of(leg_model(kStanceOverTheEnd, 1.0f));
  ASSERT_EQ(plants.size(), 1u);
  EXPECT_NEAR(plants[0].time, 0.95f, kStep);
  EXPECT_GT(plants[0].begin, plants[0].end) << "the stance wraps over the end";
  EXPECT_GT(plants[0].begin, 0.8f);
  EXPECT_LT(plants[0].end, 0.1f);
}

TEST(FootPlants, AFootSlidingWithTheGroundOfAnInPlaceClipIsPlantedMidStance) {
  // Relative to the ground (moving back at 1 per second) the foot is still all through each
  // stance: every stance sample ties, and the middle one is mid-stance.
  const std::vector<FootPlant> plants = plants_of(leg_model(kInPlaceSteps, 2.0f));
  ASSERT_EQ(plants.size(), 2u);
  EXPECT_NEAR(plants[0].time, 0.5f, kStep);
  EXPECT_NEAR(plants[1].time, 1.5f, kStep);
  // The stances are the sliding stretches: the samples next to a touch-down or lift-off key
  // mix in the swing's velocity, so each may lose a sample at either end.
  for (std::size_t i = 0; i < plants.size(); ++i) {
    const float down = 0.2f + static_cast<float>(i);
    EXPECT_NEAR(plants[i].begin, down, 2.0f * kStep);
    EXPECT_NEAR(plants[i].end, down + 0.6f, 2.0f * kStep);
  }
}

TEST(FootPlants, HeightIsMeasuredAlongTheModelsUpAxis) {
  // The same steps standing on Z: with the file's up axis the plants are where they were.
  const std::vector<FootPlant> plants = plants_of(leg_model(kTwoSteps, 2.0f, 2));
  ASSERT_EQ(plants.size(), 2u);
  EXPECT_NEAR(plants[0].time, 0.4f, kStep);
  EXPECT_NEAR(plants[1].time, 1.4f, kStep);
}

TEST(FootPlants, AFootThatNeverLeavesTheGroundHasOneStanceOverTheWholeClip) {
  const std::vector<FootPlant> plants =
      plants_of(leg_model({{0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}}, 1.0f));
  ASSERT_EQ(plants.size(), 1u);
  EXPECT_EQ(plants[0].begin, 0.0f);
  EXPECT_NEAR(plants[0].end, 1.0f - kStep, 1e-5f);
  EXPECT_NEAR(plants[0].time, 0.5f, 2.0f * kStep) << "every sample ties: the middle one";
}

TEST(FootPlants, SameInputSamePlants) {
  const Model model = leg_model(kTwoSteps, 2.0f);
  const std::vector<FootPlant> a = plants_of(model), b = plants_of(model);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].time, b[i].time);
    EXPECT_EQ(a[i].begin, b[i].begin);
    EXPECT_EQ(a[i].end, b[i].end);
  }
}

TEST(FootPlants, SampleRateIsAWholeMultipleOfTheKeyRate) {
  Clip clip;
  clip.sample_rate = 30.0f;
  EXPECT_EQ(foot_sample_rate(clip), 60.0f);
  clip.sample_rate = 24.0f;
  EXPECT_EQ(foot_sample_rate(clip), 72.0f);
  clip.sample_rate = 120.0f;
  EXPECT_EQ(foot_sample_rate(clip), 120.0f);
  clip.sample_rate = 0.0f;
  EXPECT_EQ(foot_sample_rate(clip), kMinFootSampleRate);
  FootPlantOptions options;
  options.sample_rate = 200.0f;
  EXPECT_EQ(foot_sample_rate(clip, options), 200.0f);
}

TEST(FootPlants, RejectsIndicesAndOptionsOutOfRange) {
  const Model model = leg_model(kTwoSteps, 2.0f);
  EXPECT_FALSE(find_foot_plants(model, 1, kFoot).ok());
  EXPECT_FALSE(find_foot_plants(model, -1, kFoot).ok());
  EXPECT_FALSE(find_foot_plants(model, 0, 3).ok());
  EXPECT_FALSE(find_foot_plants(model, 0, -1).ok());
  FootPlantOptions options;
  options.peak_percentile = 0.0f;
  EXPECT_FALSE(find_foot_plants(model, 0, kFoot, options).ok());
  options = FootPlantOptions{};
  options.height_fraction = 1.5f;
  EXPECT_FALSE(find_foot_plants(model, 0, kFoot, options).ok());
  options = FootPlantOptions{};
  options.sample_rate = 1e9f;
  EXPECT_FALSE(find_foot_plants(model, 0, kFoot, options).ok()) << "a billion samples a second";
}

TEST(FootPlants, AClipOfNoDurationHasNoPlants) {
  Model model = leg_model({{0.0f, 0.0f, 0.0f}}, 0.0f);
  EXPECT_TRUE(plants_of(model).empty());
}

}  // namespace
}  // namespace anim::bake
