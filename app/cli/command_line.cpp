#include "cli/command_line.h"

#include <algorithm>
#include <memory>
#include <ostream>
#include <vector>

#include "cli/exit_codes.h"
#include "cli/help_format.h"
#include "cli/option_builders.h"

namespace anim::app {
namespace {

void add_import_options(CLI::App& app, ImportOptions& options) {
  add_value<uint64_t>(
      app, kMemoryLimitOption, [&options](uint64_t bytes) { options.memory_limit = bytes; }, "SIZE",
      "address space the assimp import may use (512M, 4G; default: half the machine's memory, "
      "at most 8G); it runs in a child process",
      parse_memory_size)
      ->group(kImportOptionsGroup);
  add_flag(app, kInProcessOption, options.in_process,
           "import in this process instead (for debugging the importer)")
      ->group(kImportOptionsGroup);
}

// The option a CLI11 message is about: it starts with the option's name and a colon.
const CLI::Option* option_named_in(const CLI::App& app, const std::string& message) {
  for (const CLI::Option* option : app.get_options()) {
    const std::string name = option->get_name();
    if (message.compare(0, name.size() + 1, name + ":") == 0) return option;
  }
  return nullptr;
}

// One line for what CLI11 refused.
std::string describe(const CLI::App& app, const CLI::ParseError& error) {
  const std::string message = error.what();
  if (dynamic_cast<const CLI::RequiredError*>(&error)) {
    for (const CLI::Option* option : app.get_options()) {
      if (option->get_required() && option->count() == 0) return "missing " + option_synopsis(*option);
    }
  }
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&error)) {
    if (const CLI::Option* option = option_named_in(app, message)) {
      return option->get_name() + " needs a value";
    }
    // "json was given a disallowed flag override": --json=VALUE.
    const std::string flag = "--" + message.substr(0, message.find(' '));
    if (const CLI::Option* option = app.get_option_no_throw(flag); option && is_flag(*option)) {
      return flag + " takes no value";
    }
  }
  return message;  // A refused value: the parser's own sentence, naming the option.
}

// The first argument no option or input took, as an error line. "--" ends the options: what
// follows it is input even when it starts with "-"; it is left over itself.
std::optional<std::string> leftover(const CLI::App& app) {
  std::vector<std::string> left = app.remaining();
  left.erase(std::remove(left.begin(), left.end(), "--"), left.end());
  if (left.empty()) return std::nullopt;
  const std::string& first = left.front();
  if (first.size() > 1 && first[0] == '-') {
    return "unknown option " + first.substr(0, first.find('='));
  }
  return "unexpected argument \"" + first + "\"";
}

}  // namespace

void finish_command_app(CLI::App& app, ImportOptions& import_options) {
  app.set_help_flag("-h,--help", "prints this help");
  add_import_options(app, import_options);
  app.formatter(std::make_shared<HelpFormatter>());
  app.allow_extras();
}

std::optional<int> parse_command_line(CLI::App& app, int argc, const char* const* argv, int first,
                                      std::ostream& out, std::ostream& err) {
  std::vector<std::string> words;  // CLI11 takes them last first.
  for (int i = argc - 1; i >= first; --i) words.emplace_back(argv[i]);
  std::optional<std::string> problem;
  try {
    app.parse(std::move(words));
  } catch (const CLI::ParseError& error) {
    // Values are checked before CLI11 looks for --help; --help still wins.
    if (!dynamic_cast<const CLI::CallForHelp*>(&error) && app.get_help_ptr()->count() == 0) {
      problem = describe(app, error);
    }
    if (!problem) {
      out << app.help();
      return kExitOk;
    }
  }
  // An unknown option is named before a missing input or a refused value.
  if (std::optional<std::string> unknown = leftover(app)) problem = unknown;
  if (problem) return usage_error(app, *problem, err);
  return std::nullopt;
}

int usage_error(const CLI::App& app, const std::string& message, std::ostream& err) {
  err << "animscope: " << message << "\n" << usage_text(app);
  return kExitError;
}

}  // namespace anim::app
