// libFuzzer harness: a package (.animpack) as a game and the tool read one. load_package on the
// bytes; when they fail only on the header's file size or a section's CRC (which a mutation
// nearly always breaks), on the bytes with those two repaired, so that the fuzzer reaches the
// sections' contents. A package that loads is used as everything that reads packages uses it:
// every clip (compressed and key clips) sampled at awkward times, the state machine run a few
// hundred frames with parameter changes (through model space and the skinning palette), and the
// tool's view of it: bake::model_from_package, the setup made back from the machine
// (setup_from_machine), validated and compiled against the decoded clips and run again.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "anim/bake/package_model.h"
#include "anim/package.h"
#include "anim/package_format.h"
#include "anim/setup/from_machine.h"
#include "anim/setup/setup.h"
#include "anim/state_machine.h"
#include "fuzz_input.h"
#include "fuzz_run.h"
#include "fuzz_sample.h"

namespace anim::fuzz {
namespace {

// `bytes` with the header's file size set to the real size and each section's CRC to that of
// the bytes it spans (for the sections that lie inside the file). False when there is no header
// or nothing to repair.
bool repair(std::vector<uint8_t>& bytes) {
  package::Header header;
  if (bytes.size() < sizeof(header)) return false;
  std::memcpy(&header, bytes.data(), sizeof(header));
  if (std::memcmp(header.magic, package::kMagic, sizeof(header.magic)) != 0) return false;
  bool changed = header.file_size != bytes.size();
  header.file_size = bytes.size();
  std::memcpy(bytes.data(), &header, sizeof(header));
  const std::size_t entries =
      std::min<std::size_t>(header.section_count, (bytes.size() - sizeof(header)) /
                                                      sizeof(package::SectionEntry));
  for (std::size_t i = 0; i < entries; ++i) {
    package::SectionEntry e;
    uint8_t* at = bytes.data() + sizeof(header) + i * sizeof(e);
    std::memcpy(&e, at, sizeof(e));
    if (e.offset > bytes.size() || e.size > bytes.size() - e.offset) continue;
    const uint32_t crc = package::crc32(bytes.data() + e.offset, static_cast<std::size_t>(e.size));
    changed = changed || crc != e.crc;
    e.crc = crc;
    std::memcpy(at, &e, sizeof(e));
  }
  return changed;
}

void use(const Package& package, FuzzInput& in) {
  trace("loaded");
  sample_all(package.clips, package.skeleton);
  sample_all(package.key_clips, package.skeleton);
  if (package.has_state_machine) {
    StateMachineInstance machine(package.state_machine, package.skeleton, package.clips);
    run_machine(machine, package.skeleton, package.skin, in, RunOptions{});
    trace("ran the package's machine");
  }

  // The tool's view: the package as a model, its machine as a setup.
  Result<Model> model = bake::model_from_package(package, "fuzz.animpack");
  if (!model.ok()) return;
  const Model& m = model.value();
  m.skinned_joint_count();
  m.influenced_vertex_counts();
  sample_all(m.clips, m.skeleton);
  if (!package.has_state_machine) return;
  std::vector<std::string> names;
  for (const CompressedClip& c : package.clips) names.push_back(c.name);
  const setup::Setup setup =
      setup::setup_from_machine(package.state_machine, names, "fuzz.animpack");
  std::vector<std::string> model_names;
  for (const Clip& c : m.clips) model_names.push_back(c.name);
  validate_setup(setup, model_names);
  to_json_text(setup);
  Result<StateMachineDef> def = compile_setup(setup, m.clips);
  if (!def.ok()) return;
  StateMachineInstance machine(def.value(), m.skeleton, m.clips);
  RunOptions options;
  options.frames = 100;
  run_machine(machine, m.skeleton, m.skin, in, options);
  trace("ran the machine compiled from its setup");
}

}  // namespace
}  // namespace anim::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  using namespace anim;
  using namespace anim::fuzz;
  FuzzInput in(data, size);
  in.skip_all();  // The bytes are the package's: they only seed the run's choices.
  Result<Package> package = load_package(Span<const uint8_t>(data, size));
  if (package.ok()) {
    use(package.value(), in);
    return 0;
  }
  std::vector<uint8_t> repaired(data, data + size);
  if (!repair(repaired)) return 0;
  package = load_package(Span<const uint8_t>(repaired.data(), repaired.size()));
  if (package.ok()) use(package.value(), in);
  return 0;
}
