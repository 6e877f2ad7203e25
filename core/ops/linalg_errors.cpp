// checkLinalgErrors (linalg_lapack.h): 1.13's _linalg_check_errors for the info codes of
// getrf, potrf, gesdd, syevd and the lstsq drivers (a zero pivot of lu_factor is a plain RuntimeError).

#include <string>

#include "core/ops/kernels.h"
#include "core/ops/linalg_lapack.h"

namespace agv::ops {

void checkLinalgErrors(const Tensor& info, const std::string& apiName, bool isMatrix)
{
    if (info.numel() == 0)
        return;
    const Tensor codes = kernel::dense(info);
    const int* data = codes.data<int>();
    int64_t element = 0;
    while (element < codes.numel() - 1 && data[element] == 0)
        ++element;
    const int code = data[element];
    const std::string where = apiName + (isMatrix ? "" : ": (Batch element " + std::to_string(element) + ")");
    // LAPACK 3.10's gesdd returns -4 for non-finite input; other negative codes (a bad
    // argument) cannot come from these callers.
    if (code == -4 && apiName.find("svd") != std::string::npos)
        throw LinAlgError(where + ": The algorithm failed to converge because the input matrix contained non-finite "
                                  "values.");
    if (code <= 0)
        return;
    if (apiName.find("lu_factor") != std::string::npos)
        throw Error(PyExc::RuntimeError,
                    where + ": U[" + std::to_string(code) + "," + std::to_string(code) +
                        "] is zero and using it on lu_solve would result in a division by zero. If you still want to "
                        "perform the factorization, consider calling linalg.lu(A, pivot) or linalg.lu_factor_ex(A, "
                        "pivot)");
    if (apiName.find("svd") != std::string::npos)
        throw LinAlgError(where +
                          ": The algorithm failed to converge because the input matrix is ill-conditioned or has too "
                          "many repeated singular values (error code: " +
                          std::to_string(code) + ").");
    if (apiName.find("eig") != std::string::npos)
        throw LinAlgError(where +
                          ": The algorithm failed to converge because the input matrix is ill-conditioned or has too "
                          "many repeated eigenvalues (error code: " +
                          std::to_string(code) + ").");
    if (apiName.find("inv") != std::string::npos)
        throw LinAlgError(where + ": The diagonal element " + std::to_string(code) +
                          " is zero, the inversion could not be completed because the input matrix is singular.");
    if (apiName.find("lstsq") != std::string::npos)
        throw LinAlgError(where +
                          ": The least squares solution could not be computed because the input matrix does not have "
                          "full rank (error code: " +
                          std::to_string(code) + ").");
    if (apiName.find("solve") != std::string::npos)
        throw LinAlgError(where + ": The solver failed because the input matrix is singular.");
    throw LinAlgError(where +
                      ": The factorization could not be completed because the input is not positive-definite "
                      "(the leading minor of order " +
                      std::to_string(code) + " is not positive-definite).");
}

}  // namespace agv::ops
