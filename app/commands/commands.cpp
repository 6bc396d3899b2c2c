#include "commands/commands.h"

#include <cstring>
#include <ostream>
#include <string>
#include <vector>

#include "cli/bash_completion.h"
#include "cli/command_line.h"
#include "cli/help_format.h"
#include "cli/option_builders.h"
#include "cli/version.h"
#include "commands/render_command_line.h"
#include "commands/tool_command_line.h"

namespace anim::app {
namespace {

struct Command {
  const char* name;
  // Null for a command that needs a display: animscope hands it to animscope-gui, which runs
  // it. The row stays here so `help` and completion know every command without the renderer.
  CommandFn run;
  std::unique_ptr<CLI::App> (*command_line)();
};

std::unique_ptr<CLI::App> render_app() { return render_command_line(); }

// The one list of commands, in the order help lists them. A new headless command is a
// cmd_NAME.cpp in app/commands (its options defined there), its two declarations in commands.h,
// a row here and the file in animscope_cli's sources.
const Command kCommands[] = {
    {"info", cmd_info, info_command_line},
    {"pose", cmd_pose, pose_command_line},
    {"validate", cmd_validate, validate_command_line},
    {"play", cmd_play, play_command_line},
    {"fmt", cmd_fmt, fmt_command_line},
    {"pack", cmd_pack, pack_command_line},
    {"markers", cmd_markers, markers_command_line},
    {"attach", cmd_attach, attach_command_line},
    {"render", nullptr, render_app},
};

const Command* find_command(const char* name) {
  for (const Command& c : kCommands) {
    if (!std::strcmp(name, c.name)) return &c;
  }
  return nullptr;
}

std::vector<std::string> command_names() {
  std::vector<std::string> names;
  for (const Command& c : kCommands) names.push_back(c.name);
  return names;
}

// `animscope help [COMMAND]`: the same text as `animscope --help` or `animscope COMMAND --help`.
struct HelpArgs {
  std::string command;
};

void define_help(CLI::App& app, HelpArgs& a) {
  add_input(app, a.command, choices_value_name(command_names()), "the command to explain",
            /*required=*/false);
}

std::unique_ptr<CommandLine<HelpArgs>> help_line() {
  return std::make_unique<CommandLine<HelpArgs>>(
      "help", "Prints the help of animscope or of one of its commands.", define_help);
}

int cmd_help(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  const std::unique_ptr<CommandLine<HelpArgs>> parsed = help_line();
  CommandLine<HelpArgs>& line = *parsed;
  if (std::optional<int> done = parse_command_line(line, argc, argv, 2, out, err)) return *done;
  if (line.args.command.empty()) {
    out << tool_command_line()->help();
    return kExitOk;
  }
  const Command* command = find_command(line.args.command.c_str());
  if (!command) {
    return usage_error(line, "no command \"" + line.args.command + "\"", err);
  }
  out << command->command_line()->help();
  return kExitOk;
}

// `animscope completion bash`: bash completion for every command, from their definitions.
struct CompletionArgs {
  std::string shell;
};

void define_completion(CLI::App& app, CompletionArgs& a) {
  add_input(app, a.shell, "bash", "the shell (bash only, for now)");
}

std::unique_ptr<CommandLine<CompletionArgs>> completion_line() {
  return std::make_unique<CommandLine<CompletionArgs>>(
      "completion", "Prints a bash completion script for animscope.", define_completion);
}

int cmd_completion(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  const std::unique_ptr<CommandLine<CompletionArgs>> parsed = completion_line();
  CommandLine<CompletionArgs>& line = *parsed;
  if (std::optional<int> done = parse_command_line(line, argc, argv, 2, out, err)) return *done;
  if (line.args.shell != "bash") {
    return usage_error(line, "no completion for \"" + line.args.shell + "\" (bash)", err);
  }
  std::vector<std::unique_ptr<CLI::App>> apps;
  apps.push_back(tool_command_line());
  for (const Command& c : kCommands) apps.push_back(c.command_line());
  apps.push_back(help_line());
  apps.push_back(completion_line());
  std::vector<const CLI::App*> commands;
  for (const auto& app : apps) commands.push_back(app.get());
  out << bash_completion_script(commands);
  return kExitOk;
}

// What animscope says when it gets no arguments at all (only run_cli can: animscope itself opens
// the tool then).
void print_short_usage(std::ostream& err) {
  err << usage_text(*tool_command_line())
      << "       animscope COMMAND [ARGS]    (animscope help: every command and option)\n";
}

}  // namespace

void add_command_list(CLI::App& tool) {
  std::string list =
      "commands (animscope help COMMAND, or animscope COMMAND --help, explains one):\n";
  for (const Command& c : kCommands) {
    for (const std::string& line : usage_lines(*c.command_line())) list += "  " + line + "\n";
  }
  list.pop_back();
  tool.footer(list);
}

bool is_headless_command(int argc, const char* const* argv) {
  if (argc < 2) return false;
  for (const char* meta : {"help", "--help", "-h", "--version", "completion"}) {
    if (!std::strcmp(argv[1], meta)) return true;
  }
  const Command* command = find_command(argv[1]);
  return command && command->run;
}

std::optional<int> check_gui_arguments(int argc, const char* const* argv, std::ostream& out,
                                       std::ostream& err) {
  if (argc >= 2 && !std::strcmp(argv[1], "render")) {
    return parse_command_line(*render_command_line(), argc, argv, 2, out, err);
  }
  return parse_command_line(*tool_command_line(), argc, argv, 1, out, err);
}

int run_cli(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  if (argc < 2) {
    print_short_usage(err);
    return kExitError;
  }
  if (!std::strcmp(argv[1], "help")) return cmd_help(argc, argv, out, err);
  if (!std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
    out << tool_command_line()->help();
    return kExitOk;
  }
  if (!std::strcmp(argv[1], "--version")) {
    out << "animscope " << animscope_version() << "\n";
    return kExitOk;
  }
  if (!std::strcmp(argv[1], "completion")) return cmd_completion(argc, argv, out, err);
  if (const Command* command = find_command(argv[1])) {
    if (command->run) return command->run(argc, argv, out, err);
    if (std::optional<int> done = check_gui_arguments(argc, argv, out, err)) return *done;
    err << "animscope: \"" << argv[1] << "\" needs a display; animscope-gui runs it\n";
    return kExitError;
  }
  err << "animscope: unknown command \"" << argv[1] << "\"\n";
  print_short_usage(err);
  return kExitError;
}

}  // namespace anim::app
