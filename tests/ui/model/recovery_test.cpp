// Recovery copies of unsaved setups (anim/ui/model/recovery.h): where they go, their file, telling
// a dead writer from a running one, the keeper that writes them a few seconds after the last edit
// and removes them once nothing is unsaved, and how the offer describes them. Each test has its
// own folders (TempTree) and its own XDG_STATE_HOME.
#include "anim/ui/model/recovery.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "anim/demo/demo_model.h"
#include "anim/files/file_io.h"
#include "anim/setup/setup.h"
#include "anim/ui/files/config_paths.h"
#include "anim/ui/model/document.h"
#include "support/environment.h"
#include "support/folders.h"
#include "support/recovery_fixtures.h"
#include "support/temp_tree.h"

namespace anim::ui {
namespace {

using ::anim::testutil::ScopedEnv;

using testing::dead_pid;
using testing::demo_clip_setup;

namespace fs = std::filesystem;

std::vector<std::string> files_in(const std::string& folder) {
  return testutil::FileNamesIn(folder);
}

// A time `days` days before now at hh:mm local time, in ms since the epoch.
std::int64_t local_ms(int days_ago, int hour, int minute) {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  tm.tm_mday -= days_ago;
  tm.tm_hour = hour;
  tm.tm_min = minute;
  tm.tm_sec = 0;
  tm.tm_isdst = -1;
  return static_cast<std::int64_t>(std::mktime(&tm)) * 1000;
}

// --- Where copies go ---

TEST(StateDirectory, PrefersAnAbsoluteXdgStateHome) {
  testing::TempTree tree;
  ScopedEnv xdg("XDG_STATE_HOME", tree.path("state").c_str());
  ScopedEnv home("HOME", tree.path("home").c_str());
  EXPECT_EQ(state_directory(), tree.path("state/animscope"));
  EXPECT_EQ(recovery_directory(), tree.path("state/animscope/recovery"));
  EXPECT_TRUE(fs::is_directory(tree.path("state/animscope/recovery")));
}

TEST(StateDirectory, FallsBackToHomeDotLocalState) {
  testing::TempTree tree;
  ScopedEnv xdg("XDG_STATE_HOME", "relative/ignored");
  ScopedEnv home("HOME", tree.path("home").c_str());
  EXPECT_EQ(state_directory(), tree.path("home/.local/state/animscope"));
  EXPECT_EQ(recovery_directory(), tree.path("home/.local/state/animscope/recovery"));
  EXPECT_TRUE(fs::is_directory(tree.path("home/.local/state/animscope/recovery")));
}

TEST(StateDirectory, EmptyWithoutAUsableFolder) {
  testing::TempTree tree;
  {
    ScopedEnv xdg("XDG_STATE_HOME", nullptr);
    ScopedEnv home("HOME", nullptr);
    EXPECT_EQ(state_directory(), "");
    EXPECT_EQ(recovery_directory(), "");
  }
  const std::string blocker = tree.file("blocker");
  ScopedEnv xdg("XDG_STATE_HOME", blocker.c_str());
  EXPECT_EQ(state_directory(), "");
  EXPECT_EQ(recovery_directory(), "");
}

// --- The file ---

RecoveryCopy sample_copy() {
  RecoveryCopy copy;
  copy.setup = demo_clip_setup();
  copy.setup.states[1].speed = 1.25f;
  copy.setup.extra["custom"] = "kept";
  copy.setup_path = "/projects/walk.json";
  copy.model_path = demo::kDemoModelPath;
  copy.written_ms = 1700000000123;
  copy.base_mtime_ns = 1699999999000000001;
  copy.writer = {4242, 987654321, "0f0e-boot"};
  return copy;
}

TEST(RecoveryFile, RoundTripsEveryField) {
  const RecoveryCopy copy = sample_copy();
  Result<RecoveryCopy> back = parse_recovery(recovery_text(copy), "copy.json");
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  const RecoveryCopy& b = back.value();
  EXPECT_EQ(b.setup_path, copy.setup_path);
  EXPECT_EQ(b.model_path, copy.model_path);
  EXPECT_EQ(b.written_ms, copy.written_ms);
  EXPECT_EQ(b.base_mtime_ns, copy.base_mtime_ns);
  EXPECT_EQ(b.writer.pid, 4242);
  EXPECT_EQ(b.writer.start_ticks, 987654321u);
  EXPECT_EQ(b.writer.boot_id, "0f0e-boot");
  EXPECT_EQ(to_json_text(b.setup), to_json_text(copy.setup));
}

TEST(RecoveryFile, HoldsTheSetupAsSaveWritesIt) {
  const RecoveryCopy copy = sample_copy();
  const setup::Json file = setup::Json::parse(recovery_text(copy));
  EXPECT_EQ(file["format"], kRecoveryFormat);
  EXPECT_EQ(file["pid"], 4242);
  EXPECT_EQ(file["setup_path"], "/projects/walk.json");
  EXPECT_EQ(file["model_path"], "builtin:demo");
  // Nested, byte for byte what to_json_text (Save) gives, key order included.
  EXPECT_EQ(file["setup"].dump(2) + "\n", to_json_text(copy.setup));
}

TEST(RecoveryFile, ANewSetupHasNoPathAndNoBase) {
  RecoveryCopy copy = sample_copy();
  copy.setup_path.clear();
  copy.base_mtime_ns.reset();
  const setup::Json file = setup::Json::parse(recovery_text(copy));
  EXPECT_TRUE(file["setup_path"].is_null());
  EXPECT_TRUE(file["base_mtime_ns"].is_null());
  Result<RecoveryCopy> back = parse_recovery(recovery_text(copy), "copy.json");
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(back.value().setup_path, "");
  EXPECT_FALSE(back.value().base_mtime_ns.has_value());
}

TEST(RecoveryFile, RefusesWhatIsNoRecoveryCopy) {
  EXPECT_FALSE(parse_recovery("{", "a.json").ok());
  EXPECT_FALSE(parse_recovery(to_json_text(demo_clip_setup()), "a.json").ok()) << "a plain setup";
  setup::Json wrong = setup::Json::parse(recovery_text(sample_copy()));
  wrong["version"] = 99;
  EXPECT_FALSE(parse_recovery(wrong.dump(), "a.json").ok());
  setup::Json no_pid = setup::Json::parse(recovery_text(sample_copy()));
  no_pid.erase("pid");
  Result<RecoveryCopy> r = parse_recovery(no_pid.dump(), "a.json");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().to_string().find("a.json"), std::string::npos) << r.error().to_string();
  setup::Json broken_setup = setup::Json::parse(recovery_text(sample_copy()));
  broken_setup["setup"]["states"] = 3;
  EXPECT_FALSE(parse_recovery(broken_setup.dump(), "a.json").ok());
}

TEST(RecoveryFile, WritesAtomicallyAndRemoves) {
  testing::TempTree tree;
  const std::string file = tree.path("copy.json");
  RecoveryCopy copy = sample_copy();
  ASSERT_TRUE(write_recovery_copy(file, copy).ok());
  copy.setup.default_state = "Walk";
  ASSERT_TRUE(write_recovery_copy(file, copy).ok());
  EXPECT_EQ(files_in(tree.path()), std::vector<std::string>{"copy.json"}) << "no temporary left";
  Result<RecoveryCopy> back = read_recovery_copy(file);
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(back.value().setup.default_state, "Walk");
  EXPECT_TRUE(remove_recovery_copy(file).ok());
  EXPECT_FALSE(fs::exists(file));
  EXPECT_TRUE(remove_recovery_copy(file).ok()) << "already gone is fine";
  EXPECT_FALSE(write_recovery_copy(tree.path("no/such/folder/copy.json"), copy).ok());
}

// --- Is the writer still running? ---

TEST(ProcessRunning, ThisProcessRuns) {
  const ProcessIdentity me = this_process();
  EXPECT_EQ(me.pid, static_cast<int>(::getpid()));
  EXPECT_NE(me.start_ticks, 0u) << "read from /proc/self/stat";
  EXPECT_FALSE(me.boot_id.empty());
  EXPECT_TRUE(process_running(me));
}

TEST(ProcessRunning, AnEndedProcessDoesNot) {
  ProcessIdentity dead;
  dead.pid = dead_pid();
  EXPECT_FALSE(process_running(dead));
  EXPECT_FALSE(process_running(ProcessIdentity{}));
}

TEST(ProcessRunning, AZombieDoesNot) {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  // Not reaped yet: kill(pid, 0) still succeeds, but nothing runs there.
  ProcessIdentity zombie;
  zombie.pid = static_cast<int>(child);
  bool seen_dead = false;
  for (int i = 0; i < 200 && !seen_dead; ++i) {
    seen_dead = !process_running(zombie);
    if (!seen_dead) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_TRUE(seen_dead);
  int status = 0;
  ::waitpid(child, &status, 0);
}

TEST(ProcessRunning, AReusedPidOrAnotherBootDoesNot) {
  ProcessIdentity reused = this_process();
  reused.start_ticks += 1;  // The same pid, given to a process that started at another time.
  EXPECT_FALSE(process_running(reused));
  ProcessIdentity rebooted = this_process();
  rebooted.boot_id = "another-boot";
  EXPECT_FALSE(process_running(rebooted));
}

// --- Finding abandoned copies ---

TEST(AbandonedCopies, OnlyThoseOfEndedProcessesNewestFirst) {
  testing::TempTree tree;
  const std::string folder = tree.folder("recovery");
  RecoveryCopy running = sample_copy();
  running.writer = this_process();  // Another open animscope's copy: not offered.
  ASSERT_TRUE(write_recovery_copy(folder + "/running.json", running).ok());
  RecoveryCopy older = sample_copy();
  older.writer = {dead_pid(), 0, ""};
  older.written_ms = 1000;
  older.setup_path = "/p/older.json";
  ASSERT_TRUE(write_recovery_copy(folder + "/older.json", older).ok());
  RecoveryCopy newer = older;
  newer.written_ms = 2000;
  newer.setup_path = "/p/newer.json";
  ASSERT_TRUE(write_recovery_copy(folder + "/newer.json", newer).ok());
  std::ofstream(folder + "/broken.json") << "{ not json";
  std::ofstream(folder + "/newer.json.tmp-abc123") << "half";  // A write cut short.

  std::vector<std::string> problems;
  const std::vector<FoundRecovery> found = abandoned_recovery_copies(folder, &problems);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].file, folder + "/newer.json");
  EXPECT_EQ(found[0].copy.setup_path, "/p/newer.json");
  EXPECT_EQ(found[1].file, folder + "/older.json");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("broken.json"), std::string::npos) << problems[0];
  EXPECT_TRUE(abandoned_recovery_copies(tree.path("missing")).empty());
  EXPECT_TRUE(abandoned_recovery_copies("").empty());
}

