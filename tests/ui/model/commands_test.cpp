// Commands: what panels queue during a frame changes nothing until the tool applies it, then
// applies in the order queued; Commands::setup() is the setup as the queued edits leave it; and
// a parameter is set by name, so an edit queued before it cannot misdirect it.
#include <string>

#include <gtest/gtest.h>
#include <imgui.h>

#include "anim/clip.h"
#include "anim/model.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/views/machine/parameters_panel.h"
#include "support/clips.h"
#include "support/imgui_harness.h"
#include "support/rigs.h"
#include "support/setups.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

// Two two-second clips, "walk" and "run", moving the root along x at 1 and 3 units per second.
Model two_clips() {
  return ModelOf("test://two", OneJoint(),
                 {SlideClip("walk", 2.0f, glm::vec3(0.0f), glm::vec3(2.0f, 0.0f, 0.0f)),
                  SlideClip("run", 2.0f, glm::vec3(0.0f), glm::vec3(6.0f, 0.0f, 0.0f))});
}

setup::Setup two_parameters(bool speed_first) {
  const setup::SetupParameter speed = Param("speed");
  const setup::SetupParameter lean = Param("lean");
  return SetupOf("two.x",
                 speed_first ? std::vector<setup::SetupParameter>{speed, lean}
                             : std::vector<setup::SetupParameter>{lean, speed},
                 {State("Idle", "walk")});
}

TEST(Commands, NothingChangesUntilAppliedThenInTheOrderQueued) {
  Document doc(two_clips(), "test://two");
  doc.play_clip(0);
  Commands cmds;
  cmds.play_clip(1);
  cmds.set_playing(false);
  cmds.seek(0.5f);
  EXPECT_EQ(cmds.size(), 3u);
  EXPECT_EQ(doc.current_clip(), 0) << "queued, not done";
  EXPECT_TRUE(doc.playing());
  cmds.apply(doc);
  EXPECT_TRUE(cmds.empty());
  EXPECT_EQ(doc.current_clip(), 1);
  EXPECT_FALSE(doc.playing());
  EXPECT_NEAR(doc.time(), 0.5f, 1e-6f);
  // run at 0.5 s: 1.5 units along x.
  EXPECT_NEAR(doc.local_pose()[0].translation.x, 1.5f, 1e-5f);

  // The other order: starting the clip after seeking starts it from 0.
  cmds.seek(1.0f);
  cmds.play_clip(0);
  cmds.apply(doc);
  EXPECT_EQ(doc.current_clip(), 0);
  EXPECT_NEAR(doc.time(), 0.0f, 1e-6f);
}

TEST(Commands, SetupIsTheOneTheQueuedEditsLeave) {
  Document doc(two_clips(), "test://two");
  Commands cmds;
  EXPECT_EQ(cmds.setup(doc), nullptr) << "no setup";
  ASSERT_TRUE(doc.attach_setup(two_parameters(true), "two.json").ok());
  EXPECT_EQ(cmds.setup(doc), doc.setup());
  setup::Setup renamed = *doc.setup();
  renamed.states[0].name = "Stand";
  renamed.default_state = "Stand";
  cmds.edit_setup(renamed, "rename state Idle to Stand");
  ASSERT_NE(cmds.setup(doc), doc.setup());
  EXPECT_EQ(cmds.setup(doc)->states[0].name, "Stand");
  EXPECT_EQ(doc.setup()->states[0].name, "Idle") << "the document has not changed yet";
  cmds.apply(doc);
  EXPECT_EQ(doc.setup()->states[0].name, "Stand");
  EXPECT_EQ(cmds.setup(doc), doc.setup()) << "applied: the queue is empty again";
  EXPECT_EQ(doc.setup_history().undo_label(), "rename state Idle to Stand");
}

TEST(Commands, AParameterIsSetByNameAfterAnEditThatReordersThem) {
  Document doc(two_clips(), "test://two");
  ASSERT_TRUE(doc.attach_setup(two_parameters(true), "two.json").ok());
  doc.use_state_machine();
  Commands cmds;
  // The edit swaps the parameters; "speed" is index 1 once it applies.
  cmds.edit_setup(two_parameters(false), "reorder parameters");
  cmds.set_parameter("speed", 0.7f);
  cmds.set_parameter("nothing", 1.0f);  // A name the machine lacks does nothing.
  cmds.apply(doc);
  const StateMachineInstance& sm = *doc.state_machine();
  ASSERT_EQ(sm.def().parameters[1].name, "speed");
  EXPECT_FLOAT_EQ(sm.target(1), 0.7f);
  EXPECT_FLOAT_EQ(sm.target(0), 0.0f);
}

// A panel of the tool reads the document as the frame began: what it asks for shows once the
// queue is applied, not in the middle of the frame.
TEST(Commands, APanelsChangeWaitsForTheEndOfTheFrame) {
  setup::Setup setup = two_parameters(true);
  setup.parameters[1].type = ParameterType::kBool;
  Document doc(two_clips(), "test://two");
  ASSERT_TRUE(doc.attach_setup(setup, "two.json").ok());
  doc.use_state_machine();
  testing::ImGuiHarness h;
  Selection sel;
  ParametersPanel panel;
  Commands cmds;
  h.set_draw([&] { panel.draw(doc, cmds, sel); });
  h.frames(2);
  ASSERT_TRUE(h.click(panel.rects, "param_control:1"));  // The bool's checkbox.
  EXPECT_FALSE(cmds.empty());
  EXPECT_FLOAT_EQ(doc.state_machine()->target(1), 0.0f) << "not yet";
  cmds.apply(doc);
  EXPECT_FLOAT_EQ(doc.state_machine()->target(1), 1.0f);
}

}  // namespace
}  // namespace anim::ui
