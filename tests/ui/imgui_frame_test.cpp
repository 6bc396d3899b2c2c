// ui::new_frame: ImGui::NewFrame() with the workarounds the tool's ImGui (1.86) needs.
#include "anim/ui/imgui_frame.h"

#include <string>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include "imgui_harness.h"

namespace anim::ui {
namespace {

using testing::ImGuiHarness;
using testing::kZKey;

class TextFieldTest : public ::testing::Test {
 protected:
  TextFieldTest() {
    harness_.set_draw([this] {
      ImGui::InputText("##field", &text_);
      rects_.record("field");
    });
    harness_.frames(2);
  }

  ImGuiHarness harness_;
  std::string text_;
  ItemRects rects_;
};

TEST_F(TextFieldTest, UndoWorksWithinAnEdit) {
  ASSERT_TRUE(harness_.click(rects_, "field"));
  harness_.type("abc");
  harness_.press_ctrl(kZKey);
  EXPECT_EQ(text_, "ab");
}

// ImGui 1.86 kept a field's undo history from one edit to the next even when its text was
// changed from outside in between; undoing then replayed edits of the old text on the new one,
// outside ImGui's buffer (found by the monkey test in the file dialog's path field).
TEST_F(TextFieldTest, AFieldChangedFromOutsideStartsAFreshEdit) {
  ASSERT_TRUE(harness_.click(rects_, "field"));
  harness_.type("abcdef");
  harness_.click_empty();  // The edit ends...
  text_ = "xy";            // ...and the text changes from outside (a dialog, an undo).
  ASSERT_TRUE(harness_.click(rects_, "field"));
  for (int i = 0; i < 8; ++i) harness_.press_ctrl(kZKey);
  EXPECT_EQ(text_, "xy") << "nothing of the earlier edit is undone into the new text";
  harness_.type("z");
  EXPECT_NE(text_.find('z'), std::string::npos);
  EXPECT_EQ(text_.size(), 3u);
}

}  // namespace
}  // namespace anim::ui
