#pragma once
// The open document: a model, how it is playing, its setup, and the pose shown this frame. It is
// the single writer of all of it: panels read it (const) and queue their changes as Commands,
// which the tool applies once every panel has drawn; update() evaluates the pose once per frame,
// before any panel draws, so every panel of a frame shows the same pose.
#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "anim/blend_space.h"
#include "anim/import/animation_files.h"
#include "anim/model.h"
#include "anim/player.h"
#include "anim/sampling.h"
#include "anim/setup/root_motion.h"
#include "anim/setup/setup.h"
#include "anim/state_machine.h"
#include "anim/ui/model/blend_preview.h"
#include "anim/ui/model/clip_file_set.h"
#include "anim/ui/model/ik_ground.h"
#include "anim/ui/model/machine_run.h"
#include "anim/ui/model/pose_overrides.h"
#include "anim/ui/model/preview_recording.h"
#include "anim/ui/model/setup_history.h"
#include "anim/ui/model/setup_session.h"
#include "anim/ui/model/weight_plots.h"
#include "anim/ui/scene/pose_overlays.h"
#include "anim/ui/scene/posed_model.h"

namespace anim::link {
struct Frame;
struct Watching;
}  // namespace anim::link

namespace anim::ui {

// How the pose is produced.
enum class PlaybackMode {
  kClip,         // The Player: one clip, or a crossfade between two.
  kBlend1D,      // Two or more clips on an axis, phase-synchronised, driven by a parameter.
  kStateMachine  // The setup's state machine.
};

class Document {
 public:
  // Takes the model; `path` is what it was loaded from (a file or "builtin:demo").
  Document(Model model, std::string path);

  const Model& model() const { return *model_; }
  const std::string& path() const { return path_; }

  // --- Playback (Timeline / Clips panels) ---
  bool play_clip(int clip);  // Starts a clip from 0, leaving blend / state-machine modes.
  bool crossfade_to(int clip, const CrossfadeOptions& options);
  void set_playing(bool playing) { playing_ = playing; }
  bool playing() const { return playing_; }
  void set_loop(bool loop);
  bool loop() const { return loop_; }
  void set_speed(float speed);
  float speed() const { return speed_; }
  // Scrubs the current clip to `seconds` (wrapped or clamped), keeping the playing state.
  void seek(float seconds);
  // Steps by whole frames of the current clip's key rate (frame_rate()), pausing playback.
  void step_frames(int frames);
  // Frames per second of the current clip (a 1D blend: its first clip): the clip's sample rate,
  // or kDefaultSampleRate (30) when unknown.
  float frame_rate() const;
  int current_clip() const { return player_.clip(); }
  float time() const;      // Seconds into the current clip (or normalized time * duration).
  float duration() const;  // Of the current clip; 0 without one.
  const Player& player() const { return player_; }
  PlaybackMode mode() const { return mode_; }

  // --- 1D blend (Blend panel) ---
  // Starts blending `clips` placed at `positions` (strictly increasing). False if invalid.
  bool start_blend(const std::vector<int>& clips, const std::vector<float>& positions);
  Blend1DState& blend() { return blend_.state(); }
  const Blend1DState& blend() const { return blend_.state(); }
  // Weight of each blend clip right now (same order as blend().space.clips).
  std::vector<float> blend_weights() const { return blend_.weights(); }

