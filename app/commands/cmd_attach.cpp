// `animscope attach [GAME] [--list] [--watch CHARACTER] [--frames N] [--json] [--set NAME=VALUE]
// [--apply SETUP.json] [--port P --token T]`: attaches to a running game that links anim_link
// (issue 29), headless: lists the games announced on this machine and their characters, prints a
// character's frames as the game computes them (the lines `play` prints), sets its parameters and
// swaps in a setup. For scripts and tests; the tool's attach window does the same with a view.
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "anim/files/file_io.h"
#include "anim/link/link_client.h"
#include "anim/state_machine_def.h"
#include "cli/command_line.h"
#include "cli/errors.h"
#include "cli/option_builders.h"
#include "cli/scripted_run.h"
#include "commands/announced_games.h"
#include "commands/commands.h"
#include "commands/link_frame_json.h"

namespace anim::app {
namespace {

// How long attach waits for a game that is busy with another tool (ConnectOptions::busy_wait_ms).
constexpr int kBusyWaitMs = 2000;

struct AttachArgs {
  std::string game;
  bool list = false;
  std::optional<std::string> watch;
  int frames = 60;
  bool json = false;
  std::vector<std::string> sets;
  std::optional<std::string> apply;
  std::optional<int> port;
  std::optional<std::string> token;
};

void define_attach(CLI::App& app, AttachArgs& a) {
  add_input(app, a.game, "GAME",
            "the game's name or pid, as --list shows them (may be left out when one game runs)",
            /*required=*/false);
  add_flag(app, "--list", a.list, "lists the games announced on this machine and their characters");
  add_text(app, "--watch", a.watch, "CHARACTER",
           "prints the frames of the game's CHARACTER, one line per frame the game runs");
  add_value<int>(app, "--frames", a.frames, "N", "frames --watch prints (default 60)",
                 whole_number_parser("--frames", 1, 10000000));
  add_flag(app, "--json", a.json, "prints JSON: one line per game or per frame");
  add_list(app, "--set", a.sets, "NAME=VALUE",
           "sets a parameter of the watched character (needs --watch; true and false for bools, "
           "X,Y,Z for a vector3; a trigger may leave out =VALUE), before its frames are printed");
  add_text(app, "--apply", a.apply, "SETUP.json",
           "sends a setup for the game to swap in (exit 1 with the game's reason when it refuses)");
  add_value<int>(app, "--port", a.port, "P",
                 "the game's port (with --token), for a game not announced here",
                 whole_number_parser("--port", 1, 65535));
  add_text(app, "--token", a.token, "T", "the game's token (with --port)");
}

std::unique_ptr<CommandLine<AttachArgs>> attach_line() {
  return std::make_unique<CommandLine<AttachArgs>>(
      "attach",
      "Attaches to a running game that links anim_link: lists its characters, prints one's frames "
      "as the game computes them, sets its parameters, swaps in a setup.",
      define_attach);
}

// How a game is named in messages: "game_loop (pid 1234, port 40123)".
std::string describe(const AnnouncedGame& g) {
  std::string text = g.name.empty() ? std::string("the game") : g.name;
  text += " (";
  if (g.pid > 0) text += "pid " + std::to_string(g.pid) + ", ";
  return text + "port " + std::to_string(g.port) + ")";
}

Result<std::unique_ptr<link::LinkClient>> connect(const AnnouncedGame& g) {
  link::ConnectOptions options;
  options.peer = "animscope attach";
  // A tool that has just left holds the game until the game's link thread sees it gone: a
  // script's attach right after another is let in after a moment, one held for longer is not.
  options.busy_wait_ms = kBusyWaitMs;
  Result<std::unique_ptr<link::LinkClient>> client =
      link::LinkClient::connect(g.port, g.token, options);
  if (!client.ok()) {
    return Error{client.error().code,
                 "cannot attach to " + describe(g) + ": " + client.error().to_string(), ""};
  }
  return client;
}

// --list: one line per game with its characters (a game that cannot be reached says why).
int list_games(const std::vector<AnnouncedGame>& games, bool json, std::ostream& out,
               std::ostream& err) {
  int code = kExitOk;
  for (const AnnouncedGame& g : games) {
    nlohmann::ordered_json line = {{"pid", g.pid}, {"name", g.name}, {"port", g.port}};
    Result<std::unique_ptr<link::LinkClient>> client = connect(g);
    Result<std::vector<link::CharacterSummary>> characters =
        client.ok() ? client.value()->list()
                    : Result<std::vector<link::CharacterSummary>>(client.error());
    if (!characters.ok()) {
      print_error(err, characters.error());
      code = kExitError;
      continue;
    }
    const std::string& content = client.value()->welcome().content;
    if (json) {
      line["content"] = content;
      line["characters"] = nlohmann::ordered_json::array();
      for (const link::CharacterSummary& c : characters.value()) {
        line["characters"].push_back({{"name", c.name},
                                      {"state", c.state},
                                      {"parameters", c.parameters},
                                      {"layers", c.layers}});
      }
      out << line.dump() << "\n";
    } else {
      out << g.pid << "  " << g.name << "  127.0.0.1:" << g.port << "  "
          << characters.value().size() << " character"
          << (characters.value().size() == 1 ? "" : "s") << "\n";
      if (!content.empty()) out << "    runs " << content << "\n";
      for (const link::CharacterSummary& c : characters.value())
        out << "    " << c.name << "  " << (c.state.empty() ? "-" : c.state) << "\n";
    }
  }
  return code;
}

// The def --set's values are read against: the watched character's parameters.
StateMachineDef parameters_of(const link::Watching& watching) {
  StateMachineDef def;
  for (const link::ParameterInfo& p : watching.parameters) {
    ParameterDef d;
    d.name = p.name;
    d.type = p.type;
    def.parameters.push_back(d);
  }
  return def;
}

// Sends every --set to the watched character.
Status send_sets(link::LinkClient& client, const std::vector<std::string>& sets) {
  const StateMachineDef def = parameters_of(client.watching());
  Result<std::vector<ParameterChange>> changes = parse_changes(sets, def);
  if (!changes.ok()) return changes.error();
  for (const ParameterChange& c : changes.value()) {
    if (c.time != 0.0f)
      return Error{Error::Code::kInvalidArgument,
                   "--set takes no @SECONDS when attached: the game sets it at its next frame", ""};
    const uint32_t index = static_cast<uint32_t>(c.parameter);
    const ParameterType type = def.parameters[static_cast<std::size_t>(c.parameter)].type;
    const Status sent = type == ParameterType::kTrigger   ? client.fire_trigger(index)
                        : type == ParameterType::kVector3 ? client.set_vector(index, c.vector)
                                                          : client.set_value(index, c.value);
    if (!sent.ok()) return sent;
  }
  return Ok{};
}

// The character named `name` in the game's list, or an error listing the names there are.
Result<uint32_t> find_character(link::LinkClient& client, const std::string& name) {
  Result<std::vector<link::CharacterSummary>> characters = client.list();
  if (!characters.ok()) return characters.error();
  std::string names;
  for (std::size_t i = 0; i < characters.value().size(); ++i) {
    if (characters.value()[i].name == name) return static_cast<uint32_t>(i);
    if (i < 8) names += (i ? ", " : "") + characters.value()[i].name;
  }
  if (characters.value().size() > 8) names += ", ...";
  return Error{Error::Code::kNotFound,
               "the game has no character \"" + name + "\" (it has " +
                   (names.empty() ? std::string("none") : names) + ")",
               ""};
}

}  // namespace

std::unique_ptr<CLI::App> attach_command_line() { return attach_line(); }

int cmd_attach(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  const std::unique_ptr<CommandLine<AttachArgs>> line = attach_line();
  if (std::optional<int> done = parse_command_line(*line, argc, argv, 2, out, err)) return *done;
  const AttachArgs& a = line->args;
  if (a.port.has_value() != a.token.has_value())
    return usage_error(*line, "--port and --token go together", err);
  if (!a.sets.empty() && !a.watch)
    return usage_error(*line, "--set needs --watch CHARACTER (whose parameter it sets)", err);
  if (a.list && (a.watch || a.apply))
    return usage_error(*line, "--list goes alone (or with --json)", err);
  if (!a.list && !a.watch && !a.apply)
    return usage_error(*line, "nothing to do: give --list, --watch or --apply", err);

  if (a.list && !a.port) {
    Result<std::string> dir = announcement_dir();
    if (!dir.ok()) {
      print_error(err, dir.error());
      return kExitError;
    }
    const std::vector<AnnouncedGame> games = games_named(announced_games(dir.value()), a.game);
    if (games.empty() && !a.game.empty()) {
      print_error(err, Error{Error::Code::kNotFound,
                             "no game \"" + a.game + "\" is announced in " + dir.value(), ""});
      return kExitError;
    }
    return list_games(games, a.json, out, err);
  }
  Result<AnnouncedGame> game = pick_game(a.game, a.port, a.token);
  if (!game.ok()) {
    print_error(err, game.error());
    return kExitError;
  }
  if (a.list) return list_games({game.value()}, a.json, out, err);
  Result<std::unique_ptr<link::LinkClient>> connected = connect(game.value());
  if (!connected.ok()) {
    print_error(err, connected.error());
    return kExitError;
  }
  link::LinkClient& client = *connected.value();
  const std::string who = describe(game.value());

  if (a.apply) {
    Result<std::string> text = files::read_file(*a.apply);
    if (!text.ok()) {
      print_error(err, text.error());
      return kExitError;
    }
    const std::string& bytes = text.value();
    Result<std::string> refused = client.apply(
        Span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
    if (!refused.ok()) {
      print_error(err,
                  Error{refused.error().code,
                        "sending it to " + who + ": " + refused.error().to_string(), *a.apply});
      return kExitError;
    }
    if (!refused.value().empty()) {
      print_error(
          err, Error{Error::Code::kInvalidData, who + " refused it: " + refused.value(), *a.apply});
      return kExitInvalid;
    }
    if (!a.json) out << who << " runs " << *a.apply << " now\n";
  }
  if (!a.watch) return kExitOk;

  Result<uint32_t> index = find_character(client, *a.watch);
  if (index.ok()) {
    Result<link::Watching> watching = client.watch(index.value());
    if (!watching.ok()) index = watching.error();
  }
  if (!index.ok()) {
    print_error(err, Error{index.error().code, who + ": " + index.error().to_string(), ""});
    return kExitError;
  }
  const Status sent = send_sets(client, a.sets);
  if (!sent.ok()) {
    print_error(err, sent.error());
    return kExitError;
  }
  for (int f = 0; f < a.frames; ++f) {
    Result<link::Frame> frame = client.next_frame();
    if (!frame.ok()) {
      print_error(
          err, Error{frame.error().code,
                     who + ": after " + std::to_string(f) + " frames: " + frame.error().to_string(),
                     ""});
      return kExitError;
    }
    if (a.json) {
      out << link_frame_json(frame.value(), client.watching()).dump() << "\n";
    } else {
      out << link_frame_text(frame.value(), client.watching()) << "\n";
    }
  }
  return kExitOk;
}

}  // namespace anim::app
