#include "cli/diagnostic_lines.h"

namespace anim::app {

void print_diagnostic(std::ostream& out, const std::string& file, const Diagnostic& diagnostic,
                      const DiagnosticLineStyle& style) {
  const bool has_pointer = !diagnostic.pointer.empty();
  if (has_pointer) {
    out << file << ":" << diagnostic.pointer << ": ";
  } else if (!style.file_only_with_pointer) {
    out << file << ": ";
  }
  if (!style.omit_severity) {
    out << (diagnostic.severity == Diagnostic::Severity::kError ? "error: " : "warning: ");
  }
  out << diagnostic.message << "\n";
}

}  // namespace anim::app
