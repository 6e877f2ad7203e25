#include "core/tensor/dtype.h"

namespace agv {

namespace {
ScalarType g_defaultFloat = ScalarType::Float32;

int category(ScalarType t)
{
    switch (t) {
    case ScalarType::Bool: return 0;
    case ScalarType::Int64: return 1;
    default: return 2;
    }
}
}  // namespace

const char* dtypeName(ScalarType t)
{
    switch (t) {
    case ScalarType::Bool: return "torch.bool";
    case ScalarType::Int64: return "torch.int64";
    case ScalarType::Float32: return "torch.float32";
    case ScalarType::Float64: return "torch.float64";
    case ScalarType::Half: return "torch.float16";
    case ScalarType::BFloat16: return "torch.bfloat16";
    }
    return "?";
}

const char* legacyTensorTypeName(ScalarType t)
{
    switch (t) {
    case ScalarType::Bool: return "BoolTensor";
    case ScalarType::Int64: return "LongTensor";
    case ScalarType::Float32: return "FloatTensor";
    case ScalarType::Float64: return "DoubleTensor";
    case ScalarType::Half: return "HalfTensor";
    case ScalarType::BFloat16: return "BFloat16Tensor";
    }
    return "?";
}

const char* legacyDtypeShortName(ScalarType t)
{
    switch (t) {
    case ScalarType::Bool: return "Bool";
    case ScalarType::Int64: return "Long";
    case ScalarType::Float32: return "Float";
    case ScalarType::Float64: return "Double";
    case ScalarType::Half: return "Half";
    case ScalarType::BFloat16: return "BFloat16";
    }
    return "?";
}

ScalarType promoteTypes(ScalarType a, ScalarType b)
{
    if (a == b)
        return a;
    if (category(a) != category(b))
        return category(a) > category(b) ? a : b;
    // Same category, different types: two floating types. The wider one wins; float16
    // and bfloat16, neither of which holds the other, meet in float32.
    auto rank = [](ScalarType t) { return t == ScalarType::Float64 ? 2 : t == ScalarType::Float32 ? 1 : 0; };
    if (rank(a) == rank(b))
        return ScalarType::Float32;
    return rank(a) > rank(b) ? a : b;
}

ScalarType defaultFloatType() { return g_defaultFloat; }
void setDefaultFloatType(ScalarType t) { g_defaultFloat = t; }

}  // namespace agv
