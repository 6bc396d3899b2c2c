#include "cli/model_source.h"

#include <algorithm>
#include <cctype>

#include "anim/demo/demo_model.h"

namespace anim::app {

Result<Model> load_model_source(const std::string& path, const import::ProgressCallback& progress) {
  if (path == kBuiltinDemo) return demo::make_demo_model();
  return import::import_model(path, progress);
}

bool is_setup_path(const std::string& path) {
  if (path.size() < 5) return false;
  std::string ext = path.substr(path.size() - 5);
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext == ".json";
}

}  // namespace anim::app
