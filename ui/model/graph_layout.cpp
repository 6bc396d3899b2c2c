#include "anim/ui/model/graph_layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace anim::ui {
namespace {

constexpr float kCellX = 170.0f, kCellY = 100.0f, kMargin = 20.0f;

std::optional<glm::vec2> stored_position(const setup::Setup& setup, const std::string& name) {
  if (!setup.editor.is_object()) return std::nullopt;
  const auto nodes = setup.editor.find("nodes");
  if (nodes == setup.editor.end() || !nodes->is_object()) return std::nullopt;
  const auto place = nodes->find(name);
  if (place == nodes->end() || !place->is_array() || place->size() != 2) return std::nullopt;
  if (!(*place)[0].is_number() || !(*place)[1].is_number()) return std::nullopt;
  const glm::vec2 p((*place)[0].get<float>(), (*place)[1].get<float>());
  if (!std::isfinite(p.x) || !std::isfinite(p.y)) return std::nullopt;
  return p;
}

// A number as the setup file writes it: "0.05", "1", "-2.5".
std::string short_number(float value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%g", static_cast<double>(value));
  return text;
}

}  // namespace

std::string transition_name(const setup::SetupTransition& t) {
  return (t.from == kAnyStateNode ? std::string("any state") : t.from) + " -> " + t.to;
}

TransitionPriorities transition_priorities(const setup::Setup& setup) {
  TransitionPriorities out;
  std::map<std::string, int> seen;
  for (const setup::SetupTransition& t : setup.transitions) out.rank.push_back(seen[t.from]++);
  for (const setup::SetupTransition& t : setup.transitions) out.of.push_back(seen[t.from]);
  return out;
}

std::string transition_label(const setup::SetupTransition& t) {
  std::string text;
  for (const setup::SetupCondition& c : t.conditions) {
    if (!text.empty()) text += ", ";
    switch (c.op) {
      case ConditionOp::kTrue:
      case ConditionOp::kTriggerSet:
        text += c.parameter;
        break;
      case ConditionOp::kFalse:
        text += "!" + c.parameter;
        break;
      default:
        text += c.parameter + " " + setup::to_string(c.op) + " " + short_number(c.value);
    }
  }
  if (t.exit_time) text += (text.empty() ? "exit " : ", exit ") + short_number(*t.exit_time);
  return text;
}

std::string transition_caption(const setup::Setup& setup, int index) {
  const setup::SetupTransition& t = setup.transitions.at(static_cast<std::size_t>(index));
  const TransitionPriorities priorities = transition_priorities(setup);
  const std::string text = transition_label(t);
  if (priorities.of[static_cast<std::size_t>(index)] < 2) return text;
  const std::string rank = std::to_string(priorities.rank[static_cast<std::size_t>(index)] + 1);
  return text.empty() ? rank : rank + ": " + text;
}

std::map<std::string, glm::vec2> node_positions(const setup::Setup& setup) {
  std::vector<std::string> names;
  for (const setup::SetupState& state : setup.states) names.push_back(state.name);
  // The any-state box is always there, as in Unity's Animator, so that a transition from any
  // state can be dragged out of it like any other (a machine without states has no use for it).
  const bool any =
      std::any_of(setup.transitions.begin(), setup.transitions.end(),
                  [](const setup::SetupTransition& t) { return t.from == kAnyStateNode; });
  if (any || !setup.states.empty()) names.push_back(kAnyStateNode);
  std::map<std::string, glm::vec2> out;
  std::vector<std::string> unplaced;
  for (const std::string& name : names) {
    if (out.count(name)) continue;  // A duplicate name (a problem the setup reports).
    if (const std::optional<glm::vec2> p = stored_position(setup, name)) {
      out[name] = *p;
    } else {
      unplaced.push_back(name);
    }
  }
  // The rest go to the first free cells of a three-wide grid, clear of every placed box.
  const glm::vec2 size(kGraphNodeWidth, kGraphNodeHeight);
  auto free = [&](const glm::vec2& cell) {
    for (const auto& [other, place] : out) {
      (void)other;
      if (cell.x < place.x + size.x && place.x < cell.x + size.x && cell.y < place.y + size.y &&
          place.y < cell.y + size.y) {
        return false;
      }
    }
    return true;
  };
  std::size_t k = 0;
  for (const std::string& name : unplaced) {
    glm::vec2 cell;
    do {
      cell = glm::vec2(kMargin + static_cast<float>(k % 3) * kCellX,
                       kMargin + static_cast<float>(k / 3) * kCellY);
      ++k;
    } while (!free(cell));
    out[name] = cell;
  }
  return out;
}

void set_node_position(setup::Setup& setup, const std::string& name, const glm::vec2& position) {
  if (!setup.editor.is_object()) setup.editor = setup::Json::object();
  setup::Json& nodes = setup.editor["nodes"];
  if (!nodes.is_object()) nodes = setup::Json::object();
  // Whole units keep the saved file tidy.
  nodes[name] = setup::Json::array({std::lround(position.x), std::lround(position.y)});
}

Arrow arrow_between(const glm::vec2& from, const glm::vec2& to, const glm::vec2& size) {
  const glm::vec2 half = size * 0.5f;
  const glm::vec2 a = from + half, b = to + half;
  const glm::vec2 d = b - a;
  if (d.x == 0.0f && d.y == 0.0f) return {a, b};
  // How far along d the ray from a centre leaves its box.
  const float inf = std::numeric_limits<float>::infinity();
  const float s = std::min(d.x != 0.0f ? half.x / std::fabs(d.x) : inf,
                           d.y != 0.0f ? half.y / std::fabs(d.y) : inf);
  return {a + d * s, b - d * s};
}

std::vector<std::optional<Curve>> transition_curves(
    const setup::Setup& setup, const std::map<std::string, glm::vec2>& places) {
  const glm::vec2 size(kGraphNodeWidth, kGraphNodeHeight);
  const auto box = [&](const std::string& name) {
    const glm::vec2 place = places.at(name);
    return Box{place, place + size};
  };
  // Transitions sharing two boxes are fanned apart; each has its lane among them.
  std::map<std::pair<std::string, std::string>, int> lanes, lane_taken;
  for (const setup::SetupTransition& t : setup.transitions) ++lanes[{t.from, t.to}];
  std::vector<std::optional<Curve>> out;
  for (const setup::SetupTransition& t : setup.transitions) {
    if (!places.count(t.from) || !places.count(t.to)) {  // A problem, listed elsewhere.
      out.emplace_back();
      continue;
    }
    const int lane = lane_taken[{t.from, t.to}]++;
    if (t.from == t.to) {
      out.emplace_back(self_loop(box(t.from), lane));
      continue;
    }
    std::vector<Box> obstacles;
    for (const auto& [name, place] : places) {
      if (name != t.from && name != t.to) obstacles.push_back(box(name));
    }
    // A detour goes to the side where it crosses fewer transitions between other boxes.
    std::vector<Segment> others;
    for (const setup::SetupTransition& o : setup.transitions) {
      if (!places.count(o.from) || !places.count(o.to) || o.from == o.to) continue;
      if (o.from == t.from || o.from == t.to || o.to == t.from || o.to == t.to) continue;
      others.push_back(Segment{box(o.from).centre(), box(o.to).centre()});
    }
    const bool reverse = lanes.count({t.to, t.from}) > 0;
    const float offset =
        lane_offset(lane, lanes[{t.from, t.to}], reverse, kGraphLaneSpacing);
    out.emplace_back(
        route_edge(box(t.from), box(t.to), offset, obstacles, kGraphClearance, others));
  }
  return out;
}

}  // namespace anim::ui
