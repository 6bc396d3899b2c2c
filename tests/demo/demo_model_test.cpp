// The built-in demo humanoid: a valid skeleton, clips that loop and stay in step, and a closed,
// smoothly weighted mesh that stands on the ground.
#include "anim/demo/demo_model.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <numeric>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>

#include "anim/local_to_model.h"
#include "anim/sampling.h"
#include "anim/setup/setup.h"
#include "anim/skinning_palette.h"
#include "support/jobs.h"

namespace anim::demo {
namespace {

const Model& demo() {
  static const Model model = make_demo_model();
  return model;
}

const Clip& clip(const std::string& name) {
  const int index = demo().find_clip(name);
  EXPECT_GE(index, 0) << name;
  return demo().clips.at(static_cast<std::size_t>(std::max(index, 0)));
}

std::vector<Transform> sample(const Clip& c, float time) {
  return testutil::SampleClip(c, demo().skeleton.rest, time);
}

std::vector<glm::mat4> model_matrices(const std::vector<Transform>& local) {
  return testutil::ModelMatrices(demo().skeleton.parents, local);
}

glm::vec3 joint_position(const std::vector<Transform>& local, const char* name) {
  const int joint = demo().skeleton.find(name);
  EXPECT_GE(joint, 0) << name;
  return glm::vec3(model_matrices(local).at(static_cast<std::size_t>(std::max(joint, 0)))[3]);
}

// Linear blend skinning of every vertex position with the pose `local`.
std::vector<glm::vec3> skinned_positions(const std::vector<Transform>& local) {
  const Model& m = demo();
  const std::vector<glm::mat4> model = model_matrices(local);
  const std::vector<glm::mat4> palette = testutil::Palette(model, m.skin);
  std::vector<glm::vec3> out;
  out.reserve(m.mesh.vertices.size());
  for (const Vertex& v : m.mesh.vertices) {
    glm::vec4 p(0.0f);
    for (int i = 0; i < kMaxInfluences; ++i) {
      p += v.weights[i] * (palette[v.joints[i]] * glm::vec4(v.position, 1.0f));
    }
    out.push_back(glm::vec3(p));
  }
  return out;
}

std::pair<float, float> height_range(const std::vector<glm::vec3>& positions) {
  float lo = 1e30f, hi = -1e30f;
  for (const glm::vec3& p : positions) {
    lo = std::min(lo, p.y);
    hi = std::max(hi, p.y);
  }
  return {lo, hi};
}

glm::vec3 triangle_normal(std::size_t t) {
  const Mesh& mesh = demo().mesh;
  const glm::vec3& a = mesh.vertices[mesh.indices[3 * t]].position;
  const glm::vec3& b = mesh.vertices[mesh.indices[3 * t + 1]].position;
  const glm::vec3& c = mesh.vertices[mesh.indices[3 * t + 2]].position;
  return glm::cross(b - a, c - a);  // Length: twice the area.
}

TEST(DemoModel, IsNamedAfterItsBuiltInPath) {
  EXPECT_EQ(demo().source_path, kDemoModelPath);
  EXPECT_EQ(std::string(kDemoModelPath), "builtin:demo");
}

TEST(DemoModel, SkeletonIsValidAndHasTheHumanoidJoints) {
  const Skeleton& skeleton = demo().skeleton;
  ASSERT_TRUE(skeleton.validate().ok()) << skeleton.validate().error().to_string();
  EXPECT_GE(skeleton.joint_count(), 18u);
  EXPECT_LE(skeleton.joint_count(), 24u);
  EXPECT_EQ(skeleton.parents[0], -1);
  EXPECT_EQ(skeleton.names[0], "hips");
  for (const char* name :
       {"hips", "spine", "chest", "neck", "head", "hand_L", "hand_R", "foot_L", "foot_R", "toe_L",
        "toe_R", "shoulder_L", "upper_arm_R", "forearm_L", "thigh_R", "shin_L"}) {
    EXPECT_GE(skeleton.find(name), 0) << name;
  }
}

TEST(DemoModel, RestPoseIsARelaxedAPoseFacingPlusZ) {
  const std::vector<Transform>& rest = demo().skeleton.rest;
  for (const char* side : {"_L", "_R"}) {
    const glm::vec3 shoulder = joint_position(rest, (std::string("upper_arm") + side).c_str());
    const glm::vec3 hand = joint_position(rest, (std::string("hand") + side).c_str());
    const glm::vec3 arm = hand - shoulder;
    const float below = std::atan2(-arm.y, std::hypot(arm.x, arm.z)) * 180.0f / 3.14159265f;
    EXPECT_GE(below, 30.0f) << side;
    EXPECT_LE(below, 40.0f) << side;
    // Left is +X for a figure facing +Z; toes point forwards.
    EXPECT_GT(arm.x * (side[1] == 'L' ? 1.0f : -1.0f), 0.3f) << side;
    const glm::vec3 ankle = joint_position(rest, (std::string("foot") + side).c_str());
    const glm::vec3 toe = joint_position(rest, (std::string("toe") + side).c_str());
    EXPECT_GT(toe.z - ankle.z, 0.05f) << side;
  }
}

TEST(DemoModel, HasThreeValidClipsOfDifferentLengths) {
  const Model& m = demo();
  ASSERT_EQ(m.clips.size(), 3u);
  for (const Clip& c : m.clips) {
    const Status s = c.validate(m.skeleton.joint_count());
    EXPECT_TRUE(s.ok()) << c.name << ": " << (s.ok() ? "" : s.error().to_string());
  }
  const float idle = clip("Idle").duration, walk = clip("Walk").duration;
  const float run = clip("Run").duration;
  EXPECT_NEAR(idle, 2.4f, 0.3f);
  EXPECT_NEAR(walk, 1.1f, 0.15f);
  EXPECT_NEAR(run, 0.7f, 0.1f);
  EXPECT_NE(idle, walk);
  EXPECT_NE(walk, run);
  EXPECT_NE(idle, run);
}

TEST(DemoModel, ClipsAreKeyedAtThirtyPerSecondWithOnlyTheHipsTranslated) {
  const Model& m = demo();
  const int hips = m.skeleton.find("hips");
  for (const Clip& c : m.clips) {
    const uint32_t keys = static_cast<uint32_t>(std::lround(c.duration * 30.0f)) + 1;
    for (std::size_t j = 0; j < m.skeleton.joint_count(); ++j) {
      EXPECT_EQ(c.rotations.ranges[j].count, keys) << c.name << " " << m.skeleton.names[j];
      EXPECT_EQ(c.translations.ranges[j].count, static_cast<int>(j) == hips ? keys : 0u)
          << c.name << " " << m.skeleton.names[j];
      EXPECT_EQ(c.scales.ranges[j].count, 0u) << c.name << " " << m.skeleton.names[j];
    }
    EXPECT_FLOAT_EQ(c.rotations.times[c.rotations.ranges[0].offset + keys - 1], c.duration);
  }
}

TEST(DemoModel, ClipsLoopWithoutASeam) {
  for (const Clip& c : demo().clips) {
    const std::vector<Transform> start = sample(c, 0.0f), end = sample(c, c.duration);
    for (std::size_t j = 0; j < start.size(); ++j) {
      for (int k = 0; k < 3; ++k) {
        EXPECT_NEAR(start[j].translation[k], end[j].translation[k], 1e-5f) << c.name << " " << j;
      }
      // q and -q are the same rotation.
      EXPECT_NEAR(std::fabs(glm::dot(start[j].rotation, end[j].rotation)), 1.0f, 1e-5f)
          << c.name << " " << j;
    }
  }
}

TEST(DemoModel, ClipsMoveTheBody) {
  for (const Clip& c : demo().clips) {
    const std::vector<Transform> a = sample(c, 0.0f), b = sample(c, 0.5f * c.duration);
    float largest = 0.0f;
    for (std::size_t j = 0; j < a.size(); ++j) {
      largest = std::max(largest, 1.0f - std::fabs(glm::dot(a[j].rotation, b[j].rotation)));
    }
    EXPECT_GT(largest, 1e-4f) << c.name;
  }
}

TEST(DemoModel, WeightsAreSortedNormalizedAndAtMostFour) {
  const Model& m = demo();
  ASSERT_FALSE(m.mesh.vertices.empty());
  EXPECT_GE(m.max_influences, 2);
  EXPECT_LE(m.max_influences, kMaxInfluences);
  std::size_t truncated = 0;
  for (std::size_t i = 0; i < m.mesh.vertices.size(); ++i) {
    const Vertex& v = m.mesh.vertices[i];
    float sum = 0.0f;
    for (int k = 0; k < kMaxInfluences; ++k) {
      EXPECT_GE(v.weights[k], 0.0f) << i;
      if (k > 0) {
        EXPECT_GE(v.weights[k - 1], v.weights[k]) << i;
      }
      if (v.weights[k] > 0.0f) {
        EXPECT_LT(v.joints[k], m.skin.size()) << i;
      }
      sum += v.weights[k];
    }
    EXPECT_NEAR(sum, 1.0f, 1e-5f) << i;
    truncated += v.truncated_weight > 0.0f ? 1 : 0;
  }
  EXPECT_EQ(truncated, m.truncated_vertices);
}

TEST(DemoModel, WeightsBlendAcrossJoints) {
  // Skin, not stiff pipes: many vertices are shared between two or more joints.
  std::size_t shared = 0;
  for (const Vertex& v : demo().mesh.vertices) shared += v.weights[1] > 0.1f ? 1 : 0;
  EXPECT_GT(shared, demo().mesh.vertices.size() / 8);
}

TEST(DemoModel, EveryJointButTheRootAndToesInfluencesTheMesh) {
  const Model& m = demo();
  const std::vector<uint32_t> counts = m.influenced_vertex_counts();
  for (std::size_t j = 0; j < counts.size(); ++j) {
    const std::string& name = m.skeleton.names[j];
    if (name == "hips" || name.rfind("toe", 0) == 0) continue;
    EXPECT_GT(counts[j], 0u) << name;
  }
  EXPECT_GT(counts[static_cast<std::size_t>(m.skeleton.find("head"))], 100u);
}

TEST(DemoModel, SkinEntriesHoldTheInverseRestMatrices) {
  const Model& m = demo();
  ASSERT_EQ(m.skin.joints.size(), m.skin.inverse_bind.size());
  ASSERT_GT(m.skin.size(), 0u);
  const std::vector<glm::mat4> rest = model_matrices(m.skeleton.rest);
  std::set<int16_t> seen;
  for (std::size_t s = 0; s < m.skin.size(); ++s) {
    const int16_t joint = m.skin.joints[s];
    ASSERT_GE(joint, 0);
    ASSERT_LT(static_cast<std::size_t>(joint), rest.size());
    EXPECT_TRUE(seen.insert(joint).second) << "joint " << joint << " has two skin entries";
    const glm::mat4 product = rest[joint] * m.skin.inverse_bind[s];
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) EXPECT_NEAR(product[c][r], c == r ? 1.0f : 0.0f, 1e-5f);
    }
  }
}

