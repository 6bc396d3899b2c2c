// --help, `help COMMAND`, usage errors and the README's usage block, for every command and the
// tool: the README shows each command's usage exactly as its --help prints it, and both list the
// same options. Run in-process (cli_run.h), and a few through the built binary.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.h"
#include "commands/commands.h"
#include "usage_text.h"

namespace anim::app {
namespace {

using testing::CliRun;
using testing::kUsageCommands;
using testing::options_in;
using testing::run;
using testing::squeezed;
using testing::usage_of;

const std::string kReadme = std::string(ANIMSCOPE_SOURCE_DIR) + "/README.md";

// `animscope COMMAND --help`, or `animscope --help` for the tool ("").
CliRun help_of(const std::string& command) {
  return command.empty() ? run({"--help"}) : run({command, "--help"});
}

std::string shown(const std::string& command) { return command.empty() ? "the tool" : command; }

// The tool's arguments are parsed in-process as animscope parses them before it hands them to
// animscope-gui.
CliRun check_tool(std::vector<std::string> args) {
  args.insert(args.begin(), "animscope");
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  std::ostringstream out, err;
  CliRun r;
  r.code = check_gui_arguments(static_cast<int>(argv.size()), argv.data(), out, err).value_or(-1);
  r.out = out.str();
  r.err = err.str();
  return r;
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

TEST(CliHelp, EveryCommandsHelpExitsZeroAndStartsWithItsReadmeUsage) {
  const std::map<std::string, std::string> readme =
      testing::readme_usage(testing::read_text(kReadme));
  for (const std::string& command : kUsageCommands) {
    const CliRun help = help_of(command);
    EXPECT_EQ(help.code, 0) << shown(command) << ": " << help.err;
    EXPECT_EQ(help.err, "") << shown(command);
    EXPECT_EQ(help.out.rfind("usage: animscope", 0), 0u) << help.out;
    ASSERT_EQ(readme.count(command), 1u) << "the README's usage block lacks " << shown(command);
    // The same text; only the indentation of its later lines differs ("usage: " comes first).
    EXPECT_EQ(squeezed(usage_of(help.out)), squeezed(readme.at(command)))
        << shown(command) << "'s --help:\n"
        << usage_of(help.out) << "README:\n"
        << readme.at(command);
  }
  EXPECT_EQ(readme.size(), kUsageCommands.size()) << "the README's usage block has other entries";
}

TEST(CliHelp, ReadmeUsageAndHelpListTheSameOptions) {
  const std::string text = testing::read_text(kReadme);
  const std::map<std::string, std::string> readme = testing::readme_usage(text);
  for (const std::string& command : kUsageCommands) {
    if (!readme.count(command)) {
      ADD_FAILURE() << "the README's usage block lacks " << shown(command);
      continue;
    }
    const CliRun help = help_of(command);
    std::set<std::string> explained = testing::help_table_options(help.out, "import options");
    EXPECT_EQ(explained.erase("--help"), 1u) << shown(command) << "'s --help lacks --help";
    const std::set<std::string> in_readme = options_in(readme.at(command));
    // Each way round: what the README lists is explained in --help, and the other way.
    for (const std::string& option : in_readme) {
      EXPECT_TRUE(explained.count(option))
          << "the README lists " << option << " for " << shown(command) << "; --help does not";
    }
    for (const std::string& option : explained) {
      EXPECT_TRUE(in_readme.count(option))
          << shown(command) << "'s --help explains " << option << "; the README does not list it";
    }
    EXPECT_EQ(options_in(usage_of(help.out)), explained) << shown(command);
  }
  // The desktop tool's section gives its usage on one line: the same options.
  const std::size_t tool_line = text.find("\n`animscope [MODEL|");
  ASSERT_NE(tool_line, std::string::npos) << "the README's desktop tool line";
  const std::string line =
      text.substr(tool_line + 2, text.find('`', tool_line + 2) - tool_line - 2);
  EXPECT_EQ(squeezed(line), squeezed(readme.at(""))) << line;
  // The import options every command takes are in every --help and in the README's prose.
  for (const std::string& command : kUsageCommands) {
    const std::string help = help_of(command).out;
    const std::set<std::string> all = testing::help_table_options(help, "");
    for (const char* option : {"--memory-limit", "--in-process"}) {
      EXPECT_TRUE(all.count(option)) << shown(command) << "'s --help lacks " << option;
      EXPECT_NE(text.find(std::string("`") + option), std::string::npos) << option;
    }
  }
}

TEST(CliHelp, HelpCommandAndShortFlagPrintTheSameText) {
  const CliRun top = run({"--help"});
  EXPECT_EQ(run({"help"}).out, top.out);
  EXPECT_EQ(run({"-h"}).out, top.out);
  EXPECT_EQ(check_tool({"--help"}).out, top.out);
  for (const std::string& command : kUsageCommands) {
    if (command.empty()) continue;
    const CliRun help = run({"help", command});
    EXPECT_EQ(help.code, 0) << command;
    EXPECT_EQ(help.out, help_of(command).out) << command;
    EXPECT_EQ(run({command, "-h"}).out, help.out) << command;
    // --help wins over everything else on the line, a bad value included.
    EXPECT_EQ(run({command, "x", "--time", "soon", "--help"}).out, help.out) << command;
    // The tool's help lists every command with its usage.
    EXPECT_NE(squeezed(top.out).find(squeezed(usage_of(help.out))), std::string::npos) << command;
  }
  const CliRun unknown = run({"help", "nope"});
  EXPECT_EQ(unknown.code, 2);
  EXPECT_EQ(first_line(unknown.err), "animscope: no command \"nope\"");
}

TEST(CliUsageErrors, AnUnknownOptionIsOneLineThenTheUsage) {
  for (const std::string& command : kUsageCommands) {
    const CliRun r = command.empty() ? check_tool({"--no-such-option"})
                                     : run({command, "x", "--no-such-option=3"});
    EXPECT_EQ(r.code, 2) << shown(command);
    EXPECT_EQ(r.out, "") << shown(command);
    EXPECT_EQ(first_line(r.err), "animscope: unknown option --no-such-option") << r.err;
    // The usage after the line is the command's own, as --help prints it.
    const std::string help = help_of(command).out;
    EXPECT_EQ(r.err.substr(r.err.find('\n') + 1), help.substr(0, help.find("\n\n") + 1))
        << shown(command);
  }
}

TEST(CliUsageErrors, MissingAndExtraArgumentsAreNamed) {
  const std::pair<std::vector<std::string>, std::string> cases[] = {
      {{"info"}, "animscope: missing MODEL|SETUP.json|PACKAGE.animpack"},
      {{"validate"}, "animscope: missing SETUP.json"},
      {{"pack", "x"}, "animscope: missing --out NAME.animpack"},
      {{"markers", "x"}, "animscope: missing --foot JOINT=NAME ..."},
      {{"render", "x"}, "animscope: missing --out FILE.png"},
      {{"info", "x", "y"}, "animscope: unexpected argument \"y\""},
      {{"info", "x", "--anim"}, "animscope: --anim needs a value"},
      {{"fmt", "x", "--out"}, "animscope: --out needs a value"},
      {{"info", "x", "--json=no"}, "animscope: --json takes no value"},
      {{"render", "x", "--ghost-meshes=1"}, "animscope: --ghost-meshes takes no value"},
      {{"completion"}, "animscope: missing bash"},
      {{"completion", "zsh"}, "animscope: no completion for \"zsh\" (bash)"},
  };
  for (const auto& [args, line] : cases) {
    const CliRun r = run(args);
    EXPECT_EQ(r.code, 2) << line;
    EXPECT_EQ(first_line(r.err), line);
    EXPECT_EQ(r.err.find("\nusage: animscope " + args[0]), first_line(r.err).size()) << r.err;
  }
  const CliRun r = check_tool({"a.fbx", "b.fbx"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(first_line(r.err), "animscope: unexpected argument \"b.fbx\"");
}

TEST(CliUsageErrors, BadValuesNameTheOptionAndTheValue) {
  const std::pair<std::vector<std::string>, std::string> cases[] = {
      {{"pose", "x", "--time", "soon"}, "--time needs a number, got \"soon\""},
      {{"pose", "x", "--time", "inf"}, "--time needs a number, got \"inf\""},
      {{"play", "x", "--dt", "0"}, "--dt must be above 0"},
      {{"play", "x", "--dt", "fast"}, "--dt needs a number, got \"fast\""},
      {{"play", "x", "--frames", "-1"}, "--frames needs a count"},
      {{"pack", "x", "--out", "y", "--tolerance", "-1"}, "--tolerance must be 0 or more"},
      {{"markers", "x", "--foot", "LeftFoot"},
       "--foot needs JOINT=NAME (LeftFoot=L), got \"LeftFoot\""},
      {{"render", "x", "--out", "y", "--size", "1x1"},
       "--size needs WIDTHxHEIGHT between 16 and 8192, got \"1x1\""},
      {{"render", "x", "--out", "y", "--shading", "plaid"},
       "--shading: unknown mode \"plaid\" (lit, heatmap, dominant, influences, truncated)"},
      {{"render", "x", "--out", "y", "--ramp", "jet"},
       "--ramp: unknown ramp \"jet\" (blender, greyscale, viridis)"},
      {{"render", "x", "--out", "y", "--up", "w"},
       "--up: \"w\" is not an axis (y, z, x, -y, -z or -x)"},
      {{"render", "x", "--out", "y", "--yaw", "left"}, "--yaw needs a number, got \"left\""},
      {{"render", "x", "--out", "y", "--vertex", "one"}, "--vertex needs a number, got \"one\""},
      {{"render", "x", "--out", "y", "--onion", "99"},
       "--onion needs a whole number from 0 to 8, got \"99\""},
      {{"render", "x", "--out", "y", "--onion-step", "0"},
       "--onion-step needs a whole number from 1 to 60, got \"0\""},
      {{"render", "x", "--out", "y", "--trail", "0"},
       "--trail needs seconds above 0, at most 60, got \"0\""},
      {{"render", "x", "--out", "y", "--root-motion", "sideways"},
       "--root-motion needs place (the character on the spot) or world (walking over the "
       "grid), got \"sideways\""},
      {{"info", "x", "--memory-limit", "lots"},
       "--memory-limit needs a size such as 8G or 512M, got \"lots\""},
  };
  for (const auto& [args, message] : cases) {
    const CliRun r = run(args);
    EXPECT_EQ(r.code, 2) << message;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(first_line(r.err), "animscope: " + message);
    EXPECT_EQ(r.err.find("\nusage: animscope " + args[0]), first_line(r.err).size()) << r.err;
  }
  const std::pair<std::vector<std::string>, std::string> tool_cases[] = {
      {{"--view", "sideways"},
       "--view is blend, curves, setup, graph, blend_spaces or layers, not \"sideways\""},
      {{"--frames", "-2"}, "--frames needs a count"},
      {{"--rewind", "soon"}, "--rewind needs seconds"},
      {{"--vertex", "-1"}, "--vertex needs a vertex index"},
      {{"--onion", "99"}, "--onion needs a whole number from 0 to 8, got \"99\""},
      {{"--shading", "plaid"},
       "--shading: unknown mode \"plaid\" (lit, heatmap, dominant, influences, truncated)"},
  };
  for (const auto& [args, message] : tool_cases) {
    const CliRun r = check_tool(args);
    EXPECT_EQ(r.code, 2) << message;
    EXPECT_EQ(first_line(r.err), "animscope: " + message);
    EXPECT_EQ(r.err.find("\nusage: animscope [MODEL"), first_line(r.err).size()) << r.err;
  }
}

TEST(CliUsage, ValuesReadAsBefore) {
  // A repeated option keeps its last value; "--NAME=VALUE" works; a value may start with "-".
  const CliRun last = run({"pose", "builtin:demo", "--time=0.5", "--time", "0.25", "--json"});
  ASSERT_EQ(last.code, 0) << last.err;
  EXPECT_NE(last.out.find("\"time\":0.25"), std::string::npos) << last.out.substr(0, 80);
  EXPECT_EQ(run({"pose", "builtin:demo", "--time", "-1", "--json"}).code, 0);
  // "--" ends the options.
  const CliRun dashes = run({"info", "--", "--json"});
  EXPECT_EQ(dashes.code, 2);
  EXPECT_EQ(dashes.err, "animscope: --json: no such file\n");
  EXPECT_EQ(check_tool({"--names", "--", "-odd.fbx"}).code, -1);
  // --anim takes one file each time: what follows is the input again.
  const CliRun anim = run({"info", "--anim", "/no/such/clip.bvh", "builtin:demo"});
  EXPECT_EQ(anim.code, 2);
  EXPECT_NE(anim.err.find("/no/such/clip.bvh"), std::string::npos) << anim.err;
  // The tool's values that start with "-" and the options it hands over unchanged.
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"--up", "-z"},
           {"--up=-X", "a.fbx"},
           {},
           {"a b.fbx", "--screenshot", "/tmp/x.png"},
           {"--onion", "2", "--set", "speed=1@0.5", "--set", "halt"}}) {
    const CliRun r = check_tool(args);
    EXPECT_EQ(r.code, -1) << r.err;  // Nothing to say: handed over.
    EXPECT_EQ(r.err, "");
  }
}

// --- Through the built binary: help needs no display, and no animscope-gui either. ---

struct Output {
  int code = -1;
  std::string text;
};

Output run_binary(const std::string& args) {
  Output output;
  FILE* pipe = ::popen(
      ("env -u DISPLAY " + std::string(ANIMSCOPE_BINARY) + " " + args + " 2>&1").c_str(), "r");
  if (!pipe) return output;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) {
    output.text.append(buffer, n);
  }
  const int status = ::pclose(pipe);
  output.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return output;
}

TEST(CliHelpBinary, HelpAndUsageErrorsNeedNoDisplay) {
  for (const std::string& command : kUsageCommands) {
    const Output help = run_binary(command + " --help");
    EXPECT_EQ(help.code, 0) << shown(command) << ": " << help.text;
    EXPECT_EQ(help.text, help_of(command).out) << shown(command);
    const Output via_help = run_binary("help " + command);
    EXPECT_EQ(via_help.code, 0) << shown(command);
    EXPECT_EQ(via_help.text, help.text) << shown(command);
  }
  const Output render = run_binary("render x --out y.png --bogus");
  EXPECT_EQ(render.code, 2);
  EXPECT_EQ(first_line(render.text), "animscope: unknown option --bogus");
  const Output tool = run_binary("--trail 0");
  EXPECT_EQ(tool.code, 2);
  EXPECT_EQ(first_line(tool.text),
            "animscope: --trail needs seconds above 0, at most 60, got \"0\"");
  // Import options are taken out first, wherever they are, and the rest is checked as usual.
  const Output imported = run_binary("--memory-limit 2G render --help");
  EXPECT_EQ(imported.code, 0) << imported.text;
  EXPECT_EQ(imported.text, help_of("render").out);
}

}  // namespace
}  // namespace anim::app
