#include "cli/help_format.h"

#include <sstream>

#include "cli/command_line.h"

namespace anim::app {
namespace {

// The help table: option synopses in a column this wide (with its indent), help text after.
constexpr std::size_t kOptionColumn = 26;

// "animscope" or "animscope info".
std::string command_name(const CLI::App& app) {
  return app.get_name().empty() ? std::string("animscope") : "animscope " + app.get_name();
}

// Words of `text` in lines of at most `width` columns (a longer word stays whole).
std::vector<std::string> wrap(const std::string& text, std::size_t width) {
  std::vector<std::string> lines;
  std::istringstream words(text);
  std::string line;
  for (std::string word; words >> word;) {
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

bool is_repeatable(const CLI::Option& option) {
  return !is_flag(option) && option.get_multi_option_policy() == CLI::MultiOptionPolicy::TakeAll;
}

// "-h, --help": every name of an option.
std::string option_names(const CLI::Option& option) {
  std::string names;
  for (const std::string& s : option.get_snames()) names += "-" + s + ", ";
  for (const std::string& l : option.get_lnames()) names += "--" + l + ", ";
  return names.substr(0, names.size() - 2);
}

std::string group_heading(const std::string& group) {
  if (group == kImportOptionsGroup) return "import options (every command and the tool):";
  return "options:";
}

// "  --anim FILE ...         adds ..." with the help wrapped under itself.
void put_option_row(std::ostream& out, const std::string& synopsis, const std::string& help) {
  const std::string indent(kOptionColumn, ' ');
  std::string first = "  " + synopsis;
  if (first.size() + 2 > kOptionColumn) {
    out << first << "\n";
    first = indent;
  } else {
    first.resize(kOptionColumn, ' ');
  }
  const std::vector<std::string> lines = wrap(help, kHelpWidth - kOptionColumn);
  if (lines.empty()) out << first << "\n";
  for (std::size_t i = 0; i < lines.size(); ++i) out << (i ? indent : first) << lines[i] << "\n";
}

}  // namespace

bool is_flag(const CLI::Option& option) {
  return !option.get_positional() && option.get_items_expected_max() == 0;
}

bool in_usage(const CLI::App& app, const CLI::Option& option) {
  return &option != app.get_help_ptr() && option.get_group() != kImportOptionsGroup;
}

std::string option_synopsis(const CLI::Option& option) {
  if (option.get_positional()) return option.get_type_name();
  std::string text = option.get_name();
  if (!is_flag(option)) text += " " + option.get_type_name();
  if (is_repeatable(option)) text += " ...";
  return text;
}

std::vector<std::string> usage_lines(const CLI::App& app) {
  std::vector<std::string> items;
  for (bool positional : {true, false}) {
    for (const CLI::Option* option : app.get_options()) {
      if (option->get_positional() != positional || !in_usage(app, *option)) continue;
      const std::string synopsis = option_synopsis(*option);
      items.push_back(option->get_required() ? synopsis : "[" + synopsis + "]");
    }
  }
  const std::string name = command_name(app);
  const std::string indent(name.size() + 1, ' ');
  std::vector<std::string> lines{name};
  for (const std::string& item : items) {
    std::string& line = lines.back();
    if (line.size() > indent.size() && line.size() + 1 + item.size() > kHelpWidth) {
      lines.push_back(indent + item);
    } else {
      line += " " + item;
    }
  }
  return lines;
}

std::string usage_text(const CLI::App& app) {
  std::string text;
  const std::string prefix = "usage: ";
  for (const std::string& line : usage_lines(app)) {
    text += (text.empty() ? prefix : std::string(prefix.size(), ' ')) + line + "\n";
  }
  return text;
}

std::string help_text(const CLI::App& app) {
  std::ostringstream out;
  out << usage_text(app) << "\n";
  for (const std::string& line : wrap(app.get_description(), kHelpWidth)) out << line << "\n";
  bool any_positional = false;
  for (const CLI::Option* option : app.get_options()) {
    if (!option->get_positional()) continue;
    if (!any_positional) out << "\narguments:\n";
    any_positional = true;
    put_option_row(out, option_synopsis(*option), option->get_description());
  }
  // The command's own options (--help last), then the import options.
  for (bool own : {true, false}) {
    bool any = false;
    for (bool help : {false, true}) {
      for (const CLI::Option* option : app.get_options()) {
        if (option->get_positional() || (option->get_group() == kImportOptionsGroup) == own ||
            (option == app.get_help_ptr()) != help) {
          continue;
        }
        if (!any) out << "\n" << group_heading(option->get_group()) << "\n";
        any = true;
        const std::string synopsis =
            option == app.get_help_ptr() ? option_names(*option) : option_synopsis(*option);
        put_option_row(out, synopsis, option->get_description());
      }
    }
  }
  if (!app.get_footer().empty()) out << "\n" << app.get_footer() << "\n";
  return out.str();
}

}  // namespace anim::app
