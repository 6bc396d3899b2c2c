#pragma once
// Where a setup's JSON text goes wrong, as "line L, column C: <what>": syntax errors, numbers
// too large for a double, and nesting too deep to parse safely. The reader (setup_read.cpp)
// turns nlohmann's exceptions into these messages.
#include <cstddef>
#include <exception>
#include <string>
#include <vector>

#include "anim/setup/setup.h"

namespace anim::setup::json {

// Deeper documents are refused before nlohmann sees them: copying and dumping a value recurse.
constexpr int kMaxNesting = 256;

// The byte where brackets nest deeper than kMaxNesting, or npos.
std::size_t find_excess_nesting(const std::string& text);
// "line L, column C: nested deeper than 256 levels" for the byte find_excess_nesting gave.
std::string nesting_message(const std::string& text, std::size_t byte);

// "line L, column C: <what>" for a syntax error.
std::string syntax_message(const Json::parse_error& e, const std::string& text);
// The same for a number beyond the range of a double, whose place nlohmann does not give.
std::string overflow_message(const Json::out_of_range& e, const std::string& text);
// An exception's message without nlohmann's "[json.exception.name.id] " prefix.
std::string plain_message(const std::exception& e);

// What follows the first of `count` problems in one line: " (and 3 more problems)"; empty for
// one.
std::string more_problems(std::size_t count);
// One line for a list of problems (not empty): the first, "POINTER: message", and how many more
// ("(and 3 more problems)").
std::string summarize(const std::vector<Diagnostic>& problems);

}  // namespace anim::setup::json