// --- What the document holds ---

class RecoveryDocument : public ::testing::Test {
 protected:
  void SetUp() override {
    setup_path_ = tree_.path("walk.json");
    ASSERT_TRUE(save_setup(demo_clip_setup(), setup_path_).ok());
    doc_ = std::make_unique<Document>(demo::make_demo_model(), demo::kDemoModelPath);
    Result<setup::Setup> loaded = setup::load_setup(setup_path_);
    ASSERT_TRUE(loaded.ok());
    ASSERT_TRUE(doc_->attach_setup(std::move(loaded).value(), setup_path_).ok());
    folder_ = tree_.folder("state/recovery");
  }
  // An edit as the Setup panel makes it: the default state becomes `state`.
  void edit(const std::string& state) {
    setup::Setup edited = *doc_->setup();
    edited.default_state = state;
    doc_->edit_setup(std::move(edited), "set the default state");
  }
  std::vector<std::string> copies() const { return files_in(folder_); }
  RecoveryCopy copy_on_disk(const RecoveryKeeper& keeper) const {
    Result<RecoveryCopy> copy = read_recovery_copy(keeper.file());
    EXPECT_TRUE(copy.ok()) << copy.error().to_string();
    return copy.ok() ? copy.value() : RecoveryCopy{};
  }

