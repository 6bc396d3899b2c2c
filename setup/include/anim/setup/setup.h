#pragma once
// A blend-state setup as authored and saved: the document form of "animscope.setup" (version 3).
// Everything links by name, so the file reads well and survives edits; compile_setup() below
// turns it into the index-based runtime form. Part of anim_setup, the authoring library: a game
// that ships baked data needs none of it.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <glm/vec3.hpp>
#include <nlohmann/json.hpp>

#include "anim/clip.h"
#include "anim/diagnostic.h"
#include "anim/ik_def.h"
#include "anim/result.h"
#include "anim/span.h"
#include "anim/state_machine_def.h"
#include "anim/state_machine_types.h"

namespace anim::setup {

using Json = nlohmann::ordered_json;  // Keeps key order, so files round-trip byte for byte.

constexpr const char* kSetupFormat = "animscope.setup";
// Version 2 added clip events, version 3 layers. Every version reads as it is (an older version
// is the newest without what came later); saving writes the newest.
constexpr int kSetupVersion = 3;
constexpr int kOldestSetupVersion = 1;

// Each struct keeps the fields it does not know in `extra`, written back on save.

// A named moment of a clip that clips are aligned on ("markers": [{"name": "L", "time": 0.12}]):
// a foot plant. Unlike an event it fires nothing; a state or transition with "sync": "markers"
// keeps its clips at the same place between the same markers.
struct SetupMarker {
  std::string name;
  float time = 0.0f;  // Seconds into the clip, in [0, its duration].
  Json extra = Json::object();
};

// A file to take clips from besides the model ("animations" entry): a Unity "Hero@Walk.fbx", a
// Mixamo clip without skin, a BVH take. Its tracks bind to the model's joints by name.
struct SetupAnimation {
  std::string file;                  // Relative to the setup file's folder (or absolute).
  std::optional<std::string> clip;   // Only this animation of the file; none: all of them.
  std::optional<std::string> alias;  // "as": the name of the one clip it gives.
  // Source joint -> model joint, in the order written; when present only these joints bind.
  std::vector<std::pair<std::string, std::string>> joint_map;
  Json extra = Json::object();
  // "root_motion": false keeps its clips' motion in the pose (an idle that sways in place);
  // written only then.
  bool root_motion = true;
  // The markers of the one clip it gives (its "as" name, else its "clip"); written when any.
  std::vector<SetupMarker> markers;
};

// What a setup says of one clip by name ("clips": [{"name": "Wuson_Walk", "markers": [...]}]),
// a model's own clip or one an animation entry gives: the shape `animscope markers --json`
// prints.
struct SetupClip {
  std::string name;
  std::vector<SetupMarker> markers;
  Json extra = Json::object();
};

struct SetupParameter {
  std::string name;
  ParameterType type = ParameterType::kFloat;
  float default_value = 0.0f;  // Bools and triggers: 0 or 1; ints: whole numbers.
  std::optional<float> min, max;
  // Smoothing (seed 002's "hold Shift to run"): the value moves toward its target at this rate
  // in units per second; 0 means changes apply at once.
  float rate = 0.0f;
  Json extra = Json::object();
  glm::vec3 default_vector{0.0f};  // A vector3's "default": [x, y, z].
};

// A clip placed in a blend space. 1D: at `position` on the axis. 2D: at (position, position_y),
// written "position": [x, y]. The y coordinate comes last so that 1D code (and brace
// initialisers) need not know about it.
struct SetupBlendPoint {
  std::string clip;
  float position = 0.0f;  // 1D: on the axis; 2D: x.
  Json extra = Json::object();
  std::optional<float> position_y = std::nullopt;  // 2D only (validate_setup reports a mismatch).
};

// A blend space over one parameter ("parameter": "speed") or, when `parameter_y` is set, over
// two ("parameters": ["x", "y"]) with Delaunay/barycentric weights (blend_space_2d.h).
struct SetupBlendSpace {
  std::string name;
  std::string parameter;                // 1D: the axis; 2D: x.
  std::vector<SetupBlendPoint> points;  // 1D: positions strictly increasing; 2D: all distinct.
  Json extra = Json::object();
  std::optional<std::string> parameter_y = std::nullopt;  // Set: a 2D space.
  // "sync": "markers" aligns its clips on their markers; written only then.
  SyncMode sync = SyncMode::kNormalized;

