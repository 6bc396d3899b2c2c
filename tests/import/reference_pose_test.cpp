// Checks imported skeletons and clips against a naive reference evaluator written here, the way
// skinning tutorials evaluate an assimp scene: read the file with Assimp::Importer, walk the
// aiNode tree recursively from the root (whose own transform counts), and give each node either
// T * R * S built from its animation channel's keys at time t or its mTransformation, times its
// parent's global matrix. Keys are found by linear search; positions and scales are mixed
// linearly, rotations slerped along the shortest path and normalized; the first key holds before
// the first key time and the last after the last. A channel with no keys of one kind takes that
// part from the node's own transform, split with glm::decompose. The reference works in double
// precision and shares no code with anim_import. (assimp's own scene preprocessing gives every
// channel at least one key of each kind, taken from the node, so with files read through
// Assimp::Importer that last rule never comes into play; it is kept for completeness.)
//
// The runtime side is what a game would run: import_model, then SamplingJob and LocalToModelJob.
// Every joint's model-space matrix must match its node's reference matrix in all 16 entries to
// within 1e-4 times the model size, where the model size is the larger of the bind-pose mesh's
// bounding-box diagonal and the rest-pose joint positions' bounding-box diagonal.
#ifndef GLM_ENABLE_EXPERIMENTAL
#define GLM_ENABLE_EXPERIMENTAL  // glm::decompose is one of glm's "experimental" extensions.
#endif

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <assimp/anim.h>
#include <assimp/scene.h>
#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtx/matrix_decompose.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "anim/clip.h"
#include "anim/import/import_model.h"
#include "anim/local_to_model.h"
#include "anim/model.h"
#include "anim/sampling.h"
#include "anim/transform.h"
#include "import_test_support.h"

namespace anim::import {
namespace {

using test_support::LoadedScene;
using test_support::max_abs_difference;
using test_support::model_path;
using test_support::model_size;
using test_support::param_name;
using test_support::read_scene;
using test_support::runtime_pose;
using test_support::to_dmat4;

constexpr double kDefaultTicksPerSecond = 25.0;  // For animations that give 0 ticks per second.
constexpr double kSamplesPerSecond = 30.0;
constexpr double kRelativeTolerance = 1e-4;

// ---------------------------------------------------------------------------------------------
// The reference evaluator.

struct Decomposed {
  glm::dvec3 translation{0.0};
  glm::dquat rotation{1.0, 0.0, 0.0, 0.0};
  glm::dvec3 scale{1.0};
};

// Splits a node's own transform with glm::decompose; false for a singular matrix.
bool decompose_node(const aiNode& node, Decomposed& out) {
  glm::dvec3 skew;
  glm::dvec4 perspective;
  return glm::decompose(to_dmat4(node.mTransformation), out.scale, out.rotation, out.translation,
                        skew, perspective);
}

glm::dmat4 compose(const glm::dvec3& translation, const glm::dquat& rotation,
                   const glm::dvec3& scale) {
  return glm::translate(glm::dmat4(1.0), translation) * glm::mat4_cast(rotation) *
         glm::scale(glm::dmat4(1.0), scale);
}

glm::dvec3 to_dvec3(const aiVector3D& v) { return {v.x, v.y, v.z}; }
glm::dquat to_unit_dquat(const aiQuaternion& q) {
  return glm::normalize(glm::dquat(q.w, q.x, q.y, q.z));
}

// The keys on either side of `seconds` and how far between them it lies. Before the first key
// and after the last one both indices name that key.
struct KeyPair {
  unsigned from;
  unsigned to;
  double alpha;
};

template <class Key>
KeyPair find_keys(const Key* keys, unsigned count, double seconds, double ticks_per_second) {
  auto seconds_of = [&](unsigned k) { return keys[k].mTime / ticks_per_second; };
  if (seconds <= seconds_of(0)) return {0, 0, 0.0};
  if (seconds >= seconds_of(count - 1)) return {count - 1, count - 1, 0.0};
  for (unsigned k = 0; k + 1 < count; ++k) {
    if (seconds < seconds_of(k + 1)) {
      return {k, k + 1, (seconds - seconds_of(k)) / (seconds_of(k + 1) - seconds_of(k))};
    }
  }
  return {count - 1, count - 1, 0.0};
}

glm::dvec3 interpolate_vector(const aiVectorKey* keys, unsigned count, double seconds,
                              double ticks_per_second) {
  const KeyPair p = find_keys(keys, count, seconds, ticks_per_second);
  return glm::mix(to_dvec3(keys[p.from].mValue), to_dvec3(keys[p.to].mValue), p.alpha);
}

glm::dquat interpolate_rotation(const aiQuatKey* keys, unsigned count, double seconds,
                                double ticks_per_second) {
  const KeyPair p = find_keys(keys, count, seconds, ticks_per_second);
  const glm::dquat a = to_unit_dquat(keys[p.from].mValue);
  glm::dquat b = to_unit_dquat(keys[p.to].mValue);
  if (glm::dot(a, b) < 0.0) b = -b;  // The shortest way round.
  return glm::normalize(glm::slerp(a, b, p.alpha));
}

using NodeMatrices = std::unordered_map<const aiNode*, glm::dmat4>;

class ReferenceEvaluator {
 public:
  // `animation` may be null: every node then keeps its own transform.
  ReferenceEvaluator(const aiScene& scene, const aiAnimation* animation)
      : scene_(scene), animation_(animation) {
    if (animation != nullptr && animation->mTicksPerSecond != 0.0) {
      ticks_per_second_ = animation->mTicksPerSecond;
    }
  }

