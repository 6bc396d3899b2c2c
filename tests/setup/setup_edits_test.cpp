// The setup edits the tool makes (anim/setup_edits.h), driven directly.
#include <limits>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "anim/setup.h"
#include "anim/setup_edits.h"

namespace anim {
namespace {

using ::testing::ElementsAre;

std::vector<std::string> Describe(const anim::Setup& setup) {
  std::vector<std::string> out;
  for (const SetupEvent& e : setup.events) {
    out.push_back(e.clip + "@" + std::to_string(e.time).substr(0, 4) + ":" + e.name +
                  (e.payload ? "[" + *e.payload + "]" : ""));
  }
  return out;
}

TEST(SetupEditsTest, AddedEventsGetUniqueNamesWithinTheirClipAndStayInside) {
  anim::Setup setup;
  EXPECT_EQ(add_event(setup, "walk", 0.5f, 1.2f), 0);
  EXPECT_EQ(add_event(setup, "walk", 2.0f, 1.2f), 1);   // Past the end: at the end.
  EXPECT_EQ(add_event(setup, "walk", -1.0f, 1.2f), 2);  // Before the start: at 0.
  EXPECT_EQ(add_event(setup, "run", 0.25f, 0.8f), 3);   // Another clip: the plain name.
  EXPECT_EQ(add_event(setup, "run", 0.25f, 0.8f, "footstep"), 4);
  EXPECT_THAT(Describe(setup), ElementsAre("walk@0.50:event", "walk@1.20:event 2",
                                           "walk@0.00:event 3", "run@0.25:event",
                                           "run@0.25:footstep"));
  // A freed name is used again.
  ASSERT_TRUE(remove_event(setup, 1));
  EXPECT_EQ(unique_event_name(setup, "walk", "event"), "event 2");
}

TEST(SetupEditsTest, MoveRenamePayloadAndRemoveReportWhetherTheyChangedAnything) {
  anim::Setup setup;
  add_event(setup, "walk", 0.5f, 1.0f);
  EXPECT_TRUE(move_event(setup, 0, 0.75f, 1.0f));
  EXPECT_FALSE(move_event(setup, 0, 0.75f, 1.0f));  // Already there.
  EXPECT_TRUE(move_event(setup, 0, 3.0f, 1.0f));    // Clamped to the end.
  EXPECT_FALSE(move_event(setup, 1, 0.5f, 1.0f));   // No such event.
  EXPECT_TRUE(rename_event(setup, 0, "footstep_l"));
  EXPECT_FALSE(rename_event(setup, 0, "footstep_l"));
  EXPECT_FALSE(rename_event(setup, 0, ""));
  EXPECT_TRUE(set_event_payload(setup, 0, "left"));
  EXPECT_FALSE(set_event_payload(setup, 0, "left"));
  EXPECT_THAT(Describe(setup), ElementsAre("walk@1.00:footstep_l[left]"));
  EXPECT_TRUE(set_event_payload(setup, 0, ""));  // Cleared: written without "payload".
  EXPECT_THAT(Describe(setup), ElementsAre("walk@1.00:footstep_l"));
  EXPECT_FALSE(remove_event(setup, -1));
  EXPECT_TRUE(remove_event(setup, 0));
  EXPECT_TRUE(setup.events.empty());
}

TEST(SetupEditsTest, NonFiniteTimesBecomeZero) {
  anim::Setup setup;
  add_event(setup, "walk", std::numeric_limits<float>::quiet_NaN(), 1.0f);
  EXPECT_EQ(setup.events[0].time, 0.0f);
  move_event(setup, 0, 0.5f, std::numeric_limits<float>::infinity());
  EXPECT_EQ(setup.events[0].time, 0.0f);
}

}  // namespace
}  // namespace anim
