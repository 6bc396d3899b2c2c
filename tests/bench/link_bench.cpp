// What the game link (anim_link) costs a game: 1000 Wuson characters running
// projects/wuson_locomotion.json (update, SoA pose, model space, palette), each steering its own
// `speed`, then LinkServer::publish() once per frame. BM_LinkCrowdBaseline: no link at all;
// BM_LinkPublishNoClient: a link open, nobody attached (publish() is one atomic load);
// BM_LinkPublish: a client on another thread watching one character (its frame encoded into the
// ring and sent by the link's thread). Issue 29 asks BM_LinkPublish to stay within 5% of the
// baseline.
#include <benchmark/benchmark.h>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <random>
#include <thread>

#include "anim/link/link_client.h"
#include "anim/link/link_server.h"
#include "anim/setup/setup.h"
#include "anim/state_machine.h"
#include "crowd.h"

namespace anim::bench {
namespace {

const StateMachineDef& link_locomotion() {
  static const StateMachineDef def = [] {
    Result<setup::Setup> setup =
        setup::load_setup(ANIMSCOPE_SOURCE_DIR "/projects/wuson_locomotion.json");
    if (!setup.ok()) std::abort();
    Result<StateMachineDef> compiled = compile_setup(setup.value(), wuson().clips);
    if (!compiled.ok()) std::abort();
    return std::move(compiled).value();
  }();
  return def;
}

struct Character {
  std::unique_ptr<StateMachineInstance> machine;
  float clock = 0.0f;
  float frequency = 0.0f;
  std::vector<glm::mat4> palette;
};

enum class Link { kNone, kNoClient, kWatched };

void run(benchmark::State& state, Link link) {
  const Model& model = wuson();
  const StateMachineDef& def = link_locomotion();
  const int speed = def.find_parameter("speed");
  if (speed < 0) std::abort();
  std::vector<Character> crowd(static_cast<std::size_t>(state.range(0)));
  CrowdBuffers shared(model, def);
  std::mt19937 rng(29);
  std::uniform_real_distribution<float> start(0.0f, 20.0f), frequency(0.3f, 0.9f);
  for (Character& c : crowd) {
    c.machine =
        std::make_unique<StateMachineInstance>(def, model.skeleton, model.clips, shared.rest);
    c.clock = start(rng);
    c.frequency = frequency(rng);
    c.palette.resize(model.skin.size());
  }
  std::unique_ptr<link::LinkServer> server;
  if (link != Link::kNone) {
    link::LinkOptions options;
    options.announce = false;
    options.log = [](const std::string&) {};
    Result<std::unique_ptr<link::LinkServer>> s = link::LinkServer::open(options);
    if (!s.ok()) std::abort();
    server = std::move(s.value());
    for (std::size_t i = 0; i < crowd.size(); ++i)
      server->watch("c" + std::to_string(i), *crowd[i].machine);
  }
  // The tool: watches character 0 and reads its frames until the game closes the link.
  std::atomic<bool> watching{false};
  std::atomic<uint64_t> received{0};
  std::thread tool;
  if (link == Link::kWatched) {
    tool = std::thread([&] {
      Result<std::unique_ptr<link::LinkClient>> c =
          link::LinkClient::connect(server->port(), server->token());
      if (!c.ok() || !c.value()->list().ok() || !c.value()->watch(0).ok()) std::abort();
      watching.store(true);
      while (c.value()->next_frame().ok()) received.fetch_add(1);
    });
    // Publish until the tool watches (its list and watch are answered at publish()).
    while (!watching.load()) {
      server->publish();
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
  auto frame = [&] {
    for (Character& c : crowd) {
      c.clock += kFrame;
      c.machine->set_value(speed, 0.4f + 0.6f * std::sin(c.clock * c.frequency));
      c.machine->update(kFrame);
      shared.pose_to_palette(model, *c.machine, c.palette);
      benchmark::DoNotOptimize(c.palette.data());
    }
    if (server) server->publish();
    benchmark::ClobberMemory();
  };
  for (int i = 0; i < 60; ++i) frame();
  for (auto _ : state) frame();
  using C = benchmark::Counter;
  state.counters["per_character"] =
      C(static_cast<double>(crowd.size()), C::kIsIterationInvariantRate | C::kInvert);
  if (server) {
    state.counters["frames_dropped"] = static_cast<double>(server->frames_dropped());
    server->close();
  }
  if (tool.joinable()) tool.join();
  if (link == Link::kWatched) state.counters["frames_received"] = static_cast<double>(received);
}

void BM_LinkCrowdBaseline(benchmark::State& state) { run(state, Link::kNone); }
void BM_LinkPublishNoClient(benchmark::State& state) { run(state, Link::kNoClient); }
void BM_LinkPublish(benchmark::State& state) { run(state, Link::kWatched); }

BENCHMARK(BM_LinkCrowdBaseline)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LinkPublishNoClient)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LinkPublish)->Arg(1000)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace
}  // namespace anim::bench
