#pragma once
// The setup suites' view of anim_setup's Diagnostics: printed as "error /pointer: message" by
// GoogleTest, and the matchers IsError(pointer, message), IsWarning(pointer, message) and
// AtPointer(pointer), and Severity for Diagnostic::Severity. Needs anim_setup.
#include <ostream>

#include <gmock/gmock.h>

#include "anim/setup/setup.h"

namespace anim {

// Found by GoogleTest through the argument's namespace.
inline void PrintTo(const Diagnostic& d, std::ostream* out) {
  *out << (d.severity == Diagnostic::Severity::kError ? "error " : "warning ") << d.pointer << ": "
       << d.message;
}

namespace testutil {

using Severity = Diagnostic::Severity;

MATCHER_P2(IsError, pointer, message, "") {
  return arg.severity == Diagnostic::Severity::kError && arg.pointer == pointer &&
         arg.message == message;
}
MATCHER_P2(IsWarning, pointer, message, "") {
  return arg.severity == Diagnostic::Severity::kWarning && arg.pointer == pointer &&
         arg.message == message;
}
MATCHER_P(AtPointer, pointer, "") { return arg.pointer == pointer; }

}  // namespace testutil
}  // namespace anim
