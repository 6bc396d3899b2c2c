#include "anim/files/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <random>
#include <system_error>

namespace anim::files {
namespace {

Error io_error(const std::string& what, int error, const std::string& path) {
  const Error::Code code = error == ENOENT ? Error::Code::kNotFound : Error::Code::kIo;
  return Error{code, what + ": " + std::error_code(error, std::generic_category()).message(), path};
}

bool write_all(int fd, const std::string& data) {
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

std::string folder_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// Creates PATH.tmp-XXXXXX exclusively (mode 0666 less the umask, like any new file).
int create_temporary(const std::string& path, std::string* temp_path, int* error) {
  static const char kDigits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
  std::random_device device;
  std::mt19937 random(device());
  std::uniform_int_distribution<int> pick(0, static_cast<int>(sizeof(kDigits)) - 2);
  for (int attempt = 0; attempt < 64; ++attempt) {
    std::string name = path + ".tmp-";
    for (int i = 0; i < 6; ++i) name += kDigits[pick(random)];
    const int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) {
      *temp_path = std::move(name);
      return fd;
    }
    if (errno != EEXIST) break;
  }
  *error = errno;
  return -1;
}

// The file a write to `path` replaces: `path`, or when it is a symbolic link the file its chain of
// links ends at (a relative target read from the link's folder), so that the rename puts the new
// file there and the link stays a link, as an editor saving through a link does. A missing target
// is where the new file goes. False, with errno's value in *error, when a link cannot be read or
// the chain is longer than the kernel would follow (40 links on Linux: a loop).
bool final_target(const std::string& path, std::string* final_file, int* error) {
  namespace fs = std::filesystem;
  fs::path file = path;
  for (int links = 0; links <= 40; ++links) {
    std::error_code ec;
    // A missing file or folder is no link: the steps after this one name what is wrong.
    if (!fs::is_symlink(fs::symlink_status(file, ec))) {
      *final_file = file.string();
      return true;
    }
    const fs::path target = fs::read_symlink(file, ec);
    if (ec) {
      *error = ec.value();
      return false;
    }
    file = target.is_absolute() ? target : file.parent_path() / target;
  }
  *error = ELOOP;
  return false;
}

// Makes the rename durable. File systems that cannot sync a folder say EINVAL; that is fine.
int sync_folder(const std::string& folder) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return errno;
  int error = 0;
  if (::fsync(fd) != 0 && errno != EINVAL) error = errno;
  ::close(fd);
  return error;
}

}  // namespace

Status write_file_atomically(const std::string& path, const std::string& text) {
  // Errors name `path`, as the caller knows it; the work happens at the file it leads to.
  int error = 0;
  std::string file;
  if (!final_target(path, &file, &error)) return io_error("cannot follow the link", error, path);
  std::string temp_path;
  const int fd = create_temporary(file, &temp_path, &error);
  if (fd < 0) return io_error("cannot create a temporary file", error, path);

  // Keep the permissions of the file being replaced.
  struct stat old_info {};
  const bool replacing = ::stat(file.c_str(), &old_info) == 0 && S_ISREG(old_info.st_mode);
  const char* failed = nullptr;
  if (replacing && ::fchmod(fd, old_info.st_mode & 07777) != 0) {
    failed = "cannot set permissions";
  } else if (!write_all(fd, text)) {
    failed = "cannot write";
  } else if (::fsync(fd) != 0) {
    failed = "cannot sync";
  }
  if (failed != nullptr) error = errno;
  if (::close(fd) != 0 && failed == nullptr) {
    failed = "cannot close";
    error = errno;
  }
  if (failed == nullptr && ::rename(temp_path.c_str(), file.c_str()) != 0) {
    failed = "cannot replace the file";
    error = errno;
  }
  if (failed != nullptr) {
    ::unlink(temp_path.c_str());
    return io_error(failed, error, path);
  }
  error = sync_folder(folder_of(file));
  if (error != 0) return io_error("saved, but cannot sync the folder", error, path);
  return Ok{};
}

namespace {

// "a directory", "a character device", ...: what a path is when it is no regular file.
const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

}  // namespace

Result<std::string> read_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return Error{Error::Code::kNotFound, "no such file", path};
    return io_error("cannot open", errno, path);
  }
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    const int error = errno;
    ::close(fd);
    return io_error("cannot read", error, path);
  }
  // Regular files, and pipes (`validate <(generate)`), are read to their end; anything else
  // (/dev/null, a directory, a device) is named for what it is.
  if (!S_ISREG(info.st_mode) && !S_ISFIFO(info.st_mode)) {
    ::close(fd);
    const std::string kind = kind_of(info.st_mode);
    return Error{Error::Code::kInvalidArgument,
                 kind == "not a regular file" ? kind : "is " + kind + ", not a regular file", path};
  }
  std::string text;
  char buffer[1 << 16];
  while (true) {
    const ssize_t n = ::read(fd, buffer, sizeof(buffer));
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      ::close(fd);
      return io_error("cannot read", error, path);
    }
    text.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return text;
}

}  // namespace anim::files
