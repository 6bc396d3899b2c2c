#include "anim/ui/model/commands.h"

#include <utility>

#include "anim/setup/layer_edits.h"
#include "anim/ui/model/nested_graph.h"

namespace anim::ui {

void Commands::play_clip(int clip) {
  push([clip](Document& d) { d.play_clip(clip); });
}
void Commands::crossfade_to(int clip, const CrossfadeOptions& options) {
  push([clip, options](Document& d) { d.crossfade_to(clip, options); });
}
void Commands::set_playing(bool playing) {
  push([playing](Document& d) { d.set_playing(playing); });
}
void Commands::set_loop(bool loop) {
  push([loop](Document& d) { d.set_loop(loop); });
}
void Commands::set_speed(float speed) {
  push([speed](Document& d) { d.set_speed(speed); });
}
void Commands::seek(float seconds) {
  push([seconds](Document& d) { d.seek(seconds); });
}
void Commands::step_frames(int frames) {
  push([frames](Document& d) { d.step_frames(frames); });
}
void Commands::start_blend(std::vector<int> clips, std::vector<float> positions) {
  push([clips = std::move(clips), positions = std::move(positions)](Document& d) {
    d.start_blend(clips, positions);
  });
}
void Commands::set_blend_target(float target, bool at_once) {
  push([target, at_once](Document& d) {
    SmoothedValue& p = d.blend().parameter;
    p.target = target;
    if (at_once) p.value = target;
  });
}

void Commands::set_blend_rate(float rate) {
  push([rate](Document& d) { d.blend().parameter.rate = rate; });
}

void Commands::use_state_machine() {
  push([](Document& d) { d.use_state_machine(); });
}
void Commands::restart_state_machine() {
  push([](Document& d) { d.restart_state_machine(); });
}
void Commands::set_parameter(std::string name, float value) {
  push([name = std::move(name), value](Document& d) {
    StateMachineInstance* sm = d.state_machine();
    if (sm == nullptr) return;
    const std::vector<ParameterDef>& params = sm->def().parameters;
    for (std::size_t i = 0; i < params.size(); ++i) {
      if (params[i].name != name) continue;
      if (d.following_game()) {  // The game's frames set the values here: the edit is its.
        Document::GameEdit e;
        e.parameter = static_cast<int>(i);
        e.kind = params[i].type == ParameterType::kTrigger ? Document::GameEdit::Kind::kTrigger
                                                           : Document::GameEdit::Kind::kValue;
        e.value = value;
        if (e.kind != Document::GameEdit::Kind::kTrigger || value > 0.5f) d.queue_game_edit(e);
        return;
      }
      if (params[i].type == ParameterType::kTrigger) {
        if (value > 0.5f) sm->set_trigger(name);
      } else {
        sm->set_value(static_cast<int>(i), value);
      }
      return;
    }
  });
}

void Commands::set_vector(std::string name, glm::vec3 value) {
  push([name = std::move(name), value](Document& d) {
    StateMachineInstance* sm = d.state_machine();
    if (sm == nullptr) return;
    if (d.following_game()) {  // For the game (Document::queue_game_edit).
      const std::vector<ParameterDef>& params = sm->def().parameters;
      for (std::size_t i = 0; i < params.size(); ++i) {
        if (params[i].name != name || params[i].type != ParameterType::kVector3) continue;
        Document::GameEdit e;
        e.parameter = static_cast<int>(i);
        e.kind = Document::GameEdit::Kind::kVector;
        e.vector = value;
        d.queue_game_edit(e);
      }
      return;
    }
    sm->set_vector(name, value);
  });
}
void Commands::set_ground(GroundSettings ground) {
  push([ground](Document& d) { d.set_ground(ground); });
}
void Commands::travel(std::string layer, std::string state) {
  push([layer = std::move(layer), state = std::move(state)](Document& d) {
    d.travel(layer, state);
  });
}
void Commands::set_layer_weight(int layer, float weight) {
  push([layer, weight](Document& d) {
    if (StateMachineInstance* sm = d.state_machine()) sm->set_layer_weight(layer, weight);
  });
}

void Commands::rewind_to(std::size_t frame) {
  push([frame](Document& d) { d.rewind_to(frame); });
}
void Commands::go_live() {
  push([](Document& d) { d.go_live(); });
}

void Commands::edit_setup(setup::Setup edited, std::string what) {
  last_setup_ = std::make_shared<const setup::Setup>(std::move(edited));
  push([setup = last_setup_, what = std::move(what)](Document& d) { d.edit_setup(*setup, what); });
}
void Commands::undo_setup_edit() {
  push([](Document& d) { d.undo_setup_edit(); });
}
void Commands::redo_setup_edit() {
  push([](Document& d) { d.redo_setup_edit(); });
}
void Commands::new_setup() {
  push([](Document& d) { d.new_setup(); });
}
Status Commands::rename_state(const Document& doc, int machine,
                              const std::vector<std::string>& level, const std::string& from,
                              const std::string& to) {
  const setup::Setup* current = setup(doc);
  if (current == nullptr) return Error{Error::Code::kNotFound, "no setup to rename a state in", ""};
  setup::Setup renamed = *current;
  const Status status = setup::rename_state_in(renamed, machine, level, from, to);
  if (!status.ok()) return status;
  // Named as the graph names its edits: where, then which layer.
  std::string what = "rename state " + from + " to " + to;
  if (!level.empty()) what += " in " + join_path(level);
  if (machine > 0)
    what += " (layer " + current->layers[static_cast<std::size_t>(machine - 1)].name + ")";
  edit_setup(std::move(renamed), std::move(what));
  return Ok{};
}

const setup::Setup* Commands::setup(const Document& doc) const {
  return last_setup_ != nullptr && doc.has_setup() ? last_setup_.get() : doc.setup();
}

void Commands::add_clip_files(std::vector<std::string> paths) {
  push([paths = std::move(paths)](Document& d) { d.add_clip_files(paths); });
}
void Commands::remove_clip_file(int entry) {
  push([entry](Document& d) { d.remove_clip_file(entry); });
}
void Commands::request_clip_file_reload() {
  push([](Document& d) { d.request_clip_file_reload(); });
}

void Commands::set_rotation_override(int joint, const glm::quat& rotation) {
  push([joint, rotation](Document& d) { d.set_rotation_override(joint, rotation); });
}
void Commands::clear_rotation_override(int joint) {
  push([joint](Document& d) { d.clear_rotation_override(joint); });
}
void Commands::clear_rotation_overrides() {
  push([](Document& d) { d.clear_rotation_overrides(); });
}

void Commands::apply(Document& doc) {
  // A command may queue no more (it runs on the document alone), so the loop sees them all.
  std::vector<std::function<void(Document&)>> queue = std::move(queue_);
  queue_.clear();
  last_setup_.reset();
  for (const auto& command : queue) command(doc);
}

}  // namespace anim::ui
