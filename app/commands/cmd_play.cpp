// `animscope play SETUP.json|PACKAGE.animpack [--set NAME=VALUE@SECONDS ...]
// [--ground nx,ny,nz,d ...] [--dt S] [--frames N] [--trace] [--json]`: runs a setup's (or a
// package's) state machine headless, frame by frame, the way a game drives it, printing each
// frame's states, transition and events, and with --trace every transition the frame looked at and
// why it did or did not fire.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "anim/foot_ik.h"
#include "anim/setup/setup.h"
#include "anim/state_machine.h"
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

// What play calls the base machine; layers above it go by their own names.
constexpr const char* kBaseLayer = "Base";

std::string clip_name(const std::vector<std::string>& clip_names, int clip) {
  return clip >= 0 && static_cast<std::size_t>(clip) < clip_names.size() ? clip_names[clip]
                                                                         : std::string();
}

// A blend space's points in order, each with its weight at the current parameter values (0 for
// the points the blend does not use); null for a state that plays a clip.
nlohmann::ordered_json points_json(const StateMachineInstance& sm, const MotionRef& motion,
                                   const std::vector<std::string>& clip_names) {
  const StateMachineDef& def = sm.def();
  std::vector<int> clips;
  std::vector<float> weights;
  if (motion.kind == MotionRef::Kind::kBlendSpace) {
    const BlendSpace1DDef& space = def.blend_spaces[motion.index];
    clips = space.clips;
    weights.assign(clips.size(), 0.0f);
    const BlendSpaceWeights w = blend_space_weights(space, sm.value(space.parameter));
    weights[w.lower] += 1.0f - w.upper_weight;
    weights[w.upper] += w.upper_weight;
  } else if (motion.kind == MotionRef::Kind::kBlendSpace2D) {
    const BlendSpace2DDef& space = def.blend_spaces_2d[motion.index];
    clips = space.clips;
    weights.assign(clips.size(), 0.0f);
    const Point2 at{sm.value(space.parameter_x), sm.value(space.parameter_y)};
    const BlendSpace2DWeights w = blend_space_2d_weights(space, at);
    for (int i = 0; i < w.count; ++i) weights[w.points[i]] += w.weights[i];
  } else {
    return nullptr;
  }
  nlohmann::ordered_json points = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < clips.size(); ++i) {
    points.push_back({{"clip", clip_name(clip_names, clips[i])}, {"weight", weights[i]}});
  }
  return points;
}

// A layer's states (0: the base machine), as the def of that layer lists them.
const std::vector<StateDef>& layer_states(const StateMachineDef& def, int layer) {
  return layer == 0 ? def.states : def.layers[layer - 1].states;
}

const std::vector<TransitionDef>& layer_transitions(const StateMachineDef& def, int layer) {
  return layer == 0 ? def.transitions : def.layers[layer - 1].transitions;
}

// "blend": how transition `t` moves the pose over, and "half_life" for a dead blend.
void put_blend(const TransitionDef& t, nlohmann::ordered_json& j) {
  j["blend"] = setup::to_string(t.blend);
  if (t.blend == TransitionBlend::kDeadBlend) j["half_life"] = t.half_life;
}

// Where a fired transition started its destination: "start_time" (normalized), and with sync by
// markers "start_marker", the place between the markers it started at (the state it left was
// there), null when a clip lacks them and it started at its offset.
void put_start(const StateMachineInstance& sm, const StateMachineInstance::TraceEntry& e,
               nlohmann::ordered_json& j) {
  j["interrupted"] = e.interrupted;
  if (e.resumed) {
    j["resumed"] = true;
  } else {
    j["start_time"] = e.start_time;
    if (e.joined_group) j["joined_group"] = true;
  }
  if (layer_transitions(sm.def(), e.layer)[e.transition].sync != SyncMode::kMarkers) return;
  if (e.resumed || !e.start_marker.valid()) {
    j["start_marker"] = nullptr;
    return;
  }
  const std::vector<std::string>& names = sm.def().marker_names;
  j["start_marker"] = {{"previous", names[static_cast<std::size_t>(e.start_marker.previous)]},
                       {"next", names[static_cast<std::size_t>(e.start_marker.next)]},
                       {"fraction", e.start_marker.fraction}};
}

