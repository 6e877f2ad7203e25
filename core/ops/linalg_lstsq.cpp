// torch.linalg.lstsq (linalg_lapack.h) as PyTorch 1.13's linalg_lstsq_out /
// linalg_lstsq_out_info compute it: its checks in their order, B copied into a column-major
// buffer of max(m, n) rows that the LAPACK driver overwrites (lapack::lstsqInPlace), the
// residuals summed from the rows below n, and linalg_lstsq_backward's gradients through
// pinv(A) on LinalgLstsqBackward0.

#include <algorithm>
#include <cctype>
#include <limits>

#include "core/ops/kernels.h"
#include "core/ops/lapack.h"
#include "core/ops/linalg_lapack.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/ops/type_promotion.h"

namespace agv::ops {

namespace {

Tensor mH(const Tensor& t) { return transpose(t, -2, -1); }

/// get_default_lstsq_driver: gelsy by default; a given name is lower-cased and checked.
lapack::LstsqDriver lstsqDriver(const std::optional<std::string>& name)
{
    if (!name)
        return lapack::LstsqDriver::Gelsy;
    std::string lower = *name;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (lower == "gels")
        return lapack::LstsqDriver::Gels;
    if (lower == "gelsy")
        return lapack::LstsqDriver::Gelsy;
    if (lower == "gelsd")
        return lapack::LstsqDriver::Gelsd;
    if (lower == "gelss")
        return lapack::LstsqDriver::Gelss;
    throw Error(PyExc::RuntimeError,
                "torch.linalg.lstsq: parameter `driver` should be one of (gels, gelsy, gelsd, gelss)");
}

/// _get_epsilon: the default rcond's machine epsilon, float and double only.
double machineEpsilon(ScalarType type)
{
    if (type == ScalarType::Float32)
        return double(std::numeric_limits<float>::epsilon());
    if (type == ScalarType::Float64)
        return std::numeric_limits<double>::epsilon();
    throw Error(PyExc::RuntimeError, "This function doesn't handle types other than float and double");
}

/// linalg_solve_is_vector_rhs: B is a vector, or a batch of vectors of A's batch shape.
bool isVectorRhs(const Tensor& A, const Tensor& B)
{
    if (B.dim() == 1)
        return true;
    if (A.dim() - 1 != B.dim())
        return false;
    return IntList(A.sizes().begin(), A.sizes().end() - 1) == B.sizes();
}

/// linalg_lstsq_backward: pinv(A)'s gradient for A (which transposes B as a matrix, so a
/// vector B fails there as in 1.13), pinv(A)^H gX for B.
variable_list lstsqBackward(BackwardNode& node, const variable_list& grads)
{
    const Tensor& gX = grads[0];
    if (!gX.defined() || (!node.needsInputGrad(0) && !node.needsInputGrad(1)))
        return variable_list{Tensor(), Tensor()};
    const Tensor A = node.saved(0), B = node.saved(1);
    const Tensor pinvA = linalgPinv(A);
    Tensor gradA, gradB;
    if (node.needsInputGrad(0))
        gradA = pinvBackward(matmul(gX, mH(B)), pinvA, A);
    if (node.needsInputGrad(1))
        gradB = matmul(mH(pinvA), gX);
    return variable_list{gradA, gradB};
}

LstsqResult lstsqValues(const Tensor& input, const Tensor& other, double rcond, lapack::LstsqDriver driver)
{
    using lapack::LstsqDriver;
    const bool vectorCase = isVectorRhs(input, other);
    const Tensor other2d = vectorCase ? unsqueeze(other, -1) : other;
    const int64_t m = input.size(-2), n = input.size(-1), nrhs = other2d.size(-1);
    const IntList inputBatch(input.sizes().begin(), input.sizes().end() - 2);
    IntList batch =
        broadcastShapes(inputBatch, IntList(other2d.sizes().begin(), other2d.sizes().begin() + (input.dim() - 2)));

    // The solution buffer: contiguous for a vector B (the same layout), else column-major.
    IntList transposedShape = batch;
    transposedShape.insert(transposedShape.end(), {nrhs, std::max(m, n)});
    Tensor solution = transpose(kernel::newTensor(transposedShape, input.dtype(), input.device()), -2, -1);
    kernel::copyInto(narrow(solution, -2, 0, m), other2d);

    const bool computesRank = driver != LstsqDriver::Gels;
    const bool computesSingularValues = driver == LstsqDriver::Gelsd || driver == LstsqDriver::Gelss;
    LstsqResult r;
    r.rank = computesRank ? kernel::newTensor(inputBatch, ScalarType::Int64, input.device())
                          : kernel::newTensor({0}, ScalarType::Int64, input.device());
    IntList singularShape = inputBatch;
    singularShape.push_back(std::min(m, n));
    r.singularValues = kernel::newTensor(computesSingularValues ? singularShape : IntList{0}, input.dtype(),
                                         input.device());
    int64_t matrices = 1;
    for (int64_t s : inputBatch)
        matrices *= s;
    Tensor infos = zeros({std::max<int64_t>(1, matrices)}, ScalarType::Int32, input.device());

    Tensor working = lapack::columnMajorCopy(input);
    lapack::lstsqInPlace(working, solution, r.rank, r.singularValues, infos, rcond, driver);

    r.residuals = kernel::newTensor({0}, input.dtype(), input.device());
    if (m > n && driver != LstsqDriver::Gelsy) {
        bool fullRank = true;
        if (computesSingularValues) {
            const int64_t* ranks = r.rank.data<int64_t>();
            for (int64_t i = 0; i < r.rank.numel(); ++i)
                fullRank = fullRank && ranks[i] == n;
        }
        // LAPACK leaves the residual of each right-hand side in rows n to m.
        if (fullRank)
            r.residuals = sum(pow(narrow(solution, -2, n, m - n), Scalar(int64_t(2))), {-2}, false, input.dtype());
    }
    solution = narrow(solution, -2, 0, n);
    if (m == 0)
        zeroInplace(solution);
    r.solution = vectorCase ? squeeze(solution, -1) : solution;
    checkLinalgErrors(infos, "torch.linalg.lstsq", infos.numel() <= 1);
    return r;
}

}  // namespace

LstsqResult linalgLstsq(const Tensor& input, const Tensor& other, std::optional<double> rcond,
                        const std::optional<std::string>& driverName)
{
    AGV_CHECK(input.dim() >= 2, RuntimeError, "torch.linalg.lstsq: input must have at least 2 dimensions.");
    AGV_CHECK(other.dim() >= 1, RuntimeError, "torch.linalg.lstsq: other must have at least 1 dimension.");
    AGV_CHECK(input.dtype() == other.dtype(), RuntimeError,
              "torch.linalg.lstsq: Expected input and other to have the same dtype, but got input's dtype ",
              legacyDtypeShortName(input.dtype()), " and other's dtype ", legacyDtypeShortName(other.dtype()));
    const int64_t dimDiff = input.dim() - other.dim();
    AGV_CHECK(0 <= dimDiff && dimDiff <= 1, RuntimeError,
              "torch.linalg.lstsq: input.dim() must be greater or equal to other.dim() and (input.dim() - other.dim()) "
              "<= 1");
    const int64_t otherRows = dimDiff ? other.size(-1) : other.size(-2);
    AGV_CHECK(input.size(-2) == otherRows, RuntimeError,
              dimDiff ? "torch.linalg.lstsq: input.size(-2) should match other.size(-1)"
                      : "torch.linalg.lstsq: input.size(-2) should match other.size(-2)");
    checkOnOneDevice(input, other);
    const lapack::LstsqDriver driver = lstsqDriver(driverName);
    const double rcondValue =
        rcond ? *rcond : machineEpsilon(input.dtype()) * double(std::max(input.size(-2), input.size(-1)));

    LstsqResult r = quietly([&] { return lstsqValues(input, other, rcondValue, driver); });
    OpRecorder rec("LinalgLstsqBackward0", {&input, &other}, lstsqBackward);
    rec.save("self", input);
    rec.save("b", other);
    r.solution = rec.finish(std::move(r.solution));
    return r;
}

}  // namespace agv::ops
