// The `_agv_torch` extension module: the engine as Python sees it. PyTorch's
// `torch._C`; our torch/__init__.py imports it under both names. Built into the
// host binary and registered in the interpreter's table of built-in modules.

#include <Python.h>

#include "core/python/bindings.h"
#include "core/python/builtin_methods.h"
#include "core/python/lazy_attributes.h"
#include "core/python/pytorch_signatures.h"
#include "core/python/torch_module.h"

namespace agv::python {

namespace py = pybind11;

void bindBinning(py::module_& m);  // binning_binding.cpp: histc, searchsorted, bucketize
void bindSlidingBlocks(py::module_& m);  // sliding_blocks_binding.cpp: _nn.im2col, _nn.col2im
void bindDistance(py::module_& m);  // distance_binding.cpp: cdist, pdist
void bindBilinear(py::module_& m);  // bilinear_binding.cpp: bilinear, _trilinear
void bindGridSample(py::module_& m);  // grid_sample_binding.cpp: affine_grid_generator, grid_sampler*
void bindRrelu(py::module_& m);  // rrelu_binding.cpp: rrelu, rrelu_
void bindEmbeddingBag(py::module_& m);  // embedding_bag_binding.cpp: _embedding_bag_values
void bindCtcLoss(py::module_& m);  // ctc_loss_binding.cpp: ctc_loss, _ctc_loss
void bindSpecialFunctionsExtra(py::module_& m);  // special_functions_extra_binding.cpp: torch._C._special
void bindSpecialFunctionsMore(py::module_& m);  // special_functions_more_binding.cpp: Bessel, polynomials, igamma
void bindLinalgLapack(py::module_& m);  // linalg_lapack_binding.cpp: det, slogdet, inverse, solve, cholesky

namespace {
void defineModule(py::module_& m)
{
    m.doc() = "autogradviz's engine, the torch._C of our torch package";
    bindErrors(m);
    bindTypes(m);
    bindTensor(m);
    bindNodes(m);
    bindGenerator(m);
    bindFunctions(m);
    bindNnFunctional(m);
    bindConvolution(m);
    bindReductionsAndLosses(m);
    bindOrderStatistics(m);
    bindRnnCells(m);
    bindGatherScatter(m);
    bindMath(m);
    bindElementwise(m);
    bindBitwise(m);
    bindUnary(m);
    bindPointwiseExtra(m);
    bindLinalgExtra(m);
    bindShapeExtra(m);
    bindRandomSamplers(m);
    bindNnExtra(m);
    bindIndexFillCopy(m);
    bindBinarySpecial(m);
    bindBinning(m);
    bindSlidingBlocks(m);
    bindDistance(m);
    bindBilinear(m);
    bindGridSample(m);
    bindRrelu(m);
    bindEmbeddingBag(m);
    bindCtcLoss(m);
    bindSpecialFunctionsExtra(m);
    bindSpecialFunctionsMore(m);  // after: adds to torch._C._special
    bindLinalgLapack(m);
    bindCuda(m);
    bindLinalg(m);
    bindAutograd(m);
    bindSavedTensorHooks(m);
    bindDispatchModes(m);
    bindFunction(m);
    bindHostHooks(m);
    bindLazyAttributes(m);
    checkEveryOtherCall(m, m.attr("_TensorBase"));
    exposeAsBuiltins(m, m.attr("_TensorBase"));  // last: see Note [Built-in methods like PyTorch's]
}

extern "C" PyObject* initAgvTorch()
{
    static py::module_::module_def definition;
    try {
        auto m = py::module_::create_extension_module("_agv_torch", nullptr, &definition);
        defineModule(m);
        return m.release().ptr();
    } catch (py::error_already_set& e) {
        e.restore();
    } catch (const std::exception& e) {
        PyErr_SetString(PyExc_ImportError, e.what());
    }
    return nullptr;
}
}  // namespace

void registerTorchModule() { PyImport_AppendInittab("_agv_torch", &initAgvTorch); }

}  // namespace agv::python
