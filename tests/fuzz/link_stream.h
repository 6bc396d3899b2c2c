#pragma once
// What fuzz_link feeds the link's decoder, shared with make_fuzz_seeds (which writes the seeds and
// checks that they decode in full). Byte 0 says who receives: even, the game (a tool's messages,
// checked against a game of 3 characters whose watched one has 4 parameters); odd, the tool (a
// game's messages, checked against kLinkWatching, the description a kWatching gave). The other
// bytes are the connection's stream, message after message, as the receiver reads it.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "anim/link/protocol.h"

namespace anim::fuzz {

inline link::Watching link_watching() {
  link::Watching w;
  w.character = 0;
  w.setup = 1;
  w.name = "c0";
  w.parameters = {{"speed", ParameterType::kFloat},
                  {"stop", ParameterType::kTrigger},
                  {"aim", ParameterType::kVector3},
                  {"mode", ParameterType::kInt}};
  w.layers = {{"", {"Idle", "Walk", "Run"}, 3}, {"upper", {"Wave"}, 0}};
  w.events = {"footstep"};
  return w;
}

inline link::Limits link_limits(bool game_side) {
  if (!game_side) return link::client_limits(link_watching());
  link::Limits l;
  l.characters = 3;
  l.parameters = 4;
  return l;
}

struct LinkStreamResult {
  int decoded = 0;       // Messages decoded.
  bool refused = false;  // A message was refused (the receiver would close the connection).
  std::size_t left = 0;  // Bytes of an incomplete message at the end.
};

// Decodes the stream as the receiver does, stopping at the first refusal. Every decoded message
// is encoded again, and must give back the bytes it came from (the decoder kept nothing it did
// not check, and lost nothing); otherwise aborts, which the fuzzer reports.
inline LinkStreamResult decode_link_stream(const uint8_t* data, std::size_t size) {
  LinkStreamResult result;
  if (size == 0) return result;
  const link::Limits limits = link_limits(data[0] % 2 == 0);
  std::size_t at = 1;
  while (size - at >= link::kHeaderBytes) {
    uint8_t head[link::kHeaderBytes];
    std::memcpy(head, data + at, link::kHeaderBytes);
    Result<link::Header> h = link::decode_header(head);
    if (!h.ok()) {
      result.refused = true;
      return result;
    }
    if (size - at - link::kHeaderBytes < h.value().payload) break;
    const std::size_t whole = link::kHeaderBytes + h.value().payload;
    Result<link::Message> m = link::decode(
        h.value().type, Span<const uint8_t>(data + at + link::kHeaderBytes, h.value().payload),
        limits);
    if (!m.ok()) {
      result.refused = true;
      return result;
    }
    std::vector<uint8_t> again;
    link::encode(m.value(), again);
    if (again.size() != whole || std::memcmp(again.data(), data + at, whole) != 0) std::abort();
    ++result.decoded;
    at += whole;
  }
  result.left = size - at;
  return result;
}

}  // namespace anim::fuzz
