#include "core/ops/cuda_random.h"

#include <cmath>

#include "core/ops/kernels.h"
#include "core/random/cuda_generator.h"

namespace agv::ops {

namespace {

/// The uniform draws of uniform_and_transform for T: two-wide doubles, four-wide floats.
template <typename T>
std::vector<CudaAcc<T>> uniformsFor(int64_t numel)
{
    if constexpr (std::is_same_v<T, double>)
        return random::cudaUniformsDouble(numel);
    else
        return random::cudaUniforms(numel);
}

}  // namespace

Tensor cudaNormal(const IntList& sizes, ScalarType dtype, Device device, double mean, double std)
{
    Tensor t = kernel::newTensor(sizes, dtype, device);
    AGV_DISPATCH_FLOATING_AND_HALF(dtype, "normal_kernel_cuda", [&] {
        using T = scalar_t;
        T* out = t.data<T>();
        if constexpr (std::is_same_v<T, double>) {
            const std::vector<double> r = random::cudaStandardNormalsDouble(t.numel());
            for (size_t i = 0; i < r.size(); ++i)
                out[i] = std::fma(r[i], std, mean);
        } else {
            const float m = float(mean), s = float(std);
            const std::vector<float> r = random::cudaStandardNormals(t.numel());
            for (size_t i = 0; i < r.size(); ++i)
                out[i] = T(std::fma(r[i], s, m));
        }
    });
    return t;
}

Tensor cudaUniform(const IntList& sizes, ScalarType dtype, Device device, double from, double to)
{
    Tensor t = kernel::newTensor(sizes, dtype, device);
    AGV_DISPATCH_FLOATING_AND_HALF(dtype, "uniform_kernel_cuda", [&] {
        using T = scalar_t;
        const T lo = T(from), hi = T(to);
        const CudaAcc<T> range = CudaAcc<T>(T(hi - lo));
        const CudaAcc<T> low = CudaAcc<T>(lo);
        const std::vector<CudaAcc<T>> r = uniformsFor<T>(t.numel());
        T* out = t.data<T>();
        for (size_t i = 0; i < r.size(); ++i)
            out[i] = T(std::fma(r[i] == CudaAcc<T>(1) ? CudaAcc<T>(0) : r[i], range, low));
    });
    return t;
}

Tensor cudaBernoulli(const IntList& sizes, ScalarType dtype, Device device, double p)
{
    Tensor t = kernel::newTensor(sizes, dtype, device);
    AGV_DISPATCH_ALL_AND_HALF(dtype, "bernoulli_scalar_cuda_", [&] {
        using T = scalar_t;
        const CudaAcc<T> threshold = CudaAcc<T>(p);
        const std::vector<CudaAcc<T>> r = uniformsFor<T>(t.numel());
        T* out = t.data<T>();
        for (size_t i = 0; i < r.size(); ++i)
            out[i] = T(r[i] < threshold ? 1 : 0);
    });
    return t;
}

Tensor cudaBernoulliTensor(const Tensor& probabilities, ScalarType dtype, Device device)
{
    // bernoulli_kernel casts p to double for a double result, to float for every other.
    const bool inDouble = dtype == ScalarType::Float64;
    const Tensor p =
        kernel::dense(kernel::convert(kernel::convert(probabilities, inDouble ? ScalarType::Float64 : ScalarType::Float32),
                                      ScalarType::Float64));
    const double* values = p.data<double>();
    const std::vector<uint8_t> mask =
        random::cudaBernoulliMask(std::vector<double>(values, values + p.numel()), inDouble);
    Tensor t = kernel::newTensor(probabilities.sizes(), dtype, device);
    AGV_DISPATCH_ALL_AND_HALF(dtype, "bernoulli_tensor_cuda_self_", [&] {
        using T = scalar_t;
        T* out = t.data<T>();
        for (size_t i = 0; i < mask.size(); ++i)
            out[i] = T(mask[i]);
    });
    return t;
}

}  // namespace agv::ops
