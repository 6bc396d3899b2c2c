// The command-line programs install no signal handler: SIGINT and SIGTERM end `animscope info`
// (and the same command run by animscope-gui) at once, as the default action does. Each run
// blocks reading a setup from a FIFO that this test holds open, so the signal arrives while the
// command is busy. Needs no display.
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "spawn.h"

namespace anim::app {
namespace {

namespace fs = std::filesystem;
using testing::catches;
using testing::eventually;
using testing::read_all;
using testing::spawn;
using testing::wait_for;

struct Case {
  const char* binary;
  int signal;
};

void PrintTo(const Case& c, std::ostream* out) {
  *out << fs::path(c.binary).filename().string() << " "
       << (c.signal == SIGINT ? "SIGINT" : "SIGTERM");
}

class CliSignals : public ::testing::TestWithParam<Case> {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("animscope_cli_signals_" + std::to_string(::getpid()) + "_" +
            std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
            std::to_string(counter_++));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path dir_;
  static inline int counter_ = 0;
};

TEST_P(CliSignals, EndsAtOnceWithTheDefaultAction) {
  const Case c = GetParam();
  const std::string fifo = (dir_ / "setup.json").string();
  const std::string output = (dir_ / "output.txt").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const pid_t pid = spawn({c.binary, "info", fifo}, {}, output);
  ASSERT_GT(pid, 0);
  // Opening the FIFO to write succeeds once the command has opened it to read; holding it
  // open (and writing nothing) keeps the command waiting in read().
  int writer = -1;
  const bool reading = eventually(30.0, [&] {
    writer = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
    return writer >= 0;
  });
  ASSERT_TRUE(reading) << read_all(output);
  EXPECT_FALSE(catches(pid, SIGINT));
  EXPECT_FALSE(catches(pid, SIGTERM));
  ASSERT_EQ(::kill(pid, c.signal), 0);
  const std::optional<int> status = wait_for(pid, 20.0);
  ::close(writer);
  ASSERT_TRUE(status.has_value()) << "the signal did not end it";
  EXPECT_TRUE(WIFSIGNALED(*status)) << "exited with " << WEXITSTATUS(*status);
  if (WIFSIGNALED(*status)) {
    EXPECT_EQ(WTERMSIG(*status), c.signal);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Commands, CliSignals,
    ::testing::Values(Case{ANIMSCOPE_BINARY, SIGINT}, Case{ANIMSCOPE_BINARY, SIGTERM},
                      Case{ANIMSCOPE_GUI_BINARY, SIGINT}, Case{ANIMSCOPE_GUI_BINARY, SIGTERM}),
    [](const ::testing::TestParamInfo<Case>& info) {
      const std::string binary = fs::path(info.param.binary).filename().string();
      return (binary == "animscope" ? std::string("Animscope") : std::string("AnimscopeGui")) +
             (info.param.signal == SIGINT ? "Sigint" : "Sigterm");
    });

}  // namespace
}  // namespace anim::app
