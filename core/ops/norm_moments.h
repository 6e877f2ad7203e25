#pragma once
// moments_utils.h's RowwiseMoments as PyTorch 1.13's CPU normalisation kernels compute it
// (layer_norm_kernel.cpp, group_norm_kernel.cpp): shared by layer_norm.cpp and
// group_norm.cpp, which include it alone.

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/ops/integer_arithmetic.h"

namespace agv::ops::moments {

/// One AVX2 register's worth of T (8 floats, 4 doubles), lane by lane.
template <typename T>
struct Vec {
    static constexpr int64_t kSize = int64_t(32 / sizeof(T));
    std::array<T, size_t(kSize)> v{};

    static Vec load(const T* p)
    {
        Vec out;
        for (int64_t l = 0; l < kSize; ++l)
            out.v[size_t(l)] = p[l];
        return out;
    }
};

// Note [Rowwise moments]
// moments_utils.h's RowwiseMoments, a Welford mean / variance in the row's dtype:
//   * the first n = N / L whole vectors go in chunks of 16: inside a chunk, lane-wise
//     Welford with the reciprocals 1 / (j + 1) precomputed (m1 += delta * c);
//   * each chunk's moments are merged (AddMomentsVec) into a binary-counter stack of
//     depth CeilLog2(chunks), a cascade like the sum's; then the stack is folded into
//     level 0, levels 1, 2, ... in turn;
//   * the last N % L elements get a scalar Welford (m1 += delta / count), into which
//     the L lanes are merged, lane 0 first;
//   * the variance is m2 / N.
// None of its products is fused with an addition.

/// AddMoments / AddMomentsVec on one lane: merges (m0Add, m1Add, m2Add) into (m0, m1, m2).
template <typename T>
void addMoments(int64_t m0Add, T m1Add, T m2Add, int64_t& m0, T& m1, T& m2)
{
    const int64_t n = m0 + m0Add;
    const T c = n == 0 ? T(0) : T(m0Add) / T(n);
    const T delta = m1Add - m1;
    m1 += c * delta;
    m2 += m2Add + delta * delta * c * T(m0);
    m0 = n;
}

template <typename T>
struct VecMoments {
    int64_t m0 = 0;
    Vec<T> m1, m2;

    void add(int64_t m0Add, const Vec<T>& m1Add, const Vec<T>& m2Add)
    {
        for (int64_t l = 0; l < Vec<T>::kSize; ++l) {
            int64_t count = m0;
            addMoments(m0Add, m1Add.v[size_t(l)], m2Add.v[size_t(l)], count, m1.v[size_t(l)], m2.v[size_t(l)]);
        }
        m0 += m0Add;
    }
};

/// (mean, biased variance) of x[0 .. n).
template <typename T>
std::pair<T, T> rowwiseMoments(const T* x, int64_t size)
{
    constexpr int64_t L = Vec<T>::kSize;
    constexpr int64_t kChunkSize = 16;
    const int64_t n = size / L;
    const int64_t chunks = (n + kChunkSize - 1) / kChunkSize;
    const int64_t depth = ceilLog2(chunks);
    std::vector<VecMoments<T>> stack{size_t(depth), VecMoments<T>{}};
    for (int64_t i = 0; i < chunks; ++i) {
        const T* chunk = x + i * kChunkSize * L;
        const int64_t m0 = std::min(kChunkSize, n - i * kChunkSize);
        Vec<T> m1, m2;
        for (int64_t j = 0; j < m0; ++j) {
            const Vec<T> xv = Vec<T>::load(chunk + j * L);
            const T c = T(1) / T(j + 1);
            for (int64_t l = 0; l < L; ++l) {
                T& mean = m1.v[size_t(l)];
                const T delta = xv.v[size_t(l)] - mean;
                mean += delta * c;
                m2.v[size_t(l)] += delta * (xv.v[size_t(l)] - mean);
            }
        }
        stack[0].add(m0, m1, m2);
        int64_t mask = i + 1;
        for (int64_t j = 1; j < depth && (mask & 1) == 0; ++j) {
            stack[size_t(j)].add(stack[size_t(j - 1)].m0, stack[size_t(j - 1)].m1, stack[size_t(j - 1)].m2);
            stack[size_t(j - 1)] = {};
            mask >>= 1;
        }
    }
    for (int64_t i = 1; i < depth; ++i)
        stack[0].add(stack[size_t(i)].m0, stack[size_t(i)].m1, stack[size_t(i)].m2);

    int64_t m0 = 0;
    T m1 = 0, m2 = 0;
    for (int64_t i = n * L; i < size; ++i) {
        const T delta = x[i] - m1;
        ++m0;
        m1 += delta / T(m0);
        m2 += delta * (x[i] - m1);
    }
    for (int64_t l = 0; l < L; ++l)
        addMoments(n, stack[0].m1.v[size_t(l)], stack[0].m2.v[size_t(l)], m0, m1, m2);
    return {m1, m2 / T(size)};
}

}  // namespace agv::ops::moments
