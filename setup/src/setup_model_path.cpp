#include <filesystem>
#include <string>

#include "anim/setup/setup.h"

namespace anim::setup {

bool is_builtin_model(const std::string& model) { return model.rfind("builtin:", 0) == 0; }

std::string resolve_setup_relative(const std::string& setup_path, const std::string& file) {
  const std::filesystem::path path(file);
  if (path.is_absolute() || setup_path.empty()) return file;
  return (std::filesystem::path(setup_path).parent_path() / path).lexically_normal().string();
}

std::string resolve_model_path(const std::string& setup_path, const std::string& model) {
  if (is_builtin_model(model)) return model;
  return resolve_setup_relative(setup_path, model);
}

std::string rebase_setup_relative(const std::string& old_setup_path,
                                  const std::string& new_setup_path, const std::string& file) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path absolute =
      fs::absolute(resolve_setup_relative(old_setup_path, file), ec).lexically_normal();
  const fs::path folder = fs::absolute(new_setup_path, ec).parent_path();
  const fs::path relative = absolute.lexically_relative(folder);
  if (relative.empty()) return absolute.string();  // Another root: no relative path exists.
  // An absolute path stays absolute unless the file sits under the setup's folder; a relative
  // one stays relative, so a project's "../models/hero.fbx" keeps working when moved whole.
  const bool outside = *relative.begin() == "..";
  if (fs::path(file).is_absolute() && outside) return absolute.string();
  return relative.string();
}

}  // namespace anim::setup
