// LAPACK / BLAS kernels of lapack.h, called as PyTorch 1.13's BatchLinearAlgebra.cpp calls
// them: the Fortran symbols (OpenBLAS exports them; no LAPACKE layer in between), one call
// per matrix, leading dimensions max(1, rows).

#include "core/ops/lapack.h"

#include <algorithm>

#include "core/error.h"
#include "core/ops/kernels.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"

extern "C" {
void sgetrf_(int* m, int* n, float* a, int* lda, int* ipiv, int* info);
void dgetrf_(int* m, int* n, double* a, int* lda, int* ipiv, int* info);
void sgetrs_(char* trans, int* n, int* nrhs, float* a, int* lda, int* ipiv, float* b, int* ldb, int* info);
void dgetrs_(char* trans, int* n, int* nrhs, double* a, int* lda, int* ipiv, double* b, int* ldb, int* info);
void spotrf_(char* uplo, int* n, float* a, int* lda, int* info);
void dpotrf_(char* uplo, int* n, double* a, int* lda, int* info);
void strsm_(char* side, char* uplo, char* trans, char* diag, int* m, int* n, float* alpha, float* a, int* lda,
            float* b, int* ldb);
void dtrsm_(char* side, char* uplo, char* trans, char* diag, int* m, int* n, double* alpha, double* a, int* lda,
            double* b, int* ldb);
}

