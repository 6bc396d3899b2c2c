#include "anim/ui/files/directory_listing.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iterator>
#include <system_error>

namespace anim::ui {
namespace {

namespace fs = std::filesystem;

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool ends_with_ignoring_case(const std::string& text, const std::string& suffix) {
  if (suffix.size() > text.size()) return false;
  const std::size_t offset = text.size() - suffix.size();
  for (std::size_t i = 0; i < suffix.size(); ++i) {
    if (lower(text[offset + i]) != lower(suffix[i])) return false;
  }
  return true;
}

// file_time_type has no portable conversion before C++20. Its clock counts from an epoch whole
// seconds from the system clock's (libstdc++'s from 2174, libc++'s the same 1970): the offset is
// read from both clocks "now" and taken to the nearest second, and the file's time is carried
// over whole, at the clock's resolution, before the result is cut to seconds. (Cutting the
// distance and "now" to seconds apart put a file written at hh:mm:ss.5 a second off in about half
// the listings; a thread preempted between the two readings, on a loaded machine, put it a
// second off, and so sorted it among its neighbours differently, from one listing to the next.)
std::time_t to_time_t(fs::file_time_type time) {
  using std::chrono::duration_cast;
  using std::chrono::seconds;
  using SystemDuration = std::chrono::system_clock::duration;
  const auto file_now = fs::file_time_type::clock::now();
  const auto system_now = std::chrono::system_clock::now();
  const auto offset = std::chrono::round<seconds>(
      system_now.time_since_epoch() - duration_cast<SystemDuration>(file_now.time_since_epoch()));
  return std::chrono::system_clock::to_time_t(std::chrono::system_clock::time_point(
      duration_cast<SystemDuration>(time.time_since_epoch()) + offset));
}

// Drops a trailing separator that lexically_normal() keeps ("/a/b/" -> "/a/b").
std::string without_trailing_separator(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

// Describes one entry from what can be learnt about it; never fails as a whole.
DirectoryEntry describe(const fs::directory_entry& item) {
  DirectoryEntry entry;
  entry.name = item.path().filename().string();
  std::error_code ec;
  const fs::file_status status = item.status(ec);  // Follows links.
  if (ec || !fs::exists(status)) {
    std::error_code link_ec;
    entry.is_broken_link = item.is_symlink(link_ec) && !link_ec;
    return entry;
  }
  entry.is_directory = fs::is_directory(status);
  if (fs::is_regular_file(status)) {
    const std::uintmax_t size = item.file_size(ec);
    if (!ec) entry.size = size;
  }
  const fs::file_time_type written = item.last_write_time(ec);
  if (!ec) entry.modified = to_time_t(written);
  return entry;
}

bool keep(const DirectoryEntry& entry, const ListingOptions& options) {
  if (!options.show_hidden && is_hidden_name(entry.name)) return false;
  if (!contains_ignoring_case(entry.name, options.name_filter)) return false;
  return entry.is_directory || matches_extensions(entry.name, options.extensions);
}

}  // namespace

DirectoryListing list_directory(const std::string& directory, const ListingOptions& options) {
  DirectoryListing listing;
  std::error_code ec;
  fs::path folder(directory.empty() ? std::string(".") : directory);
  if (folder.is_relative()) {
    const fs::path cwd = fs::current_path(ec);
    if (!ec) folder = cwd / folder;
  }
  listing.directory = without_trailing_separator(folder.lexically_normal().string());

  // No skip_permission_denied: an unreadable folder must say so rather than look empty.
  fs::directory_iterator it(listing.directory, ec);
  if (ec) {
    listing.error = "Cannot open " + listing.directory + ": " + ec.message();
    return listing;
  }
  const fs::directory_iterator end;
  while (it != end) {
    DirectoryEntry entry = describe(*it);
    if (keep(entry, options)) listing.entries.push_back(std::move(entry));
    it.increment(ec);
    if (ec) {
      listing.error = "Cannot read all of " + listing.directory + ": " + ec.message();
      break;
    }
  }
  sort_entries(&listing.entries, SortKey::kName, true);
  return listing;
}

void sort_entries(std::vector<DirectoryEntry>* entries, SortKey key, bool ascending) {
  auto before = [key, ascending](const DirectoryEntry& a, const DirectoryEntry& b) {
    if (a.is_directory != b.is_directory) return a.is_directory;
    const DirectoryEntry& x = ascending ? a : b;
    const DirectoryEntry& y = ascending ? b : a;
    switch (key) {
      case SortKey::kName:
        break;
      case SortKey::kSize:
        if (x.size != y.size) return x.size < y.size;
        break;
      case SortKey::kModified:
        if (x.modified != y.modified) return x.modified < y.modified;  // Unknown first.
        break;
    }
    return name_less(x.name, y.name);
  };
  std::sort(entries->begin(), entries->end(), before);
}

bool name_less(const std::string& a, const std::string& b) {
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i) {
    const char x = lower(a[i]);
    const char y = lower(b[i]);
    if (x != y) return static_cast<unsigned char>(x) < static_cast<unsigned char>(y);
  }
  if (a.size() != b.size()) return a.size() < b.size();
  return a < b;
}

bool matches_extensions(const std::string& name, const std::vector<std::string>& extensions) {
  if (extensions.empty()) return true;
  for (const std::string& extension : extensions) {
    // The part before the dot must not be empty: ".fbx" alone is a hidden file, not a model.
    if (name.size() > extension.size() + 1 && ends_with_ignoring_case(name, "." + extension)) {
      return true;
    }
  }
  return false;
}

bool is_hidden_name(const std::string& name) { return !name.empty() && name[0] == '.'; }

bool contains_ignoring_case(const std::string& haystack, const std::string& needle) {
  if (needle.empty()) return true;
  auto equal = [](char a, char b) { return lower(a) == lower(b); };
  return std::search(haystack.begin(), haystack.end(), needle.begin(), needle.end(), equal) !=
         haystack.end();
}

std::vector<PathSegment> path_segments(const std::string& absolute_path) {
  std::vector<PathSegment> segments;
  fs::path so_far;
  for (const fs::path& part : fs::path(absolute_path)) {
    if (part.empty()) continue;  // The "" a trailing separator yields.
    so_far /= part;
    segments.push_back(PathSegment{part.string(), so_far.string()});
  }
  return segments;
}

std::string resolve_path(const std::string& path, const std::string& base,
                         const std::string& home) {
  std::string expanded = path;
  if (!home.empty() && (path == "~" || path.rfind("~/", 0) == 0)) {
    expanded = home + path.substr(1);
  }
  fs::path result(expanded);
  if (result.is_relative()) result = fs::path(base) / result;
  return without_trailing_separator(result.lexically_normal().string());
}

std::string parent_directory(const std::string& absolute_path) {
  const fs::path path(without_trailing_separator(absolute_path));
  if (!path.has_relative_path()) return path.string();  // The root, or empty.
  return path.parent_path().string();
}

std::string format_size(std::uintmax_t bytes) {
  static constexpr const char* kUnits[] = {"KB", "MB", "GB", "TB", "PB"};
  if (bytes < 1024) return std::to_string(bytes) + " B";
  double value = static_cast<double>(bytes) / 1024.0;
  std::size_t unit = 0;
  while (value >= 1024.0 && unit + 1 < std::size(kUnits)) {
    value /= 1024.0;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof(text), "%.1f %s", value, kUnits[unit]);
  return text;
}

std::string format_time(std::time_t time) {
  std::tm local{};
  if (localtime_r(&time, &local) == nullptr) return "?";
  char text[32];
  if (std::strftime(text, sizeof(text), "%Y-%m-%d %H:%M", &local) == 0) return "?";
  return text;
}

}  // namespace anim::ui
