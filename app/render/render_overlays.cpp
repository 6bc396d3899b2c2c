#include "render/render_overlays.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <string>
#include <vector>

#include "anim/setup/setup.h"
#include "anim/ui/scene/posed_model.h"
#include "cli/comma_list.h"

namespace anim::app {

namespace {

constexpr TransitionBlend kBlends[] = {TransitionBlend::kCrossfade, TransitionBlend::kInertialize,
                                       TransitionBlend::kDeadBlend};

// The whole of `text` as a finite number.
bool read_number(const std::string& text, float* out) {
  if (text.empty()) return false;
  char* end = nullptr;
  *out = std::strtof(text.c_str(), &end);
  return end == text.c_str() + text.size() && std::isfinite(*out);
}

}  // namespace

Result<CrossfadeSpec> parse_crossfade(const std::string& text) {
  const Error bad{Error::Code::kInvalidArgument,
                  "--crossfade needs CLIP@SECONDS[,DURATION[,MODE]] (seconds >= 0, duration > 0), "
                  "got \"" +
                      text + "\"",
                  ""};
  const std::size_t at = text.rfind('@');
  if (at == std::string::npos || at == 0) return bad;
  CrossfadeSpec spec;
  spec.clip = text.substr(0, at);
  const std::vector<std::string> parts = split_at_commas(text.substr(at + 1));
  if (parts.size() > 3 || !read_number(parts[0], &spec.start) || spec.start < 0.0f) return bad;
  if (parts.size() >= 2 && (!read_number(parts[1], &spec.seconds) || !(spec.seconds > 0.0f))) {
    return bad;
  }
  if (parts.size() == 3) {
    const auto named = std::find_if(std::begin(kBlends), std::end(kBlends), [&](TransitionBlend b) {
      return parts[2] == setup::to_string(b);
    });
    if (named == std::end(kBlends)) {
      std::string names;
      for (const TransitionBlend b : kBlends) {
        names += std::string(names.empty() ? "" : ", ") + setup::to_string(b);
      }
      return Error{Error::Code::kInvalidArgument,
                   "--crossfade: unknown MODE \"" + parts[2] + "\" in \"" + text + "\" (one of " +
                       names + ")",
                   ""};
    }
    spec.blend = *named;
  }
  return spec;
}

void RenderOverlays::start_trails(float seconds, int joint_index) {
  joint_trail.set_length(seconds);
  root_trail.set_length(seconds);
  joint = joint_index;
}

bool RenderOverlays::record(const Model& model, Span<const Transform> local, float clock,
                            const glm::mat4& place) {
  ui::PosedModel posed;
  if (!posed.update(model, local)) return false;
  posed.move(place);
  const int root = ui::trail_root_joint(model);
  if (root >= 0) root_trail.record(clock, glm::vec3(posed.model_space[root][3]));
  if (joint >= 0 && static_cast<std::size_t>(joint) < posed.model_space.size()) {
    joint_trail.record(clock, glm::vec3(posed.model_space[joint][3]));
  }
  return true;
}

ClipPlayback::ClipPlayback(const Model& model, int clip, int fade_to, const CrossfadeSpec& fade)
    : model_(model),
      clip_(clip),
      fade_to_(fade_to),
      fade_(fade),
      player_(model.skeleton, model.clips) {}

bool ClipPlayback::pose_at(float time, std::vector<Transform>& out, RenderOverlays* overlays) {
  if (!player_.play(clip_, true)) return false;
  const bool fades = fade_to_ >= 0 && time > fade_.start;
  if (fades) {
    CrossfadeOptions options;
    options.seconds = fade_.seconds;
    options.blend = fade_.blend;
    if (switches_at_once(fade_.blend)) {
      // The pose carries its velocity over from the last step before the switch: a frame's, as
      // in the tool.
      const float last = std::min(fade_.start, 1.0f / kTrailRate);
      player_.update(fade_.start - last);
      player_.update(last);
    } else {
      player_.update(fade_.start);
    }
    if (!player_.crossfade(fade_to_, options)) return false;
    player_.update(time - fade_.start);
  } else {
    player_.update(time);
  }
  out.assign(player_.pose().begin(), player_.pose().end());
  if (!overlays) return true;
  if (overlays->poses.request().ghosts && player_.fading()) {
    overlays->poses.set_ghosts(model_, player_.fade_source_pose(), player_.fade_target_pose(),
                               player_.current_weight());
  }
  if (overlays->poses.request().onion_frames > 0) {
    overlays->poses.set_onion(model_, model_.clips[player_.clip()], player_.time(), true);
  }
  return true;
}

bool record_clip_trails(const Model& model, ClipPlayback& playback, float time,
                        RenderOverlays& overlays) {
  if (!overlays.trails()) return true;
  const float length = overlays.root_trail.length();
  const long steps = static_cast<long>(std::ceil(length * kTrailRate));
  std::vector<Transform> local;
  for (long k = steps; k >= 0; --k) {
    const float t = time - static_cast<float>(k) / kTrailRate;
    if (t < 0.0f) continue;
    if (!playback.pose_at(t, local) || !overlays.record(model, local, t)) return false;
  }
  return true;
}

}  // namespace anim::app
