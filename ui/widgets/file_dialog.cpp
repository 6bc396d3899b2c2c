#include "anim/ui/widgets/file_dialog.h"

#include <algorithm>
#include <cfloat>
#include <filesystem>
#include <system_error>
#include <unordered_set>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "anim/ui/files/config_paths.h"
#include "anim/ui/widgets/imgui_table.h"

namespace anim::ui {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPopupId = "###anim_file_dialog";
const ImVec4 kErrorColour(1.0f, 0.45f, 0.4f, 1.0f);
const ImVec4 kBrokenLinkColour(0.75f, 0.6f, 0.3f, 1.0f);

enum ColumnId : ImGuiID { kColumnName = 1, kColumnSize, kColumnModified };

std::string trimmed(const std::string& text) {
  const char* kSpace = " \t\r\n";
  const std::size_t first = text.find_first_not_of(kSpace);
  if (first == std::string::npos) return {};
  return text.substr(first, text.find_last_not_of(kSpace) - first + 1);
}

std::string working_directory() {
  std::error_code ec;
  const fs::path cwd = fs::current_path(ec);
  return ec ? std::string("/") : cwd.string();
}

// "Not a folder: /x", or the system's reason when it could not even be inspected.
std::string not_a_folder_message(const std::string& path, const std::error_code& ec) {
  if (ec && ec != std::errc::no_such_file_or_directory) return path + ": " + ec.message();
  return "Not a folder: " + path;
}

// Extensions as the filter wants them: lower-case, without "*." or ".".
std::string normalised_extension(std::string extension) {
  const std::size_t start = extension.find_first_not_of("*.");
  extension = start == std::string::npos ? std::string() : extension.substr(start);
  for (char& c : extension) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return extension;
}

// The path field's text for selected names: a lone name as it is, several (or one that starts
// with a quote) quoted and space-separated, with '"' and '\' escaped by a backslash.
std::string selection_text(const std::vector<std::string>& names) {
  if (names.size() == 1 && names.front().rfind('"', 0) != 0) return names.front();
  std::string text;
  for (const std::string& name : names) {
    if (!text.empty()) text += ' ';
    text += '"';
    for (char c : name) {
      if (c == '"' || c == '\\') text += '\\';
      text += c;
    }
    text += '"';
  }
  return text;
}

// The names of a typed list such as `"a.fbx" "b c.fbx"` (the reverse of selection_text). False,
// with `problem`, when the text is not such a list.
bool split_quoted_names(const std::string& text, std::vector<std::string>* names,
                        std::string* problem) {
  const char* kSpace = " \t\r\n";
  std::size_t i = text.find_first_not_of(kSpace);
  while (i != std::string::npos) {
    if (text[i] != '"') {
      *problem = "Put each name in quotes: " + text.substr(i);
      return false;
    }
    std::string name;
    bool closed = false;
    for (++i; i < text.size() && !closed; ++i) {
      const char c = text[i];
      if (c == '\\' && i + 1 < text.size() && (text[i + 1] == '"' || text[i + 1] == '\\')) {
        name += text[++i];
      } else if (c == '"') {
        closed = true;
      } else {
        name += c;
      }
    }
    if (!closed) {
      *problem = "Missing closing quote after \"" + name;
      return false;
    }
    if (name.empty()) {
      *problem = "Empty name in quotes.";
      return false;
    }
    names->push_back(std::move(name));
    i = text.find_first_not_of(kSpace, i);
  }
  return true;
}

void error_text(const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

// The entries table's columns: the name takes the rest, size and time what their widest take.
void setup_entry_columns() {
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Name",
                          ImGuiTableColumnFlags_WidthStretch | ImGuiTableColumnFlags_DefaultSort,
                          0.0f, kColumnName);
  ImGui::TableSetupColumn(
      "Size", ImGuiTableColumnFlags_WidthFixed | ImGuiTableColumnFlags_PreferSortDescending,
      ImGui::CalcTextSize("1023.9 MB").x, kColumnSize);
  ImGui::TableSetupColumn(
      "Modified", ImGuiTableColumnFlags_WidthFixed | ImGuiTableColumnFlags_PreferSortDescending,
      ImGui::CalcTextSize("2000-00-00 00:00").x, kColumnModified);
  ImGui::TableHeadersRow();
}

}  // namespace

