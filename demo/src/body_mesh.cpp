#include "body_mesh.h"

#include <algorithm>
#include <utility>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/matrix.hpp>

#include "anim/job_check.h"
#include "anim/local_to_model.h"
#include "demo_skeleton.h"
#include "skin_weights.h"
#include "tube_mesh.h"

namespace anim::demo {
namespace {

// One closed piece of the body and the joints its vertices follow.
struct BodyPart {
  TubeDesc tube;
  JointChain chain;
  std::vector<WeightBlob> blobs;
};

// Rest-pose model matrices of every joint.
std::vector<glm::mat4> rest_model_matrices(const Skeleton& skeleton) {
  std::vector<glm::mat4> model(skeleton.joint_count());
  LocalToModelJob job;
  job.parents = skeleton.parents;
  job.local = skeleton.rest;
  job.output = model;
  require_ran(job.run(), "LocalToModelJob");  // The demo's own skeleton.
  return model;
}

class PartFactory {
 public:
  explicit PartFactory(const Skeleton& skeleton) : model_(rest_model_matrices(skeleton)) {}

  const std::vector<glm::mat4>& model() const { return model_; }
  glm::vec3 at(int joint) const { return glm::vec3(model_[joint][3]); }

  BodyPart torso() const {
    BodyPart p;
    p.tube.origin = glm::vec3(0.0f);
    p.tube.axis = {0, 1, 0};  // h is the height; v points backwards.
    p.tube.u = {1, 0, 0};
    p.tube.stations = {{0.87f, 0.172f, 0.108f, {0, 0.010f}},  {0.93f, 0.176f, 0.114f, {0, 0.012f}},
                       {1.01f, 0.160f, 0.106f, {0, 0.010f}},  {1.10f, 0.138f, 0.098f, {0, 0.004f}},
                       {1.21f, 0.152f, 0.108f, {0, -0.002f}}, {1.32f, 0.166f, 0.118f, {0, -0.008f}},
                       {1.42f, 0.176f, 0.105f, {0, 0.000f}},  {1.49f, 0.130f, 0.075f, {0, 0.010f}}};
    p.tube.cap_start = 0.035f;
    p.tube.cap_end = 0.04f;
    p.tube.segments = 28;
    p.tube.ring_spacing = 0.025f;
    p.tube.exponent = 2.5f;
    p.chain = {{kHips, kSpine, kChest}, {at(kSpine).y, at(kChest).y}, {0.07f, 0.08f}};
    // The shoulder tops move with the collarbones.
    for (Side side : {Side::kLeft, Side::kRight}) {
      const Limbs l = limbs(side);
      const glm::vec3 centre = at(l.upper_arm) + glm::vec3(-l.sign * 0.03f, -0.01f, 0.0f);
      p.blobs.push_back({l.shoulder, centre, 0.12f, 0.8f});
    }
    return p;
  }

  BodyPart neck() const {
    BodyPart p;
    p.tube.origin = glm::vec3(0.0f, 0.0f, at(kNeck).z);
    p.tube.stations = {{1.46f, 0.070f, 0.066f, {0, 0.0f}},
                       {1.54f, 0.061f, 0.059f, {0, -0.004f}},
                       {1.63f, 0.055f, 0.055f, {0, -0.010f}}};
    p.tube.cap_start = p.tube.cap_end = 0.03f;
    p.tube.segments = 16;
    p.chain = {{kChest, kNeck, kHead}, {at(kNeck).y, at(kHead).y}, {0.04f, 0.03f}};
    return p;
  }

  BodyPart head() const {
    BodyPart p;
    p.tube.origin = glm::vec3(0.0f, 0.0f, at(kHead).z);
    p.tube.stations = {{1.625f, 0.050f, 0.060f, {0, -0.020f}},
                       {1.66f, 0.070f, 0.085f, {0, -0.012f}},
                       {1.71f, 0.083f, 0.100f, {0, -0.004f}},
                       {1.76f, 0.083f, 0.098f, {0, 0.0f}}};
    p.tube.cap_start = 0.025f;
    p.tube.cap_end = 0.065f;
    p.tube.segments = 24;
    p.tube.ring_spacing = 0.015f;
    p.chain = {{kNeck, kHead}, {at(kHead).y}, {0.02f}};
    return p;
  }

