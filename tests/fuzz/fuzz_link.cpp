// libFuzzer harness: the game link's decoder (anim_link, protocol.h) on a connection's bytes, as
// the game reads a tool's messages and as the tool reads a game's (link_stream.h says how the
// input is laid out). Every message must be refused or decoded within the limits it was checked
// against, and encode back to the very bytes it came from.
#include <cstddef>
#include <cstdint>

#include "link_stream.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  anim::fuzz::decode_link_stream(data, size);
  return 0;
}
