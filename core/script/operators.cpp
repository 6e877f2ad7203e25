#include "core/script/operators.h"

namespace agv::script {

const char* binaryOpSymbol(BinaryOp op)
{
    switch (op) {
    case BinaryOp::Add: return "+";
    case BinaryOp::Sub: return "-";
    case BinaryOp::Mul: return "*";
    case BinaryOp::MatMul: return "@";
    case BinaryOp::TrueDiv: return "/";
    case BinaryOp::FloorDiv: return "//";
    case BinaryOp::Mod: return "%";
    case BinaryOp::Pow: return "** or pow()";
    case BinaryOp::LShift: return "<<";
    case BinaryOp::RShift: return ">>";
    case BinaryOp::BitAnd: return "&";
    case BinaryOp::BitOr: return "|";
    case BinaryOp::BitXor: return "^";
    }
    return "?";
}

const char* binaryOpDunder(BinaryOp op)
{
    switch (op) {
    case BinaryOp::Add: return "__add__";
    case BinaryOp::Sub: return "__sub__";
    case BinaryOp::Mul: return "__mul__";
    case BinaryOp::MatMul: return "__matmul__";
    case BinaryOp::TrueDiv: return "__truediv__";
    case BinaryOp::FloorDiv: return "__floordiv__";
    case BinaryOp::Mod: return "__mod__";
    case BinaryOp::Pow: return "__pow__";
    case BinaryOp::LShift: return "__lshift__";
    case BinaryOp::RShift: return "__rshift__";
    case BinaryOp::BitAnd: return "__and__";
    case BinaryOp::BitOr: return "__or__";
    case BinaryOp::BitXor: return "__xor__";
    }
    return "?";
}

const char* reflectedBinaryOpDunder(BinaryOp op)
{
    switch (op) {
    case BinaryOp::Add: return "__radd__";
    case BinaryOp::Sub: return "__rsub__";
    case BinaryOp::Mul: return "__rmul__";
    case BinaryOp::MatMul: return "__rmatmul__";
    case BinaryOp::TrueDiv: return "__rtruediv__";
    case BinaryOp::FloorDiv: return "__rfloordiv__";
    case BinaryOp::Mod: return "__rmod__";
    case BinaryOp::Pow: return "__rpow__";
    case BinaryOp::LShift: return "__rlshift__";
    case BinaryOp::RShift: return "__rrshift__";
    case BinaryOp::BitAnd: return "__rand__";
    case BinaryOp::BitOr: return "__ror__";
    case BinaryOp::BitXor: return "__rxor__";
    }
    return "?";
}

const char* inplaceBinaryOpDunder(BinaryOp op)
{
    switch (op) {
    case BinaryOp::Add: return "__iadd__";
    case BinaryOp::Sub: return "__isub__";
    case BinaryOp::Mul: return "__imul__";
    case BinaryOp::MatMul: return "__imatmul__";
    case BinaryOp::TrueDiv: return "__itruediv__";
    case BinaryOp::FloorDiv: return "__ifloordiv__";
    case BinaryOp::Mod: return "__imod__";
    case BinaryOp::Pow: return "__ipow__";
    case BinaryOp::LShift: return "__ilshift__";
    case BinaryOp::RShift: return "__irshift__";
    case BinaryOp::BitAnd: return "__iand__";
    case BinaryOp::BitOr: return "__ior__";
    case BinaryOp::BitXor: return "__ixor__";
    }
    return "?";
}

const char* compareOpSymbol(CompareOp op)
{
    switch (op) {
    case CompareOp::Eq: return "==";
    case CompareOp::NotEq: return "!=";
    case CompareOp::Lt: return "<";
    case CompareOp::LtE: return "<=";
    case CompareOp::Gt: return ">";
    case CompareOp::GtE: return ">=";
    case CompareOp::Is: return "is";
    case CompareOp::IsNot: return "is not";
    case CompareOp::In: return "in";
    case CompareOp::NotIn: return "not in";
    }
    return "?";
}

const char* compareOpDunder(CompareOp op)
{
    switch (op) {
    case CompareOp::Eq: return "__eq__";
    case CompareOp::NotEq: return "__ne__";
    case CompareOp::Lt: return "__lt__";
    case CompareOp::LtE: return "__le__";
    case CompareOp::Gt: return "__gt__";
    case CompareOp::GtE: return "__ge__";
    default: return "";
    }
}

CompareOp swappedCompareOp(CompareOp op)
{
    switch (op) {
    case CompareOp::Lt: return CompareOp::Gt;
    case CompareOp::LtE: return CompareOp::GtE;
    case CompareOp::Gt: return CompareOp::Lt;
    case CompareOp::GtE: return CompareOp::LtE;
    default: return op;
    }
}

}  // namespace agv::script