  // The model-space matrix of every node of the scene at `seconds`.
  NodeMatrices evaluate(double seconds) const {
    NodeMatrices globals;
    walk(*scene_.mRootNode, glm::dmat4(1.0), seconds, globals);
    return globals;
  }

 private:
  const aiNodeAnim* channel_for(const aiNode& node) const {
    if (animation_ == nullptr) return nullptr;
    for (unsigned c = 0; c < animation_->mNumChannels; ++c) {
      if (animation_->mChannels[c]->mNodeName == node.mName) return animation_->mChannels[c];
    }
    return nullptr;
  }

  glm::dmat4 local(const aiNode& node, double seconds) const {
    const aiNodeAnim* channel = channel_for(node);
    if (channel == nullptr) return to_dmat4(node.mTransformation);
    Decomposed own;
    if (channel->mNumPositionKeys == 0 || channel->mNumRotationKeys == 0 ||
        channel->mNumScalingKeys == 0) {
      EXPECT_TRUE(decompose_node(node, own)) << "singular transform of " << node.mName.C_Str();
    }
    const double tps = ticks_per_second_;
    const glm::dvec3 translation =
        channel->mNumPositionKeys == 0
            ? own.translation
            : interpolate_vector(channel->mPositionKeys, channel->mNumPositionKeys, seconds, tps);
    const glm::dquat rotation =
        channel->mNumRotationKeys == 0
            ? own.rotation
            : interpolate_rotation(channel->mRotationKeys, channel->mNumRotationKeys, seconds, tps);
    const glm::dvec3 scale =
        channel->mNumScalingKeys == 0
            ? own.scale
            : interpolate_vector(channel->mScalingKeys, channel->mNumScalingKeys, seconds, tps);
    return compose(translation, rotation, scale);
  }

  void walk(const aiNode& node, const glm::dmat4& parent_global, double seconds,
            NodeMatrices& globals) const {
    const glm::dmat4 global = parent_global * local(node, seconds);
    globals[&node] = global;
    for (unsigned c = 0; c < node.mNumChildren; ++c) {
      walk(*node.mChildren[c], global, seconds, globals);
    }
  }

