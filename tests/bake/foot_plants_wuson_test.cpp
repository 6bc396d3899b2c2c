// find_foot_plants on clips keyed in place: assimp's Wuson, a four-legged creature whose walk and
// run tread on the spot (while a foot stands it slides back, at about 0.3 units a second in the
// walk and over 1 in the run). The feet's places come from this test's own reading of the .X
// text (frames, their rest matrices and the animation sets' keys, placed by naive forward
// kinematics in double precision), not from the importer or the runtime's sampling. Expected of
// each foot: one plant per stride, in a stretch where the foot is in the lowest quarter of its
// height range, at a moment it slides back with the treadmill; and each pair of feet (hind,
// fore) plants left and right in turn.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <glm/mat4x4.hpp>

#include "anim/bake/foot_plants.h"
#include "anim/import/import_model.h"

namespace anim::bake {
namespace {

const std::string kWuson = ANIMSCOPE_ASSIMP_MODELS "/X/Testwuson.X";
constexpr double kTicksPerSecond = 4800.0;  // The file's AnimTicksPerSecond.
constexpr double kKeyStep = 160.0;          // Ticks between keys: 30 Hz.

// The file's words, numbers and braces: ',' and ';' only separate them.
std::vector<std::string> read_tokens(const std::string& path) {
  std::ifstream file(path);
  std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  std::replace(text.begin(), text.end(), ',', ' ');
  std::replace(text.begin(), text.end(), ';', ' ');
  std::vector<std::string> tokens;
  std::size_t at = 0;
  while (true) {
    at = text.find_first_not_of(" \t\r\n", at);
    if (at == std::string::npos) break;
    const std::size_t end = text.find_first_of(" \t\r\n", at);
    tokens.push_back(text.substr(at, end - at));
    at = end;
  }
  return tokens;
}

struct XFrame {
  std::string name;
  int parent = -1;
  glm::dmat4 rest{1.0};  // Column-vector form (the file writes row vectors, row by row).
};

// One animated frame's keys, each kind with its own times (ticks).
struct XTrack {
  std::vector<double> rot_times, scale_times, pos_times;
  std::vector<glm::dquat> rot;
  std::vector<glm::dvec3> scale, pos;
};

struct XScene {
  std::vector<XFrame> frames;                                 // Parents first, as written.
  std::map<std::string, std::map<std::string, XTrack>> sets;  // Set -> frame name -> keys.
};

class XReader {
 public:
  explicit XReader(std::vector<std::string> tokens) : t_(std::move(tokens)) {}

  XScene read() {
    std::vector<int> open;  // Per open brace: a frame's index, or -1.
    std::string set;
    while (i_ < t_.size()) {
      const std::string& word = t_[i_++];
      if (word == "template") {
        while (t_[i_++] != "}") {
        }
      } else if (word == "Frame") {
        XFrame frame;
        frame.name = t_[i_++];
        for (auto it = open.rbegin(); it != open.rend(); ++it) {
          if (*it >= 0) {
            frame.parent = *it;
            break;
          }
        }
        skip_to_brace();
        scene_.frames.push_back(frame);
        open.push_back(static_cast<int>(scene_.frames.size()) - 1);
      } else if (word == "FrameTransformMatrix") {
        skip_to_brace();
        double m[16];
        for (double& v : m) v = number();
        ++i_;  // }
        // Row r of the file's matrix is column r of the column-vector form: glm's own order.
        scene_.frames[static_cast<std::size_t>(open.back())].rest = glm::make_mat4(m);
      } else if (word == "AnimationSet") {
        set = t_[i_++];
        skip_to_brace();
        open.push_back(-1);
      } else if (word == "Animation") {
        skip_to_brace();
        ++i_;  // The frame it animates, as a reference: { Name }
        track_ = &scene_.sets[set][t_[i_++]];
        ++i_;
        open.push_back(-1);
      } else if (word == "AnimationKey") {
        skip_to_brace();
        read_keys();
      } else if (word == "{") {
        open.push_back(-1);
      } else if (word == "}") {
        open.pop_back();
      }
    }
    return scene_;
  }

 private:
  void skip_to_brace() {
    while (t_[i_++] != "{") {
    }
  }
  double number() { return std::stod(t_[i_++]); }

  // type (0 rotation w x y z, 1 scale, 2 position), count, then per key: time, size, values.
  void read_keys() {
    const int type = static_cast<int>(number());
    const int count = static_cast<int>(number());
    for (int k = 0; k < count; ++k) {
      const double time = number();
      i_++;  // The value count, given by the type.
      if (type == 0) {
        const double w = number(), x = number(), y = number(), z = number();
        track_->rot_times.push_back(time);
        track_->rot.emplace_back(w, x, y, z);
      } else {
        glm::dvec3 v;
        v.x = number();
        v.y = number();
        v.z = number();
        (type == 1 ? track_->scale_times : track_->pos_times).push_back(time);
        (type == 1 ? track_->scale : track_->pos).push_back(v);
      }
    }
    ++i_;  // }
  }

