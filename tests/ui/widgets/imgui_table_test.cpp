// ui::begin_table, the guard every table of the tool begins with (issue 24): ImGui 1.86 aborts in
// TableUpdateLayout (`!is_visible`) when a scrolling table's unrounded rectangle overlaps the
// clip rectangle by less than a pixel while the child window it makes, rounded down, does not.
// The monkey hit it in the file dialog (Ctrl+S, then arrow keys scrolling the dialog).
#include "anim/ui/widgets/imgui_table.h"

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "anim/ui/widgets/file_dialog.h"
#include "anim/ui/widgets/imgui_frame.h"
#include "support/imgui_harness.h"
#include "support/temp_tree.h"

namespace anim::ui {
namespace {

namespace fs = std::filesystem;

constexpr ImGuiTableFlags kScrolling = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg;

// A context with one fixed window; each frame runs `body` inside it.
class Frames {
 public:
  Frames() { testing::CreateHeadlessContext(ImVec2(800.0f, 600.0f)).DeltaTime = 1.0f / 60.0f; }
  ~Frames() { ImGui::DestroyContext(); }
  Frames(const Frames&) = delete;
  Frames& operator=(const Frames&) = delete;

  template <class F>
  void run(int count, F body) {
    for (int i = 0; i < count; ++i) {
      new_frame();
      ImGui::SetNextWindowPos(ImVec2(20.0f, 20.0f));
      ImGui::SetNextWindowSize(ImVec2(400.0f, 300.0f));
      ImGui::Begin("Host", nullptr, ImGuiWindowFlags_NoSavedSettings);
      body(*ImGui::GetCurrentWindow());
      ImGui::End();
      ImGui::Render();
    }
  }
};

// A table whose top-left corner is `offset` from the host's clip rectangle's top-left corner,
// `height` tall; a few frames, so its child window exists and has its size.
template <class Begin>
int table_frames(ImVec2 offset, float height, Begin begin) {
  Frames frames;
  int shown = 0;
  frames.run(4, [&](ImGuiWindow& host) {
    const ImVec2 corner = host.ClipRect.Min;
    ImGui::SetCursorScreenPos(ImVec2(corner.x + offset.x, corner.y + offset.y));
    if (begin("table", 2, kScrolling, ImVec2(0.0f, height))) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted("a");
      ImGui::TableNextColumn();
      ImGui::TextUnformatted("b");
      EXPECT_FALSE(ImGui::GetCurrentTable()->HostSkipItems) << "begun in a window that skips";
      ImGui::EndTable();
      ++shown;
    }
  });
  return shown;
}

bool imgui_begin(const char* id, int columns, ImGuiTableFlags flags, ImVec2 size) {
  return ImGui::BeginTable(id, columns, flags, size);
}
bool guarded_begin(const char* id, int columns, ImGuiTableFlags flags, ImVec2 size) {
  return begin_table(id, columns, flags, size);
}

// 20.6 pixels tall, hanging 0.2 pixels into the clip rectangle from above: ImGui 1.86 thinks it
// is in sight, then makes its child 20 pixels tall at the rounded-down place, all above the edge.
const ImVec2 kHangingAbove(10.0f, -20.4f);
constexpr float kHangingHeight = 20.6f;

TEST(ImGuiTableGuard, ImGuiItselfAbortsOnATableHangingOverTheEdgeByAFraction) {
  if (IMGUI_VERSION_NUM >= 19115) GTEST_SKIP() << "ImGui 1.91.2 rounds the size first (7957)";
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(table_frames(kHangingAbove, kHangingHeight, imgui_begin), "is_visible");
}

TEST(ImGuiTableGuard, TheGuardSkipsThatTableAndKeepsItsPlace) {
  EXPECT_EQ(table_frames(kHangingAbove, kHangingHeight, guarded_begin), 0);
  // The place it would take is kept, as for a table ImGui clips itself.
  Frames frames;
  frames.run(3, [](ImGuiWindow& host) {
    ImGui::SetCursorScreenPos(ImVec2(host.ClipRect.Min.x + 10.0f, host.ClipRect.Min.y - 20.4f));
    const float before = host.DC.CursorPos.y;
    EXPECT_FALSE(begin_table("table", 2, kScrolling, ImVec2(0.0f, kHangingHeight)));
    // ImGui's ItemSize: the line's end rounded down, then the spacing.
    EXPECT_EQ(host.DC.CursorPos.y,
              std::floor(before + kHangingHeight + ImGui::GetStyle().ItemSpacing.y));
  });
}

TEST(ImGuiTableGuard, ATableInSightIsBegun) {
  EXPECT_EQ(table_frames(ImVec2(10.0f, 30.0f), 100.0f, guarded_begin), 4);
  // Hanging over the top edge by two pixels and more: in sight.
  EXPECT_EQ(table_frames(ImVec2(10.0f, -18.0f), 20.0f, guarded_begin), 4);
  // A table without a child window is never skipped by the guard.
  Frames frames;
  frames.run(3, [](ImGuiWindow& host) {
    ImGui::SetCursorScreenPos(ImVec2(host.ClipRect.Min.x + 10.0f, host.ClipRect.Min.y - 20.4f));
    ASSERT_TRUE(begin_table("plain", 2, ImGuiTableFlags_RowBg));
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted("a");
    ImGui::EndTable();
  });
}

// A window squeezed to no room at all (a panel resized to nothing) has an empty clip rectangle;
// ImGui 1.86 takes a table reaching across it for one in sight, and its child for hidden.
template <class Begin>
int squeezed_frames(Begin begin) {
  Frames frames;
  int shown = 0;
  frames.run(4, [&](ImGuiWindow&) {
    ImGui::BeginChild("squeezed", ImVec2(300.0f, 2.0f), true);
    ImGuiWindow& squeezed = *ImGui::GetCurrentWindow();
    EXPECT_GE(squeezed.ClipRect.Min.y, squeezed.ClipRect.Max.y) << "no room";
    ImGui::SetCursorScreenPos(ImVec2(squeezed.Pos.x + 4.0f, squeezed.ClipRect.Min.y - 5.0f));
    if (begin("table", 2, kScrolling, ImVec2(0.0f, 20.0f))) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted("a");
      ImGui::EndTable();
      ++shown;
    }
    ImGui::EndChild();
  });
  return shown;
}

