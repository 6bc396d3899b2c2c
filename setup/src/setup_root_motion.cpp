#include "anim/setup/root_motion.h"

#include <string>
#include <utility>

namespace anim::setup {
namespace {

Error error_at(const std::string& pointer, std::string message) {
  return Error{Error::Code::kInvalidData, std::move(message), pointer};
}

}  // namespace

Result<std::optional<RootMotionSettings>> root_motion_settings(const Setup& setup,
                                                               const Model& model) {
  if (!setup.root_motion) return std::optional<RootMotionSettings>();
  const SetupRootMotion& wanted = *setup.root_motion;
  const Skeleton& skeleton = model.skeleton;
  RootMotionSettings out;
  if (wanted.joint) {
    out.joint = -1;
    for (std::size_t j = 0; j < skeleton.names.size(); ++j) {
      if (skeleton.names[j] == *wanted.joint) out.joint = static_cast<int>(j);
    }
    if (out.joint < 0) {
      return error_at("/root_motion/joint", "unknown joint \"" + *wanted.joint + "\"");
    }
  } else {
    out.joint = topmost_animated_joint(skeleton, model.clips);
    if (out.joint < 0) {
      return error_at("/root_motion",
                      "the model's clips animate no joint, so nothing can move the character");
    }
  }
  const int up = model.up_axis.known() ? model.up_axis.axis : 1;
  out.up = up_vector(up, model.up_axis.known() ? model.up_axis.sign : 1);
  for (int axis = 0; axis < 3; ++axis) {
    const char letter = static_cast<char>('x' + axis);
    out.axes[axis] =
        wanted.translation ? wanted.translation->find(letter) != std::string::npos : axis != up;
  }
  out.yaw = wanted.yaw;
  return std::optional<RootMotionSettings>(out);
}

Result<RootMotionClips> apply_root_motion(const Setup& setup, const Model& model) {
  RootMotionClips out;
  Result<std::optional<RootMotionSettings>> settings = root_motion_settings(setup, model);
  if (!settings.ok()) return settings.error();
  if (!settings.value()) return out;
  out.clips = model.clips;
  out.joint = settings.value()->joint;
  out.tracks.resize(out.clips.size());
  for (std::size_t c = 0; c < out.clips.size(); ++c) {
    const ClipSource* source = model.clip_source(static_cast<int>(c));
    if (source != nullptr && source->entry >= 0 &&
        static_cast<std::size_t>(source->entry) < setup.animations.size() &&
        !setup.animations[static_cast<std::size_t>(source->entry)].root_motion) {
      out.tracks[c].duration = out.clips[c].duration;
      continue;
    }
    Result<RootMotionTrack> track =
        extract_root_motion(model.skeleton, *settings.value(), out.clips[c]);
    if (!track.ok()) return error_at("/root_motion", track.error().message);
    out.tracks[c] = std::move(track).value();
  }
  return out;
}

void mark_root_motion(const RootMotionClips& clips, StateMachineDef* def) {
  def->root_motion_joint = clips.joint;
}

}  // namespace anim::setup
