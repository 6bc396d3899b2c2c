// How the why lines say a transition moves the pose (transition_blend_text.h), and the why-not
// lines of a nested machine labelled by where each transition comes from
// (transition_origin_label.h): hand-written machines stepped to known times, the exact lines.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/clip.h"
#include "anim/setup/setup.h"
#include "anim/setup/transition_origins.h"
#include "anim/skeleton.h"
#include "anim/state_machine.h"
#include "anim/ui/model/transition_blend_text.h"
#include "anim/ui/model/transition_origin_label.h"
#include "anim/ui/model/transition_why.h"
#include "support/clips.h"
#include "support/machines.h"
#include "support/rigs.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

constexpr int kIdle = 0, kWalk = 1, kRun = 2;
constexpr int kGo = 0;
constexpr float kDt = 0.05f;

class TransitionBlendTextTest : public IdleWalkRunTest {
 protected:
  TransitionBlendTextTest() {
    def_.parameters = {Parameter("go", ParameterType::kBool)};
    def_.default_state = kWalk;
    def_.transitions = {Go(kWalk, kRun, {{kGo, ConditionOp::kTrue, 0.0f}}, 0.25f),
                        Go(kRun, kWalk, {{kGo, ConditionOp::kFalse, 0.0f}}, 0.25f)};
  }
  static void Frame(StateMachineInstance& sm, float dt = kDt) {
    sm.update(dt);
    std::vector<Transform> pose(1);
    ASSERT_TRUE(sm.evaluate(pose));
  }
  static std::vector<std::string> Summaries(const std::vector<TransitionWhy>& lines) {
    std::vector<std::string> out;
    for (const TransitionWhy& w : lines) out.push_back(w.summary);
    return out;
  }
};

TEST_F(TransitionBlendTextTest, AnInertializedTransitionFiresThenCarriesOver) {
  def_.transitions[0].blend = TransitionBlend::kInertialize;
  StateMachineInstance sm = Traced();
  Frame(sm);
  sm.set_bool("go", true);
  Frame(sm);
  // In Run at once, so Walk no longer plays; the update checked Walk's transitions only (it was
  // in Walk then): the line that fired is all there is.
  const std::string inertialize =
      "only Run is evaluated; the pose's offset from Walk decays to zero";
  EXPECT_EQ(Summaries(why_now(sm, 0, kRun)),
            (std::vector<std::string>{"Walk -> Run: fired: inertialize over 0.25 s (" +
                                      inertialize + ")"}));
  EXPECT_EQ(sm.current_state(), kRun);
  EXPECT_TRUE(why_not(sm, 0, kRun).empty());
  // Two frames on, 0.1 s of 0.25: 40%.
  Frame(sm);
  Frame(sm);
  EXPECT_EQ(Summaries(why_now(sm, 0, kRun)),
            (std::vector<std::string>{
                "Walk -> Run: inertializing, 40% done of 0.25 s (" + inertialize + ")",
                "Run -> Walk: !go failed (go = true)"}));
  const std::optional<TransitionWhy> running = running_why(sm, 0);
  ASSERT_TRUE(running.has_value());
  EXPECT_EQ(running->verdict, Verdict::kPass);
  EXPECT_EQ(running->transition, 0);
  EXPECT_EQ(running->name, "Walk -> Run");
  // The Inspector and the edge's tooltip.
  SetupTransitionLive live;
  live.running = true;
  live.progress = 0.4f;
  live.blend = TransitionBlend::kInertialize;
  EXPECT_EQ(running_text(live), "Now: inertializing, 40% done");
  // Over after 0.25 s: only Run's own line.
  for (int i = 0; i < 4; ++i) Frame(sm);
  EXPECT_FALSE(running_why(sm, 0).has_value());
  EXPECT_EQ(Summaries(why_now(sm, 0, kRun)),
            (std::vector<std::string>{"Run -> Walk: !go failed (go = true)"}));
}