FileFilter make_file_filter(const std::string& name, std::vector<std::string> extensions,
                            std::size_t max_listed) {
  FileFilter filter;
  for (std::string& extension : extensions) {
    std::string clean = normalised_extension(std::move(extension));
    if (!clean.empty() && std::find(filter.extensions.begin(), filter.extensions.end(), clean) ==
                              filter.extensions.end()) {
      filter.extensions.push_back(std::move(clean));
    }
  }
  filter.label = name;
  if (filter.extensions.empty()) return filter;
  filter.label += " (";
  const std::size_t listed = std::min(max_listed, filter.extensions.size());
  for (std::size_t i = 0; i < listed; ++i) {
    filter.label += (i == 0 ? "*." : ", *.") + filter.extensions[i];
  }
  if (listed < filter.extensions.size()) filter.label += listed == 0 ? "..." : ", ...";
  filter.label += ")";
  return filter;
}

FileFilter model_file_filter(const std::vector<std::string>& extensions) {
  return make_file_filter("Supported models", extensions);
}

FileFilter json_file_filter() { return make_file_filter("Setup JSON", {"json"}); }

FileFilter package_file_filter() { return make_file_filter("Packages", {"animpack"}); }

FileFilter all_files_filter() { return FileFilter{"All files", {}}; }

// --- Opening and state ---

void FileDialog::open(const std::string& title, const std::string& start_directory,
                      std::vector<FileFilter> filters, FileDialogMode mode) {
  title_ = title;
  mode_ = mode;
  filters_ = std::move(filters);
  const bool has_catch_all = std::any_of(filters_.begin(), filters_.end(),
                                         [](const FileFilter& f) { return f.extensions.empty(); });
  if (!has_catch_all) filters_.push_back(all_files_filter());
  filter_index_ = 0;
  options_.extensions = filters_.front().extensions;
  options_.name_filter.clear();
  selected_.clear();
  selection_.clear();
  path_text_.clear();
  error_.clear();
  pending_overwrite_.clear();
  result_.reset();
  chosen_.clear();
  rects_.clear();
  open_ = true;
  open_requested_ = true;
  popup_shown_ = false;
  focus_path_ = true;

  const std::string cwd = working_directory();
  std::string start =
      start_directory.empty() ? cwd : resolve_path(trimmed(start_directory), cwd, home_directory());
  std::error_code ec;
  const fs::file_status status = fs::status(start, ec);
  if (!fs::is_directory(status)) {
    if (fs::exists(status) && mode_ == FileDialogMode::kSave) {
      path_text_ = fs::path(start).filename().string();
    }
    start = parent_directory(start);
    if (!fs::is_directory(start, ec)) start = cwd;
  }
  listing_ = list_directory(start, options_);
  listing_changed();
}

void FileDialog::listing_changed() {
  const std::string shown = selection_text(selection_);
  sort_entries(&listing_.entries, sort_key_, sort_ascending_);
  if (listing_index(selected_) < 0) selected_.clear();
  tidy_selection(false);
  // A field still showing the selection follows it (fewer names, a new order); typed text, or
  // a lone name the filter now hides (OK still opens it, as in Open mode), stays.
  if (mode_ == FileDialogMode::kOpenMany && !selection_.empty() && path_text_ == shown) {
    path_text_ = selection_text(selection_);
  }
}

int FileDialog::listing_index(const std::string& name) const {
  if (name.empty()) return -1;
  const auto it = std::find_if(listing_.entries.begin(), listing_.entries.end(),
                               [&name](const DirectoryEntry& e) { return e.name == name; });
  return it == listing_.entries.end() ? -1 : static_cast<int>(it - listing_.entries.begin());
}

bool FileDialog::is_selected(const std::string& name) const {
  return std::find(selection_.begin(), selection_.end(), name) != selection_.end();
}

