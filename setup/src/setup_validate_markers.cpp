// Validation of a setup's sync markers and of what syncs on them (setup_markers.h).
#include <algorithm>
#include <map>
#include <set>

#include "anim/find_by_name.h"
#include "setup_markers.h"
#include "setup_nesting.h"
#include "validate_text.h"

namespace anim::setup {
namespace {

using namespace validate_text;
using Severity = Diagnostic::Severity;

class MarkerChecks {
 public:
  MarkerChecks(const Setup& setup, const std::vector<std::string>& clips,
               const std::vector<float>& durations, std::vector<Diagnostic>* found)
      : setup_(setup), clips_(clips), durations_(durations), found_(found) {}

  void run() {
    for (const MarkerSource& source : marker_sources(setup_)) check_source(source);
    for (std::size_t i = 0; i < setup_.blend_spaces.size(); ++i) {
      const SetupBlendSpace& b = setup_.blend_spaces[i];
      if (b.sync != SyncMode::kMarkers) continue;
      const std::string at = "/blend_spaces/" + std::to_string(i) + "/sync";
      for (const SetupBlendPoint& p : b.points) warn_unmarked(p.clip, at);
    }
    check_transitions(setup_.states, setup_.transitions, "");
    find_members(setup_.states, "");
    for (std::size_t i = 0; i < setup_.layers.size(); ++i) {
      const SetupLayer& layer = setup_.layers[i];
      check_transitions(layer.states, layer.transitions, "/layers/" + std::to_string(i));
      find_members(layer.states, "/layers/" + std::to_string(i));
    }
    check_groups();
  }

 private:
  void error(std::string pointer, std::string message) {
    found_->push_back({Severity::kError, std::move(pointer), std::move(message)});
  }

  void check_source(const MarkerSource& source) {
    const bool entry = source.pointer.rfind("/animations/", 0) == 0;
    if (source.clip.empty()) {
      error(source.pointer + (entry ? "/markers" : "/name"),
            entry ? "markers belong to one clip: give the entry its \"clip\" or \"as\""
                  : "clip name is empty");
      return;
    }
    if (std::find(clips_.begin(), clips_.end(), source.clip) == clips_.end()) {
      error(source.pointer + (entry ? "/markers" : "/name"),
            "unknown clip " + in_quotes(source.clip) + suggestion(source.clip, clips_));
    }
    // An entry without markers gives none: it is no second place for them.
    if (source.markers->empty()) return;
    const auto [first, fresh] = given_at_.emplace(source.clip, source.pointer);
    if (!fresh) {
      error(source.pointer, "markers of clip " + in_quotes(source.clip) +
                                " are given twice (first at " + first->second + ")");
    }
    for (std::size_t j = 0; j < source.markers->size(); ++j) {
      const SetupMarker& m = (*source.markers)[j];
      const std::string at = source.pointer + "/markers/" + std::to_string(j);
      if (m.name.empty()) error(at + "/name", "marker name is empty");
      check_clip_time(source.clip, m.time, at + "/time", clips_, durations_, found_);
      marked_.insert(source.clip);
    }
  }

  // A clip named in a place synced by markers, without any: it follows normalized time.
  void warn_unmarked(const std::string& clip, const std::string& at) {
    if (marked_.count(clip) != 0 || std::find(clips_.begin(), clips_.end(), clip) == clips_.end())
      return;
    if (!warned_.insert({at, clip}).second) return;
    found_->push_back(
        {Severity::kWarning, at,
         "clip " + in_quotes(clip) + " has no sync markers: it follows normalized time"});
  }

  // The clips a state plays: its clip, or its blend space's points.
  void warn_state(const std::vector<SetupState>& states, const std::string& name,
                  const std::string& at) {
    const SetupState* state = find_state_path(states, name);
    if (state != nullptr) warn_motion(*state, at);
  }

  void warn_motion(const SetupState& state, const std::string& at) {
    if (state.is_machine()) return;
    const std::string& motion = state.motion;
    const int space = find_by_name(setup_.blend_spaces, motion);
    if (space < 0) return warn_unmarked(motion, at);
    for (const SetupBlendPoint& p : setup_.blend_spaces[static_cast<std::size_t>(space)].points) {
      warn_unmarked(p.clip, at);
    }
  }

  // The states that join sync groups, in the machine whose "states" lie at `machine`, and in the
  // machines inside its states.
  void find_members(const std::vector<SetupState>& states, const std::string& machine) {
    for (std::size_t i = 0; i < states.size(); ++i) {
      const SetupState& s = states[i];
      const std::string at = machine + "/states/" + std::to_string(i);
      if (s.is_machine()) find_members(s.machine->states, at + "/machine");
      if (!s.sync_group.empty()) members_[s.sync_group].push_back({&s, at + "/sync_group"});
    }
  }

  // A group keeps its place between sync markers only where both clips have them: when some of
  // its clips have markers, the ones without follow normalized time, which the author should know.
  void check_groups() {
    for (const auto& [group, members] : members_) {
      if (members.size() < 2) continue;
      bool any_marked = false;
      for (const Member& m : members) any_marked = any_marked || plays_marked(*m.state);
      if (!any_marked) continue;
      for (const Member& m : members) {
        warn_motion(*m.state, m.pointer);
      }
    }
  }

  // Whether a clip `state` plays has markers.
  bool plays_marked(const SetupState& state) const {
    const int space = find_by_name(setup_.blend_spaces, state.motion);
    if (space < 0) return marked_.count(state.motion) != 0;
    for (const SetupBlendPoint& p : setup_.blend_spaces[static_cast<std::size_t>(space)].points) {
      if (marked_.count(p.clip) != 0) return true;
    }
    return false;
  }

  void check_transitions(const std::vector<SetupState>& states,
                         const std::vector<SetupTransition>& transitions,
                         const std::string& machine) {
    for (std::size_t i = 0; i < transitions.size(); ++i) {
      const SetupTransition& t = transitions[i];
      if (t.sync != SyncMode::kMarkers) continue;
      const std::string at = machine + "/transitions/" + std::to_string(i) + "/sync";
      if (t.from != "*") warn_state(states, t.from, at);
      warn_state(states, t.to, at);
    }
  }

  const Setup& setup_;
  const std::vector<std::string>& clips_;
  const std::vector<float>& durations_;
  std::vector<Diagnostic>* found_;
  std::map<std::string, std::string> given_at_;  // Clip -> where its markers are given.
  std::set<std::string> marked_;                 // Clips with at least one marker.
  std::set<std::pair<std::string, std::string>> warned_;
  struct Member {
    const SetupState* state;
    std::string pointer;  // Its "sync_group".
  };
  std::map<std::string, std::vector<Member>> members_;  // Sync group -> its states.
};

}  // namespace

void validate_markers(const Setup& setup, const std::vector<std::string>& clips,
                      const std::vector<float>& durations, std::vector<Diagnostic>* found) {
  MarkerChecks(setup, clips, durations, found).run();
}

}  // namespace anim::setup
