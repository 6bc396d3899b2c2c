#include "anim/ui/files/recent_files.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "anim/files/file_io.h"

namespace anim::ui {
namespace {

namespace fs = std::filesystem;

// A recent-files list is a few kilobytes; anything far bigger is not one.
constexpr std::uintmax_t kMaxFileBytes = 1 << 20;

std::string normalised(const std::string& path) {
  std::error_code ec;
  fs::path absolute = fs::absolute(path, ec);
  if (ec) absolute = fs::path(path);
  std::string text = absolute.lexically_normal().string();
  while (text.size() > 1 && text.back() == '/') text.pop_back();
  return text;
}

bool savable(const std::string& path) {
  return !path.empty() && path.find_first_of("\r\n") == std::string::npos &&
         path.find('\0') == std::string::npos;
}

}  // namespace

RecentFiles::RecentFiles(std::size_t capacity) : capacity_(std::max<std::size_t>(capacity, 1)) {}

bool RecentFiles::add(const std::string& path) {
  if (!savable(path)) return false;
  const std::string entry = normalised(path);
  paths_.erase(std::remove(paths_.begin(), paths_.end(), entry), paths_.end());
  paths_.insert(paths_.begin(), entry);
  if (paths_.size() > capacity_) paths_.resize(capacity_);
  return true;
}

bool RecentFiles::remove(const std::string& path) {
  const auto it = std::find(paths_.begin(), paths_.end(), normalised(path));
  if (it == paths_.end()) return false;
  paths_.erase(it);
  return true;
}

Status RecentFiles::load(const std::string& file) {
  paths_.clear();
  std::error_code ec;
  const fs::file_status status = fs::status(file, ec);
  if (status.type() == fs::file_type::not_found) return Ok{};
  if (ec) return Error{Error::Code::kIo, "cannot inspect: " + ec.message(), file};
  if (!fs::is_regular_file(status)) {
    return Error{Error::Code::kIo, "not a regular file", file};
  }
  const std::uintmax_t bytes = fs::file_size(file, ec);
  if (!ec && bytes > kMaxFileBytes) {
    return Error{Error::Code::kParse, "too large for a recent-files list", file};
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) return Error{Error::Code::kIo, "cannot open", file};
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return Error{Error::Code::kIo, "cannot read", file};
  const std::string text = buffer.str();
  if (text.find('\0') != std::string::npos) {
    return Error{Error::Code::kParse, "not a recent-files list (binary data)", file};
  }

  std::istringstream lines(text);
  std::string line;
  std::getline(lines, line);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (line != kHeader) {
    return Error{Error::Code::kParse,
                 "not a recent-files list (first line is not \"" + std::string(kHeader) + "\")",
                 file};
  }
  while (paths_.size() < capacity_ && std::getline(lines, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] != '/') continue;
    const std::string entry = normalised(line);
    if (std::find(paths_.begin(), paths_.end(), entry) == paths_.end()) paths_.push_back(entry);
  }
  return Ok{};
}

Status RecentFiles::save(const std::string& file) const {
  std::string text = std::string(kHeader) + "\n";
  for (const std::string& path : paths_) text += path + "\n";

  const fs::path target(file);
  std::error_code ec;
  if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
  if (ec) return Error{Error::Code::kIo, "cannot create the folder: " + ec.message(), file};
  return files::write_file_atomically(file, text);
}

}  // namespace anim::ui
