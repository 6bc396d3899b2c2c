#include "monkey/monkey_input.h"

#include <SDL_keyboard.h>
#include <SDL_scancode.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>

#include <imgui_internal.h>

namespace anim::app::monkey {
namespace {

// Keys worth pressing: the tool's shortcuts, navigation and editing keys, and a few letters.
const int kKeys[] = {
    SDL_SCANCODE_O,        SDL_SCANCODE_S,         SDL_SCANCODE_Z,        SDL_SCANCODE_Y,
    SDL_SCANCODE_Q,        SDL_SCANCODE_F,         SDL_SCANCODE_R,        SDL_SCANCODE_1,
    SDL_SCANCODE_2,        SDL_SCANCODE_3,         SDL_SCANCODE_4,        SDL_SCANCODE_5,
    SDL_SCANCODE_SPACE,    SDL_SCANCODE_LEFT,      SDL_SCANCODE_RIGHT,    SDL_SCANCODE_UP,
    SDL_SCANCODE_DOWN,     SDL_SCANCODE_HOME,      SDL_SCANCODE_END,      SDL_SCANCODE_PAGEUP,
    SDL_SCANCODE_PAGEDOWN, SDL_SCANCODE_RETURN,    SDL_SCANCODE_KP_ENTER, SDL_SCANCODE_ESCAPE,
    SDL_SCANCODE_TAB,      SDL_SCANCODE_BACKSPACE, SDL_SCANCODE_DELETE,   SDL_SCANCODE_INSERT,
    SDL_SCANCODE_A,        SDL_SCANCODE_C,         SDL_SCANCODE_V,        SDL_SCANCODE_X,
    SDL_SCANCODE_N,        SDL_SCANCODE_W,         SDL_SCANCODE_F1,       SDL_SCANCODE_0,
};

// Typed text: names the setups use (so edits collide with existing ones), numbers at and past
// every limit, non-ASCII, format directives, JSON pointer escapes, ImGui's ID separators. The
// runner leaves '/', '\' and '~' out while the file dialog is open (a typed path could lead a
// Save dialog out of the sandbox).
// clang-format off
const char* const kWords[] = {
    "Idle", "Walk", "Run", "speed", "halt", "stop", "Locomotion", "WalkRun", "Wuson_Walk", "*",
    "0", "1", "-1", "0.5", "1e30", "-1e30", "1e-30", "3.5e38", "1e39", "-0", "nan", "inf", "-inf",
    "99999999999", "2147483648", "0x10", "1,5", " ", "  ", ".", "..", "a.json", "setup.json",
    "x.animpack", "\xc3\xa9t\xc3\xa9", "\xe6\xbc\xa2\xe5\xad\x97", "\xf0\x9f\x99\x82", "\xff\xfe",
    "%s%n%d", "\"quoted\"", "\"a.fbx\" \"b.bvh\"", "?", "a/b", "~", "~1", "/", "x~0y/z", "a\\b",
    "##", "###id", "a##b",
};
// clang-format on

const char* button_name(int button) {
  return button == 0 ? "left" : button == 1 ? "right" : "middle";
}

}  // namespace

std::string Step::describe() const {
  char buffer[256];
  const std::string mods =
      std::string(ctrl ? "Ctrl+" : "") + (shift ? "Shift+" : "") + (alt ? "Alt+" : "");
  switch (kind) {
    case Kind::kMove:
      std::snprintf(buffer, sizeof buffer, "%smove to (%.0f, %.0f)", mods.c_str(), pos.x, pos.y);
      break;
    case Kind::kButton:
      std::snprintf(buffer, sizeof buffer, "%s%s %s at (%.0f, %.0f)", mods.c_str(),
                    button_name(button), down ? "down" : "up", pos.x, pos.y);
      break;
    case Kind::kWheel:
      std::snprintf(buffer, sizeof buffer, "%swheel (%.1f, %.1f)", mods.c_str(), wheel.x, wheel.y);
      break;
    case Kind::kKey:
      std::snprintf(buffer, sizeof buffer, "%skey %s %s", mods.c_str(),
                    SDL_GetScancodeName(static_cast<SDL_Scancode>(key)), down ? "down" : "up");
      break;
    case Kind::kText:
      std::snprintf(buffer, sizeof buffer, "type \"%s\"", text.c_str());
      break;
    case Kind::kDrop: {
      std::string names;
      for (const std::string& f : files) names += (names.empty() ? "" : ", ") + f;
      return "drop " + names;
    }
    case Kind::kResize:
      std::snprintf(buffer, sizeof buffer, "resize to %.0f x %.0f", size.x, size.y);
      break;
    case Kind::kIdle:
      std::snprintf(buffer, sizeof buffer, "idle");
      break;
    case Kind::kLeave:
      std::snprintf(buffer, sizeof buffer, "pointer leaves the window");
      break;
    case Kind::kDisk:
      std::snprintf(buffer, sizeof buffer, "rewrite changeable file %d%s", file,
                    cut ? ", cut short" : "");
      break;
  }
  char with_dt[300];
  std::snprintf(with_dt, sizeof with_dt, "%s (dt %.4f)", buffer, dt);
  return with_dt;
}

float MonkeyInput::frame_dt() {
  if (chance(0.9)) return 1.0f / 60.0f;
  const float choices[] = {0.0001f, 0.004f, 0.033f, 0.1f, 0.25f, 1.0f};
  return choices[pick(6)];
}

std::string MonkeyInput::text() {
  if (chance(0.45)) return kWords[pick(static_cast<int>(std::size(kWords)))];
  if (chance(0.05)) return std::string(60 + pick(300), 'x');
  const char charset[] =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ._-+=:,;'\"()[]{}/~#\\";
  std::string out;
  for (int i = 0, n = 1 + pick(10); i < n; ++i) out += charset[pick(sizeof charset - 1)];
  return out;
}

int MonkeyInput::key(bool* ctrl, bool* shift, bool* alt) {
  const int k = kKeys[pick(static_cast<int>(std::size(kKeys)))];
  // The shortcuts want Ctrl; Ctrl+A/C/V/X edit text.
  const bool shortcut = k == SDL_SCANCODE_O || k == SDL_SCANCODE_S || k == SDL_SCANCODE_Z ||
                        k == SDL_SCANCODE_Y || k == SDL_SCANCODE_Q || k == SDL_SCANCODE_A ||
                        k == SDL_SCANCODE_C || k == SDL_SCANCODE_V || k == SDL_SCANCODE_X;
  *ctrl = chance(shortcut ? 0.7 : 0.1);
  *shift = chance(0.2);
  *alt = chance(0.04);
  return k;
}

// Where a gesture aims: mostly at something the last frame drew (a vertex of its draw lists:
// widget frames, lines, or the cell of a glyph of text), otherwise inside or on the edge of a
// window, or anywhere.
ImVec2 MonkeyInput::target(const ImDrawData* draw_data, ImVec2 display) {
  const double r = uniform();
  const ImGuiContext* g = ImGui::GetCurrentContext();
  // A modal dialog takes all input: a user deals with it, mostly.
  if (const ImGuiWindow* modal = g ? ImGui::GetTopMostPopupModal() : nullptr; modal && r < 0.75) {
    const ImDrawList* list = modal->DrawList;
    if (r < 0.6 && list && list->VtxBuffer.Size > 0) {
      const ImVec2 p = cells_.place(list->VtxBuffer[pick(list->VtxBuffer.Size)]);
      return ImVec2(p.x + static_cast<float>(pick(5) - 2), p.y + static_cast<float>(pick(5) - 2));
    }
    return ImVec2(modal->Pos.x + static_cast<float>(uniform()) * modal->Size.x,
                  modal->Pos.y + static_cast<float>(uniform()) * modal->Size.y);
  }
  if (r < 0.6 && draw_data && draw_data->CmdListsCount > 0) {
    const ImDrawList* list = draw_data->CmdLists[pick(draw_data->CmdListsCount)];
    if (list->VtxBuffer.Size > 0) {
      // Glyphs outnumber everything else: mostly pass over text for frames (buttons, tabs,
      // fields, checkboxes, grabs, headers), which are what clicks act on.
      const ImU32 text[] = {ImGui::GetColorU32(ImGuiCol_Text),
                            ImGui::GetColorU32(ImGuiCol_TextDisabled)};
      ImDrawVert v = list->VtxBuffer[pick(list->VtxBuffer.Size)];
      for (int tries = 0; tries < 8 && (v.col == text[0] || v.col == text[1]) && chance(0.8);
           ++tries) {
        v = list->VtxBuffer[pick(list->VtxBuffer.Size)];
      }
      const ImVec2 p = cells_.place(v);
      return ImVec2(p.x + static_cast<float>(pick(7) - 3), p.y + static_cast<float>(pick(7) - 3));
    }
  }
  if (r < 0.8 && g && g->Windows.Size > 0) {
    const ImGuiWindow* w = g->Windows[pick(g->Windows.Size)];
    if (w->Active && w->Size.x > 0.0f && w->Size.y > 0.0f) {
      const float u = static_cast<float>(uniform()), v = static_cast<float>(uniform());
      if (r < 0.7) return ImVec2(w->Pos.x + u * w->Size.x, w->Pos.y + v * w->Size.y);
      // An edge or a corner, where ImGui resizes windows.
      const float x =
          chance(0.5) ? w->Pos.x + u * w->Size.x : w->Pos.x + (chance(0.5) ? 0.0f : w->Size.x);
      const float y = x == w->Pos.x || x == w->Pos.x + w->Size.x
                          ? w->Pos.y + v * w->Size.y
                          : w->Pos.y + (chance(0.5) ? 0.0f : w->Size.y);
      return ImVec2(x + static_cast<float>(pick(9) - 4), y + static_cast<float>(pick(9) - 4));
    }
  }
  return ImVec2(static_cast<float>(uniform()) * (display.x + 20.0f) - 10.0f,
                static_cast<float>(uniform()) * (display.y + 20.0f) - 10.0f);
}

Step MonkeyInput::step(Step::Kind kind) {
  Step s;
  s.kind = kind;
  s.dt = frame_dt();
  return s;
}

void MonkeyInput::press_key() {
  Step s = step(Step::Kind::kKey);
  s.key = key(&s.ctrl, &s.shift, &s.alt);
  s.down = true;
  queued_.push_back(s);
  if (chance(0.08)) {  // Held until it repeats.
    for (int i = 0, n = 2 + pick(8); i < n; ++i) {
      Step held = s;
      held.kind = Step::Kind::kIdle;
      held.dt = 0.05f;
      queued_.push_back(held);
    }
  }
  s.down = false;
  s.dt = frame_dt();
  queued_.push_back(s);
}

void MonkeyInput::type() {
  Step s = step(Step::Kind::kText);
  s.text = text();
  queued_.push_back(s);
}

void MonkeyInput::turn_wheel() {
  Step s = step(Step::Kind::kWheel);
  const float amounts[] = {-1.0f, 1.0f, -3.0f, 3.0f, 0.25f, -40.0f, 40.0f};
  s.wheel.y = amounts[pick(7)];
  if (chance(0.15)) s.wheel.x = amounts[pick(7)];
  s.ctrl = chance(0.1);
  s.shift = chance(0.1);
  queued_.push_back(s);
}

void MonkeyInput::drop_files() {
  Step s = step(Step::Kind::kDrop);
  for (int i = 0, n = 1 + (chance(0.3) ? pick(3) : 0); i < n; ++i) {
    const auto& pool = chance(0.5) || pools_.broken.empty() ? pools_.real : pools_.broken;
    if (!pool.empty()) s.files.push_back(pool[pick(static_cast<int>(pool.size()))]);
  }
  queued_.push_back(s);
}

void MonkeyInput::change_disk() {
  if (pools_.changeable_files == 0) return;
  Step s = step(Step::Kind::kDisk);
  s.file = pick(pools_.changeable_files);
  s.cut = chance(0.4);
  queued_.push_back(s);
}

void MonkeyInput::answer_modal() {
  Step s = step(Step::Kind::kKey);
  s.key = chance(0.5) ? SDL_SCANCODE_RETURN : SDL_SCANCODE_ESCAPE;
  s.down = true;
  queued_.push_back(s);
  s.down = false;
  queued_.push_back(s);
}

void MonkeyInput::move_pointer(const ImDrawData* draw_data, ImVec2 display) {
  Step s = step(Step::Kind::kMove);
  s.pos = target(draw_data, display);
  queued_.push_back(s);
}

void MonkeyInput::click(int button, int clicks, const ImDrawData* draw_data, ImVec2 display) {
  Step s = step(Step::Kind::kMove);
  s.pos = target(draw_data, display);
  s.ctrl = chance(0.08);
  s.shift = chance(0.08);
  queued_.push_back(s);
  for (int i = 0; i < clicks; ++i) {
    for (bool down : {true, false}) {
      Step b = s;
      b.kind = Step::Kind::kButton;
      b.button = button;
      b.down = down;
      b.dt = clicks == 2 ? 0.05f : frame_dt();
      queued_.push_back(b);
    }
  }
}

void MonkeyInput::drag(int button, bool hold, const ImDrawData* draw_data, ImVec2 display) {
  Step s = step(Step::Kind::kMove);
  s.pos = target(draw_data, display);
  s.shift = chance(0.2);
  queued_.push_back(s);
  Step b = s;
  b.kind = Step::Kind::kButton;
  b.button = button;
  b.down = true;
  queued_.push_back(b);
  const ImVec2 to = chance(0.5) ? target(draw_data, display)
                                : ImVec2(s.pos.x + static_cast<float>(pick(161) - 80),
                                         s.pos.y + static_cast<float>(pick(161) - 80));
  for (int i = 1, n = 1 + pick(6); i <= n; ++i) {
    Step m = s;
    const float t = static_cast<float>(i) / static_cast<float>(n);
    m.pos = ImVec2(s.pos.x + (to.x - s.pos.x) * t, s.pos.y + (to.y - s.pos.y) * t);
    queued_.push_back(m);
    if (hold && chance(0.5)) input_while_held();
  }
  b.pos = to;
  b.down = false;
  queued_.push_back(b);
}

void MonkeyInput::input_while_held() {
  const double what = uniform();
  if (what < 0.5) {
    press_key();
  } else if (what < 0.7) {
    type();
  } else if (what < 0.85) {
    turn_wheel();
  } else if (what < 0.95) {
    drop_files();
  } else {
    change_disk();
  }
}

void MonkeyInput::resize_window() {
  Step s = step(Step::Kind::kResize);
  if (chance(0.1)) {
    s.size = ImVec2(0.0f, 0.0f);
  } else {
    s.size = ImVec2(static_cast<float>(40 + pick(2500)), static_cast<float>(30 + pick(1600)));
  }
  queued_.push_back(s);
  if (chance(0.7)) {  // Usually back to a usual size soon.
    Step back = step(Step::Kind::kResize);
    back.size = ImVec2(1280.0f, 800.0f);
    for (int i = 0, n = pick(20); i < n; ++i) queued_.push_back(step(Step::Kind::kIdle));
    queued_.push_back(back);
  }
}

void MonkeyInput::idle() {
  Step s = step(Step::Kind::kIdle);
  const float waits[] = {1.0f / 60.0f, 0.5f, 2.0f, 5.0f};
  s.dt = waits[pick(4)];
  queued_.push_back(s);
}

void MonkeyInput::gesture(const ImDrawData* draw_data, ImVec2 display) {
  // A user stuck in a dialog for a while presses Enter or Escape.
  modal_gestures_ =
      ImGui::GetCurrentContext() && ImGui::GetTopMostPopupModal() ? modal_gestures_ + 1 : 0;
  if (modal_gestures_ > 40) {
    modal_gestures_ = 0;
    answer_modal();
    return;
  }
  const double r = uniform() * 100.0;
  if (r < 22.0) {  // Pointer moves (hover, tooltips).
    move_pointer(draw_data, display);
  } else if (r < 50.0) {  // Clicks: left, double, right, middle; sometimes with modifiers.
    const int button = r < 40.0 ? 0 : r < 44.0 ? 1 : r < 45.0 ? 2 : 0;
    const int clicks = r >= 45.0 ? 2 : 1;
    click(button, clicks, draw_data, display);
  } else if (r < 60.0) {
    // Drags (sliders, the playhead, the view, graph nodes, panel edges); some hold the button
    // through other input: a key (Ctrl+Z while a value is dragged), typing, the wheel, a drop.
    const bool hold = r >= 57.0;
    const int button = hold || r < 55.0 ? 0 : r < 56.0 ? 1 : 2;
    drag(button, hold, draw_data, display);
  } else if (r < 66.0) {  // Wheel: scroll lists, zoom the view.
    turn_wheel();
  } else if (r < 81.0) {  // A key, often a shortcut.
    press_key();
  } else if (r < 92.0) {
    type();
  } else if (r < 94.0) {  // Files dropped on the window: 1 to 3, real or broken.
    drop_files();
  } else if (r < 94.7) {  // The window resized: down to nothing (minimized), up to very large.
    resize_window();
  } else if (r < 97.5) {  // Time passes with nothing touched.
    idle();
  } else if (r < 99.0) {
    queued_.push_back(step(Step::Kind::kLeave));
  } else {  // A clip file changes on disk.
    change_disk();
  }
}

Step MonkeyInput::next(const ImDrawData* draw_data, ImVec2 display) {
  while (queued_.empty()) gesture(draw_data, display);
  Step s = queued_.front();
  queued_.pop_front();
  return s;
}

void apply_to_io(const Step& step, ImGuiIO& io) {
  io.DeltaTime = step.dt;
  io.KeyCtrl = step.ctrl;
  io.KeyShift = step.shift;
  io.KeyAlt = step.alt;
  io.KeySuper = false;
  io.KeysDown[SDL_SCANCODE_LCTRL] = step.ctrl;
  io.KeysDown[SDL_SCANCODE_LSHIFT] = step.shift;
  io.KeysDown[SDL_SCANCODE_LALT] = step.alt;
  io.MouseWheel = 0.0f;
  io.MouseWheelH = 0.0f;
  switch (step.kind) {
    case Step::Kind::kMove:
      io.MousePos = step.pos;
      break;
    case Step::Kind::kButton:
      io.MousePos = step.pos;
      io.MouseDown[step.button] = step.down;
      break;
    case Step::Kind::kWheel:
      io.MouseWheelH = step.wheel.x;
      io.MouseWheel = step.wheel.y;
      break;
    case Step::Kind::kKey:
      io.KeysDown[step.key] = step.down;
      break;
    case Step::Kind::kText:
      io.AddInputCharactersUTF8(step.text.c_str());
      break;
    case Step::Kind::kResize:
      io.DisplaySize = step.size;
      break;
    case Step::Kind::kLeave:
      io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
      break;
    case Step::Kind::kDrop:
    case Step::Kind::kIdle:
    case Step::Kind::kDisk:
      break;
  }
}

}  // namespace anim::app::monkey
