#pragma once
// torch.linalg's LAPACK-backed core with PyTorch 1.13's kernels, nodes and messages: det,
// slogdet, logdet (linalg_det.cpp), inv and solve (linalg_solve.cpp), cholesky
// (linalg_cholesky.cpp), svd (linalg_svd.cpp), qr and geqrf (linalg_qr.cpp), eigh
// (linalg_eigh.cpp), the triangular solvers (linalg_solve_triangular.cpp), LU
// (linalg_lu.cpp), pinv (linalg_pinv.cpp), householder_product
// (linalg_householder_product.cpp) and, beside them though it needs no LAPACK, matrix_exp
// (linalg_matrix_exp.cpp). Real float32 / float64 only: complex tensors do not exist here.
// Kept apart from ops.h so adding them rebuilds only their users.

#include <optional>
#include <string>
#include <tuple>
#include <utility>

#include "core/error.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

/// torch.linalg.LinAlgError (torch._C._LinAlgError, a RuntimeError): the matrix is singular
/// or not positive-definite, as a check of the info LAPACK returned found.
class LinAlgError : public Error {
public:
    explicit LinAlgError(std::string message) : Error(PyExc::RuntimeError, std::move(message)) {}
};

/// _linalg_check_errors: raises LinAlgError for the first nonzero info, worded after the
/// api name ("linalg.inv", "torch.linalg.solve", "linalg.cholesky", ...); a batch element
/// is named unless `isMatrix` (the input was one matrix).
void checkLinalgErrors(const Tensor& info, const std::string& apiName, bool isMatrix);

/// The determinant of each matrix (LinalgDetBackward0): the product of U's diagonal from
/// the LU factors of A^T (of A when A is not contiguous), signed by the row swaps.
Tensor linalgDet(const Tensor& A);

/// (sign, log|det|) of each matrix (both LinalgSlogdetBackward0); the same factors as det.
std::pair<Tensor, Tensor> linalgSlogdet(const Tensor& A);

/// log(det): 1.13's composite where(sign == -1, nan, logabsdet) (WhereBackward0 over
/// LinalgSlogdetBackward0).
Tensor logdet(const Tensor& A);

/// (inverse, int32 info) (LinalgInvExBackward0): A solved against the identity, raising
/// for a singular matrix only when `checkErrors`.
std::pair<Tensor, Tensor> linalgInvEx(const Tensor& A, bool checkErrors = false);
/// linalg.inv / torch.inverse: inv_ex, then the singular-matrix check.
Tensor linalgInv(const Tensor& A);

/// (X, int32 info) with AX = B (left) or XA = B (LinalgSolveExBackward0); B may be a vector
/// or a batch of vectors (NumPy's rule), batch dims broadcast.
std::pair<Tensor, Tensor> linalgSolveEx(const Tensor& A, const Tensor& B, bool left = true, bool checkErrors = false);
/// linalg.solve: solve_ex, then the singular-matrix check.
Tensor linalgSolve(const Tensor& A, const Tensor& B, bool left = true);

/// (L, int32 info) with A = L L^T, or (U, info) with A = U^T U when `upper`
/// (LinalgCholeskyExBackward0); only A's lower (upper) triangle is read.
std::pair<Tensor, Tensor> linalgCholeskyEx(const Tensor& A, bool upper = false, bool checkErrors = false);
/// linalg.cholesky: cholesky_ex, then the positive-definiteness check.
Tensor linalgCholesky(const Tensor& A, bool upper = false);
/// The deprecated torch.cholesky (CholeskyBackward0), with its one-time warning.
Tensor cholesky(const Tensor& A, bool upper = false);

/// X with A X = b for A = L L^T given its Cholesky factor (A = U^T U when `upper`), batch
/// dims broadcast (CholeskySolveBackward0): potrs.
Tensor choleskySolve(const Tensor& b, const Tensor& factor, bool upper = false);
/// (L L^T)^{-1} from the Cholesky factor ((U^T U)^{-1} when `upper`) (CholeskyInverseBackward0): potri.
Tensor choleskyInverse(const Tensor& factor, bool upper = false);

/// (U, S, Vh) with A = U diag(S) Vh, from gesdd (all three LinalgSvdBackward0); U and Vh
/// are square when `fullMatrices`, else (m, k) and (k, n).
std::tuple<Tensor, Tensor, Tensor> linalgSvd(const Tensor& A, bool fullMatrices = true);
/// The singular values only; U and Vh are computed too when A requires grad, as 1.13 does
/// (so S has the same bits with and without autograd).
Tensor linalgSvdvals(const Tensor& A);
/// torch.svd: (U, S, V) from linalg.svd (V = Vh^T, TransposeBackward0), or zero U (m, m)
/// and V (n, n) beside svdvals when not `computeUv`.
std::tuple<Tensor, Tensor, Tensor> svd(const Tensor& A, bool some = true, bool computeUv = true);

/// (Q, R) with A = Q R (both LinalgQrBackward0) for mode "reduced", "complete" or "r"
/// (Q then empty): geqrf, then orgqr for Q.
std::pair<Tensor, Tensor> linalgQr(const Tensor& A, const std::string& mode = "reduced");
/// (a, tau): geqrf's packed factors, R on and above a's diagonal and the Householder vectors
/// below it (GeqrfBackward0, which has no derivative formula in 1.13).
std::pair<Tensor, Tensor> geqrf(const Tensor& A);
/// The deprecated torch.qr: linalg.qr in mode "reduced" or "complete", with its warning.
std::pair<Tensor, Tensor> qr(const Tensor& A, bool some = true);