// A machine's part of a frame line: its active states, its running transition and the switch
// whose pose carries over.
void put_machine(const StateMachineInstance& sm, int layer,
                 const std::vector<std::string>& clip_names, nlohmann::ordered_json& j) {
  const std::vector<StateDef>& states = layer_states(sm.def(), layer);
  j["states"] = nlohmann::ordered_json::array();
  const Span<const StateMachineInstance::ActiveState> active = sm.active_states(layer);
  for (std::size_t i = 0; i < active.size(); ++i) {
    const StateMachineInstance::ActiveState& a = active[i];
    nlohmann::ordered_json state = {{"name", states[a.state].name},
                                    {"weight", a.weight},
                                    {"normalized_time", a.normalized_time}};
    nlohmann::ordered_json points = points_json(sm, states[a.state].motion, clip_names);
    if (!points.is_null()) state["points"] = std::move(points);
    // Where it is between its clip's sync markers, for a clip that has them.
    const MarkerPosition marker = sm.active_marker(layer, i);
    if (marker.valid()) {
      const std::vector<std::string>& names = sm.def().marker_names;
      state["marker"] = {{"previous", names[static_cast<std::size_t>(marker.previous)]},
                         {"next", names[static_cast<std::size_t>(marker.next)]},
                         {"fraction", marker.fraction}};
    }
    // Its sync group, and whether the group followed it or it the group.
    const int group = states[a.state].sync_group;
    if (group >= 0 && static_cast<std::size_t>(group) < sm.def().sync_groups.size()) {
      using GroupSync = StateMachineInstance::GroupSync;
      state["sync_group"] = {{"name", sm.def().sync_groups[static_cast<std::size_t>(group)]},
                             {"part", a.group == GroupSync::kLeads     ? "leads"
                                      : a.group == GroupSync::kFollows ? "follows"
                                                                       : "apart"}};
    }
    j["states"].push_back(std::move(state));
  }
  const std::vector<TransitionDef>& transitions = layer_transitions(sm.def(), layer);
  const StateMachineInstance::TransitionStatus tr = sm.transition(layer);
  if (tr.transition < 0) {
    j["transition"] = nullptr;
  } else {
    j["transition"] = {
        {"from", states[tr.from].name}, {"to", states[tr.to].name}, {"progress", tr.progress}};
    put_blend(transitions[tr.transition], j["transition"]);
  }
  // An inertialized or dead-blended switch is made at once: "transition" is null again, while
  // its pose carries over for its duration.
  const StateMachineInstance::CarryOver carry = sm.carry_over(layer);
  if (carry.transition < 0) {
    j["carry_over"] = nullptr;
  } else {
    j["carry_over"] = {{"from", states[carry.from].name},
                       {"to", states[carry.to].name},
                       {"progress", carry.duration > 0.0f ? carry.elapsed / carry.duration : 1.0f},
                       {"duration", carry.duration}};
    put_blend(transitions[carry.transition], j["carry_over"]);
    j["carry_over"]["interrupted"] = carry.interrupted;
  }
}

std::string layer_name(const StateMachineDef& def, int layer) {
  return layer == 0 ? std::string(kBaseLayer) : def.layers[layer - 1].name;
}

// A traced transition's source: "*" for any state.
std::string trace_from(const StateMachineDef& def, const StateMachineInstance::TraceEntry& e) {
  return e.from < 0 ? std::string("*") : layer_states(def, e.layer)[e.from].name;
}

// The frame's transition trace: one entry per transition the update looked at. A machine with
// layers names each entry's layer.
nlohmann::ordered_json trace_json(const StateMachineInstance& sm) {
  const StateMachineDef& def = sm.def();
  nlohmann::ordered_json trace = nlohmann::ordered_json::array();
  for (const StateMachineInstance::TraceEntry& e : sm.trace()) {
    nlohmann::ordered_json entry;
    if (!def.layers.empty()) entry["layer"] = layer_name(def, e.layer);
    entry["from"] = trace_from(def, e);
    entry["to"] = layer_states(def, e.layer)[e.to].name;
    entry["fired"] = e.fired;
    entry["reason"] = to_string(e.reason);
    put_blend(layer_transitions(def, e.layer)[e.transition], entry);
    if (e.fired) put_start(sm, e, entry);
    entry["conditions"] = nlohmann::ordered_json::array();
    for (const StateMachineInstance::TraceCondition& c : sm.trace_conditions(e)) {
      entry["conditions"].push_back({{"parameter", def.parameters[c.parameter].name},
                                     {"op", setup::to_string(c.op)},
                                     {"value", c.value},
                                     {"actual", c.actual},
                                     {"pass", c.pass}});
    }
    if (e.has_exit_time) {
      entry["exit_time"] = {{"required", e.exit_time_required},
                            {"current", e.exit_time_current},
                            {"pass", e.exit_time_pass}};
    } else {
      entry["exit_time"] = nullptr;
    }
    trace.push_back(std::move(entry));
  }
  return trace;
}

