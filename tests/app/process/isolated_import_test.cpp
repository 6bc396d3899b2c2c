// Import in a child process (app/process): the model that comes back is the one assimp gives
// in-process, bit for bit; whatever the child does (run out of memory, crash, hang, answer
// nonsense, not exist) gives an Error naming the file, and Cancel stops it at once.
#include "process/isolated_import.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>

#include "anim/import/import_model.h"
#include "loading/import_options.h"
#include "process/import_child.h"
#include "split_assets.h"
#include "support/sanitized.h"

namespace anim::app {
namespace {

namespace fs = std::filesystem;
using import::test_support::TempDir;

const std::string kModels = ANIMSCOPE_ASSIMP_MODELS;

IsolatedImportOptions options(uint64_t limit = default_import_memory_limit()) {
  return {ANIMSCOPE_IMPORT_BINARY, limit};
}

template <class T>
bool same_bytes(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() &&
         (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

template <class V>
void expect_same_tracks(const KeyTracks<V>& a, const KeyTracks<V>& b, const std::string& what) {
  EXPECT_TRUE(same_bytes(a.ranges, b.ranges)) << what;
  EXPECT_TRUE(same_bytes(a.times, b.times)) << what;
  EXPECT_TRUE(same_bytes(a.values, b.values)) << what;
}

// Everything import_model gives, compared bit for bit.
void expect_same_model(const Model& a, const Model& b) {
  EXPECT_EQ(a.source_path, b.source_path);
  EXPECT_EQ(a.skeleton.names, b.skeleton.names);
  EXPECT_EQ(a.skeleton.parents, b.skeleton.parents);
  EXPECT_TRUE(same_bytes(a.skeleton.rest, b.skeleton.rest));
  EXPECT_EQ(a.skin.joints, b.skin.joints);
  EXPECT_TRUE(same_bytes(a.skin.inverse_bind, b.skin.inverse_bind));
  ASSERT_EQ(a.mesh.vertices.size(), b.mesh.vertices.size());
  for (std::size_t i = 0; i < a.mesh.vertices.size(); ++i) {
    const Vertex& u = a.mesh.vertices[i];
    const Vertex& v = b.mesh.vertices[i];
    ASSERT_TRUE(u.position == v.position && u.normal == v.normal && u.uv == v.uv &&
                !std::memcmp(u.joints, v.joints, sizeof(u.joints)) &&
                !std::memcmp(u.weights, v.weights, sizeof(u.weights)) &&
                u.truncated_weight == v.truncated_weight)
        << "vertex " << i;
  }
  EXPECT_EQ(a.mesh.indices, b.mesh.indices);
  ASSERT_EQ(a.mesh.submeshes.size(), b.mesh.submeshes.size());
  for (std::size_t i = 0; i < a.mesh.submeshes.size(); ++i) {
    EXPECT_EQ(a.mesh.submeshes[i].name, b.mesh.submeshes[i].name);
    EXPECT_EQ(a.mesh.submeshes[i].index_count, b.mesh.submeshes[i].index_count);
    EXPECT_EQ(a.mesh.submeshes[i].base_vertex, b.mesh.submeshes[i].base_vertex);
  }
  ASSERT_EQ(a.clips.size(), b.clips.size());
  for (std::size_t i = 0; i < a.clips.size(); ++i) {
    EXPECT_EQ(a.clips[i].name, b.clips[i].name);
    EXPECT_EQ(a.clips[i].duration, b.clips[i].duration);
    expect_same_tracks(a.clips[i].translations, b.clips[i].translations, a.clips[i].name);
    expect_same_tracks(a.clips[i].rotations, b.clips[i].rotations, a.clips[i].name);
    expect_same_tracks(a.clips[i].scales, b.clips[i].scales, a.clips[i].name);
  }
  EXPECT_EQ(a.max_influences, b.max_influences);
  EXPECT_EQ(a.truncated_vertices, b.truncated_vertices);
}

class SameAsInProcess : public ::testing::TestWithParam<const char*> {};

TEST_P(SameAsInProcess, ModelComesBackBitForBit) {
  const std::string path = kModels + "/" + GetParam();
  Result<Model> direct = import::import_model(path);
  ASSERT_TRUE(direct.ok()) << direct.error().to_string();
  Result<Model> isolated = import_isolated(path, options());
  ASSERT_TRUE(isolated.ok()) << isolated.error().to_string();
  expect_same_model(isolated.value(), direct.value());
  // Not an empty comparison: each file brings a mesh, and all but the static one a skeleton.
  EXPECT_FALSE(direct.value().mesh.vertices.empty() && direct.value().clips.empty());
}

// A skinned model with clips, one with more than four influences per vertex, a static mesh
// (empty skeleton) and a motion-capture take (clip, no mesh).
INSTANTIATE_TEST_SUITE_P(RealFiles, SameAsInProcess,
                         ::testing::Values("X/Testwuson.X", "FBX/huesitos.fbx", "OBJ/spider.obj",
                                           "BVH/01_01.bvh"));

TEST(IsolatedImport, ImporterErrorsArriveAsTheyWouldInProcess) {
  for (const char* name : {"invalid/malformed.obj", "invalid/empty.x", "no/such/file.fbx"}) {
    const std::string path = kModels + "/" + name;
    Result<Model> direct = import::import_model(path);
    Result<Model> isolated = import_isolated(path, options());
    ASSERT_FALSE(direct.ok()) << name;
    ASSERT_FALSE(isolated.ok()) << name;
    EXPECT_EQ(isolated.error().to_string(), direct.error().to_string());
    EXPECT_EQ(isolated.error().code, direct.error().code);
  }
}

TEST(IsolatedImport, RunawayAllocationIsStoppedAtTheLimit) {
  if (test_support::RunningUnderSanitizers()) {
    GTEST_SKIP() << "AddressSanitizer's allocator aborts instead of failing an allocation";
  }
  const std::string path = kModels + "/invalid/OutOfMemory.off";
  Result<Model> r = import_isolated(path, options(uint64_t{256} << 20));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().to_string(),
            path + ": import needed more than 256 MiB (limit) and was stopped");
  r = import_isolated(path, options(uint64_t{8} << 30));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "import needed more than 8.0 GiB (limit) and was stopped");
}

// Stand-ins for the child, as shell scripts in a temporary folder.
class FakeImporter : public ::testing::Test {
 protected:
  IsolatedImportOptions script(const std::string& body) {
    const std::string path = dir_.path() + "/importer.sh";
    std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
    fs::permissions(path, fs::perms::owner_all);
    return {path, uint64_t{1} << 30};
  }
  TempDir dir_;
};

TEST_F(FakeImporter, CrashIsNamedWithItsSignal) {
  Result<Model> r = import_isolated("hero.fbx", script("kill -SEGV $$"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().path, "hero.fbx");
  EXPECT_EQ(r.error().message.rfind("the importer crashed (signal 11", 0), 0u) << r.error().message;
}

TEST_F(FakeImporter, KilledChildIsNamed) {
  Result<Model> r = import_isolated("hero.fbx", script("kill -KILL $$"));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("the importer was killed (signal 9"), std::string::npos)
      << r.error().message;
}

TEST_F(FakeImporter, NonsenseOrSilenceIsAnError) {
  Result<Model> r = import_isolated("hero.fbx", script("echo hello; exit 0"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().to_string(),
            "hero.fbx: the importer stopped without an answer (exit status 0)");
  r = import_isolated("hero.fbx", script("exit 5"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "the importer stopped without an answer (exit status 5)");
}

TEST_F(FakeImporter, DamagedAnswerIsRefusedByThePackageLoader) {
  // A result record (kind 2, 16-byte header) holding 8 bytes that are no package.
  Result<Model> r =
      import_isolated("hero.fbx", script("printf '\\002\\000\\000\\000\\000\\000\\000\\000"
                                         "\\010\\000\\000\\000\\000\\000\\000\\000ANIMPACX'"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message.rfind("the importer's answer is damaged: header: ", 0), 0u)
      << r.error().message;
}

TEST_F(FakeImporter, CancelKillsAHangingChildAtOnce) {
  const IsolatedImportOptions hang = script("exec sleep 60");
  int calls = 0;
  const auto start = std::chrono::steady_clock::now();
  Result<Model> r = import_isolated("hero.fbx", hang, [&](float) { return ++calls < 3; });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, Error::Code::kCancelled);
  EXPECT_EQ(calls, 3);       // Asked while the child said nothing, every 100 ms.
  EXPECT_LT(seconds, 30.0);  // Not the child's 60 s.
}

// A load cancelled before it began (a replaced or cancelled background load that had not started
// yet) gives kCancelled without starting the child. Before, the child ran and was killed at its
// first report, unless it had ended first: then a child that crashed or answered at once gave
// its error instead, or not, depending on the machine's load.
TEST_F(FakeImporter, CancelledBeforeItBeganStartsNoChild) {
  const std::string started = dir_.path() + "/started";
  const IsolatedImportOptions quick = script("touch '" + started + "'; kill -SEGV $$");
  int calls = 0;
  Result<Model> r = import_isolated("hero.fbx", quick, [&](float) {
    ++calls;
    return false;
  });
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, Error::Code::kCancelled) << r.error().to_string();
  EXPECT_EQ(calls, 1);
  EXPECT_FALSE(fs::exists(started));
}

TEST(IsolatedImport, MissingImporterIsNamed) {
  Result<Model> r = import_isolated("hero.fbx", {"/nonexistent/animscope-import", 0});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().to_string(),
            "hero.fbx: cannot start the importer /nonexistent/animscope-import: No such file or "
            "directory");
}

// State of process `pid` from /proc ('R', 'S', 'Z', ...); 0 when it no longer exists.
char process_state(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  std::getline(stat, text);
  const std::size_t close = text.rfind(')');
  return close == std::string::npos || close + 2 >= text.size() ? 0 : text[close + 2];
}

// A parent killed outright (SIGKILL: no Cancel, no cleanup) takes its importer with it rather
// than leaving it to parse a big file for nobody.
TEST(IsolatedImport, TheImporterEndsWithAParentKilledOutright) {
  TempDir dir;
  const std::string big = dir.path() + "/big.obj";
  {
    std::ofstream obj(big);
    for (int i = 0; i < 1500000; ++i) obj << "v " << i % 97 << " " << i % 89 << " " << i << "\n";
    for (int i = 1; i + 2 <= 1500000; i += 3)
      obj << "f " << i << " " << i + 1 << " " << i + 2 << "\n";
  }
  // The parent: a shell that starts the importer as this program would, then waits.
  const std::string pid_file = dir.path() + "/child.pid";
  const std::string command = "sh -c '" + std::string(ANIMSCOPE_IMPORT_BINARY) + " " +
                              kImportChildCommand + " " + big + " > /dev/null & echo $! > " +
                              pid_file + "; wait' & echo $!";
  FILE* started = ::popen(command.c_str(), "r");
  ASSERT_NE(started, nullptr);
  int parent = 0;
  ASSERT_EQ(std::fscanf(started, "%d", &parent), 1);
  ::pclose(started);
  pid_t child = 0;
  for (int i = 0; i < 200 && child == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    std::ifstream(pid_file) >> child;
  }
  ASSERT_GT(child, 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const char before = process_state(child);
  ASSERT_TRUE(before != 0 && before != 'Z') << "the importer finished before the test could "
                                               "kill its parent: use a bigger file";
  ::kill(parent, SIGKILL);
  char after = before;
  for (int i = 0; i < 200 && after != 0 && after != 'Z'; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    after = process_state(child);
  }
  EXPECT_TRUE(after == 0 || after == 'Z') << "the importer still runs (state " << after << ")";
  ::kill(child, SIGKILL);  // Whatever happened, leave nothing behind.
}

TEST(ImportOptions, SizesReadAsPeopleWriteThem) {
  EXPECT_EQ(parse_memory_size("8G").value(), uint64_t{8} << 30);
  EXPECT_EQ(parse_memory_size("512m").value(), uint64_t{512} << 20);
  EXPECT_EQ(parse_memory_size("1.5GiB").value(), uint64_t{3} << 29);
  EXPECT_EQ(parse_memory_size("2097152").value(), uint64_t{2} << 20);
  for (const char* bad : {"", "G", "-1G", "8Q", "100", "nanG"}) {
    EXPECT_FALSE(parse_memory_size(bad).ok()) << bad;
  }
  EXPECT_EQ(format_bytes(uint64_t{8} << 30), "8.0 GiB");
  EXPECT_EQ(format_bytes(uint64_t{256} << 20), "256 MiB");
}

TEST(ImportOptions, TakenOutOfTheArgumentsWhereverTheyAre) {
  std::vector<const char*> argv = {"animscope",      "info", "--in-process", "x.fbx",
                                   "--memory-limit", "1G",   "--json"};
  Result<ImportOptions> o = take_import_options(argv);
  ASSERT_TRUE(o.ok());
  EXPECT_TRUE(o.value().in_process);
  EXPECT_EQ(o.value().memory_limit, uint64_t{1} << 30);
  EXPECT_EQ(argv, (std::vector<const char*>{"animscope", "info", "x.fbx", "--json"}));
  argv = {"animscope", "--memory-limit=64M"};
  o = take_import_options(argv);
  ASSERT_TRUE(o.ok());
  EXPECT_FALSE(o.value().in_process);
  EXPECT_EQ(o.value().memory_limit, uint64_t{64} << 20);
  EXPECT_EQ(argv.size(), 1u);
  argv = {"animscope", "info", "--memory-limit"};
  EXPECT_FALSE(take_import_options(argv).ok());
}

TEST(ImportOptions, DefaultLimitIsHalfTheMemoryAtMost8GiB) {
  const uint64_t limit = default_import_memory_limit();
  EXPECT_LE(limit, uint64_t{8} << 30);
  const uint64_t half = static_cast<uint64_t>(::sysconf(_SC_PHYS_PAGES)) *
                        static_cast<uint64_t>(::sysconf(_SC_PAGESIZE)) / 2;
  EXPECT_EQ(limit, std::min(half, uint64_t{8} << 30));
}

}  // namespace
}  // namespace anim::app
