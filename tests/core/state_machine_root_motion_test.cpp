// The state machine's root motion (issue 25), on hand-built clips whose root walks known lines and
// turns known angles: per-update moves, their accumulation into a path, a loop that wraps inside
// one update, a 50/50 blend space, a transition, a state that keeps its motion, a Z-up model, and
// layers, each against hand-computed values.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "anim/clip.h"
#include "anim/player.h"
#include "anim/root_motion.h"
#include "anim/root_motion_builder.h"
#include "anim/skeleton.h"
#include "anim/state_machine.h"
#include "anim/state_machine_def.h"
#include "support/machines.h"
#include "support/rigs.h"

namespace anim {
namespace {

constexpr float kPi = 3.14159265358979f;

// Root -> Hips -> Leg; the hips rest one unit up.
Skeleton walker() {
  Skeleton s = testutil::Rig({"Root", "Hips", "Leg"}, {-1, 0, 1});
  s.rest[1].translation = {0.0f, 1.0f, 0.0f};
  s.rest[2].translation = {0.0f, -0.5f, 0.0f};
  return s;
}

// The hips walk `speed` units per second along z for `duration` seconds and turn `turn` radians
// about `up` over it (keys every 1/20 s), with a little bob; the leg swings.
Clip walk(const std::string& name, float speed, float duration = 1.0f, float turn = 0.0f,
          glm::vec3 up = glm::vec3(0, 1, 0), glm::vec3 forward = glm::vec3(0, 0, 1)) {
  ClipBuilder b(name, duration, 3);
  const int keys = static_cast<int>(std::lround(duration * 20.0f));
  for (int k = 0; k <= keys; ++k) {
    const float t = duration * static_cast<float>(k) / static_cast<float>(keys);
    b.add_translation(1, t,
                      glm::vec3(0, 1, 0) + forward * (speed * t) + up * 0.05f * std::sin(kPi * t));
    b.add_rotation(1, t, glm::angleAxis(turn * t / duration, up));
    b.add_rotation(2, t, glm::angleAxis(0.4f * std::sin(2 * kPi * t), glm::vec3(1, 0, 0)));
  }
  return b.build();
}

StateDef clip_state(const std::string& name, int clip, bool loop = true) {
  StateDef s;
  s.name = name;
  s.motion = {MotionRef::Kind::kClip, clip};
  s.loop = loop;
  return s;
}

// Clips played in place and their tracks, as apply_root_motion makes them.
struct Moving {
  std::vector<Clip> clips;
  std::vector<RootMotionTrack> tracks;
  Moving(const Skeleton& s, std::vector<Clip> raw, glm::vec3 up = glm::vec3(0, 1, 0))
      : clips(std::move(raw)) {
    RootMotionSettings settings;
    settings.joint = 1;
    settings.up = up;
    if (up.z != 0.0f) settings.axes[1] = true, settings.axes[2] = false;
    for (Clip& c : clips) {
      Result<RootMotionTrack> t = extract_root_motion(s, settings, c);
      EXPECT_TRUE(t.ok());
      tracks.push_back(t.ok() ? t.value() : RootMotionTrack{});
    }
  }
  ClipSet set() const { return ClipSet(clips).with_root_motion(tracks); }
};

// A game's accumulation of the moves (root_motion.h).
struct Path {
  glm::vec3 position{0.0f};
  glm::quat heading{1.0f, 0.0f, 0.0f, 0.0f};
  void add(const RootMotion& m) {
    position += heading * m.translation;
    heading = heading * m.rotation;
  }
};

void expect_vec(const glm::vec3& a, const glm::vec3& b, float tolerance = 1e-4f) {
  EXPECT_NEAR(a.x, b.x, tolerance);
  EXPECT_NEAR(a.y, b.y, tolerance);
  EXPECT_NEAR(a.z, b.z, tolerance);
}

TEST(StateMachineRootMotion, EachUpdateMovesByWhatTheClipWalked) {
  const Skeleton s = walker();
  const Moving clips(s, {walk("walk", 1.5f)});
  StateMachineDef def;
  def.states = {clip_state("Walk", 0)};
  def.root_motion_joint = 1;
  StateMachineInstance sm(def, s, clips.set());
  ASSERT_TRUE(sm.moves());
  const RootMotion first = sm.update(0.2f);
  expect_vec(first.translation, {0, 0, 0.3f});
  expect_vec(sm.root_motion().translation, first.translation);
  // 0.2 + 4 x 0.3 = 1.4 s: a wrap inside one update (0.8 s to 1.1 s) moves on without a jump.
  Path path;
  path.add(first);
  for (int i = 0; i < 4; ++i) path.add(sm.update(0.3f));
  expect_vec(path.position, {0, 0, 1.5f * 1.4f});
  // A long update over several whole cycles.
  expect_vec(sm.update(3.25f).translation, {0, 0, 1.5f * 3.25f}, 1e-3f);
}

TEST(StateMachineRootMotion, ATurningWalkTracesTheArcItsRootWalked) {
  const Skeleton s = walker();
  const Clip raw = walk("turn", 2.0f, 1.0f, kPi / 2);
  const Moving clips(s, {raw});
  StateMachineDef def;
  def.states = {clip_state("Turn", 0)};
  def.root_motion_joint = 1;
  StateMachineInstance sm(def, s, clips.set());
  Path path;
  for (int i = 0; i < 10; ++i) path.add(sm.update(0.1f));
  // After one cycle the hips faced a quarter turn about y, and the character's frame with them.
  const float angle = 2.0f * std::acos(std::min(1.0f, std::fabs(path.heading.w)));
  EXPECT_NEAR(angle, kPi / 2, 1e-3f);
  // The path ends where the raw keys put the hips on the ground: 2 along z (the walk is along the
  // hips' own z only as keyed; the keys are along the model's z, so no arc here).
  expect_vec(path.position, {0, 0, 2.0f}, 1e-3f);
  // And the in-place pose, moved by the path, puts the hips where the raw clip had them.
  std::vector<Transform> pose(3);
  ASSERT_TRUE(sm.evaluate(pose));
  const glm::vec3 in_place = pose[0].translation + pose[0].rotation * pose[1].translation;
  expect_vec(path.position + path.heading * in_place, glm::vec3(0, 1, 0) + glm::vec3(0, 0, 2.0f),
             1e-3f);
}

TEST(StateMachineRootMotion, ABlendSpaceMovesByTheWeightedMotionOfItsClips) {
  const Skeleton s = walker();
  const Moving clips(s, {walk("walk", 1.0f), walk("run", 3.0f)});
  StateMachineDef def;
  ParameterDef speed;
  speed.name = "speed";
  speed.min = 0.0f;
  speed.max = 1.0f;
  speed.default_value = 0.5f;
  def.parameters = {speed};
  def.blend_spaces = {testutil::Space1D("move", 0, {0, 1}, {0.0f, 1.0f})};
  def.states = {testutil::SpaceState("Move", 0)};
  def.root_motion_joint = 1;
  StateMachineInstance sm(def, s, clips.set());
  // Half walk, half run: the average of 1 and 3 units per second.
  expect_vec(sm.update(0.5f).translation, {0, 0, 1.0f});
  sm.set_value(0, 1.0f);
  expect_vec(sm.update(0.25f).translation, {0, 0, 0.75f});
}

TEST(StateMachineRootMotion, ATransitionBlendsTheMovesByItsWeights) {
  const Skeleton s = walker();
  const Moving clips(s, {walk("walk", 1.0f), walk("run", 3.0f)});
  StateMachineDef def;
  ParameterDef go;
  go.name = "go";
  go.type = ParameterType::kBool;
  go.max = 1.0f;
  def.parameters = {go};
  def.states = {clip_state("Walk", 0), clip_state("Run", 1)};
  TransitionDef t;
  t.from = 0;
  t.to = 1;
  t.conditions = {ConditionDef{0, ConditionOp::kTrue, 0.0f}};
  t.duration = 1.0f;
  def.transitions = {t};
  def.root_motion_joint = 1;
  StateMachineInstance sm(def, s, clips.set());
  sm.set_bool("go", true);
  // The update that starts the transition: the run enters with no motion, the walk weighs 1.
  expect_vec(sm.update(0.1f).translation, {0, 0, 0.1f});
  // Then 0.1 s into it: walk 0.9 x 0.1, run 0.1 x 0.3.
  expect_vec(sm.update(0.1f).translation, {0, 0, 0.9f * 0.1f + 0.1f * 0.3f});
  for (int i = 0; i < 12; ++i) sm.update(0.1f);
  expect_vec(sm.update(0.1f).translation, {0, 0, 0.3f});  // Running alone.
}

TEST(StateMachineRootMotion, AStateThatKeepsItsMotionMovesNothingAndWalksInItsPose) {
  const Skeleton s = walker();
  const Clip raw = walk("sway", 0.8f);
  const Moving clips(s, {raw});
  StateMachineDef def;
  def.states = {clip_state("Sway", 0)};
  def.states[0].root_motion = false;
  def.root_motion_joint = 1;
  StateMachineInstance sm(def, s, clips.set());
  expect_vec(sm.update(0.5f).translation, {0, 0, 0});
  std::vector<Transform> pose(3);
  ASSERT_TRUE(sm.evaluate(pose));
  // As the raw clip has it at 0.5 s: 0.4 along z.
  expect_vec(pose[1].translation,
             glm::vec3(0, 1, 0.4f) + glm::vec3(0, 0.05f * std::sin(kPi * 0.5f), 0), 1e-3f);
}

TEST(StateMachineRootMotion, AZUpModelMovesAcrossZAndTurnsAboutIt) {
  const Skeleton s = walker();
  const glm::vec3 z(0, 0, 1);
  const Moving clips(s, {walk("walk", 1.0f, 1.0f, kPi / 3, z, glm::vec3(0, 1, 0))}, z);
  StateMachineDef def;
  def.states = {clip_state("Walk", 0)};
  def.root_motion_joint = 1;
  StateMachineInstance sm(def, s, clips.set());
  const RootMotion half = sm.update(0.5f);
  // The hips' ground point (they start one unit along y) moved half a unit along y, on the Z-up
  // ground, and the frame turned a sixth of a half turn about z, on the spot of the hips.
  expect_vec(apply(half, glm::vec3(0, 1, 0)), {0, 1.5f, 0}, 1e-3f);
  const glm::quat expected = glm::angleAxis(kPi / 6, z);
  EXPECT_NEAR(std::fabs(glm::dot(half.rotation, expected)), 1.0f, 1e-5f);
}

TEST(StateMachineRootMotion, LayersMoveNothingAndWithoutTracksNothingMoves) {
  const Skeleton s = walker();
  const Moving clips(s, {walk("walk", 1.0f), walk("run", 3.0f)});
  StateMachineDef def;
  def.states = {clip_state("Walk", 0)};
  LayerDef layer;
  layer.name = "Over";
  layer.states = {clip_state("Run", 1)};
  def.layers = {layer};
  def.root_motion_joint = 1;
  StateMachineInstance sm(def, s, clips.set());
  expect_vec(sm.update(0.5f).translation, {0, 0, 0.5f});
  // No tracks, or no joint: the character stays.
  StateMachineInstance still(def, s, ClipSet(clips.clips));
  EXPECT_FALSE(still.moves());
  expect_vec(still.update(0.5f).translation, {0, 0, 0});
  def.root_motion_joint = -1;
  StateMachineInstance none(def, s, clips.set());
  EXPECT_FALSE(none.moves());
  expect_vec(none.update(0.5f).translation, {0, 0, 0});
}

TEST(PlayerRootMotion, APlayerMovesByItsClipAndCrossfadesBlendTheMoves) {
  const Skeleton s = walker();
  const Moving clips(s, {walk("walk", 1.0f), walk("run", 3.0f)});
  Player player(s, clips.set());
  ASSERT_TRUE(player.play(0));
  expect_vec(player.update(0.25f).translation, {0, 0, 0.25f});
  // Over the loop's end: 0.25 + 0.9 = 1.15 s, still 1 unit per second.
  expect_vec(player.update(0.9f).translation, {0, 0, 0.9f});
  CrossfadeOptions fade;
  fade.seconds = 1.0f;
  ASSERT_TRUE(player.crossfade(1, fade));
  // 0.1 s into a linear fade: run 0.1 x 0.3, walk 0.9 x 0.1.
  expect_vec(player.update(0.1f).translation, {0, 0, 0.1f * 0.3f + 0.9f * 0.1f});
  // A frozen outgoing pose moves nothing: only the run's share.
  fade.freeze_source = true;
  ASSERT_TRUE(player.crossfade(0, fade));
  expect_vec(player.update(0.1f).translation, {0, 0, 0.1f * 0.1f});
  // Without tracks, no move.
  Player still(s, ClipSet(clips.clips));
  ASSERT_TRUE(still.play(0));
  expect_vec(still.update(0.5f).translation, {0, 0, 0});
}

TEST(PlayerRootMotion, AnInertializedOrDeadBlendedFadeMovesByTheIncomingClipAlone) {
  const Skeleton s = walker();
  const Moving clips(s, {walk("walk", 1.0f), walk("run", 3.0f)});
  for (const TransitionBlend blend : {TransitionBlend::kInertialize, TransitionBlend::kDeadBlend}) {
    Player player(s, clips.set());
    ASSERT_TRUE(player.play(0));
    expect_vec(player.update(0.25f).translation, {0, 0, 0.25f});
    CrossfadeOptions fade;
    fade.seconds = 1.0f;
    fade.blend = blend;
    ASSERT_TRUE(player.crossfade(1, fade));
    // Only the run plays (the walk is not sampled any more): 0.1 s of it, all of its move,
    // though the pose still carries the walk over.
    expect_vec(player.update(0.1f).translation, {0, 0, 0.1f * 3.0f});
    EXPECT_TRUE(player.fading());
  }
}

}  // namespace
}  // namespace anim
