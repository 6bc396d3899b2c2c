// What catches ImGui misuse in our builds, whatever the build type: the library's own assertions
// (Debian builds libimgui without NDEBUG) and the ones in ImGui's headers, compiled into our code,
// which third_party/imgui_config/anim_imconfig.h makes abort under NDEBUG too. The monkey test
// (tests/app/gui/tool_monkey_test.cpp) relies on both to fail on an ImGui assertion.
#include <gtest/gtest.h>
#include <imgui.h>

#include "support/imgui_harness.h"

namespace {

// A frame of an empty context, with `misuse` between Begin and End of one window.
template <class F>
void frame_with(F misuse) {
  ImGuiIO& io = anim::ui::testing::CreateHeadlessContext(ImVec2(640.0f, 480.0f));
  io.DeltaTime = 1.0f / 60.0f;
  ImGui::NewFrame();
  ImGui::Begin("Panel");
  misuse();
  ImGui::End();
  ImGui::Render();
  ImGui::DestroyContext();
}

class ImGuiAsserts : public ::testing::Test {
 protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

// The control: the same frame, used well, lays its text out and runs to its end.
TEST_F(ImGuiAsserts, AWellFormedFrameRuns) {
  float width = 0.0f;
  frame_with([&] {
    ImGui::TextUnformatted("fine");
    width = ImGui::GetItemRectSize().x;
  });
  EXPECT_GT(width, 0.0f);
}

TEST_F(ImGuiAsserts, HeaderAssertionsAbortInEveryBuildType) {
  // ImVector's index check lives in imgui.h: compiled here, with NDEBUG in release builds.
  EXPECT_DEATH(
      {
        ImVector<int> values;
        values.push_back(1);
        volatile int index = 3;
        static_cast<void>(values[index]);
      },
      "ImGui assertion failed: i >= 0 && i < Size");
}

TEST_F(ImGuiAsserts, TheLibraryCatchesAnUnbalancedIdStack) {
  EXPECT_DEATH(frame_with([] { ImGui::PushID("left open"); }), "PushID/PopID");
}

TEST_F(ImGuiAsserts, TheLibraryCatchesAMissingEnd) {
  EXPECT_DEATH(frame_with([] { ImGui::Begin("never ended"); }), "Missing End|Mismatched Begin");
}

TEST_F(ImGuiAsserts, TheLibraryCatchesAPopWithoutAPush) {
  EXPECT_DEATH(frame_with([] { ImGui::PopStyleVar(); }), "Assertion");
}

}  // namespace
