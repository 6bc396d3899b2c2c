#include "anim/ui/model/setup_session.h"

#include <utility>

#include "anim/setup/ik.h"

namespace anim::ui {

void SetupSession::start(setup::Setup setup, std::string path, bool saved) {
  edits_.reset(std::move(setup), saved);
  active_ = true;
  path_ = std::move(path);
}

void SetupSession::edit(setup::Setup edited, std::string what) {
  if (active_) edits_.push(std::move(edited), std::move(what));
}

bool SetupSession::MotionSource::operator==(const MotionSource& o) const {
  if (clips != o.clips || entries_move != o.entries_move ||
      settings.has_value() != o.settings.has_value()) {
    return false;
  }
  if (!settings) return true;
  const RootMotionSettings &a = *settings, &b = *o.settings;
  return a.joint == b.joint && a.axes[0] == b.axes[0] && a.axes[1] == b.axes[1] &&
         a.axes[2] == b.axes[2] && a.yaw == b.yaw && a.up == b.up;
}

std::shared_ptr<const setup::RootMotionClips> SetupSession::root_motion_clips(const Model& model,
                                                                              int clips) {
  const setup::Setup& setup = edits_.current();
  Result<std::optional<RootMotionSettings>> settings = root_motion_settings(setup, model);
  if (!settings.ok()) {
    problems_.push_back(
        {Diagnostic::Severity::kError, settings.error().path, settings.error().message});
    return nullptr;
  }
  MotionSource source{settings.value(), {}, clips};
  for (const setup::SetupAnimation& entry : setup.animations)
    source.entries_move.push_back(entry.root_motion);
  if (motion_ && source == motion_source_) return motion_;
  Result<setup::RootMotionClips> motion = apply_root_motion(setup, model);
  if (!motion.ok()) {
    problems_.push_back(
        {Diagnostic::Severity::kError, motion.error().path, motion.error().message});
    return nullptr;
  }
  motion_source_ = std::move(source);
  motion_ = std::make_shared<const setup::RootMotionClips>(std::move(motion).value());
  return motion_;
}

std::optional<SetupSession::Build> SetupSession::build(const Model& model, int clips) {
  if (!active_) return std::nullopt;
  std::vector<std::string> clip_names;
  std::vector<float> durations;
  for (const Clip& clip : model.clips) {
    clip_names.push_back(clip.name);
    durations.push_back(clip.duration);
  }
  problems_ = validate_setup(edits_.current(), clip_names, durations, model.skeleton.names,
                             model.skeleton.parents);
  Result<StateMachineDef> def = compile_setup(edits_.current(), model.clips);
  if (!def.ok()) return std::nullopt;
  std::shared_ptr<const setup::RootMotionClips> motion = root_motion_clips(model, clips);
  if (!motion) return std::nullopt;
  Build out{std::make_unique<StateMachineDef>(std::move(def).value()), std::move(motion)};
  mark_root_motion(*out.motion, out.def.get());
  // Joints the skeleton lacks are in problems_ already (validate_setup was given the skeleton).
  if (!setup::resolve_ik(edits_.current(), model.skeleton, out.def.get()).ok()) return std::nullopt;
  return out;
}

Status SetupSession::save_as(const std::string& path) {
  if (!active_) return Error{Error::Code::kInvalidArgument, "no setup to save", path};
  setup::Setup setup = edits_.current();
  // Paths are relative to the setup's folder: keep them pointing at the same files.
  if (!setup.model.empty() && !setup::is_builtin_model(setup.model)) {
    setup.model = setup::rebase_setup_relative(path_, path, setup.model);
  }
  for (setup::SetupAnimation& a : setup.animations)
    a.file = setup::rebase_setup_relative(path_, path, a.file);
  Status saved = save_setup(setup, path);
  if (!saved.ok()) return saved;
  const setup::Setup& before = edits_.current();
  bool moved = setup.model != before.model;
  for (std::size_t i = 0; i < setup.animations.size(); ++i) {
    moved = moved || setup.animations[i].file != before.animations[i].file;
  }
  if (moved) edits_.push(setup, "move the setup");  // Only file paths changed.
  edits_.mark_saved();
  path_ = path;
  return Ok{};
}

}  // namespace anim::ui
