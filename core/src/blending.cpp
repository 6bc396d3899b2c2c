#include "anim/blending.h"

#include <cmath>
#include <cstdint>

#include "simd.h"

namespace anim {
namespace {

inline float dot(const glm::quat& a, const glm::quat& b) {
  return a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
}

// A weighted sum of transforms, turned into their blend by finish().
struct Accumulator {
  glm::vec3 translation{0.0f};
  glm::vec3 scale{0.0f};
  glm::quat rotation{0.0f, 0.0f, 0.0f, 0.0f};
  float total = 0.0f;

  void add(const Transform& x, float w) {
    // Flip onto the running sum's hemisphere so two signs of one rotation do not cancel.
    const float wr = dot(rotation, x.rotation) < 0.0f ? -w : w;
    translation += x.translation * w;
    scale += x.scale * w;
    rotation.w += x.rotation.w * wr;
    rotation.x += x.rotation.x * wr;
    rotation.y += x.rotation.y * wr;
    rotation.z += x.rotation.z * wr;
    total += w;
  }

  // The blend, given 1 / total; `rest` where nothing contributed.
  void finish(const Transform& rest, float inv_total, Transform& out) const {
    const float len2 = dot(rotation, rotation);
    if (!(total > 0.0f) || !(len2 > 0.0f)) {
      out = rest;
      return;
    }
    const float inv_len = detail::inverse_sqrt(len2);
    out.translation = translation * inv_total;
    out.scale = scale * inv_total;
    out.rotation = glm::quat(rotation.w * inv_len, rotation.x * inv_len, rotation.y * inv_len,
                             rotation.z * inv_len);
  }
};

}  // namespace

bool BlendingJob::validate() const {
  const std::size_t n = output.size();
  if (rest.size() != n) return false;
  for (const BlendLayer& layer : layers) {
    if (layer.pose.size() != n || !(layer.weight >= 0.0f) || !std::isfinite(layer.weight)) {
      return false;
    }
    if (!layer.joint_weights.empty() && layer.joint_weights.size() != n) return false;
    // The output must not overlap any input: run() reads joints it has not written yet.
    const auto in = reinterpret_cast<std::uintptr_t>(layer.pose.data());
    const auto out = reinterpret_cast<std::uintptr_t>(output.data());
    const std::uintptr_t bytes = n * sizeof(Transform);
    if (n > 0 && in < out + bytes && out < in + bytes) return false;
  }
  return true;
}

// The common case (no masks, some weight): layer by layer over all joints, so each pass is a
// straight, branch-light loop the compiler can keep in registers. Same arithmetic as the
// Accumulator: hemisphere-aligned weighted sums, then normalize.
void BlendingJob::blend_unmasked(float inv_total) const {
  const std::size_t n = output.size();
  bool first = true;
  for (const BlendLayer& layer : layers) {
    const float w = layer.weight;
    if (!(w > 0.0f)) continue;
    const Transform* in = layer.pose.data();
    Transform* out = output.data();
    if (first) {
      for (std::size_t j = 0; j < n; ++j) {
        out[j].translation = in[j].translation * w;
        out[j].scale = in[j].scale * w;
        out[j].rotation = glm::quat(in[j].rotation.w * w, in[j].rotation.x * w,
                                    in[j].rotation.y * w, in[j].rotation.z * w);
      }
      first = false;
      continue;
    }
    for (std::size_t j = 0; j < n; ++j) {
      const glm::quat& q = in[j].rotation;
      glm::quat& sum = out[j].rotation;
      const float wr = dot(sum, q) < 0.0f ? -w : w;
      out[j].translation += in[j].translation * w;
      out[j].scale += in[j].scale * w;
      sum = glm::quat(sum.w + q.w * wr, sum.x + q.x * wr, sum.y + q.y * wr, sum.z + q.z * wr);
    }
  }
  for (std::size_t j = 0; j < n; ++j) {
    Transform& t = output[j];
    const float len2 = dot(t.rotation, t.rotation);
    if (!(len2 > 0.0f)) {  // Opposite rotations cancelled exactly: nothing to renormalize.
      t = rest[j];
      continue;
    }
    const float inv_len = detail::inverse_sqrt(len2);
    t.translation *= inv_total;
    t.scale *= inv_total;
    t.rotation = glm::quat(t.rotation.w * inv_len, t.rotation.x * inv_len, t.rotation.y * inv_len,
                           t.rotation.z * inv_len);
  }
}

bool BlendingJob::run() const {
  if (!validate()) return false;
  const std::size_t n = output.size();
  bool masked = false;
  float total = 0.0f;
  for (const BlendLayer& layer : layers) {
    masked = masked || !layer.joint_weights.empty();
    total += layer.weight;
  }
  // Without masks every joint has the same total: one division instead of one per joint.
  const float shared_inv_total = total > 0.0f ? 1.0f / total : 0.0f;
  if (!masked && total > 0.0f) {
    blend_unmasked(shared_inv_total);
    return true;
  }
  for (std::size_t j = 0; j < n; ++j) {
    Accumulator acc;
    for (const BlendLayer& layer : layers) {
      const float mask = layer.joint_weights.empty() ? 1.0f : layer.joint_weights[j];
      const float w = layer.weight * mask;
      if (w > 0.0f) acc.add(layer.pose[j], w);
    }
    const float inv_total =
        masked ? (acc.total > 0.0f ? 1.0f / acc.total : 0.0f) : shared_inv_total;
    acc.finish(rest[j], inv_total, output[j]);
  }
  return true;
}

bool blend_two(Span<const Transform> a, Span<const Transform> b, float t, Span<Transform> out) {
  t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
  const BlendLayer layers[2] = {{a, 1.0f - t, {}}, {b, t, {}}};
  BlendingJob job;
  job.layers = Span<const BlendLayer>(layers, 2);
  job.rest = a;
  job.output = out;
  return job.run();
}

}  // namespace anim
