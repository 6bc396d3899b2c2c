#pragma once
// --ground nx,ny,nz,d[@xmin,xmax,zmin,zmax] (repeatable): the planes feet IK entries stand on in
// play, pose and render (anim/ground_planes.h). Without it a feet entry finds no ground and does
// nothing, as in a game that gives the machine no ground.
#include <string>
#include <vector>

#include "anim/ground_planes.h"
#include "anim/result.h"

namespace CLI {
class App;
}

namespace anim::app {

// "NX,NY,NZ,D" (the plane dot(unit normal, p) = D, in model space) with an optional
// "@XMIN,XMAX,ZMIN,ZMAX" region; every number finite, the normal not zero and each min <= max.
// The Error's message names --ground and the value.
Result<GroundPlane> parse_ground_plane(const std::string& text);

// Adds --ground to `app`; each value is read by parse_ground_plane as the command line is read.
void add_ground_option(CLI::App& app, std::vector<GroundPlane>& planes);

}  // namespace anim::app
