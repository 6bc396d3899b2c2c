#pragma once
// A headless ImGui context (CreateHeadlessContext) and ImGuiHarness, for driving panels as a user
// would: every frame draws a callback
// inside one fixed window (like the app's panel windows), and mouse and keyboard input is fed
// through ImGuiIO. ImGui's own asserts abort (Debian builds the library with them, and
// third_party/imgui_config turns on those in its headers); each frame also checks that the
// callback left every ImGui stack balanced, so a failure names the panel's test, not a crash.
#include <algorithm>
#include <cfloat>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "anim/ui/widgets/key_map.h"

#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/widgets/imgui_frame.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui::testing {

// Indices into io.KeysDown for the keys the panels use.
constexpr int kSpaceKey = 32;
constexpr int kLeftKey = 1;
constexpr int kRightKey = 2;
constexpr int kHomeKey = 3;
constexpr int kEndKey = 4;
constexpr int kBackspaceKey = 8;
constexpr int kAKey = 65;  // Select all, with Ctrl.
constexpr int kZKey = 90;  // Undo, with Ctrl.
constexpr int kEnterKey = 13;
constexpr int kEscapeKey = 27;
constexpr int kDeleteKey = 127;

// Draws `panel` as the tool does: it reads the document and queues its changes (Commands),
// which are applied once it has drawn. Returns what its draw returns.
template <class Panel, class... Args>
decltype(auto) draw_panel(Panel& panel, Document& doc, Args&&... args) {
  Commands cmds;
  const Document& snapshot = doc;
  using Result = decltype(panel.draw(snapshot, cmds, std::forward<Args>(args)...));
  if constexpr (std::is_void_v<Result>) {
    panel.draw(snapshot, cmds, std::forward<Args>(args)...);
    cmds.apply(doc);
  } else {
    Result result = panel.draw(snapshot, cmds, std::forward<Args>(args)...);
    cmds.apply(doc);
    return result;
  }
}

// Creates the current ImGui context for a test: a display of `display_size`, no ini or log
// file, the font atlas built (a frame needs it). The caller destroys it.
// The KeysDown indices the tests' key map gives the keys ImGui does not name (the tool's are SDL
// scancodes; any free index does).
constexpr int kTestRenameKey = 59, kTestFrameAllKey = 9;

inline ImGuiIO& CreateHeadlessContext(ImVec2 display_size) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  anim::ui::KeyMap keys;
  keys.rename = kTestRenameKey;
  keys.frame_all = kTestFrameAllKey;
  anim::ui::set_key_map(keys);
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.LogFilename = nullptr;
  io.DisplaySize = display_size;
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  return io;
}

// One frame of the current context (made by CreateHeadlessContext) drawing `draw` in the window
// `name`, of `size` at the top left, without decorations and fixed; as the tool starts its frames.
template <class Draw>
void DrawFrameInWindow(const char* name, ImVec2 size, Draw draw) {
  ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
  new_frame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(size);
  ImGui::Begin(name, nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove);
  draw();
  ImGui::End();
  ImGui::Render();
}

class ImGuiHarness {
 public:
  explicit ImGuiHarness(ImVec2 window_size = ImVec2(900.0f, 600.0f)) : window_size_(window_size) {
    // The tool's usual display, grown to hold a taller or wider window whole (items outside the
    // display take no input).
    ImGuiIO& io = CreateHeadlessContext(ImVec2(std::max(1280.0f, kWindowPos.x * 2 + window_size.x),
                                               std::max(800.0f, kWindowPos.y * 2 + window_size.y)));
    io.KeyMap[ImGuiKey_Space] = kSpaceKey;
    io.KeyMap[ImGuiKey_LeftArrow] = kLeftKey;
    io.KeyMap[ImGuiKey_RightArrow] = kRightKey;
    io.KeyMap[ImGuiKey_Home] = kHomeKey;
    io.KeyMap[ImGuiKey_End] = kEndKey;
    io.KeyMap[ImGuiKey_Backspace] = kBackspaceKey;
    io.KeyMap[ImGuiKey_A] = kAKey;
    io.KeyMap[ImGuiKey_Z] = kZKey;
    io.KeyMap[ImGuiKey_Escape] = kEscapeKey;
    io.KeyMap[ImGuiKey_Enter] = kEnterKey;
    io.KeyMap[ImGuiKey_Delete] = kDeleteKey;
  }
  ~ImGuiHarness() { ImGui::DestroyContext(); }
  ImGuiHarness(const ImGuiHarness&) = delete;
  ImGuiHarness& operator=(const ImGuiHarness&) = delete;

  void set_draw(std::function<void()> draw) { draw_ = std::move(draw); }

