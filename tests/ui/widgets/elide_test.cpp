// elide_to_width and elide_start_to_width (panel_widgets.h): the text itself when it fits, else
// the longest start (or end) that fits with "...", never cut inside a UTF-8 character. Checked
// against a naive search over every cut, at many widths.
#include <string>

#include <gtest/gtest.h>
#include <imgui.h>

#include "anim/ui/widgets/panel_widgets.h"
#include "support/imgui_harness.h"

namespace anim::ui {
namespace {

bool starts_character(const std::string& text, std::size_t at) {
  return at == 0 || at >= text.size() || (static_cast<unsigned char>(text[at]) & 0xC0) != 0x80;
}

float width_of(const std::string& text) { return ImGui::CalcTextSize(text.c_str()).x; }

// The longest start of `text` (cut between characters) that fits with "..." after it.
std::string naive_elide_end(const std::string& text, float width) {
  if (width_of(text) <= width) return text;
  for (std::size_t n = text.size(); n > 0; --n) {
    if (!starts_character(text, n)) continue;
    const std::string cut = text.substr(0, n) + "...";
    if (width_of(cut) <= width) return cut;
  }
  return "...";
}

// The longest end of `text` (cut between characters) that fits with "..." before it.
std::string naive_elide_start(const std::string& text, float width) {
  if (width_of(text) <= width) return text;
  for (std::size_t from = 0; from < text.size(); ++from) {
    if (!starts_character(text, from)) continue;
    const std::string cut = "..." + text.substr(from);
    if (width_of(cut) <= width) return cut;
  }
  return "...";
}

TEST(Elide, BothEndsMatchANaiveSearchAtEveryWidth) {
  testing::CreateHeadlessContext(ImVec2(800, 600));
  // ASCII, and two-byte characters (the default font draws them as '?', each its own width).
  const std::string texts[] = {"/models/characters/hero/Hero.fbx",
                               "/mod\xC3\xA8les/h\xC3\xA9ros/H\xC3\xA9ro\xC3\xAF.fbx"};
  testing::DrawFrameInWindow("elide", ImVec2(800, 600), [&] {
    for (const std::string& text : texts) {
      const float whole = width_of(text);
      EXPECT_EQ(elide_to_width(text, whole), text);
      EXPECT_EQ(elide_start_to_width(text, whole), text);
      for (float width = 0.0f; width < whole; width += 3.0f) {
        SCOPED_TRACE(text + " at " + std::to_string(width));
        EXPECT_EQ(elide_to_width(text, width), naive_elide_end(text, width));
        EXPECT_EQ(elide_start_to_width(text, width), naive_elide_start(text, width));
      }
    }
  });
  ImGui::DestroyContext();
}

TEST(ShownName, AnEmptyNameIsShownAsUnnamed) {
  EXPECT_STREQ(shown_name(""), "(unnamed)");
  const std::string walk = "Walk";
  EXPECT_EQ(shown_name(walk), walk.c_str());
}

}  // namespace
}  // namespace anim::ui