  // Shows which way the figure faces.
  BodyPart nose() const {
    BodyPart p;
    p.tube.origin = glm::vec3(0.0f, 1.695f, at(kHead).z + 0.085f);
    p.tube.axis = {0, 0, 1};
    p.tube.u = {1, 0, 0};  // v is up.
    p.tube.stations = {{0.0f, 0.012f, 0.016f, {0, 0.0f}}, {0.022f, 0.010f, 0.010f, {0, -0.006f}}};
    p.tube.cap_start = p.tube.cap_end = 0.01f;
    p.tube.segments = 8;
    p.tube.ring_spacing = 0.01f;
    p.chain = {{kHead}, {}, {}};
    return p;
  }

  // Shoulder to fingertips along the straight rest-pose arm; the hand is flat, palm inwards.
  BodyPart arm(Side side) const {
    const Limbs l = limbs(side);
    const glm::vec3 origin = at(l.upper_arm);
    const glm::vec3 axis = glm::normalize(at(l.hand) - origin);
    const float elbow = glm::dot(at(l.forearm) - origin, axis);
    const float wrist = glm::dot(at(l.hand) - origin, axis);
    BodyPart p;
    p.tube.origin = origin;
    p.tube.axis = axis;
    p.tube.u = glm::normalize(glm::vec3(0, 0, 1) - axis * axis.z);  // Hand width: forwards.
    p.tube.stations = {{-0.01f, 0.054f, 0.058f},
                       {0.05f, 0.053f, 0.055f},
                       {0.15f, 0.049f, 0.049f},
                       {elbow - 0.04f, 0.041f, 0.040f},
                       {elbow, 0.039f, 0.038f},
                       {elbow + 0.07f, 0.043f, 0.039f},
                       {wrist - 0.07f, 0.032f, 0.027f},
                       {wrist, 0.029f, 0.020f},
                       {wrist + 0.05f, 0.042f, 0.019f},
                       {wrist + 0.10f, 0.044f, 0.017f},
                       {wrist + kHandLength - 0.03f, 0.036f, 0.013f}};
    p.tube.cap_start = 0.04f;
    p.tube.cap_end = 0.03f;
    p.tube.segments = 16;
    p.tube.exponent = 2.2f;
    p.chain = {
        {l.shoulder, l.upper_arm, l.forearm, l.hand}, {0.0f, elbow, wrist}, {0.05f, 0.05f, 0.03f}};
    return p;
  }

  // Hip to ankle; the top end sits inside the pelvis and follows the hips.
  BodyPart leg(Side side) const {
    const Limbs l = limbs(side);
    const glm::vec3 origin = at(l.thigh);
    const glm::vec3 axis = glm::normalize(at(l.foot) - origin);
    const float knee = glm::dot(at(l.shin) - origin, axis);
    const float ankle = glm::dot(at(l.foot) - origin, axis);
    BodyPart p;
    p.tube.origin = origin;
    p.tube.axis = axis;
    p.tube.u = {1, 0, 0};  // v points forwards.
    p.tube.stations = {{-0.05f, 0.074f, 0.088f, {0, -0.005f}},
                       {0.05f, 0.082f, 0.090f, {0, 0.0f}},
                       {0.18f, 0.079f, 0.082f, {0, 0.005f}},
                       {knee - 0.10f, 0.061f, 0.063f, {0, 0.005f}},
                       {knee, 0.052f, 0.054f, {0, 0.005f}},
                       {knee + 0.10f, 0.056f, 0.061f, {0, -0.010f}},
                       {knee + 0.20f, 0.049f, 0.052f, {0, -0.006f}},
                       {ankle - 0.08f, 0.036f, 0.036f, {0, 0.0f}},
                       {ankle, 0.034f, 0.036f, {0, 0.0f}}};
    p.tube.cap_start = 0.06f;
    p.tube.cap_end = 0.03f;
    p.tube.segments = 16;
    p.tube.ring_spacing = 0.025f;
    p.chain = {{kHips, l.thigh, l.shin, l.foot}, {0.0f, knee, ankle}, {0.07f, 0.06f, 0.04f}};
    return p;
  }

