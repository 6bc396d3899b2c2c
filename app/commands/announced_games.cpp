#include "commands/announced_games.h"

#include <signal.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace anim::app {
namespace {

// The announcement in `path`, or nothing when it is not one.
bool read_announcement(const std::string& path, AnnouncedGame& game) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream text;
  text << in.rdbuf();
  const nlohmann::json j = nlohmann::json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return false;
  const auto pid = j.find("pid");
  const auto port = j.find("port");
  const auto token = j.find("token");
  const auto name = j.find("name");
  if (pid == j.end() || !pid->is_number_integer() || port == j.end() ||
      !port->is_number_integer() || token == j.end() || !token->is_string() || name == j.end() ||
      !name->is_string())
    return false;
  const int64_t p = pid->get<int64_t>(), n = port->get<int64_t>();
  if (p <= 0 || p > 0x7fffffff || n <= 0 || n > 65535) return false;
  game.pid = static_cast<int>(p);
  game.port = static_cast<uint16_t>(n);
  game.token = token->get<std::string>();
  game.name = name->get<std::string>();
  game.file = path;
  return true;
}

// Whether process `pid` exists (one of another user's answers EPERM: it exists too).
bool running(int pid) { return ::kill(pid, 0) == 0 || errno == EPERM; }

}  // namespace

Result<std::string> announcement_dir() {
  const char* runtime = std::getenv("XDG_RUNTIME_DIR");
  if (runtime == nullptr || *runtime == '\0')
    return Error{Error::Code::kNotFound,
                 "XDG_RUNTIME_DIR is not set: no games are announced (name one with --port and "
                 "--token)",
                 ""};
  return std::string(runtime) + "/animscope";
}

std::vector<AnnouncedGame> announced_games(const std::string& dir) {
  std::vector<AnnouncedGame> games;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
    if (entry.path().extension() != ".json") continue;
    AnnouncedGame game;
    if (read_announcement(entry.path().string(), game) && running(game.pid))
      games.push_back(std::move(game));
  }
  std::sort(games.begin(), games.end(),
            [](const AnnouncedGame& a, const AnnouncedGame& b) { return a.pid < b.pid; });
  return games;
}

std::vector<AnnouncedGame> games_named(const std::vector<AnnouncedGame>& games,
                                       const std::string& which) {
  if (which.empty()) return games;
  const bool number =
      std::all_of(which.begin(), which.end(), [](char c) { return c >= '0' && c <= '9'; });
  std::vector<AnnouncedGame> named;
  for (const AnnouncedGame& g : games) {
    if (g.name == which || (number && which.size() < 10 && g.pid == std::atoi(which.c_str())))
      named.push_back(g);
  }
  return named;
}

Result<AnnouncedGame> pick_game(const std::string& which, std::optional<int> port,
                                const std::optional<std::string>& token) {
  if (port) {
    AnnouncedGame g;
    g.port = static_cast<uint16_t>(*port);
    g.token = token.value_or("");
    return g;
  }
  Result<std::string> dir = announcement_dir();
  if (!dir.ok()) return dir.error();
  const std::vector<AnnouncedGame> games = games_named(announced_games(dir.value()), which);
  if (games.empty()) {
    return Error{Error::Code::kNotFound,
                 which.empty() ? "no game is announced in " + dir.value()
                               : "no game \"" + which + "\" is announced in " + dir.value(),
                 ""};
  }
  if (games.size() > 1) {
    std::string pids;
    for (const AnnouncedGame& g : games) pids += " " + std::to_string(g.pid);
    return Error{Error::Code::kInvalidArgument,
                 std::to_string(games.size()) + " games are announced: name one by its pid (" +
                     pids.substr(1) + ")",
                 ""};
  }
  return games[0];
}

}  // namespace anim::app
