// The offscreen renderer and the GUI, run as a user would run the binary (needs a display:
// ctest runs these under xvfb-run). Pictures are checked by their silhouettes against the
// background colour.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include <sys/wait.h>
#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "split_assets.h"

#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>

#include "support/environment.h"
#include "support/images.h"

namespace {

// The tool runs here get a state folder of their own: no recovery copy that a user's animscope
// left behind is offered over a screenshot.
::testing::Environment* const kOwnStateFolder =
    ::testing::AddGlobalTestEnvironment(new anim::testutil::OwnStateFolder("render_state"));

// The headless animscope users type: these runs also check it hands `render` and the tool to
// animscope-gui.
const std::string kBinary = ANIMSCOPE_BINARY;
const std::string kWuson = std::string(ANIMSCOPE_ASSIMP_MODELS) + "/X/Testwuson.X";

using anim::testutil::Image;
using anim::testutil::LoadPng;

// A temporary file of this process (ctest runs tests as parallel processes).
std::string out_path(const std::string& name) {
  const std::string file = "animscope_" + std::to_string(::getpid()) + "_" + name;
  return (std::filesystem::temp_directory_path() / file).string();
}

// The binary's exit code (-1 when it did not exit normally).
int run(const std::string& args) {
  const std::string command = "\"" + kBinary + "\" " + args;
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Pixels that differ clearly from the background (the top-left corner) and are not grey
// grid lines: the model's silhouette.
struct Silhouette : anim::testutil::PixelBounds {
  std::vector<bool> mask;
};

Silhouette silhouette(const Image& image) {
  Silhouette s;
  s.mask.assign(image.width * image.height, false);
  const unsigned char* bg = image.at(0, 0);
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const unsigned char* p = image.at(x, y);
      const int d = std::abs(p[0] - bg[0]) + std::abs(p[1] - bg[1]) + std::abs(p[2] - bg[2]);
      const int spread = std::max({p[0], p[1], p[2]}) - std::min({p[0], p[1], p[2]});
      // Grid lines are grey-blue and faint; the lit model is brighter and warmer.
      if (d > 60 && spread > 12) {
        s.mask[y * image.width + x] = true;
        s.Add(x, y);
      }
    }
  }
  return s;
}

TEST(Render, WusonAtTwoTimesDiffersAndStaysInFrame) {
  const std::string a = out_path("wuson_a.png"), b = out_path("wuson_b.png");
  ASSERT_EQ(run("render \"" + kWuson +
                "\" --clip Wuson_Walk --time 0.3 --no-skeleton --no-grid "
                "--size 320x240 --out \"" +
                a + "\""),
            0);
  ASSERT_EQ(run("render \"" + kWuson +
                "\" --clip Wuson_Walk --time 2.1 --no-skeleton --no-grid "
                "--size 320x240 --out \"" +
                b + "\""),
            0);
  const Image ia = LoadPng(a), ib = LoadPng(b);
  ASSERT_EQ(ia.width, 320);
  ASSERT_EQ(ia.height, 240);
  ASSERT_EQ(ib.width, 320);
  const Silhouette sa = silhouette(ia), sb = silhouette(ib);
  // The model covers a fair part of the frame and does not touch its edges.
  for (const Silhouette* s : {&sa, &sb}) {
    EXPECT_GT(s->count, 320 * 240 / 30);
    EXPECT_GT(s->min_x, 0);
    EXPECT_GT(s->min_y, 0);
    EXPECT_LT(s->max_x, 319);
    EXPECT_LT(s->max_y, 239);
  }
  int differing = 0;
  for (std::size_t i = 0; i < sa.mask.size(); ++i) differing += sa.mask[i] != sb.mask[i];
  EXPECT_GT(differing, 200) << "the walk at 0.3 s and 2.1 s should not look the same";
  std::remove(a.c_str());
  std::remove(b.c_str());
}

