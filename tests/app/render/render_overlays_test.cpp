// `render --ghosts / --crossfade / --onion / --trail` and the tool's matching options, run as a
// user runs the binary (needs a display: ctest runs these under xvfb-run). The overlays are
// found in the pictures by their colours (app/render/ghost_renderer.h): magenta and cyan ghosts,
// blue and green onion frames, a violet root trail and an orange joint trail.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>

#include "support/images.h"

namespace {

const std::string kBinary = ANIMSCOPE_BINARY;
const std::string kWuson = std::string(ANIMSCOPE_ASSIMP_MODELS) + "/X/Testwuson.X";
const std::string kLocomotion =
    std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/wuson_locomotion.json";

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("animscope_overlays_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

// Runs animscope with `args`; its exit code (-1: it did not exit), stderr in `log` when given.
int run(const std::string& args, std::string* log = nullptr) {
  const std::string err = temp_path("stderr.txt");
  const int status = std::system(("\"" + kBinary + "\" " + args + " 2>\"" + err + "\"").c_str());
  if (log) {
    std::ifstream in(err);
    log->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  std::filesystem::remove(err);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

struct Rgb {
  int r, g, b;
};

struct Picture {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
  Rgb at(int x, int y) const {
    const unsigned char* p = &rgb[(static_cast<std::size_t>(y) * width + x) * 3];
    return {p[0], p[1], p[2]};
  }
};

Picture render(const std::string& args) {
  const std::string png = temp_path("render.png");
  Picture picture;
  EXPECT_EQ(run("render " + args + " --size 480x360 --out \"" + png + "\""), 0) << args;
  int channels = 0;
  unsigned char* data = stbi_load(png.c_str(), &picture.width, &picture.height, &channels, 3);
  if (data) {
    picture.rgb.assign(data, data + picture.width * picture.height * 3);
    stbi_image_free(data);
  }
  std::filesystem::remove(png);
  EXPECT_FALSE(picture.rgb.empty()) << args;
  return picture;
}

using Colour = std::function<bool(const Rgb&)>;
// The overlay colours at any opacity over the dark background, and nothing else the scene
// draws (the beige mesh, gold bones, white joints, grey grid).
const Colour kMagenta = [](const Rgb& p) { return p.r - p.g > 70 && p.b - p.g > 50 && p.r >= p.b; };
const Colour kCyan = [](const Rgb& p) { return p.g - p.r > 70 && p.b - p.r > 70; };
const Colour kBlue = [](const Rgb& p) { return p.b - p.r > 50 && p.b - p.g > 35 && p.g > p.r; };
const Colour kGreen = [](const Rgb& p) { return p.g - p.r > 50 && p.g - p.b > 45; };
// Trails fade out: these take them down to about a third of their colour.
const Colour kViolet = [](const Rgb& p) {
  return p.b - p.g > 30 && p.r - p.g > 10 && p.b - p.r > 10 && p.g > 50;
};
const Colour kOrange = [](const Rgb& p) { return p.r - p.b > 70 && p.r - p.g > 35 && p.g > 55; };

struct Found : anim::testutil::PixelBounds {
  double sum_x = 0.0, sum_y = 0.0;
  double mean_x() const { return count ? sum_x / count : -1.0; }
  double mean_y() const { return count ? sum_y / count : -1.0; }
};

Found find(const Picture& p, const Colour& colour, int x0 = 0, int x1 = 1 << 30) {
  Found f;
  for (int y = 0; y < p.height; ++y) {
    for (int x = std::max(x0, 0); x < std::min(x1, p.width); ++x) {
      if (!colour(p.at(x, y))) continue;
      f.Add(x, y);
      f.sum_x += x;
      f.sum_y += y;
    }
  }
  return f;
}

// --- Ghosts ---

TEST(RenderGhosts, TintedOnlyWhileTheStateMachineTransitions) {
  // speed is set to 1 at 0.5 s and rises at 1.5/s, past Idle -> Locomotion's 0.05 at about
  // 0.53 s; the transition takes 0.3 s.
  const std::string base = "\"" + kLocomotion + "\" --set speed=1@0.5 --ghosts --time ";
  const Picture before = render(base + "0.3");
  const Picture during = render(base + "0.7");
  const Picture after = render(base + "1.5");
  EXPECT_GT(find(during, kMagenta).count, 30);
  EXPECT_GT(find(during, kCyan).count, 30);
  EXPECT_EQ(find(before, kMagenta).count + find(before, kCyan).count, 0);
  EXPECT_EQ(find(after, kMagenta).count + find(after, kCyan).count, 0);
  const Picture off = render("\"" + kLocomotion + "\" --set speed=1@0.5 --time 0.7");
  EXPECT_EQ(find(off, kMagenta).count + find(off, kCyan).count, 0) << "no --ghosts, no ghosts";
}

TEST(RenderGhosts, CrossfadeOfAModelShowsBothClipsWhileItFades) {
  const std::string base =
      "\"" + kWuson + "\" --clip Wuson_Walk --crossfade Wuson_Run@0.2,1.0 --ghosts --time ";
  const Picture during = render(base + "0.7");
  const Found source = find(during, kMagenta), target = find(during, kCyan);
  EXPECT_GT(source.count, 30);
  EXPECT_GT(target.count, 30);
  // Both skeletons stand where the character does: their middles are within the middle half.
  for (const Found* f : {&source, &target}) {
    EXPECT_GT(f->mean_x(), during.width * 0.25);
    EXPECT_LT(f->mean_x(), during.width * 0.75);
    EXPECT_GT(f->mean_y(), during.height * 0.15);
    EXPECT_LT(f->mean_y(), during.height * 0.85);
  }
  for (const char* time : {"0.1", "1.4"}) {  // Before the fade, after it.
    const Picture p = render(base + time);
    EXPECT_EQ(find(p, kMagenta).count + find(p, kCyan).count, 0) << time;
  }
  // Ghost meshes wash the beige body (red > green > blue) with their tints, which raise blue.
  const Colour tinted = [](const Rgb& p) {
    return p.r + p.g + p.b > 250 && (p.b > p.r + 15 || p.b > p.g + 15);
  };
  const std::string bare = " --no-grid --no-skeleton";
  const int with_meshes = find(render(base + "0.7 --ghost-meshes" + bare), tinted).count;
  const int without = find(render(base + "0.7" + bare), tinted).count;
  EXPECT_GT(with_meshes, 5000);
  EXPECT_GT(with_meshes, 3 * without + 100);
}

// MODE after the duration: an inertialized or dead-blended fade shows, as its ghosts, the pose it
// started from and the clip it goes to, over the same seconds, and a pose of its own.
TEST(RenderGhosts, InertializedAndDeadBlendedCrossfadesShowTheirGhostsAndTheirOwnPose) {
  const std::string model = "\"" + kWuson + "\" --clip Wuson_Walk --crossfade Wuson_Run@0.2,1.0";
  const std::string bare = " --no-grid --time 0.45";
  const Picture crossfaded = render(model + bare);
  for (const char* mode : {",inertialize", ",dead_blend"}) {
    const std::string base = model + mode + " --ghosts --time ";
    const Picture during = render(base + "0.7");
    EXPECT_GT(find(during, kMagenta).count, 30) << mode;
    EXPECT_GT(find(during, kCyan).count, 30) << mode;
    const Picture after = render(base + "1.4");
    EXPECT_EQ(find(after, kMagenta).count + find(after, kCyan).count, 0) << mode;
    // Neither blends the walk as it plays on: the body stands elsewhere than the crossfade's.
    const Picture own = render(model + mode + bare);
    int differing = 0;
    for (std::size_t i = 0; i < own.rgb.size() && i < crossfaded.rgb.size(); i += 3) {
      if (std::abs(own.rgb[i] - crossfaded.rgb[i]) +
              std::abs(own.rgb[i + 1] - crossfaded.rgb[i + 1]) >
          30) {
        ++differing;
      }
    }
    EXPECT_GT(differing, 200) << mode;
  }
}

TEST(RenderGhosts, CrossfadeOfASetupsModelPlaysItsClip) {
  // --clip takes over from the state machine, so a crossfade works with a setup too.
  const Picture p =
      render("\"" + kLocomotion +
             "\" --clip Wuson_Walk --crossfade Wuson_Run@0.1,0.5 --ghosts --time 0.3");
  EXPECT_GT(find(p, kCyan).count, 30);
}

TEST(RenderGhosts, APackagesStateMachineShowsThemToo) {
  const std::string pack = temp_path("wuson.animpack");
  std::string log;
  ASSERT_EQ(run("pack \"" + kLocomotion + "\" --out \"" + pack + "\" >/dev/null", &log), 0) << log;
  const Picture p = render("\"" + pack + "\" --set speed=1@0.5 --ghosts --time 0.7");
  EXPECT_GT(find(p, kMagenta).count, 30);
  EXPECT_GT(find(p, kCyan).count, 30);
  EXPECT_EQ(run("render \"" + pack + "\" --clip Wuson_Walk --onion 2 --out /tmp/never.png", &log),
            2);
  EXPECT_NE(log.find("--onion"), std::string::npos) << log;
  std::filesystem::remove(pack);
}

// --- Onion skin ---

TEST(RenderOnion, PastFramesBlueFutureFramesGreenAroundTheCharacter) {
  const std::string base = "\"" + kWuson + "\" --clip Wuson_Walk --time 0.5 --no-skeleton ";
  const Picture onion = render(base + "--onion 3");
  const Picture plain = render(base);
  const Found past = find(onion, kBlue), future = find(onion, kGreen);
  EXPECT_GT(past.count, 50);
  EXPECT_GT(future.count, 50);
  EXPECT_EQ(find(plain, kBlue).count + find(plain, kGreen).count, 0);
  for (const Found* f : {&past, &future}) {
    EXPECT_GT(f->mean_x(), onion.width * 0.25);
    EXPECT_LT(f->mean_x(), onion.width * 0.75);
  }
  // More frames, more of them.
  const Picture more = render(base + "--onion 6 --onion-step 2");
  EXPECT_GT(find(more, kBlue).count, past.count);
  // Meshes wash the beige body (red > green > blue) with blue and green.
  const Colour tinted = [](const Rgb& p) {
    return p.r + p.g + p.b > 250 && (p.b > p.r + 10 || p.g > p.r + 10);
  };
  const int with_meshes = find(render(base + "--onion 3 --onion-meshes --no-grid"), tinted).count;
  const int without = find(render(base + "--onion 3 --no-grid"), tinted).count;
  EXPECT_GT(with_meshes, 3 * without + 1000);
}

// --- Trails ---

// A hand-written BVH: Hips 10 units above Chest's base, walking +X at 20 units/s for 1 s.
std::string walking_bvh() {
  const std::string path = temp_path("walk.bvh");
  std::ofstream out(path);
  out << "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n"
         "  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
         "  JOINT Chest\n  {\n    OFFSET 0 10 0\n    CHANNELS 3 Zrotation Xrotation Yrotation\n"
         "    End Site\n    {\n      OFFSET 0 10 0\n    }\n  }\n}\n"
         "MOTION\nFrames: 11\nFrame Time: 0.1\n";
  for (int i = 0; i <= 10; ++i) out << 2 * i << " 10 0 0 0 0 0 0 0\n";
  return path;
}

TEST(RenderTrail, RootAndJointPathsLieBehindTheWalkerAndFade) {
  const std::string bvh = walking_bvh();
  // Seen from the front (+Z), level: x runs right on screen, y up.
  const Picture p =
      render("\"" + bvh +
             "\" --clip Motion --time 0.8 --trail 0.5 --joint Chest --yaw 0 --pitch 0 --no-grid "
             "--no-skeleton");
  const Found root = find(p, kViolet), joint = find(p, kOrange);
  ASSERT_GT(root.count, 20);
  ASSERT_GT(joint.count, 20);
  // 0.5 s at 20 units/s: a horizontal path 10 units long, against a walker 20 units tall.
  EXPECT_GT(root.max_x - root.min_x, 3 * (root.max_y - root.min_y + 1));
  EXPECT_GT(joint.max_x - joint.min_x, 3 * (joint.max_y - joint.min_y + 1));
  EXPECT_LT(joint.mean_y(), root.mean_y()) << "the chest's path runs above the hips'";
  // Both paths lie at depth 0, seen straight on, so one scale maps world units to pixels: the
  // chest stands 10 units above the hips. The hips' path runs from x = 6 (t = 0.3) to x = 16
  // (t = 0.8, its newest end, the right one); at t - S/2 = 0.55 they were at x = 11, half a path
  // (5 units) left of the newest end. The ends fade to nothing, so the oldest pixels are not seen.
  const double scale = (root.mean_y() - joint.mean_y()) / 10.0;
  ASSERT_GT(scale, 2.0);
  const double newest = root.max_x - 1.5;  // Points are 3 pixels wide.
  const int row = static_cast<int>(root.mean_y() + 0.5);
  const int halfway = static_cast<int>(newest - 5.0 * scale + 0.5);
  EXPECT_GT(find(p, kViolet, halfway - 2, halfway + 3).count, 0) << "at x = 11";
  EXPECT_TRUE(kViolet(p.at(halfway, row)) || kViolet(p.at(halfway, row - 1)) ||
              kViolet(p.at(halfway, row + 1)));
  EXPECT_LE(newest - root.min_x, 10.0 * scale + 2.0) << "no older than t = 0.3";
  EXPECT_GE(newest - root.min_x, 5.0 * scale) << "visible well past the halfway point";
  EXPECT_NEAR(joint.max_x, root.max_x, 2.0) << "the chest's path ends where the hips' does";
  // Older is fainter: the left (earlier) end of the root's path is dimmer than its right end.
  const Found left = find(p, kViolet, root.min_x, root.min_x + 6);
  const Found right = find(p, kViolet, root.max_x - 6, root.max_x + 1);
  ASSERT_GT(left.count, 0);
  ASSERT_GT(right.count, 0);
  auto brightness = [&p](const Found& f) {
    const Rgb c = p.at(static_cast<int>(f.mean_x()), static_cast<int>(f.mean_y() + 0.5));
    return c.r + c.g + c.b;
  };
  EXPECT_LT(brightness(left), brightness(right));
  // --follow centres the view on the hips: the path's newest end in the middle column.
  const Picture followed = render("\"" + bvh +
                                  "\" --clip Motion --time 0.8 --trail 0.5 --yaw 0 --pitch 0 "
                                  "--no-grid --no-skeleton --follow");
  const Found centred = find(followed, kViolet);
  ASSERT_GT(centred.count, 20);
  EXPECT_NEAR(centred.max_x - 1.5, followed.width / 2.0, 3.0);
  EXPECT_GT(std::abs(newest - p.width / 2.0), 20.0) << "framed, the hips were not in the middle";
  std::filesystem::remove(bvh);
}

// --- Root motion ---

// The walker of the trail test as a setup that moves by its root: in place it stays over its
// first place; in the world it is drawn where it walked, framed with where it started.
TEST(RenderRootMotion, InTheWorldTheWalkerIsDrawnWhereItWalked) {
  const std::string bvh = walking_bvh();
  const std::string setup = temp_path("walk_setup.json");
  std::ofstream(setup) << R"({"format": "animscope.setup", "version": 3, "model": ")" << bvh
                       << R"(", "root_motion": {"rotation": "none"}, "states": [{"name": "Walk",
      "motion": "Motion", "loop": false}], "default_state": "Walk"})";
  const Colour drawn = [](const Rgb& p) { return p.r + p.g + p.b > 200; };  // Bones, joints.
  const std::string base = "\"" + setup + "\" --time 0.8 --yaw 0 --pitch 0 --no-grid ";
  const Found place = find(render(base + "--root-motion place"), drawn);
  const Picture world_picture = render(base + "--root-motion world");
  const Found world = find(world_picture, drawn);
  ASSERT_GT(place.count, 50);
  ASSERT_GT(world.count, 50);
  // In place: alone in the frame, so centred. In the world: 16 units (0.8 s at 20 units/s) to
  // the right of its start, which the frame also holds, so right of the middle and narrower.
  EXPECT_NEAR(place.mean_x(), 240.0, 40.0);
  EXPECT_GT(world.mean_x(), 240.0 + 30.0);
  EXPECT_LT(world.max_y - world.min_y, place.max_y - place.min_y);
  std::string log;
  EXPECT_EQ(run("render \"" + setup + "\" --root-motion sideways --out /tmp/never.png", &log), 2);
  EXPECT_NE(log.find("--root-motion"), std::string::npos) << log;
  std::filesystem::remove(bvh);
  std::filesystem::remove(setup);
}

// In the world the root's trail is the way the walker came: a path 10 units long behind it
// (0.5 s at 20 units/s), wide and flat; in place its hips stay over their first place, so their
// trail is no path.
TEST(RenderRootMotion, InTheWorldTheRootTrailIsTheWayItWalked) {
  const std::string bvh = walking_bvh();
  const std::string setup = temp_path("trail_setup.json");
  std::ofstream(setup) << R"({"format": "animscope.setup", "version": 3, "model": ")" << bvh
                       << R"(", "root_motion": {"rotation": "none"}, "states": [{"name": "Walk",
      "motion": "Motion", "loop": false}], "default_state": "Walk"})";
  const std::string base =
      "\"" + setup + "\" --time 0.8 --trail 0.5 --yaw 0 --pitch 0 --no-grid --no-skeleton ";
  const Found world = find(render(base + "--root-motion world"), kViolet);
  const Found place = find(render(base + "--root-motion place"), kViolet);
  ASSERT_GT(world.count, 20);
  EXPECT_GT(world.max_x - world.min_x, 3 * (world.max_y - world.min_y + 1));
  if (place.count > 0) {
    EXPECT_LT(place.max_x - place.min_x, (world.max_x - world.min_x) / 3);
  }
  std::filesystem::remove(bvh);
  std::filesystem::remove(setup);
}

