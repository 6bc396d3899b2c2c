#pragma once
// The import child's side: `animscope-import __import FILE [--memory-limit BYTES]` imports FILE
// with assimp under an address-space limit and writes what happened to standard output as
// import_protocol records. Run only by the parent (isolated_import.h).
namespace anim::app {

constexpr const char* kImportChildCommand = "__import";

// argv[1] is kImportChildCommand. Returns the exit status.
int run_import_child(int argc, const char* const* argv);

}  // namespace anim::app
