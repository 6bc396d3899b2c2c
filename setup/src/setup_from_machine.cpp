#include "anim/setup/from_machine.h"

#include "setup_ik_parts.h"

namespace anim::setup {
namespace {

// compile_setup's bounds for a parameter without min or max.
constexpr float kNoBound = 1e30f;

template <class T>
std::string name_at(const std::vector<T>& items, int index) {
  return index >= 0 && static_cast<std::size_t>(index) < items.size() ? items[index].name
                                                                      : std::string();
}

// Names listed as strings (clips, marker names, sync groups).
std::string clip_at(const std::vector<std::string>& names, int index) {
  return index >= 0 && static_cast<std::size_t>(index) < names.size() ? names[index]
                                                                      : std::string();
}

SetupParameter parameter_of(const ParameterDef& p) {
  SetupParameter out;
  out.name = p.name;
  out.type = p.type;
  out.default_value = p.default_value;
  const bool ranged = p.type == ParameterType::kFloat || p.type == ParameterType::kInt;
  if (ranged && p.min > -kNoBound) out.min = p.min;
  if (ranged && p.max < kNoBound) out.max = p.max;
  out.rate = p.type == ParameterType::kFloat ? p.rate : 0.0f;
  if (p.type == ParameterType::kVector3) {
    out.default_value = 0.0f;
    out.default_vector = p.default_vector;
  }
  return out;
}

SetupBlendSpace blend_space_of(const BlendSpace1DDef& b, const StateMachineDef& def,
                               const std::vector<std::string>& clip_names) {
  SetupBlendSpace out;
  out.name = b.name;
  out.parameter = name_at(def.parameters, b.parameter);
  out.sync = b.sync;
  for (std::size_t i = 0; i < b.clips.size() && i < b.positions.size(); ++i) {
    out.points.push_back({clip_at(clip_names, b.clips[i]), b.positions[i], Json::object()});
  }
  return out;
}

SetupBlendSpace blend_space_2d_of(const BlendSpace2DDef& b, const StateMachineDef& def,
                                  const std::vector<std::string>& clip_names) {
  SetupBlendSpace out;
  out.name = b.name;
  out.parameter = name_at(def.parameters, b.parameter_x);
  out.parameter_y = name_at(def.parameters, b.parameter_y);
  out.sync = b.sync;
  for (std::size_t i = 0; i < b.clips.size() && i < b.positions.size(); ++i) {
    SetupBlendPoint point;
    point.clip = clip_at(clip_names, b.clips[i]);
    point.position = b.positions[i].x;
    point.position_y = b.positions[i].y;
    out.points.push_back(std::move(point));
  }
  return out;
}

std::string motion_name(const MotionRef& motion, const StateMachineDef& def,
                        const std::vector<std::string>& clip_names) {
  switch (motion.kind) {
    case MotionRef::Kind::kBlendSpace:
      return name_at(def.blend_spaces, motion.index);
    case MotionRef::Kind::kBlendSpace2D:
      return name_at(def.blend_spaces_2d, motion.index);
    case MotionRef::Kind::kClip:
      break;
  }
  return clip_at(clip_names, motion.index);
}

SetupState state_of(const StateDef& s, const StateMachineDef& def,
                    const std::vector<std::string>& clip_names) {
  SetupState out;
  out.name = s.name;
  out.motion = motion_name(s.motion, def, clip_names);
  out.speed = s.speed;
  out.loop = s.loop;
  out.root_motion = s.root_motion;
  out.sync_group = clip_at(def.sync_groups, s.sync_group);
  out.sync_role = s.sync_role;
  return out;
}

// `states`: the machine's own (the base's or a layer's), which the transition's indices name.
SetupTransition transition_of(const TransitionDef& t, const StateMachineDef& def,
                              const std::vector<StateDef>& states) {
  SetupTransition out;
  out.from = t.from < 0 ? "*" : name_at(states, t.from);
  out.to = name_at(states, t.to);
  for (const ConditionDef& c : t.conditions) {
    out.conditions.push_back({name_at(def.parameters, c.parameter), c.op, c.value, Json::object()});
  }
  if (t.has_exit_time) out.exit_time = t.exit_time;
  out.duration = t.duration;
  out.offset = t.offset;
  out.interruption = t.interruption;
  out.blend = t.blend;
  out.half_life = t.half_life;
  out.sync = t.sync;
  return out;
}

// The runtime's leaves named by path ("Locomotion/Walk") put back into machines inside states:
// each first part becomes a state holding a machine of what follows it (entered at its first
// state, leaving from any), in the order the leaves come. Transitions stay where they are, naming
// paths, so the machine flattens to the same leaves and transitions in the same order.
std::vector<SetupState> nest(std::vector<SetupState> leaves) {
  std::vector<SetupState> out;
  for (SetupState& leaf : leaves) {
    const std::size_t at = leaf.name.find('/');
    if (at == std::string::npos) {
      out.push_back(std::move(leaf));
      continue;
    }
    const std::string machine = leaf.name.substr(0, at);
    leaf.name = leaf.name.substr(at + 1);
    if (out.empty() || out.back().name != machine || !out.back().is_machine()) {
      SetupState holder;
      holder.name = machine;
      holder.machine = SetupMachine{};
      holder.machine->default_state = leaf.name.substr(0, leaf.name.find('/'));
      out.push_back(std::move(holder));
    }
    out.back().machine->states.push_back(std::move(leaf));
  }
  for (SetupState& s : out) {
    if (s.is_machine()) s.machine->states = nest(std::move(s.machine->states));
  }
  return out;
}

}  // namespace

Setup setup_from_machine(const StateMachineDef& def, const std::vector<std::string>& clip_names,
                         const std::string& model, const std::vector<std::string>& joint_names) {
  Setup setup;
  setup.model = model;
  for (const ParameterDef& p : def.parameters) setup.parameters.push_back(parameter_of(p));
  for (const BlendSpace1DDef& b : def.blend_spaces) {
    setup.blend_spaces.push_back(blend_space_of(b, def, clip_names));
  }
  // After the 1D ones: the machine keeps the two kinds apart, so their interleaving is lost.
  for (const BlendSpace2DDef& b : def.blend_spaces_2d) {
    setup.blend_spaces.push_back(blend_space_2d_of(b, def, clip_names));
  }
  for (const StateDef& s : def.states) setup.states.push_back(state_of(s, def, clip_names));
  setup.states = nest(std::move(setup.states));
  setup.default_state = name_at(def.states, def.default_state);
  for (const TransitionDef& t : def.transitions) {
    setup.transitions.push_back(transition_of(t, def, def.states));
  }
  for (const EventDef& e : def.events) {
    SetupEvent out;
    out.clip = clip_at(clip_names, e.clip);
    out.time = e.time;
    out.name = e.name;
    if (!e.payload.empty()) out.payload = e.payload;
    setup.events.push_back(std::move(out));
  }
  // Markers go to "clips", one entry per clip in the def's order (by clip, then time).
  for (const SyncMarkerDef& m : def.markers) {
    const std::string clip = clip_at(clip_names, m.clip);
    if (setup.clips.empty() || setup.clips.back().name != clip)
      setup.clips.push_back({clip, {}, {}});
    setup.clips.back().markers.push_back({clip_at(def.marker_names, m.name), m.time, {}});
  }
  for (const LayerDef& layer : def.layers) {
    SetupLayer out;
    out.name = layer.name;
    out.blend = layer.blend;
    out.weight = layer.weight;
    if (layer.weight_parameter >= 0) {
      out.weight_parameter = name_at(def.parameters, layer.weight_parameter);
    }
    out.mask_include = layer.mask.include;
    out.mask_exclude = layer.mask.exclude;
    if (layer.reference_clip >= 0) out.reference = clip_at(clip_names, layer.reference_clip);
    for (const StateDef& s : layer.states) out.states.push_back(state_of(s, def, clip_names));
    out.states = nest(std::move(out.states));
    out.default_state = name_at(layer.states, layer.default_state);
    for (const TransitionDef& t : layer.transitions) {
      out.transitions.push_back(transition_of(t, def, layer.states));
    }
    out.ik = setup_ik_of(layer.ik, def, joint_names);
    setup.layers.push_back(std::move(out));
  }
  setup.ik = setup_ik_of(def.ik, def, joint_names);
  return setup;
}

}  // namespace anim::setup