  bool is_2d() const { return parameter_y.has_value(); }
};

// How the character moves by its clips: "root_motion": {"joint": NAME, "translation": "xz",
// "rotation": "yaw"}. The joint's translation along those axes of the model (its file's axes) and
// its turn about the model's up axis are taken out of the pose, measured from each clip's first
// frame, and reported by every update as the character's motion (state_machine.h, RootMotion).
struct SetupRootMotion {
  std::optional<std::string> joint;  // None: the topmost animated joint.
  // Letters x, y and z, each at most once, or "" (none). None: the two axes across the model's
  // up axis ("xz" for a Y-up model, "xy" for a Z-up one).
  std::optional<std::string> translation;
  bool yaw = true;  // "rotation": "yaw" (about the up axis) or "none".
  Json extra = Json::object();
};

// A model-space point or direction of an IK entry: a vector3 parameter's name ("target":
// "look_at", set by the game each frame) or a constant ([0, 0, 1]).
struct SetupIkVector {
  std::optional<std::string> parameter;  // Set: the parameter; `value` is then not used.
  glm::vec3 value{0.0f};

  bool operator==(const SetupIkVector& o) const {
    return parameter == o.parameter && (parameter || value == o.value);
  }
  bool operator!=(const SetupIkVector& o) const { return !(*this == o); }
};

// An IK entry's weight: a float parameter's name (clamped to [0, 1] when played) or a constant.
struct SetupIkWeight {
  std::optional<std::string> parameter;  // Set: the parameter; `value` is then not used.
  float value = 1.0f;