TEST_F(TransitionBlendTextTest, ADeadBlendSaysItsHalfLifeAndTheOldPosesWeight) {
  def_.transitions[0].blend = TransitionBlend::kDeadBlend;
  def_.transitions[0].duration = 0.5f;
  def_.transitions[0].half_life = 0.1f;
  StateMachineInstance sm = Traced();
  Frame(sm);
  sm.set_bool("go", true);
  Frame(sm);
  const std::string dead =
      "only Run is evaluated; Walk's pose coasts on its velocity, halving every 0.1 s, and "
      "fades into it";
  EXPECT_EQ(why_now(sm, 0, kRun)[0].summary,
            "Walk -> Run: fired: dead blend over 0.5 s, half-life 0.1 s (" + dead + ")");
  // 0.25 s of 0.5: half way, where the old pose's weight 1 - (3u^2 - 2u^3) is 0.5.
  for (int i = 0; i < 5; ++i) Frame(sm);
  EXPECT_EQ(why_now(sm, 0, kRun)[0].summary,
            "Walk -> Run: dead blending, 50% done of 0.5 s (" + dead + "); Walk's pose weighs 0.5");
  EXPECT_FLOAT_EQ(dead_blend_old_weight(0.0f), 1.0f);
  EXPECT_FLOAT_EQ(dead_blend_old_weight(0.25f), 1.0f - (3.0f * 0.0625f - 2.0f * 0.015625f));
  EXPECT_FLOAT_EQ(dead_blend_old_weight(1.0f), 0.0f);
}

TEST_F(TransitionBlendTextTest, ACrossfadeRunsAndAnInertializedOneInterruptsIt) {
  def_.transitions[0].duration = 0.5f;
  def_.transitions[0].interruption = Interruption::kDestination;
  def_.transitions[1].blend = TransitionBlend::kInertialize;
  StateMachineInstance sm = Traced();
  Frame(sm);
  sm.set_bool("go", true);
  Frame(sm);
  EXPECT_EQ(why_now(sm, 0, kRun)[0].summary,
            "Walk -> Run: fired: crossfade over 0.5 s (Walk and Run are both evaluated, Walk "
            "fading out)");
  for (int i = 0; i < 2; ++i) Frame(sm);  // 0.1 s of 0.5.
  EXPECT_EQ(why_now(sm, 0, kRun)[0].summary,
            "Walk -> Run: crossfading, 20% done of 0.5 s (Walk and Run are both evaluated)");
  sm.set_bool("go", false);
  Frame(sm);
  // Run -> Walk fires from Run: its own line says how, with no running line before it.
  const std::vector<TransitionWhy> lines = why_now(sm, 0, kWalk);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0].summary,
            "Run -> Walk: fired: inertialize over 0.25 s (only Walk is evaluated; the pose's "
            "offset from Run decays to zero); it interrupts, so it starts from the pose shown");
  Frame(sm);
  EXPECT_EQ(why_now(sm, 0, kWalk)[0].summary,
            "Run -> Walk: inertializing, 20% done of 0.25 s (only Walk is evaluated; the pose's "
            "offset from Run decays to zero); it started from the pose shown when it interrupted");
}

TEST_F(TransitionBlendTextTest, AMarkerSyncedStartSaysWhereOrWhyNot) {
  // Walk (1 s): L at 0.2 s, R at 0.7 s. Run (1 s): R at 0.1 s, L at 0.6 s. At walk 0.45 s it is
  // half way from L to R.
  def_.marker_names = {"L", "R"};
  def_.markers = {{kWalk, 0, 0.2f}, {kWalk, 1, 0.7f}, {kRun, 1, 0.1f}, {kRun, 0, 0.6f}};
  def_.transitions[0].sync = SyncMode::kMarkers;
  def_.transitions[0].duration = 0.0f;
  def_.transitions[0].offset = 0.3f;
  {
    StateMachineInstance sm = Traced();
    Frame(sm, 0.45f);
    sm.set_bool("go", true);
    Frame(sm, 0.0f);
    EXPECT_EQ(why_now(sm, 0, kRun)[0].summary,
              "Walk -> Run: fired: Run starts 0.5 of the way from L to R, where Walk was");
  }
  def_.markers.resize(2);  // The run has none.
  StateMachineInstance sm = Traced();
  Frame(sm, 0.45f);
  sm.set_bool("go", true);
  Frame(sm, 0.0f);
  EXPECT_EQ(why_now(sm, 0, kRun)[0].summary,
            "Walk -> Run: fired: Run starts at 0.3 (normalized time): a clip lacks the markers");
}

