#pragma once
// Options every command and the tool take about importing model files: assimp runs in a child
// process unless --in-process; --memory-limit SIZE bounds the child's address space.
#include <cstdint>
#include <string>
#include <vector>

#include "anim/import/model_reader.h"
#include "anim/result.h"

namespace anim::app {

// Their names, as every command's --help lists them (cli/command_line.cpp).
constexpr const char* kInProcessOption = "--in-process";
constexpr const char* kMemoryLimitOption = "--memory-limit";

struct ImportOptions {
  bool in_process = false;
  uint64_t memory_limit = 0;  // 0: default_import_memory_limit().
};

// "8G", "512M", "1.5GiB", "4096": a size in bytes (K, M, G, T in powers of 1024).
Result<uint64_t> parse_memory_size(const std::string& text);

// Removes --in-process and --memory-limit SIZE (or --memory-limit=SIZE) from argv, which keeps
// argv[0] and the rest in order, and returns what they said.
Result<ImportOptions> take_import_options(std::vector<const char*>& argv);

// Makes this process read models as `options` say: with `in_process` (import::import_model, in
// the executables that link assimp) when options.in_process, else in a child process
// (import_isolated) under the memory limit.
void apply_import_options(const ImportOptions& options, const import::ModelReader& in_process = {});

}  // namespace anim::app