  // --- State machine (a setup opened with the model, or made in the tool) ---
  // Compiles `setup` against the model's clips and runs it; the Error lists the problems.
  Status attach_setup(setup::Setup setup, std::string setup_path);
  // As attach_setup, for a setup that exists in no file yet (one made from a package's state
  // machine): setup_path() is empty and it counts as unsaved, so Save asks where.
  Status attach_unsaved_setup(setup::Setup setup);
  // A setup brought back from a recovery copy (recovery.h): attached with unsaved changes under
  // `setup_path` (empty for one in no file yet), so Save writes it there. Unlike attach_setup it
  // is taken even with errors, which then show in setup_problems() while no state machine runs
  // until they are fixed: recovered work is never refused.
  void restore_setup(setup::Setup setup, std::string setup_path);
  // Opens a setup read from its file `setup_path` even when it has errors (a transition naming
  // "Runn"): the session starts clean in that file with its problems in setup_problems(), the
  // graph and tables edit it, and no state machine runs (state_machine() is null) until an edit
  // makes it valid, when it starts and plays. Without errors it is attach_setup. Returns how many
  // errors it has.
  std::size_t open_setup(setup::Setup setup, std::string setup_path);
  // Whether the setup waits for its errors to be fixed before its state machine runs.
  bool setup_waits_for_fixes() const { return waits_for_fixes_; }
  // Starts a setup for this model: one looping state per clip, the first the default. It
  // exists in no file yet (setup_path() is empty, and it counts as unsaved).
  void new_setup();
  bool has_setup() const { return session_.active(); }
  const setup::Setup* setup() const { return session_.setup(); }
  const std::string& setup_path() const { return session_.path(); }
  // The running state machine: the last version of the setup without errors.
  StateMachineInstance* state_machine() { return run_.instance(); }
  const StateMachineInstance* state_machine() const { return run_.instance(); }
  // Root motion as the viewport shows it: in place (the pose as the machine gives it, false) or
  // in the world (true: the pose moved by where root motion took the character since the
  // machine started, so it walks over the grid; the root's trail draws its path).
  void set_root_motion_in_world(bool in_world);
  bool root_motion_in_world() const { return in_world_; }
  // Where root motion took the character since the machine started (the identity when the setup
  // does not move it).
  const RootMotion& world_place() const { return run_.world(); }
  // The pose (and its ghosts) shown moved by world_place(): the state machine plays, moves the
  // character, and View > Root motion is "In the world" (the IK overlay moves its targets alike).
  bool shown_in_world() const;
  // The state machine plays in the viewport again. A machine left for a clip, a crossfade or a
  // blend was kept paused with its history: it resumes where it was, the history going on;
  // one replaced or restarted since starts its recording afresh.
  void use_state_machine();
  // Starts the running machine over: its default state, every parameter at its default.
  void restart_state_machine();
  // Whether the setup's default state changed since the running machine started (it plays on
  // from the old one: the graph offers Restart), and the default it started from.
  bool default_changed_since_start() const { return run_.default_moved(); }
  const std::string& machine_started_from() const { return run_.started_from(); }
  // What the viewport plays, in words for the graph's header and the status bar: "state machine",
  // "clip walk", "crossfade run -> walk", "1D blend".
  std::string playing_text() const;
  // Sends the running machine's layer `layer` (empty: the base) to the state named `state` (a
  // leaf, by its path: "Locomotion/Run") by its shortest path of transitions
  // (StateMachineInstance::travel), playing. What came of it, in words for the status line, is
  // travel_note(): on the way, already there, or why not ("no path of transitions from Idle to
  // Lost").
  void travel(const std::string& layer, const std::string& state);
  const std::string& travel_note() const { return travel_note_; }
  // How many times travel() was asked, so that the same note twice is news twice.
  int travels() const { return travels_; }

  // --- Ground (the IK panel; the feet entries stand on it) ---
  // The running machine's ground (StateMachineInstance::set_ground): planes the document owns,
  // handed to the machine before each evaluate, so a rebuilt machine stands on them too. On at
  // height 0 without tilt or step by default. The settings are clamped (ik_ground.h).
  void set_ground(const GroundSettings& ground);
  const GroundSettings& ground() const { return ground_; }

  // --- History (the State machine workspace's strip) ---
  // While the state machine plays, each update is recorded: the last 30 s (PreviewRecording).
  // A recording starts over whenever the running machine is replaced (a setup edit, undo, redo,
  // a restart); a clip, crossfade or blend played meanwhile pauses it (the machine does not
  // move), and choosing the state machine again goes on with it. Its transition trace is always
  // on.
  const PreviewRecording& recording() const { return run_.recording(); }
  // Shows recorded frame `frame` (0 the oldest kept), paused: the machine, its parameters and
  // transition trace, and so the pose and the graph, as that frame left them. A view of the
  // past, not an edit: no undo step, the setup stays as it is. While paused it stays as
  // recorded; playing on from it drops the frames after it. False (nothing changes) for a
  // frame not recorded or while the state machine does not play.
  bool rewind_to(std::size_t frame);
  // Back to the newest recorded frame, playing.
  void go_live();
  // The recorded frame shown, or -1 while the machine is live.
  int rewound_frame() const { return run_.rewound(); }