void FileDialog::tidy_selection(bool files_only) {
  const std::unordered_set<std::string> wanted(selection_.begin(), selection_.end());
  selection_.clear();
  for (const DirectoryEntry& entry : listing_.entries) {
    if (files_only && (entry.is_directory || entry.is_broken_link)) continue;
    if (wanted.count(entry.name) > 0) selection_.push_back(entry.name);
  }
}

void FileDialog::select_only(const std::string& name) {
  selected_ = name;
  selection_.clear();
  if (!name.empty()) selection_.push_back(name);
}

void FileDialog::refresh() {
  listing_ = list_directory(directory(), options_);
  listing_changed();
}

void FileDialog::set_filter_index(int index) {
  if (filters_.empty()) return;  // Not opened yet.
  filter_index_ = std::clamp(index, 0, static_cast<int>(filters_.size()) - 1);
  options_.extensions = filters_[static_cast<std::size_t>(filter_index_)].extensions;
  refresh();
}

void FileDialog::set_show_hidden(bool show) {
  options_.show_hidden = show;
  refresh();
}

void FileDialog::set_name_filter(std::string text) {
  options_.name_filter = std::move(text);
  refresh();
}

void FileDialog::set_sort(SortKey key, bool ascending) {
  sort_key_ = key;
  sort_ascending_ = ascending;
  listing_changed();  // Re-sorts, and the selection with it.
}

// --- Actions ---

bool FileDialog::navigate(const std::string& path) {
  const std::string target = resolve_path(trimmed(path), directory(), home_directory());
  std::error_code ec;
  if (!fs::is_directory(target, ec)) {
    error_ = not_a_folder_message(target, ec);
    return false;
  }
  error_.clear();
  pending_overwrite_.clear();
  select_only({});
  listing_ = list_directory(target, options_);
  listing_changed();
  // Open modes' field names what to open, which a new folder makes stale; Save mode's field is
  // the file name being chosen, which should follow the user from folder to folder.
  if (mode_ != FileDialogMode::kSave) path_text_.clear();
  return true;
}

bool FileDialog::go_up() {
  const std::string here = directory();
  const std::string parent = parent_directory(here);
  if (parent == here || !navigate(parent)) return false;
  select_only(fs::path(here).filename().string());  // Keeps the user's place in the parent.
  listing_changed();
  return true;
}

bool FileDialog::submit(const std::string& typed) {
  const std::string text = trimmed(typed);
  if (mode_ == FileDialogMode::kOpenMany && text.rfind('"', 0) == 0) return submit_list(text);
  return submit_path(text);
}

bool FileDialog::submit_list(const std::string& text) {
  std::vector<std::string> typed_names;
  std::string problem;
  if (!split_quoted_names(text, &typed_names, &problem)) {
    error_ = problem;
    return false;
  }
  // One name is a path like any other: a folder in quotes is entered.
  if (typed_names.size() == 1) return submit_path(typed_names.front());
  std::vector<std::string> paths;
  for (const std::string& name : typed_names) {
    const std::string target = resolve_path(name, directory(), home_directory());
    std::error_code ec;
    const fs::file_status status = fs::status(target, ec);
    if (fs::is_directory(status)) {
      error_ = "A folder, not a file: " + target;
      return false;
    }
    if (!fs::exists(status)) {
      error_ = (ec && ec != std::errc::no_such_file_or_directory) ? target + ": " + ec.message()
                                                                  : "No such file: " + target;
      return false;
    }
    if (std::find(paths.begin(), paths.end(), target) == paths.end()) paths.push_back(target);
  }
  choose_all(std::move(paths));
  return true;
}

