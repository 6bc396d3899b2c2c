#pragma once
// File > Attach to game... (issue 29): the games announced on this machine (pid, name) and a
// host:port with its token for another; once attached, the game's characters, filterable, with
// their current state, one of which to watch; the watched character's description against the
// tool's setup; "Apply to game" (and an automatic mode) for setup edits, with the game's answer.
// The window only asks the AttachSession (which talks to the game on its own thread: nothing
// here waits for the network); the tool feeds the session's frames to the Document
// (AttachLink, attach_link.h), so the Document stays the single writer.
#include <cstdint>
#include <string>
#include <vector>

#include "anim/ui/model/attach_link.h"
#include "anim/ui/model/document.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

// A game that announced itself on this machine (the tool reads the announcements).
struct AnnouncedGameEntry {
  int pid = 0;
  uint16_t port = 0;
  std::string token;
  std::string name;
};

class AttachWindow {
 public:
  bool open = false;
  // Draws the window while open. `games`: the games announced on this machine now.
  void draw(const Document& doc, const std::vector<AnnouncedGameEntry>& games, AttachLink& link);
  // Its contents, inside the current window (draw(); tests).
  void draw_contents(const Document& doc, const std::vector<AnnouncedGameEntry>& games,
                     AttachLink& link);

  // Rects of the last frame, for tests: "game:<i>" (attach to announced game i), "host",
  // "port", "token", "attach_other", "detach", "filter", "character:<i>" (watch), "apply",
  // "auto_apply", "content_note" (the line about the game's file, or where it would be).
  const ItemRects& rects() const { return rects_; }

 private:
  void games_section(const std::vector<AnnouncedGameEntry>& games, AttachLink& link);
  void other_game_section(AttachLink& link);
  void characters_section(const AttachSession::Snapshot& s, AttachLink& link);
  void watched_section(const Document& doc, const AttachSession::Snapshot& s, AttachLink& link);

  char host_[64] = "127.0.0.1";
  char port_[8] = "";
  char token_[80] = "";
  char filter_[64] = "";
  ItemRects rects_;
};

}  // namespace anim::ui
