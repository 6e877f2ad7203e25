#include <algorithm>

#include "core/ops/ops.h"

namespace agv::ops {

int64_t wrapDim(int64_t dim, int64_t ndim, bool scalarOk)
{
    int64_t n = ndim;
    if (n == 0 && scalarOk)
        n = 1;
    AGV_CHECK(n > 0, IndexError, "dimension specified as ", dim, " but tensor has no dimensions");
    AGV_CHECK(dim >= -n && dim < n, IndexError, "Dimension out of range (expected to be in range of [", -n, ", ",
              n - 1, "], but got ", dim, ")");
    return dim < 0 ? dim + n : dim;
}

IntList reductionDims(const Tensor& t, const IntList& dims)
{
    IntList out;
    for (int64_t d : dims) {
        const int64_t w = wrapDim(d, t.dim());
        AGV_CHECK(std::find(out.begin(), out.end(), w) == out.end(), RuntimeError, "dim ", w,
                  " appears multiple times in the list of dims");
        out.push_back(w);
    }
    if (dims.empty())  // dim=[] reduces everything, as PyTorch does
        for (int64_t d = 0; d < t.dim(); ++d)
            out.push_back(d);
    return out;
}

IntList broadcastShapes(const IntList& a, const IntList& b)
{
    const size_t n = std::max(a.size(), b.size());
    IntList out(n);
    // Right to left, as PyTorch reports the first mismatch from the trailing dimension.
    for (size_t i = n; i-- > 0;) {
        const int64_t da = i < n - a.size() ? 1 : a[i - (n - a.size())];
        const int64_t db = i < n - b.size() ? 1 : b[i - (n - b.size())];
        if (da != db && da != 1 && db != 1)
            throw Error(PyExc::RuntimeError,
                        detail::concat("The size of tensor a (", da, ") must match the size of tensor b (", db,
                                       ") at non-singleton dimension ", i),
                        ErrorKind::ShapeMismatch);
        out[i] = da == 1 ? db : da;
    }
    return out;
}

bool isExpandableTo(const IntList& shape, const IntList& desired)
{
    if (shape.size() > desired.size())
        return false;
    for (size_t i = 0; i < shape.size(); ++i) {
        const int64_t s = shape[shape.size() - 1 - i];
        const int64_t d = desired[desired.size() - 1 - i];
        if (s != d && s != 1)
            return false;
    }
    return true;
}

Tensor sumTo(const Tensor& t, const IntList& shape)
{
    // at::sum_to: to a 0-d shape it is a plain sum(), even of a 0-d tensor (SumBackward0
    // under create_graph, not sum(dims, keepdim) + view).
    if (shape.empty())
        return sum(t);
    if (t.sizes() == shape)
        return t;
    const size_t lead = size_t(t.dim()) - shape.size();
    IntList dims;
    for (size_t i = 0; i < lead; ++i)
        dims.push_back(int64_t(i));
    for (size_t i = 0; i < shape.size(); ++i)
        if (shape[i] == 1 && t.sizes()[lead + i] != 1)
            dims.push_back(int64_t(lead + i));
    Tensor r = dims.empty() ? t : sum(t, dims, /*keepdim=*/true);
    if (lead > 0 || r.sizes() != shape)
        r = view(r.isContiguous() ? r : contiguous(r), shape);
    return r;
}

}  // namespace agv::ops
