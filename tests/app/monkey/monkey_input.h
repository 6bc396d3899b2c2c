#pragma once
// Random user input for the tool, from a seed: each step is one event (a mouse move, a button
// going down or up, a wheel turn, a key going down or up, typed text, dropped files, a window
// resize, a pause, the pointer leaving the window, a clip file changing on disk), and the tool
// runs one frame per step. Steps come in short gestures (a click is a move, a press and a
// release; a drag moves between them; a shortcut holds its modifiers), aimed mostly where the
// last frame drew something, so they land on widgets, popups and panel edges.
#include <cstdint>
#include <deque>
#include <random>
#include <string>
#include <vector>

#include <imgui.h>

#include "monkey/glyph_cells.h"

namespace anim::app::monkey {

struct Step {
  enum class Kind { kMove, kButton, kWheel, kKey, kText, kDrop, kResize, kIdle, kLeave, kDisk };
  Kind kind = Kind::kIdle;
  float dt = 1.0f / 60.0f;   // Seconds since the previous frame.
  ImVec2 pos{0.0f, 0.0f};    // kMove, kButton: where the pointer is.
  int button = 0;            // kButton: 0 left, 1 right, 2 middle.
  bool down = false;         // kButton, kKey.
  ImVec2 wheel{0.0f, 0.0f};  // kWheel: horizontal, vertical.
  int key = 0;               // kKey: an SDL scancode (the index the SDL backend uses).
  bool ctrl = false, shift = false, alt = false;  // Held during the step.
  std::string text;                               // kText: UTF-8.
  std::vector<std::string> files;                 // kDrop.
  ImVec2 size{0.0f, 0.0f};                        // kResize: the new display size.
  int file = 0;                                   // kDisk: which changeable file.
  bool cut = false;  // kDisk: cut short (else its original bytes, rewritten).

  std::string describe() const;
};

struct InputPools {
  std::vector<std::string> real, broken;  // Files to drop.
  int changeable_files = 0;               // How many files kDisk may rewrite.
};

class MonkeyInput {
 public:
  // `cells` (kept, not copied) tells where the glyphs the monkey aims at sit.
  MonkeyInput(std::uint64_t seed, InputPools pools, const GlyphCells& cells)
      : random_(seed), pools_(std::move(pools)), cells_(cells) {}

  // The next step. `draw_data` is the last frame's (may be null); `display` its size.
  Step next(const ImDrawData* draw_data, ImVec2 display);

  // A number in [0, 1), for the caller's own choices from the same seed.
  double uniform() { return std::uniform_real_distribution<double>(0.0, 1.0)(random_); }

 private:
  void gesture(const ImDrawData* draw_data, ImVec2 display);
  // The parts of gesture(), each queueing its steps.
  void answer_modal();  // Enter or Escape, pressed and released.
  void move_pointer(const ImDrawData* draw_data, ImVec2 display);
  // `clicks` (1 or 2) presses of `button` at a target.
  void click(int button, int clicks, const ImDrawData* draw_data, ImVec2 display);
  // `button` held from a target to another place; `hold`: other input now and then on the way.
  void drag(int button, bool hold, const ImDrawData* draw_data, ImVec2 display);
  void input_while_held();  // A key, text, the wheel, a drop or a disk change.
  void resize_window();     // Then, usually, back to 1280 x 800 a few frames later.
  void idle();              // Nothing touched for 1/60 s to 5 s.
  // Gestures that leave the mouse buttons alone, queued as steps.
  Step step(Step::Kind kind);
  void press_key();
  void type();
  void turn_wheel();
  void drop_files();
  void change_disk();
  ImVec2 target(const ImDrawData* draw_data, ImVec2 display);
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(random_); }
  bool chance(double p) { return uniform() < p; }
  float frame_dt();
  std::string text();
  int key(bool* ctrl, bool* shift, bool* alt);

  std::mt19937_64 random_;
  InputPools pools_;
  const GlyphCells& cells_;
  std::deque<Step> queued_;
  int modal_gestures_ = 0;  // Gestures made in a row while a modal dialog was open.
};

// Applies `step` to ImGuiIO as the SDL backend would (modifiers, keys by scancode, buttons,
// wheel, characters). Drops and disk changes are the caller's.
void apply_to_io(const Step& step, ImGuiIO& io);

}  // namespace anim::app::monkey
