#pragma once
// Strided loops shared by every kernel. An op first computes its output shape,
// then runs a loop over that shape in which each operand has its own strides
// (0 along broadcast dimensions, 0 in the output along reduced dimensions).

#include <array>
#include <cmath>
#include <cstring>

#include "core/ops/iterator_layout.h"
#include "core/tensor/tensor.h"

namespace agv::ops::kernel {

/// std::isnan for floating types, false for integers and bool.
template <typename T>
bool isNan(T v)
{
    if constexpr (kIsFloating<T>)
        return std::isnan(float(v)) || std::isnan(double(v));
    else
        return false;
}

/// A fresh contiguous tensor (uninitialised), not traced.
Tensor newTensor(const IntList& sizes, ScalarType dtype, Device device);

/// A fresh tensor of `sizes` laid out with `strides` (dense and non-overlapping), uninitialised.
Tensor newStridedTensor(const IntList& sizes, const IntList& strides, ScalarType dtype, Device device);

/// A fresh tensor with `like`'s sizes and strides (`like` non-overlapping and dense).
Tensor newTensorLaidOutAs(const Tensor& like, ScalarType dtype);

/// Strides of `t` as seen from an operation over `shape` (right-aligned broadcasting).
IntList broadcastStrides(const Tensor& t, const IntList& shape);

/// Calls inner(n, ptrs, strides) for each innermost run of an N-operand loop over
/// `shape`; ptrs[k] points at operand k's first element of the run and strides[k]
/// is its element stride along the innermost dimension (in elements of its dtype).
template <size_t N, typename Inner>
void stridedLoop(const IntList& shape, std::array<char*, N> base, std::array<IntList, N> strides,
                 std::array<size_t, N> elemSizes, Inner&& inner)
{
    const size_t ndim = shape.size();
    for (int64_t s : shape)
        if (s == 0)
            return;
    if (ndim == 0) {
        std::array<int64_t, N> st{};
        inner(int64_t(1), base, st);
        return;
    }
    const int64_t innerSize = shape[ndim - 1];
    std::array<int64_t, N> innerStrides;
    for (size_t k = 0; k < N; ++k)
        innerStrides[k] = strides[k][ndim - 1];
    std::vector<int64_t> counter(ndim, 0);
    std::array<char*, N> ptrs = base;
    while (true) {
        inner(innerSize, ptrs, innerStrides);
        // advance the outer dimensions like an odometer
        size_t d = ndim - 1;
        while (true) {
            if (d == 0)
                return;
            --d;
            if (++counter[d] < shape[d]) {
                for (size_t k = 0; k < N; ++k)
                    ptrs[k] += strides[k][d] * int64_t(elemSizes[k]);
                break;
            }
            for (size_t k = 0; k < N; ++k)
                ptrs[k] -= strides[k][d] * int64_t(elemSizes[k]) * (shape[d] - 1);
            counter[d] = 0;
        }
    }
}

/// dst[...] = convert(src[...]) for any dtypes; shapes must match (src may broadcast).
void copyInto(const Tensor& dst, const Tensor& src);
/// A new contiguous tensor of `sizes` (t's number of elements) holding t's elements in order:
/// what a kernel returns when its result was built in a buffer of another shape.
Tensor freshCopy(const Tensor& t, const IntList& sizes);
/// `t` itself when contiguous (or undefined), else a contiguous copy: what a kernel reads.
Tensor dense(const Tensor& t);

/// out = f(a) elementwise in T (a already of dtype T, any strides) into a fresh output laid
/// out with `outStrides` (dense).
template <typename TIn, typename TOut, typename F>
Tensor mapUnary(const Tensor& a, ScalarType outType, F f, const IntList& outStrides)
{
    Tensor out = newStridedTensor(a.sizes(), outStrides, outType, a.device());
    TOut* o = out.data<TOut>();
    if ((a.isContiguous() && out.isContiguous()) || a.strides() == out.strides()) {
        // Both dense with the same element at each slot: one pass over memory.
        const TIn* in = a.data<TIn>();
        const int64_t n = a.numel();
        for (int64_t i = 0; i < n; ++i)
            o[i] = f(in[i]);
        return out;
    }
    stridedLoop<2>(a.sizes(), {static_cast<char*>(out.rawData()), static_cast<char*>(a.rawData())},
                   {out.strides(), a.strides()}, {sizeof(TOut), sizeof(TIn)},
                   [&](int64_t n, std::array<char*, 2> p, std::array<int64_t, 2> s) {
                       TOut* op = reinterpret_cast<TOut*>(p[0]);
                       const TIn* ip = reinterpret_cast<const TIn*>(p[1]);
                       for (int64_t i = 0; i < n; ++i)
                           op[i * s[0]] = f(ip[i * s[1]]);
                   });
    return out;
}

/// out = f(a), laid out as TensorIterator lays out the output of `a` (Note [Output layout
/// of elementwise ops]).
template <typename TIn, typename TOut, typename F>
Tensor mapUnary(const Tensor& a, ScalarType outType, F f)
{
    return mapUnary<TIn, TOut>(a, outType, f, elementwiseOutputStrides(a.sizes(), {&a}));
}

/// Where a binary op's result lives: the cuda operand's device when a 0-dim CPU tensor meets
/// a cuda tensor (checkSameDevice allows that), else a's.
inline Device resultDevice(const Tensor& a, const Tensor& b)
{
    return a.device().isCpu() ? b.device() : a.device();
}

/// out = f(a, b) with broadcasting (a and b already converted to TIn) into a fresh output
/// laid out with `outStrides` (dense).
template <typename TIn, typename TOut, typename F>
Tensor mapBinary(const Tensor& a, const Tensor& b, const IntList& shape, ScalarType outType, F f,
                 const IntList& outStrides)
{
    Tensor out = newStridedTensor(shape, outStrides, outType, resultDevice(a, b));
    TOut* o = out.data<TOut>();
    const bool sameSlots = (a.isContiguous() && b.isContiguous() && out.isContiguous()) ||
                           (a.strides() == out.strides() && b.strides() == out.strides());
    if (sameSlots && a.sizes() == shape && b.sizes() == shape) {
        const TIn* x = a.data<TIn>();
        const TIn* y = b.data<TIn>();
        const int64_t n = out.numel();
        for (int64_t i = 0; i < n; ++i)
            o[i] = f(x[i], y[i]);
        return out;
    }
    if (((a.isContiguous() && out.isContiguous()) || a.strides() == out.strides()) && a.sizes() == shape &&
        b.numel() == 1) {
        const TIn* x = a.data<TIn>();
        const TIn y = *b.data<TIn>();
        const int64_t n = out.numel();
        for (int64_t i = 0; i < n; ++i)
            o[i] = f(x[i], y);
        return out;
    }
    stridedLoop<3>(shape,
                   {static_cast<char*>(out.rawData()), static_cast<char*>(a.rawData()),
                    static_cast<char*>(b.rawData())},
                   {out.strides(), broadcastStrides(a, shape), broadcastStrides(b, shape)},
                   {sizeof(TOut), sizeof(TIn), sizeof(TIn)},
                   [&](int64_t n, std::array<char*, 3> p, std::array<int64_t, 3> s) {
                       TOut* op = reinterpret_cast<TOut*>(p[0]);
                       const TIn* xp = reinterpret_cast<const TIn*>(p[1]);
                       const TIn* yp = reinterpret_cast<const TIn*>(p[2]);
                       for (int64_t i = 0; i < n; ++i)
                           op[i * s[0]] = f(xp[i * s[1]], yp[i * s[2]]);
                   });
    return out;
}

/// out = f(a, b), laid out as TensorIterator lays out the output of `a` and `b`.
template <typename TIn, typename TOut, typename F>
Tensor mapBinary(const Tensor& a, const Tensor& b, const IntList& shape, ScalarType outType, F f)
{
    return mapBinary<TIn, TOut>(a, b, shape, outType, f, elementwiseOutputStrides(shape, {&a, &b}));
}

/// Writes f(self, other) back into self (self: any strides; other broadcasts to self).
template <typename T, typename F>
void mapInplace(const Tensor& self, const Tensor& other, F f)
{
    stridedLoop<2>(self.sizes(), {static_cast<char*>(self.rawData()), static_cast<char*>(other.rawData())},
                   {self.strides(), broadcastStrides(other, self.sizes())}, {sizeof(T), sizeof(T)},
                   [&](int64_t n, std::array<char*, 2> p, std::array<int64_t, 2> s) {
                       T* sp = reinterpret_cast<T*>(p[0]);
                       const T* op = reinterpret_cast<const T*>(p[1]);
                       for (int64_t i = 0; i < n; ++i)
                           sp[i * s[0]] = f(sp[i * s[0]], op[i * s[1]]);
                   });
}

/// Storage offsets (in elements, relative to element 0) of every position of a
/// `sizes`/`strides` geometry, in row-major order: gather/scatter addressing.
std::vector<int64_t> elementOffsets(const IntList& sizes, const IntList& strides);

/// `t` itself when already laid out with `strides`, else a copy that is.
Tensor withStrides(const Tensor& t, const IntList& strides);

/// A kernel's contiguous result re-laid out as the output of an elementwise op of `inputs`
/// (Note [Output layout of elementwise ops]; a copy only when that layout is not contiguous).
Tensor asElementwiseOutput(const Tensor& result, std::initializer_list<const Tensor*> inputs);

/// `t` converted to dtype (a contiguous copy unless it already is that dtype).
Tensor convert(const Tensor& t, ScalarType dtype);

}  // namespace agv::ops::kernel
