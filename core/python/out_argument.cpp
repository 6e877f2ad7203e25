#include "core/python/out_argument.h"

#include <set>

#include "core/autograd/grad_mode.h"
#include "core/ops/mem_overlap.h"
#include "core/ops/ops.h"
#include "core/ops/resize.h"
#include "core/ops/type_promotion.h"

// Note [out= arguments]
// torch.mul(a, b, out=t) in 1.13 runs mul's out= kernel: TensorIterator computes in the
// result type of a and b and casts each value as it stores it into t, which it first
// resizes (with a warning when t had elements) and checks (the result type must cast to
// t's dtype; t may not partly overlap an input); under grad mode, an argument that
// requires grad makes the call an error (out= variants are not differentiable). The call
// returns t itself, its version bumped once.
// Here the function computes its result as without out=, then that result is written
// into t through copy_: the same values, since a cast on store equals a cast after. The
// reductions 1.13 computes in t's dtype (sum, nansum, prod, cumsum, cumprod) are called
// with dtype= t's dtype; the unary ops that keep their input's dtype refuse another.
// amax and amin require the input's dtype. What differs: other out= kernels whose own
// checks go beyond these (mean's "could not infer output dtype") give the cast check's
// error or succeed here, and an out= tensor that must grow while other views
// share its memory gets memory of its own (1.13 grows the shared storage).

namespace agv::python {

namespace {

/// Every tensor among the arguments, those in lists and tuples included.
void collectTensors(py::handle h, std::vector<Tensor>& out)
{
    if (std::optional<Tensor> t = asTensor(h)) {
        out.push_back(*t);
        return;
    }
    if (PyList_Check(h.ptr()) || PyTuple_Check(h.ptr()))
        for (py::handle item : h)
            collectTensors(item, out);
}

/// The unary ops whose out= kernels keep their input's dtype (check_same_dtype in 1.13's
/// TensorIterator set-up) rather than casting to the out tensor's.
bool keepsDtype(const std::string& name)
{
    static const std::set<std::string> names = {"neg",  "negative", "abs",  "absolute", "floor", "ceil", "round",
                                                "trunc", "fix",     "sign", "sgn",      "square", "frac"};
    return names.count(name) > 0;
}

/// The reductions whose out= tensor's dtype is the dtype they compute in when none is
/// given (get_dtype_from_result): torch.sum(floats, 0, out=long_tensor) sums truncated values.
bool computesInOutDtype(const std::string& name)
{
    static const std::set<std::string> names = {"sum", "nansum", "prod", "cumsum", "cumprod"};
    return names.count(name) > 0;
}

/// The reductions whose out= kernels require the input's dtype (amax's meta function).
bool requiresInputDtype(const std::string& name) { return name == "amax" || name == "amin"; }

void writeInto(const std::string& name, const Tensor& out, py::handle resultObject)
{
    std::optional<Tensor> result = asTensor(resultObject);
    if (!result)
        raise(PyExc_TypeError, name + "(): out= is not supported for a result of type " + typeName(resultObject));
    if (keepsDtype(name) && result->dtype() != out.dtype())
        raise(PyExc_RuntimeError, std::string("Found dtype ") + legacyDtypeShortName(out.dtype()) +
                                      " but expected " + legacyDtypeShortName(result->dtype()));
    if (!ops::canCast(result->dtype(), out.dtype()))
        raise(PyExc_RuntimeError, std::string("result type ") + legacyDtypeShortName(result->dtype()) +
                                      " can't be cast to the desired output type " +
                                      legacyDtypeShortName(out.dtype()));
    ops::resizeOutput(out, result->sizes());
    Tensor destination = out;
    ops::copyInplace(destination, *result);
}

}  // namespace

bool passesOut(const py::kwargs& kwargs) { return kwargs && kwargs.contains("out"); }

py::object callWithOut(const std::string& name, const py::args& args, const py::kwargs& kwargs, py::handle compute)
{
    return callWithOut(name, args, kwargs, [compute](const py::args& a, const py::kwargs& k) {
        return compute(*a, **k);
    });
}

py::object callWithOut(const std::string& name, const py::args& args, const py::kwargs& kwargs,
                       const OutCompute& compute)
{
    py::object out = kwargs["out"];
    py::kwargs rest;
    for (auto [key, value] : kwargs)
        if (py::str(key).cast<std::string>() != "out")
            rest[key] = value;
    if (out.is_none())
        return compute(args, rest);
    if (computesInOutDtype(name) && !rest.contains("dtype") && isTensor(out))
        rest["dtype"] = out.attr("dtype");
    std::vector<Tensor> inputs, outputs;
    collectTensors(args, inputs);
    for (auto [key, value] : rest)
        collectTensors(value, inputs);
    collectTensors(out, outputs);
    if (GradMode::isEnabled()) {
        bool anyRequiresGrad = false;
        for (const std::vector<Tensor>* list : {&inputs, &outputs})
            for (const Tensor& t : *list)
                anyRequiresGrad = anyRequiresGrad || t.requiresGrad();
        if (anyRequiresGrad)
            raise(PyExc_RuntimeError, name + "(): functions with out=... arguments don't support automatic "
                                             "differentiation, but one of the arguments requires grad.");
    }
    if (requiresInputDtype(name) && !inputs.empty() && outputs.size() == 1 && inputs[0].dtype() != outputs[0].dtype())
        raise(PyExc_RuntimeError, std::string("Expected the dtype for input and out to match, but got ") +
                                      legacyDtypeShortName(inputs[0].dtype()) + " for input's dtype and " +
                                      legacyDtypeShortName(outputs[0].dtype()) + " for out's dtype.");
    for (const Tensor& written : outputs)
        for (const Tensor& input : inputs)
            ops::checkNoPartialOverlap(written, input);
    py::object result = compute(args, rest);
    if (!PyTuple_Check(out.ptr()) && !PyList_Check(out.ptr())) {
        if (isTensor(out)) {
            writeInto(name, *asTensor(out), result);
            return out;
        }
        // A number passed the parser's Tensor check (add, sub, mul, div take numbers as
        // tensors): 1.13 writes into it as a 0-d tensor, whose dtype the cast check names.
        const Tensor wrapped = ops::scalarTensor(toScalar(out));
        writeInto(name, wrapped, result);
        return wrapTensor(wrapped);
    }
    const size_t n = py::len(out);
    if (!PyTuple_Check(result.ptr()) || py::len(result) != n)
        raise(PyExc_TypeError, name + "(): out= takes " + std::to_string(py::len(result)) + " tensors");
    py::tuple fields(n);
    for (size_t i = 0; i < n; ++i) {
        const Tensor t = requireTensor(out[py::int_(i)], name, "out", int(i) + 1);
        writeInto(name, t, result[py::int_(i)]);
        fields[i] = out[py::int_(i)];
    }
    py::handle type = py::type::handle_of(result);
    if (type.attr("__module__").cast<std::string>() == "torch.return_types")
        return py::module_::import("torch.return_types").attr((name + "_out").c_str())(fields);
    return fields;
}

}  // namespace agv::python
