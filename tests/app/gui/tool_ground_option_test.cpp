// The tool's --ground-shape HEIGHT,TILT[,STEP_X,STEP_HEIGHT]: the ground the Document gives feet
// IK entries; bad values are refused with the option and the value named.
#include <string>

#include <gtest/gtest.h>

#include "gui/tool_ground_option.h"

namespace anim::app {
namespace {

TEST(ToolGroundOption, HeightAndTiltMakeAPlane) {
  const Result<ui::GroundSettings> g = parse_tool_ground("0.25,-12.5");
  ASSERT_TRUE(g.ok()) << g.error().to_string();
  EXPECT_EQ(g.value().height, 0.25f);
  EXPECT_EQ(g.value().tilt_degrees, -12.5f);
  EXPECT_FALSE(g.value().step);
  EXPECT_TRUE(g.value().on);
}

TEST(ToolGroundOption, FourNumbersAddAStep) {
  const Result<ui::GroundSettings> g = parse_tool_ground("0,10,0.02,0.1");
  ASSERT_TRUE(g.ok()) << g.error().to_string();
  EXPECT_TRUE(g.value().step);
  EXPECT_EQ(g.value().step_x, 0.02f);
  EXPECT_EQ(g.value().step_height, 0.1f);
}

TEST(ToolGroundOption, BadValuesAreRefusedByName) {
  for (const std::string bad : {"1", "1,2,3", "1,flat", "1,,2,3", "0,95", "nan,0", ""}) {
    const Result<ui::GroundSettings> g = parse_tool_ground(bad);
    ASSERT_FALSE(g.ok()) << bad;
    EXPECT_NE(g.error().to_string().find("--ground-shape " + bad), std::string::npos)
        << g.error().to_string();
  }
}

}  // namespace
}  // namespace anim::app
