#pragma once
// torch.linalg's LAPACK-backed core with PyTorch 1.13's kernels, nodes and messages: det,
// slogdet, logdet (linalg_det.cpp), inv and solve (linalg_solve.cpp), cholesky
// (linalg_cholesky.cpp). Real float32 / float64 only: complex tensors do not exist here.
// Kept apart from ops.h so adding them rebuilds only their users.

#include <string>
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

}  // namespace agv::ops
