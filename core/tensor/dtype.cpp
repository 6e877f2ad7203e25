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
    }
    return "?";
}

ScalarType promoteTypes(ScalarType a, ScalarType b)
{
    if (a == b)
        return a;
    if (category(a) != category(b))
        return category(a) > category(b) ? a : b;
    // Same category, different types: only the two floats.
    return ScalarType::Float64;
}

ScalarType defaultFloatType() { return g_defaultFloat; }
void setDefaultFloatType(ScalarType t) { g_defaultFloat = t; }

}  // namespace agv
