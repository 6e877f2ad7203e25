// LAPACK / BLAS kernels of lapack.h, called as PyTorch 1.13's BatchLinearAlgebra.cpp calls
// them: the Fortran symbols (OpenBLAS exports them; no LAPACKE layer in between), one call
// per matrix, leading dimensions max(1, rows).
//
// Note [Results that are not views]
// A column-major matrix is the transpose of a row-major one, but a result made as a
// transpose view would be a view (of a buffer made in no-grad mode) to autograd, and an
// in-place op on it would then fail the view checks, where PyTorch's results are plain
// tensors. So results are allocated with their final strides (newColumnMajor, or a
// contiguous tensor for a row-major result) and transposes are taken only of what LAPACK
// reads and writes.

#include "core/ops/lapack.h"

#include <algorithm>
#include <vector>

#include "core/error.h"
#include "core/ops/einsum.h"
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
void spotrs_(char* uplo, int* n, int* nrhs, float* a, int* lda, float* b, int* ldb, int* info);
void dpotrs_(char* uplo, int* n, int* nrhs, double* a, int* lda, double* b, int* ldb, int* info);
void spotri_(char* uplo, int* n, float* a, int* lda, int* info);
void dpotri_(char* uplo, int* n, double* a, int* lda, int* info);
void sgesdd_(char* jobz, int* m, int* n, float* a, int* lda, float* s, float* u, int* ldu, float* vt, int* ldvt,
             float* work, int* lwork, int* iwork, int* info);
void dgesdd_(char* jobz, int* m, int* n, double* a, int* lda, double* s, double* u, int* ldu, double* vt, int* ldvt,
             double* work, int* lwork, int* iwork, int* info);
void sgeqrf_(int* m, int* n, float* a, int* lda, float* tau, float* work, int* lwork, int* info);
void dgeqrf_(int* m, int* n, double* a, int* lda, double* tau, double* work, int* lwork, int* info);
void sorgqr_(int* m, int* n, int* k, float* a, int* lda, float* tau, float* work, int* lwork, int* info);
void dorgqr_(int* m, int* n, int* k, double* a, int* lda, double* tau, double* work, int* lwork, int* info);
void ssyevd_(char* jobz, char* uplo, int* n, float* a, int* lda, float* w, float* work, int* lwork, int* iwork,
             int* liwork, int* info);
void dsyevd_(char* jobz, char* uplo, int* n, double* a, int* lda, double* w, double* work, int* lwork, int* iwork,
             int* liwork, int* info);
void ssytrf_(char* uplo, int* n, float* a, int* lda, int* ipiv, float* work, int* lwork, int* info);
void dsytrf_(char* uplo, int* n, double* a, int* lda, int* ipiv, double* work, int* lwork, int* info);
void ssytrs_(char* uplo, int* n, int* nrhs, float* a, int* lda, int* ipiv, float* b, int* ldb, int* info);
void dsytrs_(char* uplo, int* n, int* nrhs, double* a, int* lda, int* ipiv, double* b, int* ldb, int* info);
void sgels_(char* trans, int* m, int* n, int* nrhs, float* a, int* lda, float* b, int* ldb, float* work, int* lwork,
            int* info);
void dgels_(char* trans, int* m, int* n, int* nrhs, double* a, int* lda, double* b, int* ldb, double* work, int* lwork,
            int* info);
void sgelsy_(int* m, int* n, int* nrhs, float* a, int* lda, float* b, int* ldb, int* jpvt, float* rcond, int* rank,
             float* work, int* lwork, int* info);
void dgelsy_(int* m, int* n, int* nrhs, double* a, int* lda, double* b, int* ldb, int* jpvt, double* rcond, int* rank,
             double* work, int* lwork, int* info);
void sgelsd_(int* m, int* n, int* nrhs, float* a, int* lda, float* b, int* ldb, float* s, float* rcond, int* rank,
             float* work, int* lwork, int* iwork, int* info);
void dgelsd_(int* m, int* n, int* nrhs, double* a, int* lda, double* b, int* ldb, double* s, double* rcond, int* rank,
             double* work, int* lwork, int* iwork, int* info);
