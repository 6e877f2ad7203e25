// Factory functions (torch.ones, torch.arange, ...). Results are leaves.

#include <cmath>
#include <cstring>
#include <type_traits>

#include "core/autograd/grad_mode.h"
#include "core/ops/cuda_random.h"
#include "core/ops/integer_arithmetic.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/random/cuda_generator.h"
#include "core/random/generator.h"
#include "core/random/normal_fill.h"

namespace agv::ops {

namespace {
Tensor filled(const IntList& sizes, ScalarType dtype, Device device, double value)
{
    Tensor t = kernel::newTensor(sizes, dtype, device);
    AGV_DISPATCH_ALL_AND_HALF(dtype, "fill", [&] {
        scalar_t* p = t.data<scalar_t>();
        const scalar_t v = static_cast<scalar_t>(value);
        for (int64_t i = 0, n = t.numel(); i < n; ++i)
            p[i] = v;
    });
    return t;
}

template <typename Draw>
Tensor random(const IntList& sizes, ScalarType dtype, Device device, Draw draw)
{
    Tensor t = kernel::newTensor(sizes, dtype, device);
    AGV_DISPATCH_ALL_AND_HALF(dtype, "random", [&] {
        scalar_t* p = t.data<scalar_t>();
        for (int64_t i = 0, n = t.numel(); i < n; ++i)
            p[i] = static_cast<scalar_t>(draw());
    });
    return t;
}

Tensor leaf(Tensor t)
{
    announceTensor(t);
    return t;
}
}  // namespace

Tensor empty(const IntList& sizes, ScalarType dtype, Device device)
{
    return leaf(filled(sizes, dtype, device, 0.0));  // deterministic "garbage" keeps runs repeatable
}
Tensor zeros(const IntList& sizes, ScalarType dtype, Device device) { return leaf(filled(sizes, dtype, device, 0.0)); }
Tensor ones(const IntList& sizes, ScalarType dtype, Device device) { return leaf(filled(sizes, dtype, device, 1.0)); }

Tensor full(const IntList& sizes, Scalar value, std::optional<ScalarType> dtype, Device device)
{
    ScalarType type = dtype.value_or(value.isFloating() ? defaultFloatType() : value.type());
    return leaf(filled(sizes, type, device, value.toDouble()));
}

namespace {
template <typename Value>
Tensor fromList(const IntList& sizes, const std::vector<Value>& values, ScalarType dtype, Device device)
{
    Tensor t = kernel::newTensor(sizes, dtype, device);
    AGV_CHECK(int64_t(values.size()) == t.numel(), RuntimeError, "tensor: got ", values.size(),
              " values for shape ", sizesToString(sizes));
    AGV_DISPATCH_ALL_AND_HALF(dtype, "tensor", [&] {
        scalar_t* p = t.data<scalar_t>();
        for (size_t i = 0; i < values.size(); ++i)
            p[i] = convertValue<scalar_t>(values[i]);
    });
    return leaf(t);
}
}  // namespace

Tensor fromValues(const IntList& sizes, const std::vector<double>& values, ScalarType dtype, Device device)
{
    return fromList(sizes, values, dtype, device);
}

Tensor fromInts(const IntList& sizes, const std::vector<int64_t>& values, ScalarType dtype, Device device)
{
    return fromList(sizes, values, dtype, device);
}

Tensor fromBlob(void* data, const IntList& sizes, const IntList& strides, ScalarType dtype,
                std::function<void()> release)
{
    int64_t extent = 1;  // elements from the first to the last one addressed
    for (size_t i = 0; i < sizes.size(); ++i) {
        if (sizes[i] == 0) {
            extent = 0;
            break;
        }
        extent += (sizes[i] - 1) * strides[i];
    }
    auto storage = std::make_shared<Storage>(data, size_t(extent) * elementSize(dtype), Device{}, std::move(release));
    return leaf(Tensor(std::make_shared<TensorImpl>(std::move(storage), dtype, sizes, strides, 0, nullptr)));
}

Tensor arange(Scalar start, Scalar end, Scalar step, std::optional<ScalarType> dtype, Device device)
{
    const bool anyFloat = start.isFloating() || end.isFloating() || step.isFloating();
    const ScalarType type = dtype.value_or(anyFloat ? defaultFloatType() : ScalarType::Int64);
    const double s = step.toDouble();
    AGV_CHECK(s != 0, RuntimeError, "step must be nonzero");
    AGV_CHECK((s > 0 && end.toDouble() >= start.toDouble()) || (s < 0 && end.toDouble() <= start.toDouble()),
              RuntimeError, "upper bound and larger bound inconsistent with step sign");
    const double count = std::ceil((end.toDouble() - start.toDouble()) / s);
    AGV_CHECK(count < 1e12, RuntimeError, "invalid size, possible overflow?");
    const int64_t n = int64_t(count);
    Tensor t = kernel::newTensor({n}, type, device);
    AGV_DISPATCH_ALL_AND_HALF(type, "arange_cpu", [&] {
        scalar_t* p = t.data<scalar_t>();
        if constexpr (kIsReducedFloat<scalar_t>) {
            // float16 / bfloat16: start + step * i in float (their accumulate type), then rounded.
            const float first = float(start.toDouble()), step = float(s);
            for (int64_t i = 0; i < n; ++i)
                p[i] = scalar_t(first + step * float(i));
        } else if constexpr (std::is_floating_point_v<scalar_t>) {
            // Note [arange's vector lanes]
            // 1.13's arange_kernel works in double: the scalar body computes start + step * i,
            // which the AVX2 build fuses; the Vectorized body (whole pairs of vectors) takes
            // base = start + step * i for the vector's first element (fused, then rounded to
            // the dtype) and Vectorized::arange's lanes base + k * step, fused too. Fitted
            // against 1.13 over 42 start/step/length cases in float32 and float64 (plain
            // start + i * step differed in float64 and, through the rounded base, in float32).
            const double first = start.toDouble();
            constexpr int64_t lanes = int64_t(32 / sizeof(scalar_t));
            const int64_t vectorised = n - n % (2 * lanes);
            for (int64_t i = 0; i < n; ++i) {
                if (i < vectorised) {
                    const int64_t lane = i % lanes;
                    const scalar_t base = static_cast<scalar_t>(std::fma(s, double(i - lane), first));
                    p[i] = static_cast<scalar_t>(std::fma(double(lane), s, double(base)));
                } else {
                    p[i] = static_cast<scalar_t>(std::fma(s, double(i), first));
                }
            }
        } else {
            for (int64_t i = 0; i < n; ++i)
                p[i] = static_cast<scalar_t>(start.toDouble() + double(i) * s);
        }
    });
    return leaf(t);
}

Tensor linspace(double start, double end, int64_t steps, ScalarType dtype, Device device)
{
    AGV_CHECK(steps >= 0, RuntimeError, "number of steps must be non-negative");
    Tensor t = kernel::newTensor({steps}, dtype, device);
    const int64_t half = steps / 2;
    if (steps == 1)
        return leaf(filled({1}, dtype, device, start));
    if (isFloatingType(dtype)) {
        AGV_DISPATCH_FLOATING(dtype, "linspace", [&] {
            using T = scalar_t;
            // PyTorch's AVX2 kernel: the step in the dtype; the first half counts up from
            // start, the second half down from end; whole pairs of vectors take each lane as
            // (the vector's first value) + lane * step. GCC contracts the scalar a + b * c of
            // that kernel into one fused multiply-add (not the lanes of Vectorized::arange),
            // so we round once where it does.
            const T first = T(start), last = T(end);
            const T step = (last - first) / T(steps - 1);
            auto value = [&](int64_t i) {
                return i < half ? std::fma(step, T(i), first) : std::fma(-step, T(steps - i - 1), last);
            };
            constexpr int64_t lanes = int64_t(32 / sizeof(T));
            const int64_t vectorised = steps - steps % (2 * lanes);
            T* p = t.data<T>();
            for (int64_t i = 0; i < vectorised; i += lanes) {
                const T base = value(i);
                for (int64_t lane = 0; lane < lanes; ++lane)
                    p[i + lane] = base + T(T(lane) * step);  // Vectorized::arange: not fused
            }
            for (int64_t i = vectorised; i < steps; ++i)
                p[i] = value(i);
        });
        return leaf(t);
    }
    const double step = steps > 1 ? (end - start) / double(steps - 1) : 0.0;
    AGV_DISPATCH_ALL(dtype, "linspace", [&] {
        scalar_t* p = t.data<scalar_t>();
        for (int64_t i = 0; i < steps; ++i)
            p[i] = static_cast<scalar_t>(i < half ? start + step * double(i) : end - step * double(steps - 1 - i));
    });
    return leaf(t);
}

Tensor eye(int64_t n, int64_t m, ScalarType dtype, Device device)
{
    if (m < 0)
        m = n;
    AGV_CHECK(n >= 0, RuntimeError, "n must be greater or equal to 0, got ", n);
    // PyTorch 1.13's CPU eye takes float16 but not bfloat16.
    if (dtype == ScalarType::BFloat16)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(dtype, "eye");
    Tensor t = filled({n, m}, dtype, device, 0.0);
    AGV_DISPATCH_ALL_AND_HALF(dtype, "eye", [&] {
        scalar_t* p = t.data<scalar_t>();
        for (int64_t i = 0; i < std::min(n, m); ++i)
            p[i * m + i] = static_cast<scalar_t>(1);
    });
    return leaf(t);
}

Tensor rand(const IntList& sizes, ScalarType dtype, Device device, Generator* generator)
{
    AGV_CHECK(isFloatingType(dtype), RuntimeError, "\"check_uniform_bounds\" not implemented for '",
              legacyDtypeShortName(dtype), "'");
    if (device.isCuda()) {  // See Note [The CUDA generator]
        const CudaDrawScope scope(cudaGeneratorFor(generator));
        return leaf(cudaUniform(sizes, dtype, device, 0.0, 1.0));
    }
    Generator& g = generatorOrDefault(generator);
    if (dtype == ScalarType::Float32)
        return leaf(random(sizes, dtype, device, [&] { return g.uniformFloat(); }));
    return leaf(random(sizes, dtype, device, [&] { return g.uniformDouble(); }));
}

Tensor randn(const IntList& sizes, ScalarType dtype, Device device, Generator* generator)
{
    AGV_CHECK(isFloatingType(dtype), RuntimeError, device.isCuda() ? "\"normal_kernel_cuda\"" : "\"normal_kernel_cpu\"",
              " not implemented for '", legacyDtypeShortName(dtype), "'");
    if (device.isCuda()) {
        const CudaDrawScope scope(cudaGeneratorFor(generator));
        return leaf(cudaNormal(sizes, dtype, device, 0.0, 1.0));
    }
    Generator& g = generatorOrDefault(generator);
    Tensor t = kernel::newTensor(sizes, dtype, device);
    // PyTorch fills 16 or more elements by blocks of Box-Muller pairs, fewer one by one.
    if (t.numel() >= 16 && dtype == ScalarType::Float32) {
        random::normalFill(t.data<float>(), t.numel(), 0.0f, 1.0f, g);
        return leaf(t);
    }
    if (t.numel() >= 16 && dtype == ScalarType::Float64) {
        random::normalFill(t.data<double>(), t.numel(), 0.0, 1.0, g);
        return leaf(t);
    }
    return leaf(random(sizes, dtype, device, [&] { return g.normal(); }));
}

Tensor randint(int64_t low, int64_t high, const IntList& sizes, ScalarType dtype, Device device,
               Generator* generator)
{
    AGV_CHECK(low < high, RuntimeError, "random_ expects 'from' to be less than 'to', but got from=", low,
              " >= to=", high);
    if (device.isCuda()) {
        // empty(...).random_(low, high) on the GPU: random_from_to_kernel's draws.
        const CudaDrawScope scope(cudaGeneratorFor(generator));
        const uint64_t range = uint64_t(high) - uint64_t(low);
        const bool wideType = dtype == ScalarType::Int64 || dtype == ScalarType::Float64 ||
                              dtype == ScalarType::Float32 || dtype == ScalarType::BFloat16;
        int64_t count = 1;
        for (int64_t s : sizes)
            count *= s;
        const std::vector<int64_t> values = random::cudaIntsFromTo(count, range, low, wideType && range >= (uint64_t(1) << 32));
        size_t next = 0;
        return leaf(random(sizes, dtype, device, [&] { return values[next++]; }));
    }
    Generator& g = generatorOrDefault(generator);
    return leaf(random(sizes, dtype, device, [&] { return g.randint(low, high); }));
}

Tensor randperm(int64_t n, ScalarType dtype, Device device, Generator* generator)
{
    AGV_CHECK(n >= 0, RuntimeError, "n must be non-negative, got", n);
    Generator& g = generatorOrDefault(generator);
    std::vector<int64_t> order(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i)
        order[size_t(i)] = i;
    // randperm_cpu: a Fisher-Yates shuffle, each swap partner drawn as random() % (n - i).
    for (int64_t i = 0; i + 1 < n; ++i) {
        const int64_t z = int64_t(g.random() % uint64_t(n - i));
        std::swap(order[size_t(i)], order[size_t(i + z)]);
    }
    Tensor t = kernel::newTensor({n}, dtype, device);
    AGV_DISPATCH_ALL_AND_HALF(dtype, "randperm", [&] {
        scalar_t* p = t.data<scalar_t>();
        for (int64_t i = 0; i < n; ++i)
            p[i] = static_cast<scalar_t>(order[size_t(i)]);
    });
    return leaf(t);
}

namespace {
/// A fresh tensor given t's layout (MemoryFormat::Preserve): its memory is kept as it is,
/// only the strides change.
Tensor laidOutLike(Tensor fresh, const Tensor& t)
{
    const IntList strides = preservedStrides(t);
    if (strides != fresh.strides())
        fresh.impl()->setGeometry(fresh.sizes(), strides, 0);
    return fresh;
}
}  // namespace

Tensor zerosLike(const Tensor& t, std::optional<ScalarType> dtype)
{
    return laidOutLike(zeros(t.sizes(), dtype.value_or(t.dtype()), t.device()), t);
}
Tensor onesLike(const Tensor& t, std::optional<ScalarType> dtype)
{
    return laidOutLike(ones(t.sizes(), dtype.value_or(t.dtype()), t.device()), t);
}
Tensor fullLike(const Tensor& t, Scalar value, std::optional<ScalarType> dtype)
{
    return laidOutLike(full(t.sizes(), value, dtype.value_or(t.dtype()), t.device()), t);
}
Tensor emptyLike(const Tensor& t, std::optional<ScalarType> dtype)
{
    return laidOutLike(empty(t.sizes(), dtype.value_or(t.dtype()), t.device()), t);
}
// The kernels fill memory in order, so draws given t's layout afterwards land where
// PyTorch's uniform_ / normal_ of empty_like(t) put them.
Tensor randLike(const Tensor& t, std::optional<ScalarType> dtype)
{
    return laidOutLike(rand(t.sizes(), dtype.value_or(t.dtype()), t.device()), t);
}
Tensor randnLike(const Tensor& t, std::optional<ScalarType> dtype)
{
    const ScalarType type = dtype.value_or(t.dtype());
    // normal_ takes its Box-Muller blocks only for a contiguous result; a permuted layout
    // draws element by element, as fewer than 16 elements do.
    if (preservedStrides(t) != contiguousStrides(t.sizes()) && isFloatingType(type) && !t.device().isCuda()) {
        Generator& g = generatorOrDefault(nullptr);
        return laidOutLike(leaf(random(t.sizes(), type, t.device(), [&] { return g.normal(); })), t);
    }
    return laidOutLike(randn(t.sizes(), type, t.device()), t);
}

}  // namespace agv::ops
