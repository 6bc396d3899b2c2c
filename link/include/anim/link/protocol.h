#pragma once
// The game link's wire format (issue 29): what a game (LinkServer) and the tool (LinkClient)
// say to each other over one TCP connection.
//
// Every message is a u32 little-endian length, then a u16 little-endian type, then the payload;
// the length counts the type and the payload (so it is at least 2) and is at most
// kMaxMessageBytes. All numbers are little-endian; floats are IEEE 754 binary32 (f32) or
// binary64 (f64); a string is a u16 byte count and that many bytes, capped per field; a list is
// a u32 count and its items. The decoder checks every field against the bytes left, every
// count and string against its cap, every index against what the receiver knows (Limits), and
// every float that must be finite; anything else is a malformed message, and the receiver
// closes the connection.
//
// The conversation: the client sends kHello (magic, version, token, its name); the game answers
// kWelcome or kRefused (wrong token, wrong version, busy: "held by <peer>") and, when refused,
// closes. Then the client may send kListCharacters (answered by kCharacterList), kWatch (answered
// by kWatching, then one kFrame per publish()), kSetParameter, kFireTrigger, kPause, kStep and
// kApplySetup (answered by kApplyResult).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/result.h"
#include "anim/root_motion.h"
#include "anim/span.h"
#include "anim/state_machine.h"

