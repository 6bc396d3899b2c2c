#pragma once
// One finding of a check (an error or a warning), located by a JSON pointer into the file it
// is about ("/transitions/3/to", "/animations/2/file"): what setup validation and clip-file
// loading both report, and what the tool's Problems tab lists.
#include <string>

namespace anim {

struct Diagnostic {
  enum class Severity { kError, kWarning };
  Severity severity = Severity::kError;
  std::string pointer;
  std::string message;
};

// A key as one token of a JSON pointer: '~' and '/' escaped (RFC 6901), so "a/b" -> "a~1b".
std::string json_pointer_token(const std::string& key);

}  // namespace anim
