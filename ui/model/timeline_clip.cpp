#include "anim/ui/model/timeline_clip.h"

#include <algorithm>

#include "anim/blend_space.h"
#include "anim/blend_space_2d.h"

namespace anim::ui {
namespace {

bool valid_clip(const Document& doc, int clip) {
  return clip >= 0 && static_cast<std::size_t>(clip) < doc.model().clips.size();
}

int heaviest_1d(const StateMachineInstance& sm, const BlendSpace1DDef& space) {
  if (space.clips.empty()) return -1;
  const BlendSpaceWeights w = blend_space_weights(space, sm.value(space.parameter));
  // Half and half goes to the lower point, the one listed first.
  return space.clips[w.upper_weight > 0.5f ? w.upper : w.lower];
}

int heaviest_2d(const StateMachineInstance& sm, const BlendSpace2DDef& space) {
  const Point2 at{sm.value(space.parameter_x), sm.value(space.parameter_y)};
  const BlendSpace2DWeights w = blend_space_2d_weights(space, at);
  if (w.count == 0) return -1;
  int best = 0;
  for (int i = 1; i < w.count; ++i) {
    const bool tie = w.weights[i] == w.weights[best];
    if (w.weights[i] > w.weights[best] || (tie && w.points[i] < w.points[best])) best = i;
  }
  return space.clips[w.points[best]];
}

}  // namespace

int state_clip(const StateMachineInstance& sm, int state) {
  const StateMachineDef& def = sm.def();
  if (state < 0 || static_cast<std::size_t>(state) >= def.states.size()) return -1;
  const MotionRef& motion = def.states[state].motion;
  const auto index = static_cast<std::size_t>(motion.index);
  switch (motion.kind) {
    case MotionRef::Kind::kClip:
      return motion.index;
    case MotionRef::Kind::kBlendSpace:
      return index < def.blend_spaces.size() ? heaviest_1d(sm, def.blend_spaces[index]) : -1;
    case MotionRef::Kind::kBlendSpace2D:
      return index < def.blend_spaces_2d.size() ? heaviest_2d(sm, def.blend_spaces_2d[index]) : -1;
  }
  return -1;
}

TimelineClip timeline_clip(const Document& doc) {
  TimelineClip shown;
  switch (doc.mode()) {
    case PlaybackMode::kClip:
      shown.clip = doc.current_clip();
      break;
    case PlaybackMode::kBlend1D:
      if (!doc.blend().space.clips.empty()) shown.clip = doc.blend().space.clips.front();
      break;
    case PlaybackMode::kStateMachine: {
      const StateMachineInstance* sm = doc.state_machine();
      if (sm == nullptr || sm->active_states().empty()) return shown;
      // The newest active state is the current one (a transition's destination).
      const StateMachineInstance::ActiveState& now =
          sm->active_states()[sm->active_states().size() - 1];
      const int clip = state_clip(*sm, now.state);
      if (!valid_clip(doc, clip)) return shown;
      shown.clip = clip;
      shown.state = now.state;
      shown.duration = doc.model().clips[clip].duration;
      shown.time = std::clamp(now.normalized_time, 0.0f, 1.0f) * shown.duration;
      shown.has_playhead = true;
      return shown;
    }
  }
  if (!valid_clip(doc, shown.clip)) return TimelineClip{};
  // The document's own time and duration: the ones seeking moves.
  shown.duration = doc.duration();
  shown.time = doc.time();
  shown.has_playhead = true;
  return shown;
}

TimelineClip still_clip(const Document& doc, int clip) {
  TimelineClip shown;
  if (!valid_clip(doc, clip)) return shown;
  shown.clip = clip;
  shown.duration = doc.model().clips[clip].duration;
  return shown;
}

std::string timeline_clip_name(const Document& doc, const TimelineClip& shown) {
  if (!valid_clip(doc, shown.clip)) return {};
  const std::string& clip = doc.model().clips[shown.clip].name;
  const StateMachineInstance* sm = doc.state_machine();
  if (shown.state < 0 || sm == nullptr ||
      static_cast<std::size_t>(shown.state) >= sm->def().states.size()) {
    return clip;
  }
  return sm->def().states[shown.state].name + ": " + clip;
}

}  // namespace anim::ui
