#include "loading/package_input.h"

#include <algorithm>
#include <cctype>

#include "anim/bake/package_model.h"
#include "anim/files/file_io.h"
#include "anim/setup/from_machine.h"

namespace anim::app {
namespace {

// `e` (located inside the file, if at all, by its path) as an error of the file `path`.
Error in_file(const Error& e, const std::string& path) {
  return Error{e.code, e.path.empty() ? e.message : e.path + ": " + e.message, path};
}

}  // namespace

bool is_package_path(const std::string& path) {
  const std::string ext = ".animpack";
  if (path.size() < ext.size()) return false;
  return std::equal(ext.begin(), ext.end(), path.end() - ext.size(), [](char a, char b) {
    return a == std::tolower(static_cast<unsigned char>(b));
  });
}

Result<Package> read_package(const std::string& path) {
  Result<std::string> bytes = files::read_file(path);
  if (!bytes.ok()) return bytes.error();
  Result<Package> package = load_package(Span<const uint8_t>(
      reinterpret_cast<const uint8_t*>(bytes.value().data()), bytes.value().size()));
  if (!package.ok()) return in_file(package.error(), path);
  return package;
}

Result<Model> load_package_model(const std::string& path) {
  Result<Package> package = read_package(path);
  if (!package.ok()) return package.error();
  Result<Model> model = bake::model_from_package(package.value(), path);
  if (!model.ok()) return in_file(model.error(), path);
  return model;
}

Result<LoadedInput> load_package_input(const std::string& path) {
  Result<Package> package = read_package(path);
  if (!package.ok()) return package.error();
  Result<Model> model = bake::model_from_package(package.value(), path);
  if (!model.ok()) return in_file(model.error(), path);
  LoadedInput input;
  input.model = std::move(model).value();
  input.model_path = path;
  if (package.value().has_state_machine) {
    std::vector<std::string> clip_names;
    for (const CompressedClip& c : package.value().clips) clip_names.push_back(c.name);
    input.setup = setup::setup_from_machine(package.value().state_machine, clip_names, path,
                                            input.model.skeleton.names);
  }
  return input;
}

}  // namespace anim::app
