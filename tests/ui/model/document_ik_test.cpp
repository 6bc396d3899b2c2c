// IK entries of a setup in the tool's Document (issue 28): opening the setup resolves the
// entries' joints on the model, so the leg's end joint lands on its vector3 parameter's target
// (its default, then a value set while it runs, also after an edit rebuilt the machine); a setup
// naming a joint the model lacks is refused with its pointer, as the command line refuses it.
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/model.h"
#include "anim/setup/setup.h"
#include "anim/transform.h"
#include "anim/ui/model/document.h"
#include "support/clips.h"
#include "support/jobs.h"
#include "support/rigs.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

// A leg of three bones under the hips, slightly bent at the knee at rest; one still clip.
Model LegModel() {
  Skeleton skeleton = Rig({"Hips", "UpLeg", "Leg", "Foot"}, {-1, 0, 1, 2});
  skeleton.rest[1].translation = glm::vec3(0.2f, 0.0f, 0.0f);
  skeleton.rest[2].translation = glm::vec3(0.0f, -1.0f, 0.05f);
  skeleton.rest[3].translation = glm::vec3(0.0f, -1.0f, -0.05f);
  return ModelOf("test://leg", std::move(skeleton), {StillClip("idle", 1.0f, 4)});
}

setup::Setup LegSetup(const std::string& end, const glm::vec3& target) {
  setup::Setup s;
  s.model = "test://leg";
  setup::SetupParameter foot;
  foot.name = "foot";
  foot.type = ParameterType::kVector3;
  foot.default_vector = target;
  s.parameters = {foot};
  setup::SetupState idle;
  idle.name = "Idle";
  idle.motion = "idle";
  s.states = {idle};
  s.default_state = "Idle";
  setup::SetupIk leg;
  leg.name = "leg";
  leg.type = IkType::kTwoBone;
  leg.start = "UpLeg";
  leg.mid = "Leg";
  leg.end = end;
  leg.target = setup::SetupIkVector{std::string("foot"), glm::vec3(0.0f)};
  s.ik = {leg};
  return s;
}

glm::vec3 FootOf(const Document& doc, const Skeleton& skeleton) {
  const Span<const Transform> shown = doc.local_pose();
  const std::vector<Transform> local(shown.begin(), shown.end());
  return glm::vec3(ModelMatrices(skeleton.parents, local)[3][3]);
}

void ExpectNear(const glm::vec3& a, const glm::vec3& b) {
  EXPECT_NEAR(a.x, b.x, 1e-4f);
  EXPECT_NEAR(a.y, b.y, 1e-4f);
  EXPECT_NEAR(a.z, b.z, 1e-4f);
}

TEST(DocumentIk, TheFootLandsOnTheTargetBeforeAndAfterAnEdit) {
  const Model model = LegModel();
  Document doc(model, "test://leg");
  const glm::vec3 target(0.3f, -1.6f, 0.3f);
  const Status attached = doc.attach_setup(LegSetup("Foot", target), "leg.json");
  ASSERT_TRUE(attached.ok()) << attached.error().to_string();
  ASSERT_NE(doc.state_machine(), nullptr);
  doc.update(1.0f / 60.0f);
  ExpectNear(FootOf(doc, model.skeleton), target);

  // An edit rebuilds the machine (the setup session resolves the joints again); the running
  // value of the parameter carries over, and the game's (or the tool's) new value moves the foot.
  setup::Setup edited = *doc.setup();
  edited.states[0].speed = 0.5f;
  doc.edit_setup(edited, "slower idle");
  doc.update(1.0f / 60.0f);
  ExpectNear(FootOf(doc, model.skeleton), target);
  const glm::vec3 moved(-0.1f, -1.2f, 0.5f);
  ASSERT_NE(doc.state_machine(), nullptr);
  ASSERT_TRUE(doc.state_machine()->set_vector("foot", moved));
  doc.update(1.0f / 60.0f);
  ExpectNear(FootOf(doc, model.skeleton), moved);
}

TEST(DocumentIk, AJointTheModelLacksIsRefusedAtItsPointer) {
  Document doc(LegModel(), "test://leg");
  const Status attached = doc.attach_setup(LegSetup("Toe", glm::vec3(0.0f)), "leg.json");
  ASSERT_FALSE(attached.ok());
  EXPECT_NE(attached.error().to_string().find("/ik/0/end"), std::string::npos)
      << attached.error().to_string();
  EXPECT_EQ(doc.state_machine(), nullptr);
}

}  // namespace
}  // namespace anim::ui
