// import_model over assimp's own sample corpus (/usr/share/assimp/models): the deliberately
// broken files of invalid/ must give an Error or a valid Model and never crash or hang; every
// animated or skinned file must import into a Model that keeps its documented shape; a static
// file loads without a skeleton; missing files and directories give Errors naming the path.
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <assimp/anim.h>
#include <assimp/scene.h>
#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>
#include <glm/mat4x4.hpp>
#include <glm/matrix.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "anim/clip.h"
#include "anim/import/import_model.h"
#include "anim/model.h"
#include "anim/sampling.h"
#include "import_test_support.h"
#include "support/sanitized.h"

// Address-space limits and the sanitizers' shadow memory do not mix (support/sanitized.h tells).

// Reading the whole corpus runs loaders of assimp 5.2.5 that leak (all of it allocated inside
// libassimp); the leak checker, when there is one, is told to ignore what is not ours.
extern "C" const char* __lsan_default_suppressions() { return "leak:libassimp.so\n"; }

namespace anim::import {
namespace {

namespace fs = std::filesystem;

using test_support::animated_corpus;
using test_support::LoadedScene;
using test_support::model_path;
using test_support::model_problem;
using test_support::param_name;
using test_support::read_scene;
using test_support::runtime_palette;
using test_support::runtime_pose;
using test_support::to_dmat4;

constexpr double kDefaultTicksPerSecond = 25.0;

Result<Model> import_file(const std::string& relative) {
  return import_model(model_path(relative));
}

// ---------------------------------------------------------------------------------------------
// (a) invalid/: each file is imported in a child process, so that a crash or a hang is reported
// as this file's failure instead of taking the test runner down. The child runs with its address
// space capped: invalid/OutOfMemory.off claims 353535235358 vertices, and without a cap assimp
// 5.2.5 really allocates (about 16 GB and 35 s here) before giving up; with one, the allocation
// fails at once and assimp turns the std::bad_alloc into a failed read.

constexpr rlim_t kChildAddressSpace = rlim_t{3} << 30;  // 3 GiB.
constexpr int kChildTimeoutMs = 60 * 1000;

// What the child found, sent back through a pipe as plain bytes.
struct ChildReport {
  bool assimp_read = false;  // Assimp::Importer::ReadFile gave a scene.
  bool imported = false;     // import_model gave a Model.
  int code = -1;             // Error::Code when it did not.
  bool path_is_file = false;
  bool message_empty = true;
  char problem[512] = {};  // model_problem() of the Model, or the Error's text.
};

ChildReport examine(const std::string& path) {
  ChildReport report;
  {
    const LoadedScene loaded = read_scene(path);
    report.assimp_read = loaded.scene != nullptr;
  }
  Result<Model> result = import_model(path);
  report.imported = result.ok();
  std::string text;
  if (result.ok()) {
    text = model_problem(result.value());
  } else {
    report.code = static_cast<int>(result.error().code);
    report.path_is_file = result.error().path == path;
    report.message_empty = result.error().message.empty();
    text = result.error().to_string();
  }
  std::strncpy(report.problem, text.c_str(), sizeof(report.problem) - 1);
  return report;
}

struct ChildOutcome {
  bool finished = false;  // Wrote its report and exited normally.
  bool hung = false;
  int signal = 0;  // The signal that ended it, if one did.
  ChildReport report;
};

ChildOutcome examine_in_child(const std::string& path, bool cap_memory) {
  ChildOutcome outcome;
  int fds[2];
  if (pipe(fds) != 0) {
    ADD_FAILURE() << "pipe: " << std::strerror(errno);
    return outcome;
  }
  const pid_t pid = fork();
  if (pid < 0) {
    ADD_FAILURE() << "fork: " << std::strerror(errno);
    close(fds[0]);
    close(fds[1]);
    return outcome;
  }
  if (pid == 0) {
    close(fds[0]);
    if (cap_memory) {
      const rlimit limit{kChildAddressSpace, kChildAddressSpace};
      setrlimit(RLIMIT_AS, &limit);
    }
    const ChildReport report = examine(path);
    const char* bytes = reinterpret_cast<const char*>(&report);
    std::size_t written = 0;
    while (written < sizeof(report)) {
      const ssize_t n = write(fds[1], bytes + written, sizeof(report) - written);
      if (n <= 0) _exit(3);
      written += static_cast<std::size_t>(n);
    }
    _exit(0);
  }
  close(fds[1]);
  std::size_t received = 0;
  char* bytes = reinterpret_cast<char*>(&outcome.report);
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(kChildTimeoutMs);
  while (received < sizeof(outcome.report)) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      outcome.hung = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;  // Timed out: the loop notices the deadline.
    const ssize_t n = read(fds[0], bytes + received, sizeof(outcome.report) - received);
    if (n <= 0) break;  // The child went away early.
    received += static_cast<std::size_t>(n);
  }
  close(fds[0]);
  if (outcome.hung) kill(pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status)) outcome.signal = WTERMSIG(status);
  outcome.finished = !outcome.hung && received == sizeof(outcome.report) && WIFEXITED(status) &&
                     WEXITSTATUS(status) == 0;
  return outcome;
}

