#pragma once
// The game's side of the link (issue 29): a TCP server the tool attaches to, to watch one of the
// game's characters live, set its parameters, pause it and swap in an edited setup.
//
//   anim::link::LinkOptions options;
//   options.name = "my game";
//   auto link = anim::link::LinkServer::open(options);  // once; check link.ok()
//   link.value()->watch("c0", instance);               // each character
//   each frame, on the game's thread, after the characters' update() and before evaluate:
//   link.value()->publish();
//
// Threads: a network thread accepts, reads and sends; everything that touches a character
// (recording its frame, applying a command from the tool) happens inside publish(), on the
// game's thread. With no client attached publish() costs one atomic load. With one, the watched
// character's frame is encoded into a ring of slots sized once at open (nothing is allocated
// per frame); when the ring is full the frame is dropped and counted. One client at a time: a
// second is refused with "held by <peer>". A malformed or oversized message from the client
// closes its connection (logged in one line); the game keeps running.
//
// Announcement: while open, $XDG_RUNTIME_DIR/animscope/<pid>.json (mode 0600) holds
// {"pid": P, "port": N, "token": "...", "name": "..."}, so that the tool can find the game and
// prove it may attach (the token is random per run). It is removed on close, on destruction and
// on SIGTERM (a handler that removes it, then hands the signal to the handler that was there
// before, or re-raises it with the default action).
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "anim/link/protocol.h"
#include "anim/result.h"
#include "anim/span.h"
#include "anim/state_machine.h"

namespace anim::link {

struct LinkOptions {
  std::string name = "game";  // Shown to the tool; at most kMaxNameBytes.
  // The package or setup file the game runs, as an absolute path (at most kMaxPathBytes, no NUL
  // byte; open() refuses others), sent in the welcome: the tool opens it when it does not run
  // that setup already. Empty: the game does not say.
  std::string content;
  uint16_t port = 0;          // 0: any free port (port() says which).
  // Empty: 127.0.0.1 only. Any other address (e.g. "0.0.0.0") must be asked for here and is
  // refused without an explicit `token`.
  std::string address;
  std::string token;  // Empty: 32 random hex digits from /dev/urandom.
  // The announcement's folder; empty: $XDG_RUNTIME_DIR/animscope (refused when XDG_RUNTIME_DIR
  // is unset and `announce` is on).
  std::string announce_dir;
  bool announce = true;
  // The frame ring: `ring_slots` slots of `slot_bytes` each, allocated at open. A frame larger
  // than a slot (a character with thousands of parameters) is dropped and counted.
  uint32_t ring_slots = 64;
  uint32_t slot_bytes = 16 * 1024;
  // One line per event worth telling (a client refused, gone, malformed); default: stderr.
  std::function<void(const std::string&)> log;
};

class LinkServer {
 public:
  // Binds, listens, writes the announcement and starts the network thread.
  static Result<std::unique_ptr<LinkServer>> open(LinkOptions options);
  ~LinkServer();  // close()
  LinkServer(const LinkServer&) = delete;
  LinkServer& operator=(const LinkServer&) = delete;

  // Stops the thread, closes the sockets, removes the announcement. Idempotent.
  void close();

  // Registers a character under `name` (at most kMaxNameBytes), or, for a name already
  // registered, points it at `instance` (after the game replaced an instance, e.g. on an applied
  // setup). The instance must stay alive until unwatch(name) or close(). Game thread only.
  // Allocates (not a per-frame call).
  void watch(const std::string& name, StateMachineInstance& instance);
  // Forgets a character; the tool watching it stops receiving frames. Game thread only.
  void unwatch(const std::string& name);

  // The tool sent a setup to swap in (kApplySetup): called inside publish() on the game's
  // thread with the bytes as the tool sent them (setup JSON for animscope). The game validates
  // and compiles them (anim_setup, which the link does not depend on), builds the new instances,
  // continue_from()s the old ones, re-registers them with watch(), and returns "" on success or
  // the reason it refused (sent to the tool as is). Without a callback every setup is refused.
  void on_apply(std::function<std::string(Span<const uint8_t>)> apply);

  // Once per frame on the game's thread, after the characters' update(): applies what the tool
  // asked (set parameter, fire trigger, pause, step, apply setup, list, watch) and records the
  // watched character's frame for the network thread to send. The watched character's trace is
  // turned on while it is watched (set_trace allocates once, when the watch starts), and off
  // again afterwards if it was off. While the tool pauses the watched
  // character, publish() puts it back to the state it had when paused (restore_state), so call
  // it before the character is evaluated; a step lets `frames` updates through.
  void publish();

  uint16_t port() const { return port_; }
  const std::string& token() const { return token_; }
  const std::string& announce_path() const { return announce_path_; }
  bool client_attached() const;
  // Frames the ring had no room for (a slow client) or that were larger than a slot.
  uint64_t frames_dropped() const { return frames_dropped_.load(std::memory_order_relaxed); }

  struct Shared;  // What the game's thread and the network thread share (link_server.cpp).

 private:
  LinkServer() = default;
  struct Character {
    std::string name;
    StateMachineInstance* instance = nullptr;
    const StateMachineDef* def_sent = nullptr;  // The def the last kWatching described.
    uint32_t setup_sent = 0;                    // And that kWatching's setup (its frames carry it).
  };
  void apply(const Message& command);
  void send_watching(Character& c, uint32_t index);
  void record_frame();
  void hold_paused(StateMachineInstance& instance);
  // The watched character traces while watched (its frames carry the trace); a character whose
  // trace the link turned on has it turned off again when the watch moves or ends.
  void trace(StateMachineInstance* instance);

  std::unique_ptr<Shared> shared_;
  uint16_t port_ = 0;
  std::string token_;
  std::string announce_path_;
  std::vector<Character> characters_;
  std::function<std::string(Span<const uint8_t>)> apply_;
  int watched_ = -1;
  bool paused_ = false;
  uint32_t steps_left_ = 0;
  std::vector<StateMachineInstance::SavedParameter> held_parameters_;
  std::vector<StateMachineInstance::SavedLayer> held_layers_;
  uint64_t frame_number_ = 0;
  uint32_t setups_ = 0;  // kWatching descriptions sent so far: the next one's setup is one more.
  uint64_t seen_state_ = 0;     // Shared::state at the last publish: a change is a new client.
  std::vector<Message> taken_;  // The commands publish() takes (swapped: no allocation).
  StateMachineInstance* traced_ = nullptr;  // Whose trace the link turned on.
  std::atomic<uint64_t> frames_dropped_{0};
};

}  // namespace anim::link
