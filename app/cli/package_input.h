#pragma once
// Packages (.animpack) as command input: what `info` and `play` open besides models and setups.
#include <optional>
#include <ostream>
#include <string>

#include "anim/package.h"

namespace anim::app {

// Whether `path` names a package (its extension is .animpack, in any case).
bool is_package_path(const std::string& path);

// The package at `path`, or nothing after printing an error that names the file and the place
// in it.
std::optional<Package> open_package(const std::string& path, std::ostream& err);

}  // namespace anim::app
