#pragma once
// NumPy beside torch, as PyTorch 1.13 has it (torch/csrc/utils/tensor_numpy.cpp):
// torch.from_numpy and Tensor.numpy() share memory with an ndarray, torch.tensor and
// torch.as_tensor read arrays and NumPy scalars, and NumPy's integer and floating scalars
// pass where Python numbers do. NumPy is Debian's, imported by the script
// (Note [NumPy from the machine]); until it is, nothing here looks for it.

#include <optional>

#include "core/python/py_values.h"
#include "core/tensor/tensor.h"

namespace agv::python::numpy {

/// True once the script has imported numpy: one flag, so the checks below cost nothing
/// in scripts that never do.
bool loaded();
/// Loads NumPy's C API and gives NumPy this program's allocator (Note [NumPy's arrays
/// never touch]): the host's finder calls it once numpy is imported.
void imported();
/// An ndarray (false before numpy is imported).
bool isArray(py::handle h);
/// 1.13's is_numpy_scalar: a NumPy integer or floating scalar (not np.bool_).
bool isScalar(py::handle h);
/// 1.13's is_numpy_int: a NumPy integer scalar.
bool isInteger(py::handle h);
/// Any NumPy scalar (np.bool_ included): the dtype torch.tensor infers for it; raises
/// 1.13's TypeError for the dtypes torch has not.
std::optional<ScalarType> scalarDtype(py::handle h);

/// torch.from_numpy: a tensor over the array's memory, which it keeps alive.
/// `warnIfNotWriteable` is false where a copy is made at once (torch.tensor).
Tensor toTensor(py::handle array, bool warnIfNotWriteable = true);
/// Tensor.numpy(force=): an ndarray over the tensor's memory; its base is a tensor.
py::object fromTensor(const Tensor& t, bool force);

}  // namespace agv::python::numpy
