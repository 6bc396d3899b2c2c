#include "anim/layer_blending.h"

#include <cmath>

namespace anim {
namespace {

float dot(const glm::quat& a, const glm::quat& b) {
  return a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
}

// (1 - t) a + t b on the shortest arc, normalized; `a` when the sum vanishes.
glm::quat nlerp(const glm::quat& a, const glm::quat& b, float t) {
  const float s = dot(a, b) < 0.0f ? -t : t;
  const glm::quat q(a.w * (1.0f - t) + b.w * s, a.x * (1.0f - t) + b.x * s,
                    a.y * (1.0f - t) + b.y * s, a.z * (1.0f - t) + b.z * s);
  const float len2 = dot(q, q);
  if (!(len2 > 0.0f)) return a;
  const float inv = 1.0f / std::sqrt(len2);
  return glm::quat(q.w * inv, q.x * inv, q.y * inv, q.z * inv);
}

float mask_at(Span<const float> mask, std::size_t j) { return mask.empty() ? 1.0f : mask[j]; }

bool sizes_fit(std::size_t out, std::size_t in, Span<const float> mask) {
  return out == in && (mask.empty() || mask.size() == out);
}

}  // namespace

std::vector<float> resolve_layer_mask(const LayerMaskDef& mask, const Skeleton& skeleton) {
  const std::size_t n = skeleton.joint_count();
  // Per joint: +1 listed in include, -1 in exclude, 0 neither (exclude wins a joint in both).
  std::vector<int> listed(n, 0);
  for (std::size_t j = 0; j < n; ++j) {
    for (const std::string& name : mask.include) {
      if (skeleton.names[j] == name) listed[j] = 1;
    }
    for (const std::string& name : mask.exclude) {
      if (skeleton.names[j] == name) listed[j] = -1;
    }
  }
  std::vector<float> weights(n, mask.include.empty() ? 1.0f : 0.0f);
  // Parents come before their children, so each joint's parent is settled when it is reached.
  std::vector<int> decided(n, 0);  // The nearest listed ancestor-or-self's mark.
  for (std::size_t j = 0; j < n; ++j) {
    const int parent = skeleton.parents[j];
    decided[j] = listed[j] != 0 ? listed[j] : parent >= 0 ? decided[parent] : 0;
    if (decided[j] != 0) weights[j] = decided[j] > 0 ? 1.0f : 0.0f;
  }
  return weights;
}

bool blend_override_layer(Span<Transform> out, Span<const Transform> layer,
                          Span<const float> mask, float weight) {
  if (!sizes_fit(out.size(), layer.size(), mask)) return false;
  for (std::size_t j = 0; j < out.size(); ++j) {
    const float t = weight * mask_at(mask, j);
    if (!(t > 0.0f)) continue;
    Transform& o = out[j];
    const Transform& l = layer[j];
    o.translation += (l.translation - o.translation) * t;
    o.scale += (l.scale - o.scale) * t;
    o.rotation = t >= 1.0f ? l.rotation : nlerp(o.rotation, l.rotation, t);
  }
  return true;
}

bool make_additive_delta(Span<const Transform> pose, Span<const Transform> reference,
                         Span<Transform> delta) {
  if (pose.size() != reference.size() || pose.size() != delta.size()) return false;
  for (std::size_t j = 0; j < pose.size(); ++j) {
    const Transform& p = pose[j];
    const Transform& r = reference[j];
    Transform& d = delta[j];
    d.translation = p.translation - r.translation;
    d.rotation = glm::conjugate(r.rotation) * p.rotation;
    for (int c = 0; c < 3; ++c) d.scale[c] = r.scale[c] != 0.0f ? p.scale[c] / r.scale[c] : 1.0f;
  }
  return true;
}

bool apply_additive_layer(Span<Transform> out, Span<const Transform> delta,
                          Span<const float> mask, float weight) {
  if (!sizes_fit(out.size(), delta.size(), mask)) return false;
  const glm::quat identity(1.0f, 0.0f, 0.0f, 0.0f);
  for (std::size_t j = 0; j < out.size(); ++j) {
    const float t = weight * mask_at(mask, j);
    if (!(t > 0.0f)) continue;
    Transform& o = out[j];
    const Transform& d = delta[j];
    o.translation += d.translation * t;
    o.scale *= glm::vec3(1.0f) + (d.scale - glm::vec3(1.0f)) * t;
    o.rotation = o.rotation * (t == 1.0f ? d.rotation : nlerp(identity, d.rotation, t));
  }
  return true;
}

}  // namespace anim
