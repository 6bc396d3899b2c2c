#include "commands/pose_source.h"

#include <cstdio>
#include <utility>

#include "anim/sampling.h"
#include "loading/package_input.h"

namespace anim::app {

std::optional<PoseSource> PoseSource::open(const std::string& path,
                                           const std::vector<std::string>& anim_files,
                                           std::ostream& err) {
  PoseSource source;
  source.path_ = path;
  if (is_package_path(path)) {
    source.package_ = open_package(path, err);
    if (!source.package_) return std::nullopt;
    for (const CompressedClip& c : source.package_->clips) source.clip_names_.push_back(c.name);
    return source;
  }
  source.input_ = open_input(path, anim_files, err);
  if (!source.input_) return std::nullopt;
  source.path_ = source.input_->model.source_path;
  for (const Clip& c : source.input_->model.clips) source.clip_names_.push_back(c.name);
  return source;
}

bool PoseSource::prepare_machine(std::ostream& err) {
  if (!input_ || !input_->setup || compiled_) return true;
  compiled_ = compile_machine(*input_, err);
  return compiled_.has_value();
}

const Skeleton& PoseSource::skeleton() const {
  return package_ ? package_->skeleton : input_->model.skeleton;
}

ClipSet PoseSource::clips() const {
  return package_ ? ClipSet(package_->clips) : ClipSet(input_->model.clips);
}

const StateMachineDef* PoseSource::machine() const {
  if (package_) return package_->has_state_machine ? &package_->state_machine : nullptr;
  return compiled_ ? &compiled_->def : nullptr;
}

ClipSet PoseSource::machine_clips() const {
  if (package_) return ClipSet(package_->clips).with_root_motion(package_->root_motion);
  return compiled_ ? compiled_->clips(*input_) : ClipSet(input_->model.clips);
}

Result<std::vector<Transform>> PoseSource::sample(int clip, float time) const {
  const Skeleton& s = skeleton();
  const ClipSet set = clips();
  std::vector<Transform> local = s.rest;
  SoaPose soa_rest = make_soa_pose(s.joint_count());
  SoaPose soa = make_soa_pose(s.joint_count());
  to_soa(s.rest, soa_rest);
  ClipCursor cursor;
  cursor.reserve(set, s.joint_count());
  const ClipSamplingJob job{set, static_cast<std::size_t>(clip), time, &cursor, soa_rest, soa};
  if (!job.run()) {
    return Error{Error::Code::kInvalidData,
                 "clip \"" + clip_names_[clip] + "\" does not fit the skeleton", path_};
  }
  from_soa(soa, local);
  return local;
}

Result<std::vector<Transform>> run_machine(const PoseSource& source, MachineScript script,
                                           float time, float step, MachineRunWatcher* watcher,
                                           std::vector<std::string>* travel_problems) {
  const Skeleton& skeleton = source.skeleton();
  const ClipSet clips = source.machine_clips();
  StateMachineInstance machine(*source.machine(), skeleton, clips);
  ScriptedRun run(machine, std::move(script.changes), step, std::move(script.travels),
                  std::move(script.ground));
  const Error misfit{Error::Code::kInvalidData, "the state machine's clips do not fit the skeleton",
                     ""};
  for (long frame = run.frames_until(time); frame >= 0; --frame) {
    if (watcher && !watcher->frame(machine, run.time())) return misfit;
    if (frame > 0) {
      run.step();
      if (travel_problems) {
        for (const std::string& problem : run.travel_problems()) {
          // The time after the step, as `play` says it.
          char at[32];
          std::snprintf(at, sizeof(at), "%g", static_cast<double>(run.time()));
          travel_problems->push_back("travel at " + std::string(at) + " s: " + problem);
        }
      }
      if (watcher) watcher->stepped(machine);
    }
  }
  std::vector<Transform> local(skeleton.joint_count());
  if (!machine.evaluate(local)) return misfit;
  if (watcher) watcher->finished(machine);
  return local;
}

}  // namespace anim::app