  const aiScene& scene_;
  const aiAnimation* animation_;
  double ticks_per_second_ = kDefaultTicksPerSecond;
};

// ---------------------------------------------------------------------------------------------
// Scene facts the tests lean on.

void collect_nodes(const aiNode& node, std::vector<const aiNode*>& out) {
  out.push_back(&node);
  for (unsigned c = 0; c < node.mNumChildren; ++c) collect_nodes(*node.mChildren[c], out);
}

std::vector<const aiNode*> all_nodes(const aiScene& scene) {
  std::vector<const aiNode*> nodes;
  collect_nodes(*scene.mRootNode, nodes);
  return nodes;
}

// Name -> node, for scenes whose node names are all different (checked by the tests).
std::unordered_map<std::string, const aiNode*> nodes_by_name(const aiScene& scene) {
  std::unordered_map<std::string, const aiNode*> by_name;
  for (const aiNode* node : all_nodes(scene)) by_name.emplace(node->mName.C_Str(), node);
  return by_name;
}

bool node_names_unique(const aiScene& scene) {
  std::unordered_set<std::string> seen;
  for (const aiNode* node : all_nodes(scene)) {
    if (!seen.insert(node->mName.C_Str()).second) return false;
  }
  return true;
}

// The nodes a skeleton must hold: bones, animated nodes, nodes with meshes, and their ancestors.
std::unordered_set<const aiNode*> expected_joint_nodes(const aiScene& scene) {
  const std::unordered_map<std::string, const aiNode*> by_name = nodes_by_name(scene);
  std::vector<const aiNode*> needed;
  auto need_named = [&](const aiString& name) {
    const auto it = by_name.find(name.C_Str());
    if (it != by_name.end()) needed.push_back(it->second);
  };
  for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
    for (unsigned b = 0; b < scene.mMeshes[m]->mNumBones; ++b) {
      need_named(scene.mMeshes[m]->mBones[b]->mName);
    }
  }
  for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
    for (unsigned c = 0; c < scene.mAnimations[a]->mNumChannels; ++c) {
      need_named(scene.mAnimations[a]->mChannels[c]->mNodeName);
    }
  }
  for (const aiNode* node : all_nodes(scene)) {
    if (node->mNumMeshes > 0) needed.push_back(node);
  }
  std::unordered_set<const aiNode*> kept;
  for (const aiNode* node : needed) {
    for (const aiNode* n = node; n != nullptr; n = n->mParent) kept.insert(n);
  }
  return kept;
}

// A matrix as four columns, for failure messages.
template <class Matrix>
std::string describe(const Matrix& m) {
  std::ostringstream out;
  for (int c = 0; c < 4; ++c) {
    out << (c ? " " : "") << "(" << m[c][0] << ", " << m[c][1] << ", " << m[c][2] << ", " << m[c][3]
        << ")";
  }
  return out.str();
}

// The sample times of a clip: k / 30 s for every k with k / 30 <= duration, then the duration
// itself when it falls between two of them.
std::vector<double> sample_times(double duration) {
  std::vector<double> times;
  for (int k = 0; k / kSamplesPerSecond <= duration; ++k) times.push_back(k / kSamplesPerSecond);
  if (times.back() < duration) times.push_back(duration);
  return times;
}

// The worst disagreement found between runtime and reference over one clip.
struct Mismatch {
  double error = 0.0;
  double seconds = 0.0;
  std::string joint;
  std::string runtime;
  std::string reference;
};

// ---------------------------------------------------------------------------------------------
// Fixture: the file read twice, once by assimp directly and once by import_model.

class ReferencePoseTest : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    path_ = model_path(GetParam());
    loaded_ = read_scene(path_);
    ASSERT_NE(loaded_.scene, nullptr) << path_ << ": " << loaded_.error;
    ASSERT_NE(loaded_.scene->mRootNode, nullptr);
    // Joints are matched to nodes by name, which needs the names to be unambiguous.
    ASSERT_TRUE(node_names_unique(*loaded_.scene)) << path_;
    Result<Model> imported = import_model(path_);
    ASSERT_TRUE(imported.ok()) << imported.error().to_string();
    model_ = std::move(imported).value();
    ASSERT_GT(model_.skeleton.joint_count(), 0u);
    size_ = model_size(model_);
    ASSERT_GT(size_, 0.0f);
    tolerance_ = kRelativeTolerance * size_;
    RecordProperty("model_size", std::to_string(size_));
    by_name_ = nodes_by_name(*loaded_.scene);
  }

  // The aiNode a joint stands for (names are unique here, so none was renamed).
  const aiNode* node_of(std::size_t joint) const {
    const auto it = by_name_.find(model_.skeleton.names[joint]);
    return it == by_name_.end() ? nullptr : it->second;
  }

  // Compares every joint of the runtime pose with the reference; keeps the worst mismatch.
  void compare(const std::vector<glm::mat4>& runtime, const NodeMatrices& reference, double seconds,
               Mismatch& worst) const {
    ASSERT_EQ(runtime.size(), model_.skeleton.joint_count()) << "a runtime job refused to run";
    for (std::size_t j = 0; j < runtime.size(); ++j) {
      const aiNode* node = node_of(j);
      ASSERT_NE(node, nullptr) << "joint " << j << " \"" << model_.skeleton.names[j]
                               << "\" names no node";
      const glm::dmat4& expected = reference.at(node);
      const double error = max_abs_difference(runtime[j], expected);
      if (error > worst.error || std::isnan(error)) {
        worst = {error, seconds, model_.skeleton.names[j], describe(runtime[j]),
                 describe(expected)};
      }
    }
  }

  std::string path_;
  LoadedScene loaded_;
  Model model_;
  float size_ = 0.0f;
  double tolerance_ = 0.0;
  std::unordered_map<std::string, const aiNode*> by_name_;
};

