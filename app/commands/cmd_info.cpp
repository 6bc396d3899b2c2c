// `animscope info MODEL|SETUP.json [--anim FILE ...] [--json]`: what a model holds, with the
// clips of a setup's clip files and of --anim files.
#include <cmath>
#include <iomanip>
#include <ostream>

#include <nlohmann/json.hpp>

#include "anim/package.h"
#include "cli/command_line.h"
#include "cli/errors.h"
#include "cli/option_builders.h"
#include "cli/shared_options.h"
#include "commands/command_input.h"
#include "commands/commands.h"
#include "loading/input_loading.h"
#include "loading/package_input.h"

namespace anim::app {
namespace {

// Names of the joints a clip of the model's own file animates.
std::vector<std::string> animated_joints(const Model& model, const Clip& clip) {
  std::vector<std::string> names;
  for (std::size_t j = 0; j < clip.joint_count() && j < model.skeleton.joint_count(); ++j) {
    if (clip.translations.ranges[j].count || clip.rotations.ranges[j].count ||
        clip.scales.ranges[j].count) {
      names.push_back(model.skeleton.names[j]);
    }
  }
  return names;
}

// Keys per second, or null when unknown (frame numbers then count at 30).
nlohmann::ordered_json sample_rate_json(const Clip& clip) {
  if (clip.sample_rate > 0.0f) return clip.sample_rate;
  return nullptr;
}

// "+Y", "-Z"...: the up axis the file names; empty when it names none.
std::string up_axis_text(const FileUpAxis& up) {
  if (!up.known()) return "";
  return std::string(up.sign < 0 ? "-" : "+") + "XYZ"[up.axis];
}

nlohmann::ordered_json clip_json(const Model& model, int index) {
  const Clip& clip = model.clips[index];
  const ClipSource* source = model.clip_source(index);
  nlohmann::ordered_json j = {{"name", clip.name},
                              {"duration_s", clip.duration},
                              {"sample_rate", sample_rate_json(clip)},
                              {"channels", clip.animated_joint_count()},
                              {"keys", clip.key_count()}};
  j["file"] = source ? source->file : model.source_path;
  j["bound"] = source ? source->bound_joints : animated_joints(model, clip);
  j["unbound"] = source ? source->unbound_joints : std::vector<std::string>{};
  j["retargeted"] = source && source->retargeted;
  return j;
}

nlohmann::ordered_json info_json(const Model& model) {
  nlohmann::ordered_json j;
  j["joints"] = model.skeleton.joint_count();
  j["skinned_joints"] = model.skinned_joint_count();
  j["meshes"] = model.mesh.submeshes.size();
  j["vertices"] = model.mesh.vertices.size();
  j["triangles"] = model.mesh.triangle_count();
  j["max_influences"] = model.max_influences;
  j["truncated_vertices"] = model.truncated_vertices;
  const std::string up = up_axis_text(model.up_axis);
  j["up_axis"] = up.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(up);
  j["clips"] = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < model.clips.size(); ++i) {
    j["clips"].push_back(clip_json(model, static_cast<int>(i)));
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
      << "  up axis             "
      << (model.up_axis.known() ? up_axis_text(model.up_axis) : "not given by the file") << "\n"
      << "  clips               " << model.clips.size() << "\n";
  for (std::size_t i = 0; i < model.clips.size(); ++i) {
    const Clip& clip = model.clips[i];
    out << "    " << std::left << std::setw(24) << clip.name << std::right << std::fixed
        << std::setprecision(3) << std::setw(9) << clip.duration << " s  " << std::setw(4)
        << clip.animated_joint_count() << " channels  " << std::setw(7) << clip.key_count()
        << " keys  ";
    if (clip.sample_rate > 0.0f) {
      out << std::setprecision(clip.sample_rate == std::round(clip.sample_rate) ? 0 : 3)
          << clip.sample_rate << " Hz";
    } else {
      out << "rate unknown";
    }
    if (const ClipSource* source = model.clip_source(static_cast<int>(i))) {
      const std::size_t keyed = source->bound_joints.size() + source->unbound_joints.size();
      out << "  from " << source->file << " (" << source->bound_joints.size() << " of " << keyed
          << " joints bound" << (source->retargeted ? ", retargeted" : "") << ")";
    }
    out << "\n";
  }
}

nlohmann::ordered_json package_json(const std::string& path, const Package& p) {
  nlohmann::ordered_json j;
  j["path"] = path;
  j["kind"] = "package";
  j["joints"] = p.skeleton.joint_count();
  j["skin_entries"] = p.skin.size();
  j["vertices"] = p.mesh.vertices.size();
  j["triangles"] = p.mesh.triangle_count();
  j["clips"] = nlohmann::ordered_json::array();
  for (const CompressedClip& c : p.clips) {
    j["clips"].push_back({{"name", c.name}, {"duration", c.duration}, {"bytes", c.byte_size()}});
  }
  if (p.has_state_machine) {
    nlohmann::ordered_json states = nlohmann::ordered_json::array();
    for (const StateDef& s : p.state_machine.states) states.push_back(s.name);
    nlohmann::ordered_json parameters = nlohmann::ordered_json::array();
    for (const ParameterDef& q : p.state_machine.parameters) parameters.push_back(q.name);
    j["state_machine"] = {{"states", states},
                          {"parameters", parameters},
                          {"transitions", p.state_machine.transitions.size()}};
  } else {
    j["state_machine"] = nullptr;
  }
  return j;
}

void print_package(const std::string& path, const Package& p, std::ostream& out) {
  out << path << " (package)\n"
      << "  joints              " << p.skeleton.joint_count() << "\n"
      << "  skin entries        " << p.skin.size() << "\n"
      << "  vertices            " << p.mesh.vertices.size() << "\n"
      << "  triangles           " << p.mesh.triangle_count() << "\n"
      << "  clips               " << p.clips.size() << "\n";
  for (const CompressedClip& c : p.clips) {
    out << "    " << std::left << std::setw(24) << c.name << std::right << std::fixed
        << std::setprecision(3) << std::setw(9) << c.duration << " s  " << std::setw(8)
        << c.byte_size() << " bytes\n";
  }
  if (p.has_state_machine) {
    out << "  state machine       " << p.state_machine.states.size() << " states, "
        << p.state_machine.parameters.size() << " parameters, "
        << p.state_machine.transitions.size() << " transitions\n";
  }
}

struct InfoArgs {
  std::string input;
  std::vector<std::string> anim;
  bool json = false;
};

void define_info(CLI::App& app, InfoArgs& a) {
  add_input(app, a.input, "MODEL|SETUP.json|PACKAGE.animpack",
            "a model file (any format assimp reads), a setup (with its clip files), a package or "
            "builtin:demo");
  add_anim_option(app, a.anim);
  add_flag(app, "--json", a.json, "prints JSON instead of text");
}

std::unique_ptr<CommandLine<InfoArgs>> info_line() {
  return std::make_unique<CommandLine<InfoArgs>>(
      "info",
      "Joints, meshes, influences and clips: what a model holds, with the clips of a setup's clip "
      "files and of --anim files, or what a package holds.",
      define_info);
}

}  // namespace

std::unique_ptr<CLI::App> info_command_line() { return info_line(); }

int cmd_info(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  const std::unique_ptr<CommandLine<InfoArgs>> line = info_line();
  if (std::optional<int> done = parse_command_line(*line, argc, argv, 2, out, err)) return *done;
  const InfoArgs& args = line->args;
  const std::string path = args.input;
  if (is_package_path(path)) {
    std::optional<Package> package = open_package(path, err);
    if (!package) return kExitError;
    if (args.json) {
      out << package_json(path, *package).dump(2) << "\n";
    } else {
      print_package(path, *package, out);
    }
    return kExitOk;
  }
  std::optional<LoadedInput> input = open_input(path, args.anim, err);
  if (!input) return kExitError;
  if (args.json) {
    out << info_json(input->model).dump(2) << "\n";
  } else {
    print_text(input->model, out);
  }
  return kExitOk;
}

}  // namespace anim::app
