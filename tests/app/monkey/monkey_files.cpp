#include "monkey/monkey_files.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <gtest/gtest.h>

#include "anim/setup/setup.h"
#include "anim/ui/files/config_paths.h"
#include "anim/ui/model/recovery.h"
#include "cli_run.h"
#include "split_assets.h"
#include "support/bvh_take.h"

namespace anim::app::monkey {
namespace {

namespace fs = std::filesystem;

const std::string kAssimpModels = ANIMSCOPE_ASSIMP_MODELS;
const std::string kProjects = ANIMSCOPE_SOURCE_DIR "/projects";

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::string write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
  return path;
}

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at)) {
    text.replace(at, from.size(), to);
    at += to.size();
  }
  return text;
}

// A setup over the split Wuson: its mesh file as the model, one clip file per animation and a
// looping state for each of their clips.
std::string clip_file_setup(const import::test_support::SplitFiles& split, const fs::path& dir) {
  std::string animations, states;
  for (std::size_t i = 0; i < split.clip_files.size(); ++i) {
    const std::string file = fs::relative(split.clip_files[i], dir).string();
    animations += std::string(i ? ",\n" : "") + "    {\"file\": \"" + file + "\"}";
    states += std::string(i ? ",\n" : "") + "    {\"name\": \"" + split.clip_names[i] +
              "\", \"motion\": \"" + split.clip_names[i] + "\", \"speed\": 1, \"loop\": true}";
  }
  return "{\n  \"format\": \"animscope.setup\",\n  \"version\": 1,\n  \"model\": \"" +
         fs::relative(split.mesh_file, dir).string() + "\",\n  \"animations\": [\n" + animations +
         "\n  ],\n  \"states\": [\n" + states + "\n  ],\n  \"default_state\": \"" +
         (split.clip_names.empty() ? std::string("none") : split.clip_names.front()) + "\"\n}\n";
}

// Work an earlier animscope left behind, so the start offers Restore or Discard and the monkey
// reaches that dialog: the Wuson setup with unsaved edits (a state renamed), a new setup on the
// demo in no file yet, one whose model is gone, and a garbled copy the offer must skip.
void add_recovery_copies(const std::string& wuson_setup, std::mt19937_64& random) {
  const std::string folder = ui::recovery_directory();
  ASSERT_FALSE(folder.empty());
  Result<setup::Setup> setup = setup::load_setup(wuson_setup);
  ASSERT_TRUE(setup.ok()) << setup.error().to_string();
  ui::RecoveryCopy copy;
  copy.setup = setup.value();
  if (!copy.setup.states.empty()) copy.setup.states.front().name += " (edited)";
  copy.setup_path = wuson_setup;
  copy.model_path = (fs::path(wuson_setup).parent_path() / "Testwuson.X").string();
  // Times of the monkey's own (2023-12-31, a day before its file times, monkey_time.h), so the
  // offer reads the same in every run: "from 2023-12-31 12:00", begun from an older version of
  // the file than the one on disk.
  copy.written_ms = std::int64_t{1704024000} * 1000;
  copy.base_mtime_ns = std::int64_t{1704024000} * 1'000'000'000;
  // A writer that cannot be running: another boot.
  copy.writer = ui::ProcessIdentity{1, 1, "monkey-an-earlier-boot"};
  ASSERT_TRUE(ui::write_recovery_copy(folder + "/edited.json", copy).ok());
  ui::RecoveryCopy fresh = copy;
  fresh.setup.model = "builtin:demo";
  fresh.setup.animations.clear();
  fresh.setup_path.clear();
  fresh.model_path = "builtin:demo";
  fresh.base_mtime_ns.reset();
  ASSERT_TRUE(ui::write_recovery_copy(folder + "/new.json", fresh).ok());
  ui::RecoveryCopy orphan = copy;
  orphan.model_path = (fs::path(wuson_setup).parent_path() / "gone.X").string();
  ASSERT_TRUE(ui::write_recovery_copy(folder + "/orphan.json", orphan).ok());
  std::string garbled = ui::recovery_text(copy);
  for (std::size_t i = 0; i < garbled.size(); i += 37) garbled[i] = static_cast<char>(random());
  write_bytes(folder + "/garbled.json", garbled);
}

}  // namespace

bool is_under(const std::string& root, const std::string& path) {
  std::error_code ec;
  const fs::path full = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (ec) return false;
  const fs::path base(root);
  auto b = base.begin();
  auto p = full.begin();
  for (; b != base.end(); ++b, ++p) {
    if (p == full.end() || *p != *b) return false;
  }
  return true;
}

