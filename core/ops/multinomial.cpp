// torch.multinomial as PyTorch 1.13's CPU code draws it (aten/src/ATen/native/
// Distributions.cpp multinomial_out, cpu/MultinomialKernel.cpp), so a seeded script
// gets PyTorch's indices and everything drawn after them:
//   * with replacement, row by row: the row's running sum in the input's type, divided
//     by the total, then for each sample one uniform double (53 bits of random64) and a
//     binary search for the first bucket whose cumulative probability is not below it;
//   * without replacement, the "exponential trick" (pytorch/pytorch#11931): one
//     Exp(1) draw per element, -log(1 - u) in double, q = p / draw in the input's type,
//     and the samples are argmax(q) (one sample) or topk(q, n) (several).

#include <cmath>

#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/random/generator.h"

namespace agv::ops {

namespace {

/// multinomial_with_replacement_apply: one row of `probs` (n categories) into n samples.
template <typename T>
void sampleWithReplacement(const T* probs, int64_t categories, int64_t samples, int64_t* out, Generator& gen)
{
    std::vector<T> cumulative(static_cast<size_t>(categories));
    T total = 0;
    for (int64_t j = 0; j < categories; ++j) {
        const T value = probs[j];
        // A NaN fails the first test, so it is reported as a negative entry, as in PyTorch.
        AGV_CHECK(value >= 0, RuntimeError, "invalid multinomial distribution (encountering probability entry < 0)");
        AGV_CHECK(std::isfinite(value), RuntimeError,
                  "invalid multinomial distribution (encountering probability entry = infinity or NaN)");
        total += value;
        cumulative[size_t(j)] = total;
    }
    AGV_CHECK(total > 0, RuntimeError, "invalid multinomial distribution (sum of probabilities <= 0)");
    for (T& c : cumulative)
        c /= total;
    cumulative.back() = 1;
    for (int64_t s = 0; s < samples; ++s) {
        const double u = gen.uniformDouble();
        int64_t left = 0, right = categories;
        while (right - left > 0) {
            const int64_t mid = left + (right - left) / 2;
            if (double(cumulative[size_t(mid)]) < u)
                left = mid + 1;
            else
                right = mid;
        }
        out[s] = left;
    }
}

Tensor withReplacement(const Tensor& probs, int64_t samples, Generator& gen)
{
    const int64_t categories = probs.sizes().back();
    const int64_t rows = probs.dim() > 1 ? probs.sizes()[0] : 1;
    IntList shape = probs.dim() > 1 ? IntList{rows, samples} : IntList{samples};
    Tensor result = kernel::newTensor(shape, ScalarType::Int64, probs.device());
    const Tensor dense = kernel::dense(probs);
    AGV_DISPATCH_FLOATING(probs.dtype(), "multinomial", [&] {
        using T = scalar_t;
        for (int64_t i = 0; i < rows; ++i)
            sampleWithReplacement(dense.data<T>() + i * categories, categories, samples,
                                  result.data<int64_t>() + i * samples, gen);
    });
    return result;
}

/// Whether empty_like(probs) is laid out column by column: it keeps the order of probs's
/// strides (infer_dense_strides: a zero stride keeps the row-major order, equal strides
/// put the smaller dim inside).
bool drawsColumnMajor(const Tensor& probs)
{
    if (probs.dim() != 2)
        return false;
    const int64_t rowStride = probs.strides()[0], columnStride = probs.strides()[1];
    if (rowStride == 0 || columnStride == 0)
        return false;
    return columnStride > rowStride || (columnStride == rowStride && probs.sizes()[1] > probs.sizes()[0]);
}

Tensor withoutReplacement(const Tensor& probs, int64_t samples, Generator& gen)
{
    const Tensor p = kernel::dense(probs);
    bool valid = true;
    AGV_DISPATCH_FLOATING(probs.dtype(), "multinomial", [&] {
        using T = scalar_t;
        // (self.max() < INFINITY) & (self.min() >= 0); a NaN makes both tests fail.
        for (int64_t i = 0; i < p.numel(); ++i) {
            const T v = p.data<T>()[i];
            valid = valid && v < T(INFINITY) && v >= T(0);
        }
    });
    AGV_CHECK(valid, RuntimeError, "probability tensor contains either `inf`, `nan` or element < 0");
    const int64_t categories = probs.sizes().back();
    const int64_t rows = probs.dim() > 1 ? probs.sizes()[0] : 1;
    Tensor q = kernel::newTensor(probs.sizes(), probs.dtype(), probs.device());
    AGV_DISPATCH_FLOATING(probs.dtype(), "multinomial", [&] {
        using T = scalar_t;
        const T* ps = p.data<T>();
        for (int64_t i = 0; i < rows; ++i) {
            T total = 0;
            for (int64_t j = 0; j < categories; ++j)
                total += ps[i * categories + j];
            AGV_CHECK(total != T(0), RuntimeError, "invalid multinomial distribution (sum of probabilities <= 0)");
        }
        // empty_like(self).exponential_(1): exponential_distribution<double>, cast to T,
        // drawn in the memory order of empty_like's layout, which keeps self's.
        T* qs = q.data<T>();
        const bool columnMajor = drawsColumnMajor(probs);
        for (int64_t k = 0; k < q.numel(); ++k) {
            const int64_t i = columnMajor ? (k % rows) * categories + k / rows : k;
            qs[i] = T(-1.0 * std::log(1.0 - gen.uniformDouble()));
        }
        for (int64_t i = 0; i < q.numel(); ++i)
            qs[i] = ps[i] / qs[i];
    });
    if (samples == 1)
        return argmax(q, -1, true);
    return topk(q, samples, -1, true, true).second;
}

}  // namespace

Tensor multinomial(const Tensor& self, int64_t samples, bool replacement, Generator* generator)
{
    AGV_CHECK(self.dim() > 0 && self.dim() <= 2, RuntimeError, "prob_dist must be 1 or 2 dim");
    AGV_CHECK(isFloatingType(self.dtype()), RuntimeError,
              "multinomial only supports floating-point dtypes for input, got: ", legacyDtypeShortName(self.dtype()));
    AGV_CHECK(samples > 0, RuntimeError, "cannot sample n_sample <= 0 samples");
    const int64_t categories = self.sizes().back();
    AGV_CHECK(replacement || samples <= categories, RuntimeError,
              "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
    AGV_CHECK(categories <= (int64_t(1) << 24), RuntimeError, "number of categories cannot exceed 2^24");
    if (self.dim() == 2 && self.sizes()[0] == 0) {  // no rows: an empty result, nothing drawn
        Tensor result = kernel::newTensor({0, samples}, ScalarType::Int64, self.device());
        announceTensor(result);
        return result;
    }
    AGV_CHECK(self.dtype() != ScalarType::Half, RuntimeError, "multinomial is not implemented for half on CPU");
    if (!replacement)
        return withoutReplacement(self, samples, generatorOrDefault(generator));  // argmax / topk announce their result
    Tensor result = withReplacement(self, samples, generatorOrDefault(generator));
    announceTensor(result);
    return result;
}

}  // namespace agv::ops