  void frame() {
    ImGuiIO& io = ImGui::GetIO();
    io.DeltaTime = 1.0f / 60.0f;
    new_frame();  // As the tool starts its frames.
    ImGui::SetNextWindowPos(kWindowPos, ImGuiCond_Always);
    ImGui::SetNextWindowSize(window_size_, ImGuiCond_Always);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings;
    if (ImGui::Begin("Panel", nullptr, flags)) {
      if (capture_) ImGui::LogToBuffer(0);
      const Stacks before = stacks();
      draw_();
      EXPECT_EQ(stacks(), before) << "a panel left an ImGui stack unbalanced";
      if (capture_) {
        text_ = GImGui->LogBuffer.c_str();
        ImGui::LogFinish();
      }
    }
    ImGui::End();
    ImGui::Render();
  }
  void frames(int count) {
    for (int i = 0; i < count; ++i) frame();
  }
  // One frame, returning the text it showed as ImGui's log captures it: each item's label or
  // text, a line per row, without "##" ids. Tree nodes are not opened for the log (depth 0),
  // so the frame draws what an ordinary one would. The mouse is away for that frame: ending any
  // window that is no child, a tooltip's too, stops ImGui's log.
  std::string frame_text() {
    ImGuiIO& io = ImGui::GetIO();
    const ImVec2 mouse = io.MousePos;
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    capture_ = true;
    frame();
    capture_ = false;
    io.MousePos = mouse;
    return text_;
  }

  // Moves the mouse to `at`, then presses and releases the left button on separate frames.
  void click_at(ImVec2 at, int clicks = 1) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = at;
    frame();
    for (int i = 0; i < clicks; ++i) {
      io.MouseDown[0] = true;
      frame();
      io.MouseDown[0] = false;
      frame();
    }
  }
  // Clicks the centre of the widget recorded as `name`; false when there is none.
  bool click(const ItemRects& rects, const std::string& name, int clicks = 1) {
    const ItemRect* rect = rects.find(name);
    if (rect == nullptr) return false;
    click_at(rect->center(), clicks);
    return true;
  }
  // Clicks where the panel has no widget, as a user leaving a text field does.
  void click_empty() { click_at(ImVec2(kWindowPos.x + window_size_.x * 0.5f, window_size_.y)); }
  // Opens the combo recorded as `combo` and picks its `choice` (recorded as "combo=choice").
  bool choose(const ItemRects& rects, const std::string& combo, const std::string& choice) {
    if (!click(rects, combo)) return false;
    frame();  // A popup is placed on the frame after it opens.
    return click(rects, combo + "=" + choice);
  }
  void mouse_to(ImVec2 at) {
    ImGui::GetIO().MousePos = at;
    frame();
  }
  void mouse_button(bool down, int button = 0) {
    ImGui::GetIO().MouseDown[button] = down;
    frame();
  }
  // Moves the mouse to `at` and clicks the right button.
  void right_click_at(ImVec2 at) {
    mouse_to(at);
    mouse_button(true, 1);
    mouse_button(false, 1);
  }
  // Presses and releases a key (an index into io.KeysDown).
  void press(int key) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeysDown[key] = true;
    frame();
    io.KeysDown[key] = false;
    frame();
  }
  // Presses and releases a key with Ctrl held.
  void press_ctrl(int key) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeyCtrl = true;
    press(key);
    io.KeyCtrl = false;
  }
  void type(const std::string& text) {
    for (char c : text) {
      ImGui::GetIO().AddInputCharacter(static_cast<unsigned char>(c));
      frame();
    }
  }
  // Replaces the text of the focused field: Ctrl+A, then typing.
  void replace_text(const std::string& text) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeyCtrl = true;
    io.KeysDown[kAKey] = true;
    frame();
    io.KeysDown[kAKey] = false;
    io.KeyCtrl = false;
    frame();
    type(text);
  }

 private:
  const ImVec2 kWindowPos = ImVec2(10.0f, 10.0f);

  // Sizes of the stacks every Push/Begin must restore (ID, colours, style, disabled, windows,
  // tables, tree depth, popups, groups, item flags, fonts).
  using Stacks = std::vector<int>;
  static Stacks stacks() {
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    const ImGuiWindow* window = g.CurrentWindow;
    return {window->IDStack.Size,  g.ColorStack.Size,         g.StyleVarStack.Size,
            g.DisabledStackSize,   g.CurrentWindowStack.Size, g.TablesTempDataStacked,
            window->DC.TreeDepth,  g.BeginPopupStack.Size,    g.GroupStack.Size,
            g.ItemFlagsStack.Size, g.FontStack.Size};
  }

  ImVec2 window_size_;
  std::function<void()> draw_ = [] {};
  bool capture_ = false;  // frame_text(): the frame logs what it shows into text_.
  std::string text_;
};

}  // namespace anim::ui::testing
