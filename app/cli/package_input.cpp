#include "cli/package_input.h"

#include <algorithm>
#include <cctype>

#include "anim/file_io.h"
#include "cli/errors.h"

namespace anim::app {

bool is_package_path(const std::string& path) {
  const std::string ext = ".animpack";
  if (path.size() < ext.size()) return false;
  return std::equal(ext.begin(), ext.end(), path.end() - ext.size(), [](char a, char b) {
    return a == std::tolower(static_cast<unsigned char>(b));
  });
}

std::optional<Package> open_package(const std::string& path, std::ostream& err) {
  Result<std::string> bytes = read_file(path);
  if (!bytes.ok()) {
    print_error(err, bytes.error());
    return std::nullopt;
  }
  Result<Package> package = load_package(Span<const uint8_t>(
      reinterpret_cast<const uint8_t*>(bytes.value().data()), bytes.value().size()));
  if (!package.ok()) {
    const Error& e = package.error();
    print_error(err, Error{e.code, e.message, path + ": " + e.path});
    return std::nullopt;
  }
  return std::move(package).value();
}

}  // namespace anim::app