  std::vector<std::string> t_;
  std::size_t i_ = 0;
  XScene scene_;
  XTrack* track_ = nullptr;
};

// Keys between which `tick` falls, and how far along: linear between them, held past the ends.
template <typename T, typename Mix>
T at_tick(const std::vector<double>& times, const std::vector<T>& values, double tick, Mix mix) {
  if (tick <= times.front()) return values.front();
  for (std::size_t k = 1; k < times.size(); ++k) {
    if (tick <= times[k]) {
      return mix(values[k - 1], values[k], (tick - times[k - 1]) / (times[k] - times[k - 1]));
    }
  }
  return values.back();
}

// Local matrix of an animated frame: translation * rotation * scale.
glm::dmat4 animated(const XTrack& track, double tick) {
  const auto lerp = [](const glm::dvec3& a, const glm::dvec3& b, double s) {
    return a + (b - a) * s;
  };
  const auto slerp = [](const glm::dquat& a, const glm::dquat& b, double s) {
    return glm::slerp(a, b, s);
  };
  const glm::dvec3 pos = at_tick(track.pos_times, track.pos, tick, lerp);
  const glm::dvec3 scale = at_tick(track.scale_times, track.scale, tick, lerp);
  // The file's quaternions rotate row vectors: as a column-vector rotation, the conjugate.
  const glm::dquat rot = glm::conjugate(at_tick(track.rot_times, track.rot, tick, slerp));
  return glm::translate(glm::dmat4(1.0), pos) * glm::mat4_cast(rot) *
         glm::scale(glm::dmat4(1.0), scale);
}

// Model-space places of frame `foot` at every key time in [0, the set's last key), in the file's
// axes: +Y up, the creature facing -Z (its fore feet lie at -Z of its hind feet).
std::vector<glm::dvec3> foot_places(const XScene& scene, const std::string& set, int foot) {
  const std::map<std::string, XTrack>& tracks = scene.sets.at(set);
  double last = 0.0;
  for (const auto& [name, track] : tracks) {
    last =
        std::max({last, track.rot_times.back(), track.scale_times.back(), track.pos_times.back()});
  }
  std::vector<glm::dvec3> places;
  for (double tick = 0.0; tick < last; tick += kKeyStep) {
    std::vector<glm::dmat4> model(scene.frames.size());
    for (std::size_t f = 0; f < scene.frames.size(); ++f) {
      const XFrame& frame = scene.frames[f];
      const auto track = tracks.find(frame.name);
      const glm::dmat4 local = track == tracks.end() ? frame.rest : animated(track->second, tick);
      model[f] = frame.parent < 0 ? local : model[static_cast<std::size_t>(frame.parent)] * local;
    }
    places.push_back(glm::dvec3(model[static_cast<std::size_t>(foot)][3]));
  }
  return places;
}

int frame_index(const XScene& scene, const std::string& name) {
  for (std::size_t f = 0; f < scene.frames.size(); ++f) {
    if (scene.frames[f].name == name) return static_cast<int>(f);
  }
  return -1;
}

// Key frames [first, last] (last may pass the loop's end) where the foot is in the lowest
// quarter of its range, as runs around the loop.
std::vector<std::pair<int, int>> low_runs(const std::vector<double>& h) {
  const int n = static_cast<int>(h.size());
  const double lowest = *std::min_element(h.begin(), h.end());
  const double highest = *std::max_element(h.begin(), h.end());
  const auto low = [&](int i) {
    return h[static_cast<std::size_t>(i % n)] <= lowest + 0.25 * (highest - lowest);
  };
  std::vector<std::pair<int, int>> runs;
  for (int i = 0; i < n; ++i) {
    if (!low(i) || low(i + n - 1)) continue;
    int last = i;
    while (low(last + 1)) ++last;
    runs.push_back({i, last});
  }
  return runs;
}

struct Wuson {
  XScene scene = XReader(read_tokens(kWuson)).read();
  Result<Model> model = import::import_model(kWuson);
};

const Wuson& wuson() {
  static const Wuson loaded;
  return loaded;
}

int clip_index(const Model& model, const std::string& name) {
  for (std::size_t c = 0; c < model.clips.size(); ++c) {
    if (model.clips[c].name == name) return static_cast<int>(c);
  }
  return -1;
}

TEST(FootPlantsWuson, TheTestsReadingOfTheFileGivesItsRestPoseFromTheBindKeys) {
  // Pins the reading's conventions (matrix order, the quaternions' sense) on the file itself:
  // the bind set's keys at tick 0 rebuild each frame's own rest matrix.
  const XScene& scene = wuson().scene;
  ASSERT_GT(scene.frames.size(), 30u);
  const std::map<std::string, XTrack>& bind = scene.sets.at("Wuson_Bind");
  int compared = 0;
  for (const XFrame& frame : scene.frames) {
    const auto track = bind.find(frame.name);
    if (track == bind.end()) continue;
    const glm::dmat4 keyed = animated(track->second, 0.0);
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 3; ++r) EXPECT_NEAR(keyed[c][r], frame.rest[c][r], 1e-3) << frame.name;
    }
    ++compared;
  }
  EXPECT_GT(compared, 30);
}

