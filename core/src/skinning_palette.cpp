#include "anim/skinning_palette.h"

#include "index_checks.h"
#include "matrix_simd.h"

namespace anim {

bool SkinningPaletteJob::validate() const {
  if (joints.size() != inverse_bind.size() || output.size() != joints.size()) return false;
  return detail::indices_below(joints.data(), joints.size(), model.size());
}

bool SkinningPaletteJob::run() const {
  if (!validate()) return false;
  for (std::size_t s = 0; s < joints.size(); ++s) {
    const detail::Columns m = detail::load_columns(model[joints[s]]);
    const detail::Columns b = detail::load_columns(inverse_bind[s]);
    // Bind matrices are affine but for hand-made data; the test is cheaper than the general
    // product's fourth term.
    if (detail::is_affine(inverse_bind[s])) {
      detail::multiply_affine(m, b, output[s]);
    } else {
      detail::multiply(m, b, output[s]);
    }
  }
  return true;
}

}  // namespace anim