  testing::TempTree tree_;
  std::string setup_path_, folder_;
  std::unique_ptr<Document> doc_;
};

TEST_F(RecoveryDocument, CopyOfASetupWithAFileKeepsItsRelativePaths) {
  setup::Setup setup = *doc_->setup();
  setup::SetupAnimation clips;
  clips.file = "clips/extra.bvh";
  setup.animations.push_back(clips);
  doc_->edit_setup(setup, "add a clip file");
  const RecoveryCopy copy = recovery_copy_of(*doc_);
  EXPECT_EQ(copy.setup_path, setup_path_);
  EXPECT_EQ(copy.model_path, "builtin:demo");
  ASSERT_EQ(copy.setup.animations.size(), 1u);
  EXPECT_EQ(copy.setup.animations[0].file, "clips/extra.bvh") << "relative to walk.json's folder";
}

TEST_F(RecoveryDocument, CopyOfANewSetupPinsItsPathsDown) {
  Document doc(demo::make_demo_model(), "models/hero.fbx");  // Relative to the working folder.
  doc.add_clip_files({"clips/run.bvh"});
  doc.new_setup();
  const RecoveryCopy copy = recovery_copy_of(doc);
  const std::string cwd = fs::current_path().string();
  EXPECT_EQ(copy.setup_path, "");
  EXPECT_EQ(copy.model_path, cwd + "/models/hero.fbx");
  EXPECT_EQ(copy.setup.model, cwd + "/models/hero.fbx");
  ASSERT_EQ(copy.setup.animations.size(), 1u);
  EXPECT_EQ(copy.setup.animations[0].file, cwd + "/clips/run.bvh");
}

