#pragma once
// What the package suites of a state machine's parts share: loading bytes, a package made of a
// machine and float clips compressed on the way, loading one that must be refused, and
// CompiledSetupTest (a setup compiled on the root -> mid -> tip chain). Needs anim_core, anim_bake
// and anim_setup.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/bake/clip_compression.h"
#include "anim/bake/package_writer.h"
#include "anim/package.h"
#include "anim/package_format.h"
#include "anim/setup/setup.h"
#include "anim/state_machine.h"
#include "support/package_bytes.h"

namespace anim::testutil {

// root -> mid -> tip, each one unit above its parent.
inline Skeleton chain() {
  Skeleton s;
  s.names = {"root", "mid", "tip"};
  s.parents = {-1, 0, 1};
  s.rest.resize(3);
  s.rest[1].translation = glm::vec3(0, 1, 0);
  s.rest[2].translation = glm::vec3(0, 1, 0);
  return s;
}

// A package of `def` over `clips`, compressed.
inline Package package_of(const StateMachineDef& def, const Skeleton& skeleton,
                          const std::vector<Clip>& clips) {
  Package p;
  p.skeleton = skeleton;
  for (const Clip& clip : clips) {
    Result<bake::CompressedResult> c = bake::compress_clip(clip, skeleton);
    EXPECT_TRUE(c.ok());
    if (c.ok()) p.clips.push_back(std::move(c.value().clip));
  }
  p.state_machine = def;
  p.has_state_machine = true;
  return p;
}

// Loading `p` must fail with `message` in the error, in the section `section`.
inline void ExpectRefused(const Package& p, const std::string& section,
                          const std::string& message) {
  Result<Package> r = load(bake::write_package(p));
  ASSERT_FALSE(r.ok()) << message;
  EXPECT_NE(r.error().path.find(section), std::string::npos) << r.error().to_string();
  EXPECT_NE(r.error().message.find(message), std::string::npos) << r.error().to_string();
}

// Every flipped byte of a package's `bytes` is refused or loads into a machine that runs (ASan
// runs this too), and every truncation is refused.
inline void ExpectCorruptionRefusedOrHarmless(const std::vector<uint8_t>& bytes) {
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    std::vector<uint8_t> bad = bytes;
    bad[i] ^= 0x5a;
    Result<Package> r = load(bad);
    if (!r.ok() || !r.value().has_state_machine) continue;
    const Package& p = r.value();
    StateMachineInstance sm(p.state_machine, p.skeleton, ClipSet(p.clips));
    std::vector<Transform> pose(p.skeleton.joint_count());
    sm.update(0.1f);
    (void)sm.evaluate(pose);
  }
  for (std::size_t n = 0; n < bytes.size(); n += 7) {
    const std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + n);
    EXPECT_FALSE(load(cut).ok()) << n << " bytes";
  }
}

// Renames the sections of `kind` to `as` in the table, and makes the header's minor version newer
// than this reader's: what a reader that does not know `kind` sees of a newer writer's package
// (a section's CRC covers its bytes, not its kind; in a minor version it knows, a reader refuses
// an unknown kind).
inline void RenameSections(std::vector<uint8_t>& bytes, uint32_t kind, uint32_t as) {
  package::Header header;
  std::memcpy(&header, bytes.data(), sizeof(header));
  header.minor = package::kMinorVersion + 1;
  std::memcpy(bytes.data(), &header, sizeof(header));
  const std::vector<package::SectionEntry> sections = Sections(bytes);
  for (std::size_t i = 0; i < sections.size(); ++i) {
    if (sections[i].kind != kind) continue;
    package::SectionEntry e = sections[i];
    e.kind = as;
    std::memcpy(bytes.data() + sizeof(package::Header) + i * sizeof(e), &e, sizeof(e));
  }
}

// A setup compiled over float clips on the chain skeleton, and its package (good()).
class CompiledSetupTest : public ::testing::Test {
 protected:
  CompiledSetupTest(const setup::Setup& setup, std::vector<Clip> clips)
      : skeleton_(chain()), clips_(std::move(clips)) {
    Result<StateMachineDef> def = compile_setup(setup, clips_);
    EXPECT_TRUE(def.ok()) << (def.ok() ? "" : def.error().to_string());
    if (def.ok()) def_ = std::move(def).value();
  }

  Package good() const { return package_of(def_, skeleton_, clips_); }
  // good() written and read back.
  Result<Package> RoundTrip() const { return load(bake::write_package(good())); }

  Skeleton skeleton_;
  std::vector<Clip> clips_;
  StateMachineDef def_;
};

}  // namespace anim::testutil
