#include "core/ops/cuda_random.h"

#include <cmath>

#include "core/ops/kernels.h"
#include "core/random/cuda_generator.h"

namespace agv::ops {

namespace {

/// accscalar_t of PyTorch's CUDA kernels: double for double, float otherwise.
template <typename T>
using Acc = std::conditional_t<std::is_same_v<T, double>, double, float>;

/// The uniform draws of uniform_and_transform for T: two-wide doubles, four-wide floats.
template <typename T>
std::vector<Acc<T>> uniformsFor(int64_t numel)
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
        const Acc<T> range = Acc<T>(T(hi - lo));
        const Acc<T> low = Acc<T>(lo);
        const std::vector<Acc<T>> r = uniformsFor<T>(t.numel());
        T* out = t.data<T>();
        for (size_t i = 0; i < r.size(); ++i)
            out[i] = T(std::fma(r[i] == Acc<T>(1) ? Acc<T>(0) : r[i], range, low));
    });
    return t;
}

Tensor cudaBernoulli(const IntList& sizes, ScalarType dtype, Device device, double p)
{
    Tensor t = kernel::newTensor(sizes, dtype, device);
    AGV_DISPATCH_ALL_AND_HALF(dtype, "bernoulli_scalar_cuda_", [&] {
        using T = scalar_t;
        const Acc<T> threshold = Acc<T>(p);
        const std::vector<Acc<T>> r = uniformsFor<T>(t.numel());
        T* out = t.data<T>();
        for (size_t i = 0; i < r.size(); ++i)
            out[i] = T(r[i] < threshold ? 1 : 0);
    });
    return t;
}

}  // namespace agv::ops
