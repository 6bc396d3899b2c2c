#pragma once
// Saving without ever leaving a half-written file: what the tool's saves go through.
#include <string>

#include "anim/result.h"

namespace anim {

// Writes `text` to `path` through a new temporary file in the same folder (fsync, rename over
// `path`, fsync of the folder). On failure the old file, if any, is untouched and no temporary
// is left behind; the error names `path` and the step that failed. A replaced file keeps its
// permissions. The folder must exist.
Status write_file_atomically(const std::string& path, const std::string& text);

}  // namespace anim