bool FileDialog::submit_path(const std::string& text) {
  if (text.empty()) {
    error_ = mode_ == FileDialogMode::kSave ? "Type a file name."
                                            : "Type a path or pick a file from the list.";
    return false;
  }
  const std::string target = resolve_path(text, directory(), home_directory());
  std::error_code ec;
  const fs::file_status status = fs::status(target, ec);
  if (fs::is_directory(status)) {
    if (!navigate(target)) return false;
    path_text_.clear();
    return true;
  }
  if (mode_ != FileDialogMode::kSave) {
    if (!fs::exists(status)) {
      error_ = (ec && ec != std::errc::no_such_file_or_directory) ? target + ": " + ec.message()
                                                                  : "No such file: " + target;
      return false;
    }
    choose(target);
    return true;
  }

  const std::string file = with_default_extension(target);
  const std::string folder = parent_directory(file);
  if (!fs::is_directory(folder, ec)) {
    error_ = not_a_folder_message(folder, ec);
    return false;
  }
  const fs::file_status file_status = fs::status(file, ec);
  if (fs::is_directory(file_status)) {
    error_ = "A folder has that name: " + file;
    return false;
  }
  if (fs::exists(file_status)) {
    error_.clear();
    pending_overwrite_ = file;
    return true;
  }
  choose(file);
  return true;
}

void FileDialog::select(const std::string& name) {
  const auto it = std::find_if(listing_.entries.begin(), listing_.entries.end(),
                               [&name](const DirectoryEntry& e) { return e.name == name; });
  if (it == listing_.entries.end()) return;
  select_only(name);
  error_.clear();
  // In Save mode a folder click must not wipe the file name being typed.
  if (mode_ == FileDialogMode::kOpenMany) {
    path_text_ = selection_text(selection_);  // Quoted when the name starts with '"'.
  } else if (!it->is_directory || mode_ == FileDialogMode::kOpen) {
    path_text_ = name;
  }
}

void FileDialog::toggle_select(const std::string& name) {
  const int index = listing_index(name);
  if (index < 0) return;
  const DirectoryEntry& entry = listing_.entries[static_cast<std::size_t>(index)];
  if (mode_ != FileDialogMode::kOpenMany || entry.is_directory || entry.is_broken_link) {
    select(name);
    return;
  }
  const auto it = std::find(selection_.begin(), selection_.end(), name);
  if (it != selection_.end()) {
    selection_.erase(it);
  } else {
    selection_.push_back(name);
  }
  tidy_selection(true);  // Listing order; a folder selected by a plain click leaves.
  selected_ = name;
  error_.clear();
  path_text_ = selection_text(selection_);
}

void FileDialog::extend_select(const std::string& name) {
  const int to = listing_index(name);
  if (to < 0) return;
  const int from = listing_index(selected_);
  const auto is_file = [this](int index) {
    const DirectoryEntry& entry = listing_.entries[static_cast<std::size_t>(index)];
    return !entry.is_directory && !entry.is_broken_link;
  };
  if (mode_ != FileDialogMode::kOpenMany || from < 0 || !is_file(to)) {
    select(name);
    return;
  }
  selection_.clear();
  for (int i = std::min(from, to); i <= std::max(from, to); ++i) {
    if (is_file(i)) selection_.push_back(listing_.entries[static_cast<std::size_t>(i)].name);
  }
  error_.clear();
  path_text_ = selection_text(selection_);
}

bool FileDialog::activate(const std::string& name) {
  const auto it = std::find_if(listing_.entries.begin(), listing_.entries.end(),
                               [&name](const DirectoryEntry& e) { return e.name == name; });
  if (it == listing_.entries.end()) {
    error_ = "Not in this folder: " + name;
    return false;
  }
  if (it->is_directory) return navigate(name);
  if (it->is_broken_link) {
    error_ = "Broken link: " + name;
    return false;
  }
  select_only(name);
  return submit_path(trimmed(name));  // A name, never a list, even when it starts with '"'.
}

bool FileDialog::accept() {
  if (!pending_overwrite_.empty()) {
    confirm_overwrite(true);
    return true;
  }
  if (trimmed(path_text_).empty() && !selection_.empty()) {
    if (selection_.size() == 1) return activate(selection_.front());
    return submit_list(selection_text(selection_));
  }
  return submit(path_text_);
}

void FileDialog::cancel() {
  open_ = false;
  result_.reset();
  chosen_.clear();
  pending_overwrite_.clear();
}

void FileDialog::confirm_overwrite(bool replace) {
  if (pending_overwrite_.empty()) return;
  if (replace) {
    choose(pending_overwrite_);
  } else {
    pending_overwrite_.clear();
  }
}

