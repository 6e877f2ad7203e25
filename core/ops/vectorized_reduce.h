#pragma once
// ATen's vec::reduce_all / map_reduce_all for a sum over a contiguous run, lane by lane:
// the order of the additions is what fixes the rounding, so it is kept exactly.

#include <algorithm>
#include <array>
#include <cstdint>
#include <type_traits>

namespace agv::ops::vectorized {

// Note [Vectorised row reductions]
// vec::reduce_all / map_reduce_all (ATen/cpu/vec/functional_base.h) keep one vector
// accumulator: the first full vector, then each further full vector added lane-wise,
// then the tail as a zero-padded vector added into its first lanes only. A row shorter
// than a vector is summed lane by lane. The final vector is reduced, for float, by the
// AVX2 shuffles ((l0 + l4) + (l2 + l6)) + ((l1 + l5) + (l3 + l7)); for double, whose
// specialisation is missing, lane by lane.
template <typename T, int L>
inline T reduceLanes(const std::array<T, L>& v, int64_t valid)
{
    if constexpr (std::is_same_v<T, float> && L == 8) {
        if (valid >= L)
            return ((v[0] + v[4]) + (v[2] + v[6])) + ((v[1] + v[5]) + (v[3] + v[7]));
    }
    T total = v[0];
    for (int64_t i = 1; i < std::min<int64_t>(valid, L); ++i)
        total += v[size_t(i)];
    return total;
}

/// map_reduce_all(map, +, data, n) with `map` applied lane-wise to whole vectors.
template <typename T, int L, typename Map>
inline T mapSum(const T* data, int64_t n, Map map)
{
    std::array<T, L> acc{}, chunk{};
    auto load = [&](int64_t at, int64_t count) {
        std::array<T, L> v{};
        std::copy(data + at, data + at + count, v.begin());
        map(v);
        return v;
    };
    if (n < L) {
        acc = load(0, n);
        return reduceLanes<T, L>(acc, n);
    }
    acc = load(0, L);
    int64_t d = L;
    for (; d < n - n % L; d += L) {
        chunk = load(d, L);
        for (int l = 0; l < L; ++l)
            acc[size_t(l)] += chunk[size_t(l)];
    }
    if (n - d > 0) {
        chunk = load(d, n - d);
        for (int64_t l = 0; l < n - d; ++l)
            acc[size_t(l)] += chunk[size_t(l)];
    }
    return reduceLanes<T, L>(acc, L);
}

}  // namespace agv::ops::vectorized
