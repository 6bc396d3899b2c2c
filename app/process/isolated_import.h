#pragma once
// Model import in a child process: assimp runs in `animscope-import`, under an address-space
// limit and with nothing shared, so a file that makes it crash, hang or eat all memory costs
// this process nothing but an Error. The child's reply is a package, loaded and checked like any
// untrusted one.
#include <cstdint>
#include <string>

#include "anim/import/model_reader.h"
#include "anim/model.h"
#include "anim/result.h"

namespace anim::app {

struct IsolatedImportOptions {
  std::string helper;         // The animscope-import executable.
  uint64_t memory_limit = 0;  // Address space the import may take, in bytes; 0: no limit.
};

// Half the machine's memory, at most 8 GiB.
uint64_t default_import_memory_limit();

// "8.0 GiB", "512 MiB": a byte count for people.
std::string format_bytes(uint64_t bytes);

// animscope-import beside this executable, or where $ANIMSCOPE_IMPORT_HELPER says.
std::string import_helper_path();

// Imports `path` in a child process. `progress` hears the child's fractions and is also called
// at least every 100 ms while it works; returning false kills the child at once (kCancelled).
// It is asked once before the child starts: a load cancelled by then starts none.
// A child that runs out of memory, crashes, is killed or answers nonsense gives an Error naming
// the file and what happened ("import needed more than 8.0 GiB (limit) and was stopped", "the
// importer crashed (signal 11, Segmentation fault)").
Result<Model> import_isolated(const std::string& path, const IsolatedImportOptions& options,
                              const import::ProgressCallback& progress = {});

// A ModelReader doing import_isolated with `options`.
import::ModelReader isolated_reader(IsolatedImportOptions options);

}  // namespace anim::app