bool FileDialog::use_recent(const std::string& path) {
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (fs::is_directory(status)) return navigate(path);
  if (!fs::exists(status)) {
    error_ = "No longer exists: " + path;
    return false;
  }
  if (!navigate(parent_directory(path))) return false;
  const std::string name = fs::path(path).filename().string();
  select_only(name);
  // Even when the filter hides it, OK then opens it.
  path_text_ = mode_ == FileDialogMode::kOpenMany ? selection_text(selection_) : name;
  listing_changed();
  return true;
}

void FileDialog::choose(const std::string& path) { choose_all({path}); }

void FileDialog::choose_all(std::vector<std::string> paths) {
  chosen_ = std::move(paths);
  result_ = chosen_.front();
  open_ = false;
  pending_overwrite_.clear();
  error_.clear();
}

std::string FileDialog::with_default_extension(const std::string& path) const {
  if (filters_.empty()) return path;
  const std::vector<std::string>& extensions =
      filters_[static_cast<std::size_t>(filter_index_)].extensions;
  const std::string name = fs::path(path).filename().string();
  if (extensions.empty() || matches_extensions(name, extensions)) return path;
  return path + "." + extensions.front();
}

// --- Drawing ---

std::optional<std::string> FileDialog::draw() {
  ImGui::PushID(this);
  if (open_requested_) {
    if (open_) ImGui::OpenPopup(kPopupId);  // Not when chosen or cancelled before showing.
    open_requested_ = false;
  }
  if (open_) {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    const ImVec2 size(std::min(860.0f, viewport->Size.x * 0.9f),
                      std::min(540.0f, viewport->Size.y * 0.85f));
    ImGui::SetNextWindowSize(size, ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  }
  const std::string name = title_ + kPopupId;
  bool keep_open = true;
  if (ImGui::BeginPopupModal(name.c_str(), &keep_open)) {
    popup_shown_ = true;
    if (open_) {
      rects_.clear();
      draw_contents();
      handle_escape();
    }
    if (!open_) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  } else if (open_ && popup_shown_) {
    cancel();  // Closed by ImGui: the title bar's close button.
  }
  if (!keep_open && open_) cancel();
  ImGui::PopID();
  std::optional<std::string> chosen = std::move(result_);
  result_.reset();
  return chosen;
}

void FileDialog::draw_contents() {
  draw_breadcrumbs();
  draw_path_field();
  draw_options();
  if (!error_.empty()) error_text(error_);
  if (!listing_.error.empty()) error_text(listing_.error);
  if (!pending_overwrite_.empty()) {
    ImGui::TextWrapped("\"%s\" already exists. Replace it?", pending_overwrite_.c_str());
  }
  draw_table();
  draw_footer();
}

void FileDialog::draw_breadcrumbs() {
  const std::string here = directory();
  ImGui::BeginDisabled(parent_directory(here) == here);
  const bool up = ImGui::Button("Up");
  rects_.record("up");
  ImGui::EndDisabled();

  // Wrap onto a new line when the next segment would not fit, so deep paths stay visible.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  const std::vector<PathSegment> segments = path_segments(here);
  std::string target;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const float width =
        ImGui::CalcTextSize(segments[i].label.c_str()).x + style.FramePadding.x * 2.0f;
    if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + width <= right) ImGui::SameLine();
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::Button(segments[i].label.c_str())) target = segments[i].path;
    rects_.record("crumb:" + std::to_string(i));
    ImGui::PopID();
  }
  // Acting after the loop: navigating changes directory(), which the loop is showing.
  if (up) {
    go_up();
  } else if (!target.empty()) {
    navigate(target);
  }
}

void FileDialog::draw_path_field() {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(mode_ == FileDialogMode::kSave ? "File name" : "Path");
  ImGui::SameLine();
  if (focus_path_) {
    ImGui::SetKeyboardFocusHere();
    focus_path_ = false;
  }
  ImGui::SetNextItemWidth(-FLT_MIN);
  const char* hint = mode_ == FileDialogMode::kOpenMany
                         ? "a name or path, or several names in quotes: \"a.fbx\" \"b.fbx\""
                         : "a name in this folder, a relative or absolute path, or ~/...";
  const bool entered =
      ImGui::InputTextWithHint("##path", hint, &path_text_, ImGuiInputTextFlags_EnterReturnsTrue);
  rects_.record("path");
  if (entered) {
    submit(path_text_);
    focus_path_ = open_;  // Enter ends editing; keep typing after entering a folder.
  }
}

