// game_loop PACKAGE.animpack [CHARACTERS] [FRAMES] [--threads N] [--link [--fps F]
// [--wait-client]]: what a game does with a baked package. It links animscope::core alone (no
// assimp, no JSON), reads the file itself, and runs a crowd of characters (1000 by default) for 600
// frames at 60 Hz, each with its own state machine, its speed parameter drifting the way a player's
// input would, each moved by its root motion (when the package has it); then it prints the
// milliseconds a frame took for all of them (state machine, root motion, pose, model space and
// skinning palette) and how far character 0 travelled. The pose stays in SoA form from the state
// machine to the palette: no per-joint conversion between. With --threads N, N threads share each
// frame's crowd, taking characters in chunks: nothing in anim_core is shared and written between
// characters, so no locks are needed (each thread has its own scratch buffers).
//
// With --link (built when animscope::link and animscope::setup are installed): the game opens a
// LinkServer on the loopback interface, announced as "game_loop", registers its characters as c0,
// c1, ..., publishes every frame (after the updates, before the poses), runs in real time (--fps,
// 60 by default) so that `animscope attach` can join it, tells the tool the package's absolute path
// (the tool opens it to show the characters), and swaps in the setups the tool sends
// (compiled against the package's clips; each character continues from where it was). With
// --wait-client it holds its characters still until the tool watches one, so that what the tool
// sees starts at the first frame.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "anim/package.h"
#include "anim/skinning_palette.h"
#include "anim/soa_local_to_model.h"
#include "anim/soa_pose.h"
#include "anim/state_machine.h"
#include "anim/state_machine_scratch.h"
#if ANIM_GAME_LOOP_LINK
#include "anim/link/link_server.h"
#include "game_link.h"
#endif

namespace {

constexpr std::size_t kChunk = 64;  // Characters a thread takes at a time.

// What a character keeps between frames: its machine (times, weights, sampling cursors), its
// palette for the renderer, and where it is.
struct Character {
  std::unique_ptr<anim::StateMachineInstance> machine;
  std::vector<glm::mat4> palette;
  float clock = 0.0f;
  float pace = 0.0f;  // How fast this one changes its mind, radians per second.
  // Where root motion has taken it: position and heading in the world.
  glm::vec3 position{0.0f};
  glm::quat heading{1.0f, 0.0f, 0.0f, 0.0f};
  float travelled = 0.0f;  // Length of its path.
};

// What one frame of a character writes and then drops, one per thread: the state machine's pose
// buffers, the local pose (structure-of-arrays: what SoaLocalToModelJob reads) and the model-space
// matrices. Shared by every character the thread runs, so they stay in its cache.
struct Workspace {
  Workspace(const anim::StateMachineDef& def, const anim::Package& package)
      : scratch(def, package.skeleton.joint_count()),
        pose(anim::make_soa_pose(package.skeleton.joint_count())),
        model_space(package.skeleton.joint_count()) {}
  anim::StateMachineScratch scratch;
  anim::SoaPose pose;
  std::vector<glm::mat4> model_space;
};

// The first half of one character's frame: input, state machine, root motion.
void advance(Character& c, int speed, float dt) {
  c.clock += dt;
  // Stand, walk and run in turn: a slow wave crossing the machine's thresholds.
  if (speed >= 0) c.machine->set_value(speed, 0.5f + 0.6f * std::sin(c.pace * c.clock));
  const anim::RootMotion move = c.machine->update(dt);
  const glm::vec3 step_taken = c.heading * move.translation;
  c.position += step_taken;
  c.travelled += glm::length(step_taken);
  c.heading = glm::normalize(c.heading * move.rotation);
}

// The second half: pose, model space, palette. False when the poses do not fit the skeleton.
// load_package checked the package, so these hold; a job refuses only inputs that do not fit
// together (a pose of the wrong size, say).
bool pose(Character& c, Workspace& w, const anim::Package& package) {
  if (!c.machine->evaluate_soa(w.pose, w.scratch)) return false;
  anim::SkinningPaletteJob palette;
  palette.joints = package.skin.joints;
  palette.inverse_bind = package.skin.inverse_bind;
  palette.output = c.palette;
  if (c.machine->def().has_ik()) {
    // The IK pass left the corrected pose's model space in the scratch: no second pass.
    palette.model = w.scratch.model();
    return palette.run();
  }
  anim::SoaLocalToModelJob to_model;
  to_model.parents = package.skeleton.parents;
  to_model.local = w.pose;
  to_model.output = w.model_space;
  palette.model = w.model_space;
  return to_model.run() && palette.run();
}

// The command line: the package, how many characters for how many frames, on how many threads.
struct Options {
  std::string path;
  int characters = 1000;
  int frames = 600;
  int threads = 1;
  bool link = false;         // --link: announce the game to the tool.
  double fps = 0.0;          // Frames per second of real time; 0: as fast as it can.
  bool wait_client = false;  // --wait-client: hold still until the tool watches a character.
};

constexpr const char* kUsage =
    "usage: game_loop PACKAGE.animpack [CHARACTERS] [FRAMES] [--threads N] [--link [--fps F] "
    "[--wait-client]]\n";

// False (with the usage printed) for a command line without a package or with a bad --threads.
bool parse_options(int argc, char** argv, Options& options) {
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--threads" && i + 1 < argc) {
      options.threads = std::atoi(argv[++i]);
    } else if (arg == "--fps" && i + 1 < argc) {
      options.fps = std::atof(argv[++i]);
      if (!(options.fps > 0.0 && options.fps <= 10000.0)) {
        std::fprintf(stderr, "game_loop: --fps needs a rate above 0\n%s", kUsage);
        return false;
      }
    } else if (arg == "--link") {
      options.link = true;
    } else if (arg == "--wait-client") {
      options.wait_client = true;
    } else {
      positional.push_back(arg);
    }
  }
  if (positional.empty() || options.threads < 1 || options.threads > 256) {
    std::fputs(kUsage, stderr);
    return false;
  }