/// (eigenvalues, eigenvectors) of symmetric matrices of which the triangle `uplo` ("L" or
/// "U") is read (both LinalgEighBackward0): syevd.
std::pair<Tensor, Tensor> linalgEigh(const Tensor& A, const std::string& uplo = "L");
/// The eigenvalues only; the eigenvectors are computed too when A requires grad.
Tensor linalgEigvalsh(const Tensor& A, const std::string& uplo = "L");

/// X with AX = B (left) or XA = B, A upper (lower) triangular, its diagonal taken as ones
/// when `unitriangular`; batch dims broadcast (LinalgSolveTriangularBackward0).
Tensor linalgSolveTriangular(const Tensor& A, const Tensor& B, bool upper, bool left = true,
                             bool unitriangular = false);
/// The deprecated torch.triangular_solve(b, A): (X, a copy of A) with op(A) X = b, op(A) =
/// A^T when `transposeA` (both TriangularSolveBackward0).
std::pair<Tensor, Tensor> triangularSolve(const Tensor& b, const Tensor& A, bool upper = true, bool transposeA = false,
                                          bool unitriangular = false);

/// (LU, int32 pivots, int32 info): getrf's packed factors of P A = L U (LinalgLuFactorExBackward0
/// on LU); `pivot` = false is refused on the CPU, as in 1.13.
std::tuple<Tensor, Tensor, Tensor> linalgLuFactorEx(const Tensor& A, bool pivot = true, bool checkErrors = false);
/// torch._lu_with_info, behind the deprecated torch.lu: lu_factor_ex with its warning.
std::tuple<Tensor, Tensor, Tensor> luWithInfo(const Tensor& A, bool pivot = true);
/// linalg.lu_factor: lu_factor_ex, then the check for an exactly zero U[k, k].
std::pair<Tensor, Tensor> linalgLuFactor(const Tensor& A, bool pivot = true);
/// (P, L, U) with A = P L U, unpacked from lu_factor's results (LuUnpackBackward0 on L and U);
/// P or L and U are left empty when not asked for.
std::tuple<Tensor, Tensor, Tensor> luUnpack(const Tensor& LU, const Tensor& pivots, bool unpackData = true,
                                            bool unpackPivots = true);
/// (P, L, U) with A = P L U (LinalgLuBackward0 on L and U).
std::tuple<Tensor, Tensor, Tensor> linalgLu(const Tensor& A, bool pivot = true);
/// X with op(A) X = B (left) or X op(A) = B from A's LU factors, op(A) = A^T when `adjoint`
/// (LinalgLuSolveBackward0).
Tensor linalgLuSolve(const Tensor& LU, const Tensor& pivots, const Tensor& B, bool left = true,
                     bool adjoint = false);
/// The deprecated torch.lu_solve(B, LU, pivots), with its warning.
Tensor luSolve(const Tensor& B, const Tensor& LU, const Tensor& pivots);

/// The pseudo-inverse (LinalgPinvBackward0): the SVD (eigh when `hermitian`) inverted where
/// the singular values exceed max(atol, rtol * the largest); float64 0-d tolerances, rtol
/// eps * max(m, n) by default (0 when a positive atol is given).
Tensor linalgPinv(const Tensor& A, const std::optional<Tensor>& atol = {}, const std::optional<Tensor>& rtol = {},
                  bool hermitian = false);

/// The LDL^T (Bunch-Kaufman) factorization of the lower triangle of symmetric A: LD
/// (column-major, L below the diagonal and the blocks of D on it), 1-based int32 pivots and
/// int32 info, checked when `checkErrors` as 1.13 checks it (an internal assert). No
/// derivative in 1.13: LD's grad_fn is NotImplemented.
std::tuple<Tensor, Tensor, Tensor> linalgLdlFactorEx(const Tensor& A, bool hermitian = false, bool checkErrors = false);
std::pair<Tensor, Tensor> linalgLdlFactor(const Tensor& A, bool hermitian = false);
/// X with A X = B from A's LDL^T factors (B's batch and LD's broadcast); integer pivots of
/// any width. NotImplemented grad_fn, as in 1.13.
Tensor linalgLdlSolve(const Tensor& LD, const Tensor& pivots, const Tensor& B, bool hermitian = false);

/// pinv_backward: the gradient of A from the gradient of pinv(A) (linalg_lstsq's backward
/// uses it too).
Tensor pinvBackward(const Tensor& grad, const Tensor& pinvA, const Tensor& A);

/// linalg.lstsq's four results; the fields a driver does not compute are empty.
struct LstsqResult {
    Tensor solution;        ///< (..., n, nrhs) or (..., n)
    Tensor residuals;       ///< squared residual norms: m > n, full rank, not gelsy
    Tensor rank;            ///< int64, A's batch: all drivers but gels
    Tensor singularValues;  ///< (..., min(m, n)): gelsd and gelss
};
/// min ||A X - B|| by LAPACK's gels, gelsy (the default), gelsd or gelss, B broadcast
/// against A's batch; `driver` is matched case-insensitively. LinalgLstsqBackward0 on the
/// solution (through pinv(A)); the other results are not differentiable. See Note [lstsq's
/// pivots] (core/ops/lapack.cpp) for gelsy.
LstsqResult linalgLstsq(const Tensor& A, const Tensor& B, std::optional<double> rcond,
                        const std::optional<std::string>& driver);

/// The first n columns of the product of the Householder reflectors I - tau_i v_i v_i^T
/// stored below the diagonal of `input` (..., m, n), m >= n (LinalgHouseholderProductBackward0): orgqr.
Tensor linalgHouseholderProduct(const Tensor& input, const Tensor& tau);

/// exp(A) of each square matrix (LinalgMatrixExpBackward0): 1.13's Taylor polynomial of
/// degree 1 to 18 chosen by A's 1-norm, with scaling and squaring beyond.
Tensor linalgMatrixExp(const Tensor& A);

}  // namespace agv::ops