  // --- Attached to a game (issue 29: File > Attach to game, attach_session.h) ---
  // Empty when `watching` (a game's character's description) is the running machine's; else
  // the difference, in words (description_mismatch), or why no machine can follow it.
  std::string game_mismatch(const link::Watching& watching) const;
  // Shows one of the game's frames (of a description game_mismatch accepts), `dt` seconds after
  // the one before: from the first, the state machine follows the game instead of playing
  // itself (update() only evaluates), and its recording is the game's (MachineRun::follow), so
  // the graph, the Parameters values, the history strip and rewind show the game's character.
  // False, changing nothing, when the frame does not fit the running machine.
  bool follow_game_frame(const link::Frame& frame, float dt);
  // Back to playing the machine here, from the state the game's character was last shown in.
  void stop_following_game();
  bool following_game() const { return run_.following(); }
  // While following a game, a parameter edit (Commands::set_parameter, set_vector: the
  // Parameters sidebar, the IK gizmos) is for the game, whose frames set the values here: it is
  // queued for the attach session to send (take_game_edits) instead of changing the machine.
  struct GameEdit {
    int parameter = -1;  // In the running machine's def (the game's description matches it).
    enum class Kind { kValue, kTrigger, kVector } kind = Kind::kValue;
    float value = 0.0f;
    glm::vec3 vector{0.0f};
  };
  void queue_game_edit(const GameEdit& edit) { game_edits_.push_back(edit); }
  std::vector<GameEdit> take_game_edits() { return std::move(game_edits_); }

  // --- Editing the setup (Setup panel) ---
  // Makes `edited` the setup, undoably, as the edit `what` ("rename state"). It is checked
  // at once (setup_problems()); without errors it replaces the running state machine, which
  // goes on from where the previous one was (StateMachineInstance::continue_from; the same for
  // undo and redo); with errors the previous one keeps running.
  void edit_setup(setup::Setup edited, std::string what);
  bool undo_setup_edit();
  bool redo_setup_edit();
  const SetupHistory& setup_history() const { return session_.history(); }
  bool setup_dirty() const { return session_.dirty(); }
  // Every problem of the current setup (validate_setup), errors and warnings.
  const std::vector<Diagnostic>& setup_problems() const { return session_.problems(); }
  // Saves the setup to `path` (atomically) and makes it the setup's file. A relative model
  // path is rewritten to stay correct from the new folder.
  Status save_setup_as(const std::string& path);

  // --- Clip files: clips read from other files than the model's ---
  // With a setup they are its "animations" (edits to them are setup edits, undoable and
  // saved); without one, the files added to the model directly (Unity-style companions,
  // File > Add animations), which a new setup takes over. The app loads them in the background:
  // when clip_files_outdated(), it loads wanted_clip_files() and hands them to set_clip_files().
  const std::vector<setup::SetupAnimation>& clip_file_entries() const;
  std::vector<import::AnimationFile> wanted_clip_files() const;
  bool clip_files_outdated() const;
  // Clips of the model's own file come first; clip-file clips follow.
  std::size_t own_clip_count() const { return clip_files_.own_clip_count(); }
  // Adds files (paths from the working folder); ones listed already are skipped. With a setup,
  // each is written relative to the setup's folder when it lies under it.
  void add_clip_files(const std::vector<std::string>& paths);
  // Removes the entry `entry` of clip_file_entries(); false for a bad index.
  bool remove_clip_file(int entry);
  void request_clip_file_reload() { clip_files_.request_reload(); }
  // Installs freshly loaded clips in place of the previous clip-file clips. Playback keeps the
  // clip of the same name where it still exists; the state machine is rebuilt.
  void set_clip_files(std::vector<import::AnimationFile> files, import::AnimationSet set);
  // Marks the clip files of the model as it was opened as loaded, with their problems.
  void adopt_clip_files(std::vector<import::AnimationFile> files, std::vector<Diagnostic> problems);
  const std::vector<Diagnostic>& clip_file_problems() const { return clip_files_.problems(); }
  // Clip files whose contents changed on disk since they were loaded (set by the app).
  void set_changed_clip_files(std::vector<std::string> paths) {
    clip_files_.set_changed(std::move(paths));
  }
  const std::vector<std::string>& changed_clip_files() const { return clip_files_.changed(); }
  // Grows whenever the set of clips changes, for panels that keep per-clip state.
  int clips_generation() const { return clip_files_.generation(); }
  // Which document and which set of its clips: panels that keep per-clip state (row order,
  // chosen clips) start over when it changes. Unlike the model's address, it is never reused.
  struct Stamp {
    std::uint64_t document = 0;
    int clips = -1;
    bool operator==(const Stamp& o) const { return document == o.document && clips == o.clips; }
    bool operator!=(const Stamp& o) const { return !(*this == o); }
  };
  Stamp stamp() const { return {serial_, clip_files_.generation()}; }

  // --- Pose overrides (the viewport's rotate gizmo) ---
  // An extra rotation of `joint` in its own frame, applied on top of whatever plays, to see
  // how the skin follows. Inspection only: never saved, gone with the document. False for a
  // joint the model lacks.
  bool set_rotation_override(int joint, const glm::quat& rotation);
  void clear_rotation_override(int joint);
  void clear_rotation_overrides();
  bool has_rotation_override(int joint) const { return overrides_.has(joint); }
  bool has_rotation_overrides() const { return overrides_.any(); }
  // Identity for a joint without one.
  glm::quat rotation_override(int joint) const { return overrides_.rotation(joint); }

