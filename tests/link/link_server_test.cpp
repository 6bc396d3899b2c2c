// The game link end to end in one process: a LinkServer published by a "game" thread that updates
// a real StateMachineInstance, and LinkClients attaching over loopback. The frames must say what
// an instance run alongside with the same inputs says; commands must act from the next publish();
// bad clients are refused or dropped, logged in one line, and the game keeps publishing.
#include "anim/link/link_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "anim/link/link_client.h"
#include "link_machine.h"
#include "support/folders.h"

namespace anim::link {
namespace {

using namespace std::chrono_literals;
using testutil::LinkMachine;

constexpr float kDt = 1.0f / 60.0f;

// The game: one character updated by kDt, then publish(), every millisecond, on its own thread.
class LinkServerTest : public ::testing::Test {
 protected:
  LinkServerTest() : folder_(testutil::FreshTestFolder("link_server")) {}
  ~LinkServerTest() override {
    stop_game();
    if (server_) server_->close();  // Its thread logs into log_, which goes before it.
    std::filesystem::remove_all(folder_);
  }

  void open_server(LinkOptions options = {}) {
    options.name = "test game";
    options.announce_dir = folder_.string();
    options.log = [this](const std::string& line) {
      std::lock_guard<std::mutex> lock(log_mutex_);
      log_.push_back(line);
    };
    Result<std::unique_ptr<LinkServer>> s = LinkServer::open(options);
    ASSERT_TRUE(s.ok()) << s.error().to_string();
    server_ = std::move(s.value());
    machine_ = std::make_unique<StateMachineInstance>(lm_.def, lm_.skeleton, lm_.clips);
    server_->watch("c0", *machine_);
    other_ = std::make_unique<StateMachineInstance>(lm_.def, lm_.skeleton, lm_.clips);
    server_->watch("c1", *other_);
  }
  void start_game() {
    game_ = std::thread([this] {
      while (!stop_.load()) {
        machine_->update(kDt);
        other_->update(kDt);
        server_->publish();
        published_.fetch_add(1);
        std::this_thread::sleep_for(1ms);
      }
    });
  }
  void stop_game() {
    stop_.store(true);
    if (game_.joinable()) game_.join();
  }
  std::unique_ptr<LinkClient> attach(const std::string& peer = "test client") {
    ConnectOptions options;
    options.peer = peer;
    Result<std::unique_ptr<LinkClient>> c =
        LinkClient::connect(server_->port(), server_->token(), options);
    EXPECT_TRUE(c.ok()) << c.error().to_string();
    return c.ok() ? std::move(c.value()) : nullptr;
  }
  // Waits until the game published `count` more frames.
  void wait_frames(uint64_t count) {
    const uint64_t until = published_.load() + count;
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (published_.load() < until && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(1ms);
    EXPECT_GE(published_.load(), until) << "the game stopped publishing";
  }
  // Waits for a log line containing `text`.
  bool logged(const std::string& text) {
    const auto deadline = std::chrono::steady_clock::now() + 5s;
    while (std::chrono::steady_clock::now() < deadline) {
      {
        std::lock_guard<std::mutex> lock(log_mutex_);
        for (const std::string& line : log_)
          if (line.find(text) != std::string::npos) return true;
      }
      std::this_thread::sleep_for(2ms);
    }
    return false;
  }
  std::size_t log_lines() {
    std::lock_guard<std::mutex> lock(log_mutex_);
    return log_.size();
  }
  // After a bad client: the game still runs and a good client can attach and watch.
  void expect_game_serves_again() {
    wait_frames(5);
    std::unique_ptr<LinkClient> c = attach();
    ASSERT_NE(c, nullptr);
    ASSERT_TRUE(c->list().ok());
    ASSERT_TRUE(c->watch(0).ok());
    Result<Frame> f = c->next_frame();
    ASSERT_TRUE(f.ok()) << f.error().to_string();
  }

  std::filesystem::path folder_;
  LinkMachine lm_;
  std::unique_ptr<StateMachineInstance> machine_, other_;
  std::unique_ptr<LinkServer> server_;
  std::thread game_;
  std::atomic<bool> stop_{false};
  std::atomic<uint64_t> published_{0};
  std::mutex log_mutex_;
  std::vector<std::string> log_;
};

// `first`: the first frame watched, whose update ran before the link turned the trace on.
void expect_frame_is(const Frame& f, const StateMachineInstance& m, bool first) {
  ASSERT_EQ(f.parameters.size(), m.def().parameters.size());
  for (std::size_t p = 0; p < f.parameters.size(); ++p) {
    EXPECT_EQ(f.parameters[p].value, m.value(static_cast<int>(p))) << "frame " << f.number;
    EXPECT_EQ(f.parameters[p].target, m.target(static_cast<int>(p)));
    EXPECT_EQ(f.parameters[p].vector, m.vector(static_cast<int>(p)));
  }
  ASSERT_EQ(f.layers.size(), static_cast<std::size_t>(m.layer_count()));
  for (int l = 0; l < m.layer_count(); ++l) {
    const auto active = m.active_states(l);
    ASSERT_EQ(f.layers[l].active.size(), active.size()) << "frame " << f.number;
    for (std::size_t a = 0; a < active.size(); ++a) {
      EXPECT_EQ(f.layers[l].active[a].state, active[a].state) << "frame " << f.number;
      EXPECT_EQ(f.layers[l].active[a].weight, active[a].weight) << "frame " << f.number;
      EXPECT_EQ(f.layers[l].active[a].normalized_time, active[a].normalized_time);
    }
    EXPECT_EQ(f.layers[l].transition.transition, m.transition(l).transition);
    EXPECT_EQ(f.layers[l].transition.to, m.transition(l).to);
    EXPECT_EQ(f.layers[l].transition.progress, m.transition(l).progress);
    EXPECT_EQ(f.layers[l].weight, m.layer_weight(l));
  }
  ASSERT_EQ(f.events.size(), m.events().size()) << "frame " << f.number;
  for (std::size_t e = 0; e < f.events.size(); ++e) {
    EXPECT_EQ(f.events[e].event, m.events()[e].event);
    EXPECT_EQ(f.events[e].state, m.events()[e].state);
  }
  EXPECT_EQ(f.root_motion.translation, m.root_motion().translation);
  if (first) return;
  EXPECT_FALSE(f.trace.empty());  // Idle's and the any-state transitions, at least.
  ASSERT_EQ(f.trace.size(), m.trace().size()) << "frame " << f.number;
  for (std::size_t e = 0; e < f.trace.size(); ++e) {
    const auto& want = m.trace()[e];
    EXPECT_EQ(f.trace[e].layer, want.layer);
    EXPECT_EQ(f.trace[e].transition, want.transition);
    EXPECT_EQ(f.trace[e].fired, want.fired);
    EXPECT_EQ(f.trace[e].reason, want.reason);
    const auto conditions = m.trace_conditions(want);
    ASSERT_EQ(static_cast<std::size_t>(f.trace[e].condition_count), conditions.size());
    for (std::size_t c = 0; c < conditions.size(); ++c) {
      const auto& got = f.conditions[static_cast<std::size_t>(f.trace[e].first_condition) + c];
      EXPECT_EQ(got.parameter, conditions[c].parameter);
      EXPECT_EQ(got.actual, conditions[c].actual);
      EXPECT_EQ(got.pass, conditions[c].pass);
    }
  }
}

TEST_F(LinkServerTest, AnnouncementIsPrivateWhileOpenAndGoneAfterClose) {
  open_server();
  const std::string path = server_->announce_path();
  EXPECT_EQ(path, (folder_ / (std::to_string(getpid()) + ".json")).string());
  struct stat st {};
  ASSERT_EQ(stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "{\"pid\": " + std::to_string(getpid()) +
                            ", \"port\": " + std::to_string(server_->port()) + ", \"token\": \"" +
                            server_->token() + "\", \"name\": \"test game\"}\n");
  EXPECT_EQ(server_->token().size(), 32u);
  EXPECT_NE(server_->port(), 0);
  server_->close();
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST_F(LinkServerTest, AnnouncesUnderXdgRuntimeDirByDefault) {
  const char* before = std::getenv("XDG_RUNTIME_DIR");
  const std::string saved = before != nullptr ? before : "";
  setenv("XDG_RUNTIME_DIR", folder_.c_str(), 1);
  LinkOptions options;
  Result<std::unique_ptr<LinkServer>> s = LinkServer::open(options);
  ASSERT_TRUE(s.ok()) << s.error().to_string();
  const std::filesystem::path expected =
      folder_ / "animscope" / (std::to_string(getpid()) + ".json");
  EXPECT_EQ(s.value()->announce_path(), expected.string());
  EXPECT_TRUE(std::filesystem::exists(expected));
  struct stat st {};
  ASSERT_EQ(stat((folder_ / "animscope").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  s.value()->close();
  EXPECT_FALSE(std::filesystem::exists(expected));
  unsetenv("XDG_RUNTIME_DIR");
  Result<std::unique_ptr<LinkServer>> none = LinkServer::open(options);
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().message.find("XDG_RUNTIME_DIR is not set"), std::string::npos);
  if (before != nullptr) setenv("XDG_RUNTIME_DIR", saved.c_str(), 1);
}

TEST_F(LinkServerTest, TokensDifferPerRunAndNamesAreEscaped) {
  LinkOptions options;
  options.announce_dir = folder_.string();
  options.name = "a \"quoted\"\\name";
  Result<std::unique_ptr<LinkServer>> a = LinkServer::open(options);
  ASSERT_TRUE(a.ok()) << a.error().to_string();
  std::ifstream in(a.value()->announce_path());
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("\"name\": \"a \\\"quoted\\\"\\\\name\""), std::string::npos)
      << text.str();
  const std::string first = a.value()->token();
  a.value()->close();
  Result<std::unique_ptr<LinkServer>> b = LinkServer::open(options);
  ASSERT_TRUE(b.ok());
  EXPECT_NE(b.value()->token(), first);
}

TEST_F(LinkServerTest, AnotherAddressThanLoopbackNeedsAToken) {
  LinkOptions options;
  options.announce = false;
  options.address = "0.0.0.0";
  Result<std::unique_ptr<LinkServer>> s = LinkServer::open(options);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("needs an explicit token"), std::string::npos);
  options.token = "secret";
  s = LinkServer::open(options);
  ASSERT_TRUE(s.ok()) << s.error().to_string();
  EXPECT_EQ(s.value()->token(), "secret");
}

// The file the game runs reaches the client in the welcome; open() refuses a path the tool could
// not use (relative, or over the cap).
TEST_F(LinkServerTest, TheContentPathReachesTheClient) {
  LinkOptions options;
  options.content = "/srv/games/wuson_locomotion.animpack";
  open_server(options);
  start_game();
  std::unique_ptr<LinkClient> c = attach();
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->welcome().version, 3u);
  EXPECT_EQ(c->welcome().content, "/srv/games/wuson_locomotion.animpack");
  EXPECT_EQ(c->welcome().name, "test game");

