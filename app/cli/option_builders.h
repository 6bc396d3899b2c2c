#pragma once
// The kinds of option every command is defined with, over CLI11: a flag, a text value, a
// repeatable text value, a value checked as it is parsed, and the input file. One definition of
// an option gives its parsing, its --help line, its place in the usage line and its completion.
//
// Values keep the command line's old rules: a repeated option keeps its last value (a list keeps
// every value), each --NAME takes exactly one value ("--NAME=VALUE" works too), and an error is a
// whole sentence naming the option (`--time needs a number, got "soon"`).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "anim/result.h"

namespace anim::app {

// --NAME: true when given.
CLI::Option* add_flag(CLI::App& app, const std::string& name, bool& to, const std::string& help);

// --NAME VALUE: the value given last, kept as text.
CLI::Option* add_text(CLI::App& app, const std::string& name, std::string& to,
                      const std::string& value_name, const std::string& help);
CLI::Option* add_text(CLI::App& app, const std::string& name, std::optional<std::string>& to,
                      const std::string& value_name, const std::string& help);

// --NAME VALUE ...: repeatable, every value in order.
CLI::Option* add_list(CLI::App& app, const std::string& name, std::vector<std::string>& to,
                      const std::string& value_name, const std::string& help);

// --NAME VALUE read by `parse`; its Error's message is the error line (it names the option).
template <class T>
using ValueParser = std::function<Result<T>(const std::string& text)>;

template <class T>
CLI::Option* add_value(CLI::App& app, const std::string& name, std::optional<T>& to,
                       const std::string& value_name, const std::string& help,
                       ValueParser<T> parse);
// The same, kept in `to` (which holds the default until then).
template <class T>
CLI::Option* add_value(CLI::App& app, const std::string& name, T& to, const std::string& value_name,
                       const std::string& help, ValueParser<T> parse);
// The same, handing the value to `store`.
template <class T>
CLI::Option* add_value(CLI::App& app, const std::string& name, std::function<void(T)> store,
                       const std::string& value_name, const std::string& help,
                       ValueParser<T> parse);

// The input: a positional argument shown as `value_name` (MODEL|SETUP.json, ...).
CLI::Option* add_input(CLI::App& app, std::string& to, const std::string& value_name,
                       const std::string& help, bool required = true);

// The input of the commands that pose a character (pose, render): a model, a setup, a package or
// the built-in demo.
CLI::Option* add_posable_input(CLI::App& app, std::string& to);

// Throws, while parsing, what CLI11 reports for a refused value: `error`'s message is the line.
void refuse_value(const Error& error);

// Readers for add_value; each error names its option.
// A finite number: `--time needs a number, got "soon"`.
ValueParser<float> number_parser(const std::string& option);
// A number within [low, high] (above `low` when `low_open`); else refusal(text) is the error.
using Refusal = std::function<std::string(const std::string& text)>;
ValueParser<float> bounded_number_parser(float low, float high, bool low_open, Refusal refusal);
// `parse`, then `holds` on its value; else `message` is the error.
ValueParser<float> checked_number_parser(ValueParser<float> parse, bool (*holds)(float value),
                                         const std::string& message);
// A whole number within [low, high]: `--onion needs a whole number from 0 to 8, got "99"`.
ValueParser<int> whole_number_parser(const std::string& option, int low, int high);
// One of `names` (its index); else refusal(text) is the error.
ValueParser<int> choice_parser(const std::vector<std::string>& names, Refusal refusal);

// The value name of a choice: "a|b|c".
std::string choices_value_name(const std::vector<std::string>& names);

}  // namespace anim::app

// ---------------------------------------------------------------------------------------------

namespace anim::app {

template <class T>
CLI::Option* add_value(CLI::App& app, const std::string& name, std::function<void(T)> store,
                       const std::string& value_name, const std::string& help,
                       ValueParser<T> parse) {
  CLI::Option* option = app.add_option_function<std::string>(
      name,
      [store, parse](const std::string& text) {
        Result<T> value = parse(text);
        if (!value.ok()) refuse_value(value.error());
        store(std::move(value).value());
      },
      help);
  option->type_name(value_name)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  return option;
}

template <class T>
CLI::Option* add_value(CLI::App& app, const std::string& name, T& to, const std::string& value_name,
                       const std::string& help, ValueParser<T> parse) {
  return add_value<T>(
      app, name, [&to](T value) { to = std::move(value); }, value_name, help, std::move(parse));
}

template <class T>
CLI::Option* add_value(CLI::App& app, const std::string& name, std::optional<T>& to,
                       const std::string& value_name, const std::string& help,
                       ValueParser<T> parse) {
  return add_value<T>(
      app, name, [&to](T value) { to = std::move(value); }, value_name, help, std::move(parse));
}

}  // namespace anim::app
