#pragma once
// The argument checks of ATen's LinearAlgebraUtils.h that the ops of linalg_lapack.h run
// first, with 1.13's messages.

#include "core/error.h"
#include "core/tensor/dtype.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

inline void checkIsMatrix(const Tensor& t, const char* fname, const char* argName = "A")
{
    AGV_CHECK(t.dim() >= 2, RuntimeError, fname, ": The input tensor ", argName,
              " must have at least 2 dimensions.");
}

inline void squareCheckInputs(const Tensor& t, const char* fname, const char* argName = "A")
{
    checkIsMatrix(t, fname, argName);
    AGV_CHECK(t.size(-1) == t.size(-2), RuntimeError, fname, ": ", argName,
              " must be batches of square matrices, but they are ", t.size(-2), " by ", t.size(-1), " matrices");
}

/// checkInputsSolver: A square, B a matrix, and their sizes fit AX = B (left) or XA = B.
inline void checkInputsSolver(const Tensor& A, const Tensor& B, bool left, const char* fname)
{
    squareCheckInputs(A, fname, "A");
    checkIsMatrix(B, fname, "B");
    AGV_CHECK(left ? A.size(-2) == B.size(-2) : A.size(-1) == B.size(-1), RuntimeError, fname,
              ": Incompatible shapes of A and B for the equation ", left ? "AX = B" : "XA = B", " (", A.size(-2), "x",
              A.size(-1), " and ", B.size(-2), "x", B.size(-1), ")");
}

/// linearSolveCheckInputs of the legacy solvers (triangular_solve, cholesky_solve): b and A
/// of one dtype, A square and of b's row count.
inline void linearSolveCheckInputs(const Tensor& b, const Tensor& A, const char* name)
{
    AGV_CHECK(b.dtype() == A.dtype(), RuntimeError, "Expected b and A to have the same dtype, but found b of type ",
              legacyDtypeShortName(b.dtype()), " and A of type ", legacyDtypeShortName(A.dtype()), " instead.");
    AGV_CHECK(A.size(-1) == A.size(-2), RuntimeError, "A must be batches of square matrices, but they are ",
              A.size(-2), " by ", A.size(-1), " matrices");
    AGV_CHECK(A.size(-1) == b.size(-2), RuntimeError, "Incompatible matrix sizes for ", name, ": each A matrix is ",
              A.size(-1), " by ", A.size(-1), " but each b matrix is ", b.size(-2), " by ", b.size(-1));
}

/// checkFloatingOrComplex; Half and BFloat16 pass unless `allowLowPrecision` is false (they
/// then fail at the kernel's dispatch, as in 1.13).
inline void checkFloatingOrComplex(const Tensor& t, const char* fname, bool allowLowPrecision = true)
{
    const ScalarType type = t.dtype();
    AGV_CHECK(isFloatingType(type), RuntimeError, fname, ": Expected a floating point or complex tensor as input. Got ",
              legacyDtypeShortName(type));
    AGV_CHECK(allowLowPrecision || type == ScalarType::Float32 || type == ScalarType::Float64, RuntimeError, fname,
              ": Low precision dtypes not supported. Got ", legacyDtypeShortName(type));
}

}  // namespace agv::ops
