// Settings > Import: the settings file (written, read back, garbled lines named by file and
// line), and the tool following it: a saved "in_process = true" loads models in this process,
// which the test tells from the child process by pointing the import helper at nothing.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "anim/files/file_io.h"
#include "gui/import_settings.h"
#include "gui/settings_menu.h"
#include "gui/tool.h"
#include "loading/model_source.h"
#include "support/folders.h"

namespace anim::app {
namespace {

namespace fs = std::filesystem;

constexpr uint64_t kGiB = uint64_t{1} << 30;
const std::string kWuson = ANIMSCOPE_ASSIMP_MODELS "/X/Testwuson.X";

class ImportSettings : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testutil::FreshTestFolder("import_settings");
    file_ = (dir_ / "import.conf").string();
    const char* helper = std::getenv("ANIMSCOPE_IMPORT_HELPER");
    helper_ = helper ? helper : "";
  }
  void TearDown() override {
    fs::remove_all(dir_);
    ::setenv("ANIMSCOPE_IMPORT_HELPER", helper_.c_str(), 1);
    apply_import_options(ImportOptions{});  // Back to the child process for other tests.
  }
  void write(const std::string& text) { std::ofstream(file_) << text; }

  fs::path dir_;
  std::string file_;
  std::string helper_;  // ANIMSCOPE_IMPORT_HELPER as the test found it.
};

TEST_F(ImportSettings, AMissingFileGivesTheDefaults) {
  Result<ImportOptions> loaded = load_import_settings(file_);
  ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
  EXPECT_FALSE(loaded.value().in_process);
  EXPECT_EQ(loaded.value().memory_limit, 0u);
}

TEST_F(ImportSettings, TheFileSaysWhatWasChosen) {
  ASSERT_TRUE(save_import_settings(file_, {true, 4 * kGiB}).ok());
  Result<std::string> text = files::read_file(file_);
  ASSERT_TRUE(text.ok());
  EXPECT_EQ(text.value(), "# animscope import settings\nin_process = true\nmemory_limit = 4G\n");
  ASSERT_TRUE(save_import_settings(file_, {false, 0}).ok());
  EXPECT_EQ(files::read_file(file_).value(),
            "# animscope import settings\nin_process = false\nmemory_limit = default\n");
}

TEST_F(ImportSettings, SizesReadBackExactly) {
  // 1.5 GiB is written in MiB; an odd byte count rounds up to the next MiB.
  for (const uint64_t bytes : {kGiB, 3 * kGiB / 2, 512 * (uint64_t{1} << 20)}) {
    ASSERT_TRUE(save_import_settings(file_, {false, bytes}).ok());
    Result<ImportOptions> loaded = load_import_settings(file_);
    ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
    EXPECT_EQ(loaded.value().memory_limit, bytes);
  }
  ASSERT_TRUE(save_import_settings(file_, {false, (uint64_t{1} << 30) + 1}).ok());
  EXPECT_EQ(load_import_settings(file_).value().memory_limit, kGiB + (uint64_t{1} << 20));
}

TEST_F(ImportSettings, HandWrittenFilesAreRead) {
  write("# mine\n\n  in_process=true  \nmemory_limit =  2G\r\n");
  Result<ImportOptions> loaded = load_import_settings(file_);
  ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
  EXPECT_TRUE(loaded.value().in_process);
  EXPECT_EQ(loaded.value().memory_limit, 2 * kGiB);
}

TEST_F(ImportSettings, GarbledLinesAreNamedByFileAndLine) {
  const struct {
    const char* text;
    const char* message;
  } cases[] = {
      {"in_process = true\nmemory_limit\n", ":2: expected \"name = value\", got \"memory_limit\""},
      {"in_process = yes\n", ":1: in_process is true or false, got \"yes\""},
      {"# c\nmemory_limit = lots\n", ":2: --memory-limit needs a size such as 8G or 512M"},
      {"colour = blue\n", ":1: unknown setting \"colour\""},
  };
  for (const auto& c : cases) {
    write(c.text);
    Result<ImportOptions> loaded = load_import_settings(file_);
    ASSERT_FALSE(loaded.ok()) << c.text;
    EXPECT_EQ(loaded.error().code, Error::Code::kParse);
    EXPECT_NE(loaded.error().to_string().find(file_ + c.message), std::string::npos)
        << loaded.error().to_string();
  }
}

TEST_F(ImportSettings, TheToolLoadsInProcessWhenTheSavedSettingsSaySo) {
  // With no import helper to start, only an in-process load can succeed.
  ::setenv("ANIMSCOPE_IMPORT_HELPER", (dir_ / "no-such-helper").c_str(), 1);
  write("in_process = true\n");
  Tool tool;
  tool.settings.config_dir = dir_.string();
  init_import_settings(tool, ImportOptions{}, false);
  EXPECT_TRUE(tool.settings.import_options.in_process);
  Result<Model> in_process = load_model_source(kWuson);
  EXPECT_TRUE(in_process.ok()) << in_process.error().to_string();

  // Switched back in the menu: the child process is asked for, and is missing.
  set_import_settings(tool, ImportOptions{false, 2 * kGiB});
  Result<Model> isolated = load_model_source(kWuson);
  ASSERT_FALSE(isolated.ok());
  EXPECT_NE(isolated.error().message.find("cannot start the importer"), std::string::npos)
      << isolated.error().to_string();
  // The choice was kept for the next start.
  Result<ImportOptions> kept = load_import_settings(file_);
  ASSERT_TRUE(kept.ok());
  EXPECT_FALSE(kept.value().in_process);
  EXPECT_EQ(kept.value().memory_limit, 2 * kGiB);

  // The command line wins over the file for its run, and is not saved.
  Tool started;
  started.settings.config_dir = dir_.string();
  init_import_settings(started, ImportOptions{true, 0}, true);
  EXPECT_TRUE(started.settings.import_options.in_process);
  EXPECT_TRUE(load_model_source(kWuson).ok());
  EXPECT_FALSE(load_import_settings(file_).value().in_process);
}

TEST_F(ImportSettings, AGarbledFileLeavesTheDefaults) {
  write("in_process = maybe\n");
  Tool tool;
  tool.settings.config_dir = dir_.string();
  init_import_settings(tool, ImportOptions{}, false);
  EXPECT_FALSE(tool.settings.import_options.in_process);
  EXPECT_EQ(tool.settings.import_options.memory_limit, 0u);
}

}  // namespace
}  // namespace anim::app