  LinkOptions relative;
  relative.announce = false;
  relative.content = "wuson.animpack";
  Result<std::unique_ptr<LinkServer>> r = LinkServer::open(relative);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("\"wuson.animpack\" is not an absolute path"),
            std::string::npos)
      << r.error().message;
  LinkOptions too_long;
  too_long.announce = false;
  too_long.content = "/" + std::string(kMaxPathBytes, 'x');
  r = LinkServer::open(too_long);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("longer than 4096 bytes"), std::string::npos)
      << r.error().message;
}

// A client of another protocol version is refused with both versions named, and logged.
TEST_F(LinkServerTest, AnotherProtocolVersionIsRefusedNamingBoth) {
  open_server();
  start_game();
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(server_->port());
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof(address)), 0);
  std::vector<uint8_t> hello;
  encode(Hello{kMagic, 2, server_->token(), "old tool"}, hello);
  ASSERT_EQ(::send(fd, hello.data(), hello.size(), MSG_NOSIGNAL),
            static_cast<ssize_t>(hello.size()));
  std::vector<uint8_t> reply(512);
  std::size_t got = 0;
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (std::chrono::steady_clock::now() < deadline) {
    const ssize_t n = ::recv(fd, reply.data() + got, reply.size() - got, MSG_DONTWAIT);
    if (n > 0) got += static_cast<std::size_t>(n);
    if (n == 0) break;  // The game closed after refusing.
    std::this_thread::sleep_for(2ms);
  }
  ::close(fd);
  ASSERT_GT(got, kHeaderBytes);
  Limits mine;
  mine.game_side = false;
  Result<Message> m = decode_message(Span<const uint8_t>(reply.data(), got), mine);
  ASSERT_TRUE(m.ok()) << m.error().to_string();
  const Refused* refused = std::get_if<Refused>(&m.value());
  ASSERT_NE(refused, nullptr);
  EXPECT_EQ(refused->reason, RefusalReason::kWrongVersion);
  EXPECT_EQ(refused->detail, "the game speaks version 3, not 2");
  EXPECT_TRUE(logged("protocol version 2"));
  expect_game_serves_again();
}