void sgelss_(int* m, int* n, int* nrhs, float* a, int* lda, float* b, int* ldb, float* s, float* rcond, int* rank,
             float* work, int* lwork, int* info);
void dgelss_(int* m, int* n, int* nrhs, double* a, int* lda, double* b, int* ldb, double* s, double* rcond, int* rank,
             double* work, int* lwork, int* info);
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
void potrs(char uplo, int n, int nrhs, float* a, int lda, float* b, int ldb, int* info)
{
    spotrs_(&uplo, &n, &nrhs, a, &lda, b, &ldb, info);
}
void potrs(char uplo, int n, int nrhs, double* a, int lda, double* b, int ldb, int* info)
{
    dpotrs_(&uplo, &n, &nrhs, a, &lda, b, &ldb, info);
}
void potri(char uplo, int n, float* a, int lda, int* info) { spotri_(&uplo, &n, a, &lda, info); }
void potri(char uplo, int n, double* a, int lda, int* info) { dpotri_(&uplo, &n, a, &lda, info); }
void trsm(char side, char uplo, char trans, char diag, int m, int n, float* a, int lda, float* b, int ldb)
{
    float one = 1.0f;
    strsm_(&side, &uplo, &trans, &diag, &m, &n, &one, a, &lda, b, &ldb);
}
void trsm(char side, char uplo, char trans, char diag, int m, int n, double* a, int lda, double* b, int ldb)
{
    double one = 1.0;
    dtrsm_(&side, &uplo, &trans, &diag, &m, &n, &one, a, &lda, b, &ldb);
}
void gesdd(char jobz, int m, int n, float* a, int lda, float* s, float* u, int ldu, float* vt, int ldvt, float* work,
           int lwork, int* iwork, int* info)
{
    sgesdd_(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, iwork, info);
}
void gesdd(char jobz, int m, int n, double* a, int lda, double* s, double* u, int ldu, double* vt, int ldvt,
           double* work, int lwork, int* iwork, int* info)
{
    dgesdd_(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, iwork, info);
}
void geqrf(int m, int n, float* a, int lda, float* tau, float* work, int lwork, int* info)
{
    sgeqrf_(&m, &n, a, &lda, tau, work, &lwork, info);
}
void geqrf(int m, int n, double* a, int lda, double* tau, double* work, int lwork, int* info)
{
    dgeqrf_(&m, &n, a, &lda, tau, work, &lwork, info);
}
void orgqr(int m, int n, int k, float* a, int lda, float* tau, float* work, int lwork, int* info)
{
    sorgqr_(&m, &n, &k, a, &lda, tau, work, &lwork, info);
}
void orgqr(int m, int n, int k, double* a, int lda, double* tau, double* work, int lwork, int* info)
{
    dorgqr_(&m, &n, &k, a, &lda, tau, work, &lwork, info);
}
void syevd(char jobz, char uplo, int n, float* a, int lda, float* w, float* work, int lwork, int* iwork, int liwork,
           int* info)
{
    ssyevd_(&jobz, &uplo, &n, a, &lda, w, work, &lwork, iwork, &liwork, info);
}
void syevd(char jobz, char uplo, int n, double* a, int lda, double* w, double* work, int lwork, int* iwork,
           int liwork, int* info)
{
    dsyevd_(&jobz, &uplo, &n, a, &lda, w, work, &lwork, iwork, &liwork, info);
}

void sytrf(char uplo, int n, float* a, int lda, int* ipiv, float* work, int lwork, int* info)
{
    ssytrf_(&uplo, &n, a, &lda, ipiv, work, &lwork, info);
}
void sytrf(char uplo, int n, double* a, int lda, int* ipiv, double* work, int lwork, int* info)
{
    dsytrf_(&uplo, &n, a, &lda, ipiv, work, &lwork, info);
}
void sytrs(char uplo, int n, int nrhs, float* a, int lda, int* ipiv, float* b, int ldb, int* info)
{
    ssytrs_(&uplo, &n, &nrhs, a, &lda, ipiv, b, &ldb, info);
}
void sytrs(char uplo, int n, int nrhs, double* a, int lda, int* ipiv, double* b, int ldb, int* info)
{
    dsytrs_(&uplo, &n, &nrhs, a, &lda, ipiv, b, &ldb, info);
}

