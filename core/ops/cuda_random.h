#pragma once
// Fresh cuda tensors drawn as PyTorch's CUDA distribution kernels draw them, from the GPU's
// generator (Note [The CUDA generator]): the transforms of normal_kernel, uniform_kernel
// and bernoulli_kernel over the draws of core/random/cuda_generator.h, from the default
// GPU generator or the one a CudaDrawScope names.

#include <type_traits>

#include "core/tensor/tensor.h"

namespace agv::ops {

/// accscalar_t of PyTorch's CUDA kernels: double for double, float for every other dtype.
template <typename T>
using CudaAcc = std::conditional_t<std::is_same_v<T, double>, double, float>;

/// A contiguous cuda tensor of standard normals times std plus mean (one fma, as nvcc
/// compiles normal_kernel's transform).
Tensor cudaNormal(const IntList& sizes, ScalarType dtype, Device device, double mean, double std);
/// A contiguous cuda tensor uniform in [from, to): cuRAND's (0, 1] turned into [0, 1).
Tensor cudaUniform(const IntList& sizes, ScalarType dtype, Device device, double from, double to);
/// A contiguous cuda tensor of 1 with probability p, else 0 (bernoulli_ with a number p).
Tensor cudaBernoulli(const IntList& sizes, ScalarType dtype, Device device, double p);
/// A contiguous cuda tensor of `probabilities`' shape, each element 1 with the probability
/// it holds there (bernoulli_ with a tensor p, already expanded to the result's shape).
Tensor cudaBernoulliTensor(const Tensor& probabilities, ScalarType dtype, Device device);

}  // namespace agv::ops