TEST(DemoModel, BindPoseReproducesTheMesh) {
  const std::vector<glm::vec3> skinned = skinned_positions(demo().skeleton.rest);
  for (std::size_t i = 0; i < skinned.size(); ++i) {
    const glm::vec3& p = demo().mesh.vertices[i].position;
    EXPECT_NEAR(glm::length(skinned[i] - p), 0.0f, 1e-4f) << i;
  }
}

TEST(DemoModel, MeshIsOneBodySubmeshOfAFewThousandVertices) {
  const Mesh& mesh = demo().mesh;
  EXPECT_GE(mesh.vertices.size(), 2000u);
  EXPECT_LE(mesh.vertices.size(), 10000u);
  ASSERT_EQ(mesh.submeshes.size(), 1u);
  EXPECT_EQ(mesh.submeshes[0].name, "body");
  EXPECT_EQ(mesh.submeshes[0].first_index, 0u);
  EXPECT_EQ(mesh.submeshes[0].index_count, mesh.indices.size());
  EXPECT_EQ(mesh.submeshes[0].base_vertex, 0u);
  EXPECT_EQ(mesh.submeshes[0].vertex_count, mesh.vertices.size());
  ASSERT_EQ(mesh.indices.size() % 3, 0u);
  for (uint32_t i : mesh.indices) ASSERT_LT(i, mesh.vertices.size());
}

