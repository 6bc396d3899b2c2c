#include "anim/local_to_model.h"

#include "matrix_simd.h"

namespace anim {

bool LocalToModelJob::validate() const {
  const std::size_t n = parents.size();
  if (local.size() != n || output.size() != n) return false;
  for (std::size_t i = 0; i < n; ++i) {
    if (parents[i] < -1 || parents[i] >= static_cast<int>(i)) return false;
  }
  return true;
}

bool LocalToModelJob::run() const {
  if (!validate()) return false;
  for (std::size_t i = 0; i < parents.size(); ++i) {
    const int p = parents[i];
    const detail::Columns parent = detail::load_columns(p < 0 ? root : output[p]);
    detail::multiply_affine(parent, detail::load_columns(to_matrix(local[i])), output[i]);
  }
  return true;
}

}  // namespace anim
