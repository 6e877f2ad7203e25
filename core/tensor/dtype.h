#pragma once
// The dtypes of the engine and PyTorch's promotion rules between them.

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/tensor/half.h"

namespace agv {

// Appended in the order they were added: traces store a dtype as this number.
enum class ScalarType : uint8_t { Bool, Int64, Float32, Float64, Half, BFloat16, Int32, Int16, Int8, UInt8 };

constexpr size_t elementSize(ScalarType t)
{
    switch (t) {
    case ScalarType::Bool: return 1;
    case ScalarType::Int64: return 8;
    case ScalarType::Float32: return 4;
    case ScalarType::Float64: return 8;
    case ScalarType::Half: return 2;
    case ScalarType::BFloat16: return 2;
    case ScalarType::Int32: return 4;
    case ScalarType::Int16: return 2;
    case ScalarType::Int8: return 1;
    case ScalarType::UInt8: return 1;
    }
    return 0;
}

constexpr bool isReducedFloatingType(ScalarType t) { return t == ScalarType::Half || t == ScalarType::BFloat16; }
constexpr bool isFloatingType(ScalarType t)
{
    return t == ScalarType::Float32 || t == ScalarType::Float64 || isReducedFloatingType(t);
}
constexpr bool isIntegralType(ScalarType t, bool includeBool)
{
    return t == ScalarType::Int64 || t == ScalarType::Int32 || t == ScalarType::Int16 || t == ScalarType::Int8 ||
           t == ScalarType::UInt8 || (includeBool && t == ScalarType::Bool);
}

/// "torch.float32"
const char* dtypeName(ScalarType t);
/// PyTorch's TypeMeta name of a dtype, as its dtype-mismatch messages print it ("long int").
const char* typeMetaName(ScalarType t);
/// "FloatTensor" style names used by error messages ("torch.FloatTensor").
const char* legacyTensorTypeName(ScalarType t);

/// torch.promote_types for two tensor dtypes.
ScalarType promoteTypes(ScalarType a, ScalarType b);

/// The default floating dtype (torch.get_default_dtype()).
ScalarType defaultFloatType();
void setDefaultFloatType(ScalarType t);

/// C++ type of a ScalarType, for kernels.
template <ScalarType T> struct CppTypeOf;
template <> struct CppTypeOf<ScalarType::Bool> { using type = bool; };
template <> struct CppTypeOf<ScalarType::Int64> { using type = int64_t; };
template <> struct CppTypeOf<ScalarType::Float32> { using type = float; };
template <> struct CppTypeOf<ScalarType::Float64> { using type = double; };
template <> struct CppTypeOf<ScalarType::Half> { using type = Half; };
template <> struct CppTypeOf<ScalarType::BFloat16> { using type = BFloat16; };
template <> struct CppTypeOf<ScalarType::Int32> { using type = int32_t; };
template <> struct CppTypeOf<ScalarType::Int16> { using type = int16_t; };
template <> struct CppTypeOf<ScalarType::Int8> { using type = int8_t; };
template <> struct CppTypeOf<ScalarType::UInt8> { using type = uint8_t; };

/// PyTorch's error for a kernel that has no case for a dtype:
/// "addmm_impl_cpu_" not implemented for 'Half'.
#define AGV_DISPATCH_NOT_IMPLEMENTED(dtype, NAME)                                            \
    ::agv::Error(::agv::PyExc::RuntimeError, std::string("\"") + (NAME) + "\" not implemented for '" + \
                                                 ::agv::legacyDtypeShortName(dtype) + "'")

/// Calls the lambda with scalar_t set to the dtype's C++ type: bool, the integer types,
/// float, double.
/// Half and BFloat16 are refused with PyTorch's "not implemented" error, so a kernel
/// takes them only where it says so (AGV_DISPATCH_ALL_AND_HALF) after checking that
/// PyTorch 1.13's CPU kernel does.
#define AGV_DISPATCH_ALL(dtype, NAME, ...)                                                   \
    [&] {                                                                                     \
        switch (dtype) {                                                                      \
        case ::agv::ScalarType::Bool: { using scalar_t = bool; return __VA_ARGS__(); }       \
        case ::agv::ScalarType::Int64: { using scalar_t = int64_t; return __VA_ARGS__(); }   \
        case ::agv::ScalarType::Int32: { using scalar_t = int32_t; return __VA_ARGS__(); }   \
        case ::agv::ScalarType::Int16: { using scalar_t = int16_t; return __VA_ARGS__(); }   \
        case ::agv::ScalarType::Int8: { using scalar_t = int8_t; return __VA_ARGS__(); }     \
        case ::agv::ScalarType::UInt8: { using scalar_t = uint8_t; return __VA_ARGS__(); }   \
        case ::agv::ScalarType::Float32: { using scalar_t = float; return __VA_ARGS__(); }   \
        case ::agv::ScalarType::Float64: { using scalar_t = double; return __VA_ARGS__(); }  \
        default: break;                                                                       \
        }                                                                                     \
        throw AGV_DISPATCH_NOT_IMPLEMENTED(dtype, NAME);                                      \
    }()

/// AGV_DISPATCH_ALL plus Half and BFloat16 (see Note [16-bit floats compute in float]).
#define AGV_DISPATCH_ALL_AND_HALF(dtype, NAME, ...)                                          \
    [&] {                                                                                     \
        switch (dtype) {                                                                      \
        case ::agv::ScalarType::Bool: { using scalar_t = bool; return __VA_ARGS__(); }       \
        case ::agv::ScalarType::Int64: { using scalar_t = int64_t; return __VA_ARGS__(); }   \
        case ::agv::ScalarType::Int32: { using scalar_t = int32_t; return __VA_ARGS__(); }   \
        case ::agv::ScalarType::Int16: { using scalar_t = int16_t; return __VA_ARGS__(); }   \
        case ::agv::ScalarType::Int8: { using scalar_t = int8_t; return __VA_ARGS__(); }     \
        case ::agv::ScalarType::UInt8: { using scalar_t = uint8_t; return __VA_ARGS__(); }   \
        case ::agv::ScalarType::Float32: { using scalar_t = float; return __VA_ARGS__(); }   \
        case ::agv::ScalarType::Float64: { using scalar_t = double; return __VA_ARGS__(); }  \
        case ::agv::ScalarType::Half: { using scalar_t = ::agv::Half; return __VA_ARGS__(); } \
        case ::agv::ScalarType::BFloat16: { using scalar_t = ::agv::BFloat16; return __VA_ARGS__(); } \
        }                                                                                     \
        throw AGV_DISPATCH_NOT_IMPLEMENTED(dtype, NAME);                                      \
    }()

#define AGV_DISPATCH_FLOATING(dtype, NAME, ...)                                              \
    [&] {                                                                                     \
        switch (dtype) {                                                                      \
        case ::agv::ScalarType::Float32: { using scalar_t = float; return __VA_ARGS__(); }   \
        case ::agv::ScalarType::Float64: { using scalar_t = double; return __VA_ARGS__(); }  \
        default: break;                                                                       \
        }                                                                                     \
        throw AGV_DISPATCH_NOT_IMPLEMENTED(dtype, NAME);                                      \
    }()

/// AGV_DISPATCH_FLOATING plus Half and BFloat16.
#define AGV_DISPATCH_FLOATING_AND_HALF(dtype, NAME, ...)                                     \
    [&] {                                                                                     \
        switch (dtype) {                                                                      \
        case ::agv::ScalarType::Float32: { using scalar_t = float; return __VA_ARGS__(); }   \
        case ::agv::ScalarType::Float64: { using scalar_t = double; return __VA_ARGS__(); }  \
        case ::agv::ScalarType::Half: { using scalar_t = ::agv::Half; return __VA_ARGS__(); } \
        case ::agv::ScalarType::BFloat16: { using scalar_t = ::agv::BFloat16; return __VA_ARGS__(); } \
        default: break;                                                                       \
        }                                                                                     \
        throw AGV_DISPATCH_NOT_IMPLEMENTED(dtype, NAME);                                      \
    }()

/// AGV_DISPATCH_ALL, or AGV_DISPATCH_ALL_AND_HALF when the constant TAKES_HALF is true
/// (for kernels templated on whether the op they serve takes 16-bit floats).
#define AGV_DISPATCH_ALL_MAYBE_HALF(TAKES_HALF, dtype, NAME, ...)                            \
    [&] {                                                                                     \
        if constexpr (TAKES_HALF)                                                             \
            return AGV_DISPATCH_ALL_AND_HALF(dtype, NAME, __VA_ARGS__);                       \
        else                                                                                  \
            return AGV_DISPATCH_ALL(dtype, NAME, __VA_ARGS__);                                \
    }()

/// "Float", "Long", "Int", "Byte", "Bool", "Double", "Half", "BFloat16" (as in "not
/// implemented for 'Long'").
const char* legacyDtypeShortName(ScalarType t);

}  // namespace agv