TEST(DemoModel, HasNoDegenerateTriangles) {
  const Mesh& mesh = demo().mesh;
  for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
    EXPECT_GT(0.5f * glm::length(triangle_normal(t)), 1e-7f) << "triangle " << t;
  }
}

TEST(DemoModel, NormalsAreUnitAndAgreeWithTheTriangles) {
  const Mesh& mesh = demo().mesh;
  for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
    EXPECT_NEAR(glm::length(mesh.vertices[i].normal), 1.0f, 1e-4f) << i;
  }
  // A smooth normal leans the same way as every triangle around its vertex.
  for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
    const glm::vec3 face = glm::normalize(triangle_normal(t));
    for (int k = 0; k < 3; ++k) {
      const Vertex& v = mesh.vertices[mesh.indices[3 * t + k]];
      EXPECT_GT(glm::dot(face, v.normal), 0.2f) << "triangle " << t;
    }
  }
}

// Every edge is used once in each direction: each body part is a closed, consistently wound
// surface. The volume each part encloses is then positive exactly when its triangles wind
// counter-clockwise seen from outside.
TEST(DemoModel, MeshIsClosedAndWoundOutwards) {
  const Mesh& mesh = demo().mesh;
  std::map<std::pair<uint32_t, uint32_t>, int> directed;
  for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
    for (int k = 0; k < 3; ++k) {
      ++directed[{mesh.indices[3 * t + k], mesh.indices[3 * t + (k + 1) % 3]}];
    }
  }
  for (const auto& [edge, count] : directed) {
    EXPECT_EQ(count, 1) << edge.first << "-" << edge.second;
    const auto reverse = directed.find({edge.second, edge.first});
    EXPECT_TRUE(reverse != directed.end()) << "open edge " << edge.first << "-" << edge.second;
  }

  // Parts are the connected groups of vertices.
  std::vector<uint32_t> group(mesh.vertices.size());
  std::iota(group.begin(), group.end(), 0u);
  auto find = [&](uint32_t v) {
    while (group[v] != v) v = group[v] = group[group[v]];
    return v;
  };
  for (uint32_t i = 0; i + 1 < mesh.indices.size(); ++i) {
    if (i % 3 != 2) group[find(mesh.indices[i])] = find(mesh.indices[i + 1]);
  }
  std::map<uint32_t, double> volume;
  for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
    const glm::dvec3 a(mesh.vertices[mesh.indices[3 * t]].position);
    const glm::dvec3 b(mesh.vertices[mesh.indices[3 * t + 1]].position);
    const glm::dvec3 c(mesh.vertices[mesh.indices[3 * t + 2]].position);
    volume[find(mesh.indices[3 * t])] += glm::dot(a, glm::cross(b, c)) / 6.0;
  }
  EXPECT_GE(volume.size(), 10u);  // Torso, neck, head, nose, two arms, legs and feet.
  double total = 0.0;
  for (const auto& [part, v] : volume) {
    EXPECT_GT(v, 0.0) << "part of vertex " << part << " is inside out";
    total += v;
  }
  // Roughly a person's volume (parts overlap at the joints).
  EXPECT_GT(total, 0.04);
  EXPECT_LT(total, 0.15);
}