TEST_F(LinkServerTest, SigtermRemovesTheAnnouncement) {
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    LinkOptions options;
    options.announce_dir = folder_.string();
    Result<std::unique_ptr<LinkServer>> s = LinkServer::open(options);
    if (!s.ok()) _exit(3);
    if (!std::filesystem::exists(s.value()->announce_path())) _exit(4);
    raise(SIGTERM);
    _exit(5);  // Not reached: the default action ends the process.
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status)) << "exit status " << WEXITSTATUS(status);
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
  EXPECT_FALSE(std::filesystem::exists(folder_ / (std::to_string(child) + ".json")));
}

// The streamed frames equal an instance run alongside with the same inputs; a set from the
// client shows in the frame of the publish that applied it and moves the machine from the next
// update on.
TEST_F(LinkServerTest, FramesEqualTheInstanceAndSetsActFromTheNextPublish) {
  open_server();
  start_game();
  std::unique_ptr<LinkClient> c = attach();
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->welcome().name, "test game");
  EXPECT_EQ(c->welcome().pid, static_cast<uint32_t>(getpid()));
  Result<std::vector<CharacterSummary>> list = c->list();
  ASSERT_TRUE(list.ok()) << list.error().to_string();
  ASSERT_EQ(list.value().size(), 2u);
  EXPECT_EQ(list.value()[0].name, "c0");
  EXPECT_EQ(list.value()[0].state, "Idle");
  EXPECT_EQ(list.value()[0].parameters, 3u);
  EXPECT_EQ(list.value()[0].layers, 2u);
  EXPECT_EQ(list.value()[1].name, "c1");
  Result<Watching> w = c->watch(0);
  ASSERT_TRUE(w.ok()) << w.error().to_string();
  EXPECT_EQ(w.value().name, "c0");
  ASSERT_EQ(w.value().layers.size(), 2u);
  EXPECT_EQ(w.value().layers[0].states, (std::vector<std::string>{"Idle", "Walk", "Run"}));
  EXPECT_EQ(w.value().layers[1].name, "upper");
  EXPECT_EQ(w.value().parameters[2].type, ParameterType::kVector3);

  StateMachineInstance reference(lm_.def, lm_.skeleton, lm_.clips);
  reference.set_trace(true);
  uint64_t updates = 0;
  uint64_t last = 0;
  uint64_t set_at = 0;
  bool sent = false;
  int walking_after_set = 0;
  for (int i = 0; i < 120; ++i) {
    Result<Frame> f = c->next_frame();
    ASSERT_TRUE(f.ok()) << f.error().to_string();
    ASSERT_GT(f.value().number, last);  // In order, none twice.
    last = f.value().number;
    EXPECT_EQ(f.value().character, 0u);
    while (updates < f.value().number) {
      reference.update(kDt);
      ++updates;
    }
    if (sent && set_at == 0 && f.value().parameters[0].value == 1.0f) {
      set_at = f.value().number;  // The publish that applied the set.
      reference.set_value(0, 1.0f);
    }
    expect_frame_is(f.value(), reference, i == 0);
    if (set_at != 0 && f.value().number > set_at && reference.current_state() == 1)
      ++walking_after_set;
    if (i == 30) {
      ASSERT_TRUE(c->set_value(0, 1.0f).ok());
      sent = true;
    }
  }
  ASSERT_NE(set_at, 0u) << "the set never showed";
  // The trace was on while watched (the frames carried it), and is off once the tool left.
  c->close();
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (server_->client_attached() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(1ms);
  EXPECT_FALSE(server_->client_attached());
  wait_frames(2);
  stop_game();
  EXPECT_FALSE(machine_->tracing());
  EXPECT_FALSE(other_->tracing());  // Never watched.
  EXPECT_GT(walking_after_set, 10);
}

