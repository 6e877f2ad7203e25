// torch.baddbmm / torch.addbmm (core/ops/linalg.cpp) as torch.* functions and Tensor
// methods.

#include "core/ops/batched_matmul.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"
#include "core/python/tensor_support.h"

namespace agv::python {

namespace {

/// (batch1, batch2, *, beta=1, alpha=1): beta and alpha only by keyword, as PyTorch's signature.
template <Tensor (*Op)(const Tensor&, const Tensor&, const Tensor&, Scalar, Scalar)>
py::object batchedMatmulImpl(const char* name, const Tensor& self, CallArgs& args, int pos)
{
    const size_t count = args.positional.size();
    if (count > 2)
        raise(PyExc_TypeError, std::string(name) + "() takes " + std::to_string(pos + 1) +
                                   " positional arguments but " + std::to_string(count + size_t(pos) - 1) +
                                   " were given");
    auto a = bind(args, name, {"batch1", "batch2", "beta", "alpha"}, 2);
    const Tensor batch1 = requireTensor(a[0], name, "batch1", pos);
    const Tensor batch2 = requireTensor(a[1], name, "batch2", pos + 1);
    const Scalar beta = given(a[2]) ? requireScalar(a[2], name, "beta") : Scalar(1);
    const Scalar alpha = given(a[3]) ? requireScalar(a[3], name, "alpha") : Scalar(1);
    return wrapTensor(Op(self, batch1, batch2, beta, alpha));
}

py::object baddbmmImpl(const Tensor& self, CallArgs& args, int pos)
{
    return batchedMatmulImpl<ops::baddbmm>("baddbmm", self, args, pos);
}

py::object addbmmImpl(const Tensor& self, CallArgs& args, int pos)
{
    return batchedMatmulImpl<ops::addbmm>("addbmm", self, args, pos);
}

}  // namespace

void bindLinalg(py::module_& m)
{
    py::object cls = m.attr("_TensorBase");
    defMethodAndFunctionNumbered(m, cls, "baddbmm", baddbmmImpl);
    defMethodAndFunctionNumbered(m, cls, "addbmm", addbmmImpl);
}

}  // namespace agv::python
