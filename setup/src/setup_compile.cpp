// compile_setup: a setup's names resolved into the runtime's indices.
#include <algorithm>

#include "anim/find_by_name.h"
#include "anim/setup/setup.h"
#include "json_errors.h"
#include "setup_ik_parts.h"
#include "setup_markers.h"
#include "setup_nesting.h"

namespace anim::setup {
namespace {

int find_clip(Span<const Clip> clips, const std::string& name) {
  for (std::size_t i = 0; i < clips.size(); ++i) {
    if (clips[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

BlendSpace2DDef compile_blend_space_2d(const SetupBlendSpace& b, const Setup& setup,
                                       Span<const Clip> clips) {
  BlendSpace2DDef out;
  out.name = b.name;
  out.parameter_x = find_by_name(setup.parameters, b.parameter);
  out.parameter_y = find_by_name(setup.parameters, b.parameter_y.value_or(""));
  for (const SetupBlendPoint& p : b.points) {
    out.clips.push_back(find_clip(clips, p.clip));
    out.positions.push_back({p.position, p.position_y.value_or(0.0f)});
  }
  prepare_blend_space_2d(out);
  out.sync = b.sync;
  return out;
}

// The index of sync group `name` in `groups`, which gains it when new; -1 for no name.
int sync_group_index(const std::string& name, std::vector<std::string>* groups) {
  if (name.empty()) return -1;
  const auto found = std::find(groups->begin(), groups->end(), name);
  if (found != groups->end()) return static_cast<int>(found - groups->begin());
  groups->push_back(name);
  return static_cast<int>(groups->size()) - 1;
}

// States and transitions (the base's or a layer's, its nested machines flattened: the runtime's
// states are the leaves, named by path) with their names resolved; the default state's index.
// `spaces` gives, per setup blend space, where compile_setup placed it; the sync groups the states
// join go into `groups`.
int compile_machine(const std::vector<SetupState>& nested_states,
                    const std::vector<SetupTransition>& nested_transitions,
                    const std::string& default_state, const Setup& setup, Span<const Clip> clips,
                    const std::vector<MotionRef>& spaces, std::vector<std::string>* groups,
                    std::vector<StateDef>* states_out,
                    std::vector<TransitionDef>* transitions_out) {
  const FlatMachine flat = flatten_machine(nested_states, nested_transitions, default_state);
  const std::vector<SetupState>& states = flat.states;
  for (const SetupState& s : states) {
    StateDef out;
    out.name = s.name;
    out.speed = s.speed;
    out.loop = s.loop;
    out.root_motion = s.root_motion;
    out.sync_group = sync_group_index(s.sync_group, groups);
    out.sync_role = s.sync_role;
    // Blend-space names take precedence (validate_setup rejects a name that is both).
    const int space = find_by_name(setup.blend_spaces, s.motion);
    out.motion =
        space >= 0 ? spaces[space] : MotionRef{MotionRef::Kind::kClip, find_clip(clips, s.motion)};
    states_out->push_back(out);
  }
  for (const SetupTransition& t : flat.transitions) {
    TransitionDef out;
    out.from = t.from == "*" ? -1 : find_by_name(states, t.from);
    out.to = find_by_name(states, t.to);
    for (const SetupCondition& c : t.conditions) {
      out.conditions.push_back({find_by_name(setup.parameters, c.parameter), c.op, c.value});
    }
    out.has_exit_time = t.exit_time.has_value();
    out.exit_time = t.exit_time.value_or(0.0f);
    out.duration = t.duration;
    out.offset = t.offset;
    out.interruption = t.interruption;
    out.blend = t.blend;
    out.sync = t.sync;
    out.half_life = t.half_life;
    transitions_out->push_back(std::move(out));
  }
  return find_by_name(states, flat.default_state);
}

// The setup's errors over `clips` as one Error: the first problem's place is its path (a caller
// that read the setup from a file puts the file's name in front of to_string()). Ok without.
Status check_setup(const Setup& setup, Span<const Clip> clips) {
  std::vector<std::string> clip_names;
  std::vector<float> durations;
  for (const Clip& clip : clips) {
    clip_names.push_back(clip.name);
    durations.push_back(clip.duration);
  }
  std::vector<Diagnostic> errors;
  for (Diagnostic& d : validate_setup(setup, clip_names, durations)) {
    if (d.severity == Diagnostic::Severity::kError) errors.push_back(std::move(d));
  }
  if (errors.empty()) return Ok{};
  const Diagnostic& first = errors.front();
  return Error{Error::Code::kInvalidData, first.message + json::more_problems(errors.size()),
               first.pointer};
}

}  // namespace

Result<StateMachineDef> compile_setup(const Setup& setup, Span<const Clip> clips) {
  const Status checked = check_setup(setup, clips);
  if (!checked.ok()) return checked.error();

  StateMachineDef def;
  for (const SetupParameter& p : setup.parameters) {
    ParameterDef out;
    out.name = p.name;
    out.type = p.type;
    out.default_value = p.default_value;
    if (p.min) out.min = *p.min;
    if (p.max) out.max = *p.max;
    if (p.type == ParameterType::kBool || p.type == ParameterType::kTrigger) {
      out.min = 0.0f;
      out.max = 1.0f;
    }
    out.rate = p.type == ParameterType::kFloat ? p.rate : 0.0f;
    if (p.type == ParameterType::kVector3) out.default_vector = p.default_vector;
    def.parameters.push_back(out);
  }
  // Each space goes to the list of its kind; states find it by name.
  std::vector<MotionRef> spaces;
  for (const SetupBlendSpace& b : setup.blend_spaces) {
    if (b.is_2d()) {
      spaces.push_back(
          {MotionRef::Kind::kBlendSpace2D, static_cast<int>(def.blend_spaces_2d.size())});
      def.blend_spaces_2d.push_back(compile_blend_space_2d(b, setup, clips));
      continue;
    }
    spaces.push_back({MotionRef::Kind::kBlendSpace, static_cast<int>(def.blend_spaces.size())});
    BlendSpace1DDef out;
    out.name = b.name;
    out.parameter = find_by_name(setup.parameters, b.parameter);
    out.sync = b.sync;
    for (const SetupBlendPoint& p : b.points) {
      out.clips.push_back(find_clip(clips, p.clip));
      out.positions.push_back(p.position);
    }
    def.blend_spaces.push_back(out);
  }
  def.default_state =
      compile_machine(setup.states, setup.transitions, setup.default_state, setup, clips, spaces,
                      &def.sync_groups, &def.states, &def.transitions);
  for (const SetupLayer& layer : setup.layers) {
    LayerDef out;
    out.name = layer.name;
    out.blend = layer.blend;
    out.weight = layer.weight;
    if (layer.weight_parameter) {
      out.weight_parameter = find_by_name(setup.parameters, *layer.weight_parameter);
    }
    out.mask.include = layer.mask_include;
    out.mask.exclude = layer.mask_exclude;
    if (layer.reference) out.reference_clip = find_clip(clips, *layer.reference);
    out.default_state =
        compile_machine(layer.states, layer.transitions, layer.default_state, setup, clips, spaces,
                        &def.sync_groups, &out.states, &out.transitions);
    def.layers.push_back(std::move(out));
  }
  for (const SetupEvent& e : setup.events) {
    def.events.push_back({e.name, find_clip(clips, e.clip), e.time, e.payload.value_or("")});
  }
  // The runtime fires a clip's events in the order they are stored: by time.
  std::stable_sort(def.events.begin(), def.events.end(), [](const EventDef& a, const EventDef& b) {
    return a.clip != b.clip ? a.clip < b.clip : a.time < b.time;
  });
  compile_markers(setup, clips, &def);
  compile_ik(setup, &def);
  return def;
}

}  // namespace anim::setup
