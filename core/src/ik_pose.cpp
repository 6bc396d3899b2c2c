#include "anim/ik_pose.h"

#include <cmath>

#include "ik_write_back.h"
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

bool valid(Span<const int16_t> parents, Span<const IkCorrection> corrections,
           std::size_t local_size, std::size_t local_needed, std::size_t model_size) {
  const std::size_t n = parents.size();
  if (local_size != local_needed || model_size != n) return false;
  for (std::size_t i = 0; i < n; ++i) {
    if (parents[i] < -1 || parents[i] >= static_cast<int>(i)) return false;
  }
  for (const IkCorrection& c : corrections) {
    if (c.joint < 0 || static_cast<std::size_t>(c.joint) >= n || !usable(c.rotation)) return false;
    const glm::vec3& t = c.translation;
    if (!std::isfinite(t.x) || !std::isfinite(t.y) || !std::isfinite(t.z)) return false;
  }
  return true;
}

// Reads and writes joint j of a pose of either form.
struct SoaAccess {
  Span<SoaTransform> local;
  Transform get(int j) const { return local[j / 4].get(j % 4); }
  void set(int j, const Transform& t) const { local[j / 4].set(j % 4, t); }
};
struct TransformAccess {
  Span<Transform> local;
  Transform get(int j) const { return local[j]; }
  void set(int j, const Transform& t) const { local[j] = t; }
};

template <class Access>
void apply(Span<const int16_t> parents, Span<const IkCorrection> corrections, const glm::mat4& root,
           const Access& pose, Span<glm::mat4> model) {
  if (corrections.empty()) return;
  int first = static_cast<int>(parents.size());
  for (const IkCorrection& c : corrections) {
    Transform t = pose.get(c.joint);
    const glm::quat& r = c.rotation;
    if (r.w != 1.0f || r.x != 0.0f || r.y != 0.0f || r.z != 0.0f) {
      t.rotation = glm::normalize(t.rotation * r);
    }
    if (c.translation != glm::vec3(0.0f)) t.translation += c.translation;
    pose.set(c.joint, t);
    if (c.joint < first) first = c.joint;
  }
  for (int i = first; i < static_cast<int>(parents.size()); ++i) {
    if (!below_a_correction(parents, corrections, first, i)) continue;
    const int p = parents[i];
    const detail::Columns parent = detail::load_columns(p < 0 ? root : model[p]);
    detail::multiply_affine(parent, detail::load_columns(to_matrix(pose.get(i))), model[i]);
  }
}

}  // namespace

namespace detail {

void apply_ik_corrections(Span<const int16_t> parents, Span<const IkCorrection> corrections,
                          const glm::mat4& root, Span<SoaTransform> local, Span<glm::mat4> model) {
  apply(parents, corrections, root, SoaAccess{local}, model);
}

bool valid_ik_hierarchy(Span<const int16_t> parents, std::size_t local_blocks,
                        std::size_t model_size) {
  return valid(parents, {}, local_blocks, soa_block_count(parents.size()), model_size);
}

}  // namespace detail

bool SoaApplyIkCorrectionsJob::validate() const {
  return valid(parents, corrections, local.size(), soa_block_count(parents.size()), model.size());
}

bool SoaApplyIkCorrectionsJob::run() const {
  if (!validate()) return false;
  apply(parents, corrections, root, SoaAccess{local}, model);
  return true;
}

bool ApplyIkCorrectionsJob::validate() const {
  return valid(parents, corrections, local.size(), parents.size(), model.size());
}

bool ApplyIkCorrectionsJob::run() const {
  if (!validate()) return false;
  apply(parents, corrections, root, TransformAccess{local}, model);
  return true;
}

}  // namespace anim
