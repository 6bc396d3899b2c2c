#include "monkey/document_check.h"

#include <cmath>
#include <sstream>
#include <vector>

#include <glm/mat4x4.hpp>

#include "anim/setup/setup.h"

namespace anim::app::monkey {
namespace {

bool finite(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}
bool finite(const glm::quat& q) {
  return std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z) && std::isfinite(q.w);
}
bool finite(const glm::mat4& m) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      if (!std::isfinite(m[c][r])) return false;
    }
  }
  return true;
}

std::string describe(const std::vector<Diagnostic>& list) {
  std::string out;
  for (const Diagnostic& d : list) {
    out += std::string(d.severity == Diagnostic::Severity::kError ? "  error " : "  warning ") +
           d.pointer + ": " + d.message + "\n";
  }
  return out.empty() ? "  (none)\n" : out;
}

bool same(const std::vector<Diagnostic>& a, const std::vector<Diagnostic>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].severity != b[i].severity || a[i].pointer != b[i].pointer ||
        a[i].message != b[i].message) {
      return false;
    }
  }
  return true;
}

void check_setup(const ui::Document& doc, std::ostringstream& out) {
  const setup::Setup& setup = *doc.setup();
  const Model& model = doc.model();
  std::vector<std::string> clips;
  for (const Clip& c : model.clips) clips.push_back(c.name);
  const std::vector<Diagnostic> expected = validate_setup(setup, clips);
  if (!same(expected, doc.setup_problems())) {
    out << "the setup's problems are not the ones it has; listed:\n"
        << describe(doc.setup_problems()) << "validation finds:\n"
        << describe(expected);
  }
  bool errors = false;
  for (const Diagnostic& d : expected)
    errors = errors || d.severity == Diagnostic::Severity::kError;
  if (!errors) {
    const Result<StateMachineDef> compiled = compile_setup(setup, model.clips);
    if (!compiled.ok()) {
      out << "a setup without errors does not compile: " << compiled.error().to_string() << "\n";
    }
  }
  // What Save would write loads back as the same setup.
  const std::string text = to_json_text(setup);
  std::vector<Diagnostic> parse_problems;
  const Result<setup::Setup> reread = setup::parse_setup(text, "saved.json", &parse_problems);
  if (!reread.ok()) {
    out << "the setup as saved does not load: " << reread.error().to_string() << "\n"
        << describe(parse_problems) << text.substr(0, 2000) << "\n";
  } else if (to_json_text(reread.value()) != text) {
    out << "the setup as saved loads back different\n";
  }
}

}  // namespace

std::string check_document(const Tool& tool) {
  if (!tool.doc) return "no document is open\n";
  const ui::Document& doc = *tool.doc;
  const Model& model = doc.model();
  std::ostringstream out;
  const std::size_t joints = model.skeleton.joint_count();
  if (tool.selection.joint < -1 || tool.selection.joint >= static_cast<int>(joints)) {
    out << "the selected joint " << tool.selection.joint << " is not one of the " << joints
        << " joints\n";
  }
  const Span<const Transform> local = doc.local_pose();
  if (local.size() != joints)
    out << "the pose has " << local.size() << " joints of " << joints << "\n";
  for (std::size_t j = 0; j < local.size(); ++j) {
    if (!finite(local[j].translation) || !finite(local[j].rotation) || !finite(local[j].scale)) {
      out << "joint " << j << " (" << model.skeleton.names[j] << ") has a non-finite local pose\n";
      break;
    }
  }
  for (const glm::mat4& m : doc.posed().model_space) {
    if (!finite(m)) {
      out << "a model-space matrix is not finite\n";
      break;
    }
  }
  for (const glm::mat4& m : doc.posed().palette) {
    if (!finite(m)) {
      out << "a skinning matrix is not finite\n";
      break;
    }
  }
  const int clip = doc.current_clip();
  if (clip < -1 || clip >= static_cast<int>(model.clips.size())) {
    out << "the current clip " << clip << " is not one of " << model.clips.size() << "\n";
  }
  const float time = doc.time(), duration = doc.duration();
  if (!std::isfinite(time) || !std::isfinite(duration) || duration < 0.0f || time < -1e-4f ||
      time > duration * 1.0001f + 1e-4f) {
    out << "playback time " << time << " s is outside the clip's " << duration << " s\n";
  }
  if (!std::isfinite(doc.speed())) out << "playback speed " << doc.speed() << "\n";
  for (int c : doc.blend().space.clips) {
    if (c < 0 || c >= static_cast<int>(model.clips.size())) {
      out << "the 1D blend plays clip " << c << " of " << model.clips.size() << "\n";
    }
  }
  if (doc.has_setup()) check_setup(doc, out);
  return out.str();
}

}  // namespace anim::app::monkey
