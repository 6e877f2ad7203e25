// The ops of core/ops/shape_extra.h as torch.* functions and Tensor methods where PyTorch
// 1.13 has them: rot90, diag_embed (argument parser), torch.block_diag(*tensors), and the
// view Tensor.unfold (core/ops/unfold.h).

#include <string>

#include "core/ops/shape_extra.h"
#include "core/ops/unfold.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"
#include "core/python/tensor_support.h"

namespace agv::python {

void bindShapeExtra(py::module_& m)
{
    py::object cls = m.attr("_TensorBase");
    // Tensor.unfold has no torch.* function.
    cls.attr("unfold") = py::cpp_function(
        [](py::handle self, py::args args, py::kwargs kwargs) {
            static const ArgumentParser parser{"unfold(int64_t dimension, int64_t size, int64_t step)"};
            const CallArgs call{std::move(args), std::move(kwargs)};
            const ParsedArguments a = parser.parse(call);
            return wrapTensor(ops::unfold(*asTensor(self), a.toInt("dimension"), a.toInt("size"), a.toInt("step")));
        },
        py::name("unfold"), py::is_method(cls));
    defParsedMethodAndFunction(m, cls, {"rot90(int64_t k=1, IntArrayRef dims=[0,1])"},
                               {"rot90(Tensor input, int64_t k=1, IntArrayRef dims=[0,1])"},
                               [](const Tensor& self, const ParsedArguments& a) -> py::object {
                                   const int64_t k = a.has("k") ? a.toInt("k") : 1;
                                   const IntList dims = a.has("dims") ? a.intList("dims") : IntList{0, 1};
                                   return wrapTensor(ops::rot90(self, k, dims));
                               });
    defParsedMethodAndFunction(
        m, cls, {"diag_embed(int64_t offset=0, int64_t dim1=-2, int64_t dim2=-1)"},
        {"diag_embed(Tensor input, int64_t offset=0, int64_t dim1=-2, int64_t dim2=-1, *, Tensor out=None)"},
        [](const Tensor& self, const ParsedArguments& a) -> py::object {
            refuseOut(a, "diag_embed");
            return wrapTensor(ops::diagEmbed(self, a.has("offset") ? a.toInt("offset") : 0,
                                             a.has("dim1") ? a.toInt("dim1") : -2, a.has("dim2") ? a.toInt("dim2") : -1));
        });
    // torch/functional.py's block_diag(*tensors) hands the tuple to the native op, whose
    // parser names a non-tensor element.
    m.def("block_diag", [](py::args args) {
        TensorList tensors;
        for (size_t i = 0; i < args.size(); ++i) {
            std::optional<Tensor> t = asTensor(args[i]);
            if (!t)
                raise(PyExc_TypeError, "expected Tensor as element " + std::to_string(i) + " in argument 0, but got " +
                                           typeName(args[i]));
            tensors.push_back(*t);
        }
        return wrapTensor(ops::blockDiag(tensors));
    });
}

}  // namespace agv::python
