#include "core/tensor/dtype.h"

namespace agv {

namespace {
ScalarType g_defaultFloat = ScalarType::Float32;

int category(ScalarType t)
{
    switch (t) {
    case ScalarType::Bool: return 0;
    case ScalarType::Int64:
    case ScalarType::Int32:
    case ScalarType::Int16:
    case ScalarType::Int8:
    case ScalarType::UInt8: return 1;
    default: return 2;
    }
}

/// Two different integer types: the wider signed one, except that uint8 and int8 (neither
/// of which holds the other) meet in int16, as in c10's promotion table.
ScalarType promoteIntegers(ScalarType a, ScalarType b)
{
    if ((a == ScalarType::UInt8 && b == ScalarType::Int8) || (a == ScalarType::Int8 && b == ScalarType::UInt8))
        return ScalarType::Int16;
    if (a == ScalarType::UInt8)
        return b;
    if (b == ScalarType::UInt8)
        return a;
    return elementSize(a) > elementSize(b) ? a : b;
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
    case ScalarType::Int32: return "torch.int32";
    case ScalarType::Int16: return "torch.int16";
    case ScalarType::Int8: return "torch.int8";
    case ScalarType::UInt8: return "torch.uint8";
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
    case ScalarType::Int32: return "IntTensor";
    case ScalarType::Int16: return "ShortTensor";
    case ScalarType::Int8: return "CharTensor";
    case ScalarType::UInt8: return "ByteTensor";
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
    case ScalarType::Int32: return "Int";
    case ScalarType::Int16: return "Short";
    case ScalarType::Int8: return "Char";
    case ScalarType::UInt8: return "Byte";
    }
    return "?";
}

const char* typeMetaName(ScalarType t)
{
    switch (t) {
    case ScalarType::Bool: return "bool";
    case ScalarType::Int64: return "long int";
    case ScalarType::Float32: return "float";
    case ScalarType::Float64: return "double";
    case ScalarType::Half: return "c10::Half";
    case ScalarType::BFloat16: return "c10::BFloat16";
    case ScalarType::Int32: return "int";
    case ScalarType::Int16: return "short int";
    case ScalarType::Int8: return "signed char";
    case ScalarType::UInt8: return "unsigned char";
    }
    return "?";
}

ScalarType promoteTypes(ScalarType a, ScalarType b)
{
    if (a == b)
        return a;
    if (category(a) != category(b))
        return category(a) > category(b) ? a : b;
    if (category(a) == 1)
        return promoteIntegers(a, b);
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