// Where the character is: its moves accumulated since the start, as a game accumulates them.
struct RootPath {
  glm::vec3 position{0.0f};
  glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
  void add(const RootMotion& move) {
    position += rotation * move.translation;
    rotation = glm::normalize(rotation * move.rotation);
  }
};

nlohmann::ordered_json vec_json(const glm::vec3& v) { return {v.x, v.y, v.z}; }
nlohmann::ordered_json quat_json(const glm::quat& q) { return {q.x, q.y, q.z, q.w}; }

// "root_motion": the frame's move; "root": the place since the start.
void add_root_motion_json(const RootMotion& move, const RootPath& path, nlohmann::ordered_json& j) {
  j["root_motion"] = {{"translation", vec_json(move.translation)},
                      {"rotation", quat_json(move.rotation)}};
  j["root"] = {{"position", vec_json(path.position)}, {"rotation", quat_json(path.rotation)}};
}

// "parameters": every parameter's value by name (a vector3 one as [x, y, z]), for a def whose
// IK reads parameters: its targets are what a run of IK is about.
void put_parameters(const StateMachineInstance& sm, nlohmann::ordered_json& j) {
  const StateMachineDef& def = sm.def();
  const bool vectors =
      std::any_of(def.parameters.begin(), def.parameters.end(),
                  [](const ParameterDef& p) { return p.type == ParameterType::kVector3; });
  if (!vectors && !def.has_ik()) return;
  nlohmann::ordered_json parameters = nlohmann::ordered_json::object();
  for (std::size_t i = 0; i < def.parameters.size(); ++i) {
    const int index = static_cast<int>(i);
    if (def.parameters[i].type == ParameterType::kVector3) {
      parameters[def.parameters[i].name] = vec_json(sm.vector(index));
    } else {
      parameters[def.parameters[i].name] = sm.value(index);
    }
  }
  j["parameters"] = std::move(parameters);
}

// "ik": what each IK entry did in the frame's evaluate, the top level's then each layer's (as
// ik_results() lists them): weight as applied, whether it reached, and its target; a feet entry
// its pelvis drop and legs instead. Only for a def with IK entries.
void put_ik(const StateMachineInstance& sm, nlohmann::ordered_json& j) {
  const StateMachineDef& def = sm.def();
  if (!def.has_ik()) return;
  std::vector<std::pair<const IkEntryDef*, int>> entries;  // With their layer (0: top level).
  for (const IkEntryDef& e : def.ik) entries.emplace_back(&e, 0);
  for (std::size_t l = 0; l < def.layers.size(); ++l) {
    for (const IkEntryDef& e : def.layers[l].ik) entries.emplace_back(&e, static_cast<int>(l + 1));
  }
  const Span<const IkEntryResult> results = sm.ik_results();
  nlohmann::ordered_json ik = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < entries.size() && i < results.size(); ++i) {
    const IkEntryDef& e = *entries[i].first;
    const IkEntryResult& r = results[i];
    nlohmann::ordered_json entry = {{"name", e.name}};
    if (entries[i].second > 0) entry["layer"] = layer_name(def, entries[i].second);
    entry["weight"] = r.weight;
    entry["reached"] = r.reached;
    if (e.type == IkType::kFeet) {
      entry["pelvis_drop"] = r.pelvis_drop;
      entry["legs"] = nlohmann::ordered_json::array();
      for (const FootIkLegResult& leg : sm.ik_legs(i)) {
        entry["legs"].push_back({{"hit", leg.hit},
                                 {"reached", leg.reached},
                                 {"weight", leg.weight},
                                 {"target", vec_json(leg.target)}});
      }
    } else {
      entry["target"] = vec_json(r.target);
    }
    ik.push_back(std::move(entry));
  }
  j["ik"] = std::move(ik);
}

