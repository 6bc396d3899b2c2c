#pragma once
// The tool attached to a game, frame by frame (issue 29), without ImGui: the AttachSession that
// talks to the game, and what the tool does with it every frame whether the Attach window shows
// or not. Tests drive it directly.
#include <cstdint>
#include <string>
#include <utility>

#include "anim/ui/model/attach_session.h"
#include "anim/ui/model/document.h"

namespace anim::ui {

// What the tool does with the session each frame, whether the window shows or not: the game's
// frames into the Document, the Parameters sidebar's edits to the game, setup edits applied
// automatically when asked, the game's file to open when the document does not run its setup,
// and the line the status bar shows.
struct AttachLink {
  AttachSession session;
  bool auto_apply = false;        // Apply each setup edit to the game as it is made.
  std::uint64_t sent_revision = 0;     // The tool's setup revision last sent to the game...
  std::uint64_t game_revision = 0;     // ... and the one the game took (0: the game's own).
  int answers_seen = 0;                // Apply answers already read from the session.
  std::string apply_note;              // The last answer: "applied", or the refusal's reason.
  std::string mismatch;                // Why the watched character cannot be shown, or "".
  uint32_t watched_setup = 0;          // Its description's version, as the game numbers them.
  double last_frame_time = -1.0;       // The game's clock at the last frame followed.
  // A character to watch by name once the game has listed its characters (the command line's
  // --watch); cleared when asked for. watch_error says when the game has none of that name.
  std::string watch_name;
  std::string watch_error;
  // The game's file (Snapshot::content) for the tool to open, through its usual open path,
  // because the document does not run the game's setup: set by sync() once per file and
  // attachment, taken by the tool (take_open_request).
  std::string open_request;
  std::string content_asked;  // The game's file already asked for in this attachment.
  std::string content_note;   // What became of it, for the Attach window ("" when nothing).

  // Once per frame, before the document updates: follows the session's new frames in `doc`,
  // sends the game the parameter edits the document queued for it, and applies setup edits
  // when auto_apply is on.
  void sync(Document& doc);
  // Sends the document's setup to the game now.
  void apply(const Document& doc);
  // The file to open for the game (see open_request), once; "" when none.
  std::string take_open_request() { return std::exchange(open_request, std::string()); }
  // Asks the tool to open the game's `content` for `doc` (open_request), or says in
  // content_note why not (not readable here); once per file and attachment.
  void ask_for_content(const Document& doc, const std::string& content);
  // For the status bar: "game_loop: c0, setup r12 (the tool's)", or empty when not attached.
  std::string status_line(const Document& doc) const;
};

}  // namespace anim::ui
