#pragma once
// Where a joint's values live in an array of SoaTransform: ten rows of four lanes (tx, ty, tz, rx,
// ry, rz, rw, sx, sy, sz), one lane a joint. Private to anim_core (the compressed clips' samplers).
#include <cstdint>

#include "anim/soa_pose.h"

namespace anim::detail {

constexpr uint8_t kFirstRow[3] = {0, 3, 7};  // By TrackKind: rows tx, rx and sx.
constexpr uint32_t kRotationRow = 3;

// Joint `joint`'s lane of row `row`; row r + 1 is 4 floats further.
inline float* row_of(SoaTransform* out, uint32_t joint, uint32_t row = 0) {
  return &out[joint >> 2].tx[0] + (joint & 3u) + 4 * row;
}

}  // namespace anim::detail
