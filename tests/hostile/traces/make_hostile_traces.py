"""Writes the hostile trace files of issue 13 into a folder, to time the window opening
them (README, "Hostile traces"):

    python3 tests/hostile/traces/make_hostile_traces.py OUT_DIR
    /usr/bin/time -f '%e s, %M KB' build/app/autogradviz OUT_DIR/huge_shape.jsonl --export out.png

Each is a few events in the JSON-lines trace schema (README, "Trace schema"); what makes
them hostile is one field: 300,000 prints, a 100,000-dimension shape, a node with 96,000
inputs, a 1 MB label. tests/ui/tst_hostile_traces checks the same in memory."""

import json
import os
import sys


def tensor(step, tensor_id, label, shape, grad_fn=0, requires_grad=True):
    return {"step": step, "line": 1, "type": "TensorCreated", "tensor": tensor_id, "label": label,
            "shape": shape, "dtype": "torch.float32", "device": "cpu", "bytes": 4,
            "requires_grad": requires_grad, "is_leaf": grad_fn == 0, "grad_fn": grad_fn, "output_nr": 0,
            "version_counter": tensor_id, "view_of": 0, "version": 0, "preview": "[1.]"}


def node(step, node_id, name, edges, variable=0):
    return {"step": step, "line": 1, "type": "NodeCreated", "node": node_id, "name": name,
            "next_edges": [{"node": e, "input_nr": 0} for e in edges], "phase": "forward",
            "checkpoint_segment": 0, "variable": variable, "forward_trace": []}


def prints():
    yield {"step": 0, "line": 1, "type": "LineReached", "line_reached": 1}
    for i in range(300000):
        yield {"step": i + 1, "line": 1, "type": "Output", "stream": "stdout", "text": f"line {i}\n"}


def huge_shape():
    yield {"step": 0, "line": 1, "type": "LineReached", "line_reached": 1}
    yield tensor(1, 1, "x", [1] * 100000)


def fan_in():
    yield {"step": 0, "line": 1, "type": "LineReached", "line_reached": 1}
    yield tensor(1, 1, "x", [1])
    yield node(2, 2, "AccumulateGrad", [], variable=1)
    yield node(3, 3, "CatBackward0", [2] * 96000)
    yield tensor(4, 3, "y", [96000], grad_fn=3)


def long_label():
    yield {"step": 0, "line": 1, "type": "LineReached", "line_reached": 1}
    yield tensor(1, 1, "w" * 1000000, [2])


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    os.makedirs(out, exist_ok=True)
    for name, events in (("prints", prints), ("huge_shape", huge_shape), ("fan_in", fan_in),
                         ("long_label", long_label)):
        path = os.path.join(out, name + ".jsonl")
        with open(path, "w") as f:
            for event in events():
                f.write(json.dumps(event, separators=(",", ":")) + "\n")
        print(f"{path}: {os.path.getsize(path) / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