void FileDialog::draw_options() {
  ImGui::SetNextItemWidth(200.0f);
  if (ImGui::InputTextWithHint("##name_filter", "Filter names", &options_.name_filter)) {
    refresh();
  }
  rects_.record("name_filter");
  ImGui::SameLine();
  bool hidden = options_.show_hidden;
  if (ImGui::Checkbox("Show hidden files", &hidden)) set_show_hidden(hidden);
  rects_.record("hidden");
  ImGui::SameLine();
  ImGui::BeginDisabled(recent_.empty());
  ImGui::SetNextItemWidth(-FLT_MIN);
  std::string recent_choice;
  if (ImGui::BeginCombo("##recent", recent_.empty() ? "No recent files" : "Recent files...")) {
    for (std::size_t i = 0; i < recent_.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      if (ImGui::Selectable(recent_[i].c_str())) recent_choice = recent_[i];
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  rects_.record("recent");
  ImGui::EndDisabled();
  if (!recent_choice.empty()) use_recent(recent_choice);
}

void FileDialog::draw_table() {
  const bool many = mode_ == FileDialogMode::kOpenMany;
  const float footer =
      ImGui::GetFrameHeightWithSpacing() + (many ? ImGui::GetTextLineHeightWithSpacing() : 0.0f);
  const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_BordersOuter | ImGuiTableFlags_BordersV |
                                ImGuiTableFlags_Resizable | ImGuiTableFlags_Sortable;
  if (!begin_table("##entries", 3, flags, ImVec2(0.0f, -footer))) {
    if (many) draw_multi_select_hint();
    return;
  }
  setup_entry_columns();
  apply_table_sort();

  if (listing_.entries.empty()) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextDisabled("%s", listing_.ok() ? "No matching files" : "Nothing to show");
  }
  RowClick click;
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(listing_.entries.size()));
  while (clipper.Step()) {
    for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
      draw_entry_row(row, click);
    }
  }
  ImGui::EndTable();
  if (many) draw_multi_select_hint();
  if (click.row >= 0) act_on_click(click);
}

void FileDialog::apply_table_sort() {
  ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs();
  if (!specs || !specs->SpecsDirty) return;
  if (specs->SpecsCount > 0) {
    const ImGuiTableColumnSortSpecs& spec = specs->Specs[0];
    const SortKey key = spec.ColumnUserID == kColumnSize       ? SortKey::kSize
                        : spec.ColumnUserID == kColumnModified ? SortKey::kModified
                                                               : SortKey::kName;
    set_sort(key, spec.SortDirection != ImGuiSortDirection_Descending);
  }
  specs->SpecsDirty = false;
}

void FileDialog::draw_entry_row(int row, RowClick& click) {
  const DirectoryEntry& entry = listing_.entries[static_cast<std::size_t>(row)];
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::PushID(row);
  // An empty label: names may hold "##", which ImGui would read as an ID separator.
  const ImGuiSelectableFlags row_flags = ImGuiSelectableFlags_SpanAllColumns |
                                         ImGuiSelectableFlags_AllowDoubleClick |
                                         ImGuiSelectableFlags_DontClosePopups;
  if (ImGui::Selectable("##row", is_selected(entry.name), row_flags)) {
    click.row = row;
    click.double_click = ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left);
    click.ctrl = ImGui::GetIO().KeyCtrl;
    click.shift = ImGui::GetIO().KeyShift;
  }
  rects_.record("row:" + entry.name);
  ImGui::SameLine();
  if (entry.is_broken_link) {
    ImGui::TextColored(kBrokenLinkColour, "%s  (broken link)", entry.name.c_str());
  } else if (entry.is_directory) {
    ImGui::Text("%s/", entry.name.c_str());
  } else {
    ImGui::TextUnformatted(entry.name.c_str());
  }
  ImGui::TableSetColumnIndex(1);
  if (!entry.is_directory && !entry.is_broken_link) {
    ImGui::TextUnformatted(format_size(entry.size).c_str());
  }
  ImGui::TableSetColumnIndex(2);
  if (entry.modified) ImGui::TextUnformatted(format_time(*entry.modified).c_str());
  ImGui::PopID();
}

