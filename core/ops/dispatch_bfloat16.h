#pragma once
// A dispatch for the 1.13 kernels that take bfloat16 but not float16.

#include "core/tensor/dtype.h"

/// AGV_DISPATCH_FLOATING plus BFloat16, for 1.13's kernels dispatched
/// AT_DISPATCH_FLOATING_TYPES_AND(kBFloat16, ...): Half gets their "not implemented" error.
#define AGV_DISPATCH_FLOATING_AND_BFLOAT16(dtype, NAME, ...)                                 \
    [&] {                                                                                     \
        switch (dtype) {                                                                      \
        case ::agv::ScalarType::Float32: { using scalar_t = float; return __VA_ARGS__(); }   \
        case ::agv::ScalarType::Float64: { using scalar_t = double; return __VA_ARGS__(); }  \
        case ::agv::ScalarType::BFloat16: { using scalar_t = ::agv::BFloat16; return __VA_ARGS__(); } \
        default: break;                                                                       \
        }                                                                                     \
        throw AGV_DISPATCH_NOT_IMPLEMENTED(dtype, NAME);                                      \
    }()