TEST(DemoModel, StandsOnTheGroundAtHumanHeight) {
  const auto [lo, hi] = height_range(skinned_positions(demo().skeleton.rest));
  EXPECT_NEAR(lo, 0.0f, 0.05f);
  EXPECT_GE(hi - lo, 1.6f);
  EXPECT_LE(hi - lo, 2.0f);
}

TEST(DemoModel, WalkAndRunLandOnTheGroundAtHalfCycles) {
  for (const char* name : {"Walk", "Run"}) {
    const Clip& c = clip(name);
    for (float phase : {0.0f, 0.5f}) {
      const auto range = height_range(skinned_positions(sample(c, phase * c.duration)));
      EXPECT_NEAR(range.first, 0.0f, 0.1f) << name << " at " << phase;
    }
  }
}

TEST(DemoModel, FeetNeverSinkIntoTheGround) {
  for (const Clip& c : demo().clips) {
    for (int i = 0; i < 20; ++i) {
      const float time = c.duration * static_cast<float>(i) / 20.0f;
      const auto range = height_range(skinned_positions(sample(c, time)));
      EXPECT_GT(range.first, -0.03f) << c.name << " at " << time;
      EXPECT_LT(range.first, 0.1f) << c.name << " at " << time << ": both feet in the air";
    }
  }
}

// A blend of Walk and Run at a shared normalized time keeps the feet in step: at 0 the left
// foot has just landed in front, at 0.5 the right.
TEST(DemoModel, WalkAndRunShareTheirPhase) {
  for (const char* name : {"Walk", "Run"}) {
    const Clip& c = clip(name);
    for (float phase : {0.0f, 0.5f}) {
      const std::vector<Transform> pose = sample(c, phase * c.duration);
      const glm::vec3 left = joint_position(pose, "foot_L");
      const glm::vec3 right = joint_position(pose, "foot_R");
      const glm::vec3& landing = phase == 0.0f ? left : right;
      const glm::vec3& other = phase == 0.0f ? right : left;
      EXPECT_GT(landing.z - other.z, 0.2f) << name << " at " << phase;
      EXPECT_LT(landing.y, 0.12f) << name << " at " << phase;
    }
  }
}

TEST(DemoModel, LocomotionProjectFitsTheDemoClips) {
  const std::string path = std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/demo_locomotion.json";
  const Result<setup::Setup> setup = setup::load_setup(path);
  ASSERT_TRUE(setup.ok()) << setup.error().to_string();
  EXPECT_EQ(setup.value().model, kDemoModelPath);
  std::vector<std::string> clips;
  for (const Clip& c : demo().clips) clips.push_back(c.name);
  for (const Diagnostic& d : validate_setup(setup.value(), clips)) {
    ADD_FAILURE() << d.pointer << ": " << d.message;
  }
  // Saved in the canonical form, so the tool's load and save leave it unchanged.
  std::ifstream in(path, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(to_json_text(setup.value()), text);
}

}  // namespace
}  // namespace anim::demo
