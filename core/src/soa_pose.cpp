#include "anim/soa_pose.h"

namespace anim {

SoaTransform SoaTransform::identity() {
  SoaTransform b;
  for (std::size_t l = 0; l < 4; ++l) b.set(l, Transform::identity());
  return b;
}

SoaPose make_soa_pose(std::size_t joints) {
  return SoaPose(soa_block_count(joints), SoaTransform::identity());
}

void to_soa(Span<const Transform> in, Span<SoaTransform> out) {
  const std::size_t blocks = soa_block_count(in.size());
  for (std::size_t b = 0; b < blocks && b < out.size(); ++b) {
    out[b] = SoaTransform::identity();
    for (std::size_t l = 0; l < 4 && 4 * b + l < in.size(); ++l) out[b].set(l, in[4 * b + l]);
  }
}

void from_soa(Span<const SoaTransform> in, Span<Transform> out) {
  for (std::size_t j = 0; j < out.size() && j / 4 < in.size(); ++j) out[j] = in[j / 4].get(j % 4);
}

}  // namespace anim
