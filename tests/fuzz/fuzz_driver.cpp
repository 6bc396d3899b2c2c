// The harnesses' main when they are not built with libFuzzer (the normal build): runs every file
// named on the command line, and every regular file under every folder named (in sorted order),
// through LLVMFuzzerTestOneInput, once each. An input that crashes takes the process down, and
// the ctest test with it. `--allow-missing` lets a named folder not exist (a harness's crash
// folder before its first crash). Exits 0 when every input ran, 1 when a path could not be read.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

#include "fuzz_mode.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size);

namespace anim::fuzz {

bool under_libfuzzer() { return false; }

}  // namespace anim::fuzz

namespace {

bool read_bytes(const std::string& path, std::vector<uint8_t>& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  bool allow_missing = false;
  bool verbose = false;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--allow-missing") {
      allow_missing = true;
      continue;
    }
    if (arg == "-v" || arg == "--verbose") {
      verbose = true;
      continue;
    }
    std::error_code ec;
    const fs::file_status status = fs::status(arg, ec);
    if (fs::is_directory(status)) {
      std::vector<std::string> found;
      for (fs::recursive_directory_iterator it(arg, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->is_regular_file(ec)) found.push_back(it->path().string());
      }
      if (ec) {
        std::fprintf(stderr, "%s: cannot list %s: %s\n", argv[0], arg.c_str(), ec.message().c_str());
        return 1;
      }
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::exists(status)) {
      files.push_back(arg);
    } else if (!allow_missing) {
      std::fprintf(stderr, "%s: no such file or folder: %s\n", argv[0], arg.c_str());
      return 1;
    }
  }
  std::vector<uint8_t> bytes;
  for (const std::string& file : files) {
    if (!read_bytes(file, bytes)) {
      std::fprintf(stderr, "%s: cannot read %s\n", argv[0], file.c_str());
      return 1;
    }
    if (verbose) std::fprintf(stderr, "running %s (%zu bytes)\n", file.c_str(), bytes.size());
    LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
  }
  std::printf("%s: ran %zu inputs\n", argv[0], files.size());
  return 0;
}
