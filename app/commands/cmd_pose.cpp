// `animscope pose MODEL|SETUP.json|PACKAGE.animpack [--anim FILE ...] [--clip NAME]
// [--time SECONDS] [--loop] [--set NAME=VALUE@SECONDS ...] [--travel PATH@SECONDS ...]
// [--ground nx,ny,nz,d ...] [--json]`: a sampled pose, or with a setup (or a package with a state
// machine) and no clip the pose its state machine reaches after that long.
#include <algorithm>
#include <iomanip>
#include <optional>
#include <ostream>
#include <vector>

#include <nlohmann/json.hpp>

#include "anim/clip_set.h"
#include "anim/local_to_model.h"
#include "anim/package.h"
#include "anim/sampling.h"
#include "cli/command_line.h"
#include "cli/errors.h"
#include "cli/ground_option.h"
#include "cli/option_builders.h"
#include "cli/scripted_run.h"
#include "cli/shared_options.h"
#include "commands/command_input.h"
#include "commands/commands.h"
#include "commands/pose_source.h"
#include "loading/input_loading.h"
#include "loading/package_input.h"

namespace anim::app {
namespace {

struct PoseArgs {
  std::string input;
  std::vector<std::string> anim;
  std::string clip;  // Empty: a setup's state machine, or the rest pose.
  float time = 0.0f;
  bool loop = false;
  std::vector<std::string> sets;
  std::vector<std::string> travels;
  std::vector<GroundPlane> ground;
  bool json = false;
};

void define_pose(CLI::App& app, PoseArgs& a) {
  add_posable_input(app, a.input);
  add_anim_option(app, a.anim);
  add_text(app, "--clip", a.clip, "NAME",
           "the clip to sample (without it, a setup's state machine, or the rest pose)");
  add_value<float>(
      app, "--time", a.time, "SECONDS",
      "seconds into the clip, or of the state machine's run in 60 Hz steps (default 0)",
      number_parser("--time"));
  add_flag(app, "--loop", a.loop, "wraps the time by the clip's duration first");
  add_set_option(app, a.sets);
  add_travel_option(app, a.travels);
  add_ground_option(app, a.ground);
  add_flag(app, "--json", a.json, "prints JSON instead of text");
}

std::unique_ptr<CommandLine<PoseArgs>> pose_line() {
  return std::make_unique<CommandLine<PoseArgs>>(
      "pose",
      "Every joint's model-space matrix at a time: a clip sampled there, or the pose a setup's "
      "(or package's) state machine reaches after that long.",
      define_pose);
}

std::string clip_list(const PoseSource& source) {
  std::string list;
  for (const std::string& name : source.clip_names()) list += (list.empty() ? "" : ", ") + name;
  return list.empty() ? "none" : list;
}

// The pose the state machine reaches after `time` seconds of 60 Hz steps, with the --set
// changes and --travel requests applied as `play` applies them (a travel that cannot start is
// noted on `err`, as `play` notes it).
Result<std::vector<Transform>> pose_of_machine(const PoseSource& source, const PoseArgs& args,
                                               float time, std::ostream& err) {
  Result<MachineScript> script =
      parse_script(args.sets, args.travels, *source.machine(), args.ground);
  if (!script.ok()) return script.error();
  std::vector<std::string> problems;
  Result<std::vector<Transform>> local =
      run_machine(source, std::move(script).value(), time, kPoseStep, nullptr, &problems);
  for (const std::string& problem : problems) err << "animscope: " << problem << "\n";
  if (!local.ok()) return Error{local.error().code, local.error().message, source.path()};
  return local;
}

// Model-space matrices of every joint; nothing when a parent follows its child.
std::optional<std::vector<glm::mat4>> to_model_space(const Skeleton& skeleton,
                                                     const std::vector<Transform>& local) {
  std::vector<glm::mat4> model_space(skeleton.joint_count());
  LocalToModelJob to_model;
  to_model.parents = skeleton.parents;
  to_model.local = local;
  to_model.output = model_space;
  if (!to_model.run()) return std::nullopt;
  return model_space;
}

void print_json(const std::string& path, const Skeleton& skeleton, const std::string& clip,
                float time, const std::vector<glm::mat4>& matrices, std::ostream& out) {
  nlohmann::ordered_json j;
  j["model"] = path;
  j["clip"] = clip;
  j["time"] = time;
  j["joints"] = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < matrices.size(); ++i) {
    std::vector<float> m(16);
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) m[c * 4 + r] = matrices[i][c][r];
    }
    j["joints"].push_back(
        {{"name", skeleton.names[i]}, {"parent", skeleton.parents[i]}, {"model", m}});
  }
  out << j.dump() << "\n";
}

void print_text(const Skeleton& skeleton, const std::vector<glm::mat4>& matrices,
                std::ostream& out) {
  out << std::fixed << std::setprecision(4);
  for (std::size_t i = 0; i < matrices.size(); ++i) {
    const int parent = skeleton.parents[i];
    out << std::setw(4) << i << "  " << std::left << std::setw(28) << skeleton.names[i]
        << std::right << " parent " << std::setw(4) << parent << "  position (" << std::setw(10)
        << matrices[i][3].x << ", " << std::setw(10) << matrices[i][3].y << ", " << std::setw(10)
        << matrices[i][3].z << ")\n";
  }
}

}  // namespace

std::unique_ptr<CLI::App> pose_command_line() { return pose_line(); }

int cmd_pose(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  const std::unique_ptr<CommandLine<PoseArgs>> line = pose_line();
  if (std::optional<int> done = parse_command_line(*line, argc, argv, 2, out, err)) return *done;
  const PoseArgs& args = line->args;
  const std::string path = args.input;
  std::optional<PoseSource> opened = PoseSource::open(path, args.anim, err);
  if (!opened || !opened->prepare_machine(err)) return kExitError;
  const PoseSource& source = *opened;
  const std::string& clip_name = args.clip;
  int clip = -1;
  if (!clip_name.empty()) {
    const std::vector<std::string>& names = source.clip_names();
    const auto found = std::find(names.begin(), names.end(), clip_name);
    if (found == names.end()) {
      print_error(err, Error{Error::Code::kNotFound,
                             "no clip \"" + clip_name + "\" (clips: " + clip_list(source) + ")",
                             source.path()});
      return kExitError;
    }
    clip = static_cast<int>(found - names.begin());
  }
  float t = args.time;
  if (clip >= 0 && args.loop) t = wrap_time(t, source.clips().duration(clip), true);
  Result<std::vector<Transform>> local = source.skeleton().rest;
  if (clip >= 0) {
    local = source.sample(clip, t);
  } else if (source.machine()) {
    local = pose_of_machine(source, args, t, err);
  }
  if (!local.ok()) {
    print_error(err, local.error());
    return kExitError;
  }
  const std::optional<std::vector<glm::mat4>> model_space =
      to_model_space(source.skeleton(), local.value());
  if (!model_space) {
    print_error(err,
                Error{Error::Code::kInvalidData, "a joint's parent comes after it", source.path()});
    return kExitError;
  }
  const std::vector<glm::mat4>& matrices = *model_space;
  if (args.json) {
    print_json(source.path(), source.skeleton(), clip_name, t, matrices, out);
  } else {
    print_text(source.skeleton(), matrices, out);
  }
  return kExitOk;
}

}  // namespace anim::app
