#include "anim/import/joint_binding.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace anim::import {
namespace {

// A chain of joints with the given names (each the child of the one before).
Skeleton chain(const std::vector<std::string>& names) {
  Skeleton s;
  for (std::size_t i = 0; i < names.size(); ++i) {
    s.names.push_back(names[i]);
    s.parents.push_back(static_cast<int16_t>(static_cast<int>(i) - 1));
    s.rest.push_back(Transform{});
  }
  return s;
}

// The model joint name each source joint binds to ("" for none).
std::vector<std::string> targets(const Skeleton& source, const Skeleton& model,
                                 const JointMap& map = {}) {
  const JointBinding b = bind_joints(source, model, map);
  std::vector<std::string> out;
  for (std::size_t s = 0; s < source.joint_count(); ++s) {
    out.push_back(b.model_joint[s] < 0 ? "" : model.names[b.model_joint[s]]);
  }
  return out;
}

TEST(StripNamespace, KeepsWhatFollowsTheLastColonOrBar) {
  EXPECT_EQ(strip_namespace("mixamorig:Hips"), "Hips");
  EXPECT_EQ(strip_namespace("Armature|Hips"), "Hips");
  EXPECT_EQ(strip_namespace("a:b|Spine"), "Spine");
  EXPECT_EQ(strip_namespace("Hips"), "Hips");
  EXPECT_EQ(strip_namespace("Hips:"), "");
}

TEST(BindJoints, ExactNamesBindInAnyOrder) {
  const Skeleton model = chain({"Root", "Hips", "Spine"});
  const Skeleton source = chain({"Spine", "Root", "Hips"});
  EXPECT_EQ(targets(source, model), (std::vector<std::string>{"Spine", "Root", "Hips"}));
  const JointBinding b = bind_joints(source, model);
  EXPECT_EQ(b.how[0], NameMatch::kExact);
}

TEST(BindJoints, IgnoresCaseWhenNoExactName) {
  const Skeleton model = chain({"Hips", "LeftUpLeg"});
  const Skeleton source = chain({"hips", "LEFTUPLEG", "Tail"});
  EXPECT_EQ(targets(source, model), (std::vector<std::string>{"Hips", "LeftUpLeg", ""}));
  EXPECT_EQ(bind_joints(source, model).how[0], NameMatch::kCase);
  EXPECT_EQ(bind_joints(source, model).how[2], NameMatch::kNone);
}

TEST(BindJoints, IgnoresNamespacePrefixesOnEitherSide) {
  const Skeleton model = chain({"Hips", "Spine", "Neck", "mixamorig:Head"});
  const Skeleton source = chain({"mixamorig:Hips", "Armature|Spine", "Character1_Neck", "Head"});
  EXPECT_EQ(targets(source, model),
            (std::vector<std::string>{"Hips", "Spine", "Neck", "mixamorig:Head"}));
  for (NameMatch how : bind_joints(source, model).how) EXPECT_EQ(how, NameMatch::kNamespace);
}

TEST(BindJoints, ExactNamesWinOverLooserOnesWhateverTheOrder) {
  // "mixamorig:Hips" comes first and would take "Hips" by namespace, but the exact round runs
  // over every joint before any looser one.
  const Skeleton model = chain({"Hips"});
  const Skeleton source = chain({"mixamorig:Hips", "Hips"});
  EXPECT_EQ(targets(source, model), (std::vector<std::string>{"", "Hips"}));
}

TEST(BindJoints, AnAmbiguousLooseNameBindsNothing) {
  const Skeleton model = chain({"a:Hips", "b:Hips"});
  const Skeleton source = chain({"Hips"});
  EXPECT_EQ(targets(source, model), (std::vector<std::string>{""}));
}

TEST(BindJoints, EachModelJointTakesOneSourceJoint) {
  const Skeleton model = chain({"Hips"});
  const Skeleton source = chain({"HIPS", "hips"});
  // Both match by case; the first takes the joint, the second finds it taken.
  EXPECT_EQ(targets(source, model), (std::vector<std::string>{"Hips", ""}));
}

TEST(BindJoints, UnderscorePrefixNeedsAWholeWord) {
  const Skeleton model = chain({"Hips", "ips"});
  const Skeleton source = chain({"Character1_Hips"});
  EXPECT_EQ(targets(source, model), (std::vector<std::string>{"Hips"}));
}

TEST(BindJoints, AJointMapBindsOnlyTheMappedJoints) {
  const Skeleton model = chain({"Hips", "LowerBack", "Spine"});
  const Skeleton source = chain({"Hips", "Ab", "Spine"});
  const JointMap map = {{"Hips", "Hips"}, {"Ab", "LowerBack"}};
  // "Spine" has the same name in both but is not in the map.
  EXPECT_EQ(targets(source, model, map), (std::vector<std::string>{"Hips", "LowerBack", ""}));
  EXPECT_EQ(bind_joints(source, model, map).how[1], NameMatch::kMapped);
}

TEST(BindJoints, AJointMapReportsNamesItCannotFind) {
  const Skeleton model = chain({"Hips"});
  const Skeleton source = chain({"Hips", "Ab"});
  const JointBinding b =
      bind_joints(source, model, {{"Hips", "Hips"}, {"Chest", "Hips"}, {"Ab", "Belly"}});
  EXPECT_EQ(b.unknown_sources, (std::vector<std::string>{"Chest"}));
  EXPECT_EQ(b.unknown_targets, (std::vector<std::string>{"Belly"}));
  EXPECT_EQ(b.model_joint, (std::vector<int>{0, -1}));
}

TEST(BindJoints, EmptySkeletonsBindNothing) {
  EXPECT_TRUE(bind_joints(Skeleton{}, chain({"Hips"})).model_joint.empty());
  EXPECT_EQ(bind_joints(chain({"Hips"}), Skeleton{}).model_joint, (std::vector<int>{-1}));
}

}  // namespace
}  // namespace anim::import
