#!/usr/bin/env python3
"""Writes fuzz_import's seeds (corpus/fuzz_import/): tiny model files written here by hand, none
taken from elsewhere. Each file is one byte choosing the format assimp is told (its index in
fuzz_import.cpp's kFormats), then the file's bytes.

    python3 tests/fuzz/make_import_seeds.py tests/fuzz/corpus/fuzz_import
"""
import base64
import json
import os
import struct
import sys

# Indices into kFormats (fuzz_import.cpp).
FORMATS = {"gltf": 0, "glb": 1, "fbx": 2, "dae": 3, "bvh": 4, "x": 5, "smd": 6, "md5mesh": 7,
           "ms3d": 8, "b3d": 9, "obj": 10, "ply": 11, "stl": 12, "3ds": 13, "ase": 14, "ac": 15,
           "off": 16, "md2": 17, "md3": 18, "mdl": 19, "lwo": 20, "irr": 21, "irrmesh": 22,
           "csm": 23}


def gltf_parts():
    """A skinned quad on two joints with a rotation (linear) and a translation (step) channel."""
    positions = [(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)]
    joints = [(0, 0, 0, 0), (0, 1, 0, 0), (1, 0, 0, 0), (1, 0, 0, 0)]
    weights = [(1, 0, 0, 0), (0.5, 0.5, 0, 0), (1, 0, 0, 0), (1, 0, 0, 0)]
    indices = [0, 1, 2, 2, 1, 3]
    identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    knee_inverse = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -0.5, 0, 1]  # Column-major.
    times = [0.0, 1.0]
    rotations = [(0, 0, 0, 1), (0, 0, 0.3826834, 0.9238795)]
    translations = [(0, 0, 0), (0, 0.25, 0)]
    buf = b""
    views = []

    def add(data, target=None):
        nonlocal buf
        while len(buf) % 4:
            buf += b"\0"
        view = {"buffer": 0, "byteOffset": len(buf), "byteLength": len(data)}
        if target:
            view["target"] = target
        views.append(view)
        buf += data
        return len(views) - 1

    v_pos = add(b"".join(struct.pack("<3f", *p) for p in positions), 34962)
    v_joint = add(b"".join(struct.pack("<4B", *j) for j in joints), 34962)
    v_weight = add(b"".join(struct.pack("<4f", *w) for w in weights), 34962)
    v_index = add(struct.pack("<6H", *indices), 34963)
    v_ibm = add(struct.pack("<16f", *identity) + struct.pack("<16f", *knee_inverse))
    v_time = add(struct.pack("<2f", *times))
    v_rot = add(b"".join(struct.pack("<4f", *r) for r in rotations))
    v_tr = add(b"".join(struct.pack("<3f", *t) for t in translations))
    accessors = [
        {"bufferView": v_pos, "componentType": 5126, "count": 4, "type": "VEC3",
         "min": [0, 0, 0], "max": [1, 1, 0]},
        {"bufferView": v_joint, "componentType": 5121, "count": 4, "type": "VEC4"},
        {"bufferView": v_weight, "componentType": 5126, "count": 4, "type": "VEC4"},
        {"bufferView": v_index, "componentType": 5123, "count": 6, "type": "SCALAR"},
        {"bufferView": v_ibm, "componentType": 5126, "count": 2, "type": "MAT4"},
        {"bufferView": v_time, "componentType": 5126, "count": 2, "type": "SCALAR",
         "min": [0], "max": [1]},
        {"bufferView": v_rot, "componentType": 5126, "count": 2, "type": "VEC4"},
        {"bufferView": v_tr, "componentType": 5126, "count": 2, "type": "VEC3"},
    ]
    doc = {
        "asset": {"version": "2.0", "generator": "animscope make_import_seeds.py"},
        "scene": 0,
        "scenes": [{"nodes": [0, 1]}],
        "nodes": [
            {"name": "Quad", "mesh": 0, "skin": 0},
            {"name": "hip", "children": [2]},
            {"name": "knee", "translation": [0, 0.5, 0]},
        ],
        "meshes": [{"name": "quad", "primitives": [{
            "attributes": {"POSITION": 0, "JOINTS_0": 1, "WEIGHTS_0": 2}, "indices": 3}]}],
        "skins": [{"joints": [1, 2], "inverseBindMatrices": 4, "skeleton": 1}],
        "animations": [{"name": "Bend", "channels": [
            {"sampler": 0, "target": {"node": 2, "path": "rotation"}},
            {"sampler": 1, "target": {"node": 1, "path": "translation"}}],
            "samplers": [
                {"input": 5, "output": 6, "interpolation": "LINEAR"},
                {"input": 5, "output": 7, "interpolation": "STEP"}]}],
        "accessors": accessors,
        "bufferViews": views,
        "buffers": [{"byteLength": len(buf)}],
    }
    return doc, buf