namespace anim::link {

constexpr uint32_t kMagic = 0x4B4C4E41;  // "ANLK" in little-endian bytes.
// 2: kWatching and kFrame carry the description's version (`setup`), so that a frame is never
// read against a description other than the one it was computed with.
// 3: kWelcome carries the file the game runs (`content`), so that the tool can open it.
constexpr uint16_t kProtocolVersion = 3;
// Largest message (type and payload); a bigger length closes the connection.
constexpr uint32_t kMaxMessageBytes = 8u << 20;
constexpr std::size_t kHeaderBytes = 6;     // u32 length + u16 type.
constexpr std::size_t kMaxNameBytes = 256;  // Character, parameter, state, event, peer names.
constexpr std::size_t kMaxTokenBytes = 64;
constexpr std::size_t kMaxTextBytes = 4096;  // Refusal reasons and apply errors.
constexpr std::size_t kMaxPathBytes = 4096;  // The file the game runs (Welcome::content).
constexpr uint32_t kMaxStepFrames = 1u << 20;
constexpr uint32_t kNoCharacter = 0xFFFFFFFFu;  // kWatch: stop watching.

enum class MessageType : uint16_t {
  kHello = 1,           // client -> game
  kWelcome = 2,         // game -> client
  kRefused = 3,         // game -> client, then the game closes
  kListCharacters = 4,  // client -> game
  kCharacterList = 5,   // game -> client
  kWatch = 6,           // client -> game
  kWatching = 7,        // game -> client: what the watched character's indices mean
  kFrame = 8,           // game -> client: one publish() of the watched character
  kSetParameter = 9,    // client -> game
  kFireTrigger = 10,    // client -> game
  kPause = 11,          // client -> game
  kStep = 12,           // client -> game
  kApplySetup = 13,     // client -> game
  kApplyResult = 14,    // game -> client
};
// "hello", "welcome", ...; "unknown" for any other value.
const char* to_string(MessageType type);

struct Hello {
  uint32_t magic = kMagic;
  uint16_t version = kProtocolVersion;
  std::string token;  // At most kMaxTokenBytes.
  std::string peer;   // Who connects ("animscope attach"), shown to a second client as holder.
};
struct Welcome {
  uint16_t version = kProtocolVersion;
  std::string name;  // The game's name (LinkOptions::name).
  uint32_t pid = 0;
  // The package or setup file the game runs, as an absolute path on the game's machine
  // (LinkOptions::content; empty when the game does not say). At most kMaxPathBytes.
  std::string content;
};
enum class RefusalReason : uint8_t {
  kWrongToken = 0,
  kWrongVersion = 1,
  kBusy = 2,
  kMalformed = 3
};
struct Refused {
  RefusalReason reason = RefusalReason::kMalformed;
  std::string detail;  // "held by animscope attach (127.0.0.1:40212)", ...
};
struct ListCharacters {};
struct CharacterSummary {
  std::string name;
  std::string state;  // Its base layer's current state, or empty.
  uint32_t parameters = 0;
  uint32_t layers = 0;
};
struct CharacterList {
  std::vector<CharacterSummary> characters;
};
struct Watch {
  uint32_t character = kNoCharacter;  // Index into the kCharacterList; kNoCharacter: none.
};
struct ParameterInfo {
  std::string name;
  ParameterType type = ParameterType::kFloat;
};
struct LayerInfo {
  std::string name;  // "" for the base machine.
  std::vector<std::string> states;
  uint32_t transitions = 0;
};
// Sent when a watch starts and whenever the watched character's def changes (an applied setup).
struct Watching {
  uint32_t character = kNoCharacter;
  // The description's version: the game numbers the descriptions it sends (1, 2, ...; 0 for
  // "watching nothing"), and every kFrame carries the number of the one it was computed against.
  uint32_t setup = 0;
  std::string name;
  std::vector<ParameterInfo> parameters;
  std::vector<LayerInfo> layers;  // The base machine first.
  std::vector<std::string> events;
};
struct FrameLayer {
  float weight = 1.0f;                                    // layer_weight()
  std::vector<StateMachineInstance::ActiveState> active;  // At most kMaxActive.
  StateMachineInstance::TransitionStatus transition;
};
// One publish() of the watched character, from its public API after the game's update().
struct Frame {
  uint32_t character = kNoCharacter;
  uint32_t setup = 0;   // The Watching::setup of the description this frame was computed against.
  uint64_t number = 0;  // publish() calls since the server opened.
  double time = 0.0;    // Seconds since the server opened.
  bool paused = false;
  std::vector<StateMachineInstance::SavedParameter> parameters;  // value, target, vector
  std::vector<FrameLayer> layers;
  std::vector<StateMachineInstance::FiredEvent> events;  // At most kMaxEvents.
  int64_t events_dropped = 0;
  RootMotion root_motion;
  // The update's transition trace (why a transition did or did not fire), when the character
  // traces (watching turns it on): each entry's conditions are `conditions`[first_condition, +
  // condition_count). Not sent: an entry's start_marker.
  std::vector<StateMachineInstance::TraceEntry> trace;
  std::vector<StateMachineInstance::TraceCondition> conditions;
};
struct SetParameter {
  uint32_t parameter = 0;
  bool is_vector = false;
  float value = 0.0f;      // Finite; when !is_vector.
  glm::vec3 vector{0.0f};  // Finite; when is_vector.
};
struct FireTrigger {
  uint32_t parameter = 0;
};
struct Pause {
  bool paused = false;
};
struct Step {
  uint32_t frames = 1;  // 1 .. kMaxStepFrames updates let through while paused.
};
struct ApplySetup {
  std::vector<uint8_t> bytes;  // Opaque to the link: the game's on_apply callback reads them.
};
struct ApplyResult {
  bool ok = false;
  std::string error;  // Why the game refused it; empty when ok.
};

using Message =
    std::variant<Hello, Welcome, Refused, ListCharacters, CharacterList, Watch, Watching, Frame,
                 SetParameter, FireTrigger, Pause, Step, ApplySetup, ApplyResult>;
MessageType type_of(const Message& message);

// What the receiver knows, against which decoded indices are checked. The game sets characters
// and parameters (of the watched character: 0 when none); the client sets what kWatching said.
struct Limits {
  uint32_t characters = 0;
  uint32_t parameters = 0;
  // Client side (decoding kFrame): per layer, its state and transition counts; events.
  std::vector<uint32_t> layer_states;
  std::vector<uint32_t> layer_transitions;
  uint32_t events = 0;
  // Client side: the setup the description says; a kFrame of another one is refused (it would be
  // read against the wrong states and parameters).
  uint32_t setup = 0;
  // Game side: only the messages a client sends are accepted, and the other way round.
  bool game_side = true;
};
// The Limits a client derives from a kWatching.
Limits client_limits(const Watching& watching);

// The whole message (header included), appended to `out`.
void encode(const Message& message, std::vector<uint8_t>& out);
// The kFrame of `instance` (header included), written into `out` (a fixed buffer: nothing is
// allocated). Returns the bytes written, or 0 when they do not fit.
// `setup` is the Watching::setup that described the instance's def to the client.
std::size_t encode_frame(const StateMachineInstance& instance, uint32_t character, uint32_t setup,
                         uint64_t number, double time, bool paused, Span<uint8_t> out);
// The size encode_frame would write.
std::size_t frame_bytes(const StateMachineInstance& instance);

// A message's header: its type and payload size. Error when the length is below 2 or above
// kMaxMessageBytes (the connection must then close).
struct Header {
  MessageType type = MessageType::kHello;
  uint32_t payload = 0;
};
Result<Header> decode_header(const uint8_t (&bytes)[kHeaderBytes]);
// One message's payload, checked in full (see the top of this file). The error names the field.
Result<Message> decode(MessageType type, Span<const uint8_t> payload, const Limits& limits);
// A whole buffer holding exactly one message, header included.
Result<Message> decode_message(Span<const uint8_t> bytes, const Limits& limits);

}  // namespace anim::link
