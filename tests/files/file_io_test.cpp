// read_file and write_file_atomically in a scratch folder: bytes go round exactly (NUL bytes and
// all), a write replaces the old file whole and leaves nothing else in the folder, a symbolic
// link is written through, and a missing folder or file gives an Error naming the path.
#include "anim/files/file_io.h"

#include <sys/stat.h>
#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/folders.h"
#include "support/matchers.h"

namespace anim::files {
namespace {

using namespace ::anim::testutil;
namespace fs = std::filesystem;

class FileIoTest : public ::testing::Test {
 protected:
  FileIoTest() : folder_(FreshTestFolder("file_io")) {}
  ~FileIoTest() override {
    std::error_code ec;
    fs::remove_all(folder_, ec);
  }

  std::string Path(const std::string& name) const { return (folder_ / name).string(); }

  // The file's bytes as another reader sees them (std::ifstream, not read_file).
  static std::string Contents(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }

  fs::path folder_;
};

// `size` bytes that repeat no short pattern, NUL bytes among them: a linear congruential
// sequence's high byte.
std::string Noise(std::size_t size) {
  std::string bytes(size, '\0');
  uint32_t state = 12345u;
  for (char& c : bytes) {
    state = state * 1664525u + 1013904223u;
    c = static_cast<char>(state >> 24);
  }
  return bytes;
}

TEST_F(FileIoTest, TextGoesRoundExactly) {
  const std::string path = Path("notes.txt");
  const std::string text = "first line\nsecond line\r\n\ttabbed, café\n";
  const Status written = write_file_atomically(path, text);
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  EXPECT_EQ(Contents(path), text);
  const Result<std::string> read = read_file(path);
  ASSERT_TRUE(read.ok()) << read.error().to_string();
  EXPECT_EQ(read.value(), text);
}

TEST_F(FileIoTest, BinaryBytesWithNulGoRoundExactly) {
  std::string bytes;
  for (int round = 0; round < 2; ++round) {
    for (int b = 0; b < 256; ++b) bytes.push_back(static_cast<char>(b));
  }
  bytes += std::string(3, '\0');  // Trailing NUL bytes too.
  ASSERT_EQ(bytes.size(), 515u);
  const std::string path = Path("blob.bin");
  ASSERT_TRUE(write_file_atomically(path, bytes).ok());
  EXPECT_EQ(fs::file_size(path), 515u);
  const Result<std::string> read = read_file(path);
  ASSERT_TRUE(read.ok()) << read.error().to_string();
  ASSERT_EQ(read.value().size(), 515u);
  EXPECT_EQ(read.value(), bytes);
  EXPECT_EQ(read.value()[0], '\0');
  EXPECT_EQ(read.value()[256 + 65], 'A');
}

TEST_F(FileIoTest, EmptyContentMakesAnEmptyFile) {
  const std::string path = Path("empty");
  ASSERT_TRUE(write_file_atomically(path, "").ok());
  ASSERT_TRUE(fs::is_regular_file(path));
  EXPECT_EQ(fs::file_size(path), 0u);
  const Result<std::string> read = read_file(path);
  ASSERT_TRUE(read.ok()) << read.error().to_string();
  EXPECT_EQ(read.value(), "");
}

// Larger than read_file's 64 KiB buffer and no multiple of it: every byte written, in order.
TEST_F(FileIoTest, LargeContentIsWrittenAndReadWhole) {
  const std::size_t size = 3 * 1024 * 1024 + 4097;
  const std::string bytes = Noise(size);
  const std::string path = Path("large.bin");
  const Status written = write_file_atomically(path, bytes);
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  EXPECT_EQ(fs::file_size(path), size);
  EXPECT_TRUE(Contents(path) == bytes);  // (Not EXPECT_EQ: a failure would print 3 MB.)
  const Result<std::string> read = read_file(path);
  ASSERT_TRUE(read.ok()) << read.error().to_string();
  EXPECT_EQ(read.value().size(), size);
  EXPECT_TRUE(read.value() == bytes);
}

TEST_F(FileIoTest, WritingReplacesTheOldFileWhole) {
  const std::string path = Path("setup.json");
  ASSERT_TRUE(write_file_atomically(path, Noise(100000)).ok());
  ASSERT_EQ(fs::file_size(path), 100000u);
  // A shorter content leaves nothing of the longer one behind it.
  ASSERT_TRUE(write_file_atomically(path, "{}\n").ok());
  EXPECT_EQ(fs::file_size(path), 3u);
  EXPECT_EQ(Contents(path), "{}\n");
  // And a longer one over a shorter one.
  ASSERT_TRUE(write_file_atomically(path, "{\"version\": 3}\n").ok());
  EXPECT_EQ(Contents(path), "{\"version\": 3}\n");
  // A file written by someone else is replaced the same way.
  const std::string other = Path("other.txt");
  std::ofstream(other, std::ios::binary) << "written elsewhere, and long enough to show";
  ASSERT_TRUE(write_file_atomically(other, "new").ok());
  EXPECT_EQ(Contents(other), "new");
}

TEST_F(FileIoTest, NoTemporaryFileIsLeftInTheFolder) {
  ASSERT_TRUE(write_file_atomically(Path("a.json"), "one").ok());
  ASSERT_TRUE(write_file_atomically(Path("a.json"), "two").ok());
  ASSERT_TRUE(write_file_atomically(Path("b.bin"), Noise(70000)).ok());
  ASSERT_TRUE(write_file_atomically(Path("a.json"), "three").ok());
  EXPECT_THAT(FileNamesIn(folder_), ::testing::UnorderedElementsAre("a.json", "b.bin"));
}

TEST_F(FileIoTest, AReplacedFileKeepsItsPermissions) {
  const std::string path = Path("private.json");
  ASSERT_TRUE(write_file_atomically(path, "secret").ok());
  ASSERT_EQ(::chmod(path.c_str(), 0600), 0);
  ASSERT_TRUE(write_file_atomically(path, "still secret").ok());
  struct stat info {};
  ASSERT_EQ(::stat(path.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 07777, 0600u);
  ASSERT_EQ(::chmod(path.c_str(), 0640), 0);
  ASSERT_TRUE(write_file_atomically(path, "shared with the group").ok());
  ASSERT_EQ(::stat(path.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 07777, 0640u);
  EXPECT_EQ(Contents(path), "shared with the group");
}

TEST_F(FileIoTest, ANewFileTakesTheUmask) {
  const mode_t old_mask = ::umask(027);
  const Status written = write_file_atomically(Path("new.json"), "{}");
  ::umask(old_mask);
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  struct stat info {};
  ASSERT_EQ(::stat(Path("new.json").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 07777, 0640u);  // 0666 less 027.
}

// A symbolic link is written through, as an editor saves a file it opened through a link: the
// link stays a link to the same place, and the file it points to gets the new text. (A setup kept
// in a shared folder and linked into a project stays shared.)
TEST_F(FileIoTest, WritingThroughASymbolicLinkKeepsTheLinkAndChangesItsTarget) {
  fs::create_directory(folder_ / "shared");
  const std::string target = Path("shared/setup.json");
  std::ofstream(target, std::ios::binary) << "old text";
  const std::string link = Path("setup.json");
  fs::create_symlink("shared/setup.json", link);

  const Status written = write_file_atomically(link, "new text");
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(link)));
  std::error_code ec;  // (A regular file in its place would make read_symlink throw.)
  EXPECT_EQ(fs::read_symlink(link, ec), fs::path("shared/setup.json"));
  EXPECT_EQ(Contents(target), "new text");
  EXPECT_EQ(Contents(link), "new text");
  // No temporary left beside the link or beside the target.
  EXPECT_THAT(FileNamesIn(folder_), ::testing::UnorderedElementsAre("setup.json", "shared"));
  EXPECT_THAT(FileNamesIn(folder_ / "shared"), ElementsAre("setup.json"));
}

// A link whose target is missing gets its target created (its folder exists), and stays a link.
TEST_F(FileIoTest, WritingThroughADanglingLinkCreatesItsTarget) {
  fs::create_directory(folder_ / "shared");
  const std::string link = Path("setup.json");
  fs::create_symlink("shared/new.json", link);

  const Status written = write_file_atomically(link, "{}");
  ASSERT_TRUE(written.ok()) << written.error().to_string();
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(link)));
  EXPECT_EQ(Contents(Path("shared/new.json")), "{}");
}

// ---------------------------------------------------------------------------------------------
// Failures

TEST_F(FileIoTest, WritingIntoAMissingFolderFailsNamingThePath) {
  const std::string path = Path("missing/setup.json");
  const Status written = write_file_atomically(path, "{}");
  ASSERT_FALSE(written.ok());
  EXPECT_EQ(written.error().path, path);
  EXPECT_EQ(written.error().code, Error::Code::kNotFound);
  EXPECT_THAT(written.error().to_string(), StartsWith(path + ": "));
  EXPECT_FALSE(fs::exists(folder_ / "missing"));  // Not created on the way.
  EXPECT_THAT(FileNamesIn(folder_), IsEmpty());
}

TEST_F(FileIoTest, ReadingAMissingFileFailsNamingThePath) {
  const std::string path = Path("absent.json");
  const Result<std::string> read = read_file(path);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().code, Error::Code::kNotFound);
  EXPECT_EQ(read.error().path, path);
  EXPECT_EQ(read.error().to_string(), path + ": no such file");
  // In a missing folder too.
  const std::string deeper = Path("nowhere/absent.json");
  const Result<std::string> lost = read_file(deeper);
  ASSERT_FALSE(lost.ok());
  EXPECT_EQ(lost.error().code, Error::Code::kNotFound);
  EXPECT_EQ(lost.error().path, deeper);
}

