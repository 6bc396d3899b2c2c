#include "anim/import/animation_files.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <filesystem>
#include <mutex>
#include <optional>
#include <thread>

#include "anim/import/clip_retarget.h"
#include "lower_case.h"

namespace anim::import {
namespace {

constexpr std::size_t kNamesListed = 12;

std::string in_quotes(const std::string& text) { return "\"" + text + "\""; }

std::string name_list(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < kNamesListed; ++i) {
    out += (i ? ", " : "") + names[i];
  }
  if (names.size() > kNamesListed) {
    out += " and " + std::to_string(names.size() - kNamesListed) + " more";
  }
  return out;
}

void report(AnimationSet& set, Diagnostic::Severity severity, std::string pointer,
            std::string message) {
  set.diagnostics.push_back({severity, std::move(pointer), std::move(message)});
}

void error(AnimationSet& set, std::string pointer, std::string message) {
  report(set, Diagnostic::Severity::kError, std::move(pointer), std::move(message));
}

// A place inside the file's entry; none when the file has no entry (given by name only).
std::string at(const AnimationFile& file, const std::string& field) {
  return file.pointer.empty() ? std::string() : file.pointer + field;
}

std::string file_label(const AnimationFile& file) {
  return std::filesystem::path(file.path).filename().string();
}

// Which of the file's clips to take: all, or the one `clip` names.
std::optional<std::vector<int>> pick_clips(const AnimationFile& file, const Model& file_model,
                                           AnimationSet& set) {
  if (file_model.clips.empty()) {
    error(set, at(file, "/file"), file_label(file) + " has no animations");
    return std::nullopt;
  }
  if (!file.clip) {
    std::vector<int> all(file_model.clips.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
    return all;
  }
  const int found = file_model.find_clip(*file.clip);
  if (found < 0) {
    std::vector<std::string> names;
    for (const Clip& c : file_model.clips) names.push_back(c.name);
    error(set, at(file, "/clip"),
          "no animation " + in_quotes(*file.clip) + " in " + file_label(file) + " (it has " +
              name_list(names) + ")");
    return std::nullopt;
  }
  return std::vector<int>{found};
}

// Reports the binding of the file as a whole: over every keyed joint of the clips it gives.
bool check_binding(const AnimationFile& file, const std::vector<std::string>& bound,
                   const std::vector<std::string>& unbound, AnimationSet& set) {
  if (bound.empty() && unbound.empty()) {
    error(set, file.pointer, file_label(file) + ": its animations move no joint");
    return false;
  }
  if (bound.empty()) {
    error(set, file.pointer,
          file_label(file) + ": no animated joint matches a joint of the model (unbound: " +
              name_list(unbound) + ")");
    return false;
  }
  if (bound.size() < unbound.size()) {
    report(set, Diagnostic::Severity::kWarning, file.pointer,
           file_label(file) + ": binds " + std::to_string(bound.size()) + " of " +
               std::to_string(bound.size() + unbound.size()) +
               " animated joints (unbound: " + name_list(unbound) + ")");
  }
  return true;
}

void add_unique(std::vector<std::string>& into, const std::vector<std::string>& names) {
  for (const std::string& n : names) {
    if (std::find(into.begin(), into.end(), n) == into.end()) into.push_back(n);
  }
}

bool name_taken(const Model& model, const AnimationSet& set, const std::string& name) {
  if (model.find_clip(name) >= 0) return true;
  return std::any_of(set.clips.begin(), set.clips.end(),
                     [&](const Clip& c) { return c.name == name; });
}

}  // namespace

bool AnimationSet::has_errors() const {
  return std::any_of(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& d) {
    return d.severity == Diagnostic::Severity::kError;
  });
}

std::string default_clip_name(const std::string& path, const std::string& animation,
                              std::size_t animations_in_file) {
  const std::string stem = std::filesystem::path(path).stem().string();
  if (animations_in_file > 1) return stem + "/" + animation;
  const std::size_t at = stem.rfind('@');
  if (at != std::string::npos && at + 1 < stem.size()) return stem.substr(at + 1);
  return stem;
}

bool operator==(const AnimationFile& a, const AnimationFile& b) {
  return a.path == b.path && a.pointer == b.pointer && a.clip == b.clip && a.alias == b.alias &&
         a.joint_map == b.joint_map;
}

std::vector<std::string> find_companion_clip_files(const std::string& model_path) {
  namespace fs = std::filesystem;
  const fs::path model(model_path);
  const std::string prefix = model.stem().string() + "@";
  const std::string extension = lower_case(model.extension().string());
  std::vector<std::string> found;
  std::error_code ec;
  fs::path folder = model.parent_path();
  if (folder.empty()) folder = ".";
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    const std::string name = p.filename().string();
    if (name.compare(0, prefix.size(), prefix) != 0) continue;
    if (p.stem().string().size() <= prefix.size()) continue;  // "Hero@.fbx" names no clip.
    if (lower_case(p.extension().string()) != extension || !it->is_regular_file(ec)) continue;
    found.push_back(p.string());
  }
  std::sort(found.begin(), found.end());
  return found;
}

