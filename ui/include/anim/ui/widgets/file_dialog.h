#pragma once
// The in-app file dialog (File > Open, Save As, Add animations): a modal ImGui popup over a
// folder listing.
// The logic (navigate, submit, activate, accept, cancel) is public so that menus, drag and
// drop and tests can drive the dialog exactly as its widgets do.
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "anim/ui/files/directory_listing.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

enum class FileDialogMode {
  kOpen,  // Choose an existing file.
  kSave,  // Choose a new or existing file name in an existing folder.
  // Choose one or more existing files: Ctrl+click toggles a file, Shift+click selects a range
  // of files, and the path field takes a list of quoted names ("a.fbx" "b.fbx").
  kOpenMany,
};

// One entry of the file-type combo.
struct FileFilter {
  std::string label;                    // e.g. "Supported models (*.fbx, *.x, ...)".
  std::vector<std::string> extensions;  // Lower-case, no dot; empty matches every file.
};

// "<name> (*.a, *.b, ...)" listing at most `max_listed` patterns, over `extensions`.
FileFilter make_file_filter(const std::string& name, std::vector<std::string> extensions,
                            std::size_t max_listed = 6);
// "Supported models (...)" over the importer's extensions (anim::import::supported_extensions).
FileFilter model_file_filter(const std::vector<std::string>& extensions);
// "Setup JSON (*.json)".
FileFilter json_file_filter();
// Baked packages (.animpack).
FileFilter package_file_filter();
// "All files".
FileFilter all_files_filter();

class FileDialog {
 public:
  // Opens (or re-opens) the dialog; draw() shows it from the next call on.
  // - `start_directory`: where to begin; a file path begins in its folder and, in Save mode,
  //   pre-fills its name. Falls back to the working folder when missing or empty.
  // - `filters`: the file-type combo in this order, the first active; "All files" is added
  //   when none matches every file.
  void open(const std::string& title, const std::string& start_directory,
            std::vector<FileFilter> filters, FileDialogMode mode = FileDialogMode::kOpen);

  // Draws the dialog (call every frame, inside an ImGui frame, from the same ID scope).
  // Returns the chosen absolute path once, on the frame it is chosen; nullopt otherwise,
  // including when the dialog is cancelled (is_open() then turns false). When several files
  // are chosen (kOpenMany) this is the first of chosen().
  std::optional<std::string> draw();
  // Every absolute path of the last choice: the selected files in listing order, or typed
  // names in the typed order (each once). Empty from open() until a choice, and after cancel().
  const std::vector<std::string>& chosen() const { return chosen_; }

  bool is_open() const { return open_; }
  FileDialogMode mode() const { return mode_; }
  const std::string& title() const { return title_; }

  // --- State shown by the widgets ---
  const std::string& directory() const { return listing_.directory; }
  const DirectoryListing& listing() const { return listing_; }  // Folders first, filtered.
  // The last action's problem (bad typed path, missing file, ...); empty when none. Listing
  // problems are in listing().error.
  const std::string& error() const { return error_; }
  // The last row clicked without Shift (the start of a Shift+click range): a name in
  // listing(), or empty. In kOpen and kSave modes it is the whole selection.
  const std::string& selected() const { return selected_; }
  // The names selected in listing(), in its order: one folder or file, or (kOpenMany) any
  // number of files. Names the listing no longer shows are dropped.
  const std::vector<std::string>& selection() const { return selection_; }
  const std::string& path_text() const { return path_text_; }
  void set_path_text(std::string text) { path_text_ = std::move(text); }
  // Save mode: the existing file waiting for "Replace" / "Keep"; empty when none.
  const std::string& pending_overwrite() const { return pending_overwrite_; }
  // What the OK button reads: "Open", "Save", "Replace", or in kOpenMany "Add" and, with
  // several files selected, "Add 3 files".
  std::string ok_label() const;

