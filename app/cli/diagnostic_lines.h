#pragma once
// Setup diagnostics as the commands print them, one line each: "FILE:POINTER: error: message",
// or "FILE: error: message" for a problem of the file as a whole (its JSON syntax), which has no
// pointer. validate, fmt and the commands' inputs (commands/command_input.h) all write them here.
#include <ostream>
#include <string>

#include "anim/diagnostic.h"

namespace anim::app {

// What a line leaves out; zero is the full line.
struct DiagnosticLineStyle {
  // No "error: " or "warning: " before the message (fmt, which prints errors only).
  bool omit_severity = false;
  // A diagnostic without a pointer is not about the file (the commands' inputs: a clip file given
  // by name, which its message names): its line starts with the severity, no "FILE: ".
  bool file_only_with_pointer = false;
};

// Writes `diagnostic` of the setup `file` to `out` as one line, ending in "\n".
void print_diagnostic(std::ostream& out, const std::string& file, const Diagnostic& diagnostic,
                      const DiagnosticLineStyle& style = {});

}  // namespace anim::app
