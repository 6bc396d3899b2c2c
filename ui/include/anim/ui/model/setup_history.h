#pragma once
// Undo and redo for a setup being edited in the tool: whole-setup snapshots (a setup is a few
// kilobytes), each labelled with what changed, plus whether the current one is saved.
#include <cstdint>
#include <string>
#include <vector>

#include "anim/setup/setup.h"

namespace anim::ui {

class SetupHistory {
 public:
  // Starts over from `current` (just loaded or created): nothing to undo, and clean unless
  // `saved` is false (a new setup that exists in no file yet).
  void reset(setup::Setup current, bool saved = true);
  const setup::Setup& current() const { return current_.setup; }

  // An edit: `edited` becomes current; what was current can be undone; redo is forgotten.
  void push(setup::Setup edited, std::string what);
  bool can_undo() const { return !undo_.empty(); }
  bool can_redo() const { return !redo_.empty(); }
  // What the next undo / redo would change back, e.g. "rename state"; empty when none.
  const std::string& undo_label() const;
  const std::string& redo_label() const;
  bool undo();
  bool redo();

  // Whether the current setup differs from the one last saved (undoing back to it is clean).
  bool dirty() const { return current_.id != saved_id_; }
  void mark_saved() { saved_id_ = current_.id; }
  // Which version of the setup is current: a new number for every reset and edit (undo and redo
  // bring back the number of the version they return to). Never 0.
  std::uint64_t revision() const { return current_.id; }
  // The revision last saved or loaded clean; 0 for a setup in no file. Unlike dirty(), it moves
  // on when another revision is saved, not when an undo returns to the saved one: a watcher can
  // tell that the file was just written.
  std::uint64_t saved_revision() const { return saved_id_; }

  // Most snapshots kept for undo; older ones are dropped.
  static constexpr std::size_t kMaxUndo = 200;

 private:
  struct Entry {
    setup::Setup setup;
    std::string what;  // The edit that produced this setup ("" for the first).
    std::uint64_t id = 0;
  };
  Entry current_;
  std::vector<Entry> undo_, redo_;
  std::uint64_t next_id_ = 1;
  std::uint64_t saved_id_ = 0;
};

}  // namespace anim::ui
