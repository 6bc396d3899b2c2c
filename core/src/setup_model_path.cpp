#include <filesystem>
#include <string>

#include "anim/setup.h"

namespace anim {

bool is_builtin_model(const std::string& model) { return model.rfind("builtin:", 0) == 0; }

std::string resolve_model_path(const std::string& setup_path, const std::string& model) {
  const std::filesystem::path model_path(model);
  if (is_builtin_model(model) || model_path.is_absolute()) return model;
  return (std::filesystem::path(setup_path).parent_path() / model_path).lexically_normal().string();
}

}  // namespace anim