TEST_F(TransitionBlendTextTest, JoiningASyncGroupSaysSo) {
  def_.sync_groups = {"feet"};
  def_.states[kWalk].sync_group = def_.states[kRun].sync_group = 0;
  StateMachineInstance sm = Traced();
  Frame(sm, 0.3f);
  sm.set_bool("go", true);
  Frame(sm, 0.0f);
  EXPECT_EQ(why_now(sm, 0, kRun)[0].summary,
            "Walk -> Run: fired: crossfade over 0.25 s (Walk and Run are both evaluated, Walk "
            "fading out); Run joins its sync group at its leader's place");
}

TEST_F(TransitionBlendTextTest, NoRunningLineForACut) {
  def_.transitions[0].duration = 0.0f;
  StateMachineInstance sm = Traced();
  Frame(sm);
  sm.set_bool("go", true);
  Frame(sm);
  EXPECT_EQ(why_now(sm, 0, kRun)[0].summary, "Walk -> Run: fired");
  Frame(sm);
  EXPECT_EQ(Summaries(why_now(sm, 0, kRun)),
            (std::vector<std::string>{"Run -> Walk: !go failed (go = true)"}));
  (void)kIdle;
}

// Idle and Locomotion {Walk, Run}: Locomotion's own Walk -> Run and "*" -> Walk, the top's
// Locomotion -> Idle (from the machine, so from each of its leaves) and "*" -> Idle.
constexpr const char* kNested = R"({
  "format": "animscope.setup", "version": 3, "model": "none.glb",
  "parameters": [{"name": "speed", "type": "float", "default": 0.3},
                 {"name": "halt", "type": "trigger", "default": 0}],
  "states": [
    {"name": "Idle", "motion": "idle"},
    {"name": "Locomotion", "machine": {
      "states": [{"name": "Walk", "motion": "walk"}, {"name": "Run", "motion": "run"}],
      "default_state": "Walk",
      "transitions": [
        {"from": "Walk", "to": "Run", "conditions": [{"parameter": "speed", "op": ">", "value": 0.6}],
         "duration": 0.2, "blend": "inertialize"},
        {"from": "*", "to": "Walk", "conditions": [{"parameter": "speed", "op": "<", "value": 0.1}]}
      ]}}
  ],
  "default_state": "Locomotion",
  "transitions": [
    {"from": "Locomotion", "to": "Idle", "conditions": [{"parameter": "speed", "op": "<", "value": 0.05}]},
    {"from": "*", "to": "Idle", "conditions": [{"parameter": "halt", "op": "trigger"}]}
  ]
})";

