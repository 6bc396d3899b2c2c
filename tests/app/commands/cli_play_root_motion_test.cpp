// Root motion through the command line (issue 25), on a motion-capture take written at test
// time whose keys are known: `play --json` reports each frame's move and the place reached, which
// match the take's raw keys; `pose` shows the pose in place; a package packed from the setup moves
// the same; broken root_motion settings are refused with the file and the place named.
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>
#include <nlohmann/json.hpp>

#include "cli_run.h"

namespace anim::app {
namespace {

namespace fs = std::filesystem;
using testing::run;
using Json = nlohmann::json;

constexpr float kPi = 3.14159265358979f;

// The take's hips over its one second (21 frames 0.05 s apart): from (0.5, 1, 0) they walk 1.2
// along x and 0.4 along z, bob 0.05 up and down, and turn 60 degrees about y.
glm::vec3 hips_at(float t) {
  return {0.5f + 1.2f * t, 1.0f + 0.05f * std::sin(2 * kPi * t), 0.4f * t};
}
float turn_at(float t) { return 60.0f * t; }

class CliRootMotion : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("animscope_root_motion_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    std::ofstream take(path("take.bvh"));
    take << "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n"
            "  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
            "  JOINT Spine\n  {\n    OFFSET 0 1 0\n    CHANNELS 3 Zrotation Xrotation Yrotation\n"
            "    End Site\n    {\n      OFFSET 0 1 0\n    }\n  }\n}\n"
            "MOTION\nFrames: 21\nFrame Time: 0.05\n";
    for (int f = 0; f <= 20; ++f) {
      const float t = 0.05f * static_cast<float>(f);
      const glm::vec3 p = hips_at(t);
      take << p.x << " " << p.y << " " << p.z << " 0 0 " << turn_at(t) << " " << 10.0f * t
           << " 0 0\n";
    }
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  // A setup playing the take in a loop, with `root_motion` (JSON).
  std::string setup(const std::string& root_motion, const std::string& name = "walk.json") {
    std::ofstream(path(name)) << R"({"format": "animscope.setup", "version": 3, "model": "take.bvh",
      "root_motion": )" << root_motion
                              << R"(, "parameters": [], "blend_spaces": [],
      "states": [{"name": "Take", "motion": "Motion", "speed": 1, "loop": true}],
      "default_state": "Take", "transitions": [], "editor": {}})";
    return path(name);
  }

  // Every frame `play --json` printed.
  static std::vector<Json> frames(const testing::CliRun& r) {
    std::vector<Json> out;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) out.push_back(Json::parse(line));
    return out;
  }

  fs::path dir_;
};

glm::vec3 vec_of(const Json& j) {
  return {j[0].get<float>(), j[1].get<float>(), j[2].get<float>()};
}
glm::quat quat_of(const Json& j) {
  return glm::quat(j[3].get<float>(), j[0].get<float>(), j[1].get<float>(), j[2].get<float>());
}

