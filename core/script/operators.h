#pragma once
// Operator vocabulary shared by the parser, the interpreter and host objects.

#include <cstdint>

namespace agv::script {

enum class BinaryOp : uint8_t {
    Add,
    Sub,
    Mul,
    MatMul,
    TrueDiv,
    FloorDiv,
    Mod,
    Pow,
    LShift,
    RShift,
    BitAnd,
    BitOr,
    BitXor,
};

enum class UnaryOp : uint8_t { Neg, Pos, Invert, Not };

enum class CompareOp : uint8_t { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };

/// "+", "@", "//" ... as written in source (used in error messages).
const char* binaryOpSymbol(BinaryOp op);
/// "__add__", "__matmul__" ...; reflected gives "__radd__", in-place "__iadd__".
const char* binaryOpDunder(BinaryOp op);
const char* reflectedBinaryOpDunder(BinaryOp op);
const char* inplaceBinaryOpDunder(BinaryOp op);
const char* compareOpSymbol(CompareOp op);
/// "__eq__", "__lt__" ... (only for the six rich comparisons)
const char* compareOpDunder(CompareOp op);
/// The comparison with operands swapped (a < b  <=>  b > a).
CompareOp swappedCompareOp(CompareOp op);

}  // namespace agv::script