TEST(ImGuiTableGuard, ImGuiItselfAbortsOnATableAcrossAWindowWithNoRoom) {
  if (IMGUI_VERSION_NUM >= 19115) GTEST_SKIP() << "a later ImGui may see it";
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(squeezed_frames(imgui_begin), "is_visible");
}

TEST(ImGuiTableGuard, TheGuardSkipsATableAcrossAWindowWithNoRoom) {
  EXPECT_EQ(squeezed_frames(guarded_begin), 0);
}

// Every fraction around all four edges, with fractional heights: no abort, and a table begun
// is begun in a window that draws (checked in table_frames).
TEST(ImGuiTableGuard, NoPlaceNearAnEdgeAborts) {
  Frames frames;
  int shown = 0, skipped = 0;
  for (float fraction = 0.0f; fraction < 1.0f; fraction += 0.125f) {
    for (float height : {4.0f, 20.3f, 20.6f, 57.9f}) {
      for (float across : {-2.0f, -1.0f, 0.0f, 1.0f}) {
        frames.run(3, [&](ImGuiWindow& host) {
          const ImRect clip = host.ClipRect;
          const float ys[] = {clip.Min.y - height + across + fraction,
                              clip.Max.y + across + fraction};
          int n = 0;
          for (float y : ys) {
            ImGui::PushID(n++);
            ImGui::SetCursorScreenPos(ImVec2(clip.Min.x + 5.0f, y));
            if (begin_table("table", 3, kScrolling | ImGuiTableFlags_ScrollX,
                            ImVec2(120.0f + fraction, height))) {
              // Its child window draws: ImGui 1.86 asserts when it skips.
              EXPECT_FALSE(ImGui::GetCurrentTable()->HostSkipItems)
                  << "at " << y << " (clip " << clip.Min.y << " to " << clip.Max.y << "), height "
                  << height;
              ImGui::TableNextRow();
              ImGui::TableNextColumn();
              ImGui::TextUnformatted("x");
              ImGui::EndTable();
              ++shown;
            } else {
              ++skipped;
            }
            ImGui::PopID();
          }
        });
      }
    }
  }
  EXPECT_GT(shown, 0);
  EXPECT_GT(skipped, 0);
}

// The tool's own case: the file dialog in a small window, its table filling the room above the
// footer, scrolled through every place (as arrow keys scroll it) at a text size with fractions.
TEST(ImGuiTableGuard, AFileDialogScrolledThroughASmallWindowNeverAborts) {
  testing::TempTree tree;
  for (int i = 0; i < 30; ++i) tree.file("file" + std::to_string(i) + ".txt", 10);
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DeltaTime = 1.0f / 60.0f;
  io.FontGlobalScale = 1.13f;  // Line heights with fractions, as a scaled font gives.
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  int frames = 0, scrolled = 0;
  for (float display_height = 100.0f; display_height < 300.0f; display_height += 7.3f) {
    io.DisplaySize = ImVec2(520.0f, display_height);
    FileDialog dialog;
    dialog.open("Save setup", tree.path(), {FileFilter{"All files", {}}}, FileDialogMode::kSave);
    for (int settle = 0; settle < 3; ++settle, ++frames) {
      new_frame();
      dialog.draw();
      ImGui::Render();
    }
    ImGuiWindow* window = ImGui::GetCurrentContext()->OpenPopupStack.back().Window;
    ASSERT_NE(window, nullptr);
    const float max_scroll = window->ScrollMax.y;
    for (float scroll = 0.0f; scroll <= max_scroll; scroll += 0.5f, ++frames, ++scrolled) {
      ImGui::SetScrollY(window, scroll);
      new_frame();
      dialog.draw();
      ImGui::Render();
    }
    dialog.cancel();
  }
  ImGui::DestroyContext();
  EXPECT_GT(scrolled, 100) << "the dialog should be taller than its window at some sizes";
}

// Every table in the tool goes through the guard: no source but the guard's calls ImGui's.
TEST(ImGuiTableGuard, EveryTableOfTheToolBeginsThroughTheGuard) {
  std::vector<std::string> offenders;
  for (const char* dir : {"ui", "app"}) {
    for (const auto& entry :
         fs::recursive_directory_iterator(fs::path(ANIMSCOPE_SOURCE_DIR) / dir)) {
      if (!entry.is_regular_file() || entry.path().filename() == "imgui_table.cpp") continue;
      const std::string ext = entry.path().extension().string();
      if (ext != ".cpp" && ext != ".h") continue;
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      if (text.str().find("ImGui::BeginTable(") != std::string::npos) {
        offenders.push_back(entry.path().string());
      }
    }
  }
  EXPECT_TRUE(offenders.empty()) << "call ui::begin_table instead of ImGui::BeginTable in "
                                 << ::testing::PrintToString(offenders);
}

}  // namespace
}  // namespace anim::ui
