#pragma once
// Asking the memory system for lines a character's frame reads a little later. A crowd's
// per-character state (parameters, tracks, sampling cursors) is cold each frame: fetched one
// pointer after another, each miss waits for the one before; asked for together and ahead, the
// misses overlap each other and the work in between.
#include <cstddef>

namespace anim::detail {

// kWrite: for lines about to be written (they must be in cache, owned, to be written).
enum class Access { kRead, kWrite };

// The lines of [p, p + bytes), the first `max_lines` of them at most (what one frame reads of a
// buffer that may be larger).
template <Access access = Access::kRead>
inline void prefetch_bytes(const void* p, std::size_t bytes, std::size_t max_lines = 32) {
  constexpr std::size_t kLine = 64;
  const char* c = static_cast<const char*>(p);
  for (std::size_t i = 0; i < bytes && i < max_lines * kLine; i += kLine) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(c + i, access == Access::kWrite ? 1 : 0);
#else
    (void)c;
#endif
  }
}

}  // namespace anim::detail
