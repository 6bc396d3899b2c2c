#pragma once
// The tool attached to a running game (issue 29): a LinkClient that lives on a worker thread of
// its own, so that nothing the network does (connecting, waiting for a frame, a game that stopped
// answering) ever blocks the UI frame. The UI thread asks (connect, list, watch, set, trigger,
// apply: each returns at once) and, once per frame, reads what came back: status() and
// take_frames(). It produces data only: the Document stays the single writer, and the panels
// submit what the game's frames say as commands (Document::follow_game_frame).
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/link/protocol.h"

namespace anim::ui {

class AttachSession {
 public:
  struct Target {
    std::string host = "127.0.0.1";
    uint16_t port = 0;
    std::string token;
    std::string name;  // What the tool calls the game until its welcome says ("game_loop").
  };
  enum class Phase {
    kDetached,    // Nothing asked, or detach()ed.
    kConnecting,  // connect() asked; the worker connects.
    kAttached,    // Connected: characters() lists the game's characters.
    kWatching,    // A character is watched: its frames arrive.
    kFailed,      // The connection failed or was refused (message() says why).
    kLost,        // The game went away or stopped answering while attached.
  };
  // What the worker knows, copied for the UI thread.
  struct Snapshot {
    Phase phase = Phase::kDetached;
    std::string message;  // For the status line: "attached to game_loop (pid 4242)", ...
    std::string game;
    uint32_t pid = 0;
    // The package or setup file the game says it runs (an absolute path on its machine), or "".
    std::string content;
    std::vector<link::CharacterSummary> characters;
    int lists = 0;          // Character lists received so far (a new one replaces the last).
    link::Watching watching;  // The watched character's description (setup grows per change).
    int applies_answered = 0;  // Apply answers received so far...
    bool apply_pending = false;
    std::string apply_error;  // ... and the last one's refusal, empty when the game took it.
    uint64_t frames_dropped = 0;  // Frames the UI did not take in time (kMaxPendingFrames).
  };
  // Frames kept for take_frames(); older ones are dropped when the UI falls behind.
  static constexpr std::size_t kMaxPendingFrames = 1024;

  // `timeout_ms`: how long the worker waits for the game to answer (connect, each receive)
  // before it says the game stopped answering.
  explicit AttachSession(int timeout_ms = 2000);
  ~AttachSession();  // Detaches; waits for the worker (at most about `timeout_ms`).
  AttachSession(const AttachSession&) = delete;
  AttachSession& operator=(const AttachSession&) = delete;

  // Connects to `target` on the worker (detaching from any game first). Returns at once.
  void connect(const Target& target);
  // Leaves the game; returns at once (the worker winds down on its own).
  void detach();
  // Requests, sent by the worker in order; ignored unless attached.
  void list();
  void watch(uint32_t character);  // link::kNoCharacter: stop watching.
  void set_value(uint32_t parameter, float value);
  void set_vector(uint32_t parameter, const glm::vec3& value);
  void fire_trigger(uint32_t parameter);
  void apply(std::string setup);  // The setup's JSON text; the answer comes in status().

  Snapshot status() const;
  // The watched character's frames received since the last call, oldest first.
  std::vector<link::Frame> take_frames();
  bool attached() const;  // kAttached or kWatching.

 private:
  struct List {};
  struct WatchRequest {
    uint32_t character = link::kNoCharacter;
  };
  struct Apply {
    std::string setup;
  };
  using Request = std::variant<List, WatchRequest, link::SetParameter, link::FireTrigger, Apply>;
  // What the UI thread and one worker share; a worker keeps it alive while it winds down.
  struct Shared {
    mutable std::mutex mutex;
    std::condition_variable wake;
    bool stop = false;
    bool done = false;  // The worker returned (its thread may be joined without waiting).
    Snapshot status;
    std::deque<Request> requests;
    std::deque<link::Frame> frames;
  };
  static void run(std::shared_ptr<Shared> shared, Target target, int timeout_ms);
  void request(Request r);

  int timeout_ms_;
  std::shared_ptr<Shared> shared_;
  std::thread worker_;
  // Workers told to stop, joined once done, or at destruction.
  std::vector<std::pair<std::thread, std::shared_ptr<Shared>>> leaving_;
};

const char* to_string(AttachSession::Phase phase);

}  // namespace anim::ui
