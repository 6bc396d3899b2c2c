#pragma once
// A game's streamed frame (anim_link's kFrame) as the line `play --json` prints for a frame of its
// own: "t", "states" (name, weight, normalized_time), "transition" (from, to, progress), "layers"
// (name, weight, states, transition), "events" (name, state, layer, weight), with "parameters"
// (by name) when the machine has a vector3 one, and "root_motion" when the frame moved. What the
// link does not send is left out: a blend space's points, sync markers and groups, an event's clip
// and payload, a transition's blend and the carry-over of an inertialized switch. "t" is the
// game's clock (seconds since it opened the link), and "frame" the game's publish() count.
#include <nlohmann/json.hpp>

#include "anim/link/protocol.h"

namespace anim::app {

// `frame`, its indices read with `watching` (the kWatching in force when it came: the client
// checked them against it).
nlohmann::ordered_json link_frame_json(const link::Frame& frame, const link::Watching& watching);

// One line of text per frame, like `play`'s: "t=... Idle w=1.000 nt=0.250 | Idle -> Walk 0.500".
std::string link_frame_text(const link::Frame& frame, const link::Watching& watching);

}  // namespace anim::app
