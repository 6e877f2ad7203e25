#pragma once
// The parts of the `_agv_torch` extension module, one binding file each (see
// torch_module.cpp for the order they are installed in).

#include <pybind11/pybind11.h>

namespace agv::python {

void bindErrors(pybind11::module_& m);       // errors.cpp
void bindTypes(pybind11::module_& m);        // types_binding.cpp: dtype, device, finfo-like facts
void bindTensor(pybind11::module_& m);       // tensor_binding.cpp: torch.Tensor
void bindNodes(pybind11::module_& m);        // node_binding.cpp: grad_fn objects
void bindGenerator(pybind11::module_& m);    // generator_binding.cpp: torch.Generator, seeds, RNG state
void bindFunctions(pybind11::module_& m);    // functions_binding.cpp: torch.* functions
void bindNnFunctional(pybind11::module_& m); // nn_functional_binding.cpp: torch._C._nn kernels
void bindConvolution(pybind11::module_& m);  // conv_binding.cpp: torch.convolution, _select_conv_backend
void bindAutograd(pybind11::module_& m);     // autograd_binding.cpp: backward, grad, modes
void bindSavedTensorHooks(pybind11::module_& m);  // saved_tensor_binding.cpp: saved-tensor hooks
void bindDispatchModes(pybind11::module_& m);     // dispatch_mode_binding.cpp: op interceptors (selective checkpointing)
void bindFunction(pybind11::module_& m);     // function_binding.cpp: torch.autograd.Function
void bindHostHooks(pybind11::module_& m);    // host_hooks.cpp: labels, module calls, output
void bindReductionsAndLosses(pybind11::module_& m);  // reductions_losses_binding.cpp: norms, sort, all/any, losses
void bindOrderStatistics(pybind11::module_& m);  // order_statistics_binding.cpp: kthvalue, median, mode, cummax, cummin
void bindRnnCells(pybind11::module_& m);     // rnn_binding.cpp: torch.lstm_cell, gru_cell, rnn_*_cell
void bindGatherScatter(pybind11::module_& m);  // gather_scatter_binding.cpp: gather, scatter, index_select, masked_select
void bindLinalg(pybind11::module_& m);         // linalg_binding.cpp: baddbmm, addbmm, diagonal, movedim, einsum
void bindBitwise(pybind11::module_& m);        // bitwise_binding.cpp: bitwise_and/or/xor/not, shifts, & | ^ ~ << >>
void bindElementwise(pybind11::module_& m);    // elementwise_binding.cpp: floor, round, sign, fmod, logical_*, argmin, nonzero, addcmul
void bindUnary(pybind11::module_& m);          // unary_binding.cpp: tan, asin, ..., arcsin aliases; in-place unary methods
void bindMath(pybind11::module_& m);           // math_binding.cpp: erf, ..., maximum, atan2, lerp, logsumexp, prod; silu, elu, softplus
void bindCuda(pybind11::module_& m);           // cuda_binding.cpp: torch.cuda's availability, device, memory statistics, memory roles
void bindPointwiseExtra(pybind11::module_& m);  // pointwise_extra_binding.cpp: rsub, nan_to_num, clamp_max, logaddexp, hypot, logit, ...
void bindLinalgExtra(pybind11::module_& m);     // linalg_extra_binding.cpp: vdot, addmv, addr, dist, cross, linalg.cross
void bindShapeExtra(pybind11::module_& m);      // shape_extra_binding.cpp: rot90, diag_embed, block_diag
void bindIndexFillCopy(pybind11::module_& m);   // index_fill_copy_binding.cpp: index_fill(_), index_copy(_)
void bindBinarySpecial(pybind11::module_& m);   // binary_special_binding.cpp: fmax, fmin, copysign, gcd, lcm, nextafter
void bindRandomSamplers(pybind11::module_& m);  // random_binding.cpp: exponential_, geometric_, cauchy_, log_normal_, random_, poisson
void bindNnExtra(pybind11::module_& m);         // nn_extra_binding.cpp: pixel_shuffle, pixel_unshuffle, soft/multi margin losses

}  // namespace agv::python
