// The tool opening a setup with a bad reference, without a window, as File > Open and the
// command line do: the setup opens anyway (clean, in its file) with its problems listed, the
// graph and tables editable, no state machine running until an edit fixes it; stderr and the
// status line say "opened FILE with N problem(s)".
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "anim/demo/demo_model.h"
#include "anim/files/file_io.h"
#include "anim/setup/setup.h"
#include "gui/tool.h"
#include "support/folders.h"

namespace anim::app {
namespace {

namespace fs = std::filesystem;

const std::string kSetup = ANIMSCOPE_SOURCE_DIR "/projects/demo_locomotion.json";

class ToolOpenSetup : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testutil::FreshTestFolder("tool_open_setup");
    tool_.doc = std::make_unique<ui::Document>(demo::make_demo_model(), demo::kDemoModelPath);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The example setup with its first transition's target misspelt "Idel", saved in the folder.
  std::string misspelt_setup() {
    Result<setup::Setup> setup = setup::load_setup(kSetup);
    EXPECT_TRUE(setup.ok());
    setup::Setup s = std::move(setup).value();
    EXPECT_EQ(s.transitions[1].to, "Idle");
    s.transitions[1].to = "Idel";
    const std::string path = (dir_ / "misspelt.json").string();
    EXPECT_TRUE(setup::save_setup(s, path).ok());
    return path;
  }
  void open(const std::string& path) {
    open_path(tool_, path);
    for (int i = 0; i < 3000 && tool_.loading.loader.busy(); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ASSERT_FALSE(tool_.loading.loader.busy());
    ::testing::internal::CaptureStderr();
    collect_load(tool_);
    err_ = ::testing::internal::GetCapturedStderr();
  }

  fs::path dir_;
  Tool tool_;
  std::string err_;
};

TEST_F(ToolOpenSetup, ASetupWithABadReferenceOpensWithItsProblemsAndWaitsForTheFix) {
  const std::string path = misspelt_setup();
  open(path);
  const ui::Document& doc = *tool_.doc;
  ASSERT_TRUE(doc.has_setup()) << "the setup is kept, not dropped";
  EXPECT_EQ(doc.setup_path(), path);
  EXPECT_FALSE(doc.setup_dirty()) << "as it is in its file";
  EXPECT_TRUE(tool_.messages.error_text.empty()) << "no modal: " << tool_.messages.error_text;
  // One error (the misspelt target, with the name it probably meant); the setup's own warnings
  // would come along.
  std::size_t errors = 0;
  for (const Diagnostic& d : doc.setup_problems()) {
    if (d.severity == Diagnostic::Severity::kError) {
      ++errors;
      EXPECT_EQ(d.pointer, "/transitions/1/to");
      EXPECT_NE(d.message.find("\"Idel\" (did you mean \"Idle\"?)"), std::string::npos)
          << d.message;
    }
  }
  EXPECT_EQ(errors, 1u);
  const std::string said =
      "opened misspelt.json with " + std::to_string(doc.setup_problems().size()) + " problem(s)";
  EXPECT_NE(err_.find("animscope: " + said), std::string::npos) << err_;
  EXPECT_EQ(err_.find(said), err_.rfind(said)) << "said once: " << err_;
  EXPECT_EQ(tool_.messages.notice.rfind(said, 0), 0u) << tool_.messages.notice;
  EXPECT_EQ(doc.state_machine(), nullptr) << "paused until the setup validates";
  EXPECT_EQ(doc.mode(), ui::PlaybackMode::kClip);
  EXPECT_TRUE(doc.setup_waits_for_fixes());

  // Fixed as the Transitions table would: the machine starts and plays.
  setup::Setup fixed = *doc.setup();
  fixed.transitions[1].to = "Idle";
  tool_.doc->edit_setup(std::move(fixed), "set target of transition");
  ASSERT_NE(doc.state_machine(), nullptr);
  EXPECT_EQ(doc.mode(), ui::PlaybackMode::kStateMachine);
  EXPECT_FALSE(doc.setup_waits_for_fixes());
  EXPECT_TRUE(doc.setup_dirty());
}

TEST_F(ToolOpenSetup, AValidSetupOpensRunningAndSilent) {
  open(kSetup);
  ASSERT_TRUE(tool_.doc->has_setup());
  ASSERT_NE(tool_.doc->state_machine(), nullptr);
  EXPECT_EQ(tool_.doc->mode(), ui::PlaybackMode::kStateMachine);
  EXPECT_EQ(err_.find("problem(s)"), std::string::npos) << err_;
  EXPECT_EQ(tool_.messages.notice.find("problem(s)"), std::string::npos);
}

}  // namespace
}  // namespace anim::app