  // A flattened, boxy capsule from heel to toes whose sole lies on the ground.
  BodyPart foot(Side side) const {
    const Limbs l = limbs(side);
    const glm::vec3 ankle = at(l.foot);
    const glm::vec3 origin(ankle.x, 0.0f, ankle.z);
    const float ball = at(l.toe).z - origin.z;
    BodyPart p;
    p.tube.origin = origin;
    p.tube.axis = {0, 0, 1};
    p.tube.u = {1, 0, 0};  // v is up; centres at height rv put the sole on y = 0.
    p.tube.stations = {{-0.045f, 0.033f, 0.038f, {0, 0.038f}},
                       {0.0f, 0.038f, 0.052f, {0, 0.052f}},
                       {0.06f, 0.044f, 0.042f, {0, 0.042f}},
                       {ball, 0.047f, 0.027f, {0, 0.027f}},
                       {ball + 0.055f, 0.040f, 0.020f, {0, 0.020f}}};
    p.tube.cap_start = p.tube.cap_end = 0.03f;
    p.tube.segments = 16;
    p.tube.ring_spacing = 0.015f;
    p.tube.exponent = 2.6f;
    p.chain = {{l.foot, l.toe}, {ball}, {0.03f}};
    return p;
  }

 private:
  std::vector<glm::mat4> model_;
};

std::vector<BodyPart> body_parts(const PartFactory& f) {
  std::vector<BodyPart> parts = {f.torso(), f.neck(), f.head(), f.nose()};
  for (Side side : {Side::kLeft, Side::kRight}) {
    parts.push_back(f.arm(side));
    parts.push_back(f.leg(side));
    parts.push_back(f.foot(side));
  }
  return parts;
}

// Appends a part's vertices (joints still skeleton indices) and triangles to `body`.
void append_part(const BodyPart& part, SkinnedBody* body) {
  const TubeGeometry tube = build_tube(part.tube);
  const uint32_t base = static_cast<uint32_t>(body->mesh.vertices.size());
  for (const TubeVertex& tv : tube.vertices) {
    Influences influences = chain_influences(part.chain, tv.h);
    for (const WeightBlob& blob : part.blobs) add_blob(blob, tv.position, &influences);
    Vertex v;
    v.position = tv.position;
    v.normal = tv.normal;
    v.uv = tv.uv;
    const PackStats stats = pack_influences(std::move(influences), &v);
    body->max_influences = std::max(body->max_influences, stats.influence_count);
    body->truncated_vertices += stats.truncated ? 1 : 0;
    body->mesh.vertices.push_back(v);
  }
  for (uint32_t i : tube.indices) body->mesh.indices.push_back(base + i);
}

// Gives every joint that some vertex follows a skin entry and points the vertices at them.
void build_skin(const std::vector<glm::mat4>& rest_model, SkinnedBody* body) {
  std::vector<int> entry_of_joint(rest_model.size(), -1);
  for (const Vertex& v : body->mesh.vertices) {
    for (int i = 0; i < kMaxInfluences; ++i) {
      if (v.weights[i] > 0.0f) entry_of_joint[v.joints[i]] = 0;
    }
  }
  for (std::size_t j = 0; j < rest_model.size(); ++j) {
    if (entry_of_joint[j] < 0) continue;
    entry_of_joint[j] = static_cast<int>(body->skin.joints.size());
    body->skin.joints.push_back(static_cast<int16_t>(j));
    body->skin.inverse_bind.push_back(glm::inverse(rest_model[j]));
  }
  for (Vertex& v : body->mesh.vertices) {
    for (int i = 0; i < kMaxInfluences; ++i) {
      v.joints[i] = v.weights[i] > 0.0f ? static_cast<uint16_t>(entry_of_joint[v.joints[i]]) : 0;
    }
  }
}

}  // namespace

SkinnedBody build_body(const Skeleton& skeleton) {
  const PartFactory factory(skeleton);
  SkinnedBody body;
  for (const BodyPart& part : body_parts(factory)) append_part(part, &body);
  build_skin(factory.model(), &body);
  SubMesh sub;
  sub.name = "body";
  sub.index_count = static_cast<uint32_t>(body.mesh.indices.size());
  sub.vertex_count = static_cast<uint32_t>(body.mesh.vertices.size());
  body.mesh.submeshes.push_back(sub);
  return body;
}

}  // namespace anim::demo