// --- Travel ---

// render runs a setup's machine as play does, --travel included: the travel to Run at 0.5 s
// starts Walk -> Run in the same update as setting speed to 0.7 then does (speed 0.55 keeps either
// where it is), so the pictures are the same, and not the walk's.
TEST(RenderTravel, TravelsAsPlayDoes) {
  const std::string setup = temp_path("nested.json");
  std::ofstream(setup) << R"({
  "format": "animscope.setup", "version": 3, "model": "builtin:demo",
  "parameters": [{"name": "speed", "type": "float", "default": 0, "min": 0, "max": 1}],
  "states": [
    {"name": "Idle", "motion": "Idle"},
    {"name": "Locomotion", "machine": {
      "states": [{"name": "Walk", "motion": "Walk"}, {"name": "Run", "motion": "Run"}],
      "default_state": "Walk",
      "transitions": [
        {"from": "Walk", "to": "Run", "conditions": [{"parameter": "speed", "op": ">", "value": 0.6}],
         "duration": 0.2, "blend": "inertialize"}]}},
    {"name": "Lost", "motion": "Idle"}
  ],
  "default_state": "Idle",
  "transitions": [
    {"from": "Idle", "to": "Locomotion", "conditions": [{"parameter": "speed", "op": ">", "value": 0.1}],
     "duration": 0.3}
  ]
})";
  const std::string base = "\"" + setup + "\" --set speed=0.55 --time 1.5";
  const Picture travelled = render(base + " --travel Locomotion/Run@0.5");
  const Picture conditioned = render(base + " --set speed=0.7@0.5");
  const Picture walked = render(base);
  EXPECT_TRUE(travelled.rgb == conditioned.rgb);
  EXPECT_FALSE(travelled.rgb == walked.rgb);
  std::string log;
  EXPECT_EQ(run("render \"" + setup + "\" --travel Locomotion/Jog@0.1 --out /tmp/never.png", &log),
            2);
  EXPECT_NE(log.find("--travel Locomotion/Jog@0.1: unknown state \"Locomotion/Jog\""),
            std::string::npos)
      << log;
  const std::string png = temp_path("lost.png");
  EXPECT_EQ(run("render \"" + setup + "\" --travel Lost@0.5 --time 1 --out \"" + png + "\"", &log),
            0);
  EXPECT_NE(log.find("no path of transitions from \"Idle\" to \"Lost\""), std::string::npos) << log;
  EXPECT_FALSE(std::filesystem::exists("/tmp/never.png"));
  std::filesystem::remove(png);
  std::filesystem::remove(setup);
}

