#pragma once
// Bash completion for animscope, written from the CLI11 apps that parse its command line, so it
// offers exactly the commands and options they take (`animscope completion bash`; cmake
// --install puts its output in share/bash-completion/completions/animscope).
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace anim::app {

// What a value is completed with, read from its value name as the usage shows it.
enum class ValueKind {
  kWords,  // Choices, "lit|heatmap|...", "bash": each word.
  kFiles,  // FILE, FILE.png, MODEL|SETUP.json|...: file names.
  kTyped,  // N, SECONDS, NAME...: nothing to offer.
};
ValueKind value_kind(const std::string& value_name);

// `apps`: the tool's own (named "", the command-line default) and each command's (named).
std::string bash_completion_script(const std::vector<const CLI::App*>& apps);

}  // namespace anim::app
