// The three executables as files and processes: animscope (headless commands) must not load
// SDL, OpenGL or assimp; it hands the tool and `render` to animscope-gui beside it, imports
// through the animscope-import child and hands --in-process runs to it. Needs no display.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "split_assets.h"

namespace {

namespace fs = std::filesystem;
using anim::import::test_support::TempDir;

const std::string kBinary = ANIMSCOPE_BINARY;
const std::string kGuiBinary = ANIMSCOPE_GUI_BINARY;
const std::string kImportBinary = ANIMSCOPE_IMPORT_BINARY;
const std::string kWuson = std::string(ANIMSCOPE_ASSIMP_MODELS) + "/X/Testwuson.X";

struct Output {
  int code = -1;  // -1 when the process did not exit normally.
  std::string text;
};

// Runs a shell command, keeping its stdout and stderr together.
Output run(const std::string& command) {
  Output output;
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return output;
  char buffer[4096];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) output.text.append(buffer, n);
  const int status = ::pclose(pipe);
  output.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return output;
}

// Single quotes for the shell (the paths here have none).
std::string shell_quoted(const std::string& text) { return "'" + text + "'"; }

// The NEEDED entries of an ELF file's dynamic section, as `readelf -d` prints them:
//  0x0000000000000001 (NEEDED)             Shared library: [libc.so.6]
std::vector<std::string> needed_libraries(const std::string& path) {
  std::vector<std::string> libraries;
  std::istringstream lines(run("readelf -d " + shell_quoted(path)).text);
  for (std::string line; std::getline(lines, line);) {
    if (line.find("(NEEDED)") == std::string::npos) continue;
    const std::size_t open = line.find('['), close = line.rfind(']');
    if (open != std::string::npos && close > open) {
      libraries.push_back(line.substr(open + 1, close - open - 1));
    }
  }
  return libraries;
}

// Libraries that open a window or a GL context, or pull in a display server's client.
bool is_display_library(const std::string& library) {
  for (const char* prefix : {"libSDL2", "libGL.", "libGLX", "libEGL", "libOpenGL"}) {
    if (library.rfind(prefix, 0) == 0) return true;
  }
  return false;
}

// A copy of animscope alone in a temporary folder: no animscope-gui beside it.
class LoneHeadlessBinary : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(dir_.path().empty());
    binary_ = dir_.path() + "/animscope";
    fs::copy_file(kBinary, binary_);
    fs::permissions(binary_, fs::perms::owner_all);
  }

  std::string gui_path() const {
    return dir_.path() + "/" + fs::path(kGuiBinary).filename().string();
  }
  std::string import_path() const {
    return dir_.path() + "/" + fs::path(kImportBinary).filename().string();
  }
  // The lone binary, finding the import child only beside itself.
  std::string lone() const { return "env -u ANIMSCOPE_IMPORT_HELPER " + shell_quoted(binary_); }

  TempDir dir_;
  std::string binary_;
};

bool is_assimp(const std::string& library) { return library.rfind("libassimp", 0) == 0; }

TEST(HeadlessBinary, NeedsNoSdlGlOrAssimpLibrary) {
  const std::vector<std::string> needed = needed_libraries(kBinary);
  // libc at least: an empty list means readelf failed, not that the binary is clean.
  ASSERT_FALSE(needed.empty()) << "readelf -d " << kBinary << " listed no NEEDED entry";
  for (const std::string& library : needed) {
    EXPECT_FALSE(is_display_library(library)) << kBinary << " needs " << library;
    EXPECT_FALSE(is_assimp(library)) << kBinary << " needs " << library;
  }
}

// The import child has assimp and no display library.
TEST(HeadlessBinary, VersionPrintsAndExitsZeroWithoutADisplay) {
  const Output out = run("env -u DISPLAY " + shell_quoted(kBinary) + " --version");
  EXPECT_EQ(out.code, 0) << out.text;
  // "animscope 0.1.0": one line, a version of dot-separated numbers.
  ASSERT_EQ(out.text.rfind("animscope ", 0), 0u) << out.text;
  const std::string version = out.text.substr(10);
  ASSERT_FALSE(version.empty());
  EXPECT_EQ(version.back(), '\n');
  EXPECT_EQ(version.find_first_not_of("0123456789.\n"), std::string::npos) << version;
  EXPECT_EQ(std::count(version.begin(), version.end(), '.'), 2) << version;
}