TEST_F(RecoveryDocument, KeeperWritesAFewSecondsAfterTheLastEdit) {
  RecoveryKeeper keeper(folder_, 3.0);
  ASSERT_FALSE(keeper.file().empty());
  EXPECT_EQ(fs::path(keeper.file()).parent_path().string(), folder_);
  EXPECT_TRUE(keeper.update(doc_.get(), 0.0).ok());
  EXPECT_TRUE(keeper.update(doc_.get(), 100.0).ok());
  EXPECT_TRUE(copies().empty()) << "nothing unsaved, no copy";

  edit("Walk");
  EXPECT_TRUE(keeper.update(doc_.get(), 110.0).ok());
  EXPECT_TRUE(keeper.update(doc_.get(), 112.9).ok());
  EXPECT_TRUE(copies().empty()) << "not before the delay";
  EXPECT_TRUE(keeper.update(doc_.get(), 113.0).ok());
  ASSERT_EQ(copies().size(), 1u);
  EXPECT_TRUE(keeper.up_to_date());
  RecoveryCopy copy = copy_on_disk(keeper);
  EXPECT_EQ(copy.setup.default_state, "Walk");
  EXPECT_EQ(copy.setup_path, setup_path_);
  EXPECT_EQ(copy.model_path, "builtin:demo");
  EXPECT_EQ(copy.writer.pid, static_cast<int>(::getpid()));
  EXPECT_EQ(copy.base_mtime_ns, file_mtime_ns(setup_path_)) << "the version the edits began from";
  EXPECT_LE(std::llabs(copy.written_ms - now_ms()), 60000);

  // Another edit: the copy catches up a delay later, each edit restarting the wait.
  edit("Run");
  EXPECT_TRUE(keeper.update(doc_.get(), 114.0).ok());
  edit("Idle");
  EXPECT_TRUE(keeper.update(doc_.get(), 116.0).ok());
  EXPECT_TRUE(keeper.update(doc_.get(), 118.5).ok());
  EXPECT_EQ(copy_on_disk(keeper).setup.default_state, "Walk");
  EXPECT_FALSE(keeper.up_to_date());
  EXPECT_TRUE(keeper.update(doc_.get(), 119.0).ok());
  EXPECT_EQ(copy_on_disk(keeper).setup.default_state, "Idle");
  EXPECT_EQ(copies().size(), 1u) << "one copy per process, rewritten";
}

TEST_F(RecoveryDocument, SavingOrUndoingToTheSavedVersionRemovesTheCopy) {
  RecoveryKeeper keeper(folder_, 3.0);
  edit("Walk");
  EXPECT_TRUE(keeper.update(doc_.get(), 0.0).ok());
  EXPECT_TRUE(keeper.update(doc_.get(), 5.0).ok());
  ASSERT_EQ(copies().size(), 1u);
  ASSERT_TRUE(doc_->undo_setup_edit());
  EXPECT_TRUE(keeper.update(doc_.get(), 6.0).ok());
  EXPECT_TRUE(copies().empty()) << "undone to what is on disk";

  ASSERT_TRUE(doc_->redo_setup_edit());
  EXPECT_TRUE(keeper.update(doc_.get(), 7.0).ok());
  EXPECT_TRUE(keeper.update(doc_.get(), 10.0).ok());
  ASSERT_EQ(copies().size(), 1u);
  ASSERT_TRUE(doc_->save_setup_as(setup_path_).ok());
  EXPECT_TRUE(keeper.update(doc_.get(), 10.1).ok());
  EXPECT_TRUE(copies().empty()) << "saved";
}