std::vector<std::string> invalid_files() {
  std::vector<std::string> files;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(model_path("invalid"), ec)) {
    if (entry.is_regular_file()) files.push_back(entry.path().filename().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

class InvalidFileTest : public ::testing::TestWithParam<std::string> {};

TEST_P(InvalidFileTest, GivesAnErrorOrAValidModelWithoutCrashingOrHanging) {
  const std::string path = model_path("invalid/" + GetParam());
  if (::test_support::RunningUnderSanitizers() && GetParam() == "OutOfMemory.off") {
    GTEST_SKIP() << "needs an address-space cap, which the sanitizers' shadow memory rules out";
  }
  const ChildOutcome outcome = examine_in_child(path, !::test_support::RunningUnderSanitizers());
  ASSERT_FALSE(outcome.hung) << path << ": still loading after " << kChildTimeoutMs / 1000 << " s";
  ASSERT_EQ(outcome.signal, 0) << path << ": the import crashed (signal " << outcome.signal << ")";
  ASSERT_TRUE(outcome.finished) << path << ": the child died without reporting";
  const ChildReport& r = outcome.report;
  if (r.imported) {
    EXPECT_STREQ(r.problem, "") << path << " gave a Model that breaks its shape";
  } else {
    EXPECT_TRUE(r.path_is_file) << path << ": the Error names another path: " << r.problem;
    EXPECT_FALSE(r.message_empty) << path << ": the Error has no message";
    // The file is there and nobody cancelled: those two codes would mislead.
    EXPECT_NE(r.code, static_cast<int>(Error::Code::kNotFound)) << r.problem;
    EXPECT_NE(r.code, static_cast<int>(Error::Code::kCancelled)) << r.problem;
  }
  if (!r.assimp_read) {
    EXPECT_FALSE(r.imported) << path << ": assimp rejects the file, so import_model must too";
  }
  RecordProperty("outcome", r.imported ? "model" : r.problem);
}

INSTANTIATE_TEST_SUITE_P(AssimpInvalid, InvalidFileTest, ::testing::ValuesIn(invalid_files()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return param_name(info.param);
                         });

TEST(InvalidCorpusTest, HoldsTheFilesAssimpDocuments) {
  // The suite above is only as good as its file list: check it found the regression files.
  const std::vector<std::string> files = invalid_files();
  for (const char* name : {"OutOfMemory.off", "empty.x", "empty.obj", "malformed.obj"}) {
    EXPECT_NE(std::find(files.begin(), files.end(), name), files.end()) << name;
  }
}

// ---------------------------------------------------------------------------------------------
// (b) Every animated or skinned file of the corpus.

// The name import_model gives animation `index`: its own name, or "clip<index>" when it has
// none; a name already taken gets "#2", "#3", ... appended.
std::vector<std::string> expected_clip_names(const aiScene& scene) {
  std::vector<std::string> names;
  std::set<std::string> used;
  for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
    const aiString& own = scene.mAnimations[a]->mName;
    const std::string base = own.length > 0 ? own.C_Str() : "clip" + std::to_string(a);
    std::string name = base;
    for (int n = 2; used.count(name) > 0; ++n) name = base + "#" + std::to_string(n);
    used.insert(name);
    names.push_back(name);
  }
  return names;
}

bool finite(const glm::mat4& m) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      if (!std::isfinite(m[c][r])) return false;
    }
  }
  return true;
}

class AnimatedModelTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    path_ = model_path(GetParam());
    loaded_ = read_scene(path_);
    ASSERT_NE(loaded_.scene, nullptr) << path_ << ": " << loaded_.error;
    Result<Model> imported = import_model(path_);
    ASSERT_TRUE(imported.ok()) << imported.error().to_string();
    model_ = std::move(imported).value();
  }

  std::string path_;
  LoadedScene loaded_;
  Model model_;
};

TEST_P(AnimatedModelTest, ImportsIntoAWellFormedModel) {
  EXPECT_EQ(model_.source_path, path_);
  ASSERT_GT(model_.skeleton.joint_count(), 0u) << "bones or animations need a skeleton";
  const Status skeleton = model_.skeleton.validate();
  EXPECT_TRUE(skeleton.ok()) << skeleton.error().message;
  for (const Clip& clip : model_.clips) {
    const Status s = clip.validate(model_.skeleton.joint_count());
    EXPECT_TRUE(s.ok()) << s.error().message;
  }
  EXPECT_EQ(model_problem(model_), "");
}

TEST_P(AnimatedModelTest, SkinEntriesAndVertexInfluencesIndexWhatExists) {
  ASSERT_EQ(model_.skin.inverse_bind.size(), model_.skin.joints.size());
  for (std::size_t s = 0; s < model_.skin.size(); ++s) {
    EXPECT_GE(model_.skin.joints[s], 0) << "skin entry " << s;
    EXPECT_LT(static_cast<std::size_t>(model_.skin.joints[s]), model_.skeleton.joint_count())
        << "skin entry " << s;
  }
  for (std::size_t i = 0; i < model_.mesh.vertices.size(); ++i) {
    const Vertex& v = model_.mesh.vertices[i];
    for (int k = 0; k < kMaxInfluences; ++k) {
      if (v.weights[k] > 0.0f) {
        ASSERT_LT(v.joints[k], model_.skin.size()) << "vertex " << i << " influence " << k;
      }
    }
  }
}

TEST_P(AnimatedModelTest, ClipsAreTheScenesAnimationsNamedInOrder) {
  const aiScene& scene = *loaded_.scene;
  ASSERT_EQ(model_.clips.size(), scene.mNumAnimations);
  const std::vector<std::string> names = expected_clip_names(scene);
  std::set<std::string> distinct;
  for (std::size_t a = 0; a < model_.clips.size(); ++a) {
    EXPECT_EQ(model_.clips[a].name, names[a]) << "animation " << a;
    EXPECT_TRUE(distinct.insert(model_.clips[a].name).second) << model_.clips[a].name;
    if (scene.mAnimations[a]->mName.length == 0) {
      EXPECT_EQ(model_.clips[a].name.rfind("clip" + std::to_string(a), 0), 0u)
          << "an unnamed animation is called clip<N>";
    }
    const double tps = scene.mAnimations[a]->mTicksPerSecond > 0.0
                           ? scene.mAnimations[a]->mTicksPerSecond
                           : kDefaultTicksPerSecond;
    EXPECT_NEAR(model_.clips[a].duration, scene.mAnimations[a]->mDuration / tps,
                1e-5 * (1.0 + model_.clips[a].duration));
  }
}

