// The in-place samplers and torch.poisson of random_inplace.h. The checks follow 1.13's
// ATen/native/DistributionTemplates.h in its order: the autograd checks of self first
// (recordInplace), then the arguments, then the dtype (the kernel's dispatch, which
// runs on empty tensors too).

#include "core/ops/random_inplace.h"

#include <bit>
#include <cstdlib>
#include <functional>
#include <limits>
#include <string>

#include "core/error.h"
#include "core/ops/inplace_record.h"
#include "core/ops/iterator_layout.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/random/cuda_generator.h"
#include "core/random/distributions.h"
#include "core/random/generator.h"
#include "core/warning.h"

namespace agv::ops {

namespace {

/// A CPU tensor of self's shape, dense in the order TensorIterator walks self (innermost
/// dim by stride first), whose memory is filled by `draw` from the first element on: the
/// k-th draw lands where PyTorch's serial kernel writes its k-th value. See Note [One
/// element, one draw] in core/random/distributions.h.
template <typename T, typename Draw>
Tensor drawInIteratorOrder(const Tensor& self, ScalarType dtype, Draw&& draw)
{
    const IntList& sizes = self.sizes();
    const std::vector<size_t> order = iteratorDimOrder(sizes, {self.strides()});
    IntList strides(sizes.size(), 1);
    int64_t stride = 1;
    for (size_t d : order) {
        strides[d] = stride;
        stride *= std::max<int64_t>(sizes[d], 1);
    }
    Tensor values = kernel::newStridedTensor(sizes, strides, dtype, Device::cpu());
    T* out = values.data<T>();
    for (int64_t i = 0, n = values.numel(); i < n; ++i)
        out[i] = draw();
    return values;
}

/// The kernel's dispatch: `kernelName` (PyTorch's, for its error) accepts floating dtypes,
/// and integer ones too when `integers`.
void checkSamplerDtype(const Tensor& self, const char* kernelName, bool integers)
{
    const ScalarType t = self.dtype();
    const bool ok = isFloatingType(t) || (integers && isIntegralType(t, false));
    AGV_CHECK(ok, RuntimeError, "\"", kernelName, "\" not implemented for '", legacyDtypeShortName(t), "'");
}

/// self = values of double draws, as a sampler of `opName` (exponential_) records itself.
Tensor& sampleInplace(Tensor& self, const char* opName, const char* nodeName, const std::function<Tensor()>& values)
{
    InplaceRecord record;
    record.opName = opName;
    record.nodeName = nodeName;
    record.rule = [](BackwardNode&, const variable_list& g) {
        return variable_list{zeros(g[0].sizes(), g[0].dtype(), g[0].device())};
    };
    // derivatives.yaml's `result: self_t.zero_()`.
    record.forward = [](const InputTangents&, const Tensor& result) {
        return zeros(result.sizes(), result.dtype(), result.device());
    };
    return recordInplace(self, {&self}, record, values);
}

Tensor doubleDraws(const Tensor& self, const std::function<double()>& draw)
{
    return drawInIteratorOrder<double>(self, ScalarType::Float64, draw);
}

// ---------------------------------------------------------------- random_

/// The largest integer of a floating dtype below which every integer is exact: 2^digits.
int floatDigits(ScalarType t)
{
    switch (t) {
    case ScalarType::Float64: return 53;
    case ScalarType::Float32: return 24;
    case ScalarType::Half: return 11;
    case ScalarType::BFloat16: return 8;
    default: return 64;
    }
}

/// static_cast<int64_t>(static_cast<scalar_t>(v)) for a floating dtype of `digits`
/// mantissa bits: v rounded to nearest, ties to even. A value that rounds to 2^63 comes
/// back as INT64_MIN, what x86's conversion of an out-of-range float gives.
int64_t roundThroughFloat(int64_t v, int digits)
{
    const bool negative = v < 0;
    const uint64_t magnitude = negative ? uint64_t(0) - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
    const int bits = 64 - std::countl_zero(magnitude);
    if (bits <= digits)
        return v;
    const int shift = bits - digits;
    uint64_t kept = magnitude >> shift;
    const uint64_t rest = magnitude & ((uint64_t(1) << shift) - 1);
    const uint64_t half = uint64_t(1) << (shift - 1);
    if (rest > half || (rest == half && (kept & 1)))
        ++kept;
    const uint64_t rounded = kept << shift;  // at most 2^63: |v| <= 2^63
    if (rounded == uint64_t(1) << 63)
        return std::numeric_limits<int64_t>::min();
    return negative ? -static_cast<int64_t>(rounded) : static_cast<int64_t>(rounded);
}

/// update_from: `from` moved up to the first integer that stays >= from once stored in
/// the floating dtype.
int64_t updateFrom(int64_t from, int digits)
{
    const int64_t fromPlusOne = roundThroughFloat(from + 1, digits);
    if (fromPlusOne < from) {
        int64_t magnitude = std::llabs(from + 1);
        int n = 0;
        while (magnitude >>= 1)
            ++n;
        from = fromPlusOne + (int64_t(1) << (n - digits + 1));
    }
    return from;
}

/// update_to: `to` moved down so that to - 1 stays below to once stored.
int64_t updateTo(int64_t to, int digits)
{
    const int64_t toMinusOne = roundThroughFloat(to - 1, digits);
    if (toMinusOne >= to) {
        int64_t magnitude = std::llabs(to - 1);
        int n = 0;
        while (magnitude >>= 1)
            ++n;
        to = toMinusOne - (int64_t(1) << (n - digits + 1));
    }
    return to;
}

struct IntegralBounds {
    int64_t min, max;
};

IntegralBounds integralBounds(ScalarType t)
{
    switch (t) {
    case ScalarType::Bool: return {0, 1};
    case ScalarType::UInt8: return {0, 255};
    case ScalarType::Int8: return {-128, 127};
    case ScalarType::Int16: return {-32768, 32767};
    case ScalarType::Int32: return {std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max()};
    default: return {std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()};
    }
}

double floatingMax(ScalarType t)
{
    switch (t) {
    case ScalarType::Float64: return std::numeric_limits<double>::max();
    case ScalarType::Float32: return std::numeric_limits<float>::max();
    case ScalarType::Half: return 65504.0;
    default: return 3.3895313892515355e+38;  // bfloat16
    }
}

void warnOutOfBounds(int64_t value, const char* name, int digits, ScalarType t)
{
    if (digits >= 63)
        return;
    const int64_t limit = int64_t(1) << digits;
    if (value < -limit || value > limit)
        warn("UserWarning",
             std::string(name) + " is out of bounds [-(2^" + std::to_string(digits) + "), 2^" +
                 std::to_string(digits) + "]. Due to precision limitations " + typeMetaName(t) +
                 " can support discrete uniform distribution only within this range. This warning will become an "
                 "error in version 1.7 release, please fix the code in advance (Triggered internally at  "
                 "./aten/src/ATen/native/DistributionTemplates.h:95.)");
}

/// check_from_to_in_range: from and to - 1 must be values of the dtype.
void checkFromToInRange(int64_t from, int64_t toInclusive, ScalarType t)
{
    const char* name = typeMetaName(t);
    if (isFloatingType(t)) {
        const double max = floatingMax(t);
        const auto inRange = [max](int64_t v) { return double(v) >= -max && double(v) <= max; };
        AGV_CHECK(inRange(from), RuntimeError, "from is out of bounds for ", name);
        AGV_CHECK(inRange(toInclusive), RuntimeError, "to - 1 is out of bounds for ", name);
        warnOutOfBounds(from, "from", floatDigits(t), t);
        warnOutOfBounds(toInclusive, "to - 1", floatDigits(t), t);
        return;
    }
    const IntegralBounds b = integralBounds(t);
    AGV_CHECK(from >= b.min && from <= b.max, RuntimeError, "from is out of bounds for ", name);
    AGV_CHECK(toInclusive >= b.min && toInclusive <= b.max, RuntimeError, "to - 1 is out of bounds for ", name);
}

/// uniform_int_from_to_distribution takes the 64-bit draw for these dtypes when the range
/// does not fit 32 bits.
bool wideFromTo(ScalarType t, uint64_t range)
{
    const bool wideType = t == ScalarType::Int64 || t == ScalarType::Float64 || t == ScalarType::Float32 ||
                          t == ScalarType::BFloat16;
    return wideType && range >= (uint64_t(1) << 32);
}

Tensor& randomFill(Tensor& self, const char* nodeName, const std::function<Tensor()>& values)
{
    return sampleInplace(self, "random_", nodeName, values);
}

Tensor int64Draws(const Tensor& self, const std::function<int64_t()>& draw)
{
    return drawInIteratorOrder<int64_t>(self, ScalarType::Int64, draw);
}

/// random_(from, to) and random_(to) (from = 0): random_from_to_impl.
Tensor& randomFromTo(Tensor& self, int64_t from, std::optional<int64_t> to, Generator* generator,
                     const char* nodeName)
{
    return randomFill(self, nodeName, [&] {
        const ScalarType t = self.dtype();
        // A cuda tensor draws from the GPU's generator (Note [The CUDA generator]).
        const bool onGpu = self.device().isCuda();
        CudaGenerator& gpu = onGpu ? cudaGeneratorFor(generator) : cudaGenerator();
        Generator& g = onGpu ? defaultGenerator() : generatorOrDefault(generator);
        auto draws = [&](uint64_t range, int64_t base, bool wide) {
            if (!onGpu)
                return int64Draws(self, [&] {
                    return range == 0 ? random::uniformIntFullRange(g) : random::uniformIntFromTo(g, range, base, wide);
                });
            const CudaDrawScope scope(gpu);
            const std::vector<int64_t> values = random::cudaIntsFromTo(self.numel(), range, base, wide);
            size_t next = 0;
            return int64Draws(self, [&] { return values[next++]; });
        };
        if (to) {
            int64_t end = *to;
            AGV_CHECK(from < end, RuntimeError, "random_ expects 'from' to be less than 'to', but got from=", from,
                      " >= to=", end);
            if (isFloatingType(t)) {
                from = updateFrom(from, floatDigits(t));
                end = updateTo(end, floatDigits(t));
                AGV_CHECK(from < end, RuntimeError,
                          "random_ expects 'from' casted to dtype to be less than 'to' casted to dtype, but got from=",
                          from, " >= to=", end);
            }
            checkFromToInRange(from, end - 1, t);
            const uint64_t range = static_cast<uint64_t>(end) - static_cast<uint64_t>(from);
            return draws(range, from, wideFromTo(t, range));
        }
        if (from != std::numeric_limits<int64_t>::min()) {
            // [from, the dtype's largest integer]
            int64_t last = 0;
            if (isFloatingType(t)) {
                const int digits = floatDigits(t);
                last = digits >= 63 ? std::numeric_limits<int64_t>::max() : int64_t(1) << digits;
                from = updateFrom(from, digits);
                AGV_CHECK(from < last, RuntimeError,
                          "random_ expects 'from' casted to dtype to be less than or equal to 'to_inc' casted to "
                          "dtype, but got from=",
                          from, " > to_inc=", last);
            } else {
                last = integralBounds(t).max;
            }
            checkFromToInRange(from, last, t);
            const uint64_t range = static_cast<uint64_t>(last) - static_cast<uint64_t>(from) + 1;
            return draws(range, from, wideFromTo(t, range));
        }
        // [INT64_MIN, INT64_MAX]: the whole 64-bit draw.
        const bool supported = t == ScalarType::Int64 || t == ScalarType::Float64 || t == ScalarType::Float32 ||
                               t == ScalarType::BFloat16;
        AGV_CHECK(supported, RuntimeError,
                  "random_full_64_bits_range_kernel_cpu handles only int64, double, float and bfloat16");
        return draws(0, 0, true);
    });
}

/// _s_poisson_cpu: the rates in row-major order (its output is a fresh contiguous
/// tensor, which decides TensorIterator's order), a rate's error when the walk reaches it.
Tensor poissonValues(const Tensor& rates, Generator* generator)
{
    checkSamplerDtype(rates, "poisson_cpu", false);
    const Tensor lambdas = kernel::dense(kernel::convert(rates, ScalarType::Float64));
    Tensor counts = kernel::newTensor(rates.sizes(), ScalarType::Float64, Device::cpu());
    Generator& g = generatorOrDefault(generator);
    const double* in = lambdas.data<double>();
    double* out = counts.data<double>();
    for (int64_t i = 0, n = counts.numel(); i < n; ++i) {
        AGV_CHECK(in[i] >= 0, RuntimeError, "invalid Poisson rate, expected rate to be non-negative");
        out[i] = static_cast<double>(random::poisson(g, in[i]));
    }
    return kernel::convert(counts, rates.dtype());
}

}  // namespace

Tensor& exponentialInplace(Tensor& self, double lambda, Generator* generator)
{
    return sampleInplace(self, "exponential_", "ExponentialBackward0", [&] {
        AGV_CHECK(lambda >= 0.0, RuntimeError, "exponential_ expects lambda >= 0.0, but found lambda=", lambda);
        checkSamplerDtype(self, "exponential_cpu", false);
        Generator& g = generatorOrDefault(generator);
        return doubleDraws(self, [&] { return random::exponential(g, lambda); });
    });
}

Tensor& geometricInplace(Tensor& self, double p, Generator* generator)
{
    return sampleInplace(self, "geometric_", "GeometricBackward0", [&] {
        AGV_CHECK(0 < p && p < 1, RuntimeError, "geometric_ expects p to be in (0, 1), but got p=", p);
        checkSamplerDtype(self, "geometric_cpu", true);
        Generator& g = generatorOrDefault(generator);
        // Counts: exact in every dtype up to 2^24, and stored as PyTorch stores them
        // (static_cast of the double count) above.
        return doubleDraws(self, [&] { return random::geometric(g, p); });
    });
}

Tensor& cauchyInplace(Tensor& self, double median, double sigma, Generator* generator)
{
    return sampleInplace(self, "cauchy_", "CauchyBackward0", [&] {
        checkSamplerDtype(self, "cauchy_cpu", false);
        Generator& g = generatorOrDefault(generator);
        return doubleDraws(self, [&] { return random::cauchy(g, median, sigma); });
    });
}

Tensor& logNormalInplace(Tensor& self, double mean, double std, Generator* generator)
{
    return sampleInplace(self, "log_normal_", "LogNormalBackward0", [&] {
        AGV_CHECK(std > 0.0, RuntimeError, "log_normal_ expects std > 0.0, but found std=", std);
        checkSamplerDtype(self, "log_normal_cpu", false);
        Generator& g = generatorOrDefault(generator);
        return doubleDraws(self, [&] { return random::logNormal(g, mean, std); });
    });
}

Tensor& randomInplace(Tensor& self, Generator* generator)
{
    return randomFill(self, "RandomBackward2", [&] {
        // uniform_int_distribution: [0, 2^digits] for floating dtypes, [0, max] for integers.
        const ScalarType t = self.dtype();
        uint64_t modulus = 0;
        if (t == ScalarType::Bool)
            modulus = 2;  // val & 1
        else if (isFloatingType(t))
            modulus = (uint64_t(1) << floatDigits(t)) + 1;
        else
            modulus = static_cast<uint64_t>(integralBounds(t).max) + 1;
        const bool wide = t == ScalarType::Int64 || t == ScalarType::Float64;
        if (self.device().isCuda()) {
            // random_kernel on the GPU: random_from_to's layout, the draw taken modulo.
            const CudaDrawScope scope(cudaGeneratorFor(generator));
            const std::vector<int64_t> values = random::cudaIntsFromTo(self.numel(), modulus, 0, wide);
            size_t next = 0;
            return int64Draws(self, [&] { return values[next++]; });
        }
        Generator& g = generatorOrDefault(generator);
        return int64Draws(self, [&] { return random::uniformIntModulo(g, modulus, wide); });
    });
}

Tensor& randomToInplace(Tensor& self, int64_t to, Generator* generator)
{
    return randomFromTo(self, 0, to, generator, "RandomBackward1");
}

Tensor& randomFromToInplace(Tensor& self, int64_t from, std::optional<int64_t> to, Generator* generator)
{
    return randomFromTo(self, from, to, generator, "RandomBackward0");
}

Tensor poisson(const Tensor& rates, Generator* generator)
{
    Tensor out = quietly([&] { return poissonValues(rates, generator); });
    OpRecorder rec("PoissonBackward0", {&rates}, [](BackwardNode&, const variable_list& g) {
        return variable_list{zeros(g[0].sizes(), g[0].dtype(), g[0].device())};
    });
    rec.forward([](const InputTangents&, const Tensor& result) {
        return zeros(result.sizes(), result.dtype(), result.device());
    });
    return rec.finish(out);
}

}  // namespace agv::ops
