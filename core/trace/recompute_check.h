#pragma once
// Note [Recompute that differs from forward]
// PyTorch's documentation says a checkpointed function that behaves differently when
// backward re-runs it "can't be detected": a global changed in between, dropout with
// preserve_rng_state=False, an input modified in place after a non-reentrant forward.
// The recording holds both runs, so it can: the tensors a segment's forward created
// are compared, in order, with those its recompute created (op, shape, dtype, value as
// PyTorch prints it), and the first difference is reported with its lines.

#include <optional>
#include <string>
#include <vector>

#include "core/trace/recording.h"

namespace agv::trace {

/// A tensor created while a segment ran (its forward, or its recompute).
struct SegmentTensor {
    size_t step = 0;
    int line = 0;
    Id tensor = 0;
    std::string op;  ///< the grad_fn that made it ("" without history, e.g. under no_grad)
    std::vector<int64_t> shape;
    std::string dtype;
    std::string preview;
};

struct RecomputeComparison {
    Id segment = 0;
    bool reentrant = true;
    bool preserveRngState = true;
    std::vector<SegmentTensor> forward;
    std::vector<SegmentTensor> recompute;
    size_t recomputeEndStep = 0;  ///< when the recompute finished (the comparison is known)
    /// Index into forward/recompute of the first tensor that differs (nullopt: same run).
    std::optional<size_t> firstDifference;
    std::string difference;  ///< "op", "shape", "dtype", "value" or "count"
};

/// Every checkpointed segment that was recomputed, compared with its forward.
std::vector<RecomputeComparison> compareRecomputes(const Recording& recording);

}  // namespace agv::trace