TEST_F(LinkServerTest, TriggerVectorPauseAndStep) {
  open_server();
  start_game();
  std::unique_ptr<LinkClient> c = attach();
  ASSERT_NE(c, nullptr);
  ASSERT_TRUE(c->list().ok());
  ASSERT_TRUE(c->watch(0).ok());
  ASSERT_TRUE(c->set_vector(2, glm::vec3(1.0f, 2.0f, 3.0f)).ok());
  ASSERT_TRUE(c->set_value(0, 1.0f).ok());
  // Walking after a while.
  Frame f;
  for (int i = 0; i < 400; ++i) {
    Result<Frame> r = c->next_frame();
    ASSERT_TRUE(r.ok());
    f = r.value();
    if (f.layers[0].active.size() == 1 && f.layers[0].active[0].state == 1) break;
  }
  ASSERT_EQ(f.layers[0].active[0].state, 1);
  EXPECT_EQ(f.parameters[2].vector, glm::vec3(1.0f, 2.0f, 3.0f));

  // Pause: every frame from the one that applied it shows the same time.
  ASSERT_TRUE(c->pause(true).ok());
  Frame first_paused;
  for (int i = 0; i < 400; ++i) {
    Result<Frame> r = c->next_frame();
    ASSERT_TRUE(r.ok());
    if (r.value().paused) {
      first_paused = r.value();
      break;
    }
  }
  ASSERT_TRUE(first_paused.paused);
  for (int i = 0; i < 20; ++i) {
    Result<Frame> r = c->next_frame();
    ASSERT_TRUE(r.ok());
    ASSERT_TRUE(r.value().paused);
    EXPECT_EQ(r.value().layers[0].active[0].normalized_time,
              first_paused.layers[0].active[0].normalized_time);
  }
  // A step of 3 lets exactly three updates through: the time moves by 3 dt (the clip is 1 s).
  ASSERT_TRUE(c->step(3).ok());
  const float before = first_paused.layers[0].active[0].normalized_time;
  float after = before;
  for (int i = 0; i < 60; ++i) {
    Result<Frame> r = c->next_frame();
    ASSERT_TRUE(r.ok());
    after = r.value().layers[0].active[0].normalized_time;
  }
  float expected = before + 3 * kDt;
  expected -= std::floor(expected);
  EXPECT_NEAR(after, expected, 1e-5f);

  // The trigger, while running again, takes it back to Idle.
  ASSERT_TRUE(c->pause(false).ok());
  ASSERT_TRUE(c->set_value(0, 0.0f).ok());
  ASSERT_TRUE(c->fire_trigger(1).ok());
  bool idle = false;
  for (int i = 0; i < 400 && !idle; ++i) {
    Result<Frame> r = c->next_frame();
    ASSERT_TRUE(r.ok());
    idle = !r.value().paused && r.value().layers[0].transition.to == 0;
  }
  EXPECT_TRUE(idle);
}

