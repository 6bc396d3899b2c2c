// A monkey test of the whole desktop tool (issues 12 and 24, "Nothing takes the tool down"):
// random mouse, wheel, key, text, resize and file-drop input, real and broken files, over every
// panel, menu and dialog, with the demo, Wuson, setups and packages opened along the way. No
// crash, no ImGui assertion, no sanitizer report; the document stays valid or shows its problems.
//
// ctest runs it per seed: app_tool_monkey_seed_N (label ui, 4,000 events, three seeds, also
// under ASan in CI) and app_tool_monkey_full_seed_N (label monkey, 100,000 events, ten seeds).
// Environment: ANIMSCOPE_MONKEY_SEED, ANIMSCOPE_MONKEY_EVENTS, ANIMSCOPE_MONKEY_IMPATIENCE,
// ANIMSCOPE_MONKEY_CHECK_EVERY, ANIMSCOPE_MONKEY_LOG, ANIMSCOPE_MONKEY_LOG_FILE (see
// monkey/tool_monkey.h); a failure prints the one command that replays it.
//
// The monkey owns time (monkey/monkey_time.h, the tool's ManualJobRunner), so a seed replays step
// for step: ToolMonkeyReplay (label replay) runs one seed twice, in child processes, while a busy
// thread per core loads the machine, and compares the two step logs line by line.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "monkey/tool_monkey.h"
#include "spawn.h"

namespace anim::app::monkey {
namespace {

namespace fs = std::filesystem;

TEST(ToolMonkey, RandomInputNeverTakesTheToolDown) {
  MonkeyOptions options;
  options.seed = 12;  // Issue 12's number; any seed is a valid run.
  options.events = 4000;
  run_monkey(options_from_environment(options));
}

// Busy threads, one per core, for as long as this lives: the load under which the monkey's
// timing used to change which path a seed took.
class BusyMachine {
 public:
  BusyMachine() {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    for (unsigned i = 0; i < cores; ++i) {
      threads_.emplace_back([this] {
        volatile std::uint64_t x = 1;
        while (!stop_.load(std::memory_order_relaxed)) x = x * 6364136223846793005ull + 1;
      });
    }
  }
  ~BusyMachine() {
    stop_ = true;
    for (std::thread& t : threads_) t.join();
  }
  BusyMachine(const BusyMachine&) = delete;
  BusyMachine& operator=(const BusyMachine&) = delete;

 private:
  std::atomic<bool> stop_{false};
  std::vector<std::thread> threads_;
};

std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(ToolMonkeyReplay, ASeedTakesTheSameStepsTwiceUnderLoad) {
  std::error_code ec;
  const std::string self = fs::read_symlink("/proc/self/exe", ec).string();
  ASSERT_FALSE(ec) << ec.message();
  const fs::path dir =
      fs::temp_directory_path() / ("animscope_monkey_replay_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const int events = 1500;
  // Each run in a sandbox of its own, named by its process id, as when a failure's replay
  // command runs again: the paths the tool shows differ in their digits and must not matter.
  std::vector<std::string> logs;
  {
    BusyMachine load;
    for (int run = 0; run < 2; ++run) {
      const std::string log = (dir / ("steps" + std::to_string(run) + ".txt")).string();
      const std::string output = (dir / ("output" + std::to_string(run) + ".txt")).string();
      // Impatience too: loads that finish frames later must land at the same steps.
      const testing::Environment env = {{"ANIMSCOPE_MONKEY_SEED", "24"},
                                        {"ANIMSCOPE_MONKEY_EVENTS", std::to_string(events)},
                                        {"ANIMSCOPE_MONKEY_IMPATIENCE", "0.3"},
                                        {"ANIMSCOPE_MONKEY_LOG_FILE", log}};
      const pid_t pid = testing::spawn(
          {self, "--gtest_filter=ToolMonkey.RandomInputNeverTakesTheToolDown"}, env, output);
      ASSERT_GT(pid, 0);
      const std::optional<int> status = testing::wait_for(pid, 500.0);
      ASSERT_TRUE(status.has_value()) << "run " << run << " did not finish in 500 s";
      ASSERT_TRUE(WIFEXITED(*status) && WEXITSTATUS(*status) == 0) << "run " << run << " failed:\n"
                                                                   << testing::read_all(output);
      logs.push_back(log);
    }
  }
  const std::vector<std::string> first = lines_of(logs[0]), second = lines_of(logs[1]);
  ASSERT_EQ(first.size(), static_cast<std::size_t>(events));
  ASSERT_EQ(second.size(), first.size());
  for (std::size_t i = 0; i < first.size(); ++i) {
    ASSERT_EQ(first[i], second[i]) << "the runs parted at line " << i;
  }
  fs::remove_all(dir, ec);
}

}  // namespace
}  // namespace anim::app::monkey
