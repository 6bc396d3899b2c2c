#include "cli/option_builders.h"

#include <cmath>
#include <cstdlib>

namespace anim::app {

CLI::Option* add_flag(CLI::App& app, const std::string& name, bool& to, const std::string& help) {
  return app.add_flag(name, to, help)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
      ->disable_flag_override();  // "--json=no" is refused, not read as false.
}

CLI::Option* add_text(CLI::App& app, const std::string& name, std::string& to,
                      const std::string& value_name, const std::string& help) {
  return app.add_option(name, to, help)
      ->type_name(value_name)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

CLI::Option* add_text(CLI::App& app, const std::string& name, std::optional<std::string>& to,
                      const std::string& value_name, const std::string& help) {
  return add_value<std::string>(app, name, to, value_name, help,
                                [](const std::string& text) { return Result<std::string>(text); });
}

CLI::Option* add_list(CLI::App& app, const std::string& name, std::vector<std::string>& to,
                      const std::string& value_name, const std::string& help) {
  // One value per --NAME: `--anim a.fbx model.fbx` leaves model.fbx for the input.
  return app.add_option(name, to, help)
      ->type_name(value_name)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

CLI::Option* add_input(CLI::App& app, std::string& to, const std::string& value_name,
                       const std::string& help, bool required) {
  CLI::Option* option = app.add_option("input", to, help)->type_name(value_name);
  option->required(required);
  return option;
}

CLI::Option* add_posable_input(CLI::App& app, std::string& to) {
  return add_input(app, to, "MODEL|SETUP.json|PACKAGE.animpack",
                   "a model file (any format assimp reads), a setup, a package or builtin:demo");
}

void refuse_value(const Error& error) { throw CLI::ValidationError(error.message); }

namespace {

Error refused(const std::string& message) {
  return Error{Error::Code::kInvalidArgument, message, ""};
}

// The whole of `text` as a finite float.
std::optional<float> read_number(const std::string& text) {
  const char* begin = text.c_str();
  char* end = nullptr;
  const float f = std::strtof(begin, &end);
  if (text.empty() || end != begin + text.size() || !std::isfinite(f)) return std::nullopt;
  return f;
}

}  // namespace

ValueParser<float> number_parser(const std::string& option) {
  return [option](const std::string& text) -> Result<float> {
    if (std::optional<float> f = read_number(text)) return *f;
    return refused(option + " needs a number, got \"" + text + "\"");
  };
}

ValueParser<float> bounded_number_parser(float low, float high, bool low_open, Refusal refusal) {
  return [=](const std::string& text) -> Result<float> {
    const std::optional<float> f = read_number(text);
    if (!f || (low_open ? !(*f > low) : !(*f >= low)) || *f > high) return refused(refusal(text));
    return *f;
  };
}

ValueParser<float> checked_number_parser(ValueParser<float> parse, bool (*holds)(float value),
                                         const std::string& message) {
  return [=](const std::string& text) -> Result<float> {
    Result<float> value = parse(text);
    if (value.ok() && !holds(value.value())) return refused(message);
    return value;
  };
}

ValueParser<int> whole_number_parser(const std::string& option, int low, int high) {
  return [=](const std::string& text) -> Result<int> {
    const std::string wants =
        "a whole number from " + std::to_string(low) + " to " + std::to_string(high);
    const char* begin = text.c_str();
    char* end = nullptr;
    const long value = std::strtol(begin, &end, 10);
    // strtol skips leading blanks; std::stoi, which this replaces, did too.
    if (text.empty() || end != begin + text.size() || value < low || value > high) {
      return refused(option + " needs " + wants + ", got \"" + text + "\"");
    }
    return static_cast<int>(value);
  };
}

ValueParser<int> choice_parser(const std::vector<std::string>& names, Refusal refusal) {
  return [names, refusal](const std::string& text) -> Result<int> {
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (names[i] == text) return static_cast<int>(i);
    }
    return refused(refusal(text));
  };
}

std::string choices_value_name(const std::vector<std::string>& names) {
  std::string joined;
  for (const std::string& name : names) joined += (joined.empty() ? "" : "|") + name;
  return joined;
}

}  // namespace anim::app