TEST_P(AnimatedModelTest, EveryClipSamplesToFiniteMatricesAndPalettes) {
  SamplingCursor cursor;
  for (const Clip& clip : model_.clips) {
    for (const float f : {0.0f, 0.25f, 0.5f, 1.0f}) {
      const float t = f * clip.duration;
      const std::vector<glm::mat4> pose = runtime_pose(model_, &clip, t, cursor);
      ASSERT_EQ(pose.size(), model_.skeleton.joint_count()) << clip.name << " at " << t;
      for (std::size_t j = 0; j < pose.size(); ++j) {
        ASSERT_TRUE(finite(pose[j]))
            << clip.name << " at " << t << ": joint " << model_.skeleton.names[j];
      }
      const std::vector<glm::mat4> palette = runtime_palette(model_, pose);
      ASSERT_EQ(palette.size(), model_.skin.size());
      for (std::size_t s = 0; s < palette.size(); ++s) {
        ASSERT_TRUE(finite(palette[s])) << clip.name << " at " << t << ": skin entry " << s;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AnimatedCorpus, AnimatedModelTest, ::testing::ValuesIn(animated_corpus()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return param_name(info.param);
                         });

// Every bone and every animated node of the file must have a joint, and every channel's keys
// must land on that joint's tracks.
class BonesAndChannelsTest : public AnimatedModelTest {
 protected:
  // The joint name of the first node called `name`: the name itself, or "node" for the unnamed
  // (the ASE UTF-16 files bind their bone to the unnamed root).
  static std::string joint_name(const aiString& name) {
    return name.length > 0 ? std::string(name.C_Str()) : std::string("node");
  }
};

TEST_P(BonesAndChannelsTest, EveryBoneAndAnimatedNodeHasAJointWithItsKeys) {
  const aiScene& scene = *loaded_.scene;
  for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
    for (unsigned b = 0; b < scene.mMeshes[m]->mNumBones; ++b) {
      const aiString& bone = scene.mMeshes[m]->mBones[b]->mName;
      if (scene.mRootNode->FindNode(bone) == nullptr) continue;  // Names no node: nothing to do.
      EXPECT_GE(model_.skeleton.find(joint_name(bone)), 0) << "bone " << bone.C_Str();
    }
  }
  for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
    const aiAnimation& animation = *scene.mAnimations[a];
    const double tps =
        animation.mTicksPerSecond > 0.0 ? animation.mTicksPerSecond : kDefaultTicksPerSecond;
    const Clip& clip = model_.clips[a];
    for (unsigned c = 0; c < animation.mNumChannels; ++c) {
      const aiNodeAnim& channel = *animation.mChannels[c];
      if (scene.mRootNode->FindNode(channel.mNodeName) == nullptr) continue;
      const int joint = model_.skeleton.find(joint_name(channel.mNodeName));
      ASSERT_GE(joint, 0) << "clip " << clip.name << ": channel " << channel.mNodeName.C_Str();
      const std::size_t j = static_cast<std::size_t>(joint);
      // The clip holds one key per distinct time, in seconds.
      auto distinct_times = [&](const auto* keys, unsigned count) {
        std::set<float> times;
        for (unsigned k = 0; k < count; ++k) times.insert(static_cast<float>(keys[k].mTime / tps));
        return times.size();
      };
      EXPECT_EQ(clip.translations.ranges[j].count,
                distinct_times(channel.mPositionKeys, channel.mNumPositionKeys))
          << clip.name << ": translations of " << channel.mNodeName.C_Str();
      EXPECT_EQ(clip.rotations.ranges[j].count,
                distinct_times(channel.mRotationKeys, channel.mNumRotationKeys))
          << clip.name << ": rotations of " << channel.mNodeName.C_Str();
      EXPECT_EQ(clip.scales.ranges[j].count,
                distinct_times(channel.mScalingKeys, channel.mNumScalingKeys))
          << clip.name << ": scales of " << channel.mNodeName.C_Str();
    }
  }
}

bool is_half_life_mdl(const std::string& relative) {
  return relative.rfind("MDL/MDL (HL1)/", 0) == 0;
}

std::vector<std::string> corpus_where(bool half_life_mdl) {
  std::vector<std::string> files;
  for (const std::string& f : animated_corpus()) {
    if (is_half_life_mdl(f) == half_life_mdl) files.push_back(f);
  }
  return files;
}

INSTANTIATE_TEST_SUITE_P(AnimatedCorpus, BonesAndChannelsTest,
                         ::testing::ValuesIn(corpus_where(false)),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return param_name(info.param);
                         });

// The Half-Life MDL files: assimp 5.2.5's HL1 loader lists every bone node as a child of
// "<MDL_bones>" but sets each bone's mParent to its parent bone (assimp issue #5002), so the
// importer must take ancestry from the child lists.
INSTANTIATE_TEST_SUITE_P(HalfLifeMdl, BonesAndChannelsTest, ::testing::ValuesIn(corpus_where(true)),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return param_name(info.param);
                         });

TEST(CorpusListTest, CoversTheFilesTheRuntimeIsTestedAgainst) {
  const std::vector<std::string>& files = animated_corpus();
  for (const char* f :
       {"X/Testwuson.X", "X/BCN_Epileptic.X", "X/anim_test.x", "glTF2/simple_skin/simple_skin.gltf",
        "SMD/WusonSMD.smd", "BVH/01_01.bvh", "BVH/Boxing_Toes.bvh", "CSM/ThomasFechten.csm",
        "FBX/animation_with_skeleton.fbx", "FBX/huesitos.fbx", "Collada/box_nested_animation.dae",
        "Collada/anims_with_full_rotations_between_keys.DAE", "MD5/SimpleCube.md5mesh"}) {
    EXPECT_NE(std::find(files.begin(), files.end(), f), files.end()) << f;
  }
}