  // --- Per frame ---
  // Advances playback by dt seconds (when playing) and recomputes the pose.
  void update(float dt);
  // The local pose shown: what plays, with the rotation overrides applied.
  Span<const Transform> local_pose() const { return shown_; }
  const PosedModel& posed() const { return posed_; }
  // Why the pose shown is not what plays (a job refused its input); empty when it is.
  const std::string& pose_problem() const { return pose_problem_; }
  // Recent weights of the shown clips/states for plots (weight_plots.h), one value per update.
  // In the state machine, one series per state, in order.
  static constexpr std::size_t kHistory = WeightPlots::kHistory;
  using WeightSeries = WeightPlots::Series;
  const std::vector<WeightSeries>& weight_plots() const { return plots_.series(); }
  // Empty for a series that does not exist.
  const std::deque<float>& weight_history(std::size_t series) const {
    return plots_.values(series);
  }
  std::size_t weight_series() const { return plots_.series().size(); }
  // The state machine's latest events, newest last, at most kRecentEvents; `age` is seconds of
  // playback since it fired.
  using RecentEvent = MachineRun::RecentEvent;
  static constexpr std::size_t kRecentEvents = MachineRun::kRecentEvents;
  const std::deque<RecentEvent>& recent_events() const { return run_.recent_events(); }

  // --- Overlays (the viewport's ghosts and onion skin) ---
  // What to evaluate besides the pose from the next evaluation on (the tool sets it from the
  // view settings before update()). Ghosts: the two ends of a crossfade, or of the base
  // machine's running transition (its layers are not applied to them). Onion skin: frames of
  // the playing clip in clip mode, none in the other modes.
  void set_overlay_request(const OverlayRequest& request);
  const PoseOverlays& overlays() const { return overlays_; }

  // Number of vertices each joint influences (computed once).
  const std::vector<uint32_t>& influenced_vertices() const { return influenced_; }

 private:
  Status attach(setup::Setup setup, std::string setup_path, bool saved);
  void evaluate();
  // What each weight series would record now.
  std::vector<WeightPlots::Now> weights_now() const;
  void record_weights();
  void evaluate_overlays();
  // Validates and compiles the current setup; when it compiles, its machine replaces the
  // running one, from its default state or (kGoOn, after an edit, undo or redo) going on from
  // the running one's current state, time and parameter values.
  enum class MachineStart { kFresh, kGoOn };
  void apply_setup(MachineStart how = MachineStart::kFresh);
  // The state weight plots' series for `after`'s states: a state's series goes on under its
  // name, a new state's starts at 0.
  void keep_state_history(const StateMachineDef& after);
  // Makes `entries` the clip files: the setup's, as the edit `what`, or without one the loose
  // ones.
  void set_clip_file_entries(std::vector<setup::SetupAnimation> entries, std::string what);

  std::uint64_t serial_;          // Unique per document in this process (stamp()).
  std::unique_ptr<Model> model_;  // Stable address: players and instances point into it.
  std::string path_;
  Player player_;
  PlaybackMode mode_ = PlaybackMode::kClip;
  bool playing_ = true;
  bool loop_ = true;
  float speed_ = 1.0f;
  BlendPreview blend_;
  SetupSession session_;          // The setup with its undo history, and what it compiles to.
  MachineRun run_;                // The machine of its last version without errors, as it runs.
  bool in_world_ = false;         // View > Root motion: the character walks over the grid.
  bool waits_for_fixes_ = false;  // setup_waits_for_fixes().
  int travels_ = 0;               // travels().
  std::string travel_note_;       // What the last travel() came to, for the status line.
  std::vector<Transform> local_;  // What plays.
  std::vector<Transform> shown_;  // local_ with the overrides.
  PoseOverrides overrides_;
  PosedModel posed_;
  PoseOverlays overlays_;
  std::string pose_problem_;
  WeightPlots plots_;
  std::vector<uint32_t> influenced_;
  ClipFileSet clip_files_;
  GroundSettings ground_;
  std::array<GroundPlane, 2> ground_plane_list_{};
  GroundPlanes ground_planes_;  // Points into ground_plane_list_ (set before each evaluate).
  // A game's frame as restore_state takes it (follow_game_frame), sized once per machine.
  std::vector<StateMachineInstance::SavedParameter> game_parameters_;
  std::vector<StateMachineInstance::SavedLayer> game_layers_;
  std::vector<GameEdit> game_edits_;  // For the game, until take_game_edits().

};

}  // namespace anim::ui
