#pragma once
// Listing a folder for the file dialog: pure logic on std::filesystem, no ImGui, so it can be
// tested on a temporary tree. Nothing here throws; problems come back as text.
#include <cstdint>
#include <ctime>
#include <optional>
#include <string>
#include <vector>

namespace anim::ui {

// One row of a listing.
struct DirectoryEntry {
  std::string name;                     // File name only, no folder.
  bool is_directory = false;            // A folder, or a link to one (links are followed).
  bool is_broken_link = false;          // A symbolic link whose target is missing or loops.
  std::uintmax_t size = 0;              // Bytes; 0 for folders and when unknown.
  std::optional<std::time_t> modified;  // Last write, seconds since the Unix epoch.
};

// What a listing keeps.
struct ListingOptions {
  // Lower-case extensions without the dot ("fbx", "x"); multi-part ones ("mesh.xml") work.
  // Folders are always kept; files must match one of these. Empty keeps every file.
  std::vector<std::string> extensions;
  bool show_hidden = false;  // Dot-files and dot-folders ("." and ".." are never listed).
  std::string name_filter;   // Keeps names containing this, ignoring case; empty keeps all.
};

// The columns a listing can be sorted by. Folders always come before files.
enum class SortKey { kName, kSize, kModified };

struct DirectoryListing {
  std::string directory;                // Absolute and lexically normal.
  std::vector<DirectoryEntry> entries;  // Folders first, then files, by name ignoring case.
  std::string error;  // Why the folder could not be read (fully); empty when it could.
  bool ok() const { return error.empty(); }
};

// Lists `directory` (made absolute against the working folder) with `options`. Entries that
// cannot be inspected (broken links, permission errors) are still listed as files with what
// is known. If the folder cannot be opened, or reading stops half-way, `error` says why and
// `entries` holds whatever was read. Never throws.
DirectoryListing list_directory(const std::string& directory, const ListingOptions& options);

// Orders `entries`: folders first, then by `key` (ties by name), ignoring case for names.
void sort_entries(std::vector<DirectoryEntry>* entries, SortKey key, bool ascending);

// Case-insensitive (ASCII) "a before b", falling back to a byte-wise order on ties so the
// order is total.
bool name_less(const std::string& a, const std::string& b);

// True when `name` ends with "." + one of `extensions`, ignoring case; true for an empty list.
bool matches_extensions(const std::string& name, const std::vector<std::string>& extensions);

// True for dot-files.
bool is_hidden_name(const std::string& name);

// True when `haystack` contains `needle`, ignoring ASCII case; true for an empty needle.
bool contains_ignoring_case(const std::string& haystack, const std::string& needle);

// One clickable piece of a path: "/", "home", "me" for "/home/me".
struct PathSegment {
  std::string label;  // What the breadcrumb button shows.
  std::string path;   // The folder it leads to.
};

// Breadcrumbs of an absolute path, root first.
std::vector<PathSegment> path_segments(const std::string& absolute_path);

// `path` made absolute against `base` (when relative), with "~" and "~/..." expanded to
// `home` (when not empty), and lexically normalised without a trailing separator (except the
// root). Purely lexical: links are not resolved and the file system is not touched.
std::string resolve_path(const std::string& path, const std::string& base, const std::string& home);

// The parent folder of an absolute normal path; the root is its own parent.
std::string parent_directory(const std::string& absolute_path);

// "0 B", "512 B", "1.5 KB", "12.0 MB" (1024-based).
std::string format_size(std::uintmax_t bytes);

// "2024-03-07 14:05" in local time.
std::string format_time(std::time_t time);

}  // namespace anim::ui
