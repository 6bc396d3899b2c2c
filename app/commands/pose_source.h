#pragma once
// What `pose`, `render` and `play` take a pose from, set up once for the three: a model or a
// setup (opened with its clip files) or a package; the clips one is sampled from; the state
// machine a setup or package carries, with the clips it plays. And the two ways two of them pose
// it, a clip at a time (sample) or the machine run for that long (run_machine), so that each
// command shows the same frame for the same input and --set script.
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "anim/clip_set.h"
#include "anim/package.h"
#include "anim/result.h"
#include "anim/state_machine.h"
#include "cli/scripted_run.h"
#include "commands/command_input.h"

namespace anim::app {

class PoseSource {
 public:
  // Opens `path`: a package (open_package; `anim_files` are not for packages and are not read),
  // or a model, builtin:demo or setup with the clip files `anim_files` (open_input). Nothing
  // after printing why not.
  static std::optional<PoseSource> open(const std::string& path,
                                        const std::vector<std::string>& anim_files,
                                        std::ostream& err);

  // Compiles an opened setup's state machine (compile_machine); a package's needs nothing, a
  // model has none. False after printing why it does not compile. Apart from open, since a
  // command that samples a clip may not need the machine.
  bool prepare_machine(std::ostream& err);

  bool is_package() const { return package_.has_value(); }
  // What problems with the pose name: the package, or the model file (a setup's model).
  const std::string& path() const { return path_; }
  const Skeleton& skeleton() const;
  // The clips to sample one at a time: a package's compressed ones, a model's float ones. Valid
  // while this source is.
  ClipSet clips() const;
  const std::vector<std::string>& clip_names() const { return clip_names_; }
  // The state machine: a package's, or a prepared setup's; null for a model, a package packed
  // from one, or a setup not yet prepared.
  const StateMachineDef* machine() const;
  // What the machine plays: with root motion, the clips in place (the pose stays on the spot).
  ClipSet machine_clips() const;
  // What was opened: the package, or the model (with its setup); the other is null.
  const Package* package() const { return package_ ? &*package_ : nullptr; }
  const LoadedInput* input() const { return input_ ? &*input_ : nullptr; }
  LoadedInput* input() { return input_ ? &*input_ : nullptr; }

  // The local pose of clip `clip` (an index into clips()) at `time` seconds, not wrapped; an
  // Error naming path() when the clip does not fit the skeleton.
  Result<std::vector<Transform>> sample(int clip, float time) const;

 private:
  std::string path_;
  std::optional<Package> package_;
  std::optional<LoadedInput> input_;
  std::optional<CompiledMachine> compiled_;
  std::vector<std::string> clip_names_;
};

// Seconds per step of `pose`'s run_machine (`play`'s default rate, 60 Hz).
constexpr float kPoseStep = 1.0f / 60.0f;

// What a caller of run_machine may do during the run (render records trails, follows the root
// and takes ghosts). Each does nothing by default.
class MachineRunWatcher {
 public:
  virtual ~MachineRunWatcher() = default;
  // At every frame, from time 0 to the last, before that frame's step: false stops the run (the
  // pose then does not fit, the run's Error).
  virtual bool frame(StateMachineInstance& /*machine*/, float /*time*/) { return true; }
  // After each step.
  virtual void stepped(const StateMachineInstance& /*machine*/) {}
  // After the last frame's pose was taken.
  virtual void finished(const StateMachineInstance& /*machine*/) {}
};

// The local pose the machine of `source` (which must have one) reaches over its machine_clips()
// after `time` seconds in steps of `step` from its default state, with the script's changes and
// travels applied as `play` applies them (ScriptedRun). The Error, for clips that do not fit the
// skeleton or a watcher that stops the run, has no path: each command names its own input.
// Travels that could not start are added to `travel_problems` ("travel at 0.5 s: no path ...").
Result<std::vector<Transform>> run_machine(const PoseSource& source, MachineScript script,
                                           float time, float step,
                                           MachineRunWatcher* watcher = nullptr,
                                           std::vector<std::string>* travel_problems = nullptr);

}  // namespace anim::app
