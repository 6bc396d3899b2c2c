// ui::new_frame: ImGui::NewFrame() with the workarounds the tool's ImGui (1.86) needs.
#include "anim/ui/widgets/imgui_frame.h"

#include <string>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include "support/imgui_harness.h"

namespace anim::ui {
namespace {

using testing::ImGuiHarness;
using testing::kEscapeKey;
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

// A table with a header row, whose right-click menu ImGui begins the frame after the click.
class TableMenuTest : public ::testing::Test {
 protected:
  TableMenuTest() {
    ImGui::GetIO().ConfigFlags |=
        ImGuiConfigFlags_NavEnableKeyboard;  // As the tool: Escape cancels.
    harness_.set_draw([this] {
      if (!ImGui::BeginTable("files", 2, ImGuiTableFlags_Resizable)) return;
      ImGui::TableSetupColumn("Name");
      ImGui::TableSetupColumn("Size");
      ImGui::TableHeadersRow();
      rects_.record("header");
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted("Testwuson.X");
      ImGui::EndTable();
    });
    harness_.frames(2);
  }
  // Right-clicks the header: the menu is open from this frame, shown from the next.
  void right_click_header() {
    ImGuiIO& io = ImGui::GetIO();
    harness_.mouse_to(rects_.find("header")->center());
    io.MouseDown[1] = true;
    harness_.frame();
    io.MouseDown[1] = false;
    harness_.frame();
  }
  static bool any_popup_open() {
    return ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
  }

  ImGuiHarness harness_;
  ItemRects rects_;
};

// Found by the monkey test (seed 12): right-click on the file dialog's column headers, then
// Escape on the next frame, crashed in ImGui::NewFrame.
TEST_F(TableMenuTest, EscapeBeforeTheMenuShowsClosesIt) {
  right_click_header();
  ASSERT_TRUE(any_popup_open());
  harness_.press(kEscapeKey);
  EXPECT_FALSE(any_popup_open());
}

TEST_F(TableMenuTest, EscapeClosesTheMenuOnceItShows) {
  right_click_header();
  harness_.frame();
  ASSERT_TRUE(any_popup_open());
  harness_.press(kEscapeKey);
  EXPECT_FALSE(any_popup_open());
}

}  // namespace
}  // namespace anim::ui