def gltf():
    doc, buf = gltf_parts()
    doc["buffers"][0]["uri"] = ("data:application/octet-stream;base64," +
                                base64.b64encode(buf).decode())
    return json.dumps(doc, separators=(",", ":")).encode()


def glb():
    doc, buf = gltf_parts()
    text = json.dumps(doc, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 4)
    buf += b"\0" * (-len(buf) % 4)
    body = (struct.pack("<II", len(text), 0x4E4F534A) + text +
            struct.pack("<II", len(buf), 0x004E4942) + buf)
    return struct.pack("<4sII", b"glTF", 2, 12 + len(body)) + body


BVH = b"""HIERARCHY
ROOT Hips
{
  OFFSET 0 0 0
  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
  JOINT Knee
  {
    OFFSET 0 -1 0
    CHANNELS 3 Zrotation Xrotation Yrotation
    End Site
    {
      OFFSET 0 -1 0
    }
  }
}
MOTION
Frames: 3
Frame Time: 0.0333333
0 1 0 0 0 0 0 0 0
0 1 0 10 0 0 20 0 0
0 1.1 0 20 0 0 40 0 0
"""

SMD = b"""version 1
nodes
0 "root" -1
1 "arm" 0
end
skeleton
time 0
0 0 0 0 0 0 0
1 0 0 1 0 0 0
time 1
0 0 0 0 0 0 0
1 0 0 1 0 0 0.5
end
triangles
skin
0 0 0 0 0 0 1 0 0 1 0 1.0
0 1 0 0 0 0 1 1 0 2 0 0.5 1 0.5
1 0 1 0 0 0 1 0 1 1 1 1.0
end
"""

OBJ = b"""# a quad
o Quad
v 0 0 0
v 1 0 0
v 1 1 0
v 0 1 0
vt 0 0
vt 1 0
vt 1 1
vt 0 1
vn 0 0 1
f 1/1/1 2/2/1 3/3/1 4/4/1
"""

PLY = b"""ply
format ascii 1.0
element vertex 3
property float x
property float y
property float z
element face 1
property list uchar int vertex_indices
end_header
0 0 0
1 0 0
0 1 0
3 0 1 2
"""

STL = b"""solid tri
facet normal 0 0 1
 outer loop
  vertex 0 0 0
  vertex 1 0 0
  vertex 0 1 0
 endloop
endfacet
endsolid tri
"""

OFF = b"""OFF
4 2 0
0 0 0
1 0 0
1 1 0
0 1 0
3 0 1 2
3 0 2 3
"""

SEEDS = {
    "skinned_quad.gltf": ("gltf", gltf),
    "skinned_quad.glb": ("glb", glb),
    "two_joints.bvh": ("bvh", lambda: BVH),
    "arm.smd": ("smd", lambda: SMD),
    "quad.obj": ("obj", lambda: OBJ),
    "triangle.ply": ("ply", lambda: PLY),
    "triangle.stl": ("stl", lambda: STL),
    "two_triangles.off": ("off", lambda: OFF),
}


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "corpus/fuzz_import"
    os.makedirs(out, exist_ok=True)
    for name, (fmt, make) in SEEDS.items():
        data = bytes([FORMATS[fmt]]) + make()
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