TEST(HeadlessBinary, ImportBinaryNeedsAssimpAndNoDisplay) {
  bool assimp = false;
  for (const std::string& library : needed_libraries(kImportBinary)) {
    assimp = assimp || is_assimp(library);
    EXPECT_FALSE(is_display_library(library)) << kImportBinary << " needs " << library;
  }
  EXPECT_TRUE(assimp) << kImportBinary << " should need libassimp";
}

// The check above can fail: the same reading finds SDL in the GUI binary.
TEST(HeadlessBinary, GuiBinaryNeedsSdl) {
  bool sdl = false;
  for (const std::string& library : needed_libraries(kGuiBinary)) {
    sdl = sdl || library.rfind("libSDL2", 0) == 0;
  }
  EXPECT_TRUE(sdl) << kGuiBinary << " should need libSDL2";
}

TEST_F(LoneHeadlessBinary, RunsHeadlessCommandsWithoutTheGuiBinary) {
  fs::copy_file(kImportBinary, import_path());
  const Output info = run(lone() + " info " + shell_quoted(kWuson));
  EXPECT_EQ(info.code, 0) << info.text;
  EXPECT_NE(info.text.find("joints"), std::string::npos) << info.text;
  // `help` lists `render` too, though another executable runs it.
  const Output help = run(shell_quoted(binary_) + " help");
  EXPECT_EQ(help.code, 0) << help.text;
  EXPECT_NE(help.text.find("animscope render"), std::string::npos) << help.text;
}

TEST_F(LoneHeadlessBinary, MissingGuiBinaryIsOneLineNamingItWithExitCode2) {
  const std::vector<std::string> gui_requests = {"", shell_quoted(kWuson),
                                                 "--screenshot /tmp/never.png",
                                                 "render builtin:demo --out /tmp/x.png"};
  for (const std::string& args : gui_requests) {
    const Output output = run(shell_quoted(binary_) + " " + args);
    EXPECT_EQ(output.code, 2) << args;
    EXPECT_EQ(output.text, "animscope: " + gui_path() +
                               " is missing: the desktop tool and `render` live there (build "
                               "the animscope-gui target)\n")
        << args;
  }
}

TEST_F(LoneHeadlessBinary, MissingImportBinaryIsNamedWhenAModelIsRead) {
  Output output = run(lone() + " info " + shell_quoted(kWuson));
  EXPECT_EQ(output.code, 2);
  EXPECT_EQ(output.text, "animscope: " + kWuson + ": cannot start the importer " + import_path() +
                             ": No such file or directory\n");
  // Nothing else needs it.
  output = run(lone() + " info builtin:demo");
  EXPECT_EQ(output.code, 0) << output.text;
  output = run(lone() + " --in-process info " + shell_quoted(kWuson));
  EXPECT_EQ(output.code, 2);
  EXPECT_EQ(output.text, "animscope: " + import_path() +
                             " is missing: --in-process runs there (build the "
                             "animscope-import target)\n");
}

// Stand-ins that print their arguments show the handoffs keep them as typed.
TEST_F(LoneHeadlessBinary, HandsInProcessRunsToTheImportBinaryWithTheSameArguments) {
  {
    std::ofstream script(import_path());
    script << "#!/bin/sh\nprintf '[%s]' \"$@\"\nexit 5\n";
  }
  fs::permissions(import_path(), fs::perms::owner_all);
  const Output output = run(lone() + " info 'a b.fbx' --in-process --json");
  EXPECT_EQ(output.code, 5);
  EXPECT_EQ(output.text, "[info][a b.fbx][--in-process][--json]");
}

TEST_F(LoneHeadlessBinary, HandsTheToolAndRenderToTheGuiBinaryWithTheSameArguments) {
  {
    std::ofstream script(gui_path());
    script << "#!/bin/sh\nprintf '[%s]' \"$@\"\nexit 7\n";
  }
  fs::permissions(gui_path(), fs::perms::owner_all);
  Output output = run(shell_quoted(binary_) + " render 'a b.fbx' --out x.png");
  EXPECT_EQ(output.code, 7);
  EXPECT_EQ(output.text, "[render][a b.fbx][--out][x.png]");
  output = run(shell_quoted(binary_));
  EXPECT_EQ(output.code, 7);
  EXPECT_EQ(output.text, "[]");
  // Headless commands never reach it.
  output = run(shell_quoted(binary_) + " info builtin:demo");
  EXPECT_EQ(output.code, 0) << output.text;
}

}  // namespace