TEST_F(RecoveryDocument, AnotherDocumentRemovesTheCopy) {
  RecoveryKeeper keeper(folder_, 3.0);
  edit("Walk");
  EXPECT_TRUE(keeper.update(doc_.get(), 0.0).ok());
  EXPECT_TRUE(keeper.update(doc_.get(), 5.0).ok());
  ASSERT_EQ(copies().size(), 1u);
  // "Don't save", then another file opens in its place.
  doc_ = std::make_unique<Document>(demo::make_demo_model(), demo::kDemoModelPath);
  EXPECT_TRUE(keeper.update(doc_.get(), 6.0).ok());
  EXPECT_TRUE(copies().empty());
  EXPECT_TRUE(keeper.update(nullptr, 7.0).ok());
  EXPECT_TRUE(copies().empty());
}

TEST_F(RecoveryDocument, FlushWritesAtOnceAndRemoveCopyCleansUp) {
  RecoveryKeeper keeper(folder_, 3.0);
  EXPECT_TRUE(keeper.flush(doc_.get()).ok());
  EXPECT_TRUE(copies().empty()) << "nothing unsaved";
  edit("Run");
  EXPECT_TRUE(keeper.update(doc_.get(), 0.0).ok());
  ASSERT_TRUE(keeper.flush(doc_.get()).ok()) << "a signal does not wait for the delay";
  ASSERT_EQ(copies().size(), 1u);
  EXPECT_EQ(copy_on_disk(keeper).setup.default_state, "Run");
  keeper.remove_copy();
  EXPECT_TRUE(copies().empty());
  EXPECT_TRUE(keeper.flush(nullptr).ok());
}

TEST_F(RecoveryDocument, AFailedWriteIsReportedAndTriedAgain) {
  RecoveryKeeper keeper(folder_, 3.0);
  fs::remove_all(folder_);  // The state folder went away.
  edit("Walk");
  EXPECT_TRUE(keeper.update(doc_.get(), 0.0).ok());
  const Status failed = keeper.update(doc_.get(), 3.0);
  EXPECT_FALSE(failed.ok());
  fs::create_directories(folder_);
  EXPECT_TRUE(keeper.update(doc_.get(), 4.0).ok());
  EXPECT_TRUE(copies().empty()) << "waits another delay";
  EXPECT_TRUE(keeper.update(doc_.get(), 6.0).ok());
  EXPECT_EQ(copies().size(), 1u);
}

TEST_F(RecoveryDocument, NoFolderKeepsNoCopies) {
  RecoveryKeeper none;
  edit("Walk");
  EXPECT_TRUE(none.update(doc_.get(), 0.0).ok());
  EXPECT_TRUE(none.update(doc_.get(), 100.0).ok());
  EXPECT_TRUE(none.file().empty());
  EXPECT_TRUE(none.flush(doc_.get()).ok());
}

TEST_F(RecoveryDocument, TheBaseIsTheVersionTheEditsBeganFrom) {
  RecoveryKeeper keeper(folder_, 3.0);
  EXPECT_TRUE(keeper.update(doc_.get(), 0.0).ok());  // Opened: walk.json as read.
  const std::optional<std::int64_t> opened = file_mtime_ns(setup_path_);
  // Someone else saves walk.json meanwhile (an older mtime, to be sure it differs).
  setup::Setup other = demo_clip_setup();
  other.default_state = "Run";
  ASSERT_TRUE(save_setup(other, setup_path_).ok());
  struct timespec times[2] = {{1000000000, 0}, {1000000000, 0}};
  ASSERT_EQ(::utimensat(AT_FDCWD, setup_path_.c_str(), times, 0), 0);
  edit("Walk");
  EXPECT_TRUE(keeper.update(doc_.get(), 1.0).ok());
  EXPECT_TRUE(keeper.update(doc_.get(), 4.0).ok());
  const RecoveryCopy copy = copy_on_disk(keeper);
  EXPECT_EQ(copy.base_mtime_ns, opened);
  const RecoveryDescription d = describe_recovery(copy, now_ms());
  EXPECT_TRUE(d.warn);
  EXPECT_NE(d.replaces.find("walk.json changed on disk"), std::string::npos) << d.replaces;
  EXPECT_NE(d.replaces.find("saving the restored changes would replace that newer version"),
            std::string::npos)
      << d.replaces;
}