void FileDialog::act_on_click(const RowClick& click) {
  // A copy: activating may re-list the folder the name lives in.
  const std::string name = listing_.entries[static_cast<std::size_t>(click.row)].name;
  if (click.double_click) {
    activate(name);
  } else if (click.shift) {
    extend_select(name);  // Acts as select() outside kOpenMany.
  } else if (click.ctrl) {
    toggle_select(name);
  } else {
    select(name);
  }
}

void FileDialog::draw_multi_select_hint() {
  ImGui::TextDisabled("Ctrl+click adds a file, Shift+click a range");
  rects_.record("hint");
}

void FileDialog::draw_footer() {
  const ImGuiStyle& style = ImGui::GetStyle();
  const std::string yes = ok_label();
  const float button =
      std::max({ImGui::CalcTextSize("Replace").x, ImGui::CalcTextSize(yes.c_str()).x, 80.0f}) +
      2 * style.FramePadding.x;
  // The filter takes what the two buttons leave: its label lists the extensions.
  ImGui::SetNextItemWidth(std::max(
      ImGui::GetContentRegionAvail().x - 2.0f * button - 3.0f * style.ItemSpacing.x, 200.0f));
  const std::string& preview = filters_[static_cast<std::size_t>(filter_index_)].label;
  int chosen_filter = -1;
  if (ImGui::BeginCombo("##filter", preview.c_str())) {
    for (std::size_t i = 0; i < filters_.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      const bool current = static_cast<int>(i) == filter_index_;
      if (ImGui::Selectable(filters_[i].label.c_str(), current))
        chosen_filter = static_cast<int>(i);
      if (current) ImGui::SetItemDefaultFocus();
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  rects_.record("filter");
  if (chosen_filter >= 0) set_filter_index(chosen_filter);

  const bool asking = !pending_overwrite_.empty();
  const char* no = asking ? "Keep" : "Cancel";
  const float right = ImGui::GetWindowContentRegionMax().x;
  ImGui::SameLine(std::max(right - 2.0f * button - style.ItemSpacing.x,
                           ImGui::GetCursorPosX() + style.ItemSpacing.x));
  // "Add" keeps one ID while its count changes.
  const std::string yes_id = mode_ == FileDialogMode::kOpenMany ? yes + "###add" : yes;
  const bool pressed_yes = ImGui::Button(yes_id.c_str(), ImVec2(button, 0.0f));
  rects_.record(asking ? "replace" : "ok");
  ImGui::SameLine();
  const bool pressed_no = ImGui::Button(no, ImVec2(button, 0.0f));
  rects_.record(asking ? "keep" : "cancel");
  if (asking) {
    if (pressed_yes) confirm_overwrite(true);
    if (pressed_no) confirm_overwrite(false);
  } else {
    if (pressed_yes) accept();
    if (pressed_no) cancel();
  }
}

std::string FileDialog::ok_label() const {
  if (!pending_overwrite_.empty()) return "Replace";
  switch (mode_) {
    case FileDialogMode::kSave:
      return "Save";
    case FileDialogMode::kOpenMany:
      return selection_.size() > 1 ? "Add " + std::to_string(selection_.size()) + " files" : "Add";
    case FileDialogMode::kOpen:
      break;
  }
  return "Open";
}

void FileDialog::handle_escape() {
  if (!open_ || !ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows)) return;
  const int escape = ImGui::GetKeyIndex(ImGuiKey_Escape);
  if (escape < 0 || !ImGui::IsKeyPressed(escape, false)) return;
  if (!pending_overwrite_.empty()) {
    confirm_overwrite(false);
  } else {
    cancel();
  }
}

}  // namespace anim::ui
