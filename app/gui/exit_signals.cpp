#include "gui/exit_signals.h"

#include <signal.h>

#include <csignal>

namespace anim::app {
namespace {

volatile std::sig_atomic_t g_signal = 0;

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

// Async-signal-safe: stores a flag, or on a second signal restores the default and raises it.
void note_signal(int signal) {
  if (g_signal != 0) {
    ::signal(signal, SIG_DFL);
    ::raise(signal);
    return;
  }
  g_signal = signal;
}

}  // namespace

void catch_exit_signals() {
  for (int signal : kSignals) {
    struct sigaction old {};
    if (::sigaction(signal, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    struct sigaction action {};
    action.sa_handler = note_signal;
    sigemptyset(&action.sa_mask);
    for (int other : kSignals) sigaddset(&action.sa_mask, other);
    action.sa_flags = SA_RESTART;  // Reads and writes elsewhere carry on; the loop looks later.
    ::sigaction(signal, &action, nullptr);
  }
}

int exit_signal() { return g_signal; }

const char* signal_name(int signal) {
  switch (signal) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    case SIGHUP:
      return "SIGHUP";
  }
  return "a signal";
}

}  // namespace anim::app