  bool operator==(const SetupIkWeight& o) const {
    return parameter == o.parameter && (parameter || value == o.value);
  }
  bool operator!=(const SetupIkWeight& o) const { return !(*this == o); }
};

// An inverse-kinematics entry ("ik": [...], at the top level and in layers), applied in order on
// the finished pose, targets in model space (anim/ik_def.h, IkEntryDef, gives the runtime):
//   "type": "two_bone": "start", "mid", "end" joints (each an ancestor of the next), "target",
//     "pole", "twist", "soften", "bend_axis";
//   "type": "aim": "joint" (or a "chain" of joints, root-most first, with "shares" summing to 1;
//     none: equal shares), "target", "forward", "up", "offset", "pole", "twist";
//   "type": "feet": "legs" ([hip, knee, ankle] each, 1 to kMaxIkLegs), "pelvis" (above each
//     hip), "foot_height", "max_pelvis_drop", "lift_height", "plant_markers" (a sync marker name
//     per leg: its stance starts there), "soften", "up" (the ground's up axis);
// and "weight" for all. "twist" is in degrees in the file (compiled to radians). Fields are
// written only when not their default.
struct SetupIk {
  std::string name;  // Unique within its list.
  IkType type = IkType::kTwoBone;
  std::string start, mid, end;                  // two_bone.
  std::string joint;                            // aim, one joint.
  std::vector<std::string> chain;               // aim, several joints.
  std::vector<float> shares;                    // aim with a chain: one per joint; none: equal.
  std::vector<std::vector<std::string>> legs;   // feet: [hip, knee, ankle] each.
  std::string pelvis;                           // feet.
  std::optional<SetupIkVector> target;          // two_bone and aim: required.
  SetupIkVector pole{std::nullopt, {0, 0, 1}};  // two_bone and aim.
  float twist = 0.0f;                           // two_bone and aim: degrees.
  float soften = 1.0f;                          // two_bone and feet: in [0, 1].
  glm::vec3 bend_axis{1, 0, 0};                 // two_bone: the mid joint's axes.
  glm::vec3 forward{0, 1, 0};                   // aim: the last joint's axes.
  // aim: the last joint's up axis (none: [0, 0, 1]); feet: the model's up axis, the ground's
  // normal on flat ground (none: [0, 1, 0]).
  std::optional<glm::vec3> up;
  glm::vec3 offset{0.0f};        // aim: from the last joint, in its axes (the eyes).
  float foot_height = 0.0f;      // feet: the ankle's height above the sole, >= 0.
  float max_pelvis_drop = 0.5f;  // feet: model units, >= 0.
  float lift_height = 0.0f;      // feet: >= 0; 0 always planted (IkEntryDef::lift_height).
  // feet: none, or one sync marker name per leg (IkEntryDef::plant_markers); needs lift_height.
  std::vector<std::string> plant_markers;
  SetupIkWeight weight;
  Json extra = Json::object();
};

struct SetupCondition {
  std::string parameter;
  ConditionOp op = ConditionOp::kTrue;
  float value = 0.0f;  // Ignored by true, false and trigger-set.
  Json extra = Json::object();
};

struct SetupTransition {
  std::string from;  // A state name, or "*" for any state.
  std::string to;
  std::vector<SetupCondition> conditions;  // All must hold.
  std::optional<float> exit_time;          // Normalized time of the source state, or none.
  float duration = 0.25f;                  // Seconds.
  float offset = 0.0f;                     // Normalized start time in the destination.
  Interruption interruption = Interruption::kNone;
  Json extra = Json::object();
  // "crossfade" (both states for the duration), "inertialize" (the destination at once, the
  // pose's offset decaying over the duration) or "dead_blend" (the destination at once, the old
  // pose coasting on and fading into it); written only when not a crossfade. (After `extra`, so
  // that braced lists naming the fields before it stay as they were.)
  TransitionBlend blend = TransitionBlend::kCrossfade;
  // "half_life": a dead blend's seconds for the old pose's velocity to halve; written only when
  // not the default.
  float half_life = 0.1f;
  // "sync": "markers" starts the destination where the source is between the same markers (its
  // `offset` is then not used); written only then.
  SyncMode sync = SyncMode::kNormalized;
};

struct SetupState;

// A state machine inside a state, any depth deep (Unity's sub-state machines, Godot's nested
// machines): its own states, the one it enters at, its transitions ("*" as the source: from any
// of its states) and the states the transitions that leave it (its parent's, from the state
// holding it) may fire from ("exit_states"; none listed: from any of its states). A transition
// reaches a state inside a nested machine by its path, "Machine/State"; to the machine's own name,
// it enters at its default state. compile_setup flattens it all: the runtime's states are the
// leaves, named by their paths ("Locomotion/Walk").
struct SetupMachine {
  std::vector<SetupState> states;
  std::string default_state;
  std::vector<SetupTransition> transitions;
  std::vector<std::string> exit_states;  // Written when any.
  Json extra = Json::object();
};

struct SetupState {
  std::string name;
  std::string motion;  // A clip name or a blend-space name; empty for a machine.
  float speed = 1.0f;
  bool loop = true;
  Json extra = Json::object();
  // "root_motion": false keeps the motion of what it plays in the pose; written only then.
  bool root_motion = true;
  // "sync_group": the sync group it joins (StateDef::sync_group gives the rule); empty: none.
  // "sync_role": how it takes part ("auto", "leader" or "follower"). Each written only when set.
  std::string sync_group{};
  SyncRole sync_role = SyncRole::kAuto;
  // A state machine in place of a motion ("machine": {...}): entering the state enters it.
  std::optional<SetupMachine> machine = std::nullopt;

