// Line and column of the problems met while parsing a setup's JSON text.
#include "json_errors.h"

namespace anim::setup::json {
namespace {

struct TextPosition {
  std::size_t line = 1;
  std::size_t column = 1;
};

TextPosition position_of(const std::string& text, std::size_t byte) {
  TextPosition at;
  for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++at.line;
      at.column = 1;
    } else {
      ++at.column;
    }
  }
  return at;
}

std::string place(const TextPosition& at) {
  return "line " + std::to_string(at.line) + ", column " + std::to_string(at.column);
}

// Where `token` first occurs outside string literals, or npos.
std::size_t find_outside_strings(const std::string& text, const std::string& token) {
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (in_string) {
      if (text[i] == '\\') {
        ++i;
      } else if (text[i] == '"') {
        in_string = false;
      }
    } else if (text[i] == '"') {
      in_string = true;
    } else if (text.compare(i, token.size(), token) == 0) {
      return i;
    }
  }
  return std::string::npos;
}

}  // namespace

std::size_t find_excess_nesting(const std::string& text) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxNesting) return i;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return std::string::npos;
}

std::string nesting_message(const std::string& text, std::size_t byte) {
  return place(position_of(text, byte)) + ": nested deeper than " + std::to_string(kMaxNesting) +
         " levels";
}

// nlohmann's message reads "[json.exception.parse_error.101] parse error at line L, column C:
// <what>"; without a line, the place comes from the byte it gives.
std::string syntax_message(const Json::parse_error& e, const std::string& text) {
  const std::string what = e.what();
  const std::string marker = "parse error at ";
  const std::size_t at = what.find(marker);
  if (at != std::string::npos && what.compare(at + marker.size(), 5, "line ") == 0) {
    return what.substr(at + marker.size());
  }
  const TextPosition position = position_of(text, e.byte > 0 ? e.byte - 1 : 0);
  const std::size_t colon = what.find(": ");
  return place(position) + ": " + (colon == std::string::npos ? what : what.substr(colon + 2));
}

std::string plain_message(const std::exception& e) {
  const std::string what = e.what();
  const std::size_t end = what.find("] ");
  return what.compare(0, 1, "[") == 0 && end != std::string::npos ? what.substr(end + 2) : what;
}

// The message quotes the number: its first occurrence outside strings is the place.
std::string overflow_message(const Json::out_of_range& e, const std::string& text) {
  const std::string what = plain_message(e);
  const std::size_t open = what.find('\'');
  const std::size_t close = what.rfind('\'');
  if (open == std::string::npos || close <= open + 1) return what;
  const std::size_t at = find_outside_strings(text, what.substr(open + 1, close - open - 1));
  if (at == std::string::npos) return what;
  return place(position_of(text, at)) + ": " + what;
}

std::string more_problems(std::size_t count) {
  if (count < 2) return "";
  const std::size_t more = count - 1;
  return " (and " + std::to_string(more) + (more == 1 ? " more problem)" : " more problems)");
}

std::string summarize(const std::vector<Diagnostic>& problems) {
  const Diagnostic& first = problems.front();
  const std::string text =
      first.pointer.empty() ? first.message : first.pointer + ": " + first.message;
  return text + more_problems(problems.size());
}

}  // namespace anim::setup::json
