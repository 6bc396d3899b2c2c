#pragma once
// The exit codes of animscope and of every one of its commands; the command-line pieces here
// (usage errors, the hand-over to a sibling) return them too.

namespace anim::app {

constexpr int kExitOk = 0;
constexpr int kExitInvalid = 1;  // The input was read and found wanting (e.g. `validate`).
constexpr int kExitError = 2;    // Bad arguments, missing or unreadable files.

}  // namespace anim::app