nlohmann::ordered_json frame_json(const StateMachineInstance& sm, float t,
                                  const std::vector<std::string>& clip_names) {
  const StateMachineDef& def = sm.def();
  nlohmann::ordered_json j;
  j["t"] = t;
  put_machine(sm, 0, clip_names, j);
  if (!def.layers.empty()) {
    j["layers"] = nlohmann::ordered_json::array();
    for (int layer = 1; layer < sm.layer_count(); ++layer) {
      nlohmann::ordered_json entry = {{"name", def.layers[layer - 1].name},
                                      {"weight", sm.layer_weight(layer)}};
      put_machine(sm, layer, clip_names, entry);
      j["layers"].push_back(std::move(entry));
    }
  }
  j["events"] = nlohmann::ordered_json::array();
  for (const StateMachineInstance::FiredEvent& fired : sm.events()) {
    const EventDef& e = def.events[fired.event];
    nlohmann::ordered_json event = {{"name", e.name},
                                    {"clip", clip_names[e.clip]},
                                    {"state", layer_states(def, fired.layer)[fired.state].name},
                                    {"layer", layer_name(def, fired.layer)},
                                    {"weight", fired.weight}};
    if (!e.payload.empty()) event["payload"] = e.payload;
    j["events"].push_back(std::move(event));
  }
  put_parameters(sm, j);
  put_ik(sm, j);
  if (sm.tracing()) j["trace"] = trace_json(sm);
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
  // An inertialized or dead-blended switch whose pose still carries over, and how far it is.
  const StateMachineInstance::CarryOver carry = sm.carry_over();
  if (carry.transition >= 0) {
    out << "  ~ " << def.states[carry.from].name << " -> " << def.states[carry.to].name << " "
        << setup::to_string(carry.blend) << " " << std::setprecision(3)
        << (carry.duration > 0.0f ? carry.elapsed / carry.duration : 1.0f);
  }
  for (int layer = 1; layer < sm.layer_count(); ++layer) {
    const std::vector<StateDef>& states = layer_states(def, layer);
    out << "  [" << def.layers[layer - 1].name;
    for (const auto& a : sm.active_states(layer)) {
      out << " " << states[a.state].name << " w=" << std::setprecision(3) << a.weight;
    }
    out << "]";
  }
  for (const StateMachineInstance::FiredEvent& fired : sm.events()) {
    out << "  !" << def.events[fired.event].name;
  }
  out << "\n";
}

// One indented line per traced transition, under its frame's line, e.g.
//     Idle -> Walk  condition_failed  speed > 0.5000: 0.3000 fail  exit_time 0.9000: 0.5000 fail
void print_trace_text(const StateMachineInstance& sm, std::ostream& out) {
  const StateMachineDef& def = sm.def();
  out << std::setprecision(4);
  for (const StateMachineInstance::TraceEntry& e : sm.trace()) {
    out << "    ";
    if (!def.layers.empty()) out << layer_name(def, e.layer) << ": ";
    out << trace_from(def, e) << " -> " << layer_states(def, e.layer)[e.to].name << "  "
        << to_string(e.reason);
    if (e.fired) {
      // How it moves the pose over: "inertialize 0.2500 s", "dead_blend 0.2000 s half_life ...".
      const TransitionDef& t = layer_transitions(def, e.layer)[e.transition];
      out << "  " << setup::to_string(t.blend) << " " << t.duration << " s";
      if (t.blend == TransitionBlend::kDeadBlend) out << " half_life " << t.half_life << " s";
      if (e.interrupted) out << " interrupting";
    }
    for (const StateMachineInstance::TraceCondition& c : sm.trace_conditions(e)) {
      out << "  " << def.parameters[c.parameter].name << " " << setup::to_string(c.op);
      if (c.op == ConditionOp::kGreater || c.op == ConditionOp::kLess ||
          c.op == ConditionOp::kEqual || c.op == ConditionOp::kNotEqual) {
        out << " " << c.value;
      }
      out << ": " << c.actual << (c.pass ? " pass" : " fail");
    }
    if (e.has_exit_time) {
      out << "  exit_time " << e.exit_time_required << ": " << e.exit_time_current
          << (e.exit_time_pass ? " pass" : " fail");
    }
    out << "\n";
  }
}

struct PlayArgs {
  std::string input;
  std::vector<std::string> sets;
  std::vector<std::string> travels;
  std::vector<GroundPlane> ground;
  float dt = 1.0f / 60.0f;
  std::optional<float> frames;  // Without it: until 2 s after the last --set.
  bool trace = false;
  bool json = false;
};