TEST_F(FileIoTest, ReadingAFolderFailsNamingThePath) {
  const std::string path = Path("sub");
  fs::create_directory(path);
  const Result<std::string> read = read_file(path);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().path, path);
  EXPECT_THAT(read.error().message, HasSubstr("directory"));
}

// Links that lead round in a loop have no file to write: an error naming the path, and the links
// stay as they were.
TEST_F(FileIoTest, WritingThroughALoopOfLinksFailsAndLeavesThem) {
  const std::string path = Path("a.json");
  fs::create_symlink("b.json", path);
  fs::create_symlink("a.json", Path("b.json"));
  const Status written = write_file_atomically(path, "{}");
  ASSERT_FALSE(written.ok());
  EXPECT_EQ(written.error().path, path);
  EXPECT_THAT(written.error().message, HasSubstr("cannot follow the link"));
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(path)));
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(Path("b.json"))));
  EXPECT_THAT(FileNamesIn(folder_), ::testing::UnorderedElementsAre("a.json", "b.json"));
}

// The rename over a folder fails (even for root): the folder stays as it was and the temporary
// is removed.
TEST_F(FileIoTest, AFailedWriteLeavesWhatWasThereAndNoTemporary) {
  const std::string path = Path("taken");
  fs::create_directory(path);
  std::ofstream(Path("taken/inside.txt")) << "kept";
  const Status written = write_file_atomically(path, "would replace a folder");
  ASSERT_FALSE(written.ok());
  EXPECT_EQ(written.error().path, path);
  EXPECT_THAT(written.error().message, HasSubstr("cannot replace the file"));
  EXPECT_TRUE(fs::is_directory(path));
  EXPECT_EQ(Contents(Path("taken/inside.txt")), "kept");
  EXPECT_THAT(FileNamesIn(folder_), ElementsAre("taken"));
}

}  // namespace
}  // namespace anim::files
