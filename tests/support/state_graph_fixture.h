#pragma once
// The state graph suites' fixture: a Document of one joint with the 1 s clips "walk" and "run",
// its StateGraph drawn in an 800 x 600 headless ImGui window, and a user's hands on it: frames,
// mouse moves, buttons, clicks, drags and keys, and the rectangles the graph drew. Needs anim_ui.
#include <string>

#include <gtest/gtest.h>
#include <imgui.h>
#include <glm/vec3.hpp>

#include "anim/model.h"
#include "anim/ui/model/document.h"
#include "anim/ui/views/machine/state_graph.h"
#include "anim/ui/widgets/item_rects.h"
#include "support/clips.h"
#include "support/imgui_harness.h"
#include "support/rigs.h"

namespace anim::ui::testing {

// One joint; "walk" and "run" each move it from the origin to (1, 1, 1) in 1 s.
inline Model TwoClipModel() {
  return ::anim::testutil::ModelOf(
      "", ::anim::testutil::OneJoint(),
      {::anim::testutil::SlideClip("walk", 1.0f, glm::vec3(0.0f), glm::vec3(1.0f)),
       ::anim::testutil::SlideClip("run", 1.0f, glm::vec3(0.0f), glm::vec3(1.0f))});
}

class StateGraphFixture : public ::testing::Test {
 protected:
  StateGraphFixture() : doc(TwoClipModel(), "/models/two.x") {
    CreateHeadlessContext(ImVec2(800, 600)).KeyMap[ImGuiKey_Delete] = kDeleteKey;
  }
  ~StateGraphFixture() override { ImGui::DestroyContext(); }

  void frame() {
    DrawFrameInWindow("graph", ImVec2(800, 600), [&] { draw_panel(graph, doc); });
  }
  void settle() {
    for (int i = 0; i < 3; ++i) frame();
  }
  // The rectangle the graph drew for `name` (an empty one, and a failure, when there is none).
  ItemRect rect(const std::string& name) {
    const ItemRect* r = graph.rects.find(name);
    EXPECT_NE(r, nullptr) << name;
    return r != nullptr ? *r : ItemRect{};
  }
  void move(ImVec2 at) {
    ImGui::GetIO().MousePos = at;
    frame();
  }
  void button(int b, bool down) {
    ImGui::GetIO().MouseDown[b] = down;
    frame();
  }
  void click(ImVec2 at, int b = 0) {
    move(at);
    button(b, true);
    button(b, false);
  }
  // Presses button `b` at `from`, moves to `to` in four steps and releases it there.
  void drag(ImVec2 from, ImVec2 to, int b = 0) {
    move(from);
    button(b, true);
    for (int step = 1; step <= 4; ++step) {
      const float f = static_cast<float>(step) / 4.0f;
      move(ImVec2(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f));
    }
    button(b, false);
  }
  void key(int k) {
    ImGui::GetIO().KeysDown[k] = true;
    frame();
    ImGui::GetIO().KeysDown[k] = false;
    frame();
  }

  Document doc;
  StateGraph graph;
};

}  // namespace anim::ui::testing