void define_play(CLI::App& app, PlayArgs& a) {
  add_input(app, a.input, "SETUP.json|PACKAGE.animpack",
            "a setup, or a package with a state machine");
  add_set_option(app, a.sets);
  add_travel_option(app, a.travels);
  add_ground_option(app, a.ground);
  add_value<float>(
      app, "--dt", a.dt, "SECONDS", "seconds per frame (default 0.016667, 60 Hz)",
      checked_number_parser(
          number_parser("--dt"), [](float dt) { return dt > 0.0f; }, "--dt must be above 0"));
  add_value<float>(app, "--frames", a.frames, "N",
                   "frames to run (default: until 2 seconds after the last --set)",
                   bounded_number_parser(0.0f, 1e7f, /*low_open=*/false, [](const std::string&) {
                     return "--frames needs a count";
                   }));
  add_flag(app, "--trace", a.trace,
           "adds every transition each frame looked at, and why it did or did not fire");
  add_flag(app, "--json", a.json, "prints one JSON line per frame");
}

std::unique_ptr<CommandLine<PlayArgs>> play_line() {
  return std::make_unique<CommandLine<PlayArgs>>(
      "play",
      "Runs a setup's (or a package's) state machine headless, frame by frame, the way a game "
      "drives it, and prints each frame's states, transition and events.",
      define_play);
}

}  // namespace

std::unique_ptr<CLI::App> play_command_line() { return play_line(); }

int cmd_play(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  const std::unique_ptr<CommandLine<PlayArgs>> line = play_line();
  if (std::optional<int> done = parse_command_line(*line, argc, argv, 2, out, err)) return *done;
  const PlayArgs& args = line->args;
  const std::string path = args.input;
  // A setup's machine runs on its float clips, a package's on its compressed ones.
  std::optional<PoseSource> source = PoseSource::open(path, {}, err);
  if (!source) return kExitError;
  if (source->is_package()) {
    if (!source->machine()) {
      print_error(err,
                  Error{Error::Code::kInvalidArgument,
                        "has no state machine (it was packed from a model, not a setup)", path});
      return kExitError;
    }
  } else {
    if (!source->input()->setup) {
      print_error(err,
                  Error{Error::Code::kInvalidArgument, "not a setup (.json) or package", path});
      return kExitError;
    }
    if (!source->prepare_machine(err)) return kExitError;
  }
  const StateMachineDef& def = *source->machine();
  const Skeleton& skeleton = source->skeleton();
  const ClipSet clips = source->machine_clips();
  Result<std::vector<ParameterChange>> changes = parse_changes(args.sets, def);
  if (!changes.ok()) {
    print_error(err, changes.error());
    return kExitError;
  }
  Result<std::vector<TravelRequest>> travels = parse_travels(args.travels, def);
  if (!travels.ok()) {
    print_error(err, travels.error());
    return kExitError;
  }
  for (const std::string& trigger : triggers_never_set(def, changes.value())) {
    err << "animscope: note: trigger \"" << trigger
        << "\" is never set by --set: the transitions that test it cannot fire in this run\n";
  }
  float last_change = changes.value().empty() ? 0.0f : changes.value().back().time;
  if (!travels.value().empty()) last_change = std::max(last_change, travels.value().back().time);
  const float frames_wanted = args.frames.value_or(std::ceil((last_change + 2.0f) / args.dt));
  if (!(frames_wanted >= 0.0f && frames_wanted <= 1e7f)) {
    print_error(err, Error{Error::Code::kInvalidArgument, "--frames needs a count", ""});
    return kExitError;
  }
  const long frames = std::lround(frames_wanted);

  const std::vector<std::string>& clip_names = source->clip_names();
  StateMachineInstance sm(def, skeleton, clips);
  sm.set_trace(args.trace);
  ScriptedRun run(sm, std::move(changes).value(), args.dt, std::move(travels).value(), args.ground);
  std::vector<Transform> pose(skeleton.joint_count());
  RootPath root;
  for (long frame = 0; frame < frames; ++frame) {
    run.step();
    for (const std::string& problem : run.travel_problems()) {
      err << "animscope: travel at " << run.time() << " s: " << problem << "\n";
    }
    root.add(sm.root_motion());
    if (!sm.evaluate(pose)) {
      print_error(err, Error{Error::Code::kInvalidData,
                             "the state machine's clips do not fit the skeleton", ""});
      return kExitError;
    }
    if (args.json) {
      nlohmann::ordered_json j = frame_json(sm, run.time(), clip_names);
      if (sm.moves()) add_root_motion_json(sm.root_motion(), root, j);
      out << j.dump() << "\n";
    } else {
      print_frame_text(sm, run.time(), out);
      print_trace_text(sm, out);
    }
  }
  return kExitOk;
}

}  // namespace anim::app
