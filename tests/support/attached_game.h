#pragma once
// A game for the tool's attach suites (issue 29): the demo model running a setup in one
// character "c0", updated by kGameDt and published every 2 ms by a real LinkServer (no
// announcement) on a thread of its own; it swaps in applied setups and refuses ones with errors,
// with the first error as its reason. Needs anim_ui (SetupSession), anim_demo and anim_link.
#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "anim/demo/demo_model.h"
#include "anim/link/link_server.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/attach_session.h"
#include "anim/ui/model/setup_session.h"

namespace anim::testutil {

using ui::AttachSession;
using ui::SetupSession;

constexpr float kGameDt = 1.0f / 60.0f;

inline setup::Setup project(const std::string& name) {
  Result<setup::Setup> setup =
      setup::load_setup(std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/" + name);
  EXPECT_TRUE(setup.ok()) << (setup.ok() ? "" : setup.error().to_string());
  return setup.ok() ? std::move(setup).value() : setup::Setup{};
}

// The game (see the top of this file).
class Game {
 public:
  // `content`: the file the game says it runs (LinkOptions::content), or "".
  explicit Game(setup::Setup setup, const std::string& content = "")
      : model_(demo::make_demo_model()) {
    EXPECT_EQ(build(std::move(setup)), "");
    link::LinkOptions options;
    options.name = "test game";
    options.content = content;
    options.announce = false;
    options.log = [](const std::string&) {};
    Result<std::unique_ptr<link::LinkServer>> s = link::LinkServer::open(options);
    EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().to_string());
    if (!s.ok()) return;
    server_ = std::move(s.value());
    server_->watch("c0", *machine_);
    server_->on_apply([this](Span<const uint8_t> bytes) {
      Result<setup::Setup> parsed =
          setup::parse_setup(std::string(bytes.begin(), bytes.end()), "(applied)");
      if (!parsed.ok()) return parsed.error().to_string();
      return build(std::move(parsed).value());
    });
    thread_ = std::thread([this] {
      while (!stop_.load()) {
        if (!hold_.load()) {
          machine_->update(kGameDt);
          server_->publish();
          target_.store(machine_->target(0));
          published_.fetch_add(1);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
      }
    });
  }
  ~Game() { close(); }
  void close() {
    stop_.store(true);
    if (thread_.joinable()) thread_.join();
    if (server_) server_->close();
  }
  AttachSession::Target target() const {
    AttachSession::Target t;
    t.port = server_->port();
    t.token = server_->token();
    return t;
  }
  // The first parameter's target as the game's instance has it after its latest publish().
  float speed_target() const { return target_.load(); }
  void hold(bool held) { hold_.store(held); }
  uint64_t published() const { return published_.load(); }

 private:
  // A new instance of `setup`, going on from the old one: "" or the first error.
  std::string build(setup::Setup setup) {
    SetupSession session;
    session.start(std::move(setup), "", true);
    std::optional<SetupSession::Build> b = session.build(model_, 0);
    if (!b) {
      for (const Diagnostic& d : session.problems())
        if (d.severity == Diagnostic::Severity::kError) return d.pointer + ": " + d.message;
      return "the setup does not compile";
    }
    builds_.push_back(std::move(*b));
    const SetupSession::Build& now = builds_.back();
    auto next = std::make_unique<StateMachineInstance>(*now.def, model_.skeleton,
                                                       now.motion->clip_set(model_.clips));
    if (machine_) next->continue_from(*machine_);
    if (server_) server_->watch("c0", *next);
    if (machine_) old_.push_back(std::move(machine_));  // The link may read it this frame.
    machine_ = std::move(next);
    return "";
  }

  Model model_;
  std::deque<SetupSession::Build> builds_;
  std::vector<std::unique_ptr<StateMachineInstance>> old_;
  std::unique_ptr<StateMachineInstance> machine_;
  std::unique_ptr<link::LinkServer> server_;
  std::thread thread_;
  std::atomic<bool> stop_{false}, hold_{false};
  std::atomic<float> target_{0.0f};
  std::atomic<uint64_t> published_{0};
};

// Polls `done` (as the UI does, once per frame) for up to 5 s.
inline bool eventually(const std::function<bool()>& done) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (std::chrono::steady_clock::now() < until) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return done();
}

}  // namespace anim::testutil