TEST_F(LinkServerTest, ApplySwapsASetupOrReportsWhyNot) {
  open_server();
  // The game's callback: "bad" is refused; anything else becomes a def with a fourth state, the
  // character continues from the old instance and is watched again.
  std::deque<StateMachineDef> defs;
  std::unique_ptr<StateMachineInstance> replaced;
  server_->on_apply([&](Span<const uint8_t> bytes) -> std::string {
    const std::string text(bytes.begin(), bytes.end());
    if (text == "bad") return "/states/0/clip: no clip named bad";
    defs.push_back(lm_.def);
    defs.back().states.push_back(testutil::ClipState(text, 2));
    auto next = std::make_unique<StateMachineInstance>(defs.back(), lm_.skeleton, lm_.clips);
    next->continue_from(*machine_);
    server_->watch("c0", *next);
    replaced = std::move(machine_);  // Kept alive: the game thread may still read it this frame.
    machine_ = std::move(next);
    return "";
  });
  start_game();
  std::unique_ptr<LinkClient> c = attach();
  ASSERT_NE(c, nullptr);
  ASSERT_TRUE(c->list().ok());
  ASSERT_TRUE(c->watch(0).ok());
  ASSERT_TRUE(c->set_value(0, 1.0f).ok());
  for (int i = 0; i < 100; ++i) ASSERT_TRUE(c->next_frame().ok());

  const std::string bad = "bad";
  Result<std::string> refused =
      c->apply(Span<const uint8_t>(reinterpret_cast<const uint8_t*>(bad.data()), bad.size()));
  ASSERT_TRUE(refused.ok()) << refused.error().to_string();
  EXPECT_EQ(refused.value(), "/states/0/clip: no clip named bad");
  EXPECT_EQ(c->watching().layers[0].states.size(), 3u);

  const std::string good = "Sprint";
  Result<std::string> accepted =
      c->apply(Span<const uint8_t>(reinterpret_cast<const uint8_t*>(good.data()), good.size()));
  ASSERT_TRUE(accepted.ok()) << accepted.error().to_string();
  EXPECT_EQ(accepted.value(), "");
  // The next frames describe the new def and keep the state the character was in (Walk).
  for (int i = 0; i < 20; ++i) {
    Result<Frame> f = c->next_frame();
    ASSERT_TRUE(f.ok()) << f.error().to_string();
  }
  ASSERT_EQ(c->watching().layers[0].states.size(), 4u);
  EXPECT_EQ(c->watching().layers[0].states[3], "Sprint");
  Result<Frame> f = c->next_frame();
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(f.value().layers[0].active.back().state, 1);
  EXPECT_EQ(f.value().parameters[0].value, 1.0f);
  stop_game();  // Before `defs` and `replaced` go.
}

