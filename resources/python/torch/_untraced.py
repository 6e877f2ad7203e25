"""untraced(): a block whose tensors stay out of the recording.

Our own Python bookkeeping (RNG states saved and restored, checkpoint holders, the draws
of a DataLoader's shuffle) is not part of the learner's graph. Graph events are muted
inside the block; memory is still accounted (see core/trace/sink.h).
"""

import contextlib

import _agv_torch as _C


@contextlib.contextmanager
def untraced():
    _C._trace_mute()
    try:
        yield
    finally:
        _C._trace_unmute()
