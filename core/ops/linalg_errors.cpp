// checkLinalgErrors (linalg_lapack.h): 1.13's _linalg_check_errors for the info codes of
// getrf and potrf.

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
    if (code <= 0)
        return;  // LAPACK's negative codes (a bad argument) cannot come from these callers
    const std::string where = apiName + (isMatrix ? "" : ": (Batch element " + std::to_string(element) + ")");
    if (apiName.find("inv") != std::string::npos)
        throw LinAlgError(where + ": The diagonal element " + std::to_string(code) +
                          " is zero, the inversion could not be completed because the input matrix is singular.");
    if (apiName.find("solve") != std::string::npos)
        throw LinAlgError(where + ": The solver failed because the input matrix is singular.");
    throw LinAlgError(where +
                      ": The factorization could not be completed because the input is not positive-definite "
                      "(the leading minor of order " +
                      std::to_string(code) + " is not positive-definite).");
}

}  // namespace agv::ops
