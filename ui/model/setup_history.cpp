#include "anim/ui/model/setup_history.h"

#include <utility>

namespace anim::ui {
namespace {
const std::string kNothing;
}  // namespace

void SetupHistory::reset(setup::Setup current, bool saved) {
  undo_.clear();
  redo_.clear();
  current_ = Entry{std::move(current), "", next_id_++};
  saved_id_ = saved ? current_.id : 0;
}

void SetupHistory::push(setup::Setup edited, std::string what) {
  undo_.push_back(std::move(current_));
  if (undo_.size() > kMaxUndo) undo_.erase(undo_.begin());
  redo_.clear();
  current_ = Entry{std::move(edited), std::move(what), next_id_++};
}

const std::string& SetupHistory::undo_label() const {
  return undo_.empty() ? kNothing : current_.what;
}

const std::string& SetupHistory::redo_label() const {
  return redo_.empty() ? kNothing : redo_.back().what;
}

bool SetupHistory::undo() {
  if (undo_.empty()) return false;
  redo_.push_back(std::move(current_));
  current_ = std::move(undo_.back());
  undo_.pop_back();
  return true;
}

bool SetupHistory::redo() {
  if (redo_.empty()) return false;
  undo_.push_back(std::move(current_));
  current_ = std::move(redo_.back());
  redo_.pop_back();
  return true;
}

}  // namespace anim::ui
