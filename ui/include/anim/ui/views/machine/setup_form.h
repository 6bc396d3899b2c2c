#pragma once
// What every view that edits a setup's fields shares (the Setup panel's tables, the Inspector,
// the Parameters sidebar): a working copy of one state machine of the document's setup, the
// widgets that edit it, and the commit that makes a finished edit one undo step
// (Document::edit_setup). The fields of a parameter, a state, a transition and a layer are drawn
// by one function each, into a table row or a labelled form (Cells), so the tables and the
// Inspector edit through the same rules.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "anim/model.h"
#include "anim/setup/setup.h"
#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/widgets/enum_combo.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

struct TransitionWhy;

// Where the next field goes: the next column of the current table row, or (a form) a new line
// with its label on the left.
class Cells {
 public:
  static Cells table(int first_column = 0) { return Cells(true, first_column); }
  static Cells form() { return Cells(false, 0); }
  // Moves to the next field, labelled `label` in a form.
  void next(const char* label);
  bool is_table() const { return table_; }

 private:
  Cells(bool table, int column) : table_(table), column_(column) {}
  bool table_;
  int column_;
};

class SetupForm {
 public:
  // The copy the widgets edit: the shown machine of the document's setup (machine_view) plus the
  // edit in progress, if any.
  const setup::Setup& working() const { return working_; }
  // Rects of the last frame, for tests (each view lists its names).
  ItemRects rects;

 protected:
  // Starts a frame on machine `machine` (0 the base, i + 1 layer i) of the document's setup, or
  // on the machine nested in it at `level` (nested_graph.h; {} its top), shown as a setup of its
  // own (nested_view) and stored back by its path (store_nested_view): between edits the
  // document is the truth, so an undo elsewhere shows at once; during one, working_ keeps what is
  // typed until the field is left. A level that is gone is its machine's top. False without a
  // setup.
  bool begin(const Document& doc, int machine = 0, const std::vector<std::string>& level = {});
  // Ends the frame: a finished edit is queued as one undo step of the document.
  void end(const Document& doc, Commands& cmds);
  // Queues the finished edit now, before a view that edits the setup too (the blend space
  // editor) builds on it (Commands::setup).
  void flush(const Document& doc, Commands& cmds);
  // Takes the setup again as this frame's queued edits leave it (after another view edited it).
  void reload(const Document& doc, const Commands& cmds);
  int machine() const { return machine_; }
  const std::vector<std::string>& level() const { return level_; }
  // The document's shown machine (and level) as the committed state of working_.
  setup::Setup saved_view(const setup::Setup& setup) const;

  // --- Widgets: each edits working_ and, once the edit is finished, asks for a commit ---
  bool text_field(const char* id, const std::string& rect, std::string* text);
  bool float_field(const char* id, const std::string& rect, float* value, float speed,
                   float min = 0.0f, float max = 0.0f, const char* format = "%.3f");
  bool int_field(const char* id, const std::string& rect, float* value);
  // A checkbox ("<name>_on:<row>") and, while it is on, the value ("<name>:<row>").
  bool optional_float_field(const char* name, std::size_t row, std::optional<float>* value,
                            float when_enabled, float speed);
  // Notes whether the last widget is being edited; true when its edit just finished.
  bool finished_edit();
  bool begin_combo(const char* id, const std::string& rect, const char* preview);
  bool combo_choice(const std::string& rect, const char* label, bool chosen);
  bool name_choice(const std::string& rect, const std::string& name, std::string* value);
  // A combo of `count` labels, `current` the chosen one (or -1), showing `preview`: the index of
  // another one picked, or -1.
  int choice_combo(const char* id, const std::string& rect, const char* const* labels,
                   std::size_t count, int current, const char* preview);
  // A combo of an enum's `choices`, named as the setup file names them (ui::enum_combo).
  template <class E, std::size_t N>
  bool enum_combo(const char* id, const std::string& rect, const E (&choices)[N], E* value) {
    return ui::enum_combo(rects, id, rect, choices, value);
  }
  bool remove_button(const std::string& rect, const char* tooltip);
  // Asks for `what` to become an undo step at the end of this frame.
  void commit(std::string what);