TEST(TransitionOriginLabelTest, ALeafsLinesSayWhichMachineEachComesFrom) {
  Result<setup::Setup> parsed = setup::parse_setup(kNested, "nested.json");
  ASSERT_TRUE(parsed.ok()) << parsed.error().message;
  const setup::Setup& setup = parsed.value();
  const std::vector<Clip> clips = {StillClip("idle"), StillClip("walk"), StillClip("run")};
  Result<StateMachineDef> def = setup::compile_setup(setup, clips);
  ASSERT_TRUE(def.ok()) << def.error().message;
  const Skeleton skeleton = OneJoint();
  StateMachineInstance sm(def.value(), skeleton, clips);
  sm.set_trace(true);
  sm.update(0.1f);
  const int walk = def.value().find_state("Locomotion/Walk");
  ASSERT_EQ(sm.current_state(), walk);

  std::vector<TransitionWhy> lines = why_now(sm, 0, walk);
  label_origins(lines, sm, setup, 0);
  std::vector<std::string> shown;
  for (const TransitionWhy& w : lines) shown.push_back(w.origin + " | " + w.summary);
  // In the order the runtime checks them: the top's transitions, then Locomotion's.
  EXPECT_EQ(shown, (std::vector<std::string>{
                       "from Locomotion (parent) | Locomotion/Walk -> Idle: speed < 0.05 failed "
                       "(speed = 0.3)",
                       "from any state | * -> Idle: halt failed (halt not set)",
                       "from Locomotion/Walk | Locomotion/Walk -> Locomotion/Run: speed > 0.6 "
                       "failed (speed = 0.3)"}));
  // "*" inside Locomotion leaves from Run only (not back into Walk): Run's lines show it.
  const std::vector<setup::TransitionOrigin> origins =
      setup::transition_origins(setup.states, setup.transitions, setup.default_state);
  ASSERT_EQ(origins.size(), 5u);
  EXPECT_EQ(origins[4].from, "Locomotion/Run");
  EXPECT_EQ(origins[4].to, "Locomotion/Walk");
  EXPECT_EQ(origin_label(origins[4]), "from any state of Locomotion");
  EXPECT_EQ(origin_label(origins[1]), "from Locomotion (parent)");  // Locomotion/Run -> Idle.

  // Deeper: one further out is the enclosing machine; a path written at the top is the leaf's.
  setup::TransitionOrigin outer{"Outer/Locomotion/Walk", "Idle", {}, "Outer"};
  EXPECT_EQ(origin_label(outer), "from Outer (enclosing machine)");
  setup::TransitionOrigin by_path{"Locomotion/Walk", "Idle", {}, "Locomotion/Walk"};
  EXPECT_EQ(origin_label(by_path), "from Locomotion/Walk");

  // A running machine that is not this setup's (another transition list): no labels.
  setup::Setup other = setup;
  other.transitions.pop_back();
  std::vector<TransitionWhy> unlabelled = why_now(sm, 0, walk);
  label_origins(unlabelled, sm, other, 0);
  for (const TransitionWhy& w : unlabelled) EXPECT_EQ(w.origin, "") << w.summary;
}

TEST(TransitionOriginLabelTest, TheInspectorFindsTheLeafWhosePoseCarriesOver) {
  // The top's Locomotion -> Idle dead-blended: it becomes Locomotion/Walk -> Idle (0) and
  // Locomotion/Run -> Idle (1); leaving from Run, the Inspector's line is the second's.
  Result<setup::Setup> parsed = setup::parse_setup(kNested, "nested.json");
  ASSERT_TRUE(parsed.ok()) << parsed.error().message;
  setup::Setup setup = std::move(parsed).value();
  setup.transitions[0].blend = TransitionBlend::kDeadBlend;
  setup.transitions[0].duration = 0.4f;
  const std::vector<Clip> clips = {StillClip("idle"), StillClip("walk"), StillClip("run")};
  Result<StateMachineDef> def = setup::compile_setup(setup, clips);
  ASSERT_TRUE(def.ok()) << def.error().message;
  const Skeleton skeleton = OneJoint();
  StateMachineInstance sm(def.value(), skeleton, clips);
  sm.set_value(0, 0.8f);
  sm.update(0.1f);  // Walk -> Run, inertialized over 0.2 s.
  sm.update(0.3f);
  ASSERT_EQ(sm.current_state(), def.value().find_state("Locomotion/Run"));
  sm.set_value(0, 0.0f);
  sm.update(0.1f);
  ASSERT_EQ(sm.current_state(), def.value().find_state("Idle"));
  sm.update(0.1f);
  const SetupTransitionLive live = setup_transition_live(sm, setup, 0, 0);
  EXPECT_EQ(live.transition, 1);
  EXPECT_TRUE(live.running);
  EXPECT_EQ(live.blend, TransitionBlend::kDeadBlend);
  EXPECT_EQ(running_text(live), "Now: dead blending, 25% done");
}

}  // namespace
}  // namespace anim::ui
