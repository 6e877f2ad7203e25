// triu, tril, diag and trace: the matrix-diagonal ops, with PyTorch 1.13's checks and
// backward formulas (TriuBackward0, TrilBackward0, DiagBackward0, TraceBackward0).

#include "core/autograd/grad_mode.h"
#include "core/ops/index_fill_copy.h"
#include "core/ops/inplace_intercept.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/view_inplace.h"
#include "core/ops/zero_tensor.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

/// Writes into `out` (contiguous, the sizes of `t`) the elements of `t` on the kept side
/// of the diagonal of its last two dims, zeros elsewhere. `out` may be `t` itself.
void triangleKernel(const Tensor& t, const Tensor& out, int64_t diagonal, bool upper)
{
    const int64_t rows = t.sizes()[t.sizes().size() - 2];
    const int64_t cols = t.sizes().back();
    const std::vector<int64_t> in = kernel::elementOffsets(t.sizes(), t.strides());
    const std::vector<int64_t> to = kernel::elementOffsets(out.sizes(), out.strides());
    AGV_DISPATCH_ALL_AND_HALF(t.dtype(), upper ? "triu" : "tril", [&] {
        using T = scalar_t;
        const T* x = t.data<T>();
        T* o = out.data<T>();
        for (size_t i = 0; i < in.size(); ++i) {
            const int64_t c = int64_t(i) % cols;
            const int64_t r = (int64_t(i) / cols) % rows;
            const bool keep = upper ? c - r >= diagonal : c - r <= diagonal;
            o[to[i]] = keep ? x[in[i]] : T(0);
        }
    });
}

Tensor triangle(const Tensor& self, int64_t diagonal, bool upper)
{
    wrapDim(-2, self.dim());  // PyTorch's "Dimension out of range" for fewer than 2 dims
    Tensor out = kernel::newTensor(self.sizes(), self.dtype(), self.device());
    triangleKernel(self, out, diagonal, upper);
    OpRecorder rec(upper ? "TriuBackward0" : "TrilBackward0", {&self},
                   [diagonal, upper](BackwardNode&, const variable_list& g) {
                       return variable_list{upper ? triu(g[0], diagonal) : tril(g[0], diagonal)};
                   });
    rec.attr("diagonal", diagonal);
    // auto_linear: the same triangle of the tangent
    rec.forward([diagonal, upper](const InputTangents& t, const Tensor&) {
        return upper ? triu(t[0], diagonal) : tril(t[0], diagonal);
    });
    return rec.finish(out);
}

Tensor& triangleInplace(Tensor& self, int64_t diagonal, bool upper)
{
    wrapDim(-2, self.dim());
    checkInplace(self);
    OpRecorder rec(upper ? "TriuBackward0" : "TrilBackward0", {&self},
                   [diagonal, upper](BackwardNode&, const variable_list& g) {
                       return variable_list{upper ? triu(g[0], diagonal) : tril(g[0], diagonal)};
                   });
    rec.forward([diagonal, upper](const InputTangents& t, const Tensor&) {
        return upper ? triu(t[0], diagonal) : tril(t[0], diagonal);
    });
    checkNotZeroTensor(self);
    InplaceIntercept intercept(upper ? "TriuBackward0" : "TrilBackward0", upper ? "triu_" : "tril_", {&self}, self);
    triangleKernel(self, self, diagonal, upper);
    intercept.offer(self);
    self.bumpVersion(upper ? "triu_" : "tril_");
    if (rec.active()) {
        rec.attr("diagonal", diagonal);
        rebaseHistory(self, rec.node(), false);
    }
    intercept.announce(rec.active() ? rec.node()->id() : 0, self);
    rec.finishInplaceTangent(self);
    return self;
}

/// Number of elements on diagonal `d` of a rows x cols matrix (negative when off the matrix).
int64_t diagonalLength(int64_t rows, int64_t cols, int64_t d)
{
    return d >= 0 ? std::min(rows, cols - d) : std::min(rows + d, cols);
}

/// A zero rows x cols matrix with `values` (1-D, or 0-d broadcast) on diagonal `d`; no autograd.
Tensor placeDiagonal(const Tensor& values, int64_t rows, int64_t cols, int64_t d)
{
    Tensor out = kernel::newTensor({rows, cols}, values.dtype(), values.device());
    const int64_t len = std::max<int64_t>(diagonalLength(rows, cols, d), 0);
    const int64_t step = values.dim() == 0 ? 0 : values.strides()[0];
    AGV_DISPATCH_ALL_AND_HALF(values.dtype(), "diag", [&] {
        using T = scalar_t;
        T* o = out.data<T>();
        const T* v = values.data<T>();
        for (int64_t i = 0; i < rows * cols; ++i)
            o[i] = T(0);
        const int64_t r0 = d >= 0 ? 0 : -d;
        const int64_t c0 = d >= 0 ? d : 0;
        for (int64_t i = 0; i < len; ++i)
            o[(r0 + i) * cols + c0 + i] = v[i * step];
    });
    return out;
}