  // --- Actions (what the widgets do) ---
  // Enters `path` (relative to directory(), "~" expanded). False, with error(), when it is
  // not a folder. An unreadable folder is entered and its listing carries the error.
  bool navigate(const std::string& path);
  bool go_up();    // To the parent folder; false at the root.
  void refresh();  // Re-reads the folder (after filters, hidden files or outside changes).
  // What Enter in the path field does: a folder is entered; a file is chosen (Open: it must
  // exist; Save: its folder must exist, the filter's first extension is added when the name
  // matches none, and an existing file asks for confirmation first, see pending_overwrite()).
  // kOpenMany also takes a list of quoted names ("a.fbx" "b.fbx"; a backslash escapes a quote
  // or a backslash), relative to directory(): each must be an existing file, or none is chosen.
  // False, with error(), when the input was rejected.
  bool submit(const std::string& typed);
  // Single click on a row: selects only it and fills the path field.
  void select(const std::string& name);
  // Ctrl+click (kOpenMany): adds a file to the selection or takes it out. A folder, or any
  // row in the other modes, is selected alone as by select().
  void toggle_select(const std::string& name);
  // Shift+click (kOpenMany): selects the files listed from selected() to `name`, both
  // included, folders skipped; selected() stays where the range starts. Without a start, a
  // folder, or in the other modes, the row is selected alone as by select().
  void extend_select(const std::string& name);
  // Double click on a row: enters a folder, or chooses that file alone.
  bool activate(const std::string& name);
  // OK: submits the path field (or, when the field is empty, the selected rows).
  bool accept();
  void cancel();  // Cancel, Escape or the close button: closes without a choice.
  // Save mode: answers the overwrite question; true chooses the pending file.
  void confirm_overwrite(bool replace);
  // Goes to a recent file: enters its folder and selects it. False when it no longer exists.
  bool use_recent(const std::string& path);

  // --- Options ---
  const std::vector<FileFilter>& filters() const { return filters_; }
  int filter_index() const { return filter_index_; }
  void set_filter_index(int index);  // Clamped; re-lists.
  bool show_hidden() const { return options_.show_hidden; }
  void set_show_hidden(bool show);  // Re-lists.
  const std::string& name_filter() const { return options_.name_filter; }
  void set_name_filter(std::string text);  // Keeps names containing it (ignoring case).
  void set_sort(SortKey key, bool ascending);
  // The paths offered in the "Recent" combo, newest first (e.g. RecentFiles::paths()).
  void set_recent(std::vector<std::string> paths) { recent_ = std::move(paths); }
  const std::vector<std::string>& recent() const { return recent_; }

  // Rectangles of the last drawn widgets, for headless tests: "ok", "cancel", "up", "path",
  // "hidden", "filter", "recent", "replace", "keep", "hint" (kOpenMany), "crumb:<index>",
  // "row:<name>" (visible rows only).
  const ItemRects& item_rects() const { return rects_; }

 private:
  bool submit_path(const std::string& text);
  bool submit_list(const std::string& text);
  void choose(const std::string& path);
  void choose_all(std::vector<std::string> paths);
  void select_only(const std::string& name);
  int listing_index(const std::string& name) const;  // -1 when not listed.
  bool is_selected(const std::string& name) const;
  // Keeps the selected names still listed, in listing order; `files_only` drops folders and
  // broken links too.
  void tidy_selection(bool files_only);
  std::string with_default_extension(const std::string& path) const;
  void listing_changed();
  void draw_contents();
  void draw_breadcrumbs();
  void draw_path_field();
  void draw_options();
  void draw_table();
  // Re-sorts the listing when a header click changed the table's sort.
  void apply_table_sort();
  // The row a click landed on this frame, with how it was clicked.
  struct RowClick {
    int row = -1;
    bool double_click = false, ctrl = false, shift = false;
  };
  // Entry `row` of the listing: name (a selectable spanning the row), size and modified time.
  void draw_entry_row(int row, RowClick& click);
  // Opens, extends, toggles or selects as the click asks.
  void act_on_click(const RowClick& click);
  void draw_multi_select_hint();
  void draw_footer();
  void handle_escape();

  std::string title_;
  FileDialogMode mode_ = FileDialogMode::kOpen;
  std::vector<FileFilter> filters_;
  int filter_index_ = 0;
  ListingOptions options_;
  SortKey sort_key_ = SortKey::kName;
  bool sort_ascending_ = true;
  DirectoryListing listing_;
  std::string selected_;
  std::vector<std::string> selection_;
  std::string path_text_;
  std::string error_;
  std::string pending_overwrite_;
  std::vector<std::string> recent_;
  std::optional<std::string> result_;
  std::vector<std::string> chosen_;
  bool open_ = false;
  bool open_requested_ = false;  // OpenPopup on the next draw().
  bool popup_shown_ = false;     // BeginPopupModal succeeded since open().
  bool focus_path_ = false;      // Give the path field keyboard focus on the next draw.
  ItemRects rects_;
};

}  // namespace anim::ui
