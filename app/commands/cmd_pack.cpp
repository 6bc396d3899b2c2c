// `animscope pack SETUP.json|MODEL [--anim FILE ...] --out NAME.animpack [--tolerance X]
// [--no-mesh] [--json]`: bakes what a game needs into one package: skeleton, skin, mesh,
// every clip compressed under a model-space error tolerance, and a setup's state machine.
#include <iomanip>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "anim/bake/clip_compression.h"
#include "anim/bake/package_writer.h"
#include "anim/files/file_io.h"
#include "anim/setup/setup.h"
#include "cli/command_line.h"
#include "cli/errors.h"
#include "cli/option_builders.h"
#include "cli/shared_options.h"
#include "commands/command_input.h"
#include "commands/commands.h"
#include "loading/input_loading.h"

namespace anim::app {
namespace {

struct PackArgs {
  std::string input;
  std::vector<std::string> anim;
  std::string out;
  float tolerance = 0.0f;  // 0: 0.01% of the rest skeleton's bounding-box diagonal.
  bool no_mesh = false;
  bool json = false;
};

void define_pack(CLI::App& app, PackArgs& a) {
  add_input(app, a.input, "SETUP.json|MODEL",
            "a setup (its state machine is packed too) or a model file");
  add_anim_option(app, a.anim);
  add_text(app, "--out", a.out, "NAME.animpack", "the package to write")->required();
  add_value<float>(app, "--tolerance", a.tolerance, "X",
                   "the largest model-space error allowed, in model units (default: 0.01% of the "
                   "rest skeleton's bounding-box diagonal)",
                   checked_number_parser(
                       number_parser("--tolerance"), [](float x) { return x >= 0.0f; },
                       "--tolerance must be 0 or more"));
  add_flag(app, "--no-mesh", a.no_mesh, "leaves the mesh out (skeleton, skin and clips only)");
  add_flag(app, "--json", a.json, "prints the report as JSON");
}

std::unique_ptr<CommandLine<PackArgs>> pack_line() {
  return std::make_unique<CommandLine<PackArgs>>(
      "pack",
      "Bakes skeleton, skin, mesh, compressed clips and a setup's state machine into one package "
      "for a game, and reports each clip's float and packed size and its measured error.",
      define_pack);
}

void print_report(const std::vector<CompressedClip>& clips,
                  const std::vector<bake::CompressionReport>& reports, std::size_t total, bool json,
                  std::ostream& out) {
  if (json) {
    nlohmann::ordered_json j;
    j["clips"] = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < clips.size(); ++i) {
      j["clips"].push_back({{"name", clips[i].name},
                            {"raw_bytes", reports[i].raw_bytes},
                            {"packed_bytes", reports[i].packed_bytes},
                            {"max_error", reports[i].max_error},
                            {"mean_error", reports[i].mean_error}});
    }
    j["total_bytes"] = total;
    out << j.dump(2) << "\n";
    return;
  }
  for (std::size_t i = 0; i < clips.size(); ++i) {
    const bake::CompressionReport& r = reports[i];
    out << std::left << std::setw(28) << clips[i].name << std::right << std::setw(9) << r.raw_bytes
        << " -> " << std::setw(8) << r.packed_bytes << " bytes   max error " << std::setprecision(3)
        << r.max_error << " (tolerance " << r.tolerance << ")\n";
  }
  out << "package: " << total << " bytes\n";
}

}  // namespace

std::unique_ptr<CLI::App> pack_command_line() { return pack_line(); }

int cmd_pack(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  const std::unique_ptr<CommandLine<PackArgs>> line = pack_line();
  if (std::optional<int> done = parse_command_line(*line, argc, argv, 2, out, err)) return *done;
  const PackArgs& args = line->args;
  const std::string path = args.input;
  std::optional<LoadedInput> loaded = open_input(path, args.anim, err);
  if (!loaded) return kExitError;
  const Model& model = loaded->model;

  Package package;
  package.skeleton = model.skeleton;
  package.skin = model.skin;
  if (!args.no_mesh) package.mesh = model.mesh;
  std::vector<bake::CompressionReport> reports;
  bake::CompressionOptions options;
  options.tolerance = args.tolerance;
  // With root motion the package holds the clips as the setup plays them, in place, and their
  // tracks: a package moves a character exactly as its setup does.
  std::optional<CompiledMachine> machine;
  if (loaded->setup) {
    machine = compile_machine(*loaded, err);
    if (!machine) return kExitError;
  }
  const std::vector<Clip>& clips =
      machine && machine->motion.joint >= 0 ? machine->motion.clips : model.clips;
  for (const Clip& clip : clips) {
    Result<bake::CompressedResult> c = bake::compress_clip(clip, model.skeleton, options);
    if (!c.ok()) {
      print_error(err,
                  Error{c.error().code, c.error().message, path + ": clip \"" + clip.name + "\""});
      return kExitError;
    }
    package.clips.push_back(std::move(c.value().clip));
    reports.push_back(c.value().report);
  }
  if (machine) {
    package.state_machine = std::move(machine->def);
    package.has_state_machine = true;
    package.root_motion = std::move(machine->motion.tracks);
  }
  const std::vector<uint8_t> bytes = bake::write_package(package);
  const std::string& out_path = args.out;
  Status saved = files::write_file_atomically(out_path, std::string(bytes.begin(), bytes.end()));
  if (!saved.ok()) {
    print_error(err, saved.error());
    return kExitError;
  }
  print_report(package.clips, reports, bytes.size(), args.json, out);
  return kExitOk;
}

}  // namespace anim::app