/// The elements on diagonal `d` of a 2-D tensor, as a fresh 1-D tensor; no autograd.
Tensor takeDiagonal(const Tensor& m, int64_t d)
{
    const int64_t rows = m.sizes()[0], cols = m.sizes()[1];
    const int64_t len = diagonalLength(rows, cols, d);
    AGV_CHECK(len >= 0, RuntimeError, "numel: integer multiplication overflow");
    Tensor out = kernel::newTensor({len}, m.dtype(), m.device());
    const int64_t r0 = d >= 0 ? 0 : -d;
    const int64_t c0 = d >= 0 ? d : 0;
    AGV_DISPATCH_ALL_AND_HALF(m.dtype(), "diag", [&] {
        using T = scalar_t;
        T* o = out.data<T>();
        const T* x = m.data<T>();
        for (int64_t i = 0; i < len; ++i)
            o[i] = x[(r0 + i) * m.strides()[0] + (c0 + i) * m.strides()[1]];
    });
    return out;
}

}  // namespace

Tensor triu(const Tensor& self, int64_t diagonal) { return triangle(self, diagonal, true); }
Tensor tril(const Tensor& self, int64_t diagonal) { return triangle(self, diagonal, false); }
Tensor& triuInplace(Tensor& self, int64_t diagonal) { return triangleInplace(self, diagonal, true); }
Tensor& trilInplace(Tensor& self, int64_t diagonal) { return triangleInplace(self, diagonal, false); }

Tensor diag(const Tensor& self, int64_t diagonal)
{
    AGV_CHECK(self.dim() == 1 || self.dim() == 2, RuntimeError, "matrix or a vector expected");
    Tensor out;
    if (self.dim() == 1) {
        const int64_t n = self.sizes()[0] + (diagonal >= 0 ? diagonal : -diagonal);
        out = placeDiagonal(self, n, n, diagonal);
    } else {
        out = takeDiagonal(self, diagonal);
    }
    const IntList selfSizes = self.sizes();
    OpRecorder rec("DiagBackward0", {&self}, [selfSizes, diagonal](BackwardNode&, const variable_list& g) {
        // diag_backward: the diagonal of grad for a vector input, grad on the diagonal of zeros for a matrix
        if (selfSizes.size() == 1)
            return variable_list{diag(g[0], diagonal)};
        GradModeGuard noGrad(false);
        return variable_list{placeDiagonal(contiguous(g[0]), selfSizes[0], selfSizes[1], diagonal)};
    });
    rec.attr("diagonal", diagonal);
    rec.attr("self_sym_sizes", selfSizes);
    rec.forward([diagonal](const InputTangents& t, const Tensor&) { return diag(t[0], diagonal); });  // auto_linear
    return rec.finish(out);
}

namespace {

// Note [trace's gradient of a tall matrix]
// 1.13's trace_backward writes the gradient into a flat zero tensor at every (cols + 1)-th
// element up to rows * cols, which is the diagonal only while rows <= cols + 1: a 4 x 2
// matrix gets it at (0, 0), (1, 1) and (3, 0). We keep that gradient, as 1.13 computes it.

/// trace_backward as 1.13 composes it: zeros, index_fill_ with the 0-d gradient
/// (IndexFillBackward1 under create_graph), a view to the matrix's sizes (ViewBackward0);
/// so a second backward runs through those ops. See Note [trace's gradient of a tall matrix].
Tensor traceBackward(const Tensor& grad, const IntList& sizes)
{
    Tensor flat = zeros({sizes[0] * sizes[1]}, grad.dtype(), grad.device());
    const Tensor indices = arange(Scalar(int64_t(0)), Scalar(flat.numel()), Scalar(sizes[1] + 1), ScalarType::Int64,
                                  grad.device());
    indexFillInplace(flat, 0, indices, grad);
    return view(flat, sizes);
}

}  // namespace

Tensor trace(const Tensor& self)
{
    AGV_CHECK(self.dim() == 2, RuntimeError, "trace: expected a matrix, but got tensor with dim ", self.dim());
    // PyTorch 1.13's CPU kernel has no 16-bit floating cases.
    AGV_CHECK(self.dtype() != ScalarType::Half && self.dtype() != ScalarType::BFloat16, RuntimeError,
              "\"trace\" not implemented for '", legacyDtypeShortName(self.dtype()), "'");
    const bool integral = !isFloatingType(self.dtype());
    const ScalarType outType = integral ? ScalarType::Int64 : self.dtype();
    Tensor out = kernel::newTensor({}, outType, self.device());
    const int64_t len = std::min(self.sizes()[0], self.sizes()[1]);
    const int64_t step = self.strides()[0] + self.strides()[1];
    AGV_DISPATCH_ALL_AND_HALF(self.dtype(), "trace", [&] {
        using T = scalar_t;
        const T* x = self.data<T>();
        if (integral) {
            int64_t sum = 0;
            for (int64_t i = 0; i < len; ++i)
                sum += int64_t(x[i * step]);
            *out.data<int64_t>() = sum;
        } else if constexpr (!std::is_same_v<T, bool>) {
            double sum = 0;
            for (int64_t i = 0; i < len; ++i)
                sum += double(x[i * step]);
            *out.data<T>() = T(sum);
        }
    });
    const IntList selfSizes = self.sizes();
    OpRecorder rec("TraceBackward0", {&self}, [selfSizes](BackwardNode&, const variable_list& g) {
        return variable_list{traceBackward(g[0], selfSizes)};
    });
    rec.attr("self_sizes", selfSizes);
    rec.forward([](const InputTangents& t, const Tensor&) { return trace(t[0]); });  // auto_linear
    return rec.finish(out);
}

}  // namespace agv::ops