#if !ANIM_GAME_LOOP_LINK
  if (options.link) {
    std::fprintf(stderr, "game_loop: built without animscope::link: --link is not available\n");
    return false;
  }
#endif
  if (options.wait_client && !options.link) {
    std::fprintf(stderr, "game_loop: --wait-client needs --link\n");
    return false;
  }
  if (options.link && options.fps == 0.0) options.fps = 60.0;
  options.path = positional[0];
  if (positional.size() > 1) options.characters = std::max(1, std::atoi(positional[1].c_str()));
  if (positional.size() > 2) options.frames = std::atoi(positional[2].c_str());
  return true;
}

// The package at `path`, read whole and loaded; nothing (with the problem printed) when it cannot
// be read, is not a package, or has no state machine to run.
std::optional<anim::Package> read_package(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(file)),
                                   std::istreambuf_iterator<char>());
  if (!file.good() && !file.eof()) {
    std::fprintf(stderr, "game_loop: cannot read %s\n", path.c_str());
    return std::nullopt;
  }
  anim::Result<anim::Package> loaded =
      anim::load_package(anim::Span<const uint8_t>(bytes.data(), bytes.size()));
  if (!loaded.ok()) {
    std::fprintf(stderr, "game_loop: %s: %s\n", path.c_str(), loaded.error().to_string().c_str());
    return std::nullopt;
  }
  if (!loaded.value().has_state_machine) {
    std::fprintf(stderr, "game_loop: %s has no state machine (pack a setup)\n", path.c_str());
    return std::nullopt;
  }
  return std::move(loaded).value();
}

// A character's machine running `def` on the package's clips and their root motion. `rest` (the
// skeleton's rest pose in SoA form) is shared by all and must outlive them, as must `def`.
std::unique_ptr<anim::StateMachineInstance> make_machine(const anim::StateMachineDef& def,
                                                         const anim::Package& package,
                                                         const anim::SoaPose& rest) {
  return std::make_unique<anim::StateMachineInstance>(
      def, package.skeleton, anim::ClipSet(package.clips).with_root_motion(package.root_motion),
      rest);
}

