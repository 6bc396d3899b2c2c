#include "process/sibling_executable.h"

#include <filesystem>
#include <system_error>

namespace anim::app {

std::string sibling_executable_path(const char* name) {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  // Without /proc (unusual on Linux) the working directory is the best remaining guess.
  const std::filesystem::path dir = error ? std::filesystem::path(".") : self.parent_path();
  return (dir / name).string();
}

}  // namespace anim::app
