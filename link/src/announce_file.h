#pragma once
// The game's announcement ($XDG_RUNTIME_DIR/animscope/<pid>.json, mode 0600) and its removal on
// SIGTERM.
#include <cstdint>
#include <string>

#include "anim/result.h"

namespace anim::link::detail {

// `dir` ("" for $XDG_RUNTIME_DIR/animscope) created with mode 0700 when missing; the file
// <dir>/<pid>.json written with mode 0600 (created exclusively: an existing file of that name is
// replaced only after it is unlinked). Returns its path.
Result<std::string> write_announcement(const std::string& dir, int pid, uint16_t port,
                                       const std::string& token, const std::string& name);
// Removes the file and forgets it (the SIGTERM handler no longer removes it).
void remove_announcement(const std::string& path);
// `text` as the inside of a JSON string (quotes, backslashes and control characters escaped).
std::string json_escape(const std::string& text);
// 32 hex digits from /dev/urandom; an error when it cannot be read.
Result<std::string> random_token();

}  // namespace anim::link::detail