TEST(CorpusListTest, ListsEveryAnimatedOrSkinnedFileOfTheCorpus) {
  // Scans the whole corpus (but invalid/, which the suite above covers in child processes, and
  // images and text) so that the list stays complete when assimp's test models change.
  const fs::path root(ANIMSCOPE_ASSIMP_MODELS);
  const std::set<std::string> skipped_extensions = {".png", ".jpg", ".jpeg", ".bmp", ".tga",
                                                    ".dds", ".txt", ".mtl",  ".md"};
  std::set<std::string> found;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, ec);
       it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) break;
    const fs::path relative = fs::relative(it->path(), root);
    if (it->is_directory() && (relative == "invalid" || relative == "ReferenceImages")) {
      it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file()) continue;
    std::string extension = it->path().extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (skipped_extensions.count(extension) > 0) continue;
    const LoadedScene loaded = read_scene(it->path().string());
    if (loaded.scene == nullptr) continue;
    bool bones = false;
    for (unsigned m = 0; m < loaded.scene->mNumMeshes; ++m) {
      bones = bones || loaded.scene->mMeshes[m]->mNumBones > 0;
    }
    if (bones || loaded.scene->mNumAnimations > 0) found.insert(relative.generic_string());
  }
  ASSERT_FALSE(ec) << ec.message();
  const std::set<std::string> listed(animated_corpus().begin(), animated_corpus().end());
  for (const std::string& f : found) EXPECT_EQ(listed.count(f), 1u) << "not listed: " << f;
  for (const std::string& f : listed) EXPECT_EQ(found.count(f), 1u) << "not found: " << f;
}

TEST(CorpusListTest, EveryListedFileIsAnimatedOrSkinnedForAssimp) {
  for (const std::string& f : animated_corpus()) {
    const LoadedScene loaded = read_scene(model_path(f));
    ASSERT_NE(loaded.scene, nullptr) << f << ": " << loaded.error;
    bool bones = false;
    for (unsigned m = 0; m < loaded.scene->mNumMeshes; ++m) {
      bones = bones || loaded.scene->mMeshes[m]->mNumBones > 0;
    }
    EXPECT_TRUE(bones || loaded.scene->mNumAnimations > 0) << f;
  }
}

// ---------------------------------------------------------------------------------------------
// (c) Static files: no skeleton, vertices in model space.

TEST(StaticModelTest, BoxObjLoadsWithoutSkeletonSkinOrClips) {
  Result<Model> result = import_file("OBJ/box.obj");
  ASSERT_TRUE(result.ok()) << result.error().to_string();
  const Model& model = result.value();
  EXPECT_EQ(model.skeleton.joint_count(), 0u);
  EXPECT_EQ(model.skin.size(), 0u);
  EXPECT_TRUE(model.clips.empty());
  EXPECT_EQ(model.max_influences, 0);
  // box.obj: the 8 corners of the cube [-0.5, 0.5]^3 and 6 quads, triangulated into 12.
  ASSERT_EQ(model.mesh.vertices.size(), 8u);
  EXPECT_EQ(model.mesh.triangle_count(), 12u);
  std::set<std::vector<float>> corners;
  for (const Vertex& v : model.mesh.vertices) {
    corners.insert({v.position.x, v.position.y, v.position.z});
    for (int k = 0; k < kMaxInfluences; ++k) EXPECT_EQ(v.weights[k], 0.0f);
  }
  std::set<std::vector<float>> expected;
  for (const float x : {-0.5f, 0.5f}) {
    for (const float y : {-0.5f, 0.5f}) {
      for (const float z : {-0.5f, 0.5f}) expected.insert({x, y, z});
    }
  }
  EXPECT_EQ(corners, expected);
  EXPECT_EQ(model_problem(model), "");
}

// A mesh as the scene places it: the aiMesh and its node's global transform.
struct MeshInstance {
  const aiMesh* mesh;
  glm::dmat4 global;
};

