#include "anim/skinning_palette.h"

#include "simd.h"

namespace anim {

bool SkinningPaletteJob::validate() const {
  if (joints.size() != inverse_bind.size() || output.size() != joints.size()) return false;
  for (int16_t j : joints) {
    if (j < 0 || static_cast<std::size_t>(j) >= model.size()) return false;
  }
  return true;
}

bool SkinningPaletteJob::run() const {
  if (!validate()) return false;
  for (std::size_t s = 0; s < joints.size(); ++s) {
    detail::multiply(model[joints[s]], inverse_bind[s], output[s]);
  }
  return true;
}

}  // namespace anim