void add_animation_file(const Model& model, const AnimationFile& file, int entry,
                        const Model& file_model, AnimationSet& set) {
  const std::optional<std::vector<int>> picked = pick_clips(file, file_model, set);
  if (!picked) return;
  const bool alias_usable = file.alias && picked->size() == 1;
  if (file.alias && !alias_usable) {
    error(set, at(file, "/as"),
          in_quotes(*file.alias) + " can name one clip, but " + file_label(file) + " has " +
              std::to_string(picked->size()) + " (pick one with \"clip\")");
  }
  const JointBinding binding = bind_joints(file_model.skeleton, model.skeleton, file.joint_map);
  for (const auto& [from, to] : file.joint_map) {
    if (std::find(binding.unknown_targets.begin(), binding.unknown_targets.end(), to) !=
        binding.unknown_targets.end()) {
      error(set, at(file, "/joint_map/" + json_pointer_token(from)),
            file_label(file) + ": the model has no joint " + in_quotes(to));
    }
  }
  for (const std::string& missing : binding.unknown_sources) {
    report(set, Diagnostic::Severity::kWarning,
           at(file, "/joint_map/" + json_pointer_token(missing)),
           file_label(file) + " has no joint " + in_quotes(missing));
  }

  std::vector<BoundClip> bound_clips;
  std::vector<std::string> bound, unbound;
  for (int index : *picked) {
    const Clip& clip = file_model.clips[index];
    bound_clips.push_back(
        bind_clip(clip, file_model.skeleton, model.skeleton, binding.model_joint));
    add_unique(bound, bound_clips.back().bound);
    add_unique(unbound, bound_clips.back().unbound);
  }
  if (!check_binding(file, bound, unbound, set)) return;

  for (std::size_t i = 0; i < bound_clips.size(); ++i) {
    BoundClip& b = bound_clips[i];
    b.clip.name = alias_usable ? *file.alias
                               : default_clip_name(file.path, file_model.clips[(*picked)[i]].name,
                                                   file_model.clips.size());
    if (name_taken(model, set, b.clip.name)) {
      error(set, file.alias ? at(file, "/as") : file.pointer,
            file_label(file) + ": a clip named " + in_quotes(b.clip.name) + " exists already" +
                (file.alias ? "" : " (name this one with \"as\")"));
      continue;
    }
    ClipSource source;
    source.clip = static_cast<int>(set.clips.size());
    source.file = file.path;
    source.entry = entry;
    source.bound_joints = std::move(b.bound);
    source.unbound_joints = std::move(b.unbound);
    source.retargeted = b.retargeted;
    set.clips.push_back(std::move(b.clip));
    set.sources.push_back(std::move(source));
  }
}

Result<AnimationSet> load_animations(const Model& model, const std::vector<AnimationFile>& files,
                                     const ModelReader& read, const ProgressCallback& progress) {
  const std::size_t n = files.size();
  std::vector<std::optional<Result<Model>>> loaded(n);
  std::vector<float> fractions(n, 0.0f);
  std::mutex progress_mutex;
  std::atomic<bool> cancelled{false};
  std::atomic<std::size_t> next{0};

  auto worker = [&] {
    for (std::size_t i = next++; i < n && !cancelled; i = next++) {
      loaded[i] = read(files[i].path, [&, i](float fraction) {
        std::lock_guard<std::mutex> lock(progress_mutex);
        fractions[i] = fraction;
        float sum = 0.0f;
        for (float f : fractions) sum += f;
        if (progress && !progress(sum / static_cast<float>(n))) cancelled = true;
        return !cancelled;
      });
    }
  };
  const std::size_t threads =
      std::min<std::size_t>(n, std::max(1u, std::thread::hardware_concurrency()));
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  if (cancelled) return Error{Error::Code::kCancelled, "loading cancelled", ""};

  AnimationSet set;
  set.files.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t problems_before = set.diagnostics.size();
    const Result<Model>& file_model = *loaded[i];
    if (!file_model.ok()) {
      error(set, at(files[i], "/file"),
            "cannot load " + in_quotes(files[i].path) + ": " + file_model.error().message);
    } else {
      const std::size_t before = set.clips.size();
      add_animation_file(model, files[i], static_cast<int>(i), file_model.value(), set);
      set.files[i].read = true;
      set.files[i].has_mesh = !file_model.value().mesh.vertices.empty();
      set.files[i].clips = static_cast<int>(set.clips.size() - before);
    }
    for (std::size_t d = problems_before; d < set.diagnostics.size(); ++d) {
      set.files[i].diagnostics.push_back(static_cast<int>(d));
    }
  }
  return set;
}

void add_to_model(AnimationSet set, Model& model) {
  const int base = static_cast<int>(model.clips.size());
  for (Clip& clip : set.clips) model.clips.push_back(std::move(clip));
  for (ClipSource& source : set.sources) {
    source.clip += base;
    model.clip_sources.push_back(std::move(source));
  }
}

}  // namespace anim::import
