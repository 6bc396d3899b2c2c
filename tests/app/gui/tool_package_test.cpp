// The tool opening packages (.animpack) without a window, through the path File > Open, the
// command line and drops take: the model with its decoded clips, the state machine as an
// unsaved setup, the status line, Save As, and a broken package's error.
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "anim/demo/demo_model.h"
#include "anim/files/file_io.h"
#include "cli_run.h"
#include "gui/tool.h"
#include "loading/input_loading.h"
#include "loading/package_input.h"
#include "support/folders.h"

namespace anim::app {
namespace {

namespace fs = std::filesystem;

const std::string kWuson = ANIMSCOPE_ASSIMP_MODELS "/X/Testwuson.X";
const std::string kSetup = ANIMSCOPE_SOURCE_DIR "/projects/wuson_locomotion.json";

class ToolPackage : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testutil::FreshTestFolder("tool_pkg");
    tool_.doc = std::make_unique<ui::Document>(demo::make_demo_model(), demo::kDemoModelPath);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string pack(const std::string& source, const std::string& name) {
    const std::string out = (dir_ / name).string();
    testing::CliRun r = testing::run({"pack", source, "--out", out});
    EXPECT_EQ(r.code, 0) << r.err;
    return out;
  }
  // Opens `path` as the tool does and lets the load finish.
  void open(const std::string& path) {
    open_path(tool_, path);
    for (int i = 0; i < 3000 && tool_.loading.loader.busy(); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ASSERT_FALSE(tool_.loading.loader.busy());
    collect_load(tool_);
  }

  fs::path dir_;
  Tool tool_;
};

TEST_F(ToolPackage, ShowsTheModelItsClipsAndItsMachineAsAnUnsavedSetup) {
  const std::string path = pack(kSetup, "locomotion.animpack");
  open(path);
  ASSERT_EQ(tool_.doc->path(), path);
  EXPECT_TRUE(tool_.messages.error_text.empty()) << tool_.messages.error_text;
  Result<Package> package = read_package(path);
  ASSERT_TRUE(package.ok()) << package.error().to_string();
  const Package& p = package.value();
  const Model& model = tool_.doc->model();
  EXPECT_EQ(model.skeleton.names, p.skeleton.names);
  EXPECT_EQ(model.mesh.vertices.size(), p.mesh.vertices.size());
  EXPECT_GT(model.mesh.vertices.size(), 0u);
  ASSERT_EQ(model.clips.size(), p.clips.size());
  for (std::size_t i = 0; i < p.clips.size(); ++i) {
    EXPECT_EQ(model.clips[i].name, p.clips[i].name);
    EXPECT_EQ(model.clips[i].duration, p.clips[i].duration);
    const bool still = p.clips[i].animated_tracks() == 0;
    if (!still) {
      EXPECT_GT(model.clips[i].key_count(), model.skeleton.joint_count()) << p.clips[i].name;
    }
  }
  // The machine: an unsaved setup naming the package as its model, running.
  ASSERT_TRUE(tool_.doc->has_setup());
  EXPECT_TRUE(tool_.doc->setup_path().empty());
  EXPECT_TRUE(tool_.doc->setup_dirty());
  EXPECT_EQ(tool_.doc->setup()->model, path);
  EXPECT_EQ(tool_.doc->mode(), ui::PlaybackMode::kStateMachine);
  ASSERT_NE(tool_.doc->state_machine(), nullptr);
  // It is the setup that was packed, by name.
  Result<setup::Setup> original = setup::load_setup(kSetup);
  ASSERT_TRUE(original.ok());
  const setup::Setup& shown = *tool_.doc->setup();
  ASSERT_EQ(shown.states.size(), original.value().states.size());
  for (std::size_t i = 0; i < shown.states.size(); ++i) {
    EXPECT_EQ(shown.states[i].name, original.value().states[i].name);
    EXPECT_EQ(shown.states[i].motion, original.value().states[i].motion);
  }
  ASSERT_EQ(shown.parameters.size(), original.value().parameters.size());
  EXPECT_EQ(shown.parameters[0].name, original.value().parameters[0].name);
  EXPECT_EQ(shown.transitions.size(), original.value().transitions.size());
  EXPECT_EQ(shown.default_state, original.value().default_state);
  for (const Diagnostic& d : tool_.doc->setup_problems()) {
    EXPECT_NE(d.severity, Diagnostic::Severity::kError) << d.pointer << ": " << d.message;
  }
  EXPECT_EQ(tool_.messages.notice,
            "Opened locomotion.animpack: " + std::to_string(p.clips.size()) +
                " compressed clips decoded for display; its state machine is open "
                "as an unsaved setup (File > Save setup as to keep it)");
}

// Save As writes a setup whose model is the package, and that setup opens again.
TEST_F(ToolPackage, SavedSetupNamesThePackageAndOpensAgain) {
  const std::string path = pack(kSetup, "locomotion.animpack");
  open(path);
  ASSERT_TRUE(tool_.doc->has_setup());
  const std::string saved = (dir_ / "from_package.json").string();
  Status s = tool_.doc->save_setup_as(saved);
  ASSERT_TRUE(s.ok()) << s.error().to_string();
  EXPECT_FALSE(tool_.doc->setup_dirty());
  Result<setup::Setup> reread = setup::load_setup(saved);
  ASSERT_TRUE(reread.ok()) << reread.error().to_string();
  EXPECT_EQ(reread.value().model, "locomotion.animpack") << "relative to the setup's folder";
  open(saved);
  EXPECT_TRUE(tool_.messages.error_text.empty()) << tool_.messages.error_text;
  EXPECT_EQ(tool_.doc->setup_path(), saved);
  EXPECT_FALSE(tool_.doc->setup_dirty());
  EXPECT_EQ(tool_.doc->model().clips.size(), read_package(path).value().clips.size());
  EXPECT_NE(tool_.doc->state_machine(), nullptr);
}

TEST_F(ToolPackage, PackageWithoutMachineOpensAsAModelOnly) {
  const std::string path = pack(kWuson, "wuson.animpack");
  open(path);
  ASSERT_EQ(tool_.doc->path(), path);
  EXPECT_FALSE(tool_.doc->has_setup());
  EXPECT_EQ(tool_.doc->mode(), ui::PlaybackMode::kClip);
  EXPECT_GE(tool_.doc->current_clip(), 0) << "a decoded clip plays";
  EXPECT_NE(tool_.messages.notice.find("Opened wuson.animpack: "), std::string::npos)
      << tool_.messages.notice;
  EXPECT_NE(tool_.messages.notice.find("no state machine"), std::string::npos)
      << tool_.messages.notice;
}

TEST_F(ToolPackage, DroppedPackageOpens) {
  const std::string path = pack(kWuson, "wuson.animpack");
  tool_.loading.dropped.push_back(path);
  handle_drops(tool_);
  for (int i = 0; i < 3000 && tool_.loading.loader.busy(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  collect_load(tool_);
  EXPECT_EQ(tool_.doc->path(), path);
}

TEST_F(ToolPackage, BrokenPackageNamesFileAndPlaceAndKeepsTheModel) {
  const std::string path = pack(kSetup, "broken.animpack");
  Result<std::string> bytes = files::read_file(path);
  ASSERT_TRUE(bytes.ok());
  std::string damaged = bytes.value();
  damaged[damaged.size() / 2] ^= 0x5a;  // Inside some section: its CRC no longer matches.
  std::ofstream(path, std::ios::binary | std::ios::trunc) << damaged;
  open(path);
  EXPECT_EQ(tool_.doc->path(), demo::kDemoModelPath) << "the open model stays";
  EXPECT_EQ(tool_.messages.error_title, "Could not open broken.animpack");
  EXPECT_EQ(tool_.messages.error_text.rfind(path + ": section ", 0), 0u)
      << tool_.messages.error_text;
}

// A setup may name a package as its model; a broken one is reported at /model with its place.
TEST_F(ToolPackage, SetupNamingAPackageLoadsItsDecodedClips) {
  const std::string path = pack(kWuson, "hero.animpack");
  Result<setup::Setup> setup = setup::load_setup(kSetup);
  ASSERT_TRUE(setup.ok());
  setup.value().model = "hero.animpack";
  const std::string setup_path = (dir_ / "hero.json").string();
  ASSERT_TRUE(setup::save_setup(setup.value(), setup_path).ok());
  Result<LoadedInput> input = load_input(setup_path);
  ASSERT_TRUE(input.ok()) << input.error().to_string();
  EXPECT_EQ(input.value().model.clips.size(), read_package(path).value().clips.size());
  EXPECT_TRUE(compile_setup(*input.value().setup, input.value().model.clips).ok());

  std::ofstream(path, std::ios::binary | std::ios::trunc) << "not a package";
  Result<LoadedInput> broken = load_input(setup_path);
  ASSERT_FALSE(broken.ok());
  EXPECT_EQ(broken.error().path, setup_path);
  EXPECT_EQ(broken.error().message.rfind("/model: cannot load \"" + path + "\": ", 0), 0u)
      << broken.error().message;
}

}  // namespace
}  // namespace anim::app
