#pragma once
// One-line error messages for the command line: "animscope: FILE: problem".
#include <ostream>

#include "anim/result.h"

namespace anim::app {

inline void print_error(std::ostream& err, const Error& error) {
  err << "animscope: " << error.to_string() << "\n";
}

}  // namespace anim::app