/// One least-squares driver call as 1.13's lapackLstsq<driver> makes it: the arguments
/// a driver does not take (jpvt, s, iwork, rank for gels) are ignored.
struct LstsqCall {
    LstsqDriver driver;
    int m, n, nrhs, lda, ldb;
    int* jpvt;
    int* rank;
    int* iwork;
};

void lstsqDriver(const LstsqCall& c, float* a, float* b, float* s, float rcond, float* work, int lwork, int* info)
{
    int m = c.m, n = c.n, nrhs = c.nrhs, lda = c.lda, ldb = c.ldb;
    char trans = 'N';
    switch (c.driver) {
    case LstsqDriver::Gels: sgels_(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, info); return;
    case LstsqDriver::Gelsy: sgelsy_(&m, &n, &nrhs, a, &lda, b, &ldb, c.jpvt, &rcond, c.rank, work, &lwork, info); return;
    case LstsqDriver::Gelsd:
        sgelsd_(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rcond, c.rank, work, &lwork, c.iwork, info);
        return;
    case LstsqDriver::Gelss: sgelss_(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rcond, c.rank, work, &lwork, info); return;
    }
}

void lstsqDriver(const LstsqCall& c, double* a, double* b, double* s, double rcond, double* work, int lwork, int* info)
{
    int m = c.m, n = c.n, nrhs = c.nrhs, lda = c.lda, ldb = c.ldb;
    char trans = 'N';
    switch (c.driver) {
    case LstsqDriver::Gels: dgels_(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, info); return;
    case LstsqDriver::Gelsy: dgelsy_(&m, &n, &nrhs, a, &lda, b, &ldb, c.jpvt, &rcond, c.rank, work, &lwork, info); return;
    case LstsqDriver::Gelsd:
        dgelsd_(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rcond, c.rank, work, &lwork, c.iwork, info);
        return;
    case LstsqDriver::Gelss: dgelss_(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rcond, c.rank, work, &lwork, info); return;
    }
}

/// The workspace size a LAPACK query (lwork = -1) wrote into its first work element, at
/// least 1, as 1.13 reads it (the float is truncated to int).
template <typename T>
int queriedWorkspace(T optimal)
{
    return std::max<int>(1, int(optimal));
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

/// See Note [Results that are not views]
Tensor newColumnMajor(const IntList& sizes, ScalarType dtype, Device device)
{
    // batched_matrix_contiguous_strides(sizes, /*f_contig=*/true)
    IntList strides(sizes.size());
    int64_t stride = 1;
    for (size_t d = sizes.size(); d-- > 0;) {
        strides[d] = stride;
        stride *= std::max<int64_t>(sizes[d], 1);
    }
    if (sizes.size() >= 2) {
        strides[sizes.size() - 1] = std::max<int64_t>(sizes[sizes.size() - 2], 1);
        strides[sizes.size() - 2] = 1;
    }
    return kernel::newStridedTensor(sizes, strides, dtype, device);
}

}  // namespace

Tensor columnMajorCopy(const Tensor& A)
{
    Tensor out = newColumnMajor(A.sizes(), A.dtype(), A.device());
    kernel::copyInto(out, A);
    return out;
}

