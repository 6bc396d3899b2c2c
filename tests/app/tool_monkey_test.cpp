// A monkey test of the whole desktop tool (issue 12, "Nothing takes the tool down"): random
// mouse, wheel, key, text, resize and file-drop input, real and broken files, over every panel,
// menu and dialog, with the demo, Wuson, setups and packages opened along the way. No crash, no
// ImGui assertion, no sanitizer report; the document stays valid or shows its problems.
//
// ctest runs it twice: app_tool_monkey (label ui, 4,000 events, also under ASan in CI) and
// app_tool_monkey_full (label monkey, 100,000 events). Environment: ANIMSCOPE_MONKEY_SEED,
// ANIMSCOPE_MONKEY_EVENTS, ANIMSCOPE_MONKEY_IMPATIENCE, ANIMSCOPE_MONKEY_CHECK_EVERY,
// ANIMSCOPE_MONKEY_LOG (see monkey/tool_monkey.h); a failure prints the line that replays it.
#include <gtest/gtest.h>

#include "monkey/tool_monkey.h"

namespace anim::app::monkey {
namespace {

TEST(ToolMonkey, RandomInputNeverTakesTheToolDown) {
  MonkeyOptions options;
  options.seed = 12;  // The number; any seed is a valid run.
  options.events = 4000;
  run_monkey(options_from_environment(options));
}

}  // namespace
}  // namespace anim::app::monkey
