// Norms: the kernels behind torch.norm / torch.linalg (_norm, _frobenius_norm,
// _linalg_vector_norm, used by torch/functional.py and torch/linalg).

#include "core/ops/ops.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"

namespace agv::python {

namespace {

bool flag(py::handle v, bool fallback, const char* fn, const char* arg)
{
    return given(v) ? requireBool(v, fn, arg) : fallback;
}

}  // namespace

void bindReductionsAndLosses(py::module_& m)
{
    defNative(m, "_norm", [](CallArgs& args) -> py::object {
        auto a = bind(args, "norm", {"input", "p", "dim", "keepdim"}, 3);
        return wrapTensor(ops::norm(requireTensor(a[0], "norm", "input", 1), requireScalar(a[1], "norm", "p"),
                                    intList(a[2], "norm", "dim"), flag(a[3], false, "norm", "keepdim")));
    });
    defNative(m, "_frobenius_norm", [](CallArgs& args) -> py::object {
        auto a = bind(args, "frobenius_norm", {"input", "dim", "keepdim"}, 2);
        return wrapTensor(ops::frobeniusNorm(requireTensor(a[0], "frobenius_norm", "input", 1),
                                             intList(a[1], "frobenius_norm", "dim"),
                                             flag(a[2], false, "frobenius_norm", "keepdim")));
    });
    defNative(m, "_linalg_vector_norm", [](CallArgs& args) -> py::object {
        auto a = bind(args, "linalg_vector_norm", {"input", "ord", "dim", "keepdim"}, 1);
        std::optional<IntList> dims;
        if (given(a[2]))
            dims = intList(a[2], "linalg_vector_norm", "dim");
        const Scalar ord = given(a[1]) ? requireScalar(a[1], "linalg_vector_norm", "ord") : Scalar(int64_t(2));
        return wrapTensor(ops::linalgVectorNorm(requireTensor(a[0], "linalg_vector_norm", "input", 1), ord, dims,
                                                flag(a[3], false, "linalg_vector_norm", "keepdim")));
    });
}

}  // namespace agv::python