namespace agv::ops::lapack {

namespace {

void getrf(int m, int n, float* a, int lda, int* ipiv, int* info) { sgetrf_(&m, &n, a, &lda, ipiv, info); }
void getrf(int m, int n, double* a, int lda, int* ipiv, int* info) { dgetrf_(&m, &n, a, &lda, ipiv, info); }
void getrs(char trans, int n, int nrhs, float* a, int lda, int* ipiv, float* b, int ldb, int* info)
{
    sgetrs_(&trans, &n, &nrhs, a, &lda, ipiv, b, &ldb, info);
}
void getrs(char trans, int n, int nrhs, double* a, int lda, int* ipiv, double* b, int ldb, int* info)
{
    dgetrs_(&trans, &n, &nrhs, a, &lda, ipiv, b, &ldb, info);
}
void potrf(char uplo, int n, float* a, int lda, int* info) { spotrf_(&uplo, &n, a, &lda, info); }
void potrf(char uplo, int n, double* a, int lda, int* info) { dpotrf_(&uplo, &n, a, &lda, info); }
void trsm(char side, char uplo, char trans, int m, int n, float* a, int lda, float* b, int ldb)
{
    char diag = 'N';
    float one = 1.0f;
    strsm_(&side, &uplo, &trans, &diag, &m, &n, &one, a, &lda, b, &ldb);
}
void trsm(char side, char uplo, char trans, int m, int n, double* a, int lda, double* b, int ldb)
{
    char diag = 'N';
    double one = 1.0;
    dtrsm_(&side, &uplo, &trans, &diag, &m, &n, &one, a, &lda, b, &ldb);
}

IntList batchShape(const Tensor& t) { return IntList(t.sizes().begin(), t.sizes().end() - 2); }

int64_t product(const IntList& sizes)
{
    int64_t n = 1;
    for (int64_t s : sizes)
        n *= s;
    return n;
}

int leadingDimension(int64_t rows) { return int(std::max<int64_t>(1, rows)); }

/// Whether t's elements lie densely in row-major order (Tensor::is_contiguous: dims of
/// size 1 may have any stride).
bool isDenseRowMajor(const IntList& sizes, const IntList& strides)
{
    int64_t expected = 1;
    for (size_t d = sizes.size(); d-- > 0;) {
        if (sizes[d] == 1)
            continue;
        if (strides[d] != expected)
            return false;
        expected *= sizes[d];
    }
    return true;
}

/// Whether each matrix of t lies column by column, the batch dense (t.mT().is_contiguous()).
bool isColumnMajor(const Tensor& t)
{
    IntList sizes = t.sizes(), strides = t.strides();
    std::swap(sizes[sizes.size() - 1], sizes[sizes.size() - 2]);
    std::swap(strides[strides.size() - 1], strides[strides.size() - 2]);
    return isDenseRowMajor(sizes, strides);
}

/// is_row_or_column_contiguous: what BLAS can read without a copy.
bool isRowOrColumnContiguous(const Tensor& t) { return t.isContiguous() || isColumnMajor(t); }

/// The linear index into `from`'s batch of element `i` of the broadcast batch `to`
/// (BroadcastLinearIndices): LU and pivots of one matrix serve a batch of right-hand sides.
int64_t broadcastBatchIndex(int64_t i, const IntList& from, const IntList& to)
{
    int64_t index = 0, stride = 1;
    for (size_t d = to.size(); d-- > 0;) {
        const int64_t coordinate = i % to[d];
        i /= to[d];
        const size_t offset = to.size() - from.size();
        if (d >= offset) {
            const int64_t size = from[d - offset];
            index += (size == 1 ? 0 : coordinate) * stride;
            stride *= size;
        }
    }
    return index;
}

}  // namespace

Tensor columnMajorCopy(const Tensor& A)
{
    return quietly([&] {
        const Tensor transposed = transpose(A, -2, -1);
        return transpose(kernel::freshCopy(transposed, transposed.sizes()), -2, -1);
    });
}

LuFactors luFactor(const Tensor& A)
{
    LuFactors f;
    const IntList batch = batchShape(A);
    const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
    IntList pivotShape = batch;
    pivotShape.push_back(k);
    f.LU = columnMajorCopy(A);
    f.pivots = kernel::newTensor(pivotShape, ScalarType::Int32, A.device());
    f.info = kernel::newTensor(batch, ScalarType::Int32, A.device());
    AGV_DISPATCH_FLOATING(A.dtype(), "lu_cpu", [&] {
        using T = scalar_t;
        int* info = f.info.data<int>();
        const int64_t count = product(batch);
        if (f.LU.numel() == 0) {
            std::fill(info, info + count, 0);
            return;
        }
        T* lu = f.LU.data<T>();
        int* pivots = f.pivots.data<int>();
        for (int64_t i = 0; i < count; ++i)
            getrf(int(m), int(n), lu + i * m * n, leadingDimension(m), pivots + i * k, info + i);
    });
    return f;
}

Tensor luSolve(const Tensor& LU, const Tensor& pivots, const Tensor& B, bool left, bool adjoint)
{
    const IntList luBatch = batchShape(LU);
    IntList batch = quietly([&] { return broadcastShapes(batchShape(B), luBatch); });
    const int64_t n = LU.size(-1);
    // XA = B is solved as A^T X^T = B^T (1.13 transposes the result in place around the call).
    const Tensor rhs = quietly([&] {
        IntList shape = batch;
        shape.push_back(B.size(-2));
        shape.push_back(B.size(-1));
        const Tensor expanded = expand(B, shape);
        return left ? expanded : transpose(expanded, -2, -1);
    });
    if (!left)
        adjoint = !adjoint;
    Tensor X = columnMajorCopy(rhs);
    const int64_t nrhs = X.size(-1);
    if (X.numel() != 0) {
        const Tensor factors = isColumnMajor(LU) ? LU : columnMajorCopy(LU);
        const Tensor pivotsDense = kernel::dense(pivots);
        AGV_DISPATCH_FLOATING(LU.dtype(), "lu_solve_cpu", [&] {
            using T = scalar_t;
            T* lu = factors.data<T>();
            int* p = pivotsDense.data<int>();
            T* x = X.data<T>();
            const int64_t count = product(batch);
            for (int64_t i = 0; i < count; ++i) {
                const int64_t j = broadcastBatchIndex(i, luBatch, batch);
                int info = 0;
                getrs(adjoint ? 'T' : 'N', int(n), int(nrhs), lu + j * n * n, leadingDimension(n), p + j * n,
                      x + i * n * nrhs, leadingDimension(n), &info);
            }
        });
    }
    return left ? X : quietly([&] { return transpose(X, -2, -1); });
}

Tensor choleskyInPlace(Tensor& factor, bool upper)
{
    const IntList batch = batchShape(factor);
    Tensor info = kernel::newTensor(batch, ScalarType::Int32, factor.device());
    AGV_DISPATCH_FLOATING(factor.dtype(), "cholesky_cpu", [&] {
        using T = scalar_t;
        int* infoData = info.data<int>();
        const int64_t count = product(batch);
        const int64_t n = factor.size(-1);
        if (factor.numel() == 0) {
            std::fill(infoData, infoData + count, 0);
            return;
        }
        T* a = factor.data<T>();
        for (int64_t i = 0; i < count; ++i)
            potrf(upper ? 'U' : 'L', int(n), a + i * n * n, leadingDimension(n), infoData + i);
    });
    return info;
}

Tensor solveTriangular(const Tensor& A, const Tensor& B, bool upper, bool left)
{
    // linalg_solve_triangular_out for real A and B of one batch shape and a fresh output:
    // the output is allocated column-major and B copied into it. A is passed as it lies
    // when it is row- or column-contiguous (a row-major A reads as A^T: the triangle flips
    // and trsm transposes it back), else copied column-major.
    Tensor out = columnMajorCopy(B);
    bool transposeOut = false;
    if (out.strides().back() == 1) {
        // A one-row output is F-transposed as well: the equation is transposed (1.13 does so).
        left = !left;
        transposeOut = true;
        out = quietly([&] { return transpose(out, -2, -1); });
    }
    Tensor factor = A;
    bool transposeA = transposeOut;
    bool columnContiguous = (factor.strides().back() == 1) == transposeA;
    if (!isRowOrColumnContiguous(factor)) {
        factor = transposeA ? quietly([&] { return kernel::freshCopy(A, A.sizes()); }) : columnMajorCopy(A);
        columnContiguous = true;
    }
    if (factor.strides().back() == 1)
        upper = !upper;
    AGV_DISPATCH_FLOATING(A.dtype(), "triangular_solve_cpu", [&] {
        using T = scalar_t;
        const T* a = factor.data<T>();
        T* b = out.data<T>();
        const int64_t m = left ? factor.size(-1) : out.size(-2), n = out.size(-1);
        const int64_t aStride = factor.size(-1) * factor.size(-2), bStride = out.size(-1) * out.size(-2);
        const int64_t count = product(batchShape(out));
        for (int64_t i = 0; i < count; ++i)
            trsm(left ? 'L' : 'R', upper ? 'U' : 'L', columnContiguous ? 'N' : 'T', int(m), int(n),
                 const_cast<T*>(a + i * aStride), leadingDimension(factor.size(-2)), b + i * bStride,
                 leadingDimension(out.size(-2)));
    });
    return transposeOut ? quietly([&] { return transpose(out, -2, -1); }) : out;
}

}  // namespace agv::ops::lapack
