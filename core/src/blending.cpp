#include "anim/blending.h"

#include <cmath>

namespace anim {

bool BlendingJob::validate() const {
  const std::size_t n = output.size();
  if (rest.size() != n) return false;
  for (const BlendLayer& layer : layers) {
    if (layer.pose.size() != n || !(layer.weight >= 0.0f) || !std::isfinite(layer.weight)) {
      return false;
    }
    if (!layer.joint_weights.empty() && layer.joint_weights.size() != n) return false;
    if (layer.pose.data() == output.data() && n > 0) return false;
  }
  return true;
}

bool BlendingJob::run() const {
  if (!validate()) return false;
  for (std::size_t j = 0; j < output.size(); ++j) {
    glm::vec3 t(0.0f), s(0.0f);
    glm::quat q(0.0f, 0.0f, 0.0f, 0.0f);
    glm::quat first(1.0f, 0.0f, 0.0f, 0.0f);
    bool have_first = false;
    float total = 0.0f;
    for (const BlendLayer& layer : layers) {
      float w = layer.weight;
      if (!layer.joint_weights.empty()) w *= layer.joint_weights[j];
      if (!(w > 0.0f)) continue;
      const Transform& x = layer.pose[j];
      if (!have_first) {
        first = x.rotation;
        have_first = true;
      }
      // Align every rotation to the first one's hemisphere so opposite signs do not cancel.
      const float d = first.w * x.rotation.w + first.x * x.rotation.x + first.y * x.rotation.y +
                      first.z * x.rotation.z;
      const float wr = d < 0.0f ? -w : w;
      t += x.translation * w;
      s += x.scale * w;
      q.w += x.rotation.w * wr;
      q.x += x.rotation.x * wr;
      q.y += x.rotation.y * wr;
      q.z += x.rotation.z * wr;
      total += w;
    }
    const float len2 = q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z;
    if (!(total > 0.0f) || !(len2 > 0.0f)) {
      output[j] = rest[j];
      continue;
    }
    const float inv_total = 1.0f / total;
    const float inv_len = 1.0f / std::sqrt(len2);
    output[j].translation = t * inv_total;
    output[j].scale = s * inv_total;
    output[j].rotation = glm::quat(q.w * inv_len, q.x * inv_len, q.y * inv_len, q.z * inv_len);
  }
  return true;
}

void blend_two(Span<const Transform> a, Span<const Transform> b, float t, Span<Transform> out) {
  t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
  const BlendLayer layers[2] = {{a, 1.0f - t, {}}, {b, t, {}}};
  BlendingJob job;
  job.layers = Span<const BlendLayer>(layers, 2);
  job.rest = a;
  job.output = out;
  job.run();
}

}  // namespace anim