TEST_F(RecoveryDocument, RestoredSetupIsUnsavedUnderItsFileEvenWithErrors) {
  setup::Setup broken = demo_clip_setup();
  broken.default_state = "Nowhere";  // An error: no such state.
  Document doc(demo::make_demo_model(), demo::kDemoModelPath);
  doc.restore_setup(broken, setup_path_);
  ASSERT_TRUE(doc.has_setup());
  EXPECT_TRUE(doc.setup_dirty());
  EXPECT_EQ(doc.setup_path(), setup_path_);
  EXPECT_EQ(doc.setup()->default_state, "Nowhere");
  EXPECT_EQ(doc.state_machine(), nullptr) << "nothing runs until fixed";
  EXPECT_FALSE(doc.setup_problems().empty());
  doc.update(0.1f);  // Plays on as before.
  // Fixed, it runs; saved, it is what the file holds.
  setup::Setup fixed = *doc.setup();
  fixed.default_state = "Walk";
  doc.edit_setup(fixed, "fix");
  EXPECT_NE(doc.state_machine(), nullptr);
  ASSERT_TRUE(doc.save_setup_as(doc.setup_path()).ok());
  EXPECT_FALSE(doc.setup_dirty());
  EXPECT_EQ(setup::load_setup(setup_path_).value().default_state, "Walk");

  Document good(demo::make_demo_model(), demo::kDemoModelPath);
  good.restore_setup(demo_clip_setup(), "");
  EXPECT_TRUE(good.setup_dirty());
  EXPECT_EQ(good.setup_path(), "");
  EXPECT_NE(good.state_machine(), nullptr);
  EXPECT_EQ(good.mode(), PlaybackMode::kStateMachine);
}

// --- How the offer reads ---

TEST(ClockText, TodayYesterdayOrTheDate) {
  const std::int64_t now = local_ms(0, 15, 30);
  EXPECT_EQ(clock_text(local_ms(0, 12, 3), now), "12:03");
  EXPECT_EQ(clock_text(local_ms(1, 9, 5), now), "yesterday 09:05");
  const std::string older = clock_text(local_ms(3, 9, 5), now);
  EXPECT_EQ(older.size(), std::string("2024-05-01 09:05").size()) << older;
  EXPECT_EQ(older.substr(10), " 09:05");
}

TEST(DescribeRecovery, SetupUnchangedOnDisk) {
  testing::TempTree tree;
  const std::string file = tree.file("walk.json");
  RecoveryCopy copy = sample_copy();
  copy.setup_path = file;
  copy.base_mtime_ns = file_mtime_ns(file);
  copy.written_ms = now_ms();
  const RecoveryDescription d = describe_recovery(copy, now_ms());
  EXPECT_EQ(d.name, "walk.json");
  EXPECT_EQ(d.location, file);
  EXPECT_EQ(d.when, "unsaved changes from " + clock_text(copy.written_ms, now_ms()));
  const std::string saved = clock_text(*copy.base_mtime_ns / 1000000, now_ms());
  EXPECT_EQ(d.replaces,
            "Restore brings them back unsaved; saving replaces walk.json on disk, "
            "saved at " +
                saved + " and unchanged since.");
  EXPECT_FALSE(d.warn);
}

TEST(DescribeRecovery, SetupGoneFromDisk) {
  RecoveryCopy copy = sample_copy();
  copy.setup_path = "/no/such/folder/walk.json";
  const RecoveryDescription d = describe_recovery(copy, now_ms());
  EXPECT_EQ(d.replaces,
            "walk.json is no longer on disk: Restore brings the changes back "
            "unsaved, and saving writes it again.");
  EXPECT_TRUE(d.warn);
}

TEST(DescribeRecovery, NewSetupAndMissingModel) {
  RecoveryCopy copy = sample_copy();
  copy.setup_path.clear();
  copy.base_mtime_ns.reset();
  RecoveryDescription d = describe_recovery(copy, now_ms());
  EXPECT_EQ(d.name, "a new setup for the built-in demo");
  EXPECT_EQ(d.location, "never saved to a file");
  EXPECT_FALSE(d.warn);
  copy.model_path = "/no/such/hero.fbx";
  d = describe_recovery(copy, now_ms());
  EXPECT_EQ(d.name, "a new setup for hero.fbx");
  EXPECT_TRUE(d.warn);
  EXPECT_NE(d.replaces.find("The model hero.fbx is missing (/no/such/hero.fbx)"), std::string::npos)
      << d.replaces;
}

}  // namespace
}  // namespace anim::ui
