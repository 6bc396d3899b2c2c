#pragma once
// The tool's side of the link (issue 29), small and blocking: connect to a game's LinkServer,
// list its characters, watch one and receive its frames, and send it commands. For the tool's
// attach window, `animscope attach` and the tests. Every message from the game is decoded and
// checked as the game checks the tool's (protocol.h); a malformed one is an error, after which
// the client is closed.
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "anim/link/protocol.h"
#include "anim/result.h"
#include "anim/span.h"

namespace anim::link {

struct ConnectOptions {
  std::string host = "127.0.0.1";  // An IPv4 address, or "localhost".
  std::string peer = "animscope";  // Who we are, as the game tells a second client.
  int timeout_ms = 5000;           // For each receive and send.
  // How long connect() keeps asking while the game refuses as busy (RefusalReason::kBusy): a tool
  // that has just left holds the game until the game's link thread sees it gone. 0: ask once.
  int busy_wait_ms = 0;
};

class LinkClient {
 public:
  // Connects and says hello; an error carries the game's refusal (wrong token, wrong version,
  // "held by ...") or what failed.
  static Result<std::unique_ptr<LinkClient>> connect(uint16_t port, const std::string& token,
                                                     const ConnectOptions& options = {});
  ~LinkClient();
  LinkClient(const LinkClient&) = delete;
  LinkClient& operator=(const LinkClient&) = delete;

  const Welcome& welcome() const { return welcome_; }
  // The game's characters now (answered at its next publish()).
  Result<std::vector<CharacterSummary>> list();
  // Starts watching character `index` of list() (kNoCharacter: stop); returns what its indices
  // mean. The game sends one frame per publish() from then on.
  Result<Watching> watch(uint32_t index);
  // The current description (updated when the game's def changes, e.g. after an apply).
  const Watching& watching() const { return watching_; }
  // The next frame of the watched character, in order; waits up to the timeout. Only frames of
  // the current description (watching().setup) come back: a frame queued while list() or apply()
  // waited, computed against a description that has since been replaced, is dropped and counted.
  Result<Frame> next_frame();
  // Frames next_frame() dropped because their description had been replaced.
  uint64_t stale_frames() const { return stale_frames_; }
  // Commands, applied at the game's next publish().
  Status set_value(uint32_t parameter, float value);
  Status set_vector(uint32_t parameter, const glm::vec3& value);
  Status fire_trigger(uint32_t parameter);
  Status pause(bool paused);
  Status step(uint32_t frames);
  // Sends a setup for the game's on_apply and waits for its answer: "" when the game swapped it
  // in, else its reason.
  Result<std::string> apply(Span<const uint8_t> setup);
  // Raw bytes, for tests of what the game does with bad input.
  Status send_raw(Span<const uint8_t> bytes);
  // Whether the connection is still open (false after an error or the game closing it).
  bool open() const { return fd_ >= 0; }
  void close();

 private:
  // One hello; `busy` says whether the game refused as busy.
  static Result<std::unique_ptr<LinkClient>> connect_once(uint16_t port, const std::string& token,
                                                          const ConnectOptions& options,
                                                          bool* busy);
  LinkClient() = default;
  Status send(const Message& m);
  Result<Message> receive();
  // The next message of `type`; frames that arrive first are kept for next_frame().
  Result<Message> wait_for(MessageType type);

  int fd_ = -1;
  Welcome welcome_;
  Watching watching_;
  Limits limits_;
  std::deque<Frame> frames_;
  uint64_t stale_frames_ = 0;
};

}  // namespace anim::link
