#pragma once
// The .animpack layout, shared by the loader (anim_core) and the packer (anim_bake).
//
// All numbers little-endian. The file is a PackageHeader, then `section_count` SectionEntry
// records, then the sections, each starting at a multiple of 16 bytes. Every section carries
// the CRC-32 (IEEE 802.3, as zlib computes it) of its bytes. Inside a section, values follow
// each other in the order the loader reads them (see package_load.cpp): u32 counts before
// their arrays, strings as a u32 length and the bytes, arrays padded to 4 bytes, and the
// compressed clips' track tables as their in-memory structs (sizes checked at compile time).
//
// A reader accepts any minor version of its major version (a newer minor only adds sections,
// which older readers skip) and refuses another major version.
#include <cstddef>
#include <cstdint>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "anim/blend_space_2d.h"
#include "anim/ik_def.h"
#include "anim/model.h"
#include "anim/sync_markers.h"

namespace anim::package {

constexpr char kMagic[8] = {'A', 'N', 'I', 'M', 'P', 'A', 'C', 'K'};
constexpr uint16_t kMajorVersion = 1;
// 1.1 added KEYS and INFO; 1.2 EVNT; 1.3 BS2D; 1.4 LAYR; 1.5 a KEYS clip's sample rate and the
// INFO up axis, each after what older readers read (they stop before it); 1.6 ROOT; 1.7 TBLD;
// 1.8 DEAD and SYNC; 1.9 GRUP; 1.10 VEC3 and IKEN; 1.11 CLPV; 1.12 IKPM.
constexpr uint16_t kMinorVersion = 12;
constexpr uint32_t kSectionAlignment = 16;

struct Header {
  char magic[8];
  uint16_t major;
  uint16_t minor;
  uint32_t section_count;
  uint64_t file_size;
};
static_assert(sizeof(Header) == 24, "Header is stored as is");

struct SectionEntry {
  uint32_t kind;
  uint32_t crc;
  uint64_t offset;  // From the start of the file.
  uint64_t size;
};
static_assert(sizeof(SectionEntry) == 24, "SectionEntry is stored as is");

constexpr uint32_t fourcc(char a, char b, char c, char d) {
  return uint32_t(uint8_t(a)) | uint32_t(uint8_t(b)) << 8 | uint32_t(uint8_t(c)) << 16 |
         uint32_t(uint8_t(d)) << 24;
}
constexpr uint32_t kSkeleton = fourcc('S', 'K', 'E', 'L');  // Exactly one.
constexpr uint32_t kSkin = fourcc('S', 'K', 'I', 'N');      // At most one.
constexpr uint32_t kMesh = fourcc('M', 'E', 'S', 'H');      // At most one.
constexpr uint32_t kClip = fourcc('C', 'L', 'I', 'P');      // One per clip, in clip order.
constexpr uint32_t kMachine = fourcc('S', 'M', 'D', 'F');
// Since 1.11: a clip with segmented tracks (CompressedClip::segmented), in clip order among the
// CLIP sections (each clip is one or the other). A CLIP section's fields, then u32 frame count,
// u32 segment samples, u32 counts of segmented tracks (>= 1), segment ranges and segment starts,
// then those arrays as their in-memory structs (SegmentedTrack, SegmentRange, u32 first bit).
// An older reader skips it, so the clip is missing there: a state machine naming it is refused.
constexpr uint32_t kSegmentedClip = fourcc('C', 'L', 'P', 'V');  // At most one: the setup's runtime part.
// Since 1.1. Clips as float keys, one per clip, in clip order: what the isolated importer sends
// back (exact, for the tool); `pack` writes compressed CLIP sections instead. Since 1.5 a KEYS
// section ends with the clip's sample rate (f32, keys per second, 0 unknown).
constexpr uint32_t kKeyClip = fourcc('K', 'E', 'Y', 'S');
// Since 1.1, at most one: how the importer found the mesh (most influences, truncated vertices);
// since 1.5 followed by the file's up axis (i32 axis, -1 unknown, 0-2 X-Z; i32 sign, +1 or -1).
constexpr uint32_t kImportInfo = fourcc('I', 'N', 'F', 'O');
// Since 1.2, at most one, after the state machine: its clip events (StateMachineDef::events),
// a count and per event its name, clip index, time and payload.
constexpr uint32_t kEvents = fourcc('E', 'V', 'N', 'T');
// Since 1.3, at most one, after the state machine: its 2D blend spaces (states of motion kind 2
// name them). Each space's points and parameters only: the loader triangulates them again
// (prepare_blend_space_2d is deterministic), so no stored triangulation can disagree with its
// points. An older reader skips this section and refuses the kind-2 states, with an error.
constexpr uint32_t kBlendSpaces2D = fourcc('B', 'S', '2', 'D');
// Since 1.4, at most one, after the state machine (and its BS2D section, if any): the layers
// above the base machine (StateMachineDef::layers). Per layer its name, blend, weight, weight
// parameter, reference clip, mask (include then exclude joint names), then its states and
// transitions stored as the state machine's are, and its default state. An older reader skips
// it and plays the base machine alone.
constexpr uint32_t kLayers = fourcc('L', 'A', 'Y', 'R');
// Since 1.6, at most one, after the state machine and every clip: root motion. The joint it was
// extracted from (i32), the base states' flags (u32 count, which must be the base's state count,
// then a u8 each, 1: the state moves the character, 0: it keeps its motion in the pose; padded to
// 4 bytes), then one track per clip (u32 count, the clip count): its key count n, its pivot (3
// f32), then n times (f32, seconds from 0 up to the clip's duration, increasing), n translations
// (3 f32) and n rotations (4 f32: x, y, z, w; unit length). The CLIP sections hold the clips as
// they play in place. An older reader skips it: its characters play in place and do not move.
constexpr uint32_t kRootMotion = fourcc('R', 'O', 'O', 'T');
// Since 1.7, at most one, after the state machine and its layers, written only when a transition
// is not a crossfade: how each machine's transitions blend (TransitionDef::blend). A u32 machine
// count (1 + the layer count), then per machine (the base first, then each layer) a u32 count,
// which must be its transition count, and a u8 per transition (0 crossfade, 1 inertialize; since
// 1.8 2 dead blend), padded to 4 bytes. An older reader skips it and crossfades every transition.
constexpr uint32_t kTransitionBlends = fourcc('T', 'B', 'L', 'D');
// Since 1.8, at most one, after the transition blends, written when a transition dead-blends:
// each transition's half-life (TransitionDef::half_life), laid out as the blends are but with an
// f32 (> 0) per transition.
constexpr uint32_t kHalfLives = fourcc('D', 'E', 'A', 'D');
// Since 1.8, at most one, after the state machine, its layers and every clip, written when the
// machine has sync markers or syncs on them: the marker names (u32 count, then each a string),
// the markers (u32 count, then per marker i32 clip, i32 name index, f32 time in [0, the clip's
// duration]; sorted by clip, then time), the 1D blend spaces' sync (u32 count, which must be
// their count, a u8 each: 0 normalized, 1 markers; padded to 4 bytes), the 2D ones' likewise,
// then each transition's sync laid out as the transition blends are. An older reader skips it:
// its clips play in normalized time.
constexpr uint32_t kSync = fourcc('S', 'Y', 'N', 'C');
// Since 1.9, at most one, after the state machine and its layers, written when a state joins a
// sync group (StateDef::sync_group): the group names (u32 count, then each a non-empty string),
// then a u32 machine count (1 + the layer count) and per machine (the base first) a u32 count,
// which must be its state count, an i32 group per state (-1: none, else an index into the names)
// and a u8 role per state (0 auto, 1 leader, 2 follower; padded to 4 bytes). An older reader
// skips it: its states play in no group.
constexpr uint32_t kSyncGroups = fourcc('G', 'R', 'U', 'P');
// Since 1.10, at most one, directly after the state machine, written when a parameter is a
// vector3 (ParameterType::kVector3): the state machine stores such a parameter as a float (its
// record unchanged in layout, so an older reader sees a float nothing reads), and this section
// lists them: a u32 count, then per vector parameter its i32 index (rising) and its default (3
// f32). The reader refuses one that a 1D blend space or a condition of the base reads; the later
// sections check their own uses. An older reader skips it.
constexpr uint32_t kVectorParameters = fourcc('V', 'E', 'C', '3');
// Since 1.10, at most one, after the state machine and its layers, written when the top level or
// a layer has IK entries (StateMachineDef::ik, LayerDef::ik; ik_def.h): a u32 list count (1 + the
// layer count), then per list (the top level first, then each layer) a u32 entry count (at most
// kMaxIkEntries) and per entry: its name (a string of at most kMaxIkNameLength bytes), u32 type (0
// two-bone, 1 aim, 2 feet), the weight (f32 value in [0, 1], i32 float parameter or -1), the
// joints (u32 count, i16 each, padded to 4 bytes), the target and pole (each 3 f32 and an i32
// vector3 parameter or -1), f32 twist, f32 soften (in [0, 1]), the bend axis (3 f32), the shares
// (u32 count, f32 each), forward, up and offset (3 f32 each), the legs (u32 count, then hip, knee
// and ankle as i16 each, padded to 4 bytes), i32 pelvis, f32 foot height, f32 max pelvis drop
// (>= 0), f32 lift height (>= 0), the ground's up (3 f32). A two-bone entry has 3 joints (start, mid, end), an aim entry 1
// to kMaxIkChain joints and a share each (>= 0, summing to 1), a feet entry 1 to kMaxIkLegs legs
// and a pelvis, and none of them the others' lists; each joint an ancestor of the next, the pelvis
// of every hip (a two-bone or aim entry's pelvis is -1 or a joint). Shares sum to 1 within 1e-3.
// An older reader skips it and plays without IK.
constexpr uint32_t kIk = fourcc('I', 'K', 'E', 'N');
// Since 1.12, at most one, after IKEN, written when a feet entry has plant markers
// (IkEntryDef::plant_markers): a u32 list count (IKEN's), then per list a u32 entry count (that
// list's in IKEN) and per entry a u32 count (0, or the entry's leg count when it is a feet entry)
// and as many i16 marker indices (each -1 or below the SYNC section's marker name count), padded
// to 4 bytes. An older reader skips it and plants the feet by height alone.
constexpr uint32_t kIkPlantMarkers = fourcc('I', 'K', 'P', 'M');
constexpr std::size_t kMaxIkEntries = 64;
constexpr std::size_t kMaxIkNameLength = 256;

// A mesh's vertices are stored as the Vertex array itself (60 bytes each): position, normal,
// uv (8 floats), four u16 joints, four float weights, the truncated weight.
static_assert(sizeof(Vertex) == 60 && offsetof(Vertex, normal) == 12 &&
                  offsetof(Vertex, uv) == 24 && offsetof(Vertex, joints) == 32 &&
                  offsetof(Vertex, weights) == 40 && offsetof(Vertex, truncated_weight) == 56,
              "Vertex is stored as is");

// KEYS sections store their values as the arrays themselves: a vec3 as x y z, a quat as x y z w.
#ifdef GLM_FORCE_QUAT_DATA_WXYZ
#error "packages store quaternions as x y z w"
#endif
static_assert(sizeof(glm::vec3) == 12 && sizeof(glm::quat) == 16, "key values are stored as is");
// BS2D sections store a space's positions as the Point2 array itself: x y per point.
static_assert(sizeof(Point2) == 8 && offsetof(Point2, y) == 4, "Point2 is stored as is");
// SYNC sections store the markers as the SyncMarkerDef array itself: clip, name, time.
static_assert(sizeof(SyncMarkerDef) == 12 && offsetof(SyncMarkerDef, name) == 4 &&
                  offsetof(SyncMarkerDef, time) == 8,
              "SyncMarkerDef is stored as is");
// IKEN sections store a feet entry's legs as the IkLegDef array itself: hip, knee, ankle.
static_assert(sizeof(IkLegDef) == 6 && offsetof(IkLegDef, knee) == 2 &&
                  offsetof(IkLegDef, ankle) == 4,
              "IkLegDef is stored as is");

// CRC-32 of `size` bytes, continuing from `crc` (0 to start).
uint32_t crc32(const uint8_t* data, std::size_t size, uint32_t crc = 0);

}  // namespace anim::package