TEST_P(ReferencePoseTest, ReferenceDecompositionRecomposesEveryNode) {
  // The reference's own tool: glm::decompose then T * R * S must give each node's matrix back.
  for (const aiNode* node : all_nodes(*loaded_.scene)) {
    Decomposed d;
    ASSERT_TRUE(decompose_node(*node, d)) << node->mName.C_Str();
    const glm::dmat4 original = to_dmat4(node->mTransformation);
    const glm::dmat4 recomposed = compose(d.translation, d.rotation, d.scale);
    double worst = 0.0;
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) {
        worst = std::max(worst, std::fabs(original[c][r] - recomposed[c][r]));
      }
    }
    EXPECT_LE(worst, 1e-5 * (1.0 + size_))
        << node->mName.C_Str() << ": " << describe(original) << " vs " << describe(recomposed);
  }
}

TEST_P(ReferencePoseTest, SkeletonIsParentsFirstAndFollowsNodeParents) {
  const Skeleton& skeleton = model_.skeleton;
  ASSERT_TRUE(skeleton.validate().ok()) << skeleton.validate().error().message;
  ASSERT_EQ(skeleton.names.size(), skeleton.joint_count());
  for (std::size_t j = 0; j < skeleton.joint_count(); ++j) {
    SCOPED_TRACE("joint " + std::to_string(j) + " \"" + skeleton.names[j] + "\"");
    EXPECT_LT(skeleton.parents[j], static_cast<int>(j)) << "a parent must come before its child";
    const aiNode* node = node_of(j);
    ASSERT_NE(node, nullptr) << "no aiNode of that name";
    if (skeleton.parents[j] < 0) {
      EXPECT_EQ(node->mParent, nullptr) << "only the scene root may be a root joint";
    } else {
      ASSERT_NE(node->mParent, nullptr);
      EXPECT_EQ(skeleton.names[static_cast<std::size_t>(skeleton.parents[j])],
                node->mParent->mName.C_Str());
    }
  }
  EXPECT_EQ(node_of(0), loaded_.scene->mRootNode);
}

TEST_P(ReferencePoseTest, SkeletonHoldsBonesAnimatedAndMeshNodesWithTheirAncestors) {
  const std::unordered_set<const aiNode*> expected = expected_joint_nodes(*loaded_.scene);
  std::unordered_set<const aiNode*> actual;
  for (std::size_t j = 0; j < model_.skeleton.joint_count(); ++j) {
    const aiNode* node = node_of(j);
    ASSERT_NE(node, nullptr) << model_.skeleton.names[j];
    EXPECT_TRUE(actual.insert(node).second) << "two joints for " << model_.skeleton.names[j];
    EXPECT_EQ(expected.count(node), 1u)
        << "joint for a node nothing needs: " << model_.skeleton.names[j];
  }
  EXPECT_EQ(actual.size(), expected.size());
}

