#include "gui/attach_actions.h"

#include <filesystem>

#include "commands/announced_games.h"
#include "gui/setup_actions.h"

namespace anim::app {

void sync_attach(Tool& tool) {
  ui::AttachLink& link = tool.attach.link;
  link.sync(*tool.doc);
  const std::string path = link.take_open_request();
  if (path.empty()) return;
  show_notice(tool, "Opening " + std::filesystem::path(path).filename().string() +
                        ", the file the game runs (" + path + ")");
  request(tool, {PendingAction::Kind::kOpen, path});
}

Status start_attach(Tool& tool, const AttachRequest& request) {
  Result<AnnouncedGame> game = pick_game(request.game, request.port, request.token);
  if (!game.ok()) return game.error();
  ui::AttachSession::Target target;
  target.port = game.value().port;
  target.token = game.value().token;
  target.name = game.value().name.empty() ? "127.0.0.1:" + std::to_string(target.port)
                                          : game.value().name;
  ui::AttachLink& link = tool.attach.link;
  link.session.connect(target);
  link.watch_name = request.watch;
  link.watch_error.clear();
  return Ok{};
}

bool following_game(const Tool& tool) {
  return tool.doc && tool.doc->following_game() &&
         tool.attach.link.session.status().phase == ui::AttachSession::Phase::kWatching;
}

std::string attach_summary(const Tool& tool) {
  const ui::AttachLink& link = tool.attach.link;
  const ui::AttachSession::Snapshot s = link.session.status();
  std::string line = s.message.empty() ? std::string(ui::to_string(s.phase)) : s.message;
  if (s.phase == ui::AttachSession::Phase::kWatching) {
    line = "attached to " + s.game + " (pid " + std::to_string(s.pid) + "), ";
    line += following_game(tool) ? "following " + s.watching.name
                                 : "not following " + s.watching.name + ": " +
                                       (link.mismatch.empty() ? "no frame yet" : link.mismatch);
  }
  if (!link.watch_error.empty()) line += "; " + link.watch_error;
  if (!link.content_note.empty()) line += "; " + link.content_note;
  return line;
}

}  // namespace anim::app
