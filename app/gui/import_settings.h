#pragma once
// The tool's import settings (Settings > Import): whether assimp runs in a child process and
// the child's memory limit. Kept between runs in a small text file in the config folder:
//
//   # animscope import settings
//   in_process = false
//   memory_limit = 8G        (or "default": half the machine's memory, at most 8 GiB)
#include <string>

#include "anim/result.h"
#include "loading/import_options.h"

namespace anim::app {

// The file inside `config_dir`; empty when there is no config folder.
std::string import_settings_path(const std::string& config_dir);

// Reads the settings. A missing file gives the defaults; a garbled one gives an Error naming
// the file and line (the caller keeps the defaults). Never throws.
Result<ImportOptions> load_import_settings(const std::string& path);

// The file's text for `options`.
std::string import_settings_text(const ImportOptions& options);

// Writes them atomically. Never throws.
Status save_import_settings(const std::string& path, const ImportOptions& options);

}  // namespace anim::app
