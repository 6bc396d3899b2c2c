#include "anim/ui/files/recent_files.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "anim/ui/files/config_paths.h"
#include "support/environment.h"
#include "support/temp_tree.h"

namespace anim::ui {
namespace {

using ::anim::testutil::ScopedEnv;

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(RecentFiles, NewestFirst) {
  RecentFiles recent;
  recent.add("/m/a.fbx");
  recent.add("/m/b.fbx");
  recent.add("/m/c.fbx");
  EXPECT_THAT(recent.paths(), ElementsAre("/m/c.fbx", "/m/b.fbx", "/m/a.fbx"));
}

TEST(RecentFiles, AddingAgainMovesToTheFrontWithoutDuplicates) {
  RecentFiles recent;
  recent.add("/m/a.fbx");
  recent.add("/m/b.fbx");
  recent.add("/m/./x/../a.fbx");  // The same file, spelled differently.
  EXPECT_THAT(recent.paths(), ElementsAre("/m/a.fbx", "/m/b.fbx"));
}

TEST(RecentFiles, KeepsAtMostCapacity) {
  RecentFiles recent(3);
  for (int i = 0; i < 5; ++i) recent.add("/m/" + std::to_string(i) + ".fbx");
  EXPECT_THAT(recent.paths(), ElementsAre("/m/4.fbx", "/m/3.fbx", "/m/2.fbx"));
  EXPECT_EQ(RecentFiles().capacity(), 10u);
  EXPECT_EQ(RecentFiles(0).capacity(), 1u);
}

TEST(RecentFiles, DefaultCapacityIsTen) {
  RecentFiles recent;
  for (int i = 0; i < 25; ++i) recent.add("/m/" + std::to_string(i) + ".fbx");
  EXPECT_EQ(recent.size(), 10u);
  EXPECT_EQ(recent.paths().front(), "/m/24.fbx");
}

TEST(RecentFiles, RelativePathsBecomeAbsolute) {
  RecentFiles recent;
  recent.add("models/a.fbx");
  ASSERT_EQ(recent.size(), 1u);
  EXPECT_EQ(recent.paths()[0], (fs::current_path() / "models/a.fbx").string());
}

TEST(RecentFiles, RejectsPathsThatCannotBeSaved) {
  RecentFiles recent;
  EXPECT_FALSE(recent.add(""));
  EXPECT_FALSE(recent.add("/m/two\nlines.fbx"));
  EXPECT_TRUE(recent.empty());
}

TEST(RecentFiles, Remove) {
  RecentFiles recent;
  recent.add("/m/a.fbx");
  recent.add("/m/b.fbx");
  EXPECT_TRUE(recent.remove("/m/a.fbx"));
  EXPECT_FALSE(recent.remove("/m/a.fbx"));
  EXPECT_THAT(recent.paths(), ElementsAre("/m/b.fbx"));
}

TEST(RecentFiles, SaveThenLoadRoundTrips) {
  testing::TempTree tree;
  RecentFiles recent;
  recent.add("/m/a b.fbx");  // Spaces survive.
  recent.add("/m/b.fbx");
  recent.add("/m/c.x");
  const std::string file = tree.path("config/deeper/recent_files.txt");
  ASSERT_TRUE(recent.save(file).ok());

  RecentFiles loaded;
  loaded.add("/stale.fbx");
  const Status status = loaded.load(file);
  ASSERT_TRUE(status.ok()) << status.error().to_string();
  EXPECT_EQ(loaded.paths(), recent.paths());
  EXPECT_EQ(read_text(file),
            std::string(RecentFiles::kHeader) + "\n/m/c.x\n/m/b.fbx\n/m/a b.fbx\n");
  // The temporary file is gone.
  int files = 0;
  for (const auto& entry : fs::directory_iterator(tree.path("config/deeper"))) {
    (void)entry;
    ++files;
  }
  EXPECT_EQ(files, 1);
}

TEST(RecentFiles, SaveReplacesAnOlderFile) {
  testing::TempTree tree;
  const std::string file = tree.path("recent.txt");
  RecentFiles first;
  first.add("/m/old.fbx");
  ASSERT_TRUE(first.save(file).ok());
  RecentFiles second;
  second.add("/m/new.fbx");
  ASSERT_TRUE(second.save(file).ok());
  RecentFiles loaded;
  ASSERT_TRUE(loaded.load(file).ok());
  EXPECT_THAT(loaded.paths(), ElementsAre("/m/new.fbx"));
}

TEST(RecentFiles, MissingFileLoadsEmptyWithoutError) {
  testing::TempTree tree;
  RecentFiles recent;
  recent.add("/m/a.fbx");
  EXPECT_TRUE(recent.load(tree.path("nothing_here.txt")).ok());
  EXPECT_TRUE(recent.empty());
}

TEST(RecentFiles, GarbledFileLoadsEmptyWithAnError) {
  testing::TempTree tree;
  const std::string garbage = tree.path("garbage.txt");
  {
    std::ofstream out(garbage, std::ios::binary);
    for (int i = 0; i < 4096; ++i) out.put(static_cast<char>((i * 7919) & 0xff));
  }
  RecentFiles recent;
  recent.add("/m/a.fbx");
  const Status status = recent.load(garbage);
  EXPECT_FALSE(status.ok());
  EXPECT_EQ(status.error().path, garbage);
  EXPECT_TRUE(recent.empty());

  const std::string wrong_header = tree.path("wrong.txt");
  std::ofstream(wrong_header) << "{\"files\": [\"/m/a.fbx\"]}\n";
  EXPECT_FALSE(recent.load(wrong_header).ok());
  EXPECT_TRUE(recent.empty());

  EXPECT_FALSE(recent.load(tree.path()).ok());  // A folder.
  EXPECT_TRUE(recent.empty());
}

TEST(RecentFiles, LoadSkipsBadLinesAndDuplicatesAndHonoursCapacity) {
  testing::TempTree tree;
  const std::string file = tree.path("recent.txt");
  std::ofstream(file) << RecentFiles::kHeader << "\r\n"
                      << "/m/a.fbx\r\n"
                      << "relative/b.fbx\n"
                      << "\n"
                      << "/m/a.fbx\n"
                      << "/m/c.fbx\n"
                      << "/m/d.fbx\n";
  RecentFiles recent(2);
  ASSERT_TRUE(recent.load(file).ok());
  EXPECT_THAT(recent.paths(), ElementsAre("/m/a.fbx", "/m/c.fbx"));
}

TEST(RecentFiles, SaveIntoAnImpossiblePlaceFailsWithoutThrowing) {
  testing::TempTree tree;
  const std::string blocker = tree.file("blocker");
  RecentFiles recent;
  recent.add("/m/a.fbx");
  const Status status = recent.save(blocker + "/recent.txt");
  EXPECT_FALSE(status.ok());
}

TEST(ConfigPaths, PrefersXdgConfigHome) {
  testing::TempTree tree;
  ScopedEnv xdg("XDG_CONFIG_HOME", tree.path("xdg").c_str());
  ScopedEnv home("HOME", tree.path("home").c_str());
  EXPECT_EQ(config_directory(), tree.path("xdg/animscope"));
  EXPECT_TRUE(fs::is_directory(tree.path("xdg/animscope")));
  EXPECT_EQ(recent_files_path(), tree.path("xdg/animscope/recent_files.txt"));
}

TEST(ConfigPaths, FallsBackToHomeDotConfig) {
  testing::TempTree tree;
  ScopedEnv xdg("XDG_CONFIG_HOME", "relative/ignored");
  ScopedEnv home("HOME", tree.path("home").c_str());
  EXPECT_EQ(config_directory(), tree.path("home/.config/animscope"));
  EXPECT_TRUE(fs::is_directory(tree.path("home/.config/animscope")));
  EXPECT_EQ(home_directory(), tree.path("home"));
}

TEST(ConfigPaths, EmptyWithoutAnyUsableVariable) {
  ScopedEnv xdg("XDG_CONFIG_HOME", nullptr);
  ScopedEnv home("HOME", nullptr);
  EXPECT_EQ(config_directory(), "");
  EXPECT_EQ(recent_files_path(), "");
}

TEST(ConfigPaths, EmptyWhenTheFolderCannotBeCreated) {
  testing::TempTree tree;
  const std::string blocker = tree.file("blocker");
  ScopedEnv xdg("XDG_CONFIG_HOME", blocker.c_str());
  EXPECT_EQ(config_directory(), "");
}

}  // namespace
}  // namespace anim::ui
