#pragma once
// Reading usage lines and --help texts in tests: the README's "Command line" block, the usage
// at the top of a help text, the options its table lists.
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace anim::app::testing {

// The commands whose options the README's usage block shows; "" is the tool itself.
inline const std::vector<std::string> kUsageCommands = {
    "info", "pose", "validate", "play", "fmt", "pack", "markers", "attach", "render", ""};

inline std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs of blanks as one space, none at either end.
inline std::string squeezed(const std::string& text) {
  std::istringstream words(text);
  std::string out;
  for (std::string word; words >> word;) out += (out.empty() ? "" : " ") + word;
  return out;
}

// "--name" options named in `text` (in a usage line: "[--anim FILE ...]", "--out FILE.png").
inline std::set<std::string> options_in(const std::string& text) {
  static const std::regex option(R"((^|[\s\[])(--[a-z][a-z0-9-]*))");
  std::set<std::string> names;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), option);
       it != std::sregex_iterator(); ++it) {
    names.insert((*it)[2]);
  }
  return names;
}

// The first ```sh block under "## Command line" in the README, one entry per command: a line
// starting with "animscope" and the indented lines after it. Keyed by command ("" for the tool).
inline std::map<std::string, std::string> readme_usage(const std::string& readme) {
  std::map<std::string, std::string> entries;
  const std::size_t section = readme.find("\n## Command line\n");
  if (section == std::string::npos) return entries;
  const std::size_t open = readme.find("```sh\n", section);
  const std::size_t close = readme.find("\n```", open + 1);
  if (open == std::string::npos || close == std::string::npos) return entries;
  std::istringstream lines(readme.substr(open + 6, close - open - 6));
  std::string key;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("animscope", 0) == 0) {
      std::istringstream words(line);
      std::string program, second;
      words >> program >> second;
      key = second.empty() || second[0] == '[' ? "" : second;
      entries[key] = line + "\n";
    } else if (!line.empty() && line[0] == ' ') {
      entries[key] += line + "\n";
    }
  }
  return entries;
}

// The usage at the top of a help text or after an error line: from "usage: " to the first
// line that is not part of it, without "usage: ".
inline std::string usage_of(const std::string& text) {
  const std::size_t start = text.find("usage: ");
  if (start == std::string::npos) return "";
  std::istringstream lines(text.substr(start + 7));
  std::string usage, line;
  std::getline(lines, line);
  usage = line + "\n";
  while (std::getline(lines, line) && !line.empty() && line[0] == ' ') usage += line + "\n";
  return usage;
}

// The options a help text's table explains (lines "  --name ..." or "  -h, --help"), not those
// under `skip_heading` (when given) and what follows it, nor past the list of commands.
inline std::set<std::string> help_table_options(const std::string& help,
                                                const std::string& skip_heading) {
  static const std::regex row(R"(^  (-[a-z], )?(--[a-z][a-z0-9-]*))");
  std::set<std::string> names;
  std::istringstream lines(help);
  for (std::string line; std::getline(lines, line);) {
    if ((!skip_heading.empty() && line.rfind(skip_heading, 0) == 0) ||
        line.rfind("commands", 0) == 0) {
      break;
    }
    std::smatch m;
    if (std::regex_search(line, m, row)) names.insert(m[2]);
  }
  return names;
}

}  // namespace anim::app::testing
