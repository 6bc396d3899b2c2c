#pragma once
// The games that announce themselves to the tool (anim_link's LinkServer): one JSON file per game,
// $XDG_RUNTIME_DIR/animscope/<pid>.json, holding {"pid", "port", "token", "name"}. For
// `animscope attach`.
#include <cstdint>
#include <optional>
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

// The game a command line names (`animscope attach`, the tool's --attach): `port` with `token`
// (both or neither), else the one game announced here that `which` names (a name or pid; empty:
// the only one). An error when none or several are announced, naming the folder or the pids.
Result<AnnouncedGame> pick_game(const std::string& which, std::optional<int> port,
                                const std::optional<std::string>& token);

}  // namespace anim::app