// --- Bad values ---

TEST(RenderOverlayFlags, BadValuesNameTheFlag) {
  const std::string model = "\"" + kWuson + "\" --clip Wuson_Walk --out /tmp/never.png ";
  const std::pair<std::string, std::string> cases[] = {
      {"--trail 0", "--trail"},
      {"--trail abc", "--trail"},
      {"--onion 99", "--onion"},
      {"--onion -1", "--onion"},
      {"--onion 2 --onion-step 0", "--onion-step"},
      {"--crossfade Wuson_Run", "--crossfade"},
      {"--crossfade Wuson_Run@-1", "--crossfade"},
      {"--crossfade Wuson_Run@0.5,0", "--crossfade"},
      {"--crossfade Nope@0.5", "--crossfade"},
      {"--crossfade Wuson_Run@0.5,0.3,inertialize,1", "--crossfade"},
      {"--crossfade Wuson_Run@0.5,abc", "--crossfade"},
      // A MODE it does not know: named, with the ones it takes.
      {"--crossfade Wuson_Run@0.5,0.3,wobble", "\"wobble\""},
      {"--crossfade Wuson_Run@0.5,0.3,Inertialize", "crossfade, inertialize, dead_blend"},
  };
  for (const auto& [flags, named] : cases) {
    std::string log;
    EXPECT_EQ(run("render " + model + flags, &log), 2) << flags;
    EXPECT_NE(log.find(named), std::string::npos) << flags << ": " << log;
  }
  std::string log;
  EXPECT_EQ(run("render \"" + kWuson + "\" --onion 2 --out /tmp/never.png", &log), 2);
  EXPECT_NE(log.find("--onion needs --clip"), std::string::npos) << log;
  EXPECT_EQ(run("--onion 99 --screenshot /tmp/never.png --frames 1", &log), 2);
  EXPECT_NE(log.find("--onion"), std::string::npos) << log;
  EXPECT_FALSE(std::filesystem::exists("/tmp/never.png"));
}

}  // namespace