TEST_P(ReferencePoseTest, RestPoseMatchesNodeTransforms) {
  SamplingCursor cursor;
  const std::vector<glm::mat4> runtime = runtime_pose(model_, nullptr, 0.0f, cursor);
  const NodeMatrices reference = ReferenceEvaluator(*loaded_.scene, nullptr).evaluate(0.0);
  Mismatch worst;
  compare(runtime, reference, 0.0, worst);
  if (HasFatalFailure()) return;
  EXPECT_LE(worst.error, tolerance_) << "joint " << worst.joint << "\n runtime   " << worst.runtime
                                     << "\n reference " << worst.reference;
}

TEST_P(ReferencePoseTest, EveryClipMatchesReferenceAtThirtyHertz) {
  const aiScene& scene = *loaded_.scene;
  ASSERT_EQ(model_.clips.size(), scene.mNumAnimations);
  for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
    const aiAnimation& animation = *scene.mAnimations[a];
    const Clip& clip = model_.clips[a];
    SCOPED_TRACE("clip " + std::to_string(a) + " \"" + clip.name + "\"");
    const double tps =
        animation.mTicksPerSecond != 0.0 ? animation.mTicksPerSecond : kDefaultTicksPerSecond;
    const double duration = animation.mDuration / tps;
    EXPECT_NEAR(clip.duration, duration, 1e-6 * (1.0 + duration));

    const ReferenceEvaluator reference(scene, &animation);
    SamplingCursor cursor(model_.skeleton.joint_count());
    Mismatch worst;
    const std::vector<double> times = sample_times(duration);
    for (const double t : times) {
      const std::vector<glm::mat4> runtime =
          runtime_pose(model_, &clip, static_cast<float>(t), cursor);
      compare(runtime, reference.evaluate(t), t, worst);
      if (HasFatalFailure()) return;
    }
    EXPECT_LE(worst.error, tolerance_)
        << times.size() << " poses compared, tolerance " << tolerance_ << " (model size " << size_
        << "); worst at t = " << worst.seconds << " s, joint " << worst.joint << "\n runtime   "
        << worst.runtime << "\n reference " << worst.reference;
  }
}

// The two files the runtime was written against, then more of the corpus whose node names are
// all different (so that joints can be matched to nodes by name).
INSTANTIATE_TEST_SUITE_P(
    AssimpModels, ReferencePoseTest,
    ::testing::Values("X/Testwuson.X", "glTF2/simple_skin/simple_skin.gltf", "X/BCN_Epileptic.X",
                      "X/anim_test.x", "BVH/01_01.bvh", "BVH/Boxing_Toes.bvh",
                      "CSM/ThomasFechten.csm", "FBX/animation_with_skeleton.fbx",
                      "FBX/huesitos.fbx", "Collada/box_nested_animation.dae", "SMD/WusonSMD.smd",
                      "3DS/RotatingCube.3DS", "3DS/CameraRollAnimWithChildObject.3ds",
                      "LWS/move_xz_spline.lws", "LWS/move_x_post_linear.lws",
                      "Collada/anims_with_full_rotations_between_keys.DAE", "BVH/01_03.bvh",
                      "MD5/SimpleCube.md5mesh"),
    [](const ::testing::TestParamInfo<const char*>& info) { return param_name(info.param); });

TEST(TestwusonTest, HasItsThreeClipsWithTheirDurations) {
  Result<Model> imported = import_model(model_path("X/Testwuson.X"));
  ASSERT_TRUE(imported.ok()) << imported.error().to_string();
  const Model& model = imported.value();
  ASSERT_EQ(model.clips.size(), 3u);
  // Ticks at 4800 per second: Wuson_Run 4640 ticks, Wuson_Walk 17280, Wuson_Bind a single pose.
  EXPECT_EQ(model.clips[0].name, "Wuson_Run");
  EXPECT_NEAR(model.clips[0].duration, 4640.0 / 4800.0, 1e-6);
  EXPECT_EQ(model.clips[1].name, "Wuson_Walk");
  EXPECT_NEAR(model.clips[1].duration, 3.6, 1e-6);
  EXPECT_EQ(model.clips[2].name, "Wuson_Bind");
  EXPECT_EQ(model.clips[2].duration, 0.0f);
  EXPECT_EQ(model.find_clip("Wuson_Walk"), 1);
}

}  // namespace
}  // namespace anim::import
