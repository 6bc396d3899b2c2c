#pragma once
// Whole-file reading and saving without ever leaving a half-written file: what setups and the
// tool's own files go through. Errors name the file and say what failed and why.
#include <string>

#include "anim/result.h"

namespace anim::files {

// Writes `text` to `path` through a new temporary file in the same folder (fsync, rename over
// `path`, fsync of the folder). On failure the old file, if any, is untouched and no temporary
// is left behind; the error names `path` and the step that failed. A replaced file keeps its
// permissions. The folder must exist. A symbolic link is written through: the file it leads to
// (created if missing, in a folder that exists) is replaced that way, beside itself, and the link
// stays; a loop of links is an error.
Status write_file_atomically(const std::string& path, const std::string& text);

// The whole content of the regular file `path`; kNotFound ("no such file") when it is missing.
Result<std::string> read_file(const std::string& path);

}  // namespace anim::files
