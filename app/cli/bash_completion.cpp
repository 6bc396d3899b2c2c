#include "cli/bash_completion.h"

#include <cctype>
#include <sstream>
#include <utility>

#include "cli/help_format.h"

namespace anim::app {
namespace {

std::string joined(const std::vector<std::string>& words, const std::string& separator) {
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "" : separator) + word;
  return text;
}

// "lit|heatmap" -> {"lit", "heatmap"}.
std::vector<std::string> alternatives(const std::string& value_name) {
  std::vector<std::string> words;
  std::istringstream in(value_name);
  for (std::string word; std::getline(in, word, '|');) words.push_back(word);
  return words;
}

// The completion of a value of `kind` (`words` for kWords), as bash.
std::string completion_of(ValueKind kind, const std::string& words) {
  switch (kind) {
    case ValueKind::kWords:
      return "COMPREPLY=($(compgen -W '" + words + "' -- \"$cur\"))";
    case ValueKind::kFiles:
      return "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"))";
    case ValueKind::kTyped:
      break;
  }
  return "COMPREPLY=()";
}

// Every name of every option of `app`: "--anim -h --help ...".
std::vector<std::string> option_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::Option* option : app.get_options()) {
    for (const std::string& s : option->get_snames()) names.push_back("-" + s);
    for (const std::string& l : option->get_lnames()) names.push_back("--" + l);
  }
  return names;
}

const CLI::Option* input_of(const CLI::App& app) {
  for (const CLI::Option* option : app.get_options()) {
    if (option->get_positional()) return option;
  }
  return nullptr;
}

// Patterns of `case "$command $prev"` grouped by the completion they lead to, in first-seen order.
class ValueCases {
 public:
  void add(const std::string& pattern, const std::string& completion) {
    for (auto& [action, patterns] : cases_) {
      if (action == completion) {
        patterns.push_back(pattern);
        return;
      }
    }
    cases_.push_back({completion, {pattern}});
  }
  void write(std::ostream& out) const {
    out << "  case \"$command $prev\" in\n";
    for (const auto& [action, patterns] : cases_) {
      out << "    " << joined(patterns, "|") << ")\n      " << action << "\n      return ;;\n";
    }
    out << "  esac\n";
  }

 private:
  std::vector<std::pair<std::string, std::vector<std::string>>> cases_;
};

}  // namespace

ValueKind value_kind(const std::string& value_name) {
  bool words = !value_name.empty();
  for (const std::string& word : alternatives(value_name)) {
    words = words && !word.empty();
    for (char c : word) {
      words = words &&
              (std::islower(static_cast<unsigned char>(c)) ||
               std::isdigit(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '+');
    }
  }
  if (words) return ValueKind::kWords;
  for (const char* file : {"FILE", "MODEL", "."}) {
    if (value_name.find(file) != std::string::npos) return ValueKind::kFiles;
  }
  return ValueKind::kTyped;
}

std::string bash_completion_script(const std::vector<const CLI::App*>& apps) {
  const CLI::App* tool = nullptr;
  std::vector<std::string> commands;
  for (const CLI::App* app : apps) {
    if (app->get_name().empty())
      tool = app;
    else
      commands.push_back(app->get_name());
  }
  // Options of the tool that take a value: their values are not the command.
  std::vector<std::string> tool_valued;
  if (tool) {
    for (const CLI::Option* option : tool->get_options()) {
      if (!option->get_positional() && !is_flag(*option)) tool_valued.push_back(option->get_name());
    }
  }
  std::ostringstream out;
  out << "# bash completion for animscope. `animscope completion bash` writes it from the\n"
         "# definitions that parse animscope's command line: each command's options, and the\n"
         "# choices, files or nothing for their values.\n"
         "_animscope() {\n"
         "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
         "  local command= i\n"
         "  # The command: the first word that is neither an option nor an option's value.\n"
         "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
         "    case ${COMP_WORDS[i]} in\n";
  if (!tool_valued.empty()) out << "      " << joined(tool_valued, "|") << ") i=$((i + 1)) ;;\n";
  out << "      -*) ;;\n"
         "      "
      << joined(commands, "|")
      << ") command=${COMP_WORDS[i]}; break ;;\n"
         "      *) break ;;\n"
         "    esac\n"
         "  done\n"
         "  local options=\n"
         "  case $command in\n";
  for (const CLI::App* app : apps) {
    const std::string name = app->get_name().empty() ? "''" : app->get_name();
    out << "    " << name << ") options='" << joined(option_names(*app), " ") << "' ;;\n";
  }
  out << "  esac\n";
  ValueCases values;
  for (const CLI::App* app : apps) {
    for (const CLI::Option* option : app->get_options()) {
      if (option->get_positional() || is_flag(*option)) continue;
      const std::string type = option->get_type_name();
      const std::string completion =
          completion_of(value_kind(type), joined(alternatives(type), " "));
      for (const std::string& l : option->get_lnames()) {
        values.add("'" + app->get_name() + " --" + l + "'", completion);
      }
    }
  }
  values.write(out);
  out << "  if [[ $cur == -* ]]; then\n"
         "    COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n"
         "    return\n"
         "  fi\n"
         "  case $command in\n";
  for (const CLI::App* app : apps) {
    const CLI::Option* input = input_of(*app);
    const std::string type = input ? input->get_type_name() : "";
    const std::string completion =
        input ? completion_of(value_kind(type), joined(alternatives(type), " ")) : "COMPREPLY=()";
    if (app == tool) {
      out << "    '')\n      " << completion << "\n"
          << "      COMPREPLY+=($(compgen -W '" << joined(commands, " ") << "' -- \"$cur\")) ;;\n";
    } else {
      out << "    " << app->get_name() << ")\n      " << completion << " ;;\n";
    }
  }
  out << "  esac\n"
         "}\n"
         "complete -F _animscope animscope\n";
  return out.str();
}

}  // namespace anim::app
