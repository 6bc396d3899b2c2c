#pragma once
// A tiny motion-capture take written at test time: two joints (Hips, Spine with an end site),
// three frames 0.5 s apart; the Spine turns about Z from 0 to `spine_degrees` at 1 s. assimp
// reads it as a skeleton, a bone mesh and one animation.
#include <fstream>
#include <string>

namespace anim::test_support {

inline std::string write_bvh_take(const std::string& path, float spine_degrees) {
  std::ofstream out(path);
  out << "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n"
         "  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
         "  JOINT Spine\n  {\n    OFFSET 0 1 0\n    CHANNELS 3 Zrotation Xrotation Yrotation\n"
         "    End Site\n    {\n      OFFSET 0 1 0\n    }\n  }\n}\n"
         "MOTION\nFrames: 3\nFrame Time: 0.5\n"
      << "0 1 0 0 0 0 0 0 0\n"
      << "0 1 0 0 0 0 " << spine_degrees / 2 << " 0 0\n"
      << "0 1 0 0 0 0 " << spine_degrees << " 0 0\n";
  return path;
}

}  // namespace anim::test_support
