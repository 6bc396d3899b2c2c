// `animscope completion bash`: the script lists every command and each one's options as its
// --help does, and bash itself, driven as on a Tab press, completes commands, options, choices
// and files with it. The build's copy (what `cmake --install` installs) is the same script.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.h"
#include "usage_text.h"

namespace anim::app {
namespace {

namespace fs = std::filesystem;
using testing::CliRun;
using testing::kUsageCommands;
using testing::run;

std::string script() {
  const CliRun r = run({"completion", "bash"});
  EXPECT_EQ(r.code, 0) << r.err;
  return r.out;
}

// The words of the script's `options='...'` for `command` ("''" for the tool).
std::set<std::string> listed_options(const std::string& text, const std::string& command) {
  const std::string start = "    " + command + ") options='";
  const std::size_t at = text.find(start);
  if (at == std::string::npos) return {};
  const std::size_t from = at + start.size();
  std::istringstream words(text.substr(from, text.find('\'', from) - from));
  std::set<std::string> options;
  for (std::string word; words >> word;) options.insert(word);
  return options;
}

// Single quotes for bash (the words here have none).
std::string shell_quoted(const std::string& word) { return "'" + word + "'"; }

// What bash offers for the last of `words` (the word being typed), run in `directory`.
std::set<std::string> complete(const std::string& script_path,
                               const std::vector<std::string>& words,
                               const std::string& directory) {
  std::string array;
  for (const std::string& w : words) array += " " + shell_quoted(w);
  const std::string program = directory + "/complete.sh";
  std::ofstream(program) << "cd " << shell_quoted(directory) << " || exit 1\n"
                         << "source " << shell_quoted(script_path) << "\n"
                         << "COMP_WORDS=(" << array << ")\n"
                         << "COMP_CWORD=" << words.size() - 1 << "\n"
                         << "_animscope 2>/dev/null\n"
                         << "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
  std::set<std::string> offered;
  FILE* pipe = ::popen(("bash " + shell_quoted(program)).c_str(), "r");
  if (!pipe) return offered;
  std::string text;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) text.append(buffer, n);
  ::pclose(pipe);
  std::remove(program.c_str());
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty()) offered.insert(line);
  }
  return offered;
}

class BashCompletion : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("animscope_completion_" + std::to_string(::getpid()));
    fs::create_directories(dir_ / "models");
    std::ofstream(dir_ / "models" / "hero.fbx") << "x";
    std::ofstream(dir_ / "models" / "hero@walk.fbx") << "x";
    path_ = (dir_ / "animscope.bash").string();
    std::ofstream(path_) << script();
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::set<std::string> offered(const std::vector<std::string>& words) {
    return complete(path_, words, dir_.string());
  }

  fs::path dir_;
  std::string path_;
};

TEST(CompletionScript, ListsEveryCommandAndEachOnesOptionsAsItsHelpDoes) {
  const std::string text = script();
  ASSERT_NE(text.find("complete -F _animscope animscope"), std::string::npos) << text;
  for (const std::string& command : kUsageCommands) {
    const std::string help = command.empty() ? run({"--help"}).out : run({command, "--help"}).out;
    std::set<std::string> expected = testing::help_table_options(help, "");
    expected.insert("-h");
    const std::string key = command.empty() ? "''" : command;
    EXPECT_EQ(listed_options(text, key), expected) << key;
  }
  EXPECT_FALSE(listed_options(text, "help").empty());
  EXPECT_FALSE(listed_options(text, "completion").empty());
}

TEST(CompletionScript, TheBuildWritesTheSameScriptForInstall) {
  std::ifstream built(ANIMSCOPE_BASH_COMPLETION);
  ASSERT_TRUE(built) << ANIMSCOPE_BASH_COMPLETION;
  std::stringstream text;
  text << built.rdbuf();
  EXPECT_EQ(text.str(), script());
}

TEST_F(BashCompletion, IsValidBash) {
  EXPECT_EQ(std::system(("bash -n " + shell_quoted(path_)).c_str()), 0);
}

TEST_F(BashCompletion, CompletesCommandsAndEachCommandsOptions) {
  const std::set<std::string> first = offered({"animscope", ""});
  for (const char* command :
       {"info", "pose", "validate", "play", "fmt", "pack", "markers", "attach", "render", "help"}) {
    EXPECT_TRUE(first.count(command)) << command;
  }
  EXPECT_TRUE(first.count("models")) << "files too, for the tool";
  EXPECT_EQ(offered({"animscope", "pa"}), (std::set<std::string>{"pack"}));
  EXPECT_EQ(offered({"animscope", "render", "x", "--sh"}), (std::set<std::string>{"--shading"}));
  EXPECT_EQ(offered({"animscope", "pack", "--t"}), (std::set<std::string>{"--tolerance"}));
  EXPECT_EQ(offered({"animscope", "play", "--tr"}), (std::set<std::string>{"--trace", "--travel"}));
  EXPECT_EQ(offered({"animscope", "markers", "x", "--fo"}), (std::set<std::string>{"--foot"}));
  // The tool's own options, also after one that takes a value.
  EXPECT_EQ(offered({"animscope", "--rew"}), (std::set<std::string>{"--rewind"}));
  EXPECT_EQ(offered({"animscope", "--joint", "info", "--vi"}), (std::set<std::string>{"--view"}));
  // The command after the import options; its options, not another's.
  const std::set<std::string> info = offered({"animscope", "--memory-limit", "4G", "info", "--"});
  EXPECT_TRUE(info.count("--anim"));
  EXPECT_TRUE(info.count("--json"));
  EXPECT_TRUE(info.count("--in-process"));
  EXPECT_FALSE(info.count("--clip"));
  EXPECT_EQ(offered({"animscope", "help", "ren"}), (std::set<std::string>{"render"}));
  EXPECT_EQ(offered({"animscope", "completion", ""}), (std::set<std::string>{"bash"}));
}

TEST_F(BashCompletion, CompletesChoicesFilesAndNothingForOtherValues) {
  EXPECT_EQ(offered({"animscope", "render", "x", "--shading", ""}),
            (std::set<std::string>{"lit", "heatmap", "dominant", "influences", "truncated"}));
  EXPECT_EQ(offered({"animscope", "--ramp", "v"}), (std::set<std::string>{"viridis"}));
  EXPECT_EQ(offered({"animscope", "--up", ""}),
            (std::set<std::string>{"y", "z", "x", "-y", "-z", "-x"}));
  EXPECT_EQ(offered({"animscope", "--view", "b"}),
            (std::set<std::string>{"blend", "blend_spaces"}));
  EXPECT_EQ(offered({"animscope", "render", "--root-motion", ""}),
            (std::set<std::string>{"place", "world"}));
  EXPECT_EQ(offered({"animscope", "info", "models/hero"}),
            (std::set<std::string>{"models/hero.fbx", "models/hero@walk.fbx"}));
  EXPECT_EQ(offered({"animscope", "pose", "x", "--anim", "models/hero@"}),
            (std::set<std::string>{"models/hero@walk.fbx"}));
  EXPECT_EQ(offered({"animscope", "pose", "x", "--time", ""}), (std::set<std::string>{}));
  EXPECT_EQ(offered({"animscope", "--memory-limit", ""}), (std::set<std::string>{}));
}

}  // namespace
}  // namespace anim::app
