#pragma once
// Where a joint's values live in an array of SoaTransform: ten rows of four lanes (tx, ty, tz, rx,
// ry, rz, rw, sx, sy, sz), one lane a joint; and the rows as SIMD values. Private to anim_core.
#include <cstddef>
#include <cstdint>

#include "anim/soa_pose.h"
#include "anim/span.h"
#include "simd4.h"

namespace anim::detail {

constexpr uint8_t kFirstRow[3] = {0, 3, 7};  // By TrackKind: rows tx, rx and sx.
constexpr uint32_t kRotationRow = 3;

// Joint `joint`'s lane of row `row`; row r + 1 is 4 floats further.
inline float* row_of(SoaTransform* out, uint32_t joint, uint32_t row = 0) {
  return &out[joint >> 2].tx[0] + (joint & 3u) + 4 * row;
}

// Whether `pose` has the blocks of `joints` joints.
inline bool blocks_fit(std::size_t joints, Span<const SoaTransform> pose) {
  return pose.size() == soa_block_count(joints);
}

// A block's four rotations, as rows of x, y, z, w.
struct Quat4 {
  simd::F4 x, y, z, w;
};

inline Quat4 rotations_of(const SoaTransform& b) {
  return {simd::load(b.rx), simd::load(b.ry), simd::load(b.rz), simd::load(b.rw)};
}

}  // namespace anim::detail
