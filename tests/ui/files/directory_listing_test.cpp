#include "anim/ui/files/directory_listing.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/matchers.h"
#include "support/temp_tree.h"

namespace anim::ui {
namespace {

using namespace ::anim::testutil;

namespace fs = std::filesystem;

std::vector<std::string> names(const DirectoryListing& listing) {
  std::vector<std::string> out;
  for (const DirectoryEntry& entry : listing.entries) out.push_back(entry.name);
  return out;
}

const DirectoryEntry* find(const DirectoryListing& listing, const std::string& name) {
  for (const DirectoryEntry& entry : listing.entries) {
    if (entry.name == name) return &entry;
  }
  return nullptr;
}

TEST(DirectoryListing, FoldersComeFirstThenFilesSortedIgnoringCase) {
  testing::TempTree tree;
  tree.file("beta.fbx");
  tree.file("Alpha.x");
  tree.file("gamma.obj");
  tree.folder("zeta");
  tree.folder("Models");
  tree.folder("assets");

  const DirectoryListing listing = list_directory(tree.path(), {});
  EXPECT_TRUE(listing.ok()) << listing.error;
  EXPECT_EQ(listing.directory, tree.path());
  EXPECT_THAT(names(listing),
              ElementsAre("assets", "Models", "zeta", "Alpha.x", "beta.fbx", "gamma.obj"));
  EXPECT_TRUE(find(listing, "Models")->is_directory);
  EXPECT_FALSE(find(listing, "beta.fbx")->is_directory);
}

TEST(DirectoryListing, ReportsSizeAndModifiedTime) {
  testing::TempTree tree;
  tree.file("data.bin", 1500);
  tree.folder("sub");
  const std::time_t now = std::time(nullptr);

  const DirectoryListing listing = list_directory(tree.path(), {});
  const DirectoryEntry* file = find(listing, "data.bin");
  ASSERT_NE(file, nullptr);
  EXPECT_EQ(file->size, 1500u);
  ASSERT_TRUE(file->modified.has_value());
  EXPECT_LE(std::abs(static_cast<long long>(*file->modified - now)), 5);
  EXPECT_EQ(find(listing, "sub")->size, 0u);
}

// A file written half a second into a second lists at that second, in every listing: the shown
// time must not depend on where "now" falls within its second (it did, a second late about half
// the time, which made the monkey's replays part).
TEST(DirectoryListing, ModifiedTimeIsTheFilesOwnSecondWhateverTheMomentOfListing) {
  testing::TempTree tree;
  const std::string path = tree.file("take.bvh");
  constexpr std::time_t kWritten = 1704110400;  // 2024-01-01 12:00:00 UTC.
  const struct timespec times[2] = {{kWritten, 500'000'000}, {kWritten, 500'000'000}};
  ASSERT_EQ(::utimensat(AT_FDCWD, path.c_str(), times, 0), 0);
  // Listed at moments spread over more than a second, so "now" falls on both halves of one.
  for (int i = 0; i < 12; ++i) {
    const DirectoryEntry* file = find(list_directory(tree.path(), {}), "take.bvh");
    ASSERT_NE(file, nullptr);
    ASSERT_TRUE(file->modified.has_value());
    EXPECT_EQ(*file->modified, kWritten) << "listing " << i;
    ::usleep(110'000);
  }
}

TEST(DirectoryListing, ExtensionFilterIgnoresCaseAndKeepsFolders) {
  testing::TempTree tree;
  tree.file("a.fbx");
  tree.file("B.FBX");
  tree.file("c.Fbx");
  tree.file("d.x");
  tree.file("e.obj");
  tree.file("fbx");  // No extension at all.
  tree.file("notes.txt");
  tree.file("scene.mesh.xml");
  tree.folder("folder.txt");  // Folders pass whatever their name.

  ListingOptions options;
  options.extensions = {"fbx", "x", "mesh.xml"};
  const DirectoryListing listing = list_directory(tree.path(), options);
  EXPECT_THAT(names(listing),
              ElementsAre("folder.txt", "a.fbx", "B.FBX", "c.Fbx", "d.x", "scene.mesh.xml"));
}

TEST(DirectoryListing, HiddenEntriesOnlyWhenAsked) {
  testing::TempTree tree;
  tree.file(".hidden.fbx");
  tree.folder(".git");
  tree.file("shown.fbx");

  EXPECT_THAT(names(list_directory(tree.path(), {})), ElementsAre("shown.fbx"));
  ListingOptions options;
  options.show_hidden = true;
  EXPECT_THAT(names(list_directory(tree.path(), options)),
              ElementsAre(".git", ".hidden.fbx", "shown.fbx"));
}

TEST(DirectoryListing, NameFilterIgnoresCase) {
  testing::TempTree tree;
  tree.file("Walk.fbx");
  tree.file("run.fbx");
  tree.folder("walkcycles");
  ListingOptions options;
  options.name_filter = "WALK";
  EXPECT_THAT(names(list_directory(tree.path(), options)), ElementsAre("walkcycles", "Walk.fbx"));
}

TEST(DirectoryListing, MissingFolderGivesAnErrorNotAnException) {
  testing::TempTree tree;
  const DirectoryListing listing = list_directory(tree.path("does/not/exist"), {});
  EXPECT_FALSE(listing.ok());
  EXPECT_THAT(listing.error, HasSubstr("does/not/exist"));
  EXPECT_THAT(listing.entries, IsEmpty());
}

TEST(DirectoryListing, FileInsteadOfFolderGivesAnError) {
  testing::TempTree tree;
  const std::string file = tree.file("plain.txt");
  const DirectoryListing listing = list_directory(file, {});
  EXPECT_FALSE(listing.ok());
  EXPECT_THAT(listing.error, HasSubstr("plain.txt"));
}

TEST(DirectoryListing, UnreadableFolderGivesAnError) {
  if (::geteuid() == 0) GTEST_SKIP() << "root reads every folder";
  testing::TempTree tree;
  const std::string locked = tree.folder("locked");
  tree.file("locked/inside.fbx");
  fs::permissions(locked, fs::perms::none);
  const DirectoryListing listing = list_directory(locked, {});
  fs::permissions(locked, fs::perms::owner_all);
  EXPECT_FALSE(listing.ok());
  EXPECT_THAT(listing.error, HasSubstr("ermission"));
}

TEST(DirectoryListing, UnreadableSubfolderIsStillListed) {
  testing::TempTree tree;
  const std::string locked = tree.folder("locked");
  fs::permissions(locked, fs::perms::none);
  const DirectoryListing listing = list_directory(tree.path(), {});
  fs::permissions(locked, fs::perms::owner_all);
  EXPECT_TRUE(listing.ok()) << listing.error;
  ASSERT_NE(find(listing, "locked"), nullptr);
  EXPECT_TRUE(find(listing, "locked")->is_directory);
}

TEST(DirectoryListing, BrokenLinksAndLinkLoopsAreListedAsBroken) {
  testing::TempTree tree;
  tree.link(tree.path("missing.fbx"), "dangling.fbx");
  tree.link(tree.path("loop_b"), "loop_a");
  tree.link(tree.path("loop_a"), "loop_b");
  tree.link(".", "self");  // A link to its own folder: a folder, not a loop to follow.

  const DirectoryListing listing = list_directory(tree.path(), {});
  EXPECT_TRUE(listing.ok()) << listing.error;
  ASSERT_NE(find(listing, "dangling.fbx"), nullptr);
  EXPECT_TRUE(find(listing, "dangling.fbx")->is_broken_link);
  EXPECT_FALSE(find(listing, "dangling.fbx")->is_directory);
  EXPECT_TRUE(find(listing, "loop_a")->is_broken_link);
  EXPECT_TRUE(find(listing, "loop_b")->is_broken_link);
  EXPECT_TRUE(find(listing, "self")->is_directory);
  EXPECT_FALSE(find(listing, "self")->is_broken_link);

  // Entering the self link and listing again works; it does not recurse.
  const DirectoryListing inside = list_directory(tree.path("self/self/self"), {});
  EXPECT_TRUE(inside.ok()) << inside.error;
  EXPECT_EQ(inside.entries.size(), listing.entries.size());
}

TEST(DirectoryListing, LinkToFolderCountsAsFolder) {
  testing::TempTree tree;
  tree.folder("real");
  tree.link(tree.path("real"), "alias");
  tree.file("a.fbx");
  const DirectoryListing listing = list_directory(tree.path(), {});
  EXPECT_THAT(names(listing), ElementsAre("alias", "real", "a.fbx"));
}

TEST(DirectoryListing, RelativeFolderIsMadeAbsolute) {
  const DirectoryListing listing = list_directory(".", {});
  EXPECT_TRUE(fs::path(listing.directory).is_absolute());
  EXPECT_EQ(listing.directory, fs::current_path().string());
}

TEST(SortEntries, BySizeAndTimeKeepFoldersFirst) {
  std::vector<DirectoryEntry> entries(4);
  entries[0] = {"big", false, false, 900, std::time_t{10}};
  entries[1] = {"dir", true, false, 0, std::time_t{5}};
  entries[2] = {"small", false, false, 10, std::time_t{30}};
  entries[3] = {"unknown", false, false, 500, std::nullopt};
  auto order = [&entries] {
    std::vector<std::string> out;
    for (const DirectoryEntry& e : entries) out.push_back(e.name);
    return out;
  };
  sort_entries(&entries, SortKey::kSize, true);
  EXPECT_THAT(order(), ElementsAre("dir", "small", "unknown", "big"));
  sort_entries(&entries, SortKey::kSize, false);
  EXPECT_THAT(order(), ElementsAre("dir", "big", "unknown", "small"));
  sort_entries(&entries, SortKey::kModified, true);
  EXPECT_THAT(order(), ElementsAre("dir", "unknown", "big", "small"));
  sort_entries(&entries, SortKey::kName, false);
  EXPECT_THAT(order(), ElementsAre("dir", "unknown", "small", "big"));
}

TEST(NameLess, IgnoresCaseButIsTotal) {
  EXPECT_TRUE(name_less("apple", "Banana"));
  EXPECT_TRUE(name_less("Apple", "banana"));
  EXPECT_FALSE(name_less("b", "A"));
  EXPECT_TRUE(name_less("ab", "abc"));
  EXPECT_NE(name_less("A", "a"), name_less("a", "A"));  // Ties broken, not equal.
  EXPECT_FALSE(name_less("a", "a"));
}

TEST(MatchesExtensions, NeedsANameBeforeTheDot) {
  EXPECT_TRUE(matches_extensions("model.FBX", {"fbx"}));
  EXPECT_FALSE(matches_extensions(".fbx", {"fbx"}));
  EXPECT_FALSE(matches_extensions("modelfbx", {"fbx"}));
  EXPECT_TRUE(matches_extensions("anything", {}));
}

TEST(PathSegments, SplitsFromTheRoot) {
  const std::vector<PathSegment> segments = path_segments("/home/me/models");
  ASSERT_EQ(segments.size(), 4u);
  EXPECT_EQ(segments[0].label, "/");
  EXPECT_EQ(segments[0].path, "/");
  EXPECT_EQ(segments[1].label, "home");
  EXPECT_EQ(segments[1].path, "/home");
  EXPECT_EQ(segments[3].label, "models");
  EXPECT_EQ(segments[3].path, "/home/me/models");
  EXPECT_EQ(path_segments("/").size(), 1u);
  EXPECT_EQ(path_segments("/a/").size(), 2u);
}

TEST(ResolvePath, HandlesRelativeAbsoluteHomeAndDots) {
  EXPECT_EQ(resolve_path("b/c", "/a", "/home/me"), "/a/b/c");
  EXPECT_EQ(resolve_path("/x/y/", "/a", "/home/me"), "/x/y");
  EXPECT_EQ(resolve_path("..", "/a/b", "/home/me"), "/a");
  EXPECT_EQ(resolve_path("../../..", "/a/b", ""), "/");
  EXPECT_EQ(resolve_path("~", "/a", "/home/me"), "/home/me");
  EXPECT_EQ(resolve_path("~/m.fbx", "/a", "/home/me"), "/home/me/m.fbx");
  EXPECT_EQ(resolve_path("~other", "/a", "/home/me"), "/a/~other");
  EXPECT_EQ(resolve_path("./c/./d", "/a", ""), "/a/c/d");
}

TEST(ParentDirectory, StopsAtTheRoot) {
  EXPECT_EQ(parent_directory("/a/b"), "/a");
  EXPECT_EQ(parent_directory("/a"), "/");
  EXPECT_EQ(parent_directory("/"), "/");
}

TEST(FormatSize, UsesBinaryUnits) {
  EXPECT_EQ(format_size(0), "0 B");
  EXPECT_EQ(format_size(1023), "1023 B");
  EXPECT_EQ(format_size(1536), "1.5 KB");
  EXPECT_EQ(format_size(5u * 1024 * 1024), "5.0 MB");
}

TEST(FormatTime, IsDateAndMinutes) {
  const std::string text = format_time(std::time(nullptr));
  ASSERT_EQ(text.size(), 16u) << text;
  EXPECT_EQ(text[4], '-');
  EXPECT_EQ(text[10], ' ');
  EXPECT_EQ(text[13], ':');
}

}  // namespace
}  // namespace anim::ui