void collect_mesh_instances(const aiScene& scene, const aiNode& node, const glm::dmat4& parent,
                            std::vector<MeshInstance>& out) {
  const glm::dmat4 global = parent * to_dmat4(node.mTransformation);
  for (unsigned i = 0; i < node.mNumMeshes; ++i) {
    out.push_back({scene.mMeshes[node.mMeshes[i]], global});
  }
  for (unsigned c = 0; c < node.mNumChildren; ++c) {
    collect_mesh_instances(scene, *node.mChildren[c], global, out);
  }
}

// Which side of a triangle its vertex normals point to: +1 the side its winding (counter-
// clockwise, right-handed) calls the front, -1 the back, 0 when undecided (degenerate).
int facing(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c, const glm::dvec3& na,
           const glm::dvec3& nb, const glm::dvec3& nc) {
  const glm::dvec3 face = glm::cross(b - a, c - a);
  const double d = glm::dot(face, na + nb + nc);
  const double scale = glm::length(face) * glm::length(na + nb + nc);
  if (!(std::fabs(d) > 1e-3 * scale)) return 0;
  return d > 0.0 ? 1 : -1;
}

glm::dvec3 to_dvec3(const aiVector3D& v) { return {v.x, v.y, v.z}; }
glm::dvec3 to_dvec3(const glm::vec3& v) { return {v.x, v.y, v.z}; }

// Static files whose node transforms matter: nesting three deep (CubeHierarchy_248.blend),
// mirroring nodes with negative determinants and FBX pivots (cubes_with_mirroring_and_pivot.fbx),
// and one mesh instanced by two nodes (teapot_instancenodes.DAE).
class StaticPlacementTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    loaded_ = read_scene(model_path(GetParam()));
    ASSERT_NE(loaded_.scene, nullptr) << loaded_.error;
    Result<Model> result = import_file(GetParam());
    ASSERT_TRUE(result.ok()) << result.error().to_string();
    model_ = std::move(result).value();
    ASSERT_EQ(model_.skeleton.joint_count(), 0u) << "a static file has no skeleton";
    EXPECT_EQ(model_.skin.size(), 0u);
    EXPECT_TRUE(model_.clips.empty());
    EXPECT_EQ(model_problem(model_), "");
    // Meshes in a depth-first walk of the nodes, each placed by its node's global transform.
    collect_mesh_instances(*loaded_.scene, *loaded_.scene->mRootNode, glm::dmat4(1.0), instances_);
    ASSERT_EQ(model_.mesh.submeshes.size(), instances_.size());
    for (std::size_t s = 0; s < instances_.size(); ++s) {
      ASSERT_EQ(model_.mesh.submeshes[s].vertex_count, instances_[s].mesh->mNumVertices);
      ASSERT_EQ(model_.mesh.submeshes[s].name, instances_[s].mesh->mName.C_Str());
    }
  }

  LoadedScene loaded_;
  Model model_;
  std::vector<MeshInstance> instances_;
};

TEST_P(StaticPlacementTest, VerticesAndNormalsAreInModelSpace) {
  bool some_node_moved = false;
  for (std::size_t s = 0; s < instances_.size(); ++s) {
    const aiMesh& mesh = *instances_[s].mesh;
    const glm::dmat4& global = instances_[s].global;
    const glm::dmat3 normal_matrix = glm::transpose(glm::inverse(glm::dmat3(global)));
    const SubMesh& sub = model_.mesh.submeshes[s];
    SCOPED_TRACE("submesh " + std::to_string(s) + " \"" + sub.name + "\"");
    some_node_moved = some_node_moved || global != glm::dmat4(1.0);
    for (unsigned i = 0; i < mesh.mNumVertices; ++i) {
      const Vertex& v = model_.mesh.vertices[sub.base_vertex + i];
      const glm::dvec3 expected = glm::dvec3(global * glm::dvec4(to_dvec3(mesh.mVertices[i]), 1));
      for (int axis = 0; axis < 3; ++axis) {
        ASSERT_NEAR(v.position[axis], expected[axis], 1e-4 * (1.0 + std::fabs(expected[axis])))
            << "vertex " << i << " axis " << axis;
      }
      ASSERT_NE(mesh.mNormals, nullptr);
      const glm::dvec3 n = glm::normalize(normal_matrix * to_dvec3(mesh.mNormals[i]));
      ASSERT_GT(glm::dot(to_dvec3(v.normal), n), 1.0 - 1e-5) << "normal of vertex " << i;
    }
  }
  EXPECT_TRUE(some_node_moved) << "the file should exercise node transforms";
}