  bool is_machine() const { return machine.has_value(); }
};

// A named moment of a clip (a footstep): the runtime reports it each time playback crosses it.
struct SetupEvent {
  std::string clip;
  float time = 0.0f;  // Seconds into the clip, in [0, its duration].
  std::string name;
  std::optional<std::string> payload;  // Free text for the game (a sound, a foot).
  Json extra = Json::object();
};

// A state machine above the base one (the setup's own states), over the same parameters and
// blend spaces: "layers": [{"name", "blend": "override" | "additive", "weight", "mask":
// {"include": [...], "exclude": [...]}, "states", "default_state", "transitions"}]. A mask entry
// names a joint with its descendants (LayerMaskDef gives the rule); no entries: the whole body.
struct SetupLayer {
  std::string name;
  LayerBlend blend = LayerBlend::kOverride;
  float weight = 1.0f;                          // In [0, 1].
  std::optional<std::string> weight_parameter;  // A float parameter scaling the weight.
  std::vector<std::string> mask_include, mask_exclude;
  std::optional<std::string> reference;  // Additive only: the clip whose first frame is the
                                         // reference; none: each state's motion at its start.
  std::vector<SetupState> states;
  std::string default_state;
  std::vector<SetupTransition> transitions;
  Json mask_extra = Json::object();
  Json extra = Json::object();
  std::vector<SetupIk> ik;  // After the layer's machine; written when any.
};

struct Setup {
  std::string model;  // Model path, relative to the setup file's folder (or absolute).
  std::vector<SetupAnimation> animations;      // Clip files besides the model; written when any.
  std::vector<SetupClip> clips;                // Markers by clip name; written when any.
  std::optional<SetupRootMotion> root_motion;  // None: the character does not move by its clips.
  std::vector<SetupParameter> parameters;
  std::vector<SetupBlendSpace> blend_spaces;
  std::vector<SetupState> states;
  std::string default_state;
  std::vector<SetupTransition> transitions;
  std::vector<SetupEvent> events;  // Written when any.
  std::vector<SetupLayer> layers;  // Written when any.
  Json editor = Json::object();    // Tool state (node positions, camera); the runtime ignores it.
  Json extra = Json::object();     // Unknown top-level fields.
  std::vector<SetupIk> ik;         // After the base machine, before the layers; written when any.
};

// A setup's `model` is a file path, relative to the setup file's folder unless absolute, or
// the name of a model built into the tool ("builtin:<name>"), which is no file.
bool is_builtin_model(const std::string& model);
// The model's path as seen from the working folder: a relative path is joined to the folder of
// `setup_path`; built-in names and absolute paths come back unchanged.
std::string resolve_model_path(const std::string& setup_path, const std::string& model);

// A file named in a setup (its model or an animation file) as seen from the working folder:
// a relative path is joined to the folder of `setup_path`; absolute paths come back unchanged.
// Without a setup path, the file is taken as given.
std::string resolve_setup_relative(const std::string& setup_path, const std::string& file);
// The same file written for a setup saved at `new_setup_path`. `file` is as written in the setup
// at `old_setup_path` (empty: as seen from the working folder). A relative path stays relative
// (to the new folder); an absolute one becomes relative only when the file lies under the new
// folder.
std::string rebase_setup_relative(const std::string& old_setup_path,
                                  const std::string& new_setup_path, const std::string& file);

// Names used in the file for the enums ("float", ">", "source", ...).
const char* to_string(ParameterType type);
const char* to_string(ConditionOp op);
const char* to_string(Interruption interruption);
const char* to_string(LayerBlend blend);
const char* to_string(TransitionBlend blend);
const char* to_string(SyncMode sync);
const char* to_string(SyncRole role);
const char* to_string(IkType type);

// Parses JSON text. Structural problems (bad JSON, wrong types, missing required fields,
// unknown enum names) are all reported, each with its pointer; `path` names the file in them.
Result<Setup> parse_setup(const std::string& text, const std::string& path,
                          std::vector<Diagnostic>* diagnostics = nullptr);
// Reads and parses a file.
Result<Setup> load_setup(const std::string& path, std::vector<Diagnostic>* diagnostics = nullptr);

// Canonical text: two-space indentation, known fields in the format's order, then unknown ones.
std::string to_json_text(const Setup& setup);
// Writes atomically: a temporary file beside `path`, fsync, rename. On failure the old file
// is untouched and the Error says why.
Status save_setup(const Setup& setup, const std::string& path);

// Semantic checks against the model's clip names: unknown clip / state / parameter, duplicate
// names, condition type mismatches, 1D blend-space positions not increasing, equal 2D positions,
// missing default state, events outside their clip (errors); unreachable states (in a machine
// with at least one transition: one without any is still being laid out) and 2D spaces whose
// points lie on one line (warnings). Each layer's machine is checked as the base's is.
// Every problem at once. `durations` (seconds, one per clip, or empty) lets it check event times
// against the clip's length, `joints` (the model's joint names, or empty) the names in layer
// masks and IK entries, and `parents` (the skeleton's parent of each joint, or empty) that an IK
// entry's joints hang from one another in the order it names them.
std::vector<Diagnostic> validate_setup(const Setup& setup, const std::vector<std::string>& clips,
                                       const std::vector<float>& durations = {},
                                       const std::vector<std::string>& joints = {},
                                       const std::vector<int16_t>& parents = {});

// Resolves a setup's names against `clips` into the runtime form. Fails (listing the problems)
// when validate_setup reports any error; warnings do not stop it.
Result<StateMachineDef> compile_setup(const Setup& setup, Span<const Clip> clips);

}  // namespace anim::setup