// A model whose walk lives in another file looks like the single-file original.
TEST(Render, ClipFromAnotherFileLooksLikeTheOriginal) {
  anim::import::test_support::TempDir dir;
  ASSERT_FALSE(dir.path().empty());
  auto split = anim::import::test_support::split_model(kWuson, dir.path());
  ASSERT_TRUE(split.ok()) << split.error().to_string();
  const std::string walk = dir.path() + "/Testwuson@Wuson_Walk.gltf";
  const std::string a = out_path("original.png"), b = out_path("split.png");
  const std::string view = " --clip Wuson_Walk --time 1.3 --no-skeleton --no-grid --size 320x240";
  ASSERT_EQ(run("render \"" + kWuson + "\"" + view + " --out \"" + a + "\""), 0);
  ASSERT_EQ(run("render \"" + split.value().mesh_file + "\" --anim \"" + walk + "\"" + view +
                " --out \"" + b + "\""),
            0);
  const Silhouette sa = silhouette(LoadPng(a)), sb = silhouette(LoadPng(b));
  ASSERT_GT(sa.count, 320 * 240 / 30);
  int differing = 0;
  for (std::size_t i = 0; i < sa.mask.size() && i < sb.mask.size(); ++i) {
    differing += sa.mask[i] != sb.mask[i];
  }
  EXPECT_LT(differing, sa.count / 100) << "the split files should show the same pose";
  std::remove(a.c_str());
  std::remove(b.c_str());
}

// Pixels whose colour differs clearly between two pictures of one size.
int differing_pixels(const Image& a, const Image& b) {
  int n = 0;
  for (int i = 0; i < a.width * a.height; ++i) {
    const unsigned char* p = &a.rgba[i * 4];
    const unsigned char* q = &b.rgba[i * 4];
    n += std::abs(p[0] - q[0]) + std::abs(p[1] - q[1]) + std::abs(p[2] - q[2]) > 24;
  }
  return n;
}

const std::string kWusonSetup =
    std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/wuson_locomotion.json";

// A package draws what its sources draw: a clip of the packed model, and the packed setup's
// state machine after a script, within the compression's error (under 1% of the pixels).
TEST(Render, PackageLooksLikeTheModelAndSetupItWasPackedFrom) {
  anim::import::test_support::TempDir dir;
  const std::string model_pack = dir.path() + "/wuson.animpack";
  const std::string setup_pack = dir.path() + "/locomotion.animpack";
  ASSERT_EQ(run("pack \"" + kWuson + "\" --out \"" + model_pack + "\" >/dev/null"), 0);
  ASSERT_EQ(run("pack \"" + kWusonSetup + "\" --out \"" + setup_pack + "\" >/dev/null"), 0);
  const std::string size = " --size 320x240";
  const std::string clip = " --clip Wuson_Run --time 0.37" + size;
  const std::string script = " --time 1.2 --set speed=0.6@0.1" + size;
  struct Pair {
    std::string a, b;
  };
  const std::vector<Pair> pairs = {
      {"\"" + kWuson + "\"" + clip, "\"" + model_pack + "\"" + clip},
      {"\"" + kWusonSetup + "\"" + script, "\"" + setup_pack + "\"" + script},
      {"\"" + kWusonSetup + "\"" + size, "\"" + setup_pack + "\"" + size}};
  const int total = 320 * 240;
  for (const Pair& p : pairs) {
    const std::string a = dir.path() + "/a.png", b = dir.path() + "/b.png";
    ASSERT_EQ(run("render " + p.a + " --out \"" + a + "\""), 0) << p.a;
    ASSERT_EQ(run("render " + p.b + " --out \"" + b + "\""), 0) << p.b;
    const Image ia = LoadPng(a), ib = LoadPng(b);
    ASSERT_EQ(ia.rgba.size(), ib.rgba.size());
    ASSERT_GT(silhouette(ia).count, total / 30);
    EXPECT_LT(differing_pixels(ia, ib), total / 100) << p.b;
  }
  // The measure tells poses apart: the package at rest against its clip and its script.
  const std::string rest = dir.path() + "/rest.png", run_png = dir.path() + "/run.png";
  const std::string scripted = dir.path() + "/scripted.png";
  ASSERT_EQ(run("render \"" + model_pack + "\"" + size + " --out \"" + rest + "\""), 0);
  ASSERT_EQ(run("render \"" + model_pack + "\"" + clip + " --out \"" + run_png + "\""), 0);
  ASSERT_EQ(run("render \"" + setup_pack + "\"" + script + " --out \"" + scripted + "\""), 0);
  EXPECT_GT(differing_pixels(LoadPng(rest), LoadPng(run_png)), total / 100);
  EXPECT_GT(differing_pixels(LoadPng(rest), LoadPng(scripted)), total / 100);
}

