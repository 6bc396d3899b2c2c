#include "anim/ik_pose.h"

#include <cmath>

#include "matrix_simd.h"

namespace anim {

namespace {

bool corrected(Span<const IkCorrection> corrections, int joint) {
  for (const IkCorrection& c : corrections) {
    if (c.joint == joint) return true;
  }
  return false;
}

// Whether `joint` or one of its ancestors is corrected. Ancestors come before their children, so
// the walk up stops at the first corrected index.
bool below_a_correction(Span<const int16_t> parents, Span<const IkCorrection> corrections,
                        int first, int joint) {
  for (int j = joint; j >= first; j = parents[j]) {
    if (corrected(corrections, j)) return true;
  }
  return false;
}

bool usable(const glm::quat& q) {
  const float n = q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z;
  return std::isfinite(n) && n > 1e-12f;
}

}  // namespace

bool ApplyIkCorrectionsJob::validate() const {
  const std::size_t n = parents.size();
  if (local.size() != soa_block_count(n) || model.size() != n) return false;
  for (std::size_t i = 0; i < n; ++i) {
    if (parents[i] < -1 || parents[i] >= static_cast<int>(i)) return false;
  }
  for (const IkCorrection& c : corrections) {
    if (c.joint < 0 || static_cast<std::size_t>(c.joint) >= n || !usable(c.rotation)) return false;
  }
  return true;
}

bool ApplyIkCorrectionsJob::run() const {
  if (!validate()) return false;
  if (corrections.empty()) return true;
  int first = static_cast<int>(parents.size());
  for (const IkCorrection& c : corrections) {
    SoaTransform& block = local[c.joint / 4];
    const std::size_t lane = c.joint % 4;
    Transform t = block.get(lane);
    t.rotation = glm::normalize(t.rotation * c.rotation);
    block.set(lane, t);
    if (c.joint < first) first = c.joint;
  }
  for (int i = first; i < static_cast<int>(parents.size()); ++i) {
    if (!below_a_correction(parents, corrections, first, i)) continue;
    const int p = parents[i];
    const detail::Columns parent = detail::load_columns(p < 0 ? root : model[p]);
    const Transform t = local[i / 4].get(i % 4);
    detail::multiply_affine(parent, detail::load_columns(to_matrix(t)), model[i]);
  }
  return true;
}

}  // namespace anim