// `count` characters, each with its own state machine, starting at different moments of their
// input wave.
std::vector<Character> make_crowd(const anim::Package& package, int count,
                                  const anim::SoaPose& rest) {
  std::vector<Character> crowd(static_cast<std::size_t>(count));
  for (std::size_t i = 0; i < crowd.size(); ++i) {
    Character& c = crowd[i];
    c.machine = make_machine(package.state_machine, package, rest);
    c.palette.resize(package.skin.size());
    c.clock = 0.37f * static_cast<float>(i);
    c.pace = 0.3f + 0.6f * static_cast<float>(i % 7) / 6.0f;
  }
  return crowd;
}

// `work(character, workspace)` for the whole crowd, in chunks of kChunk characters that one
// thread per workspace takes in turn (this one is the first), so a thread whose characters cost
// less this frame takes more of them. False when `work` returned false for any.
template <typename Work>
bool for_crowd(std::vector<Character>& crowd, std::vector<Workspace>& workspaces, Work work) {
  std::vector<std::thread> workers;
  std::vector<char> ok(workspaces.size(), 1);
  std::atomic<std::size_t> next_chunk{0};
  const auto run_part = [&](std::size_t part) {
    for (;;) {
      const std::size_t begin = kChunk * next_chunk.fetch_add(1, std::memory_order_relaxed);
      if (begin >= crowd.size()) break;
      const std::size_t end = std::min(crowd.size(), begin + kChunk);
      for (std::size_t i = begin; i < end; ++i) {
        if (!work(crowd[i], workspaces[part])) ok[part] = 0;
      }
    }
  };
  for (std::size_t part = 1; part < workspaces.size(); ++part) workers.emplace_back(run_part, part);
  run_part(0);
  for (std::thread& w : workers) w.join();
  return std::all_of(ok.begin(), ok.end(), [](char good) { return good != 0; });
}

#if ANIM_GAME_LOOP_LINK
// The game's side of the link: the server, the defs of the setups the tool sent (kept while a
// character may run one), and what a swap rebuilds.
struct Link {
  std::unique_ptr<anim::link::LinkServer> server;
  std::vector<std::unique_ptr<anim::StateMachineDef>> applied;
};

// Opens the link and registers the crowd; a setup from the tool replaces every character's
// machine with one on the new def that continues from the old, and the workspaces and the
// speed parameter with the def's. Nothing (with the problem printed) when it cannot open.
std::unique_ptr<Link> open_link(const std::string& path, const anim::Package& package,
                                const anim::SoaPose& rest, std::vector<Character>& crowd,
                                std::vector<Workspace>& workspaces, int& speed) {
  anim::link::LinkOptions options;
  options.name = "game_loop";
  // The package, so that the tool attaching opens it to show the characters.
  std::error_code error;
  const std::filesystem::path absolute = std::filesystem::absolute(path, error);
  if (!error) options.content = absolute.lexically_normal().string();
  anim::Result<std::unique_ptr<anim::link::LinkServer>> opened =
      anim::link::LinkServer::open(options);
  if (!opened.ok()) {
    std::fprintf(stderr, "game_loop: cannot open the link: %s\n",
                 opened.error().to_string().c_str());
    return nullptr;
  }
  auto link = std::make_unique<Link>();
  link->server = std::move(opened).value();
  for (std::size_t i = 0; i < crowd.size(); ++i)
    link->server->watch(game_loop::character_name(i), *crowd[i].machine);
  anim::link::LinkServer& server = *link->server;
  std::vector<std::unique_ptr<anim::StateMachineDef>>& applied = link->applied;
  server.on_apply([&package, &rest, &crowd, &workspaces, &speed, &server,
                   &applied](anim::Span<const uint8_t> bytes) -> std::string {
    anim::Result<anim::StateMachineDef> def = game_loop::compile_setup_bytes(bytes, package);
    if (!def.ok()) return def.error().to_string();
    applied.push_back(std::make_unique<anim::StateMachineDef>(std::move(def).value()));
    const anim::StateMachineDef& next = *applied.back();
    for (std::size_t i = 0; i < crowd.size(); ++i) {
      std::unique_ptr<anim::StateMachineInstance> machine = make_machine(next, package, rest);
      machine->continue_from(*crowd[i].machine);
      server.watch(game_loop::character_name(i), *machine);
      crowd[i].machine = std::move(machine);
    }
    const std::size_t threads = workspaces.size();
    workspaces.clear();
    for (std::size_t t = 0; t < threads; ++t) workspaces.emplace_back(next, package);
    speed = next.find_parameter("speed");
    std::printf("game_loop: swapped in the tool's setup (%zu states)\n", next.states.size());
    std::fflush(stdout);
    return "";
  });
  std::printf("game_loop: link open on 127.0.0.1:%u (%s)\n", server.port(),
              server.announce_path().c_str());
  std::fflush(stdout);
  return link;
}

