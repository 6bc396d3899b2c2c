#include "cli/cli.h"

#include <cstring>
#include <ostream>

namespace anim::app {
namespace {

struct Command {
  const char* name;
  // Null for a command that needs a display: animscope hands it to animscope-gui, which runs
  // it. The row stays here so `help` lists every command without linking the renderer.
  CommandFn run;
  const char* usage;
};

// The one list of commands. A new headless command is a cmd_NAME.cpp in
// app/cli, its declaration in cli.h, a row here and the file in animscope_cli's sources.
constexpr Command kCommands[] = {
    {"info", cmd_info,
     "info MODEL|SETUP.json|PACKAGE.animpack [--anim FILE ...] [--json]\n"
     "                                   joints, meshes, influences and clips"},
    {"pose", cmd_pose,
     "pose MODEL|SETUP.json|PACKAGE.animpack [--anim FILE ...] [--clip NAME] [--time SECONDS]\n"
     "       [--loop] [--set NAME=VALUE@SECONDS ...] [--json]\n"
     "                                   model-space matrix of every joint at a time"},
    {"validate", cmd_validate,
     "validate SETUP.json            every problem of a setup and its clip files (exit 1 when "
     "invalid)"},
    {"play", cmd_play,
     "play SETUP.json|PACKAGE.animpack [--set NAME=VALUE@SECONDS ...] [--dt S] [--frames N]\n"
     "       [--trace] [--json]          run a setup's (or package's) state machine headless;\n"
     "                                   --trace: each transition considered, and why it did\n"
     "                                   or did not fire"},
    {"fmt", cmd_fmt, "fmt SETUP.json [--out FILE]    rewrite a setup in canonical form"},
    {"pack", cmd_pack,
     "pack SETUP.json|MODEL [--anim FILE ...] --out NAME.animpack [--tolerance X] [--no-mesh]\n"
     "       [--json]                    bake skeleton, skin, mesh, compressed clips and the\n"
     "                                   state machine into one package for a game"},
    {"render", nullptr,
     "render MODEL|SETUP.json [--anim FILE ...] [--clip NAME] [--time T] [--shading MODE]\n"
     "       [--joint NAME] [--up y|z] [--size WxH] [--yaw DEG] [--pitch DEG] [--no-skeleton]\n"
     "       [--no-grid] [--axes] [--ramp blender|greyscale|viridis] [--unlit] [--legend]\n"
     "       [--names] [--vertex N]\n"
     "       --out FILE.png             render one frame offscreen to a PNG"},
};

void print_usage(std::ostream& out) {
  out << "usage: animscope [MODEL|SETUP.json] [--anim FILE ...] [--joint NAME] [--clip NAME]\n"
         "                 [--view blend|setup|graph|blend_spaces|layers] [--mask LAYER]\n"
         "                 [--machine LAYER] [--select STATE|FROM->TO|PARAMETER]\n"
         "                 [--shading MODE] [--ramp NAME] [--unlit] [--names] [--vertex N]\n"
         "                 [--up y|z]\n"
         "                 [--screenshot FILE.png --frames N]\n"
         "         opens the desktop tool (the built-in demo without a file)\n"
         "       animscope COMMAND [ARGS]\n\ncommands:\n";
  for (const Command& c : kCommands) out << "  animscope " << c.usage << "\n";
  out << "\nimport options (any command, and the tool):\n"
         "  --memory-limit SIZE   address space the assimp import may use (default: half the\n"
         "                        machine's memory, at most 8G); it runs in a child process\n"
         "  --in-process          import in this process instead (for debugging the importer)\n";
}

const Command* find_command(const char* name) {
  for (const Command& c : kCommands) {
    if (!std::strcmp(name, c.name)) return &c;
  }
  return nullptr;
}

}  // namespace

bool is_headless_command(int argc, const char* const* argv) {
  if (argc < 2) return false;
  if (!std::strcmp(argv[1], "help") || !std::strcmp(argv[1], "--help")) return true;
  const Command* command = find_command(argv[1]);
  return command && command->run;
}

int run_cli(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  if (argc < 2 || !std::strcmp(argv[1], "help") || !std::strcmp(argv[1], "--help")) {
    print_usage(argc < 2 ? err : out);
    return argc < 2 ? kExitError : kExitOk;
  }
  if (const Command* command = find_command(argv[1])) {
    if (command->run) return command->run(argc, argv, out, err);
    err << "animscope: \"" << argv[1] << "\" needs a display; animscope-gui runs it\n";
    return kExitError;
  }
  err << "animscope: unknown command \"" << argv[1] << "\"\n";
  print_usage(err);
  return kExitError;
}

}  // namespace anim::app
