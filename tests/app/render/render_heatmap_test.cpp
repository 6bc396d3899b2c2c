// The data shadings as a user sees them, through the real binary (needs a display: ctest runs
// these under xvfb-run): colour ramps, unlit colours, the legend's bar and text, joint names
// outlined, the picked vertex's marker and the selected bone's highlight. Expected colours come
// from ui::ramp_color, which ui_viewport_data_test checks against hand-computed and published
// values; the legend's bar is where ui::legend_bar says.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/ui/scene/color_ramp.h"
#include "anim/ui/scene/weight_legend.h"

#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>

#include "support/environment.h"
#include "support/images.h"

namespace {

using anim::ui::Ramp;

// The tool runs below keep their recovery state in a folder of their own, so no copy a user's
// animscope left behind is offered over the screenshot.
::testing::Environment* const kPrivateStateFolder =
    ::testing::AddGlobalTestEnvironment(new anim::testutil::OwnStateFolder("heat_state"));

const std::string kBinary = ANIMSCOPE_BINARY;

using anim::testutil::Image;

Image load_and_remove(const std::string& path);

// Renders `args` (a size and --out are added) and loads the picture; empty when it failed.
Image render(const std::string& args, int width = 200, int height = 300) {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("animscope_heat_" + std::to_string(::getpid()) + ".png"))
                               .string();
  const std::string command = "\"" + kBinary + "\" render " + args + " --size " +
                              std::to_string(width) + "x" + std::to_string(height) + " --out \"" +
                              path + "\"";
  const int status = std::system(command.c_str());
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return Image{};
  return load_and_remove(path);
}

// The whole tool (1280x800) after a few frames with `args`; empty when it failed.
Image screenshot(const std::string& args) {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("animscope_heat_tool_" + std::to_string(::getpid()) + ".png"))
                               .string();
  const std::string command =
      "\"" + kBinary + "\" " + args + " --screenshot \"" + path + "\" --frames 4 >/dev/null";
  const int status = std::system(command.c_str());
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return Image{};
  return load_and_remove(path);
}

Image load_and_remove(const std::string& path) {
  const Image image = anim::testutil::LoadPng(path);
  std::remove(path.c_str());
  return image;
}

