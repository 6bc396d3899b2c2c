#include "loading/model_source.h"

#include <algorithm>
#include <cctype>
#include <mutex>

#include "anim/demo/demo_model.h"
#include "loading/package_input.h"
#include "process/isolated_import.h"

namespace anim::app {

namespace {

// The reader, guarded: the tool's settings change it on the UI thread while loads run on
// background threads.
struct SharedReader {
  std::mutex mutex;
  import::ModelReader reader =
      isolated_reader({import_helper_path(), default_import_memory_limit()});
};

SharedReader& shared() {
  static SharedReader s;
  return s;
}

}  // namespace

void set_model_reader(import::ModelReader r) {
  SharedReader& s = shared();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.reader = std::move(r);
}

import::ModelReader model_reader(){SharedReader& s = shared();
std::lock_guard<std::mutex> lock(s.mutex);
return s.reader;
}  // namespace anim::app

Result<Model> load_model_source(const std::string& path, const import::ProgressCallback& progress) {
  if (path == kBuiltinDemo) return demo::make_demo_model();
  // A package shows as a model with its clips decoded (a setup may name one as its model).
  if (is_package_path(path)) return load_package_model(path);
  return model_reader()(path, progress);
}

bool is_setup_path(const std::string& path) {
  if (path.size() < 5) return false;
  std::string ext = path.substr(path.size() - 5);
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext == ".json";
}

}  // namespace anim::app
