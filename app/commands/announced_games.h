#pragma once
// The games that announce themselves to the tool (anim_link's LinkServer): one JSON file per game,
// $XDG_RUNTIME_DIR/animscope/<pid>.json, holding {"pid", "port", "token", "name"}. For
// `animscope attach`.
#include <cstdint>
#include <string>
#include <vector>

#include "anim/result.h"

namespace anim::app {

struct AnnouncedGame {
  int pid = 0;
  uint16_t port = 0;
  std::string token;
  std::string name;
  std::string file;  // The announcement it came from.
};

// $XDG_RUNTIME_DIR/animscope; an error when XDG_RUNTIME_DIR is unset or empty.
Result<std::string> announcement_dir();

// The games announced in `dir` whose process still runs, by pid. A file that is not a readable
// announcement (or whose process is gone: a game that was killed) is skipped. No folder: none.
std::vector<AnnouncedGame> announced_games(const std::string& dir);

// The games of `games` that `which` names: its name, or its pid when it is a number. All of them
// when `which` is empty.
std::vector<AnnouncedGame> games_named(const std::vector<AnnouncedGame>& games,
                                       const std::string& which);

}  // namespace anim::app