int exit_code(const std::string& args) {
  const int status = std::system(("\"" + kBinary + "\" " + args + " 2>/dev/null").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

bool near(const unsigned char* p, const glm::vec3& rgb, int tolerance) {
  for (int c = 0; c < 3; ++c) {
    if (std::abs(p[c] - static_cast<int>(std::lround(rgb[c] * 255.0f))) > tolerance) return false;
  }
  return true;
}

int count(const Image& image, const std::function<bool(const unsigned char*)>& test) {
  int n = 0;
  for (int i = 0; i < image.width * image.height; ++i) n += test(&image.rgba[i * 4]) ? 1 : 0;
  return n;
}

int count_near(const Image& image, const glm::vec3& rgb, int tolerance = 3) {
  return count(image, [&](const unsigned char* p) { return near(p, rgb, tolerance); });
}

// The demo's head joint weighs 1 on the head's vertices: unlit, they show the ramp's top.
const std::string kHeadHeatmap =
    "builtin:demo --shading heatmap --joint head --no-skeleton --no-grid";

TEST(RenderHeatmap, UnlitHeadShowsTheRampsTopColourExactly) {
  const glm::vec3 top = anim::ui::ramp_color(Ramp::kBlender, 1.0f);
  const Image unlit = render(kHeadHeatmap + " --unlit");
  const Image lit = render(kHeadHeatmap);
  ASSERT_EQ(unlit.width, 200);
  ASSERT_EQ(lit.width, 200);
  const int exact_unlit = count_near(unlit, top, 2);
  EXPECT_GT(exact_unlit, 120) << "the head (about 160 pixels), in the ramp's 1.0 colour";
  // Lit, the same pixels are darkened or brightened by the light: few keep the exact colour.
  EXPECT_LT(count_near(lit, top, 2), exact_unlit / 4);
}

TEST(RenderHeatmap, RampsColourTheSameWeightsDifferently) {
  const Image viridis = render(kHeadHeatmap + " --unlit --ramp viridis");
  const Image grey = render(kHeadHeatmap + " --unlit --ramp greyscale");
  const Image blender = render(kHeadHeatmap + " --unlit --ramp blender");
  ASSERT_GT(viridis.width, 0);
  ASSERT_GT(grey.width, 0);
  ASSERT_GT(blender.width, 0);
  const glm::vec3 yellow = anim::ui::ramp_color(Ramp::kViridis, 1.0f);
  EXPECT_GT(count_near(viridis, yellow), 120);
  EXPECT_EQ(count_near(blender, yellow), 0);
  EXPECT_GT(count_near(grey, glm::vec3(1.0f)), 120);  // White at weight 1.
  // Greyscale: every pixel of the body is grey (the background and the no-weight colour are
  // the only bluish ones).
  const glm::vec3 none = anim::ui::kNoDataColor;
  const unsigned char* bg = grey.at(0, 0);
  const int coloured = count(grey, [&](const unsigned char* p) {
    const bool background =
        std::abs(p[0] - bg[0]) + std::abs(p[1] - bg[1]) + std::abs(p[2] - bg[2]) < 6;
    const int spread = std::max({p[0], p[1], p[2]}) - std::min({p[0], p[1], p[2]});
    return !background && !near(p, none, 3) && spread > 6;
  });
  // Anti-aliased edges mix the body with the background.
  EXPECT_LT(coloured, count(grey, [&](const unsigned char*) { return true; }) / 100);
}

// Inside the ramp, not only at its stops: the demo's vertices have one or two influences in
// broad bands, which the influence count shows at 1/4 and 1/2 of the ramp.
TEST(RenderHeatmap, ShaderInterpolatesTheRampAsTheCpuDoes) {
  for (Ramp ramp : {Ramp::kBlender, Ramp::kGreyscale}) {
    const std::string name = anim::ui::ramp_option(ramp);
    const Image image =
        render("builtin:demo --shading influences --unlit --no-skeleton --no-grid --ramp " + name,
               300, 400);
    ASSERT_EQ(image.width, 300) << name;
    EXPECT_GT(count_near(image, anim::ui::ramp_color(ramp, 0.25f), 2), 1000) << name << " one";
    EXPECT_GT(count_near(image, anim::ui::ramp_color(ramp, 0.5f), 2), 300) << name << " two";
  }
}

TEST(RenderHeatmap, LegendBarShowsTheRampWhereLegendBarSaysAndTextAboveIt) {
  const int w = 400, h = 300;
  const Image with = render(kHeadHeatmap + " --ramp viridis --legend", w, h);
  const Image without = render(kHeadHeatmap + " --ramp viridis", w, h);
  ASSERT_EQ(with.width, w);
  ASSERT_EQ(without.width, w);
  const anim::ui::LegendBar bar = anim::ui::legend_bar(glm::vec2(w, h));
  const int y = static_cast<int>((bar.min.y + bar.max.y) * 0.5f);
  const float bar_width = bar.max.x - bar.min.x;
  for (float t : {0.03f, 0.2f, 0.5f, 0.8f, 0.97f}) {
    const int x = static_cast<int>(bar.min.x + t * bar_width);
    const float at = (static_cast<float>(x) + 0.5f - bar.min.x) / bar_width;  // Pixel centre.
    const glm::vec3 expected = anim::ui::ramp_color(Ramp::kViridis, at);
    EXPECT_TRUE(near(with.at(x, y), expected, 4))
        << "t " << at << ": " << int(with.at(x, y)[0]) << "," << int(with.at(x, y)[1]) << ","
        << int(with.at(x, y)[2]);
    EXPECT_FALSE(near(without.at(x, y), expected, 4)) << "no legend without --legend";
  }
  // Text (the joint's name, its range, the vertex count) in light pixels above the bar, over the
  // box's dark background.
  int light = 0;
  for (int py = std::max(0, static_cast<int>(bar.min.y) - 90); py < bar.min.y - 2; ++py) {
    for (int px = static_cast<int>(bar.min.x); px < bar.max.x; ++px) {
      const unsigned char* p = with.at(px, py);
      light += p[0] > 180 && p[1] > 180 && p[2] > 180;
    }
  }
  EXPECT_GT(light, 150);
}

TEST(RenderHeatmap, NamesAreOutlinedInBlack) {
  // Without the skeleton's white joint dots, white is the names' alone.
  const Image names = render("builtin:demo --no-grid --no-skeleton --names");
  const Image plain = render("builtin:demo --no-grid --no-skeleton");
  ASSERT_GT(names.width, 0);
  ASSERT_GT(plain.width, 0);
  auto black = [](const unsigned char* p) { return p[0] < 12 && p[1] < 12 && p[2] < 12; };
  auto white = [](const unsigned char* p) { return p[0] > 225 && p[1] > 225 && p[2] > 225; };
  EXPECT_GT(count(names, black), count(plain, black) + 300);
  EXPECT_GT(count(names, white), count(plain, white) + 100);
}

TEST(RenderHeatmap, SelectedBoneIsDrawnWideAndBright) {
  const glm::vec3 bone(1.0f, 0.78f, 0.3f);  // scene_renderer.cpp's kSelectedBone.
  const Image selected = render("builtin:demo --no-grid --joint shin_L", 300, 300);  // Thigh.
  const Image none = render("builtin:demo --no-grid", 300, 300);
  ASSERT_GT(selected.width, 0);
  ASSERT_GT(none.width, 0);
  EXPECT_GT(count_near(selected, bone, 6), 40);
  EXPECT_LT(count_near(none, bone, 6), 5);
}

TEST(RenderHeatmap, PickedVertexIsMarked) {
  const glm::vec3 dot(230.0f / 255.0f, 40.0f / 255.0f, 200.0f / 255.0f);  // The marker's centre.
  const Image marked = render("builtin:demo --no-grid --vertex 0");
  const Image plain = render("builtin:demo --no-grid");
  ASSERT_GT(marked.width, 0);
  EXPECT_GT(count_near(marked, dot, 10), 3);
  EXPECT_EQ(count_near(plain, dot, 10), 0);
}

TEST(RenderHeatmap, BadRampOrVertexIsAnErrorNamingIt) {
  const std::string out = " --out /tmp/animscope_heat_bad.png";
  EXPECT_EQ(exit_code("render builtin:demo --ramp rainbow" + out), 2);
  EXPECT_EQ(exit_code("render builtin:demo --vertex 100000000" + out), 2);
  EXPECT_EQ(exit_code("render builtin:demo --vertex 1.5" + out), 2);
}

// Lit has no ramp: --legend says so and the picture is drawn anyway.
TEST(RenderHeatmap, LegendOnLitShadingSaysThereIsNone) {
  const std::string dir = std::filesystem::temp_directory_path().string();
  const std::string png = dir + "/animscope_heat_lit_" + std::to_string(::getpid()) + ".png";
  const std::string log = dir + "/animscope_heat_lit_" + std::to_string(::getpid()) + ".txt";
  const int status = std::system(
      ("\"" + kBinary + "\" render builtin:demo --legend --out \"" + png + "\" 2>\"" + log + "\"")
          .c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  std::FILE* f = std::fopen(log.c_str(), "r");
  ASSERT_NE(f, nullptr);
  char text[512] = {};
  const std::size_t n = std::fread(text, 1, sizeof(text) - 1, f);
  std::fclose(f);
  EXPECT_NE(std::string(text, n).find("no legend drawn"), std::string::npos) << text;
  std::remove(png.c_str());
  std::remove(log.c_str());
}

// The tool itself: the ramp and lighting from its command line, the legend in the viewport
// and the vertex marker.
TEST(GuiHeatmap, ToolShowsTheRampUnlitTheLegendAndThePickedVertex) {
  const Image viridis =
      screenshot("--joint head --shading heatmap --ramp viridis --unlit --vertex 0");
  const Image blender = screenshot("--joint head --shading heatmap");
  ASSERT_EQ(viridis.width, 1280);
  ASSERT_EQ(blender.width, 1280);
  const glm::vec3 top = anim::ui::ramp_color(Ramp::kViridis, 1.0f);
  const glm::vec3 middle = anim::ui::ramp_color(Ramp::kViridis, 0.5f);
  EXPECT_GT(count_near(viridis, top), 200) << "the head, unlit, and the bar's end";
  EXPECT_GT(count_near(viridis, middle), 20) << "the legend bar's middle";
  EXPECT_LT(count_near(blender, top), 10);
  const glm::vec3 dot(230.0f / 255.0f, 40.0f / 255.0f, 200.0f / 255.0f);
  EXPECT_GT(count_near(viridis, dot, 10), 3);
  EXPECT_EQ(count_near(blender, dot, 10), 0);
}

}  // namespace
