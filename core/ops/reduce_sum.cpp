// sum and mean. A reduction is a strided loop over the input in which the output's
// strides are 0 along reduced dimensions, accumulating in double.

#include <cstring>

#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"

namespace agv::ops {

namespace {

IntList normalizeDims(const Tensor& t, const IntList& dims)
{
    IntList out;
    for (int64_t d : dims) {
        const int64_t w = wrapDim(d, t.dim());
        AGV_CHECK(std::find(out.begin(), out.end(), w) == out.end(), RuntimeError, "dim ", w,
                  " appears multiple times in the list of dims");
        out.push_back(w);
    }
    if (dims.empty())  // sum(dim=[]) reduces everything, as PyTorch does
        for (int64_t d = 0; d < t.dim(); ++d)
            out.push_back(d);
    return out;
}

/// Sum over `dims` (normalized) into a tensor of `outType`, keepdim shape computed by caller.
Tensor sumKernel(const Tensor& t, const IntList& dims, bool keepdim, ScalarType outType)
{
    IntList keptSizes = t.sizes();
    for (int64_t d : dims)
        keptSizes[d] = 1;
    const int64_t outNumel = computeNumel(keptSizes);
    std::vector<double> acc(size_t(outNumel), 0.0);
    IntList accStrides = contiguousStrides(keptSizes);
    for (int64_t d : dims)
        accStrides[d] = 0;
    AGV_DISPATCH_ALL(t.dtype(), "sum", [&] {
        using T = scalar_t;
        kernel::stridedLoop<2>(t.sizes(), {reinterpret_cast<char*>(acc.data()), static_cast<char*>(t.rawData())},
                               {accStrides, t.strides()}, {sizeof(double), sizeof(T)},
                               [&](int64_t n, std::array<char*, 2> p, std::array<int64_t, 2> s) {
                                   double* a = reinterpret_cast<double*>(p[0]);
                                   const T* x = reinterpret_cast<const T*>(p[1]);
                                   if (s[0] == 0) {
                                       double local = 0;
                                       for (int64_t i = 0; i < n; ++i)
                                           local += double(x[i * s[1]]);
                                       *a += local;
                                   } else {
                                       for (int64_t i = 0; i < n; ++i)
                                           a[i * s[0]] += double(x[i * s[1]]);
                                   }
                               });
    });
    IntList outSizes;
    if (keepdim) {
        outSizes = keptSizes;
    } else {
        for (int64_t d = 0; d < t.dim(); ++d)
            if (std::find(dims.begin(), dims.end(), d) == dims.end())
                outSizes.push_back(t.sizes()[d]);
    }
    Tensor out = kernel::newTensor(outSizes, outType, t.device());
    AGV_DISPATCH_ALL(outType, "sum", [&] {
        scalar_t* o = out.data<scalar_t>();
        for (int64_t i = 0; i < outNumel; ++i)
            o[i] = static_cast<scalar_t>(acc[size_t(i)]);
    });
    return out;
}

ScalarType sumType(const Tensor& t, std::optional<ScalarType> dtype)
{
    if (dtype)
        return *dtype;
    return isFloatingType(t.dtype()) ? t.dtype() : ScalarType::Int64;
}

/// Gradient of a reduction over `dims`: expand the (kept-dim) gradient back to the input.
Tensor expandBack(const Tensor& grad, const IntList& inputSizes, const IntList& dims, bool keepdim)
{
    Tensor g = grad;
    if (!keepdim) {
        IntList sorted = dims;
        std::sort(sorted.begin(), sorted.end());
        for (int64_t d : sorted)
            g = unsqueeze(g, d);
    }
    return expand(g, inputSizes);
}

}  // namespace

Tensor sum(const Tensor& t, std::optional<ScalarType> dtype)
{
    IntList all;
    for (int64_t d = 0; d < t.dim(); ++d)
        all.push_back(d);
    Tensor out = sumKernel(t, all, false, sumType(t, dtype));
    const IntList inputSizes = t.sizes();
    OpRecorder rec("SumBackward0", {&t}, [inputSizes](BackwardNode&, const variable_list& g) {
        return variable_list{expand(g[0], inputSizes)};
    });
    rec.attr("self_sym_sizes", inputSizes);
    return rec.finish(out);
}

Tensor sum(const Tensor& t, const IntList& dimsIn, bool keepdim, std::optional<ScalarType> dtype)
{
    const IntList dims = normalizeDims(t, dimsIn);
    Tensor out = sumKernel(t, dims, keepdim, sumType(t, dtype));
    const IntList inputSizes = t.sizes();
    OpRecorder rec("SumBackward1", {&t}, [inputSizes, dims, keepdim](BackwardNode&, const variable_list& g) {
        return variable_list{expandBack(g[0], inputSizes, dims, keepdim)};
    });
    rec.attr("dim", dims);
    rec.attr("keepdim", keepdim);
    rec.attr("self_sym_sizes", inputSizes);
    return rec.finish(out);
}

Tensor mean(const Tensor& t)
{
    AGV_CHECK(isFloatingType(t.dtype()), RuntimeError,
              "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. "
              "Got: ",
              legacyDtypeShortName(t.dtype()));
    IntList all;
    for (int64_t d = 0; d < t.dim(); ++d)
        all.push_back(d);
    Tensor s = sumKernel(t, all, false, ScalarType::Float64);
    const double n = double(t.numel());
    Tensor out = kernel::newTensor({}, t.dtype(), t.device());
    AGV_DISPATCH_FLOATING(t.dtype(), "mean", [&] { *out.data<scalar_t>() = scalar_t(*s.data<double>() / n); });
    const IntList inputSizes = t.sizes();
    const int64_t numel = t.numel();
    OpRecorder rec("MeanBackward0", {&t}, [inputSizes, numel](BackwardNode&, const variable_list& g) {
        return variable_list{div(expand(g[0], inputSizes), Scalar(numel))};
    });
    rec.attr("self_numel", numel);
    rec.attr("self_sizes", inputSizes);
    return rec.finish(out);
}

Tensor mean(const Tensor& t, const IntList& dimsIn, bool keepdim)
{
    AGV_CHECK(isFloatingType(t.dtype()), RuntimeError,
              "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. "
              "Got: ",
              legacyDtypeShortName(t.dtype()));
    const IntList dims = normalizeDims(t, dimsIn);
    int64_t count = 1;
    for (int64_t d : dims)
        count *= t.sizes()[d];
    Tensor s = sumKernel(t, dims, keepdim, ScalarType::Float64);
    Tensor out = kernel::newTensor(s.sizes(), t.dtype(), t.device());
    AGV_DISPATCH_FLOATING(t.dtype(), "mean", [&] {
        scalar_t* o = out.data<scalar_t>();
        const double* a = s.data<double>();
        for (int64_t i = 0; i < s.numel(); ++i)
            o[i] = scalar_t(a[i] / double(count));
    });
    const IntList inputSizes = t.sizes();
    OpRecorder rec("MeanBackward1", {&t}, [inputSizes, dims, keepdim, count](BackwardNode& n, const variable_list& g) {
        n.saved(0);  // unpacked like PyTorch's generated code: refuses a `self` modified in place
        return variable_list{div(expandBack(g[0], inputSizes, dims, keepdim), Scalar(count))};
    });
    rec.attr("dim", dims);
    rec.attr("keepdim", keepdim);
    rec.attr("self_sym_sizes", inputSizes);
    rec.save("self", t);  // PyTorch 1.13 keeps `self` for the symbolic numel
    return rec.finish(out);
}

}  // namespace agv::ops