// A package packed without a mesh draws its skeleton (and says so); with the skeleton hidden
// too there is nothing to draw, which is an error.
TEST(Render, PackageWithoutAMeshDrawsItsSkeleton) {
  anim::import::test_support::TempDir dir;
  const std::string pack = dir.path() + "/bones.animpack";
  ASSERT_EQ(run("pack \"" + kWuson + "\" --no-mesh --out \"" + pack + "\" >/dev/null"), 0);
  const std::string png = dir.path() + "/bones.png", log = dir.path() + "/log.txt";
  ASSERT_EQ(run("render \"" + pack + "\" --clip Wuson_Walk --no-grid --size 320x240 --out \"" +
                png + "\" 2>\"" + log + "\""),
            0);
  std::ifstream in(log);
  const std::string said((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(said.find("no mesh"), std::string::npos) << said;
  const Image image = LoadPng(png);
  ASSERT_EQ(image.width, 320);
  int drawn = 0;
  const unsigned char* bg = image.at(0, 0);
  for (int i = 0; i < image.width * image.height; ++i) {
    const unsigned char* p = &image.rgba[i * 4];
    drawn += std::abs(p[0] - bg[0]) + std::abs(p[1] - bg[1]) + std::abs(p[2] - bg[2]) > 60;
  }
  EXPECT_GT(drawn, 150) << "skeleton lines";
  EXPECT_LT(drawn, 320 * 240 / 10) << "no skin";
  EXPECT_EQ(run("render \"" + pack + "\" --no-skeleton --out \"" + png + "\" 2>/dev/null"), 2);
}

TEST(Render, BuiltInDemoRenders) {
  const std::string path = out_path("demo.png");
  ASSERT_EQ(run("render builtin:demo --clip Walk --time 0.4 --size 200x300 --out \"" + path + "\""),
            0);
  const Image image = LoadPng(path);
  ASSERT_EQ(image.width, 200);
  const Silhouette s = silhouette(image);
  EXPECT_GT(s.count, 200 * 300 / 40);
  // A standing figure: taller than wide.
  EXPECT_GT(s.max_y - s.min_y, s.max_x - s.min_x);
  std::remove(path.c_str());
}

TEST(Render, ZUpTurnsTheModelOntoItsBack) {
  // The demo is Y-up: shown as Z-up, the standing figure lies along the grid instead.
  const std::string path = out_path("demo_z_up.png");
  ASSERT_EQ(run("render builtin:demo --up z --no-grid --no-skeleton --yaw 90 --pitch 0 "
                "--size 300x300 --out \"" +
                path + "\""),
            0);
  const Silhouette s = silhouette(LoadPng(path));
  EXPECT_GT(s.count, 300 * 300 / 60);
  EXPECT_GT(s.max_x - s.min_x, 2 * (s.max_y - s.min_y)) << "lying down: much wider than tall";
  std::remove(path.c_str());
  EXPECT_EQ(run("render builtin:demo --up w --out \"" + path + "\" 2>/dev/null"), 2);
}

TEST(Render, HeatmapShowsTheSelectedJointsWeights) {
  const std::string lit = out_path("lit.png"), heat = out_path("heat.png");
  ASSERT_EQ(run("render builtin:demo --size 200x300 --no-skeleton --out \"" + lit + "\""), 0);
  ASSERT_EQ(run("render builtin:demo --size 200x300 --no-skeleton --shading heatmap --joint "
                "head --out \"" +
                heat + "\""),
            0);
  const Image a = LoadPng(lit), b = LoadPng(heat);
  ASSERT_EQ(a.rgba.size(), b.rgba.size());
  // Heatmap: red/yellow where the head weighs, dark elsewhere; count strongly red pixels.
  int red = 0;
  for (int i = 0; i < b.width * b.height; ++i) {
    const unsigned char* p = &b.rgba[i * 4];
    red += p[0] > 150 && p[1] < 110 && p[2] < 90;
  }
  EXPECT_GT(red, 30);
  EXPECT_NE(a.rgba, b.rgba);
  std::remove(lit.c_str());
  std::remove(heat.c_str());
}

TEST(Render, BadArgumentsExit2WithoutAWindow) {
  EXPECT_EQ(run("render \"" + kWuson + "\" --clip Nope --out /tmp/x.png 2>/dev/null"), 2);
  EXPECT_EQ(run("render \"" + kWuson + "\" --size 10 --out /tmp/x.png 2>/dev/null"), 2);
}

TEST(Gui, ScreenshotOfTheDemoShowsTheWholeTool) {
  const std::string path = out_path("gui.png");
  ASSERT_EQ(run("--screenshot \"" + path + "\" --frames 4"), 0);
  const Image image = LoadPng(path);
  ASSERT_EQ(image.width, 1280);
  ASSERT_EQ(image.height, 800);
  // Panels, text and the model: many distinct colours, not a blank window.
  int changes = 0;
  for (int i = 1; i < image.width * image.height; ++i) {
    changes += image.rgba[i * 4] != image.rgba[(i - 1) * 4];
  }
  EXPECT_GT(changes, 20000);
  std::remove(path.c_str());
}

// Runs the binary with `args`, returning its stdout and stderr together.
std::string run_output(const std::string& args, int* exit_code) {
  static int calls = 0;
  const std::string log = out_path("output" + std::to_string(++calls) + ".txt");
  *exit_code = run(args + " >\"" + log + "\" 2>&1");
  std::ifstream in(log);
  std::stringstream text;
  text << in.rdbuf();
  std::remove(log.c_str());
  return text.str();
}

TEST(Gui, BrokenFileShowsItsErrorAndKeepsTheDemoOpen) {
  const std::string path = out_path("gui_broken.png");
  const std::string broken = std::string(ANIMSCOPE_ASSIMP_MODELS) + "/invalid/empty.x";
  int code = -1;
  const std::string output =
      run_output("\"" + broken + "\" --screenshot \"" + path + "\" --frames 4", &code);
  ASSERT_EQ(code, 0) << output;
  EXPECT_NE(output.find("Could not open empty.x"), std::string::npos) << output;
  EXPECT_NE(output.find("showing builtin:demo"), std::string::npos) << output;
  EXPECT_EQ(LoadPng(path).width, 1280);
  std::remove(path.c_str());
}

TEST(Gui, JointAndShadingOptionsShowTheHeatmap) {
  const std::string lit = out_path("gui_lit.png"), heat = out_path("gui_heat.png");
  int code = -1;
  run_output("--screenshot \"" + lit + "\" --frames 4", &code);
  ASSERT_EQ(code, 0);
  const std::string output =
      run_output("--joint head --shading heatmap --screenshot \"" + heat + "\" --frames 4", &code);
  ASSERT_EQ(code, 0) << output;
  const Image a = LoadPng(lit), b = LoadPng(heat);
  ASSERT_EQ(a.rgba.size(), b.rgba.size());
  // Red where the head weighs: absent from the lit tool, present with the heatmap.
  auto red_pixels = [](const Image& image) {
    int red = 0;
    for (int i = 0; i < image.width * image.height; ++i) {
      const unsigned char* p = &image.rgba[i * 4];
      red += p[0] > 170 && p[1] < 90 && p[2] < 80;
    }
    return red;
  };
  EXPECT_LT(red_pixels(a), 100);  // The timeline's playhead is red but thin.
  EXPECT_GT(red_pixels(b), 400);
  // A joint the model lacks is reported; a mode that does not exist is a usage error.
  const std::string missing =
      run_output("--joint nose --screenshot \"" + heat + "\" --frames 4", &code);
  EXPECT_EQ(code, 0);
  EXPECT_NE(missing.find("No joint \"nose\""), std::string::npos) << missing;
  run_output("--shading plaid --screenshot \"" + heat + "\" --frames 4", &code);
  EXPECT_EQ(code, 2);
  std::remove(lit.c_str());
  std::remove(heat.c_str());
}

// --view graph shows the Setup tab's graph: the default state's box, lit (it runs) and framed
// in yellow; --view blend does not. A clip the model lacks is reported, a view that does not
// exist is a usage error.
TEST(Gui, ViewOptionShowsTheChosenView) {
  const std::string setup = std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/demo_locomotion.json";
  const std::string graph = out_path("gui_graph.png"), blend = out_path("gui_blend.png");
  int code = -1;
  std::string output =
      run_output("\"" + setup + "\" --view graph --screenshot \"" + graph + "\" --frames 6", &code);
  ASSERT_EQ(code, 0) << output;
  output = run_output("\"" + setup + "\" --view blend --screenshot \"" + blend + "\" --frames 6",
                      &code);
  ASSERT_EQ(code, 0) << output;
  // The default box's frame: (240, 200, 80).
  auto frame_pixels = [](const Image& image) {
    int n = 0;
    for (int i = 0; i < image.width * image.height; ++i) {
      const unsigned char* p = &image.rgba[i * 4];
      n += std::abs(p[0] - 240) < 12 && std::abs(p[1] - 200) < 12 && std::abs(p[2] - 80) < 12;
    }
    return n;
  };
  // The skeleton overlay has a little of that colour in both.
  EXPECT_GT(frame_pixels(LoadPng(graph)), frame_pixels(LoadPng(blend)) + 300);
  output = run_output("\"" + setup + "\" --clip Nope --screenshot \"" + blend + "\" --frames 4",
                      &code);
  EXPECT_EQ(code, 0);
  EXPECT_NE(output.find("No clip \"Nope\""), std::string::npos) << output;
  run_output("--view sideways --screenshot \"" + blend + "\" --frames 4", &code);
  EXPECT_EQ(code, 2);
  // --machine and --select name what they cannot find, and the tool carries on.
  output = run_output(
      "\"" + setup + "\" --machine Arms --select Nope --screenshot \"" + blend + "\" --frames 4",
      &code);
  EXPECT_EQ(code, 0);
  EXPECT_NE(output.find("No layer or machine \"Arms\""), std::string::npos) << output;
  EXPECT_NE(output.find("Nothing named \"Nope\""), std::string::npos) << output;
  std::remove(graph.c_str());
  std::remove(blend.c_str());
}

// --view blend_spaces shows the Setup tab's blend space editor on the first space: its parameter
// marker, (255, 170, 60), is drawn there and nowhere in the Blend tab.
TEST(Gui, ViewOptionShowsTheBlendSpaceEditor) {
  const std::string setup = std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/demo_locomotion.json";
  const std::string spaces = out_path("gui_spaces.png"), blend = out_path("gui_blend_2.png");
  int code = -1;
  std::string output = run_output(
      "\"" + setup + "\" --view blend_spaces --screenshot \"" + spaces + "\" --frames 6", &code);
  ASSERT_EQ(code, 0) << output;
  output = run_output("\"" + setup + "\" --view blend --screenshot \"" + blend + "\" --frames 6",
                      &code);
  ASSERT_EQ(code, 0) << output;
  auto marker_pixels = [](const Image& image) {
    int n = 0;
    for (int i = 0; i < image.width * image.height; ++i) {
      const unsigned char* p = &image.rgba[i * 4];
      n += std::abs(p[0] - 255) < 8 && std::abs(p[1] - 170) < 8 && std::abs(p[2] - 60) < 8;
    }
    return n;
  };
  // The 1D marker: a tick across the strip's axis (24 pixels tall) and a diamond.
  EXPECT_GT(marker_pixels(LoadPng(spaces)), marker_pixels(LoadPng(blend)) + 40);
  std::remove(spaces.c_str());
  std::remove(blend.c_str());
}

}  // namespace
