// `animscope pose MODEL|SETUP.json [--anim FILE ...] [--clip NAME] [--time SECONDS] [--loop]
// [--set NAME=VALUE@SECONDS ...] [--json]`: a sampled pose, or with a setup and no clip the pose
// its state machine reaches after that long.
#include <iomanip>
#include <ostream>
#include <vector>

#include <nlohmann/json.hpp>

#include "anim/local_to_model.h"
#include "anim/sampling.h"
#include "cli/args.h"
#include "cli/cli.h"
#include "cli/errors.h"
#include "cli/input_loading.h"
#include "cli/scripted_run.h"

namespace anim::app {
namespace {

std::string clip_list(const Model& model) {
  std::string list;
  for (const Clip& clip : model.clips) list += (list.empty() ? "" : ", ") + clip.name;
  return list.empty() ? "none" : list;
}

// The local pose of `clip` at `time`.
std::vector<Transform> sample(const Model& model, const Clip& clip, float time) {
  const Skeleton& skeleton = model.skeleton;
  std::vector<Transform> local = skeleton.rest;
  SamplingCursor cursor(skeleton.joint_count());
  SamplingJob sampling;
  sampling.clip = &clip;
  sampling.rest = skeleton.rest;
  sampling.time = time;
  sampling.cursor = &cursor;
  sampling.output = local;
  sampling.run();
  return local;
}

// The pose the setup's state machine reaches after `time` seconds of 60 Hz steps, with the
// --set changes applied as `play` applies them.
Result<std::vector<Transform>> run_setup(const LoadedInput& input, const Args& args, float time) {
  const Model& model = input.model;
  Result<StateMachineDef> def = compile_setup(*input.setup, model.clips);
  if (!def.ok()) return Error{def.error().code, def.error().message, input.setup_path};
  Result<std::vector<ParameterChange>> changes = parse_changes(args.get_all("set"), def.value());
  if (!changes.ok()) return changes.error();
  StateMachineInstance machine(def.value(), model.skeleton, model.clips);
  ScriptedRun run(machine, std::move(changes).value(), 1.0f / 60.0f);
  for (long frame = run.frames_until(time); frame > 0; --frame) run.step();
  std::vector<Transform> local(model.skeleton.joint_count());
  machine.evaluate(local);
  return local;
}

// Model-space matrices of every joint.
std::vector<glm::mat4> to_model_space(const Model& model, const std::vector<Transform>& local) {
  const Skeleton& skeleton = model.skeleton;
  std::vector<glm::mat4> model_space(skeleton.joint_count());
  LocalToModelJob to_model;
  to_model.parents = skeleton.parents;
  to_model.local = local;
  to_model.output = model_space;
  to_model.run();
  return model_space;
}

void print_json(const Model& model, const std::string& clip, float time,
                const std::vector<glm::mat4>& matrices, std::ostream& out) {
  nlohmann::ordered_json j;
  j["model"] = model.source_path;
  j["clip"] = clip;
  j["time"] = time;
  j["joints"] = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < matrices.size(); ++i) {
    std::vector<float> m(16);
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) m[c * 4 + r] = matrices[i][c][r];
    }
    j["joints"].push_back(
        {{"name", model.skeleton.names[i]}, {"parent", model.skeleton.parents[i]}, {"model", m}});
  }
  out << j.dump() << "\n";
}

void print_text(const Model& model, const std::vector<glm::mat4>& matrices, std::ostream& out) {
  out << std::fixed << std::setprecision(4);
  for (std::size_t i = 0; i < matrices.size(); ++i) {
    const int parent = model.skeleton.parents[i];
    out << std::setw(4) << i << "  " << std::left << std::setw(28) << model.skeleton.names[i]
        << std::right << " parent " << std::setw(4) << parent << "  position (" << std::setw(10)
        << matrices[i][3].x << ", " << std::setw(10) << matrices[i][3].y << ", " << std::setw(10)
        << matrices[i][3].z << ")\n";
  }
}

}  // namespace

int cmd_pose(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  Result<Args> parsed =
      parse_args(argc, argv, 2, {"json", "loop"}, {"clip", "time", "anim", "set"});
  if (!parsed.ok()) {
    print_error(err, parsed.error());
    return kExitError;
  }
  const Args& args = parsed.value();
  if (args.positional.size() != 1) {
    err << "animscope: usage: animscope pose MODEL|SETUP.json [--anim FILE ...] [--clip NAME] "
           "[--time SECONDS] [--loop] [--set NAME=VALUE@SECONDS ...] [--json]\n";
    return kExitError;
  }
  Result<float> time = args.get_float("time", 0.0f);
  if (!time.ok()) {
    print_error(err, time.error());
    return kExitError;
  }
  std::optional<LoadedInput> input = open_input(args.positional[0], args.get_all("anim"), err);
  if (!input) return kExitError;
  const Model& model = input->model;
  const Clip* clip = nullptr;
  std::string clip_name = args.get("clip").value_or("");
  if (!clip_name.empty()) {
    const int index = model.find_clip(clip_name);
    if (index < 0) {
      print_error(err, Error{Error::Code::kNotFound,
                             "no clip \"" + clip_name + "\" (clips: " + clip_list(model) + ")",
                             model.source_path});
      return kExitError;
    }
    clip = &model.clips[index];
  }
  float t = time.value();
  if (clip && args.has("loop")) t = wrap_time(t, clip->duration, true);
  std::vector<Transform> local = model.skeleton.rest;
  if (clip) {
    local = sample(model, *clip, t);
  } else if (input->setup) {
    Result<std::vector<Transform>> reached = run_setup(*input, args, t);
    if (!reached.ok()) {
      print_error(err, reached.error());
      return kExitError;
    }
    local = std::move(reached).value();
  }
  const std::vector<glm::mat4> matrices = to_model_space(model, local);
  if (args.has("json")) {
    print_json(model, clip_name, t, matrices, out);
  } else {
    print_text(model, matrices, out);
  }
  return kExitOk;
}

}  // namespace anim::app
