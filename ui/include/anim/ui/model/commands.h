#pragma once
// What the panels ask of the document during a frame. A panel reads the document (a const
// snapshot: the pose evaluated once, before any panel draws) and queues its changes here; the
// tool applies them in order once every panel has drawn (apply). So the Document is the single
// writer, and every panel of a frame shows the same document and pose, whatever the order they
// draw in. Each command does what the Document method of the same name does.
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "anim/player.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/document.h"

namespace anim::ui {

class Commands {
 public:
  // --- Playback ---
  void play_clip(int clip);
  void crossfade_to(int clip, const CrossfadeOptions& options);
  void set_playing(bool playing);
  void set_loop(bool loop);
  void set_speed(float speed);
  void seek(float seconds);
  void step_frames(int frames);
  void start_blend(std::vector<int> clips, std::vector<float> positions);
  // The 1D blend's parameter moves towards `target` at its rate (at once, with `at_once`).
  void set_blend_target(float target, bool at_once = false);
  void set_blend_rate(float rate);  // Units per second; 0 follows at once.

  // --- The running state machine ---
  void use_state_machine();
  void restart_state_machine();
  // Sets the target of the parameter named `name` (a trigger's: 1 sets it). Parameters are
  // named, not numbered: an edit earlier in the queue may rebuild the machine.
  void set_parameter(std::string name, float value);
  // A vector3 parameter of the running machine (an IK target), set at once.
  void set_vector(std::string name, glm::vec3 value);
  void set_layer_weight(int layer, float weight);
  // Document::set_ground: the feet IK's ground.
  void set_ground(GroundSettings ground);
  // Document::travel: layer by name (empty: the base), state by its leaf's path.
  void travel(std::string layer, std::string state);
  // The history strip: show a recorded frame (paused), or the newest one (playing).
  void rewind_to(std::size_t frame);
  void go_live();

  // --- The setup ---
  void edit_setup(setup::Setup edited, std::string what);
  void undo_setup_edit();
  void redo_setup_edit();
  void new_setup();
  // Renames state `from` of machine `machine` (0 the base, i + 1 layer i) at nested `level`
  // ({} its top) to `to`, as one undoable edit built on setup(doc) (setup::rename_state_in):
  // references, the default and the box's place in the graph follow. Every view renames
  // through this. An Error says why it was refused (nothing queued then).
  Status rename_state(const Document& doc, int machine, const std::vector<std::string>& level,
                      const std::string& from, const std::string& to);
  // The setup as this frame's edits leave it: the last one edit_setup queued, else the
  // document's (nullptr without one). A view that edits after another one in the same frame
  // builds on it, so neither edit undoes the other.
  const setup::Setup* setup(const Document& doc) const;

  // --- Clip files ---
  void add_clip_files(std::vector<std::string> paths);
  void remove_clip_file(int entry);
  void request_clip_file_reload();

  // --- Pose overrides ---
  void set_rotation_override(int joint, const glm::quat& rotation);
  void clear_rotation_override(int joint);
  void clear_rotation_overrides();

  bool empty() const { return queue_.empty(); }
  std::size_t size() const { return queue_.size(); }
  // Applies every command in the order queued, then empties the queue.
  void apply(Document& doc);

 private:
  void push(std::function<void(Document&)> command) { queue_.push_back(std::move(command)); }
  std::vector<std::function<void(Document&)>> queue_;
  std::shared_ptr<const setup::Setup> last_setup_;  // The last setup edit_setup queued.
};

}  // namespace anim::ui