std::pair<Tensor, Tensor> broadcastBatchDims(const Tensor& B, const Tensor& A)
{
    return quietly([&] {
        const IntList batch = broadcastShapes(batchShape(B), batchShape(A));
        IntList bShape = batch, aShape = batch;
        bShape.insert(bShape.end(), {B.size(-2), B.size(-1)});
        aShape.insert(aShape.end(), {A.size(-2), A.size(-1)});
        return std::pair{expand(B, bShape), expand(A, aShape)};
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
    // XA = B is solved as A^T X^T = B^T (1.13 transposes the result in place around the call):
    // X^T column-major is X row-major. See Note [Results that are not views]
    const Tensor expanded = quietly([&] {
        IntList shape = batch;
        shape.push_back(B.size(-2));
        shape.push_back(B.size(-1));
        return expand(B, shape);
    });
    if (!left)
        adjoint = !adjoint;
    Tensor X = left ? columnMajorCopy(expanded) : kernel::freshCopy(expanded, expanded.sizes());
    const int64_t nrhs = left ? X.size(-1) : X.size(-2);
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
    return X;
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

Tensor solveTriangular(const Tensor& A, const Tensor& B, bool upper, bool left, bool unitriangular)
{
    // linalg_solve_triangular_out for real A and B of one batch shape and a fresh output:
    // the output is allocated column-major and B copied into it. A is passed as it lies
    // when it is row- or column-contiguous (a row-major A reads as A^T: the triangle flips
    // and trsm transposes it back), else copied column-major.
    const Tensor result = columnMajorCopy(B);
    Tensor out = result;
    bool transposeOut = false;
    if (out.strides().back() == 1) {
        // A one-row output is F-transposed as well: the equation is transposed (1.13 does so).
        left = !left;
        transposeOut = true;
        out = quietly([&] { return transpose(result, -2, -1); });
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
            trsm(left ? 'L' : 'R', upper ? 'U' : 'L', columnContiguous ? 'N' : 'T', unitriangular ? 'U' : 'N', int(m),
                 int(n), const_cast<T*>(a + i * aStride), leadingDimension(factor.size(-2)), b + i * bStride,
                 leadingDimension(out.size(-2)));
    });
    return result;  // See Note [Results that are not views]
}

void choleskySolveInPlace(const Tensor& factor, Tensor& X, bool upper)
{
    if (X.numel() == 0)
        return;
    AGV_DISPATCH_FLOATING(factor.dtype(), "cholesky_solve_cpu", [&] {
        using T = scalar_t;
        T* a = factor.data<T>();
        T* b = X.data<T>();
        const int64_t n = factor.size(-1), nrhs = X.size(-1);
        for (int64_t i = 0; i < product(batchShape(X)); ++i) {
            int info = 0;
            potrs(upper ? 'U' : 'L', int(n), int(nrhs), a + i * n * n, leadingDimension(n), b + i * n * nrhs,
                  leadingDimension(n), &info);
        }
    });
}

Tensor choleskyInverseInPlace(Tensor& result, bool upper)
{
    const IntList batch = batchShape(result);
    Tensor info = quietly([&] { return zeros(batch, ScalarType::Int32); });
    if (result.numel() == 0)
        return info;
    AGV_DISPATCH_FLOATING(result.dtype(), "cholesky_inverse_out_cpu", [&] {
        using T = scalar_t;
        const int64_t n = result.size(-1);
        int* infoData = info.data<int>();
        for (int64_t i = 0; i < product(batch); ++i) {
            T* a = result.data<T>() + i * n * n;
            potri(upper ? 'U' : 'L', int(n), a, leadingDimension(n), infoData + i);
            // apply_reflect_conj_tri_single: potri writes one triangle only.
            for (int64_t col = 0; col < n; ++col)
                for (int64_t row = col + 1; row < n; ++row) {
                    T& below = a[col * n + row];
                    T& above = a[row * n + col];
                    if (upper)
                        below = above;
                    else
                        above = below;
                }
        }
    });
    return info;
}

void solveTriangularInPlace(const Tensor& A, Tensor& X, bool upper, bool transposeA, bool unitriangular)
{
    if (X.numel() == 0)
        return;
    AGV_DISPATCH_FLOATING(A.dtype(), "triangular_solve_cpu", [&] {
        using T = scalar_t;
        T* a = A.data<T>();
        T* b = X.data<T>();
        const int64_t n = A.size(-1), m = X.size(-2), nrhs = X.size(-1);
        const int64_t count = product(batchShape(X));
        for (int64_t i = 0; i < count; ++i)
            trsm('L', upper ? 'U' : 'L', transposeA ? 'T' : 'N', unitriangular ? 'U' : 'N', int(m), int(nrhs),
                 a + i * n * n, leadingDimension(n), b + i * m * nrhs, leadingDimension(m));
    });
}

SvdFactors svd(const Tensor& A, bool fullMatrices, bool computeUv)
{
    SvdFactors f;
    const IntList batch = batchShape(A);
    const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
    IntList sShape = batch;
    sShape.push_back(k);
    f.S = kernel::newTensor(sShape, A.dtype(), A.device());
    f.info = quietly([&] { return zeros(batch, ScalarType::Int32); });
    if (computeUv) {
        IntList uShape = batch, vhShape = batch;
        uShape.insert(uShape.end(), {m, fullMatrices ? m : k});
        vhShape.insert(vhShape.end(), {fullMatrices ? n : k, n});
        f.U = newColumnMajor(uShape, A.dtype(), A.device());
        f.Vh = newColumnMajor(vhShape, A.dtype(), A.device());
    } else {
        f.U = kernel::newTensor({0}, A.dtype(), A.device());
        f.Vh = kernel::newTensor({0}, A.dtype(), A.device());
    }
    if (A.numel() == 0) {
        // The identity is a valid SVD of an empty matrix when full U or Vh are asked for.
        if (computeUv && fullMatrices)
            quietly([&] {
                for (Tensor* factor : {&f.U, &f.Vh}) {
                    if (factor->numel() == 0)
                        continue;
                    zeroInplace(*factor);
                    Tensor diagonalView = diagonal(*factor, 0, -2, -1);
                    fillInplace(diagonalView, Scalar(1.0));
                }
                return 0;
            });
        return f;
    }
    Tensor working = columnMajorCopy(A);
    AGV_DISPATCH_FLOATING(A.dtype(), "linalg_svd_cpu", [&] {
        using T = scalar_t;
        const char jobz = computeUv ? (fullMatrices ? 'A' : 'S') : 'N';
        T* a = working.data<T>();
        T* s = f.S.data<T>();
        T* u = computeUv ? f.U.data<T>() : nullptr;
        T* vh = computeUv ? f.Vh.data<T>() : nullptr;
        int* info = f.info.data<int>();
        const int ldu = computeUv ? int(f.U.strides().back()) : 1;
        const int ldvh = computeUv ? int(f.Vh.strides().back()) : 1;
        const int64_t uStride = computeUv ? f.U.size(-1) * f.U.size(-2) : 0;
        const int64_t vhStride = computeUv ? f.Vh.size(-1) * f.Vh.size(-2) : 0;
        std::vector<int> iwork(std::max<int64_t>(1, 8 * k));
        T optimal{};
        gesdd(jobz, int(m), int(n), a, leadingDimension(m), s, u, ldu, vh, ldvh, &optimal, -1, iwork.data(), info);
        const int lwork = queriedWorkspace(optimal);
        std::vector<T> work(lwork);
        for (int64_t i = 0; i < product(batch); ++i)
            gesdd(jobz, int(m), int(n), a + i * m * n, leadingDimension(m), s + i * k,
                  computeUv ? u + i * uStride : nullptr, ldu, computeUv ? vh + i * vhStride : nullptr, ldvh,
                  work.data(), lwork, iwork.data(), info + i);
    });
    return f;
}

Tensor householderQrInPlace(Tensor& QR)
{
    const IntList batch = batchShape(QR);
    const int64_t m = QR.size(-2), n = QR.size(-1), k = std::min(m, n);
    IntList tauShape = batch;
    tauShape.push_back(k);
    Tensor tau = kernel::newTensor(tauShape, QR.dtype(), QR.device());
    if (QR.numel() == 0)
        return tau;
    AGV_DISPATCH_FLOATING(QR.dtype(), "geqrf_cpu", [&] {
        using T = scalar_t;
        T* a = QR.data<T>();
        T* t = tau.data<T>();
        int info = 0;
        T optimal{};
        geqrf(int(m), int(n), a, leadingDimension(m), t, &optimal, -1, &info);
        const int lwork = queriedWorkspace(optimal);
        std::vector<T> work(lwork);
        for (int64_t i = 0; i < product(batch); ++i)
            geqrf(int(m), int(n), a + i * m * n, leadingDimension(m), t + i * k, work.data(), lwork, &info);
    });
    return tau;
}

void householderProductInPlace(Tensor& Q, const Tensor& tau)
{
    if (Q.numel() == 0)
        return;
    const int64_t m = Q.size(-2), n = Q.size(-1), k = tau.size(-1);
    AGV_DISPATCH_FLOATING(Q.dtype(), "orgqr_cpu", [&] {
        using T = scalar_t;
        T* a = Q.data<T>();
        const Tensor tauDense = kernel::dense(tau);
        T* t = tauDense.data<T>();
        int info = 0;
        T optimal{};
        orgqr(int(m), int(n), int(k), a, leadingDimension(m), t, &optimal, -1, &info);
        const int lwork = queriedWorkspace(optimal);
        std::vector<T> work(lwork);
        for (int64_t i = 0; i < product(batchShape(Q)); ++i)
            orgqr(int(m), int(n), int(k), a + i * m * n, leadingDimension(m), t + i * k, work.data(), lwork, &info);
    });
}

std::pair<Tensor, Tensor> symmetricEigenInPlace(Tensor& vectors, bool upper, bool computeVectors)
{
    const IntList batch = batchShape(vectors);
    const int64_t n = vectors.size(-1);
    IntList valuesShape = batch;
    valuesShape.push_back(n);
    Tensor values = kernel::newTensor(valuesShape, vectors.dtype(), vectors.device());
    Tensor info = quietly([&] { return zeros(batch, ScalarType::Int32); });
    if (vectors.numel() == 0)
        return {values, info};
    AGV_DISPATCH_FLOATING(vectors.dtype(), "linalg_eigh_cpu", [&] {
        using T = scalar_t;
        const char jobz = computeVectors ? 'V' : 'N', uplo = upper ? 'U' : 'L';
        T* a = vectors.data<T>();
        T* w = values.data<T>();
        int* infoData = info.data<int>();
        T workQuery{};
        int iworkQuery = 0;
        syevd(jobz, uplo, int(n), a, leadingDimension(n), w, &workQuery, -1, &iworkQuery, -1, infoData);
        const int lwork = queriedWorkspace(workQuery);
        const int liwork = std::max(1, iworkQuery);
        std::vector<T> work(lwork);
        std::vector<int> iwork(liwork);
        for (int64_t i = 0; i < product(batch); ++i)
            syevd(jobz, uplo, int(n), a + i * n * n, leadingDimension(n), w + i * n, work.data(), lwork, iwork.data(),
                  liwork, infoData + i);
    });
    return {values, info};
}

// Note [lstsq's pivots]
// apply_lstsq hands gelsy a jpvt buffer from at::empty: gelsy keeps the columns whose jpvt
// entry is nonzero in front, so 1.13's first matrix is pivoted after whatever the allocator
// left there, and each later matrix of a batch after the permutation the previous one wrote
// (the buffer is not reset). Ours starts zeroed (every column free, LAPACK's plain
// pivoting) and carries over between matrices as 1.13's does.
void lstsqInPlace(Tensor& A, Tensor& X, Tensor& rank, Tensor& singularValues, Tensor& infos, double rcond,
                  LstsqDriver driver)
{
    AGV_DISPATCH_FLOATING(A.dtype(), "linalg_lstsq_cpu", [&] {
        using T = scalar_t;
        const int64_t m = A.size(-2), n = A.size(-1), nrhs = X.size(-1);
        const IntList aBatch = batchShape(A), xBatch = batchShape(X);
        const bool computesRank = driver != LstsqDriver::Gels;
        const bool computesSingularValues = driver == LstsqDriver::Gelsd || driver == LstsqDriver::Gelss;
        T* aData = A.data<T>();
        T* xData = X.data<T>();
        int64_t* rankData = computesRank ? rank.data<int64_t>() : nullptr;
        T* sData = computesSingularValues ? singularValues.data<T>() : nullptr;
        const int64_t sStride = computesSingularValues ? singularValues.size(-1) : 0;
        int* infoData = infos.data<int>();
        std::vector<int> jpvt(driver == LstsqDriver::Gelsy ? std::max<int64_t>(1, n) : 0, 0);
        int rank32 = 0;
        LstsqCall call{driver, int(m), int(n), int(nrhs), leadingDimension(m), leadingDimension(std::max(m, n)),
                       jpvt.empty() ? nullptr : jpvt.data(), &rank32, nullptr};

        // The workspace query, made once with the first matrices.
        T workOptimal = 0;
        int iworkOptimal = 0;
        call.iwork = &iworkOptimal;
        lstsqDriver(call, aData, xData, sData, T(rcond), &workOptimal, -1, infoData);
        const int lwork = queriedWorkspace(workOptimal);
        std::vector<T> work(static_cast<size_t>(lwork));
        std::vector<int> iwork(driver == LstsqDriver::Gelsd ? std::max(1, iworkOptimal) : 0);
        call.iwork = iwork.empty() ? nullptr : iwork.data();

        // batch_iterator_with_broadcasting: B's batch in order, A's matrix by broadcasting; a
        // matrix of A met again is first restored from a copy (the driver overwrote it).
        const int64_t aMatrix = m * n, xMatrix = std::max(m, n) * nrhs;
        const bool aBroadcasts = aBatch != xBatch;
        std::vector<T> pristine;
        std::vector<bool> visited;
        if (aBroadcasts) {
            pristine.assign(aData, aData + A.numel());
            visited.assign(size_t(product(aBatch)), false);
        }
        const int64_t count = product(xBatch);
        for (int64_t i = 0; i < count; ++i) {
            const int64_t a = broadcastBatchIndex(i, aBatch, xBatch);
            if (aBroadcasts) {
                if (visited[size_t(a)])
                    std::copy(pristine.begin() + a * aMatrix, pristine.begin() + (a + 1) * aMatrix, aData + a * aMatrix);
                visited[size_t(a)] = true;
            }
            lstsqDriver(call, aData + a * aMatrix, xData + i * xMatrix, sData ? sData + a * sStride : nullptr, T(rcond),
                        work.data(), lwork, infoData + a);
            if (rankData)
                rankData[a] = rank32;
        }
    });
}

void ldlFactorInPlace(Tensor& LD, Tensor& pivots, Tensor& info)
{
    AGV_DISPATCH_FLOATING(LD.dtype(), "ldl_factor_kernel_cpu", [&] {
        using T = scalar_t;
        const int64_t n = LD.size(-1), count = product(batchShape(LD));
        T* a = LD.data<T>();
        int* ipiv = pivots.data<int>();
        int* infoData = info.data<int>();
        // The workspace query, once with the first matrix (real matrices: sytrf, hermitian or not).
        T optimal = 0;
        sytrf('L', int(n), a, leadingDimension(n), ipiv, &optimal, -1, infoData);
        const int lwork = queriedWorkspace(optimal);
        std::vector<T> work(static_cast<size_t>(lwork));
        for (int64_t i = 0; i < count; ++i)
            sytrf('L', int(n), a + i * n * n, leadingDimension(n), ipiv + i * n, work.data(), lwork, infoData + i);
    });
}

void ldlSolveInPlace(const Tensor& LD, const Tensor& pivots, Tensor& X)
{
    AGV_DISPATCH_FLOATING(LD.dtype(), "ldl_solve_kernel_cpu", [&] {
        using T = scalar_t;
        const int64_t n = LD.size(-1), nrhs = X.size(-1);
        const IntList ldBatch = batchShape(LD), xBatch = batchShape(X);
        const int64_t count = product(xBatch);
        T* a = LD.data<T>();
        int* ipiv = pivots.data<int>();
        T* x = X.data<T>();
        int info = 0;
        for (int64_t i = 0; i < count; ++i) {
            const int64_t j = broadcastBatchIndex(i, ldBatch, xBatch);
            sytrs('L', int(n), int(nrhs), a + j * n * n, leadingDimension(n), ipiv + j * n, x + i * n * nrhs,
                  leadingDimension(n), &info);
        }
    });
}

}  // namespace agv::ops::lapack
