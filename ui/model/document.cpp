#include "anim/ui/model/document.h"
#include "anim/setup/clip_files.h"

#include <algorithm>
#include <atomic>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/blending.h"
#include "anim/clip_sample_rate.h"
#include "anim/find_by_name.h"
#include "anim/setup/ik.h"

namespace anim::ui {

namespace {
std::atomic<std::uint64_t> next_serial{1};
}  // namespace

Document::Document(Model model, std::string path)
    : serial_(next_serial++),
      model_(std::make_unique<Model>(std::move(model))),
      path_(std::move(path)),
      player_(model_->skeleton, model_->clips),
      blend_(model_->skeleton, model_->clips),
      local_(model_->skeleton.rest),
      shown_(model_->skeleton.rest),
      influenced_(model_->influenced_vertex_counts()) {
  std::size_t own_clips = model_->clips.size();
  for (const ClipSource& source : model_->clip_sources) {
    own_clips = std::min(own_clips, static_cast<std::size_t>(source.clip));
  }
  clip_files_ = ClipFileSet(own_clips);
  // Start on the longest clip: a file's first clip is often a one-frame bind pose.
  int longest = -1;
  for (std::size_t i = 0; i < model_->clips.size(); ++i) {
    if (longest < 0 || model_->clips[i].duration > model_->clips[longest].duration) {
      longest = static_cast<int>(i);
    }
  }
  if (longest >= 0) player_.play(longest, loop_);
  evaluate();
}

bool Document::play_clip(int clip) {
  if (!player_.play(clip, loop_)) return false;
  mode_ = PlaybackMode::kClip;
  run_.hide();
  evaluate();
  return true;
}

bool Document::crossfade_to(int clip, const CrossfadeOptions& options) {
  CrossfadeOptions o = options;
  o.loop = loop_;
  // The player knows only its own clips: from a blend or the state machine, fade from the pose
  // shown now, held still. evaluate() fades from that copy, so nothing pops.
  const bool held = mode_ != PlaybackMode::kClip;
  if (!(held ? player_.crossfade_from(local_, clip, o) : player_.crossfade(clip, o))) return false;
  mode_ = PlaybackMode::kClip;
  run_.hide();
  playing_ = true;
  evaluate();
  return true;
}

void Document::set_loop(bool loop) {
  loop_ = loop;
  if (player_.clip() >= 0 && !player_.fading()) {
    const float t = player_.time();
    player_.play(player_.clip(), loop);
    player_.seek(t);
  }
}

void Document::set_speed(float speed) {
  speed_ = std::isfinite(speed) ? std::clamp(speed, -4.0f, 4.0f) : 1.0f;
}

float Document::duration() const {
  if (mode_ == PlaybackMode::kBlend1D && !blend_.empty()) {
    return model_->clips[blend_.first_clip()].duration;
  }
  const int clip = player_.clip();
  return clip >= 0 ? model_->clips[clip].duration : 0.0f;
}

float Document::time() const {
  if (mode_ == PlaybackMode::kBlend1D) return blend_.state().phase * duration();
  return player_.time();
}

void Document::seek(float seconds) {
  if (mode_ == PlaybackMode::kBlend1D) {
    blend_.seek(seconds);
  } else {
    player_.seek(seconds);
  }
  evaluate();
}

float Document::frame_rate() const {
  int clip = player_.clip();
  if (mode_ == PlaybackMode::kBlend1D && !blend_.empty()) clip = blend_.first_clip();
  return clip >= 0 ? frame_rate_of(model_->clips[clip]) : kDefaultSampleRate;
}

void Document::step_frames(int frames) {
  playing_ = false;
  const float frame = 1.0f / frame_rate();
  const float snapped = std::round(time() / frame) * frame;
  seek(snapped + static_cast<float>(frames) * frame);
}

bool Document::start_blend(const std::vector<int>& clips, const std::vector<float>& positions) {
  if (clips.size() < 2 || clips.size() != positions.size()) return false;
  for (std::size_t i = 0; i < clips.size(); ++i) {
    if (!player_.playable(clips[i])) return false;
    if (i > 0 && !(positions[i] > positions[i - 1])) return false;
  }
  blend_.start(clips, positions);
  mode_ = PlaybackMode::kBlend1D;  // The weight plots go on: the clip playing keeps its line.
  run_.hide();
  evaluate();
  return true;
}

Status Document::attach_setup(setup::Setup setup, std::string setup_path) {
  return attach(std::move(setup), std::move(setup_path), /*saved=*/true);
}

Status Document::attach_unsaved_setup(setup::Setup setup) {
  return attach(std::move(setup), "", /*saved=*/false);
}

Status Document::attach(setup::Setup setup, std::string setup_path, bool saved) {
  Result<StateMachineDef> def = compile_setup(setup, model_->clips);
  if (!def.ok()) return Error{def.error().code, def.error().to_string(), setup_path};
  const Status ik = setup::resolve_ik(setup, model_->skeleton, &def.value());
  if (!ik.ok()) return Error{ik.error().code, ik.error().to_string(), setup_path};
  waits_for_fixes_ = false;
  session_.start(std::move(setup), std::move(setup_path), saved);
  apply_setup();
  use_state_machine();
  return Ok{};
}

std::size_t Document::open_setup(setup::Setup setup, std::string setup_path) {
  session_.start(std::move(setup), std::move(setup_path), /*saved=*/true);
  run_.clear();  // The previous setup's machine goes with it.
  if (mode_ == PlaybackMode::kStateMachine) mode_ = PlaybackMode::kClip;
  waits_for_fixes_ = true;
  apply_setup();  // Valid: its machine runs and plays at once (and it waits no more).
  std::size_t errors = 0;
  for (const Diagnostic& d : session_.problems()) {
    errors += d.severity == Diagnostic::Severity::kError ? 1 : 0;
  }
  return errors;
}

void Document::restore_setup(setup::Setup setup, std::string setup_path) {
  waits_for_fixes_ = false;
  session_.start(std::move(setup), std::move(setup_path), /*saved=*/false);
  run_.clear();  // A setup with errors leaves no machine running.
  if (mode_ == PlaybackMode::kStateMachine) mode_ = PlaybackMode::kClip;
  apply_setup();
  use_state_machine();
}

void Document::new_setup() {
  setup::Setup setup;
  setup.model = path_;
  for (const Clip& clip : model_->clips) {
    setup::SetupState state;
    state.name = clip.name;
    state.motion = clip.name;
    setup.states.push_back(std::move(state));
  }
  if (!setup.states.empty()) setup.default_state = setup.states.front().name;
  setup.animations = clip_files_.take_loose();  // The setup lists them from now on.
  waits_for_fixes_ = false;
  session_.start(std::move(setup), "", /*saved=*/false);
  apply_setup();
  use_state_machine();
}

void Document::edit_setup(setup::Setup edited, std::string what) {
  if (!session_.active()) return;
  session_.edit(std::move(edited), std::move(what));
  apply_setup(MachineStart::kGoOn);
}

bool Document::undo_setup_edit() {
  if (!session_.undo()) return false;
  apply_setup(MachineStart::kGoOn);
  return true;
}

bool Document::redo_setup_edit() {
  if (!session_.redo()) return false;
  apply_setup(MachineStart::kGoOn);
  return true;
}

const std::vector<setup::SetupAnimation>& Document::clip_file_entries() const {
  return session_.active() ? session_.setup()->animations : clip_files_.loose();
}

std::vector<anim::import::AnimationFile> Document::wanted_clip_files() const {
  return clip_files_of(clip_file_entries(), session_.path(), session_.active());
}

bool Document::clip_files_outdated() const { return clip_files_.outdated(wanted_clip_files()); }

void Document::add_clip_files(const std::vector<std::string>& paths) {
  std::vector<setup::SetupAnimation> entries = clip_file_entries();
  const std::size_t added = ClipFileSet::add(entries, paths, session_.path());
  if (added == 0) return;
  set_clip_file_entries(std::move(entries), added == 1 ? "add a clip file" : "add clip files");
}

bool Document::remove_clip_file(int entry) {
  std::vector<setup::SetupAnimation> entries = clip_file_entries();
  if (entry < 0 || static_cast<std::size_t>(entry) >= entries.size()) return false;
  entries.erase(entries.begin() + entry);
  set_clip_file_entries(std::move(entries), "remove a clip file");
  return true;
}

void Document::set_clip_file_entries(std::vector<setup::SetupAnimation> entries, std::string what) {
  if (!session_.active()) {
    clip_files_.set_loose(std::move(entries));
    return;
  }
  setup::Setup edited = *session_.setup();
  edited.animations = std::move(entries);
  edit_setup(std::move(edited), std::move(what));
}

void Document::adopt_clip_files(std::vector<import::AnimationFile> files,
                                std::vector<Diagnostic> problems) {
  clip_files_.adopt(std::move(files), std::move(problems), session_.active());
}

void Document::set_clip_files(std::vector<import::AnimationFile> files, import::AnimationSet set) {
  const int current = player_.clip();
  const std::string playing = current >= 0 ? model_->clips[current].name : std::string();
  const float at = player_.time();
  run_.clear();  // It points into the clips: it goes before they change.
  model_->clips.resize(clip_files_.own_clip_count());
  model_->clip_sources.clear();
  std::vector<Diagnostic> problems = set.diagnostics;
  import::add_to_model(std::move(set), *model_);
  clip_files_.installed(std::move(files), std::move(problems));

  player_ = Player(model_->skeleton, model_->clips);
  const int again = model_->find_clip(playing);
  if (again >= 0) {
    player_.play(again, loop_);
    player_.seek(at);
  } else if (!model_->clips.empty()) {
    player_.play(0, loop_);
  }
  const PlaybackMode was = mode_;
  mode_ = PlaybackMode::kClip;  // A blend's clip indices may have moved.
  blend_.clear();
  plots_.clear();
  if (session_.active()) apply_setup();
  if (was == PlaybackMode::kStateMachine) use_state_machine();
  evaluate();
}

void Document::apply_setup(MachineStart how) {
  std::optional<SetupSession::Build> build = session_.build(*model_, clip_files_.generation());
  if (!build) return;  // The last good state machine keeps running.
  const bool goes_on = how == MachineStart::kGoOn && run_.running();
  if (goes_on && mode_ == PlaybackMode::kStateMachine) keep_state_history(*build->def);
  run_.replace(std::move(*build), *model_, goes_on);
  if (waits_for_fixes_) {
    // The first version without errors of a setup opened with them: its machine starts now.
    waits_for_fixes_ = false;
    use_state_machine();
    return;
  }
  if (mode_ != PlaybackMode::kStateMachine) return;
  if (goes_on) {
    run_.record_from_here();
    evaluate();  // Playback goes on where it was.
  } else {
    use_state_machine();
  }
}

void Document::keep_state_history(const StateMachineDef& after) {
  std::vector<WeightPlots::Now> states;
  for (const StateDef& state : after.states) states.push_back({"state " + state.name, state.name});
  plots_.keep_only(states);
}

Status Document::save_setup_as(const std::string& path) { return session_.save_as(path); }

void Document::restart_state_machine() {
  if (!run_.running()) return;
  run_.restart(*model_);
  use_state_machine();
}

std::string Document::playing_text() const {
  switch (mode_) {
    case PlaybackMode::kStateMachine:
      return "the state machine";
    case PlaybackMode::kBlend1D:
      return "a 1D blend";
    case PlaybackMode::kClip:
      break;
  }
  const int clip = player_.clip();
  if (clip < 0) return "nothing";
  const std::string& name = model_->clips[static_cast<std::size_t>(clip)].name;
  return (player_.fading() ? "a crossfade to clip " : "clip ") + name;
}

void Document::travel(const std::string& layer, const std::string& state) {
  ++travels_;
  StateMachineInstance* sm = run_.instance();
  if (sm == nullptr) {
    travel_note_ = "No state machine runs: nothing to travel";
    return;
  }
  const StateMachineDef& def = sm->def();
  const int found = layer.empty() ? -1 : def.find_layer(layer);
  if (!layer.empty() && found < 0) {
    travel_note_ = "The running machine has no layer " + layer;
    return;
  }
  const int index = found + 1;  // 0 the base.
  const std::vector<StateDef>& states = index == 0 ? def.states : def.layers[found].states;
  int target = -1;
  for (std::size_t i = 0; i < states.size(); ++i) {
    if (states[i].name == state) target = static_cast<int>(i);
  }
  // The state it travels from: the newest active one, where the machine is going now.
  const Span<const StateMachineInstance::ActiveState> active = sm->active_states(index);
  const std::string from =
      active.size() > 0 ? states[static_cast<std::size_t>(active[active.size() - 1].state)].name
                        : std::string("?");
  // Travel shows on the graph only while the state machine plays.
  if (mode_ != PlaybackMode::kStateMachine) use_state_machine();
  switch (sm->travel(target, index)) {
    case StateMachineInstance::TravelResult::kStarted:
      travel_note_ = "Traveling from " + from + " to " + state;
      playing_ = true;
      break;
    case StateMachineInstance::TravelResult::kAlreadyThere:
      travel_note_ = "Already in " + state;
      break;
    case StateMachineInstance::TravelResult::kNoPath:
      travel_note_ = "No path of transitions from " + from + " to " + state;
      break;
    case StateMachineInstance::TravelResult::kBadState:
      travel_note_ = "The running machine has no state " + state;
      break;
  }
}

void Document::use_state_machine() {
  if (!run_.running()) return;
  mode_ = PlaybackMode::kStateMachine;
  playing_ = true;
  plots_.clear();
  run_.show();
  evaluate();
}

bool Document::rewind_to(std::size_t frame) {
  if (mode_ != PlaybackMode::kStateMachine || !run_.rewind_to(frame)) return false;
  playing_ = false;
  evaluate();
  return true;
}

void Document::go_live() {
  if (mode_ != PlaybackMode::kStateMachine || !run_.running()) return;
  run_.go_live();
  playing_ = true;
  evaluate();
}

void Document::update(float dt) {
  const float step = playing_ ? dt * speed_ : 0.0f;
  switch (mode_) {
    case PlaybackMode::kClip:
      if (step != 0.0f) player_.update(step);
      // A loop change made during a crossfade could not reach the player: apply it after.
      if (!player_.fading() && player_.clip() >= 0 && player_.looping() != loop_) set_loop(loop_);
      break;
    case PlaybackMode::kBlend1D: {
      blend_.advance(dt, step);  // Smoothing runs in real time, even when paused.
      break;
    }
    case PlaybackMode::kStateMachine:
      if (!run_.following()) run_.update(step);  // A followed game's frames come on their own.
      break;
  }
  evaluate();
  record_weights();
}

void Document::evaluate() {
  // Every clip that plays was checked against the skeleton when it was chosen, so the jobs
  // below do not fail; were one to, the rest pose shows and the status bar says why.
  bool ok = true;
  switch (mode_) {
    case PlaybackMode::kClip:
      // The Player also fades from a held pose (crossfade_from): what it shows is what plays.
      if (player_.clip() >= 0) {
        std::copy(player_.pose().begin(), player_.pose().end(), local_.begin());
      }
      break;
    case PlaybackMode::kBlend1D:
      ok = blend_.evaluate(local_);
      break;
    case PlaybackMode::kStateMachine: {
      // Set before every evaluate: the machine may be new, the document may have moved.
      const std::size_t count = ground_planes(ground_, &ground_plane_list_);
      ground_planes_.planes = Span<const GroundPlane>(ground_plane_list_.data(), count);
      run_.instance()->set_ground(ground_.on ? ground_planes_.query() : GroundQuery{});
      ok = run_.instance()->evaluate(local_);
      break;
    }
  }
  pose_problem_.clear();
  if (!ok) {
    local_ = model_->skeleton.rest;
    pose_problem_ = "a clip does not fit the skeleton: the rest pose is shown";
  }
  shown_ = local_;  // Same size: no allocation.
  overrides_.apply(shown_);
  if (!posed_.update(*model_, shown_)) {
    pose_problem_ = "the skin names joints the skeleton lacks: the mesh is shown unposed";
  } else if (shown_in_world()) {
    posed_.move(to_matrix(run_.world()));
  }
  evaluate_overlays();
}

void Document::set_root_motion_in_world(bool in_world) {
  if (in_world == in_world_) return;
  in_world_ = in_world;
  evaluate();
}

void Document::set_overlay_request(const OverlayRequest& request) {
  if (request == overlays_.request()) return;
  overlays_.set_request(request);
  evaluate_overlays();
}

// After evaluate() has sampled the pose: the fade's or transition's two ends are what it blended.
bool Document::shown_in_world() const {
  return in_world_ && mode_ == PlaybackMode::kStateMachine && run_.running() &&
         run_.instance()->moves();
}

void Document::evaluate_overlays() {
  const OverlayRequest& request = overlays_.request();
  overlays_.clear_ghosts();
  overlays_.clear_onion();
  if (!pose_problem_.empty()) return;  // The pose shown is not what plays.
  if (request.ghosts && mode_ == PlaybackMode::kClip && player_.clip() >= 0 && player_.fading()) {
    overlays_.set_ghosts(*model_, player_.fade_source_pose(), player_.fade_target_pose(),
                         player_.current_weight());
  }
  if (request.ghosts && mode_ == PlaybackMode::kStateMachine && run_.running()) {
    overlays_.set_transition_ghosts(*model_, *run_.instance());
    // Where the character walks, its ghosts walk with it.
    if (shown_in_world()) overlays_.move_ghosts(to_matrix(run_.world()));
  }
  if (request.onion_frames > 0 && mode_ == PlaybackMode::kClip &&
      player_.playable(player_.clip())) {
    overlays_.set_onion(*model_, model_->clips[player_.clip()], player_.time(), player_.looping());
  }
}

void Document::set_ground(const GroundSettings& ground) {
  ground_ = clamped(ground);
  evaluate();
}

bool Document::set_rotation_override(int joint, const glm::quat& rotation) {
  if (!overrides_.set(model_->skeleton.joint_count(), joint, rotation)) return false;
  evaluate();
  return true;
}

void Document::clear_rotation_override(int joint) {
  if (overrides_.clear(joint)) evaluate();
}

void Document::clear_rotation_overrides() {
  if (overrides_.clear_all()) evaluate();
}

std::vector<WeightPlots::Now> Document::weights_now() const {
  std::vector<WeightPlots::Now> now;
  auto add = [&now](std::string key, const std::string& name, float weight) {
    now.push_back({std::move(key), name, weight});
  };
  const auto clip_key = [](int clip) { return "clip " + std::to_string(clip); };
  if (mode_ == PlaybackMode::kBlend1D) {
    const std::vector<float> w = blend_weights();
    for (std::size_t i = 0; i < w.size(); ++i) {
      const int clip = blend_.state().space.clips[i];
      add(clip_key(clip), model_->clips[clip].name, w[i]);
    }
  } else if (mode_ == PlaybackMode::kStateMachine) {
    const StateMachineDef& def = run_.instance()->def();
    std::vector<float> w(def.states.size(), 0.0f);
    for (const auto& a : run_.instance()->active_states()) w[a.state] += a.weight;
    for (std::size_t s = 0; s < w.size(); ++s)
      add("state " + def.states[s].name, def.states[s].name, w[s]);
  } else if (player_.clip() >= 0) {
    const int clip = player_.clip();
    add(clip_key(clip), model_->clips[clip].name, player_.current_weight());
    if (player_.fading()) {
      const int from = player_.fading_from();
      // A clip fading into itself gets a line of its own for the outgoing copy.
      if (from < 0) {
        add("frozen pose", "frozen pose", 1.0f - player_.current_weight());
      } else {
        add(from == clip ? "fading " + clip_key(from) : clip_key(from), model_->clips[from].name,
            1.0f - player_.current_weight());
      }
    }
  }
  return now;
}

void Document::record_weights() { plots_.record(weights_now()); }

}  // namespace anim::ui