TEST_F(CliRootMotion, ThePathWithoutTurnsIsTheHipsDisplacementOnTheGround) {
  const testing::CliRun r =
      run({"play", setup(R"({"rotation": "none"})"), "--dt", "0.05", "--frames", "30", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const std::vector<Json> f = frames(r);
  ASSERT_EQ(f.size(), 30u);
  for (std::size_t i = 0; i < f.size(); ++i) {
    const float t = 0.05f * static_cast<float>(i + 1);
    // Whole cycles count in full: past 1 s the path goes on from the end of the first.
    const float cycles = std::floor(t + 1e-4f), within = t - cycles;
    const glm::vec3 expected =
        (hips_at(1.0f) - hips_at(0.0f)) * cycles + hips_at(within) - hips_at(0.0f);
    const glm::vec3 place = vec_of(f[i]["root"]["position"]);
    SCOPED_TRACE(t);
    EXPECT_NEAR(place.x, expected.x, 1e-3f);
    EXPECT_NEAR(place.y, 0.0f, 1e-6f) << "the bob stays in the pose";
    EXPECT_NEAR(place.z, expected.z, 1e-3f);
    const glm::vec3 move = vec_of(f[i]["root_motion"]["translation"]);
    EXPECT_NEAR(move.x, 1.2f * 0.05f, 1e-3f);
    EXPECT_NEAR(move.z, 0.4f * 0.05f, 1e-3f);
  }
}

TEST_F(CliRootMotion, TheInPlacePoseMovedByThePathIsWhereTheTakePutTheHips) {
  const std::string walk = setup("{}");
  const testing::CliRun played =
      run({"play", walk, "--dt", "0.0166666675", "--frames", "30", "--json"});
  ASSERT_EQ(played.code, 0) << played.err;
  const Json last = frames(played).back();
  const glm::vec3 place = vec_of(last["root"]["position"]);
  const glm::quat heading = quat_of(last["root"]["rotation"]);
  // The turn reached at 0.5 s: 30 degrees about y.
  EXPECT_NEAR(2.0f * std::acos(std::min(1.0f, std::fabs(heading.w))), kPi / 6, 1e-3f);
  const testing::CliRun posed = run({"pose", walk, "--time", "0.5", "--json"});
  ASSERT_EQ(posed.code, 0) << posed.err;
  const Json pose = Json::parse(posed.out);
  glm::vec3 in_place(0.0f);
  for (const Json& joint : pose["joints"]) {
    if (joint["name"] == "Hips") {
      const Json& m = joint["model"];
      in_place = {m[12].get<float>(), m[13].get<float>(), m[14].get<float>()};  // Column 3.
    }
  }
  // In place: on the ground where it started, the bob kept.
  EXPECT_NEAR(in_place.x, 0.5f, 1e-3f);
  EXPECT_NEAR(in_place.y, hips_at(0.5f).y, 1e-3f);
  EXPECT_NEAR(in_place.z, 0.0f, 1e-3f);
  const glm::vec3 world = place + heading * in_place;
  EXPECT_NEAR(world.x, hips_at(0.5f).x, 2e-3f);
  EXPECT_NEAR(world.y, hips_at(0.5f).y, 2e-3f);
  EXPECT_NEAR(world.z, hips_at(0.5f).z, 2e-3f);
}

TEST_F(CliRootMotion, APackageMovesAsItsSetupDoes) {
  const std::string walk = setup("{}");
  const std::string pack = path("walk.animpack");
  const testing::CliRun packed = run({"pack", walk, "--out", pack});
  ASSERT_EQ(packed.code, 0) << packed.err;
  const std::vector<std::string> args = {"--dt", "0.05", "--frames", "45", "--json"};
  std::vector<std::string> a = {"play", walk}, b = {"play", pack};
  a.insert(a.end(), args.begin(), args.end());
  b.insert(b.end(), args.begin(), args.end());
  const std::vector<Json> from_setup = frames(run(a)), from_package = frames(run(b));
  ASSERT_EQ(from_setup.size(), 45u);
  ASSERT_EQ(from_package.size(), 45u);
  for (std::size_t i = 0; i < from_setup.size(); ++i) {
    const glm::vec3 p = vec_of(from_setup[i]["root"]["position"]);
    const glm::vec3 q = vec_of(from_package[i]["root"]["position"]);
    EXPECT_NEAR(glm::length(p - q), 0.0f, 1e-4f) << "frame " << i;
  }
}

TEST_F(CliRootMotion, BrokenSettingsAreRefusedNamingTheFileAndThePlace) {
  testing::CliRun r = run({"play", setup(R"({"joint": "Pelvis"})")});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("walk.json"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("/root_motion/joint"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("\"Pelvis\""), std::string::npos) << r.err;
  r = run({"play", setup(R"({"translation": "q"})")});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("/root_motion/translation"), std::string::npos) << r.err;
  r = run({"validate", setup(R"({"rotation": 3})")});
  EXPECT_EQ(r.code, 1) << "validate's code for a setup with errors";
  EXPECT_NE(r.out.find("walk.json:/root_motion/rotation: error: expected a string"),
            std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace anim::app
