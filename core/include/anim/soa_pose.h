#pragma once
// Poses in structure-of-arrays form: four joints per block, each channel in its own four-float
// row, so the per-frame jobs work on four joints with one instruction. The fast runtime path
// (compressed clips, SoA blending and local-to-model) uses it; a Transform per joint stays the
// form tools read and write.
#include <cstddef>
#include <vector>

#include "anim/span.h"
#include "anim/transform.h"

namespace anim {

// Joints 4b .. 4b + 3 of a pose. Lanes past the last joint hold the identity.
struct alignas(16) SoaTransform {
  float tx[4], ty[4], tz[4];
  float rx[4], ry[4], rz[4], rw[4];  // Unit quaternions.
  float sx[4], sy[4], sz[4];

  Transform get(std::size_t lane) const;
  void set(std::size_t lane, const Transform& t);
  static SoaTransform identity();
};

// Blocks needed for `joints` joints.
constexpr std::size_t soa_block_count(std::size_t joints) { return (joints + 3) / 4; }

using SoaPose = std::vector<SoaTransform>;

// A pose of `joints` joints in SoA form, all identity.
SoaPose make_soa_pose(std::size_t joints);
// `in` (one Transform per joint) into blocks; `out` needs soa_block_count(in.size()) blocks.
// Lanes past the last joint become the identity.
void to_soa(Span<const Transform> in, Span<SoaTransform> out);
// The first out.size() joints of `in`.
void from_soa(Span<const SoaTransform> in, Span<Transform> out);

inline Transform SoaTransform::get(std::size_t l) const {
  Transform t;
  t.translation = glm::vec3(tx[l], ty[l], tz[l]);
  t.rotation = glm::quat(rw[l], rx[l], ry[l], rz[l]);
  t.scale = glm::vec3(sx[l], sy[l], sz[l]);
  return t;
}

inline void SoaTransform::set(std::size_t l, const Transform& t) {
  tx[l] = t.translation.x;
  ty[l] = t.translation.y;
  tz[l] = t.translation.z;
  rx[l] = t.rotation.x;
  ry[l] = t.rotation.y;
  rz[l] = t.rotation.z;
  rw[l] = t.rotation.w;
  sx[l] = t.scale.x;
  sy[l] = t.scale.y;
  sz[l] = t.scale.z;
}

}  // namespace anim
