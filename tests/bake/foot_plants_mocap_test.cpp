// find_foot_plants on a real motion-capture take (CMU 01_01, forward jumps: 2752 frames at
// 120 Hz) against what the header's rule gives when worked out here on the file's own numbers:
// the BVH text is read by this test, each foot placed by naive forward kinematics in double
// precision (offsets, position channels, rotations in the order the channels list them), and
// stances and their lowest-and-slowest frames found by a plain re-reading of the rule. Neither
// assimp, the importer nor the runtime's sampling is involved on this side.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/mat4x4.hpp>

#include "anim/bake/foot_plants.h"
#include "anim/import/import_model.h"

namespace anim::bake {
namespace {

const std::string kTake = ANIMSCOPE_ASSIMP_MODELS "/BVH/01_01.bvh";

struct BvhJoint {
  std::string name;
  int parent = -1;
  glm::dvec3 offset{0.0};
  std::vector<std::string> channels;
  int first_channel = 0;  // Into a frame's values.
};

struct BvhTake {
  std::vector<BvhJoint> joints;
  double frame_time = 0.0;
  std::vector<std::vector<double>> frames;

  int find(const std::string& name) const {
    for (std::size_t j = 0; j < joints.size(); ++j) {
      if (joints[j].name == name) return static_cast<int>(j);
    }
    return -1;
  }
};

// Reads the hierarchy and the motion of a BVH file, word by word. End sites are skipped: they
// carry no channels.
BvhTake read_bvh(const std::string& path) {
  std::ifstream file(path);
  BvhTake take;
  std::vector<int> open;  // Joints whose braces are open; -2 marks an end site.
  int channels = 0;
  std::string word;
  while (file >> word && word != "MOTION") {
    if (word == "ROOT" || word == "JOINT") {
      BvhJoint joint;
      file >> joint.name;
      for (auto it = open.rbegin(); it != open.rend(); ++it) {
        if (*it >= 0) {
          joint.parent = *it;
          break;
        }
      }
      take.joints.push_back(joint);
      open.push_back(static_cast<int>(take.joints.size()) - 1);
      file >> word;  // {
    } else if (word == "End") {
      file >> word >> word;  // Site {
      open.push_back(-2);
    } else if (word == "}") {
      open.pop_back();
    } else if (word == "OFFSET") {
      glm::dvec3 offset;
      file >> offset.x >> offset.y >> offset.z;
      if (open.back() >= 0) take.joints[static_cast<std::size_t>(open.back())].offset = offset;
    } else if (word == "CHANNELS") {
      int count = 0;
      file >> count;
      BvhJoint& joint = take.joints[static_cast<std::size_t>(open.back())];
      joint.first_channel = channels;
      joint.channels.resize(static_cast<std::size_t>(count));
      for (std::string& c : joint.channels) file >> c;
      channels += count;
    }
  }
  int frames = 0;
  file >> word >> frames;                   // Frames: N
  file >> word >> word >> take.frame_time;  // Frame Time: T
  take.frames.assign(static_cast<std::size_t>(frames),
                     std::vector<double>(static_cast<std::size_t>(channels)));
  for (std::vector<double>& frame : take.frames) {
    for (double& value : frame) file >> value;
  }
  return take;
}

// Model-space position of `joint` in one frame: each joint's matrix is its parent's times the
// translation (offset plus position channels) times the rotations, in channel order.
glm::dvec3 joint_position(const BvhTake& take, const std::vector<double>& frame, int joint) {
  std::vector<glm::dmat4> model(take.joints.size());
  for (std::size_t j = 0; j < take.joints.size(); ++j) {
    const BvhJoint& b = take.joints[j];
    glm::dvec3 translation = b.offset;
    glm::dmat4 rotation(1.0);
    for (std::size_t c = 0; c < b.channels.size(); ++c) {
      const double value = frame[static_cast<std::size_t>(b.first_channel) + c];
      const std::string& name = b.channels[c];
      const int axis = name[0] - 'X';
      if (name.find("position") != std::string::npos) {
        translation[axis] += value;
      } else {
        glm::dvec3 about(0.0);
        about[axis] = 1.0;
        rotation = glm::rotate(rotation, glm::radians(value), about);
      }
    }
    const glm::dmat4 local = glm::translate(glm::dmat4(1.0), translation) * rotation;
    model[j] = b.parent < 0 ? local : model[static_cast<std::size_t>(b.parent)] * local;
    if (static_cast<int>(j) == joint) break;  // Parents come first in the file.
  }
  return glm::dvec3(model[static_cast<std::size_t>(joint)][3]);
}

// The rule of foot_plants.h, read plainly: frame indices of the plants of one foot whose heights
// (+Y) and places over one loop of `n` frames are given. Speeds are taken relative to the ground.
std::vector<int> expected_plants(const std::vector<glm::dvec3>& p, double frame_time) {
  const int n = static_cast<int>(p.size());
  const FootPlantOptions rule;
  std::vector<double> height(p.size()), speed(p.size());
  std::vector<glm::dvec3> velocity(p.size());
  for (int i = 0; i < n; ++i) {
    height[i] = p[i].y;
    velocity[i] = (p[(i + 1) % n] - p[(i + n - 1) % n]) / (2.0 * frame_time);
  }
  const double lowest = *std::min_element(height.begin(), height.end());
  const double highest = *std::max_element(height.begin(), height.end());
  const double band = lowest + rule.height_fraction * (highest - lowest);
  // The ground moves at the median X and the median Z velocity of the frames in the low band.
  std::vector<double> xs, zs;
  for (int i = 0; i < n; ++i) {
    if (height[i] > band) continue;
    xs.push_back(velocity[i].x);
    zs.push_back(velocity[i].z);
  }
  const auto middle = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t half = v.size() / 2;
    return v.size() % 2 == 0 ? (v[half - 1] + v[half]) / 2.0 : v[half];
  };
  const glm::dvec3 ground(middle(xs), 0.0, middle(zs));
  for (int i = 0; i < n; ++i) speed[i] = glm::length(velocity[i] - ground);
  std::vector<double> sorted = speed;
  std::sort(sorted.begin(), sorted.end());
  const double peak = sorted[static_cast<std::size_t>(
      std::floor(static_cast<double>(rule.peak_percentile) * (n - 1)))];
  std::vector<bool> down(p.size());
  for (int i = 0; i < n; ++i) {
    down[i] = height[i] <= band && speed[i] <= rule.speed_fraction * peak;
  }
  // Stances as [first, last] frames, last >= first, unwrapped: the one across the end is
  // [first, last + n]. Found over two laps, keeping those that start in the first lap.
  std::vector<std::pair<int, int>> stances;
  for (int i = 0; i < n; ++i) {
    if (!down[i] || down[(i + n - 1) % n]) continue;
    int last = i;
    while (down[(last + 1) % n]) ++last;
    stances.push_back({i, last});
  }
  const int gap = static_cast<int>(std::lround(rule.merge_gap / frame_time));
  const int shortest = static_cast<int>(std::lround(rule.min_stance / frame_time));
  // Close gaps: each stance swallows the next while the frames between are fewer than `gap`.
  for (std::size_t s = 0; stances.size() > 1 && s < stances.size();) {
    const std::size_t next = (s + 1) % stances.size();
    const int next_first = stances[next].first + (next == 0 ? n : 0);
    if (next_first - stances[s].second - 1 < gap) {
      stances[s].second = stances[next].second + (next == 0 ? n : 0);
      stances.erase(stances.begin() + static_cast<std::ptrdiff_t>(next));
      if (next == 0) --s;
    } else {
      ++s;
    }
  }
  std::vector<int> plants;
  for (const auto& [first, last] : stances) {
    if (last - first + 1 < shortest) continue;
    std::vector<double> score;
    for (int k = first; k <= last; ++k) {
      score.push_back((height[k % n] - lowest) / (highest - lowest) + speed[k % n] / peak);
    }
    const double best = *std::min_element(score.begin(), score.end());
    std::vector<int> tied;
    for (int k = first; k <= last; ++k) {
      if (score[static_cast<std::size_t>(k - first)] <= best + kFootPlantTie) tied.push_back(k % n);
    }
    plants.push_back(tied[(tied.size() - 1) / 2]);
  }
  std::sort(plants.begin(), plants.end());
  return plants;
}

TEST(FootPlantsMocap, PlantsAreTheLowestAndSlowestFramesOfEachStance) {
  const BvhTake take = read_bvh(kTake);
  ASSERT_EQ(take.frames.size(), 2752u);
  Result<Model> model = import::import_model(kTake);
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  ASSERT_EQ(model.value().clips.size(), 1u);
  const Clip& clip = model.value().clips[0];
  // One loop is the clip's duration: the first frame to the last, which meets the first again.
  const int n = static_cast<int>(take.frames.size()) - 1;
  ASSERT_NEAR(clip.duration, n * take.frame_time, 1e-3);
  ASSERT_EQ(std::lround(clip.duration * foot_sample_rate(clip)), n) << "a sample per frame";

  for (const char* foot : {"LeftFoot", "RightFoot"}) {
    SCOPED_TRACE(foot);
    const int in_take = take.find(foot);
    const int in_model = model.value().skeleton.find(foot);
    ASSERT_GE(in_take, 0);
    ASSERT_GE(in_model, 0);
    std::vector<glm::dvec3> places;
    for (int f = 0; f < n; ++f) {
      places.push_back(joint_position(take, take.frames[static_cast<std::size_t>(f)], in_take));
    }
    const std::vector<int> expected = expected_plants(places, take.frame_time);
    Result<std::vector<FootPlant>> found = find_foot_plants(model.value(), 0, in_model);
    ASSERT_TRUE(found.ok()) << found.error().to_string();
    ASSERT_GE(expected.size(), 3u) << "the take has several jumps";
    ASSERT_EQ(found.value().size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
      const double at = expected[i] * take.frame_time;
      EXPECT_NEAR(found.value()[i].time, at, 2.0 * take.frame_time + 1e-4)
          << "plant " << i << " of " << expected.size();
    }
  }
}

}  // namespace
}  // namespace anim::bake