// The game replaces the watched character's instance by one of another def (a fourth
// parameter) while frames of the old one are still on their way, and the client reads them all
// while it waits for a list: every frame then comes back only against the description it was
// computed with; the old ones, queued behind the new description, are dropped and counted.
TEST_F(LinkServerTest, FramesOfAReplacedDescriptionAreDroppedNotMisread) {
  open_server();
  StateMachineDef wider = lm_.def;
  wider.parameters.push_back(testutil::Parameter("lean", ParameterType::kFloat));
  std::unique_ptr<StateMachineInstance> replaced;
  std::atomic<bool> swap{false}, swapped{false};
  game_ = std::thread([&] {
    while (!stop_.load()) {
      if (swap.load() && !swapped.load()) {
        auto next = std::make_unique<StateMachineInstance>(wider, lm_.skeleton, lm_.clips);
        next->continue_from(*machine_);
        server_->watch("c0", *next);
        replaced = std::move(machine_);
        machine_ = std::move(next);
        swapped.store(true);
      }
      machine_->update(kDt);
      server_->publish();
      published_.fetch_add(1);
      std::this_thread::sleep_for(1ms);
    }
  });
  std::unique_ptr<LinkClient> c = attach();
  ASSERT_NE(c, nullptr);
  ASSERT_TRUE(c->list().ok());
  Result<Watching> w = c->watch(0);
  ASSERT_TRUE(w.ok()) << w.error().to_string();
  const uint32_t first_setup = w.value().setup;
  EXPECT_NE(first_setup, 0u);
  wait_frames(20);  // Old frames wait unread on the socket...
  swap.store(true);
  while (!swapped.load()) std::this_thread::sleep_for(1ms);
  wait_frames(20);  // ... then the new description and frames of the new def.
  ASSERT_TRUE(c->list().ok());  // Reads all of them while it waits for the list.
  ASSERT_EQ(c->watching().parameters.size(), 4u);
  const uint32_t second_setup = c->watching().setup;
  EXPECT_GT(second_setup, first_setup);
  for (int i = 0; i < 10; ++i) {
    Result<Frame> f = c->next_frame();
    ASSERT_TRUE(f.ok()) << f.error().to_string();
    EXPECT_EQ(f.value().setup, second_setup);
    EXPECT_EQ(f.value().parameters.size(), 4u);
  }
  EXPECT_GE(c->stale_frames(), 10u);
  stop_game();  // Before `replaced` goes.
}

TEST_F(LinkServerTest, WrongTokenIsRefusedAndLogged) {
  open_server();
  start_game();
  Result<std::unique_ptr<LinkClient>> c = LinkClient::connect(server_->port(), "not the token");
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.error().message.find("wrong token"), std::string::npos) << c.error().message;
  EXPECT_TRUE(logged("wrong token"));
  expect_game_serves_again();
}

