// The ops of core/ops/index_fill_copy.h as Tensor methods and torch.* functions where
// PyTorch 1.13 has them: index_fill(_) and index_copy(_). Arguments go through 1.13's
// argument parser, the overloads that take a dimension name included (no tensor of
// ours has names, so they raise what 1.13 raises for an unnamed tensor).

#include "core/ops/index_fill_copy.h"
#include "core/python/bindings.h"
#include "core/python/inplace_method.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"
#include "core/python/tensor_support.h"

namespace agv::python {

namespace {

/// index_fill's overloads in 1.13's order: (int, Tensor value), (name, Tensor value),
/// (int, Number value), (name, Number value).
bool byName(const ParsedArguments& a) { return a.overload() % 2 == 1; }
bool tensorValue(const ParsedArguments& a) { return a.overload() < 2; }

/// A dimension given by name: None is not a name, any other names no dim of ours.
[[noreturn]] void raiseDimname(const Tensor& self, const ParsedArguments& a)
{
    if (!a.has("dim") || a["dim"].is_none())
        raise(PyExc_RuntimeError, "Please look up dimensions by name, got: name = None.");
    raiseNameNotFound(self, a["dim"]);
}

void indexFillInto(Tensor& self, const ParsedArguments& a)
{
    if (byName(a))
        raiseDimname(self, a);
    if (tensorValue(a))
        ops::indexFillInplace(self, a.toInt("dim"), a.tensor("index"), a.tensor("value"));
    else
        ops::indexFillInplace(self, a.toInt("dim"), a.tensor("index"), a.scalar("value"));
}

void indexCopyInto(Tensor& self, const ParsedArguments& a)
{
    // index_copy_.dimname is a composite that refuses names before it looks at them.
    AGV_CHECK(a.overload() == 0, RuntimeError,
              "index_copy: You passed a dimname (string) to this op in place of a dimension index but it does not "
              "yet support this behavior. Please pass a dimension index to work around this.");
    ops::indexCopyInplace(self, a.toInt("dim"), a.tensor("index"), a.tensor("source"));
}

}  // namespace

void bindIndexFillCopy(py::module_& m)
{
    py::object cls = m.attr("_TensorBase");
    defParsedMethodAndFunction(
        m, cls,
        {"index_fill(int64_t dim, Tensor index, Tensor value)", "index_fill(Dimname dim, Tensor index, Tensor value)",
         "index_fill(int64_t dim, Tensor index, Scalar value)", "index_fill(Dimname dim, Tensor index, Scalar value)"},
        {"index_fill(Tensor input, int64_t dim, Tensor index, Tensor value)",
         "index_fill(Tensor input, Dimname dim, Tensor index, Tensor value)",
         "index_fill(Tensor input, int64_t dim, Tensor index, Scalar value)",
         "index_fill(Tensor input, Dimname dim, Tensor index, Scalar value)"},
        [](const Tensor& self, const ParsedArguments& a) -> py::object {
            if (byName(a))
                raiseDimname(self, a);
            if (tensorValue(a))
                return wrapTensor(ops::indexFill(self, a.toInt("dim"), a.tensor("index"), a.tensor("value")));
            return wrapTensor(ops::indexFill(self, a.toInt("dim"), a.tensor("index"), a.scalar("value")));
        });
    defParsedInplaceMethod(
        cls,
        {"index_fill_(int64_t dim, Tensor index, Tensor value)", "index_fill_(Dimname dim, Tensor index, Tensor value)",
         "index_fill_(int64_t dim, Tensor index, Scalar value)", "index_fill_(Dimname dim, Tensor index, Scalar value)"},
        indexFillInto);

    defParsedMethodAndFunction(
        m, cls,
        {"index_copy(int64_t dim, Tensor index, Tensor source)", "index_copy(Dimname dim, Tensor index, Tensor source)"},
        {"index_copy(Tensor input, int64_t dim, Tensor index, Tensor source, *, Tensor out=None)",
         "index_copy(Tensor input, Dimname dim, Tensor index, Tensor source)"},
        [](const Tensor& self, const ParsedArguments& a) -> py::object {
            AGV_CHECK(a.overload() == 0, RuntimeError,
                      "index_copy: You passed a dimname (string) to this op in place of a dimension index but it does "
                      "not yet support this behavior. Please pass a dimension index to work around this.");
            refuseOut(a, "index_copy");
            return wrapTensor(ops::indexCopy(self, a.toInt("dim"), a.tensor("index"), a.tensor("source")));
        });
    defParsedInplaceMethod(
        cls,
        {"index_copy_(int64_t dim, Tensor index, Tensor source)", "index_copy_(Dimname dim, Tensor index, Tensor source)"},
        indexCopyInto);
}

}  // namespace agv::python
