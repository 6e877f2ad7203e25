#pragma once
// The boundary between the engine's errors and Python's: agv::Error becomes the
// Python exception PyTorch raises (RuntimeError, TypeError, torch.cuda.OutOfMemoryError,
// ...) carrying PyTorch's text, and engine warnings become warnings.warn calls.

#include <pybind11/pybind11.h>

#include "core/error.h"

namespace agv::python {

/// Registers the exception translator and the warning handler; creates
/// `OutOfMemoryError` on `m`.
void bindErrors(pybind11::module_& m);

/// The autograd facts of an engine error, kept on the Python exception object
/// (attributes `_agv_kind`, `_agv_failing_node`, `_agv_stale_tensor`) so that the
/// host's excepthook can record them in ErrorRaised.
struct ErrorFacts {
    ErrorKind kind = ErrorKind::Script;
    uint64_t failingNode = 0;
    uint64_t staleTensor = 0;
};
ErrorFacts errorFacts(pybind11::handle exception);

}  // namespace agv::python