MonkeyFiles make_monkey_files(const std::string& name, std::uint64_t seed) {
  MonkeyFiles files;
  const fs::path root = fs::temp_directory_path() / name;
  std::error_code ec;
  fs::remove_all(root, ec);
  for (const char* sub : {"home", "config", "state", "work/clips", "work/broken/invalid"}) {
    fs::create_directories(root / sub);
  }
  files.root = fs::canonical(root).string();
  const fs::path work = fs::path(files.root) / "work";
  files.work = work.string();
  ::setenv("HOME", (fs::path(files.root) / "home").c_str(), 1);
  ::setenv("XDG_CONFIG_HOME", (fs::path(files.root) / "config").c_str(), 1);
  ::setenv("XDG_STATE_HOME", (fs::path(files.root) / "state").c_str(), 1);
  fs::current_path(work);

  // --- Real files ---
  const std::string wuson = (work / "Testwuson.X").string();
  fs::copy_file(kAssimpModels + "/X/Testwuson.X", wuson);
  const std::string setup_text = read_bytes(kProjects + "/wuson_locomotion.json");
  const std::string wuson_setup =
      write_bytes((work / "wuson_locomotion.json").string(),
                  replace_all(setup_text, kAssimpModels + "/X/Testwuson.X", "Testwuson.X"));
  const std::string demo_setup = (work / "demo_locomotion.json").string();
  fs::copy_file(kProjects + "/demo_locomotion.json", demo_setup);
  files.real = {wuson, wuson_setup, demo_setup};

  for (const auto& [source, out] :
       {std::pair{wuson_setup, "wuson.animpack"}, std::pair{demo_setup, "demo.animpack"},
        std::pair{wuson, "wuson_model.animpack"}}) {
    const std::string package = (work / out).string();
    const testing::CliRun r = testing::run({"pack", source, "--out", package});
    EXPECT_EQ(r.code, 0) << "pack " << source << ": " << r.err;
    files.real.push_back(package);
  }
  // A setup whose model is a package.
  files.real.push_back(write_bytes(
      (work / "on_package.json").string(),
      replace_all(read_bytes(wuson_setup), "\"Testwuson.X\"", "\"wuson_model.animpack\"")));

  auto split = import::test_support::split_model(wuson, (work / "clips").string());
  EXPECT_TRUE(split.ok()) << (split.ok() ? "" : split.error().to_string());
  if (split.ok()) {
    files.real.push_back(split.value().mesh_file);
    for (const std::string& f : split.value().clip_files) {
      files.real.push_back(f);
      files.changeable.push_back(f);
    }
    files.real.push_back(write_bytes((work / "wuson_clip_files.json").string(),
                                     clip_file_setup(split.value(), work)));
  }
  // Motion-capture takes: a model with a Unity-style companion, and loose clips for it.
  using test_support::write_bvh_take;
  files.real.push_back(write_bvh_take((work / "Hero.bvh").string(), 0));
  files.changeable.push_back(write_bvh_take((work / "Hero@Bend.bvh").string(), 40));
  files.real.push_back(files.changeable.back());
  files.real.push_back(write_bvh_take((work / "Lean.bvh").string(), -20));
  files.changeable.push_back(files.real.back());
  for (const std::string& f : files.changeable) files.originals.push_back(read_bytes(f));

  std::mt19937_64 random(seed);
  add_recovery_copies(wuson_setup, random);

  // --- Broken files ---
  const fs::path broken = work / "broken";
  auto noise = [&random](std::size_t n) {
    std::string bytes(n, '\0');
    for (char& c : bytes) c = static_cast<char>(random() & 0xff);
    return bytes;
  };
  auto add = [&](const std::string& file, const std::string& bytes) {
    files.broken.push_back(write_bytes((broken / file).string(), bytes));
  };
  for (const char* ext : {"json", "animpack", "X", "bvh", "gltf"}) {
    add(std::string("empty.") + ext, "");
    add(std::string("noise.") + ext, noise(4096));
  }
  add("noise.fbx", noise(4096));
  const std::string wuson_bytes = read_bytes(wuson);
  const std::string package_bytes = read_bytes((work / "wuson.animpack").string());
  // Setups in broken/ reach the model one folder up.
  const std::string setup_bytes =
      replace_all(read_bytes(wuson_setup), "\"Testwuson.X\"", "\"../Testwuson.X\"");
  add("Testwuson_cut.X", wuson_bytes.substr(0, wuson_bytes.size() * 2 / 5));
  add("wuson_cut.animpack", package_bytes.substr(0, package_bytes.size() / 2));
  add("wuson_locomotion_cut.json", setup_bytes.substr(0, setup_bytes.size() / 2));
  add("Hero_cut.bvh", files.originals.empty() ? "" : files.originals.back().substr(0, 120));
  std::string flipped = package_bytes;
  for (std::size_t i = flipped.size() / 3; i < flipped.size() * 2 / 3; i += 97) flipped[i] ^= 0x5a;
  add("wuson_flipped.animpack", flipped);
  flipped = wuson_bytes;
  for (std::size_t i = flipped.size() / 3; i < flipped.size() / 2; i += 61) flipped[i] ^= 0x21;
  add("Testwuson_flipped.X", flipped);
  // Setups that parse but point at the wrong things.
  add("bad_refs.json", replace_all(replace_all(setup_bytes, "\"Wuson_Run\"", "\"Nothing\""),
                                   "\"default_state\": \"", "\"default_state\": \"Gone"));
  add("missing_model.json", replace_all(setup_bytes, "\"../Testwuson.X\"", "\"nowhere.fbx\""));
  add("noise_model.json", replace_all(setup_bytes, "\"../Testwuson.X\"", "\"noise.fbx\""));
  add("self_model.json", replace_all(setup_bytes, "\"../Testwuson.X\"", "\"self_model.json\""));
  add("setup_model.json", replace_all(setup_bytes, "\"../Testwuson.X\"", "\"bad_refs.json\""));
  add("wrong_types.json",
      "{\"format\": \"animscope.setup\", \"version\": \"one\", \"model\": 3,"
      " \"states\": {}, \"parameters\": [1, 2]}");
  add("future.json", replace_all(setup_bytes, "\"version\": 1", "\"version\": 999"));
  // Not regular files, or no file at all.
  fs::create_directories(broken / "folder.json");
  files.broken.push_back((broken / "folder.json").string());
  files.broken.push_back((broken / "gone.fbx").string());
  fs::create_symlink("/dev/zero", broken / "zero.X", ec);
  if (!ec) files.broken.push_back((broken / "zero.X").string());
  for (const fs::directory_entry& entry : fs::directory_iterator(kAssimpModels + "/invalid")) {
    const fs::path copy = broken / "invalid" / entry.path().filename();
    fs::copy_file(entry.path(), copy, ec);
    if (!ec) files.broken.push_back(copy.string());
  }
  return files;
}

}  // namespace anim::app::monkey