// Publishes, without running the characters, until the tool watches one of them (the link
// traces the character it watches).
void wait_for_watch(anim::link::LinkServer& server, const std::vector<Character>& crowd) {
  for (;;) {
    server.publish();
    for (const Character& c : crowd)
      if (c.machine->tracing()) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}
#endif

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!parse_options(argc, argv, options)) return 2;
  const std::optional<anim::Package> loaded = read_package(options.path);
  if (!loaded) return 2;
  const anim::Package& package = *loaded;
  int speed = package.state_machine.find_parameter("speed");

  anim::SoaPose rest = anim::make_soa_pose(package.skeleton.joint_count());
  anim::to_soa(package.skeleton.rest, rest);
  std::vector<Character> crowd = make_crowd(package, options.characters, rest);
  std::vector<Workspace> workspaces;
  for (int t = 0; t < options.threads; ++t) workspaces.emplace_back(package.state_machine, package);
#if ANIM_GAME_LOOP_LINK
  std::unique_ptr<Link> link;
  if (options.link) {
    link = open_link(options.path, package, rest, crowd, workspaces, speed);
    if (!link) return 1;
    if (options.wait_client) wait_for_watch(*link->server, crowd);
  }
#endif

  const float dt = 1.0f / 60.0f;
  double total_ms = 0.0;
  float checksum = 0.0f;
  const auto began = std::chrono::steady_clock::now();
  for (int f = 0; f < options.frames; ++f) {
    if (options.fps > 0.0) {
      std::this_thread::sleep_until(began + std::chrono::duration_cast<std::chrono::nanoseconds>(
                                                std::chrono::duration<double>(f / options.fps)));
    }
    const auto start = std::chrono::steady_clock::now();
    const auto advance_one = [speed, dt](Character& c, Workspace&) {
      advance(c, speed, dt);
      return true;
    };
    const auto pose_one = [&package](Character& c, Workspace& w) { return pose(c, w, package); };
    bool ok = true;
    if (options.link) {
      // The tool sees (and may pause, set or swap) the characters between update and pose.
      for_crowd(crowd, workspaces, advance_one);
#if ANIM_GAME_LOOP_LINK
      link->server->publish();
#endif
      ok = for_crowd(crowd, workspaces, pose_one);
    } else {
      ok = for_crowd(crowd, workspaces, [&](Character& c, Workspace& w) {
        return advance_one(c, w) && pose_one(c, w);
      });
    }
    if (!ok) {
      std::fprintf(stderr, "game_loop: the poses do not fit %s's skeleton\n", options.path.c_str());
      return 1;
    }
    total_ms +=
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (!crowd[0].palette.empty()) checksum += crowd[0].palette[0][3][0];
  }
  const int frames = std::max(1, options.frames);
  const int threads = options.threads;
  std::printf("%zu characters, %d frames, %d thread%s: %.3f ms per frame (%.2f us per character)\n",
              crowd.size(), options.frames, threads, threads == 1 ? "" : "s", total_ms / frames,
              1000.0 * total_ms / frames / crowd.size());
  std::printf("character 0 travelled %.3f along its path and stands %.3f from where it started\n",
              crowd[0].travelled, glm::length(crowd[0].position));
  const anim::StateMachineDef& def = crowd[0].machine->def();
  std::printf("current state of character 0: %s (checksum %.3f)\n",
              def.states[crowd[0].machine->current_state()].name.c_str(), checksum);
  return std::isfinite(checksum) ? 0 : 1;
}