  // --- Fields of one item of working_, `i` its index (the rects' row) ---
  // Name, type, default, min, max, rate. `saved` is the document's setup (what a rename
  // started from).
  void parameter_fields(const setup::Setup& saved, std::size_t i, Cells cells);
  // Name, motion (a clip of `clips` or a blend space), speed, loop.
  void state_fields(const setup::Setup& saved, const std::vector<Clip>& clips, std::size_t i,
                    Cells cells);
  // From, to, exit time, duration, offset, interruption.
  void transition_fields(std::size_t i, Cells cells);
  // The conditions of transition `i`, a table row each, in `columns` of the current table: the
  // "when"/"and" label, the parameter, the op, the value and the remove button; then "Add
  // condition".
  // With `live` (the Inspector, while the machine plays the transition), the `live` column
  // shows each condition's value in the last update, green when it held and red when not.
  struct ConditionColumns {
    int label, parameter, op, value, remove;
    int live = -1;
  };
  void condition_rows(std::size_t i, ConditionColumns columns, const TransitionWhy* live = nullptr);
  // Condition `j` of transition `i` as one row; true when its remove button was clicked.
  bool condition_row(std::size_t i, std::size_t j, ConditionColumns columns,
                     const TransitionWhy* live);
  // The condition's parameter, op (those its parameter's type allows) and value (a checkbox for
  // a bool, none for an op without one); `p` is its parameter, `what` the edit's name.
  const setup::SetupParameter* condition_parameter_combo(std::size_t i, std::size_t j,
                                                         const std::string& what);
  void condition_op_combo(std::size_t i, std::size_t j, const setup::SetupParameter* p,
                          const std::string& what);
  void condition_value_field(std::size_t i, std::size_t j, const setup::SetupParameter* p,
                             const std::string& what);
  // Name, blend, weight, weight parameter, reference, mask (Selection::mask_layer).
  void layer_fields(const setup::Setup& saved, const std::vector<Clip>& clips, std::size_t i,
                    Selection& sel, Cells cells);
  // Layer `i`'s blend (override or additive), the float parameter scaling its weight, the
  // additive reference clip (of `clips`) and the checkbox that edits its mask.
  void layer_blend_combo(std::size_t i);
  void layer_weight_parameter_combo(std::size_t i);
  void layer_reference_combo(const std::vector<Clip>& clips, std::size_t i);
  void layer_mask_toggle(std::size_t i, Selection& sel);

  setup::Setup working_;
  std::string pending_;  // The edit to commit at the end of the frame, if any.

 private:
  // A state's name field edited this frame: flush() makes it the one rename every view makes
  // (Commands::rename_state), so the box keeps its place; working_'s own edit is the fallback
  // for a rename that cannot carry references (a duplicate being fixed, a name taken).
  struct StateRename {
    std::size_t index = 0;
    std::string from, to;
  };
  std::optional<StateRename> state_rename_;

 protected:
  // The transition ("A -> B") whose first condition just turned its exit time off: its condition
  // rows say so until the next edit.
  std::optional<std::string> exit_time_note_;

 private:
  std::uint64_t doc_ = 0;  // Whose setup working_ copies (Document::stamp().document; 0: none).
  int machine_ = 0;        // Which of its machines,
  std::vector<std::string> level_;  // and which machine nested in it.
  bool editing_ = false;            // A field of this view was being edited last frame.
  bool editing_now_ = false;        // ... this frame, so far.
};

namespace setup_form {

// "State 1", "State 2", ...: the first not taken, so a new row never starts as a duplicate.
template <class T>
std::string unique_name(const std::vector<T>& items, const char* base) {
  for (int n = 1;; ++n) {
    std::string name = std::string(base) + " " + std::to_string(n);
    bool taken = false;
    for (const T& item : items) taken = taken || item.name == name;
    if (!taken) return name;
  }
}

// "A -> B".
std::string transition_text(const setup::SetupTransition& t);

// Renames parameter `from` to `to` in every condition, blend space and layer weight that names
// it (unless another parameter still has the old name).
void rename_parameter(setup::Setup* setup, const std::string& from, const std::string& to);

// Renames blend space `from` to `to` in every state that plays it, the layers' too (unless
// another space still has the old name: the user is fixing a duplicate).
void rename_blend_space(setup::Setup* setup, const std::string& from, const std::string& to);

}  // namespace setup_form

}  // namespace anim::ui
