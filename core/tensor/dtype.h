#pragma once
// The four dtypes of the engine and PyTorch's promotion rules between them.

#include <cstddef>
#include <cstdint>
#include <string>

namespace agv {

enum class ScalarType : uint8_t { Bool, Int64, Float32, Float64 };

constexpr size_t elementSize(ScalarType t)
{
    switch (t) {
    case ScalarType::Bool: return 1;
    case ScalarType::Int64: return 8;
    case ScalarType::Float32: return 4;
    case ScalarType::Float64: return 8;
    }
    return 0;
}

constexpr bool isFloatingType(ScalarType t) { return t == ScalarType::Float32 || t == ScalarType::Float64; }
constexpr bool isIntegralType(ScalarType t, bool includeBool)
{
    return t == ScalarType::Int64 || (includeBool && t == ScalarType::Bool);
}

/// "torch.float32"
const char* dtypeName(ScalarType t);
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

/// Calls fn.template operator()<CppType>() for the dtype (all four).
#define AGV_DISPATCH_ALL(dtype, NAME, ...)                                                   \
    [&] {                                                                                     \
        switch (dtype) {                                                                      \
        case ::agv::ScalarType::Bool: { using scalar_t = bool; return __VA_ARGS__(); }       \
        case ::agv::ScalarType::Int64: { using scalar_t = int64_t; return __VA_ARGS__(); }   \
        case ::agv::ScalarType::Float32: { using scalar_t = float; return __VA_ARGS__(); }   \
        case ::agv::ScalarType::Float64: { using scalar_t = double; return __VA_ARGS__(); }  \
        }                                                                                     \
        throw ::agv::Error(::agv::PyExc::RuntimeError, std::string(NAME) + ": unsupported dtype"); \
    }()

#define AGV_DISPATCH_FLOATING(dtype, NAME, ...)                                              \
    [&] {                                                                                     \
        switch (dtype) {                                                                      \
        case ::agv::ScalarType::Float32: { using scalar_t = float; return __VA_ARGS__(); }   \
        case ::agv::ScalarType::Float64: { using scalar_t = double; return __VA_ARGS__(); }  \
        default: break;                                                                       \
        }                                                                                     \
        throw ::agv::Error(::agv::PyExc::RuntimeError,                                       \
                           std::string("\"") + NAME + "\" not implemented for '" +           \
                               ::agv::legacyDtypeShortName(dtype) + "'");                    \
    }()

/// "Float", "Long", "Bool", "Double" (as in "not implemented for 'Long'").
const char* legacyDtypeShortName(ScalarType t);

}  // namespace agv
