// PreviewRecording on its own: recording a frame (and restoring one) never allocates once the
// recording has started (this executable counts heap allocations through its own global
// operator new), frames are found by time, kept after a truncation, and only the machine
// recorded is restored.
#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/demo/demo_model.h"
#include "anim/setup/setup.h"
#include "anim/state_machine.h"
#include "anim/ui/model/preview_recording.h"

namespace {

std::atomic<bool> g_counting{false};
std::atomic<long long> g_allocations{0};

}  // namespace

// Every form is replaced (arrays, nothrow, sized deletes): libstdc++ forwards them to the plain
// pair, but AddressSanitizer's runtime defines each of its own, and a block from its nothrow new
// freed here would be a mismatch. The aligned forms keep their own pair, which nothing here uses.
void* operator new(std::size_t size) {
  if (g_counting.load(std::memory_order_relaxed)) g_allocations.fetch_add(1);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return ::operator new(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  if (g_counting.load(std::memory_order_relaxed)) g_allocations.fetch_add(1);
  return std::malloc(size == 0 ? 1 : size);
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept {
  return ::operator new(size, tag);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

namespace anim::ui {
namespace {

StateMachineDef compile(const std::string& project, const Model& model) {
  Result<anim::setup::Setup> setup =
      setup::load_setup(std::string(ANIMSCOPE_SOURCE_DIR) + "/projects/" + project);
  EXPECT_TRUE(setup.ok());
  Result<StateMachineDef> def = compile_setup(setup.value(), model.clips);
  EXPECT_TRUE(def.ok()) << (def.ok() ? "" : def.error().to_string());
  return std::move(def).value();
}

TEST(PreviewRecordingTest, RecordingAndRestoringFramesNeverAllocate) {
  const Model model = demo::make_demo_model();
  const StateMachineDef def = compile("demo_layers.json", model);
  StateMachineInstance sm(def, model.skeleton, model.clips);
  sm.set_trace(true);
  PreviewRecording recording;
  g_allocations.store(0);
  g_counting.store(true);
  recording.start(sm, /*from_start=*/true);  // Sizes the buffers: allocates.
  g_counting.store(false);
  ASSERT_GT(g_allocations.load(), 0) << "the counter should see start()'s buffers";
  const int speed = def.find_parameter("speed");
  const int stop = def.find_parameter("stop");

  g_allocations.store(0);
  g_counting.store(true);
  bool restored = true;
  for (int frame = 0; frame < 5000; ++frame) {  // Past the ring's size: it wraps.
    sm.set_value(speed, (frame / 90) % 2 ? 0.0f : 0.8f);
    if (frame % 200 == 150) sm.set_value(stop, 1.0f);
    recording.begin_frame(sm);
    sm.update(1.0f / 240.0f);
    recording.end_frame(sm, 1.0f / 240.0f);
    if (frame % 500 == 499) restored = recording.restore(sm, recording.size() - 1) && restored;
  }
  g_counting.store(false);
  EXPECT_EQ(g_allocations.load(), 0);
  EXPECT_TRUE(restored);
  EXPECT_EQ(recording.size(), PreviewRecording::kMaxFrames);
  EXPECT_FALSE(recording.from_start());
}

TEST(PreviewRecordingTest, FramesAreFoundByTimeAndKeptAfterATruncation) {
  const Model model = demo::make_demo_model();
  const StateMachineDef def = compile("demo_locomotion.json", model);
  StateMachineInstance sm(def, model.skeleton, model.clips);
  PreviewRecording recording;
  EXPECT_FALSE(recording.recording());
  recording.start(sm, true);
  for (float dt : {0.1f, 0.2f, 0.3f}) {
    recording.begin_frame(sm);
    sm.update(dt);
    recording.end_frame(sm, dt);
  }
  ASSERT_EQ(recording.size(), 3u);  // Frames end at 0.1, 0.3 and 0.6 s.
  EXPECT_NEAR(recording.time(1), 0.3, 1e-6);
  EXPECT_EQ(recording.frame_at(0.0), 0u);
  EXPECT_EQ(recording.frame_at(0.19), 0u);
  EXPECT_EQ(recording.frame_at(0.21), 1u);
  EXPECT_EQ(recording.frame_at(0.5), 2u);
  EXPECT_EQ(recording.frame_at(9.0), 2u);

  recording.truncate_after(0);
  ASSERT_EQ(recording.size(), 1u);
  recording.begin_frame(sm);
  sm.update(0.25f);
  recording.end_frame(sm, 0.25f);
  ASSERT_EQ(recording.size(), 2u);
  EXPECT_NEAR(recording.time(1), 0.35, 1e-6);
  EXPECT_TRUE(recording.from_start());

  // Only the machine recorded is restored.
  const StateMachineDef other_def = compile("demo_locomotion.json", model);
  StateMachineInstance other(other_def, model.skeleton, model.clips);
  EXPECT_FALSE(recording.restore(other, 0));
  EXPECT_FALSE(recording.restore(sm, 2));
  EXPECT_TRUE(recording.restore(sm, 1));
  recording.stop();
  EXPECT_FALSE(recording.recording());
  EXPECT_TRUE(recording.empty());
}

}  // namespace
}  // namespace anim::ui
