#include "anim/ui/model/attach_link.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "anim/setup/setup.h"

namespace anim::ui {
namespace {

// Seconds between two of the game's frames as the tool records them: the game's own clock, kept
// within what one display frame can reasonably be (the first frame, a stall).
float frame_seconds(double previous, double now) {
  if (previous < 0.0) return 1.0f / 60.0f;
  return static_cast<float>(std::clamp(now - previous, 1e-4, 0.25));
}

// Whether the tool can read the file at `path` (the game may run on another machine).
bool readable(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) return false;
  std::ifstream in(path, std::ios::binary);
  return in.good();
}

// Whether `a` and `b` name the same file (the same string, or the same file on disk).
bool same_file(const std::string& a, const std::string& b) {
  if (a.empty() || b.empty()) return false;
  if (a == b) return true;
  std::error_code error;
  return std::filesystem::equivalent(a, b, error) && !error;
}

bool has_errors(const Document& doc) {
  for (const Diagnostic& d : doc.setup_problems())
    if (d.severity == Diagnostic::Severity::kError) return true;
  return false;
}

}  // namespace

void AttachLink::sync(Document& doc) {
  const AttachSession::Snapshot s = session.status();
  // The game's answers to applied setups.
  if (s.applies_answered > answers_seen) {
    answers_seen = s.applies_answered;
    if (s.apply_error.empty()) {
      game_revision = sent_revision;
      apply_note = "applied: the game runs the tool's setup r" + std::to_string(game_revision);
    } else {
      apply_note = "the game refused the setup: " + s.apply_error;
    }
  }
  std::vector<link::Frame> frames = session.take_frames();
  if (s.phase == AttachSession::Phase::kFailed || s.phase == AttachSession::Phase::kLost ||
      s.phase == AttachSession::Phase::kDetached) {
    content_asked.clear();  // A game attached anew is asked about again.
    content_note.clear();
    watch_name.clear();
  }
  if (s.phase == AttachSession::Phase::kAttached && !watch_name.empty() && s.lists > 0) {
    bool found = false;
    for (std::size_t i = 0; i < s.characters.size() && !found; ++i) {
      if (s.characters[i].name != watch_name) continue;
      session.watch(static_cast<uint32_t>(i));
      found = true;
    }
    watch_error = found ? "" : "the game has no character \"" + watch_name + "\"";
    watch_name.clear();
  }
  if (s.phase != AttachSession::Phase::kWatching) {
    if (doc.following_game()) doc.stop_following_game();
    mismatch.clear();
    watched_setup = 0;
    last_frame_time = -1.0;
    doc.take_game_edits();  // Nobody to send them to.
    return;
  }
  if (s.watching.setup != watched_setup) {
    watched_setup = s.watching.setup;
    mismatch = doc.game_mismatch(s.watching);
    // A new description the document does not run: open the game's file, if it says one.
    if (!mismatch.empty()) ask_for_content(doc, s.content);
  } else if (!frames.empty()) {
    mismatch = doc.game_mismatch(s.watching);  // The tool's setup may have changed.
  }
  if (mismatch.empty() && !content_asked.empty() &&
      (same_file(doc.path(), content_asked) || same_file(doc.setup_path(), content_asked)))
    content_note = "the tool opened the game's file " + content_asked;
  for (const link::Frame& f : frames) {
    if (f.setup != s.watching.setup) continue;  // Of a description already replaced.
    if (!mismatch.empty()) break;
    if (!doc.follow_game_frame(f, frame_seconds(last_frame_time, f.time))) {
      mismatch = "a frame of the game does not fit the tool's machine";
      break;
    }
    last_frame_time = f.time;
  }
  if (!mismatch.empty() && doc.following_game()) doc.stop_following_game();
  for (const Document::GameEdit& e : doc.take_game_edits()) {
    const auto p = static_cast<uint32_t>(e.parameter);
    switch (e.kind) {
      case Document::GameEdit::Kind::kValue:
        session.set_value(p, e.value);
        break;
      case Document::GameEdit::Kind::kTrigger:
        session.fire_trigger(p);
        break;
      case Document::GameEdit::Kind::kVector:
        session.set_vector(p, e.vector);
        break;
    }
  }
  if (auto_apply && doc.has_setup() && !has_errors(doc) &&
      doc.setup_history().revision() != sent_revision && !s.apply_pending)
    apply(doc);
}

void AttachLink::ask_for_content(const Document& doc, const std::string& content) {
  if (content.empty() || content == content_asked) return;
  content_asked = content;
  // Already open (and edited since, or not the game's setup after all): the mismatch says why.
  if (same_file(doc.path(), content) || same_file(doc.setup_path(), content)) return;
  if (!readable(content)) {
    content_note = "the game runs " + content +
                   ", which the tool cannot read here (does the game run on another machine?)";
    return;
  }
  open_request = content;
  content_note = "opening the game's file " + content + "...";
}

void AttachLink::apply(const Document& doc) {
  if (!doc.has_setup()) return;
  sent_revision = doc.setup_history().revision();
  apply_note = "applying setup r" + std::to_string(sent_revision) + "...";
  session.apply(setup::to_json_text(*doc.setup()));
}

std::string AttachLink::status_line(const Document& doc) const {
  const AttachSession::Snapshot s = session.status();
  if (s.phase == AttachSession::Phase::kDetached) return "";
  if (s.phase != AttachSession::Phase::kWatching) return s.message;
  std::string line = s.game + ": " + s.watching.name + ", ";
  if (game_revision == 0) {
    line += "the game's own setup (description " + std::to_string(s.watching.setup) + ")";
  } else {
    line += "setup r" + std::to_string(game_revision) +
            (doc.has_setup() && doc.setup_history().revision() == game_revision
                 ? " (the tool's)"
                 : " (the tool's is r" +
                       std::to_string(doc.has_setup() ? doc.setup_history().revision() : 0) +
                       ": Apply to game)");
  }
  if (!mismatch.empty()) line += "; not shown: " + mismatch;
  return line;
}

}  // namespace anim::ui
