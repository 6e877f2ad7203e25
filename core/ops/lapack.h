#pragma once
// The LAPACK / BLAS calls PyTorch 1.13's CPU linear algebra makes (lapack.cpp): getrf,
// getrs, potrf, trsm, gesdd, geqrf, orgqr and syevd, one call per matrix of a batch, on
// column-major copies as ATen's apply_lu_factor, apply_lu_solve, apply_cholesky,
// apply_triangular_solve, apply_svd, apply_geqrf, apply_orgqr and apply_lapack_eigh make
// them, with the same workspace queries (gesdd's path depends on the workspace it is given).
// Debian's PyTorch loads OpenBLAS's LAPACK (liblapack.so.3 -> openblas-pthread), the same
// routines our libopenblas exports, so the factors are the same bits. No autograd here:
// the ops of linalg_lapack.h wrap these kernels in their nodes. float and double only.

#include <utility>

#include "core/tensor/tensor.h"

namespace agv::ops::lapack {

/// A column-major copy of the matrices of A (..., m, n): a fresh buffer whose transpose
/// view is returned, so the result has A's sizes and batched Fortran strides.
Tensor columnMajorCopy(const Tensor& A);

/// _linalg_broadcast_batch_dims(B, A): both expanded to their common batch shape, each
/// keeping its own matrix sizes (B's first).
std::pair<Tensor, Tensor> broadcastBatchDims(const Tensor& B, const Tensor& A);

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

/// cholesky_solve's kernel: potrs with the column-major factors of A (upper or lower) on
/// `X`, a column-major copy of the right-hand sides of the same batch shape.
void choleskySolveInPlace(const Tensor& factor, Tensor& X, bool upper);

/// cholesky_inverse's kernel: potri on `result`, a column-major copy of the factors, and the
/// triangle it computed mirrored onto the other; returns the int32 info (k > 0: U(k, k) = 0).
Tensor choleskyInverseInPlace(Tensor& result, bool upper);

/// linalg_solve_triangular(A, B, upper, left) for A and B of the same batch shape: trsm
/// with the transposes and triangle flips 1.13 derives from their layouts; column-major result.
/// A's diagonal is taken to be ones, and not read, when `unitriangular`.
Tensor solveTriangular(const Tensor& A, const Tensor& B, bool upper, bool left, bool unitriangular = false);

/// triangular_solve's kernel: trsm on the left with A itself (column-major) or its transpose,
/// into `X`, a column-major copy of the right-hand sides; both of one batch shape.
void solveTriangularInPlace(const Tensor& A, Tensor& X, bool upper, bool transposeA, bool unitriangular);

/// _linalg_svd (gesdd): U (..., m, m or k) and Vh (..., n or k, n) column-major, computed
/// only when `computeUv`; S (..., k) descending; int32 info (> 0: no convergence, -4: the
/// input had non-finite values).
struct SvdFactors {
    Tensor U;
    Tensor S;
    Tensor Vh;
    Tensor info;
};
SvdFactors svd(const Tensor& A, bool fullMatrices, bool computeUv);

/// geqrf on `QR`, a column-major (..., m, n) matrix overwritten by R and the Householder
/// vectors below it; returns tau (..., min(m, n)).
Tensor householderQrInPlace(Tensor& QR);
/// orgqr: overwrites the column-major `Q` (..., m, q), whose first tau.size(-1) columns
/// hold Householder vectors, with the first q columns of their product.
void householderProductInPlace(Tensor& Q, const Tensor& tau);

/// syevd on `vectors`, a column-major copy of symmetric matrices of which only the `upper`
/// (else lower) triangle is read: returns the eigenvalues (..., n) ascending and the int32
/// info; `vectors` holds the eigenvectors when `computeVectors`, garbage otherwise.
std::pair<Tensor, Tensor> symmetricEigenInPlace(Tensor& vectors, bool upper, bool computeVectors);

/// linalg_lstsq's drivers: QR (gels), QR with column pivoting (gelsy), the SVD by divide
/// and conquer (gelsd) or by QR iterations (gelss).
enum class LstsqDriver { Gels, Gelsy, Gelsd, Gelss };

/// apply_lstsq: minimises ||A X - B|| for each matrix of `X`, column-major (..., max(m, n),
/// nrhs) holding B in its first m rows on entry and the solution in its first n (then
/// gels / gelsd / gelss's residual rows) on exit. `A`, a column-major copy (..., m, n) whose
/// batch broadcasts to X's, is overwritten. `rank` (int64, A's batch; all but gels),
/// `singularValues` (A's batch, min(m, n); gelsd and gelss) and the int32 `infos` (A's
/// batch) are written per matrix of A. See Note [lstsq's pivots].
void lstsqInPlace(Tensor& A, Tensor& X, Tensor& rank, Tensor& singularValues, Tensor& infos, double rcond,
                  LstsqDriver driver);

/// apply_ldl_factor: the Bunch-Kaufman factorization (sytrf, lower) of each matrix of
/// `LD`, a column-major copy of A's lower triangle, in place; int32 1-based `pivots`
/// (A's batch, n) and `info` (A's batch: k > 0 when D(k, k) is exactly zero).
void ldlFactorInPlace(Tensor& LD, Tensor& pivots, Tensor& info);

/// apply_ldl_solve: sytrs with the column-major factors `LD` and their int32 `pivots` on `X`,
/// a column-major copy of the right-hand sides, whose batch LD's broadcasts to.
void ldlSolveInPlace(const Tensor& LD, const Tensor& pivots, Tensor& X);

}  // namespace agv::ops::lapack
