#pragma once
// The LAPACK / BLAS calls PyTorch 1.13's CPU linear algebra makes (lapack.cpp): getrf,
// getrs, potrf and trsm, one call per matrix of a batch, on column-major copies as ATen's
// apply_lu_factor, apply_lu_solve, apply_cholesky and apply_triangular_solve make them.
// Debian's PyTorch loads OpenBLAS's LAPACK (liblapack.so.3 -> openblas-pthread), the same
// routines our libopenblas exports, so the factors are the same bits. No autograd here:
// the ops of linalg_lapack.h wrap these kernels in their nodes. float and double only.

#include "core/tensor/tensor.h"

namespace agv::ops::lapack {

/// A column-major copy of the matrices of A (..., m, n): a fresh buffer whose transpose
/// view is returned, so the result has A's sizes and batched Fortran strides.
Tensor columnMajorCopy(const Tensor& A);

/// linalg_lu_factor_ex: P A = L U of each matrix (getrf, partial pivoting).
struct LuFactors {
    Tensor LU;      ///< L below the diagonal (unit diagonal implied), U on and above; column-major
    Tensor pivots;  ///< int32 (..., n), 1-based row swaps
    Tensor info;    ///< int32 (...): k > 0 when U(k, k) is exactly zero
};
LuFactors luFactor(const Tensor& A);

/// linalg_lu_solve: X with op(A) X = B (left) or X op(A) = B (right), op(A) = A^T when
/// `adjoint`, from A's LU factors; LU and pivots broadcast over B's batch dims. The result
/// is column-major (left) or row-major (right), as 1.13 lays it out.
Tensor luSolve(const Tensor& LU, const Tensor& pivots, const Tensor& B, bool left, bool adjoint);

/// The Cholesky factor (potrf) of each matrix of `A`, already copied column-major with the
/// triangle that is not read zeroed or kept as the caller needs; returns the int32 info
/// (k > 0: the leading minor of order k is not positive-definite).
Tensor choleskyInPlace(Tensor& factor, bool upper);

/// linalg_solve_triangular(A, B, upper, left) for A and B of the same batch shape: trsm
/// with the transposes and triangle flips 1.13 derives from their layouts; column-major result.
Tensor solveTriangular(const Tensor& A, const Tensor& B, bool upper, bool left);

}  // namespace agv::ops::lapack