// The run of `runs` (key frames, n a loop) holding key frame position `frame` (fractional),
// with half a key of slack either side; -1 for none.
int run_holding(const std::vector<std::pair<int, int>>& runs, double frame, int n) {
  for (std::size_t r = 0; r < runs.size(); ++r) {
    for (const double f : {frame, frame + n}) {
      if (f >= runs[r].first - 0.5 && f <= runs[r].second + 0.5) return static_cast<int>(r);
    }
  }
  return -1;
}

// Whether the foot moves back (+Z) about key frame position `frame`: what the treadmill does to
// a foot that stands on it. Over the keys either side, around the loop.
bool sliding_back(const std::vector<glm::dvec3>& places, double frame) {
  const int n = static_cast<int>(places.size());
  const int before = (static_cast<int>(std::floor(frame)) - 1 + n) % n;
  const int after = (static_cast<int>(std::ceil(frame)) + 1) % n;
  return places[static_cast<std::size_t>(after)].z > places[static_cast<std::size_t>(before)].z;
}

struct Foot {
  const char* name;
  // Where the plant falls by this test's reading of the file: true, in the stretch where the
  // foot slides back with the treadmill; false, while it swings forward (see the walk's test).
  bool on_treadmill = true;
};

struct Placed {
  float time;
  int side;  // 0 left, 1 right.
};

// Each clip is one stride (each foot swings forward once in it): one plant per foot, in the
// lowest quarter of the foot's height range, one per low stretch, left and right in turn.
void check_pair(const std::string& clip, const Foot& left, const Foot& right) {
  SCOPED_TRACE(clip + ": " + left.name + ", " + right.name);
  const Wuson& w = wuson();
  ASSERT_TRUE(w.model.ok()) << w.model.error().to_string();
  const int c = clip_index(w.model.value(), clip);
  ASSERT_GE(c, 0);
  std::vector<Placed> both;
  for (int side = 0; side < 2; ++side) {
    const Foot& foot = side == 0 ? left : right;
    const std::vector<glm::dvec3> places =
        foot_places(w.scene, clip, frame_index(w.scene, foot.name));
    std::vector<double> heights;
    for (const glm::dvec3& p : places) heights.push_back(p.y);
    const int n = static_cast<int>(places.size());
    ASSERT_NEAR(w.model.value().clips[static_cast<std::size_t>(c)].duration,
                n * kKeyStep / kTicksPerSecond, 1e-3);
    const std::vector<std::pair<int, int>> runs = low_runs(heights);
    Result<std::vector<FootPlant>> plants =
        find_foot_plants(w.model.value(), c, w.model.value().skeleton.find(foot.name));
    ASSERT_TRUE(plants.ok()) << plants.error().to_string();
    EXPECT_EQ(plants.value().size(), 1u) << foot.name;
    std::vector<int> used(runs.size(), 0);
    for (const FootPlant& p : plants.value()) {
      const double frame = p.time * kTicksPerSecond / kKeyStep;
      const int r = run_holding(runs, frame, n);
      EXPECT_GE(r, 0) << foot.name << " planted at " << p.time << " s, off the ground";
      if (r >= 0) {
        EXPECT_EQ(++used[static_cast<std::size_t>(r)], 1) << foot.name << " at " << p.time;
      }
      EXPECT_EQ(sliding_back(places, frame), foot.on_treadmill) << foot.name << " at " << p.time;
      both.push_back({p.time, side});
    }
  }
  std::sort(both.begin(), both.end(),
            [](const Placed& a, const Placed& b) { return a.time < b.time; });
  for (std::size_t i = 0; i < both.size(); ++i) {
    EXPECT_NE(both[i].side, both[(i + 1) % both.size()].side)
        << "plants " << i << " and the next at " << both[i].time << " s: one foot twice";
  }
}

TEST(FootPlantsWuson, AWalkKeyedInPlacePlantsEachFootOncePerStrideInTurn) {
  check_pair("Wuson_Walk", {"HindLeg_L_04"}, {"HindLeg_R_04"});
  // The right fore foot is lowest in the middle of its swing forward (0.096 at key 92, against
  // 0.114 at best while it slides back): the low band holds only swing, so the ground's estimate
  // is the swing's velocity and the plant lands there. A limit of the rule (the header's note on
  // a foot low in its swing), kept here so that a change to it shows.
  check_pair("Wuson_Walk", {"ForeLeg_L_05"}, {"ForeLeg_R_05", false});
}

TEST(FootPlantsWuson, ARunKeyedInPlacePlantsEachFootOncePerStrideInTurn) {
  check_pair("Wuson_Run", {"HindLeg_L_04"}, {"HindLeg_R_04"});
  check_pair("Wuson_Run", {"ForeLeg_L_05"}, {"ForeLeg_R_05"});
}

}  // namespace
}  // namespace anim::bake