class StaticWindingTest : public StaticPlacementTest {};

TEST_P(StaticWindingTest, TrianglesStillFaceTheirNormals) {
  // A triangle whose normals point to its front in the file must do so in the Model as well.
  int total_checked = 0;
  for (std::size_t s = 0; s < instances_.size(); ++s) {
    const aiMesh& mesh = *instances_[s].mesh;
    const SubMesh& sub = model_.mesh.submeshes[s];
    int flipped = 0, checked = 0;
    std::size_t index = sub.first_index;
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
      const aiFace& face = mesh.mFaces[f];
      if (face.mNumIndices != 3) continue;
      ASSERT_LT(index + 2, static_cast<std::size_t>(sub.first_index) + sub.index_count);
      const unsigned* i = face.mIndices;
      const int source = facing(to_dvec3(mesh.mVertices[i[0]]), to_dvec3(mesh.mVertices[i[1]]),
                                to_dvec3(mesh.mVertices[i[2]]), to_dvec3(mesh.mNormals[i[0]]),
                                to_dvec3(mesh.mNormals[i[1]]), to_dvec3(mesh.mNormals[i[2]]));
      const Vertex& a = model_.mesh.vertices[sub.base_vertex + model_.mesh.indices[index]];
      const Vertex& b = model_.mesh.vertices[sub.base_vertex + model_.mesh.indices[index + 1]];
      const Vertex& c = model_.mesh.vertices[sub.base_vertex + model_.mesh.indices[index + 2]];
      index += 3;
      const int placed = facing(to_dvec3(a.position), to_dvec3(b.position), to_dvec3(c.position),
                                to_dvec3(a.normal), to_dvec3(b.normal), to_dvec3(c.normal));
      if (source == 0 || placed == 0) continue;
      ++checked;
      if (placed != source) ++flipped;
    }
    EXPECT_EQ(flipped, 0) << "submesh " << s << " \"" << sub.name << "\": " << flipped << " of "
                          << checked << " triangles turned inside out";
    total_checked += checked;
  }
  EXPECT_GT(total_checked, 0);
}

INSTANTIATE_TEST_SUITE_P(StaticFiles, StaticPlacementTest,
                         ::testing::Values("BLEND/CubeHierarchy_248.blend",
                                           "FBX/cubes_with_mirroring_and_pivot.fbx",
                                           "Collada/teapot_instancenodes.DAE"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return param_name(info.param);
                         });

INSTANTIATE_TEST_SUITE_P(StaticFiles, StaticWindingTest,
                         ::testing::Values("BLEND/CubeHierarchy_248.blend",
                                           "Collada/teapot_instancenodes.DAE"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return param_name(info.param);
                         });

// A mirroring node transform (negative determinant): in cubes_with_mirroring_and_pivot.fbx
// "Cube2" (determinant -0.001) and its child "Cube1" must keep their triangles facing out.
INSTANTIATE_TEST_SUITE_P(MirroredStaticFiles, StaticWindingTest,
                         ::testing::Values("FBX/cubes_with_mirroring_and_pivot.fbx"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return param_name(info.param);
                         });

// ---------------------------------------------------------------------------------------------
// (d) Paths that are no model file.

TEST(ImportPathTest, MissingFileIsNotFoundAndNamesThePath) {
  const std::string path = model_path("X/no_such_file_here.x");
  ASSERT_FALSE(fs::exists(path));
  Result<Model> result = import_model(path);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().code, Error::Code::kNotFound);
  EXPECT_EQ(result.error().path, path);
  EXPECT_FALSE(result.error().message.empty());
  EXPECT_NE(result.error().to_string().find(path), std::string::npos);
}

TEST(ImportPathTest, DirectoryIsAnErrorNamingThePath) {
  const std::string path = model_path("X");
  ASSERT_TRUE(fs::is_directory(path));
  Result<Model> result = import_model(path);
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().code, Error::Code::kNotFound);
  EXPECT_EQ(result.error().path, path);
  EXPECT_FALSE(result.error().message.empty());
}

TEST(ImportPathTest, EmptyPathIsAnError) {
  Result<Model> result = import_model("");
  ASSERT_FALSE(result.ok());
  EXPECT_FALSE(result.error().message.empty());
}

}  // namespace
}  // namespace anim::import
