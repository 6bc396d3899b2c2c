#include "anim/ui/model/transition_blend_text.h"

#include <algorithm>

namespace anim::ui {
namespace {

const std::vector<StateDef>& states_of(const StateMachineDef& def, int layer) {
  return layer == 0 ? def.states : def.layers[static_cast<std::size_t>(layer - 1)].states;
}

const std::vector<TransitionDef>& transitions_of(const StateMachineDef& def, int layer) {
  return layer == 0 ? def.transitions : def.layers[static_cast<std::size_t>(layer - 1)].transitions;
}

std::string seconds(float value) { return short_value(value, 2) + " s"; }

std::string percent(float progress) {
  return short_value(100.0f * std::clamp(progress, 0.0f, 1.0f), 0) + "%";
}

// "0.4 of the way from L to R".
std::string place_text(const StateMachineDef& def, const MarkerPosition& at) {
  const auto name = [&](int marker) {
    return marker >= 0 && static_cast<std::size_t>(marker) < def.marker_names.size()
               ? def.marker_names[static_cast<std::size_t>(marker)]
               : std::string("?");
  };
  return short_value(at.fraction, 2) + " of the way from " + name(at.previous) + " to " +
         name(at.next);
}

// What happens to the pose while a switch of `blend` carries over from `from` into `to`.
std::string carry_text(TransitionBlend blend, const std::string& from, const std::string& to,
                       float half_life) {
  if (blend == TransitionBlend::kDeadBlend) {
    return "only " + to + " is evaluated; " + from +
           "'s pose coasts on its velocity, halving every " + seconds(half_life) +
           ", and fades into it";
  }
  return "only " + to + " is evaluated; the pose's offset from " + from + " decays to zero";
}

}  // namespace

std::string blend_text(const TransitionDef& t, const std::string& from, const std::string& to) {
  switch (t.blend) {
    case TransitionBlend::kInertialize:
      return "inertialize over " + seconds(t.duration) + " (" +
             carry_text(t.blend, from, to, t.half_life) + ")";
    case TransitionBlend::kDeadBlend:
      return "dead blend over " + seconds(t.duration) + ", half-life " + seconds(t.half_life) +
             " (" + carry_text(t.blend, from, to, t.half_life) + ")";
    case TransitionBlend::kCrossfade:
      break;
  }
  if (!(t.duration > 0.0f)) return "";
  return "crossfade over " + seconds(t.duration) + " (" + from + " and " + to +
         " are both evaluated, " + from + " fading out)";
}

std::string fired_text(const StateMachineInstance& machine,
                       const StateMachineInstance::TraceEntry& e) {
  const StateMachineDef& def = machine.def();
  const TransitionDef& t = transitions_of(def, e.layer)[static_cast<std::size_t>(e.transition)];
  const std::vector<StateDef>& states = states_of(def, e.layer);
  const std::string& to = states[static_cast<std::size_t>(t.to)].name;
  // The state it left: an any-state transition leaves the one that was current, which the
  // running transition or carry-over it started names.
  int left = t.from;
  if (left < 0) {
    const StateMachineInstance::TransitionStatus running = machine.transition(e.layer);
    const StateMachineInstance::CarryOver carry = machine.carry_over(e.layer);
    left = running.transition == e.transition ? running.from
           : carry.transition == e.transition ? carry.from
                                              : -1;
  }
  const std::string from =
      left >= 0 ? states[static_cast<std::size_t>(left)].name : std::string("the old state");
  std::string text = blend_text(t, from, to);
  const auto add = [&text](const std::string& part) { text += (text.empty() ? "" : "; ") + part; };
  if (e.interrupted) add("it interrupts, so it starts from the pose shown");
  if (e.joined_group) {
    add(to + " joins its sync group at its leader's place");
  } else if (t.sync == SyncMode::kMarkers) {
    if (e.resumed) {
      add(to + " goes on where it was, still fading out");
    } else if (e.start_marker.valid()) {
      add(to + " starts " + place_text(def, e.start_marker) + ", where " + from + " was");
    } else {
      add(to + " starts at " + short_value(e.start_time, 2) +
          " (normalized time): a clip lacks the markers");
    }
  }
  return text;
}

float dead_blend_old_weight(float progress) {
  const float u = std::clamp(progress, 0.0f, 1.0f);
  return 1.0f - u * u * (3.0f - 2.0f * u);
}

std::optional<TransitionWhy> running_why(const StateMachineInstance& machine, int layer) {
  if (layer < 0 || layer >= machine.layer_count()) return std::nullopt;
  const StateMachineDef& def = machine.def();
  const std::vector<StateDef>& states = states_of(def, layer);
  const auto name = [&](int state) {
    return state >= 0 ? states[static_cast<std::size_t>(state)].name : std::string("?");
  };
  TransitionWhy why;
  why.layer = layer;
  why.verdict = Verdict::kPass;
  std::string how;
  const StateMachineInstance::TransitionStatus running = machine.transition(layer);
  const StateMachineInstance::CarryOver carry = machine.carry_over(layer);
  if (running.transition >= 0) {
    const TransitionDef& t =
        transitions_of(def, layer)[static_cast<std::size_t>(running.transition)];
    why.transition = running.transition;
    why.name = name(running.from) + " -> " + name(running.to);
    how = "crossfading, " + percent(running.progress) + " done of " + seconds(t.duration) + " (" +
          name(running.from) + " and " + name(running.to) + " are both evaluated)";
  } else if (carry.transition >= 0) {
    const float progress = carry.duration > 0.0f ? carry.elapsed / carry.duration : 1.0f;
    why.transition = carry.transition;
    why.name = name(carry.from) + " -> " + name(carry.to);
    const bool dead = carry.blend == TransitionBlend::kDeadBlend;
    how = std::string(dead ? "dead blending, " : "inertializing, ") + percent(progress) +
          " done of " + seconds(carry.duration) + " (" +
          carry_text(carry.blend, name(carry.from), name(carry.to), carry.half_life) + ")";
    if (dead) {
      how += "; " + name(carry.from) + "'s pose weighs " +
             short_value(dead_blend_old_weight(progress), 2);
    }
    if (carry.interrupted) how += "; it started from the pose shown when it interrupted";
  } else {
    return std::nullopt;
  }
  why.summary = why.name + ": " + how;
  return why;
}

}  // namespace anim::ui
