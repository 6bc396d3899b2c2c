#!/usr/bin/env python3
"""Validates every *.json under a folder against the animscope.setup JSON Schema.

Usage: validate_projects.py SCHEMA FOLDER

Also checks that the schema itself is a valid draft 2020-12 schema and that it rejects a few
known-bad documents, so a schema that accepts everything cannot pass. Prints
"N passed, M failed" and exits non-zero when anything failed or no file was found.
"""

import copy
import json
import pathlib
import sys

from jsonschema import Draft202012Validator

# A small valid document; each entry of BROKEN spoils it in one way.
VALID = {
    "format": "animscope.setup",
    "version": 3,
    "model": "wuson.x",
    "animations": [{"file": "clips/Run.fbx", "clip": "mixamo.com", "as": "run",
                    "joint_map": {"mixamorig:Hips": "Hips"}, "root_motion": False}],
    "root_motion": {"joint": "Hips", "translation": "xz", "rotation": "yaw"},
    "parameters": [{"name": "speed", "type": "float", "default": 0, "min": 0, "max": 1}],
    "blend_spaces": [
        {
            "name": "move",
            "parameter": "speed",
            "points": [{"clip": "walk", "position": 0}, {"clip": "run", "position": 1}],
        }
    ],
    "states": [{"name": "Idle", "motion": "idle", "root_motion": False},
               {"name": "Move", "motion": "move"}],
    "default_state": "Idle",
    "transitions": [
        {
            "from": "Idle",
            "to": "Move",
            "conditions": [{"parameter": "speed", "op": ">", "value": 0.1}],
            "exit_time": None,
        }
    ],
    "events": [{"clip": "walk", "time": 0.4, "name": "footstep_l", "payload": "left"}],
    "layers": [
        {
            "name": "UpperBody",
            "blend": "override",
            "weight": 1,
            "weight_parameter": "speed",
            "mask": {"include": ["Spine"], "exclude": ["Head"]},
            "states": [{"name": "Wave", "motion": "wave"}],
            "default_state": "Wave",
            "transitions": [],
        }
    ],
    "editor": {},
    "unknown_top_level_field": [1, 2, 3],
}


def spoil(path, value=None, delete=False):
    """A copy of VALID with the field at `path` (keys and indices) replaced or removed."""
    doc = copy.deepcopy(VALID)
    target = doc
    for key in path[:-1]:
        target = target[key]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


BROKEN = {
    "missing format": spoil(["format"], delete=True),
    "missing states": spoil(["states"], delete=True),
    "wrong format": spoil(["format"], "animscope.scene"),
    "version 4": spoil(["version"], 4),
    "version 0": spoil(["version"], 0),
    "event without name": spoil(["events", 0, "name"], delete=True),
    "event at a negative time": spoil(["events", 0, "time"], -0.1),
    "event payload as a number": spoil(["events", 0, "payload"], 7),
    "event clip empty": spoil(["events", 0, "clip"], ""),
    "wrong op": spoil(["transitions", 0, "conditions", 0, "op"], "=>"),
    "comparison without value": spoil(["transitions", 0, "conditions", 0, "value"], delete=True),
    "unknown parameter type": spoil(["parameters", 0, "type"], "double"),
    "float default given as bool": spoil(["parameters", 0, "default"], True),
    "speed as string": spoil(["states", 0, "speed"], "fast"),
    "unknown interruption": spoil(["transitions", 0, "interruption"], "both"),
    "exit_time as string": spoil(["transitions", 0, "exit_time"], "end"),
    "editor as array": spoil(["editor"], []),
    "point without clip": spoil(["blend_spaces", 0, "points", 0, "clip"], delete=True),
    "number beyond float range": spoil(["transitions", 0, "duration"], 1e39),
    "animation without file": spoil(["animations", 0, "file"], delete=True),
    "animation file empty": spoil(["animations", 0, "file"], ""),
    "animation as a number": spoil(["animations", 0, "as"], 3),
    "joint_map to a number": spoil(["animations", 0, "joint_map", "mixamorig:Hips"], 1),
    "1D point at a pair": spoil(["blend_spaces", 0, "points", 0, "position"], [0, 1]),
    "blend space without parameter": spoil(["blend_spaces", 0, "parameter"], delete=True),
    "2D space with one parameter": spoil(["blend_spaces", 0, "parameters"], ["speed"]),
    "2D space with both forms": spoil(["blend_spaces", 0, "parameters"], ["speed", "turn"]),
    "layer without states": spoil(["layers", 0, "states"], delete=True),
    "layer weight above 1": spoil(["layers", 0, "weight"], 1.5),
    "unknown layer blend": spoil(["layers", 0, "blend"], "multiply"),
    "mask joint as a number": spoil(["layers", 0, "mask", "include", 0], 3),
    "layer without name": spoil(["layers", 0, "name"], delete=True),
    "root motion on an unknown axis": spoil(["root_motion", "translation"], "q"),
    "root motion on an axis twice": spoil(["root_motion", "translation"], "xzx"),
    "root motion axes as a number": spoil(["root_motion", "translation"], 2),
    "root motion turning by roll": spoil(["root_motion", "rotation"], "roll"),
    "root motion as true": spoil(["root_motion"], True),
    "root motion joint empty": spoil(["root_motion", "joint"], ""),
    "state root motion as a string": spoil(["states", 0, "root_motion"], "no"),
    "animation root motion as a number": spoil(["animations", 0, "root_motion"], 0),
}

# A 2D space whose points are numbers, and one whose point has three coordinates.
BROKEN["2D point at a number"] = spoil(["blend_spaces", 0, "parameters"], ["speed", "turn"])
del BROKEN["2D point at a number"]["blend_spaces"][0]["parameter"]
BROKEN["2D point with three numbers"] = copy.deepcopy(BROKEN["2D point at a number"])
for point in BROKEN["2D point with three numbers"]["blend_spaces"][0]["points"]:
    point["position"] = [point["position"], 0, 0]


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    schema = json.loads(pathlib.Path(argv[1]).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)

    passed, failed = 0, 0

    def report(ok, name, problems=()):
        nonlocal passed, failed
        if ok:
            passed += 1
            return
        failed += 1
        print(f"FAIL {name}")
        for problem in problems:
            print(f"  {problem}")

    files = sorted(pathlib.Path(argv[2]).rglob("*.json"))
    if not files:
        print(f"no *.json files under {argv[2]}", file=sys.stderr)
        return 1
    for path in files:
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            report(False, str(path), [f"cannot read: {e}"])
            continue
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
        report(not errors, str(path),
               ["/" + "/".join(str(p) for p in e.absolute_path) + ": " + e.message
                for e in errors])

    report(validator.is_valid(VALID), "built-in valid document", ["rejected by the schema"])
    for name, doc in BROKEN.items():
        report(not validator.is_valid(doc), f"built-in invalid document: {name}",
               ["accepted by the schema"])

    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
