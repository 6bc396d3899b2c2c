#pragma once
// --help and the usage lines of a command's CLI11 app, in the form the README's "Command line"
// section shows them.
#include <cstddef>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace anim::app {

// Lines are wrapped at this many columns.
constexpr std::size_t kHelpWidth = 100;

// "animscope info MODEL|SETUP.json|PACKAGE.animpack [--anim FILE ...] [--json]": the command,
// its input, then its options in the order they were defined (not --help, nor the import
// options every command takes), optional ones in brackets, repeatable ones with "...". Wrapped
// with the later lines under the first argument, one string per line, as the README has them.
std::vector<std::string> usage_lines(const CLI::App& app);

// "usage: " and the usage lines (the later ones indented to stay under the first argument).
std::string usage_text(const CLI::App& app);

// The whole --help: the usage, the summary, each argument and option with its help by group,
// and the app's footer.
std::string help_text(const CLI::App& app);

// Makes CLI11's app.help() give help_text().
class HelpFormatter : public CLI::FormatterBase {
 public:
  std::string make_help(const CLI::App* app, std::string, CLI::AppFormatMode) const override {
    return help_text(*app);
  }
};

// What an option looks like in the usage and the help: "--anim FILE ...", "--json",
// "MODEL|SETUP.json" for an input.
std::string option_synopsis(const CLI::Option& option);

// Options that belong in the usage line: the command's own, not --help or the import options.
bool in_usage(const CLI::App& app, const CLI::Option& option);

// Options that take no value.
bool is_flag(const CLI::Option& option);

}  // namespace anim::app
