// `animscope info MODEL [--json]`: what a model file holds.
#include <iomanip>
#include <ostream>

#include <nlohmann/json.hpp>

#include "cli/args.h"
#include "cli/cli.h"
#include "cli/errors.h"
#include "cli/model_source.h"

namespace anim::app {
namespace {

nlohmann::ordered_json info_json(const Model& model) {
  nlohmann::ordered_json j;
  j["joints"] = model.skeleton.joint_count();
  j["skinned_joints"] = model.skinned_joint_count();
  j["meshes"] = model.mesh.submeshes.size();
  j["vertices"] = model.mesh.vertices.size();
  j["triangles"] = model.mesh.triangle_count();
  j["max_influences"] = model.max_influences;
  j["truncated_vertices"] = model.truncated_vertices;
  j["clips"] = nlohmann::ordered_json::array();
  for (const Clip& clip : model.clips) {
    j["clips"].push_back({{"name", clip.name},
                          {"duration_s", clip.duration},
                          {"channels", clip.animated_joint_count()},
                          {"keys", clip.key_count()}});
  }
  return j;
}

void print_text(const Model& model, std::ostream& out) {
  out << model.source_path << "\n"
      << "  joints              " << model.skeleton.joint_count() << "\n"
      << "  skinned joints      " << model.skinned_joint_count() << "\n"
      << "  meshes              " << model.mesh.submeshes.size() << "\n"
      << "  vertices            " << model.mesh.vertices.size() << "\n"
      << "  triangles           " << model.mesh.triangle_count() << "\n"
      << "  max influences      " << model.max_influences << "\n"
      << "  truncated vertices  " << model.truncated_vertices << "\n"
      << "  clips               " << model.clips.size() << "\n";
  for (const Clip& clip : model.clips) {
    out << "    " << std::left << std::setw(24) << clip.name << std::right << std::fixed
        << std::setprecision(3) << std::setw(9) << clip.duration << " s  " << std::setw(4)
        << clip.animated_joint_count() << " channels  " << std::setw(7) << clip.key_count()
        << " keys\n";
  }
}

}  // namespace

int cmd_info(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  Result<Args> args = parse_args(argc, argv, 2, {"json"}, {});
  if (!args.ok()) {
    print_error(err, args.error());
    return kExitError;
  }
  if (args.value().positional.size() != 1) {
    err << "animscope: usage: animscope info MODEL [--json]\n";
    return kExitError;
  }
  Result<Model> model = load_model_source(args.value().positional[0]);
  if (!model.ok()) {
    print_error(err, model.error());
    return kExitError;
  }
  if (args.value().has("json")) {
    out << info_json(model.value()).dump(2) << "\n";
  } else {
    print_text(model.value(), out);
  }
  return kExitOk;
}

}  // namespace anim::app
