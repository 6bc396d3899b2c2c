// The link's messages (anim/link/protocol.h): each one encoded and decoded back equal, a frame
// encoded from a running instance decoded to what the instance reports, and every kind of bad
// input refused with the field it broke.
#include "anim/link/protocol.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include <gtest/gtest.h>

#include "link_machine.h"

namespace anim::link {
namespace {

using testutil::LinkMachine;

std::vector<uint8_t> bytes_of(const Message& m) {
  std::vector<uint8_t> out;
  encode(m, out);
  return out;
}

Limits game_limits(uint32_t characters, uint32_t parameters) {
  Limits l;
  l.characters = characters;
  l.parameters = parameters;
  return l;
}

// Encodes `m`, decodes it with `limits`, and returns the decoded message of the same type.
template <class T>
T round_trip(const T& m, const Limits& limits) {
  const std::vector<uint8_t> bytes = bytes_of(m);
  uint32_t length = 0;
  std::memcpy(&length, bytes.data(), 4);
  EXPECT_EQ(length, bytes.size() - 4);
  Result<Message> back = decode_message(Span<const uint8_t>(bytes.data(), bytes.size()), limits);
  EXPECT_TRUE(back.ok()) << (back.ok() ? "" : back.error().to_string());
  if (!back.ok()) return T{};
  EXPECT_TRUE(std::holds_alternative<T>(back.value()));
  return std::get<T>(back.value());
}

std::string error_of(const std::vector<uint8_t>& bytes, const Limits& limits) {
  Result<Message> m = decode_message(Span<const uint8_t>(bytes.data(), bytes.size()), limits);
  return m.ok() ? std::string("(decoded)") : m.error().to_string();
}

Limits client() {
  Limits l;
  l.game_side = false;
  return l;
}

// Little-endian payload builders for hand-made malformed messages.
void put_u32(std::vector<uint8_t>& b, uint32_t v) {
  for (int i = 0; i < 4; ++i) b.push_back(static_cast<uint8_t>(v >> (8 * i)));
}
void put_u16(std::vector<uint8_t>& b, uint16_t v) {
  b.push_back(static_cast<uint8_t>(v));
  b.push_back(static_cast<uint8_t>(v >> 8));
}
std::vector<uint8_t> message(MessageType type, const std::vector<uint8_t>& payload) {
  std::vector<uint8_t> b;
  put_u32(b, static_cast<uint32_t>(payload.size() + 2));
  put_u16(b, static_cast<uint16_t>(type));
  b.insert(b.end(), payload.begin(), payload.end());
  return b;
}

TEST(LinkProtocol, ClientMessagesRoundTrip) {
  const Limits game = game_limits(3, 4);
  Hello hello;
  hello.token = "0123456789abcdef";
  hello.peer = "animscope attach";
  const Hello h = round_trip(hello, game);
  EXPECT_EQ(h.magic, kMagic);
  EXPECT_EQ(h.version, kProtocolVersion);
  EXPECT_EQ(h.token, "0123456789abcdef");
  EXPECT_EQ(h.peer, "animscope attach");

  round_trip(ListCharacters{}, game);
  EXPECT_EQ(round_trip(Watch{2}, game).character, 2u);
  EXPECT_EQ(round_trip(Watch{kNoCharacter}, game).character, kNoCharacter);

  SetParameter set;
  set.parameter = 3;
  set.value = -2.5f;
  const SetParameter s = round_trip(set, game);
  EXPECT_EQ(s.parameter, 3u);
  EXPECT_FALSE(s.is_vector);
  EXPECT_EQ(s.value, -2.5f);
  set.is_vector = true;
  set.vector = glm::vec3(1.0f, -2.0f, 3.5f);
  const SetParameter v = round_trip(set, game);
  EXPECT_TRUE(v.is_vector);
  EXPECT_EQ(v.vector, glm::vec3(1.0f, -2.0f, 3.5f));

  EXPECT_EQ(round_trip(FireTrigger{1}, game).parameter, 1u);
  EXPECT_TRUE(round_trip(Pause{true}, game).paused);
  EXPECT_FALSE(round_trip(Pause{false}, game).paused);
  EXPECT_EQ(round_trip(Step{7}, game).frames, 7u);
  ApplySetup apply;
  apply.bytes = {'{', '}', 0, 255};
  EXPECT_EQ(round_trip(apply, game).bytes, apply.bytes);
}

TEST(LinkProtocol, GameMessagesRoundTrip) {
  const Welcome w =
      round_trip(Welcome{kProtocolVersion, "my game", 4242, "/srv/game/wuson.animpack"}, client());
  EXPECT_EQ(w.name, "my game");
  EXPECT_EQ(w.pid, 4242u);
  EXPECT_EQ(w.content, "/srv/game/wuson.animpack");
  EXPECT_EQ(round_trip(Welcome{kProtocolVersion, "my game", 1, ""}, client()).content, "");

  const Refused r = round_trip(Refused{RefusalReason::kBusy, "held by x"}, client());
  EXPECT_EQ(r.reason, RefusalReason::kBusy);
  EXPECT_EQ(r.detail, "held by x");

  CharacterList list;
  list.characters = {{"c0", "Idle", 3, 2}, {"c1", "", 0, 1}};
  const CharacterList l = round_trip(list, client());
  ASSERT_EQ(l.characters.size(), 2u);
  EXPECT_EQ(l.characters[0].name, "c0");
  EXPECT_EQ(l.characters[0].state, "Idle");
  EXPECT_EQ(l.characters[0].parameters, 3u);
  EXPECT_EQ(l.characters[0].layers, 2u);
  EXPECT_EQ(l.characters[1].state, "");

  Watching watching;
  watching.character = 1;
  watching.setup = 7;
  watching.name = "c1";
  watching.parameters = {{"speed", ParameterType::kFloat}, {"aim", ParameterType::kVector3}};
  watching.layers = {{"", {"Idle", "Walk"}, 3}, {"upper", {"Wave"}, 0}};
  watching.events = {"footstep"};
  const Watching wb = round_trip(watching, client());
  EXPECT_EQ(wb.character, 1u);
  EXPECT_EQ(wb.setup, 7u);
  EXPECT_EQ(wb.name, "c1");
  ASSERT_EQ(wb.parameters.size(), 2u);
  EXPECT_EQ(wb.parameters[1].name, "aim");
  EXPECT_EQ(wb.parameters[1].type, ParameterType::kVector3);
  ASSERT_EQ(wb.layers.size(), 2u);
  EXPECT_EQ(wb.layers[0].states, (std::vector<std::string>{"Idle", "Walk"}));
  EXPECT_EQ(wb.layers[0].transitions, 3u);
  EXPECT_EQ(wb.layers[1].name, "upper");
  EXPECT_EQ(wb.events, (std::vector<std::string>{"footstep"}));

  Frame f;
  f.character = 1;
  f.setup = 7;
  f.number = 99;
  f.time = 1.5;
  f.paused = true;
  f.parameters.resize(2);
  f.parameters[0].value = 0.25f;
  f.parameters[0].target = 1.0f;
  f.parameters[1].vector = glm::vec3(1, 2, 3);
  f.layers.resize(2);
  f.layers[0].active = {{0, 0.75f, 0.5f, StateMachineInstance::GroupSync::kApart},
                        {1, 0.25f, 0.125f, StateMachineInstance::GroupSync::kLeads}};
  f.layers[0].transition = {2, 0, 1, 0.25f};
  f.layers[1].weight = 0.5f;
  f.layers[1].active = {{0, 1.0f, 0.0f, StateMachineInstance::GroupSync::kFollows}};
  f.events = {{0, 1, 0.25f, 0}};
  f.events_dropped = 3;
  f.root_motion.translation = glm::vec3(0.0f, 0.0f, 0.1f);
  StateMachineInstance::TraceEntry entry;
  entry.layer = 0;
  entry.transition = 2;
  entry.from = -1;
  entry.to = 0;
  entry.reason = TraceReason::kExitTimeNotReached;
  entry.has_exit_time = true;
  entry.exit_time_required = 0.75f;
  entry.exit_time_current = 0.5f;
  entry.condition_count = 2;
  f.trace = {entry};
  f.conditions = {{0, ConditionOp::kGreater, 0.5f, 0.25f, false},
                  {1, ConditionOp::kTriggerSet, 0.0f, 1.0f, true}};
  const Frame fb = round_trip(f, client_limits(watching));
  ASSERT_EQ(fb.trace.size(), 1u);
  EXPECT_EQ(fb.trace[0].transition, 2);
  EXPECT_EQ(fb.trace[0].from, -1);
  EXPECT_EQ(fb.trace[0].reason, TraceReason::kExitTimeNotReached);
  EXPECT_TRUE(fb.trace[0].has_exit_time);
  EXPECT_EQ(fb.trace[0].exit_time_required, 0.75f);
  EXPECT_EQ(fb.trace[0].exit_time_current, 0.5f);
  EXPECT_EQ(fb.trace[0].first_condition, 0);
  ASSERT_EQ(fb.trace[0].condition_count, 2);
  ASSERT_EQ(fb.conditions.size(), 2u);
  EXPECT_EQ(fb.conditions[0].op, ConditionOp::kGreater);
  EXPECT_EQ(fb.conditions[0].actual, 0.25f);
  EXPECT_TRUE(fb.conditions[1].pass);
  EXPECT_EQ(fb.setup, 7u);
  EXPECT_EQ(fb.number, 99u);
  EXPECT_EQ(fb.time, 1.5);
  EXPECT_TRUE(fb.paused);
  ASSERT_EQ(fb.parameters.size(), 2u);
  EXPECT_EQ(fb.parameters[0].value, 0.25f);
  EXPECT_EQ(fb.parameters[0].target, 1.0f);
  EXPECT_EQ(fb.parameters[1].vector, glm::vec3(1, 2, 3));
  ASSERT_EQ(fb.layers.size(), 2u);
  ASSERT_EQ(fb.layers[0].active.size(), 2u);
  EXPECT_EQ(fb.layers[0].active[1].state, 1);
  EXPECT_EQ(fb.layers[0].active[1].weight, 0.25f);
  EXPECT_EQ(fb.layers[0].active[1].normalized_time, 0.125f);
  EXPECT_EQ(fb.layers[0].active[1].group, StateMachineInstance::GroupSync::kLeads);
  EXPECT_EQ(fb.layers[0].transition.transition, 2);
  EXPECT_EQ(fb.layers[0].transition.progress, 0.25f);
  EXPECT_EQ(fb.layers[1].weight, 0.5f);
  EXPECT_EQ(fb.layers[1].active[0].group, StateMachineInstance::GroupSync::kFollows);
  ASSERT_EQ(fb.events.size(), 1u);
  EXPECT_EQ(fb.events[0].state, 1);
  EXPECT_EQ(fb.events[0].weight, 0.25f);
  EXPECT_EQ(fb.events_dropped, 3);
  EXPECT_EQ(fb.root_motion.translation.z, 0.1f);
  EXPECT_EQ(fb.root_motion.rotation.w, 1.0f);

  const ApplyResult ok = round_trip(ApplyResult{true, ""}, client());
  EXPECT_TRUE(ok.ok);
  const ApplyResult no = round_trip(ApplyResult{false, "/states/0: unknown clip"}, client());
  EXPECT_FALSE(no.ok);
  EXPECT_EQ(no.error, "/states/0: unknown clip");
}

// A frame encoded straight from an instance (what publish() does) says what its API says.
TEST(LinkProtocol, FrameFromInstanceMatchesItsApi) {
  LinkMachine lm;
  StateMachineInstance m(lm.def, lm.skeleton, lm.clips);
  m.set_trace(true);
  m.set_float("speed", 1.0f);
  m.set_vector("aim", glm::vec3(0.5f, 1.0f, -1.0f));
  bool saw_event = false;
  for (int i = 0; i < 60; ++i) {
    m.update(1.0f / 30.0f);
    std::vector<uint8_t> buffer(frame_bytes(m));
    ASSERT_EQ(encode_frame(m, 0, 3, static_cast<uint64_t>(i), i / 30.0, false, buffer),
              buffer.size());
    Watching w;
    w.setup = 3;
    w.parameters.resize(3);
    w.layers = {{"", {"Idle", "Walk", "Run"}, 3}, {"upper", {"Wave"}, 0}};
    w.events = {"footstep"};
    Result<Message> decoded =
        decode_message(Span<const uint8_t>(buffer.data(), buffer.size()), client_limits(w));
    ASSERT_TRUE(decoded.ok()) << decoded.error().to_string();
    const Frame& f = std::get<Frame>(decoded.value());
    EXPECT_EQ(f.number, static_cast<uint64_t>(i));
    EXPECT_EQ(f.setup, 3u);
    ASSERT_EQ(f.parameters.size(), 3u);
    EXPECT_EQ(f.parameters[0].value, m.value(0));
    EXPECT_EQ(f.parameters[0].target, m.target(0));
    EXPECT_EQ(f.parameters[2].vector, glm::vec3(0.5f, 1.0f, -1.0f));
    ASSERT_EQ(f.layers.size(), 2u);
    for (int l = 0; l < 2; ++l) {
      const auto active = m.active_states(l);
      ASSERT_EQ(f.layers[l].active.size(), active.size());
      for (std::size_t a = 0; a < active.size(); ++a) {
        EXPECT_EQ(f.layers[l].active[a].state, active[a].state);
        EXPECT_EQ(f.layers[l].active[a].weight, active[a].weight);
        EXPECT_EQ(f.layers[l].active[a].normalized_time, active[a].normalized_time);
      }
      EXPECT_EQ(f.layers[l].transition.transition, m.transition(l).transition);
      EXPECT_EQ(f.layers[l].transition.progress, m.transition(l).progress);
      EXPECT_EQ(f.layers[l].weight, m.layer_weight(l));
    }
    ASSERT_EQ(f.events.size(), m.events().size());
    saw_event = saw_event || !f.events.empty();
    ASSERT_EQ(f.trace.size(), m.trace().size());
    ASSERT_FALSE(f.trace.empty());
    for (std::size_t e = 0; e < f.trace.size(); ++e) {
      EXPECT_EQ(f.trace[e].transition, m.trace()[e].transition);
      EXPECT_EQ(f.trace[e].reason, m.trace()[e].reason);
      const auto conditions = m.trace_conditions(m.trace()[e]);
      ASSERT_EQ(static_cast<std::size_t>(f.trace[e].condition_count), conditions.size());
      for (std::size_t c = 0; c < conditions.size(); ++c)
        EXPECT_EQ(f.conditions[static_cast<std::size_t>(f.trace[e].first_condition) + c].actual,
                  conditions[c].actual);
    }
    // Into a buffer one byte short, nothing is written and 0 comes back.
    std::vector<uint8_t> short_buffer(buffer.size() - 1);
    EXPECT_EQ(encode_frame(m, 0, 3, 0, 0.0, false, short_buffer), 0u);
  }
  EXPECT_TRUE(saw_event);  // The walk crossed its footstep in those two seconds.
  EXPECT_EQ(m.current_state(), 1);
  EXPECT_EQ(m.layer_weight(1), 0.5f);
}

TEST(LinkProtocol, HeaderLengthOutsideLimitsIsRefused) {
  uint8_t head[kHeaderBytes] = {1, 0, 0, 0, 4, 0};  // Length 1: no room for the type.
  EXPECT_FALSE(decode_header(head).ok());
  const uint32_t over = kMaxMessageBytes + 1;
  std::memcpy(head, &over, 4);
  Result<Header> h = decode_header(head);
  ASSERT_FALSE(h.ok());
  EXPECT_NE(h.error().message.find("over the limit"), std::string::npos);
  const uint32_t at_limit = kMaxMessageBytes;
  std::memcpy(head, &at_limit, 4);
  ASSERT_TRUE(decode_header(head).ok());
  EXPECT_EQ(decode_header(head).value().payload, kMaxMessageBytes - 2);
}

// Every prefix of a valid message is refused (never read past its end).
TEST(LinkProtocol, EveryTruncationIsRefused) {
  const Limits game = game_limits(3, 4);
  const std::vector<std::vector<uint8_t>> messages = {
      bytes_of(Hello{kMagic, 1, "token", "peer"}), bytes_of(Watch{1}),
      bytes_of(SetParameter{2, true, 0.0f, glm::vec3(1.0f)}), bytes_of(Step{3})};
  for (const std::vector<uint8_t>& full : messages) {
    for (std::size_t n = 0; n < full.size(); ++n) {
      // Cut short with the length left as it was, and with the length saying the cut size.
      std::vector<uint8_t> cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
      EXPECT_FALSE(decode_message(Span<const uint8_t>(cut.data(), cut.size()), game).ok()) << n;
      if (n < kHeaderBytes) continue;
      const uint32_t length = static_cast<uint32_t>(n - 4);
      std::memcpy(cut.data(), &length, 4);
      if (n == full.size()) continue;
      EXPECT_NE(error_of(cut, game).find("truncated"), std::string::npos) << error_of(cut, game);
    }
  }
}

TEST(LinkProtocol, MalformedFieldsAreRefusedNamingTheField) {
  const Limits game = game_limits(3, 4);
  // An index the game does not have.
  EXPECT_NE(error_of(bytes_of(SetParameter{4, false, 1.0f, {}}), game).find("parameter: 4 is out"),
            std::string::npos);
  EXPECT_NE(error_of(bytes_of(FireTrigger{100}), game).find("parameter"), std::string::npos);
  EXPECT_NE(error_of(bytes_of(Watch{3}), game).find("character: 3 is out of range"),
            std::string::npos);
  // Floats that must be finite.
  EXPECT_NE(error_of(bytes_of(SetParameter{0, false, std::nanf(""), {}}), game).find("value"),
            std::string::npos);
  EXPECT_NE(error_of(bytes_of(SetParameter{
                         0, true, 0.0f, glm::vec3(0, std::numeric_limits<float>::infinity(), 0)}),
                     game)
                .find("vector: not a finite"),
            std::string::npos);
  // Flags that are not 0 or 1.
  std::vector<uint8_t> p;
  p.push_back(2);
  EXPECT_NE(error_of(message(MessageType::kPause, p), game).find("paused: not 0 or 1"),
            std::string::npos);
  // Steps out of range.
  EXPECT_NE(error_of(bytes_of(Step{0}), game).find("frames"), std::string::npos);
  EXPECT_NE(error_of(bytes_of(Step{kMaxStepFrames + 1}), game).find("frames"), std::string::npos);
  // A token over its cap, a wrong magic.
  EXPECT_NE(error_of(bytes_of(Hello{kMagic, 1, std::string(kMaxTokenBytes + 1, 'a'), ""}), game)
                .find("token: longer than"),
            std::string::npos);
  EXPECT_NE(error_of(bytes_of(Hello{0x12345678, 1, "t", ""}), game).find("magic"),
            std::string::npos);
  // A string whose length runs past the end.
  std::vector<uint8_t> hello;
  put_u32(hello, kMagic);
  put_u16(hello, 1);
  put_u16(hello, 40);  // 40 bytes of token announced, 3 given.
  hello.insert(hello.end(), {'a', 'b', 'c'});
  EXPECT_NE(error_of(message(MessageType::kHello, hello), game).find("token: truncated"),
            std::string::npos);
  // Bytes left over after the fields.
  std::vector<uint8_t> watch;
  put_u32(watch, 0);
  watch.push_back(0);
  EXPECT_NE(error_of(message(MessageType::kWatch, watch), game).find("1 bytes left over"),
            std::string::npos);
  // An unknown type, and a message of the wrong direction.
  EXPECT_NE(error_of(message(static_cast<MessageType>(77), {}), game).find("unknown message type"),
            std::string::npos);
  EXPECT_NE(error_of(bytes_of(Welcome{}), game).find("does not receive"), std::string::npos);
  EXPECT_NE(error_of(bytes_of(Watch{0}), client()).find("does not receive"), std::string::npos);
  // An empty setup.
  EXPECT_NE(error_of(bytes_of(ApplySetup{}), game).find("setup: empty"), std::string::npos);
  // The welcome's content path: capped, absolute, without NUL bytes.
  const std::string longest = "/" + std::string(kMaxPathBytes - 1, 'p');
  EXPECT_EQ(error_of(bytes_of(Welcome{kProtocolVersion, "g", 1, longest}), client()),
            "(decoded)");
  EXPECT_NE(error_of(bytes_of(Welcome{kProtocolVersion, "g", 1, longest + "p"}), client())
                .find("content: longer than 4096 bytes"),
            std::string::npos);
  EXPECT_NE(error_of(bytes_of(Welcome{kProtocolVersion, "g", 1, "wuson.animpack"}), client())
                .find("content: not an absolute path"),
            std::string::npos);
  EXPECT_NE(error_of(bytes_of(Welcome{kProtocolVersion, "g", 1, std::string("/a\0b", 4)}),
                     client())
                .find("content: holds a NUL byte"),
            std::string::npos);
  // A welcome of version 2 (no content field) is truncated for this decoder.
  std::vector<uint8_t> old_welcome;
  put_u16(old_welcome, 2);
  put_u16(old_welcome, 1);
  old_welcome.push_back('g');
  put_u32(old_welcome, 7);
  EXPECT_NE(error_of(message(MessageType::kWelcome, old_welcome), client())
                .find("content: truncated"),
            std::string::npos);
  // decode_message: a length that disagrees with the bytes given.
  std::vector<uint8_t> longer = bytes_of(Watch{0});
  longer.push_back(0);
  EXPECT_NE(error_of(longer, game).find("length says"), std::string::npos);
}

TEST(LinkProtocol, CountsBeyondTheBytesLeftAreRefusedBeforeAllocating) {
  std::vector<uint8_t> list;
  put_u32(list, 1000000);  // A million characters in four bytes.
  EXPECT_NE(error_of(message(MessageType::kCharacterList, list), client()).find("cannot fit"),
            std::string::npos);
  std::vector<uint8_t> huge;
  put_u32(huge, 0xFFFFFFFFu);
  EXPECT_NE(error_of(message(MessageType::kCharacterList, huge), client()).find("is more than"),
            std::string::npos);
}

// What the client checks in a frame against what kWatching said.
TEST(LinkProtocol, FrameIndicesAreCheckedAgainstTheWatchedCharacter) {
  Watching w;
  w.parameters.resize(1);
  w.layers = {{"", {"Idle", "Walk"}, 1}};
  const Limits limits = client_limits(w);
  Frame f;
  f.parameters.resize(1);
  f.layers.resize(1);
  f.layers[0].active = {{1, 1.0f, 0.0f, StateMachineInstance::GroupSync::kApart}};
  EXPECT_EQ(error_of(bytes_of(f), limits), "(decoded)");

  Frame bad_state = f;
  bad_state.layers[0].active[0].state = 2;
  EXPECT_NE(error_of(bytes_of(bad_state), limits).find("active state: 2 is out of range"),
            std::string::npos);
  Frame bad_transition = f;
  bad_transition.layers[0].transition = {1, 0, 1, 0.5f};
  EXPECT_NE(error_of(bytes_of(bad_transition), limits).find("transition: 1 is out of range"),
            std::string::npos);
  Frame bad_count = f;
  bad_count.parameters.resize(2);
  EXPECT_NE(error_of(bytes_of(bad_count), limits).find("parameters: 2 where the character has 1"),
            std::string::npos);
  Frame too_many = f;
  too_many.layers[0].active.assign(StateMachineInstance::kMaxActive + 1, f.layers[0].active[0]);
  EXPECT_NE(error_of(bytes_of(too_many), limits).find("active states"), std::string::npos);
  Frame nan_weight = f;
  nan_weight.layers[0].active[0].weight = std::nanf("");
  EXPECT_NE(error_of(bytes_of(nan_weight), limits).find("active weight"), std::string::npos);
  StateMachineInstance::TraceEntry entry;
  entry.layer = 0;
  entry.transition = 0;
  entry.to = 1;
  entry.condition_count = 1;
  Frame traced = f;
  traced.trace = {entry};
  traced.conditions = {{0, ConditionOp::kGreater, 0.5f, 0.0f, false}};
  EXPECT_EQ(error_of(bytes_of(traced), limits), "(decoded)");
  Frame bad_reason = traced;
  bad_reason.trace[0].reason = static_cast<TraceReason>(9);
  EXPECT_NE(error_of(bytes_of(bad_reason), limits).find("trace reason: unknown"),
            std::string::npos);
  Frame bad_parameter = traced;
  bad_parameter.conditions[0].parameter = 1;
  EXPECT_NE(error_of(bytes_of(bad_parameter), limits).find("condition parameter: 1 is out"),
            std::string::npos);
  Frame bad_to = traced;
  bad_to.trace[0].to = 5;
  EXPECT_NE(error_of(bytes_of(bad_to), limits).find("trace to: 5 is out"), std::string::npos);
  Frame bad_event = f;
  bad_event.events = {{0, 0, 1.0f, 0}};  // No events in the def.
  EXPECT_NE(error_of(bytes_of(bad_event), limits).find("event"), std::string::npos);
}

// A frame computed against another description than the one the client holds is refused by
// name, not read against the wrong states: here a frame of setup 1 (three states, state 2 active)
// reaches a client that already holds setup 2 (two states), and one of setup 3 that is yet to come.
TEST(LinkProtocol, AFrameOfAnotherSetupIsRefusedNotMisread) {
  Watching older;
  older.setup = 1;
  older.parameters.resize(1);
  older.layers = {{"", {"Idle", "Walk", "Run"}, 2}};
  Watching newer = older;
  newer.setup = 2;
  newer.layers = {{"", {"Idle", "Walk"}, 1}};
  Frame f;
  f.setup = 1;
  f.parameters.resize(1);
  f.layers.resize(1);
  f.layers[0].active = {{1, 1.0f, 0.0f, StateMachineInstance::GroupSync::kApart}};
  EXPECT_EQ(error_of(bytes_of(f), client_limits(older)), "(decoded)");
  EXPECT_EQ(error_of(bytes_of(f), client_limits(newer)),
            "frame: setup: a frame of setup 1 where the description is of 2");
  f.setup = 3;
  EXPECT_NE(error_of(bytes_of(f), client_limits(newer)).find("setup 3 where"), std::string::npos);
  f.setup = 2;
  EXPECT_EQ(error_of(bytes_of(f), client_limits(newer)), "(decoded)");
}

// Random bytes and random mutations of valid messages never decode into something unchecked
// and never crash (the fuzz harness does this at length).
TEST(LinkProtocol, RandomBytesAreRefusedOrDecodedInRange) {
  std::mt19937 rng(29);
  const Limits game = game_limits(2, 3);
  const std::vector<uint8_t> valid = bytes_of(SetParameter{1, false, 0.5f, {}});
  int refused = 0;
  for (int i = 0; i < 20000; ++i) {
    std::vector<uint8_t> b = valid;
    if (i % 2 == 0) {
      b.resize(rng() % 64);
      for (uint8_t& x : b) x = static_cast<uint8_t>(rng());
    } else {
      b[rng() % b.size()] = static_cast<uint8_t>(rng());
    }
    Result<Message> m = decode_message(Span<const uint8_t>(b.data(), b.size()), game);
    if (!m.ok()) {
      ++refused;
      continue;
    }
    if (const SetParameter* s = std::get_if<SetParameter>(&m.value())) {
      EXPECT_LT(s->parameter, 3u);
      EXPECT_TRUE(std::isfinite(s->value));
    }
    if (const Watch* w = std::get_if<Watch>(&m.value())) {
      EXPECT_TRUE(w->character < 2u || w->character == kNoCharacter);
    }
  }
  EXPECT_GT(refused, 10000);
}

}  // namespace
}  // namespace anim::link
