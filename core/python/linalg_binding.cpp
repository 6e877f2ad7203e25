// torch.baddbmm / torch.addbmm (core/ops/linalg.cpp), torch.diagonal and torch.movedim
// (core/ops/einsum.cpp) as torch.* functions and Tensor methods; the kernel of torch.einsum
// (torch/functional.py parses its arguments, as PyTorch's does).

#include "core/ops/batched_matmul.h"
#include "core/ops/einsum.h"
#include "core/ops/ops.h"
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

py::object addmmImpl(const Tensor& self, CallArgs& args, int pos)
{
    const size_t count = args.positional.size();
    if (count > 2)
        raise(PyExc_TypeError, "addmm() takes " + std::to_string(pos + 1) + " positional arguments but " +
                                   std::to_string(count + size_t(pos) - 1) + " were given");
    auto a = bind(args, "addmm", {"mat1", "mat2", "beta", "alpha"}, 2);
    const Tensor mat1 = requireTensor(a[0], "addmm", "mat1", pos);
    const Tensor mat2 = requireTensor(a[1], "addmm", "mat2", pos + 1);
    const Scalar beta = given(a[2]) ? requireScalar(a[2], "addmm", "beta") : Scalar(1);
    const Scalar alpha = given(a[3]) ? requireScalar(a[3], "addmm", "alpha") : Scalar(1);
    return wrapTensor(ops::addmm(self, mat1, mat2, beta, alpha));
}

py::object diagonalImpl(const Tensor& self, CallArgs& args, int pos)
{
    auto a = bind(args, "diagonal", {"offset", "dim1", "dim2"}, 0);
    auto intOr = [&](size_t i, const char* name, int64_t fallback) {
        if (!given(a[i]))
            return fallback;
        if (PyFloat_Check(a[i].ptr()))
            raise(PyExc_TypeError, std::string("diagonal(): argument '") + name + "' (position " +
                                       std::to_string(pos + int(i)) + ") must be int, not float");
        return requireInt(a[i], "diagonal", name);
    };
    return wrapTensor(ops::diagonal(self, intOr(0, "offset", 0), intOr(1, "dim1", 0), intOr(2, "dim2", 1)));
}

py::object movedimImpl(const Tensor& self, CallArgs& args, int)
{
    auto a = bind(args, "movedim", {"source", "destination"}, 2);
    return wrapTensor(ops::movedim(self, intList(a[0], "movedim", "source"), intList(a[1], "movedim", "destination")));
}

/// _VF.einsum(equation, tensors): the operands as a list or tuple of tensors.
py::object einsumKernel(CallArgs& args)
{
    auto a = bind(args, "einsum", {"equation", "tensors"}, 2);
    if (!PyUnicode_Check(a[0].ptr()))
        raise(PyExc_TypeError, "einsum(): argument 'equation' (position 1) must be str, not " + typeName(a[0]));
    if (!PyTuple_Check(a[1].ptr()) && !PyList_Check(a[1].ptr()))
        raise(PyExc_TypeError, "einsum(): argument 'tensors' (position 2) must be tuple of Tensors, not " +
                                   typeName(a[1]));
    TensorList operands;
    size_t i = 0;
    for (py::handle item : a[1]) {
        auto t = asTensor(item);
        if (!t)
            raise(PyExc_TypeError, "expected Tensor as element " + std::to_string(i) + " in argument 1, but got " +
                                       typeName(item));
        operands.push_back(*t);
        ++i;
    }
    return wrapTensor(ops::einsum(a[0].cast<std::string>(), operands));
}

}  // namespace

void bindLinalg(py::module_& m)
{
    py::object cls = m.attr("_TensorBase");
    defMethodAndFunctionNumbered(m, cls, "baddbmm", baddbmmImpl);
    defMethodAndFunctionNumbered(m, cls, "addbmm", addbmmImpl);
    defMethodAndFunctionNumbered(m, cls, "addmm", addmmImpl);
    defMethodAndFunctionNumbered(m, cls, "diagonal", diagonalImpl);
    defMethodAndFunctionNumbered(m, cls, "movedim", movedimImpl);
    m.attr("moveaxis") = m.attr("movedim");
    cls.attr("moveaxis") = cls.attr("movedim");
    defNative(m, "einsum", einsumKernel);
}

}  // namespace agv::python
