// `animscope play SETUP.json [--set NAME=VALUE@SECONDS ...] [--dt S] [--frames N] [--json]`:
// runs a setup's state machine headless, frame by frame, the way a game drives it.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <ostream>

#include <nlohmann/json.hpp>

#include "anim/state_machine.h"
#include "cli/args.h"
#include "cli/cli.h"
#include "cli/errors.h"
#include "cli/setup_loading.h"

namespace anim::app {
namespace {

struct Change {
  int parameter = -1;
  float value = 0.0f;
  float time = 0.0f;
};

Result<float> parse_number(const std::string& text, const std::string& what) {
  if (text == "true") return 1.0f;
  if (text == "false") return 0.0f;
  char* end = nullptr;
  const float f = std::strtof(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(f)) {
    return Error{Error::Code::kInvalidArgument, what + ": \"" + text + "\" is not a number", ""};
  }
  return f;
}

std::string parameter_list(const StateMachineDef& def) {
  std::string list;
  for (const ParameterDef& p : def.parameters) list += (list.empty() ? "" : ", ") + p.name;
  return list.empty() ? "none" : list;
}

// "NAME=VALUE@SECONDS"; "@SECONDS" defaults to 0 and a trigger may omit "=VALUE".
Result<Change> parse_change(const std::string& text, const StateMachineDef& def) {
  const std::string what = "--set " + text;
  std::string assignment = text, time_text = "0";
  if (const std::size_t at = text.rfind('@'); at != std::string::npos) {
    assignment = text.substr(0, at);
    time_text = text.substr(at + 1);
  }
  const std::size_t eq = assignment.find('=');
  const std::string name = assignment.substr(0, eq);
  Change change;
  change.parameter = def.find_parameter(name);
  if (change.parameter < 0) {
    return Error{
        Error::Code::kInvalidArgument,
        what + ": unknown parameter \"" + name + "\" (parameters: " + parameter_list(def) + ")",
        ""};
  }
  const bool trigger = def.parameters[change.parameter].type == ParameterType::kTrigger;
  if (eq == std::string::npos && !trigger) {
    return Error{Error::Code::kInvalidArgument, what + ": expected NAME=VALUE@SECONDS", ""};
  }
  Result<float> value =
      eq == std::string::npos ? Result<float>(1.0f) : parse_number(assignment.substr(eq + 1), what);
  if (!value.ok()) return value.error();
  Result<float> time = parse_number(time_text, what);
  if (!time.ok()) return time.error();
  change.value = value.value();
  change.time = time.value();
  return change;
}

nlohmann::ordered_json frame_json(const StateMachineInstance& sm, float t) {
  const StateMachineDef& def = sm.def();
  nlohmann::ordered_json j;
  j["t"] = t;
  j["states"] = nlohmann::ordered_json::array();
  for (const auto& a : sm.active_states()) {
    j["states"].push_back({{"name", def.states[a.state].name},
                           {"weight", a.weight},
                           {"normalized_time", a.normalized_time}});
  }
  const StateMachineInstance::TransitionStatus tr = sm.transition();
  if (tr.transition < 0) {
    j["transition"] = nullptr;
  } else {
    j["transition"] = {{"from", def.states[tr.from].name},
                       {"to", def.states[tr.to].name},
                       {"progress", tr.progress}};
  }
  return j;
}

void print_frame_text(const StateMachineInstance& sm, float t, std::ostream& out) {
  const StateMachineDef& def = sm.def();
  out << std::fixed << std::setprecision(4) << "t=" << t;
  for (const auto& a : sm.active_states()) {
    out << "  " << def.states[a.state].name << " w=" << std::setprecision(3) << a.weight
        << " nt=" << a.normalized_time;
  }
  const StateMachineInstance::TransitionStatus tr = sm.transition();
  if (tr.transition >= 0) {
    out << "  | " << def.states[tr.from].name << " -> " << def.states[tr.to].name << " "
        << std::setprecision(3) << tr.progress;
  }
  out << "\n";
}

}  // namespace

int cmd_play(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  Result<Args> parsed = parse_args(argc, argv, 2, {"json"}, {"set", "dt", "frames"});
  if (!parsed.ok() || parsed.value().positional.size() != 1) {
    if (!parsed.ok()) print_error(err, parsed.error());
    err << "animscope: usage: animscope play SETUP.json [--set NAME=VALUE@SECONDS ...] "
           "[--dt SECONDS] [--frames N] [--json]\n";
    return kExitError;
  }
  const Args& args = parsed.value();
  const std::string path = args.positional[0];
  Result<float> dt = args.get_float("dt", 1.0f / 60.0f);
  if (dt.ok() && !(dt.value() > 0.0f)) {
    dt = Error{Error::Code::kInvalidArgument, "--dt must be above 0", ""};
  }
  if (!dt.ok()) {
    print_error(err, dt.error());
    return kExitError;
  }
  Result<LoadedSetup> loaded = load_setup_with_model(path);
  if (!loaded.ok()) {
    print_error(err, loaded.error());
    return kExitError;
  }
  const Model& model = loaded.value().model;
  Result<StateMachineDef> def = compile_setup(loaded.value().setup, model.clips);
  if (!def.ok()) {
    print_error(err, Error{def.error().code, def.error().message, path});
    return kExitError;
  }
  std::vector<Change> changes;
  for (const std::string& text : args.get_all("set")) {
    Result<Change> change = parse_change(text, def.value());
    if (!change.ok()) {
      print_error(err, change.error());
      return kExitError;
    }
    changes.push_back(change.value());
  }
  std::stable_sort(changes.begin(), changes.end(),
                   [](const Change& a, const Change& b) { return a.time < b.time; });
  const float last_change = changes.empty() ? 0.0f : changes.back().time;
  Result<float> frames_arg = args.get_float("frames", std::ceil((last_change + 2.0f) / dt.value()));
  if (!frames_arg.ok() || frames_arg.value() < 0.0f || frames_arg.value() > 1e7f) {
    print_error(err, Error{Error::Code::kInvalidArgument, "--frames needs a count", ""});
    return kExitError;
  }
  const long frames = std::lround(frames_arg.value());

  StateMachineInstance sm(def.value(), model.skeleton, model.clips);
  std::vector<Transform> pose(model.skeleton.joint_count());
  std::size_t next_change = 0;
  for (long frame = 0; frame < frames; ++frame) {
    const float now = static_cast<float>(frame) * dt.value();
    while (next_change < changes.size() && changes[next_change].time <= now + 1e-6f) {
      const Change& c = changes[next_change++];
      sm.set_value(c.parameter, c.value);
    }
    sm.update(dt.value());
    sm.evaluate(pose);
    const float t = static_cast<float>(frame + 1) * dt.value();
    if (args.has("json")) {
      out << frame_json(sm, t).dump() << "\n";
    } else {
      print_frame_text(sm, t, out);
    }
  }
  return kExitOk;
}

}  // namespace anim::app
