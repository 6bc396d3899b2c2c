#include "cli/setup_loading.h"

#include "cli/model_source.h"

namespace anim::app {

Result<LoadedSetup> load_setup_with_model(const std::string& path,
                                          std::vector<Diagnostic>* diagnostics) {
  Result<Setup> setup = load_setup(path, diagnostics);
  if (!setup.ok()) return setup.error();
  const std::string model_path = resolve_model_path(path, setup.value().model);
  Result<Model> model = load_model_source(model_path);
  if (!model.ok()) {
    return Error{model.error().code,
                 "/model: cannot load \"" + model_path + "\": " + model.error().message, path};
  }
  return LoadedSetup{std::move(setup).value(), std::move(model).value()};
}

}  // namespace anim::app