TEST_F(LinkServerTest, ASecondClientIsToldWhoHoldsTheLink) {
  open_server();
  start_game();
  std::unique_ptr<LinkClient> first = attach("first tool");
  ASSERT_NE(first, nullptr);
  ASSERT_TRUE(first->list().ok());
  Result<std::unique_ptr<LinkClient>> second =
      LinkClient::connect(server_->port(), server_->token());
  ASSERT_FALSE(second.ok());
  EXPECT_NE(second.error().message.find("held by first tool (127.0.0.1:"), std::string::npos)
      << second.error().message;
  EXPECT_TRUE(logged("held by first tool"));
  // The first keeps its link.
  ASSERT_TRUE(first->watch(1).ok());
  ASSERT_TRUE(first->next_frame().ok());
  first->close();
  EXPECT_TRUE(logged("detached: first tool"));
  expect_game_serves_again();
}

// A raw connection that says hello properly, then misbehaves.
class RawPeer {
 public:
  RawPeer(uint16_t port, const std::string& token) {
    Result<std::unique_ptr<LinkClient>> c = LinkClient::connect(port, token);
    EXPECT_TRUE(c.ok());
    if (c.ok()) client_ = std::move(c.value());
  }
  LinkClient& client() { return *client_; }

 private:
  std::unique_ptr<LinkClient> client_;
};

TEST_F(LinkServerTest, AnOversizedMessageClosesTheConnection) {
  open_server();
  start_game();
  RawPeer peer(server_->port(), server_->token());
  uint8_t head[kHeaderBytes] = {};
  const uint32_t length = kMaxMessageBytes + 1;
  std::memcpy(head, &length, 4);
  head[4] = static_cast<uint8_t>(MessageType::kApplySetup);
  ASSERT_TRUE(peer.client().send_raw(Span<const uint8_t>(head, sizeof(head))).ok());
  EXPECT_TRUE(logged("over the limit"));
  // The game said why and closed: what the client reads next is the refusal, then nothing.
  Result<std::vector<CharacterSummary>> list = peer.client().list();
  ASSERT_FALSE(list.ok());
  EXPECT_NE(list.error().message.find("malformed"), std::string::npos) << list.error().message;
  expect_game_serves_again();
}

TEST_F(LinkServerTest, AClientVanishingMidMessageIsLoggedOnce) {
  open_server();
  start_game();
  {
    RawPeer peer(server_->port(), server_->token());
    std::vector<uint8_t> message;
    encode(ApplySetup{std::vector<uint8_t>(1000, 'x')}, message);
    message.resize(200);  // Truncated: 200 of 1006 bytes, then gone.
    ASSERT_TRUE(peer.client().send_raw(Span<const uint8_t>(message.data(), message.size())).ok());
  }
  EXPECT_TRUE(logged("went away mid-message"));
  const std::size_t lines = log_lines();
  expect_game_serves_again();
  // One line for the vanished client, then the good one's "attached".
  std::lock_guard<std::mutex> lock(log_mutex_);
  std::size_t mid = 0;
  for (const std::string& line : log_) mid += line.find("mid-message") != std::string::npos;
  EXPECT_EQ(mid, 1u);
  EXPECT_GE(log_.size(), lines);
}

TEST_F(LinkServerTest, RandomBytesCloseTheConnectionAndTheGameGoesOn) {
  open_server();
  start_game();
  std::mt19937 rng(2929);
  for (int round = 0; round < 5; ++round) {
    RawPeer peer(server_->port(), server_->token());
    std::vector<uint8_t> noise(4096);
    for (uint8_t& b : noise) b = static_cast<uint8_t>(rng());
    (void)peer.client().send_raw(Span<const uint8_t>(noise.data(), noise.size()));
    Result<std::vector<CharacterSummary>> list = peer.client().list();
    EXPECT_FALSE(list.ok());
  }
  EXPECT_TRUE(logged("dropped"));
  expect_game_serves_again();
}

TEST_F(LinkServerTest, WithoutAClientPublishDoesNothing) {
  open_server();
  machine_->set_value(0, 0.0f);
  for (int i = 0; i < 100; ++i) server_->publish();
  EXPECT_FALSE(server_->client_attached());
  EXPECT_EQ(server_->frames_dropped(), 0u);
}

}  // namespace
}  // namespace anim::link
