// torch.einsum as PyTorch 1.13 computes it (aten/src/ATen/native/Linear.cpp), so the graph
// a learner sees is PyTorch's: each operand is aligned to one dim order (the output's
// labels, then the contracted ones) by diagonal (a repeated label), unsqueeze (a missing
// one) and permute; the operands are then contracted left to right, each pair by
// sumproduct_pair's permute / reshape / bmm / view / permute, or a plain mul when nothing
// is summed. No contraction path: PyTorch takes one from opt_einsum only when that
// package is installed (torch.backends.opt_einsum), which Debian's python3-torch is not.

#include <algorithm>
#include <array>
#include <cctype>
#include <numeric>

#include "core/autograd/grad_mode.h"
#include "core/ops/einsum.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/quietly.h"
#include "core/ops/ops.h"
#include "core/ops/view_inplace.h"

namespace agv::ops {

// ---------------------------------------------------------------- diagonal / movedim

namespace {

/// diagonal_backward, an op of its own: zeros of the input's shape with `grad` written
/// along the diagonal. Under create_graph its node is DiagonalBackwardBackward0, whose
/// formula reads that diagonal back.
Tensor diagonalBackward(const Tensor& grad, const IntList& sizes, int64_t offset, int64_t dim1, int64_t dim2)
{
    OpRecorder rec("DiagonalBackwardBackward0", {&grad}, [offset, dim1, dim2](BackwardNode&, const variable_list& g) {
        return variable_list{diagonal(g[0], offset, dim1, dim2)};
    });
    rec.attr("dim1", dim1);
    rec.attr("dim2", dim2);
    rec.attr("offset", offset);
    Tensor out = quietly([&] {
        Tensor zerosWithDiagonal = zeros(sizes, grad.dtype(), grad.device());
        Tensor diag = diagonal(zerosWithDiagonal, offset, dim1, dim2);
        kernel::copyInto(diag, grad);
        return zerosWithDiagonal;
    });
    return rec.finish(out);
}

}  // namespace

Tensor diagonal(const Tensor& self, int64_t offset, int64_t dim1In, int64_t dim2In)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(self);
    const int64_t dim1 = wrapDim(dim1In, self.dim(), false), dim2 = wrapDim(dim2In, self.dim(), false);
    AGV_CHECK(dim1 != dim2, RuntimeError, "diagonal dimensions cannot be identical ", dim1In, ", ", dim2In);
    const IntList& sizes = self.sizes();
    const IntList& strides = self.strides();
    const int64_t diagSize = offset >= 0 ? std::max<int64_t>(std::min(sizes[dim1], sizes[dim2] - offset), 0)
                                         : std::max<int64_t>(std::min(sizes[dim1] + offset, sizes[dim2]), 0);
    int64_t storageOffset = self.offset();
    if (diagSize > 0)
        storageOffset += offset >= 0 ? offset * strides[dim2] : -offset * strides[dim1];
    IntList outSizes, outStrides;
    for (int64_t d = 0; d < self.dim(); ++d)
        if (d != dim1 && d != dim2) {
            outSizes.push_back(sizes[d]);
            outStrides.push_back(strides[d]);
        }
    outSizes.push_back(diagSize);
    outStrides.push_back(strides[dim1] + strides[dim2]);
    Tensor out = makeView(self, outSizes, outStrides, storageOffset);
    const IntList selfSizes = self.sizes();
    OpRecorder rec("DiagonalBackward0", {&self}, [=](BackwardNode&, const variable_list& g) {
        return variable_list{diagonalBackward(g[0], selfSizes, offset, dim1, dim2)};
    });
    rec.attr("dim1", dim1In);
    rec.attr("dim2", dim2In);
    rec.attr("offset", offset);
    rec.attr("self_sym_sizes", selfSizes);
    rec.forward([=](const InputTangents& t, const Tensor&) { return diagonal(t[0], offset, dim1, dim2); });
    return rec.finish(out);
}

Tensor movedim(const Tensor& self, const IntList& source, const IntList& destination)
{
    AGV_CHECK(source.size() == destination.size(), RuntimeError,
              "movedim: Invalid source or destination dims: source (", sizesToString(source),
              " dims) should contain the same number of dims as destination (", sizesToString(destination), " dims)");
    const int64_t ndim = self.dim();
    IntList src(source.size()), dst(destination.size());
    for (size_t i = 0; i < source.size(); ++i) {
        src[i] = wrapDim(source[i], ndim);
        dst[i] = wrapDim(destination[i], ndim);
    }
    auto allUnique = [](IntList dims) {
        std::sort(dims.begin(), dims.end());
        return std::adjacent_find(dims.begin(), dims.end()) == dims.end();
    };
    AGV_CHECK(allUnique(src), RuntimeError, "movedim: repeated dim in `source` (", sizesToString(source), ")");
    AGV_CHECK(allUnique(dst), RuntimeError, "movedim: repeated dim in `destination` (", sizesToString(destination),
              ")");
    if (ndim == 0)
        return self;
    // The moved dims go where they are asked; the others fill the free places in order.
    IntList order(size_t(ndim), -1);
    IntList sourceDims(static_cast<size_t>(ndim)), destinationDims(static_cast<size_t>(ndim));
    std::iota(sourceDims.begin(), sourceDims.end(), 0);
    std::iota(destinationDims.begin(), destinationDims.end(), 0);
    for (size_t i = 0; i < src.size(); ++i) {
        order[size_t(dst[i])] = src[i];
        sourceDims[size_t(src[i])] = -1;
        destinationDims[size_t(dst[i])] = -1;
    }
    sourceDims.erase(std::remove(sourceDims.begin(), sourceDims.end(), -1), sourceDims.end());
    destinationDims.erase(std::remove(destinationDims.begin(), destinationDims.end(), -1), destinationDims.end());
    for (size_t i = 0; i < sourceDims.size(); ++i)
        order[size_t(destinationDims[i])] = sourceDims[i];
    return permute(self, order);
}

// ---------------------------------------------------------------- einsum

// See einsum.h: the output dims that both operands have (lro), those only left has (lo),
// the summed ones, those only right has (ro), through one bmm.
Tensor sumproductPair(Tensor left, Tensor right, const IntList& sumDims)
{
    AGV_CHECK(left.dim() == right.dim(), RuntimeError, "number of dimensions must match");
    if (sumDims.empty())
        return mul(left, right);
    const int64_t dim = left.dim();
    std::vector<bool> summed(size_t(dim), false);
    for (int64_t d : sumDims)
        summed[size_t(d)] = true;
    IntList lro, lo, ro;
    int64_t lroSize = 1, loSize = 1, roSize = 1, sumSize = 1;
    for (int64_t i = 0; i < dim; ++i) {
        const bool sl = left.sizes()[size_t(i)] != 1, sr = right.sizes()[size_t(i)] != 1;
        if (summed[size_t(i)]) {
            if (sl && sr) {
                AGV_CHECK(left.sizes()[size_t(i)] == right.sizes()[size_t(i)], RuntimeError,
                          "non-broadcast dimensions must match");
                sumSize *= left.sizes()[size_t(i)];
            } else if (sl) {
                left = sum(left, {i}, true);
            } else if (sr) {
                right = sum(right, {i}, true);
            }
        } else if (sl && sr) {
            AGV_CHECK(left.sizes()[size_t(i)] == right.sizes()[size_t(i)], RuntimeError,
                      "non-broadcast dimensions must match");
            lro.push_back(i);
            lroSize *= left.sizes()[size_t(i)];
        } else if (sl) {
            lo.push_back(i);
            loSize *= left.sizes()[size_t(i)];
        } else {
            ro.push_back(i);
            roSize *= right.sizes()[size_t(i)];
        }
    }
    IntList outSize;
    for (int64_t d : lro)
        outSize.push_back(left.sizes()[size_t(d)]);
    for (int64_t d : lo)
        outSize.push_back(left.sizes()[size_t(d)]);
    for (size_t k = 0; k < sumDims.size(); ++k)
        outSize.push_back(1);
    for (int64_t d : ro)
        outSize.push_back(right.sizes()[size_t(d)]);
    auto concat = [](std::initializer_list<const IntList*> parts) {
        IntList out;
        for (const IntList* p : parts)
            out.insert(out.end(), p->begin(), p->end());
        return out;
    };
    const IntList lpermutation = concat({&lro, &lo, &sumDims, &ro});
    const IntList rpermutation = concat({&lro, &sumDims, &ro, &lo});
    IntList opermutation(size_t(dim), -1);
    int64_t k = 0;
    for (const IntList* part : std::initializer_list<const IntList*>{&lro, &lo, &sumDims, &ro})
        for (int64_t d : *part)
            opermutation[size_t(d)] = k++;
    left = reshape(permute(left, lpermutation), {lroSize, loSize, sumSize});
    right = reshape(permute(right, rpermutation), {lroSize, sumSize, roSize});
    return permute(view(bmm(left, right), outSize), opermutation);
}

namespace {

constexpr int kLetters = 26;
constexpr int kTotalLabels = 2 * kLetters;
constexpr int kEllipsis = kTotalLabels;  ///< the label code of "..."

int labelToSubscript(unsigned char label) { return std::isupper(label) ? label - 'A' : label - 'a' + kLetters; }
char subscriptToLabel(int s) { return char(s < kLetters ? s + 'A' : s + 'a' - kLetters); }

}  // namespace

Tensor einsum(const std::string& equation, const TensorList& operands)
{
    AGV_CHECK(!operands.empty(), RuntimeError, "einsum(): must provide at least one operand");
    const size_t numOps = operands.size();

    // 1. The labels of each operand, ELLIPSIS where "..." stands.
    const size_t arrowPos = equation.find("->");
    const std::string lhs = equation.substr(0, arrowPos);
    std::vector<std::vector<int>> opLabels(numOps);
    bool ellInInput = false;
    size_t currOp = 0;
    for (size_t i = 0; i < lhs.size(); ++i) {
        const unsigned char label = static_cast<unsigned char>(lhs[i]);
        switch (label) {
        case ' ':
            break;
        case '.':
            AGV_CHECK(!ellInInput, RuntimeError, "einsum(): found '.' for operand ", currOp,
                      " for which an ellipsis was already found");
            AGV_CHECK(i + 2 < lhs.size() && lhs[++i] == '.' && lhs[++i] == '.', RuntimeError,
                      "einsum(): found '.' for operand ", currOp, " that is not part of any ellipsis");
            opLabels[currOp].push_back(kEllipsis);
            ellInInput = true;
            break;
        case ',':
            ++currOp;
            AGV_CHECK(currOp < numOps, RuntimeError,
                      "einsum(): fewer operands were provided than specified in the equation");
            ellInInput = false;
            break;
        default:
            AGV_CHECK(std::isalpha(label), RuntimeError, "einsum(): invalid subscript given at index ", i,
                      " in the equation string, subscripts must be in [a-zA-Z]");
            opLabels[currOp].push_back(labelToSubscript(label));
        }
    }
    AGV_CHECK(currOp == numOps - 1, RuntimeError,
              "einsum(): more operands were provided than specified in the equation");

    // How often each label occurs, and how many dims the widest ellipsis covers.
    std::array<int64_t, kTotalLabels> labelCount{};
    int64_t ellNumDim = 0;
    for (size_t i = 0; i < numOps; ++i) {
        const int64_t ndims = operands[i].dim();
        int64_t nlabels = int64_t(opLabels[i].size());
        bool hasEllipsis = false;
        for (int label : opLabels[i]) {
            if (label == kEllipsis) {
                --nlabels;
                hasEllipsis = true;
                ellNumDim = std::max(ellNumDim, ndims - nlabels);
            } else {
                ++labelCount[size_t(label)];
            }
        }
        AGV_CHECK(hasEllipsis ? nlabels <= ndims : nlabels == ndims, RuntimeError,
                  "einsum(): the number of subscripts in the equation (", nlabels,
                  hasEllipsis ? ") is more than the number of dimensions (" : ") does not match the number of dimensions (",
                  ndims, ") for operand ", i, hasEllipsis ? "" : " and no ellipsis was given");
    }

    // 2. Where each label goes in the aligned order: the output's dims, then the summed ones.
    std::array<int64_t, kTotalLabels> labelPermIndex;
    labelPermIndex.fill(-1);
    int64_t permIndex = 0, ellIndex = 0;
    bool ellInOutput = false;
    if (arrowPos == std::string::npos) {
        // Implicit output: the ellipsis, then the labels seen once, in alphabetical order.
        permIndex = ellNumDim;
        ellInOutput = true;
        for (int label = 0; label < kTotalLabels; ++label)
            if (labelCount[size_t(label)] == 1)
                labelPermIndex[size_t(label)] = permIndex++;
    } else {
        const std::string rhs = equation.substr(arrowPos + 2);
        for (size_t i = 0; i < rhs.size(); ++i) {
            const unsigned char label = static_cast<unsigned char>(rhs[i]);
            switch (label) {
            case ' ':
                break;
            case '.':
                AGV_CHECK(!ellInOutput, RuntimeError,
                          "einsum(): found '.' for output but an ellipsis (...) was already found");
                AGV_CHECK(i + 2 < rhs.size() && rhs[++i] == '.' && rhs[++i] == '.', RuntimeError,
                          "einsum(): found '.' for output that is not part of any ellipsis (...)");
                ellIndex = permIndex;
                permIndex += ellNumDim;
                ellInOutput = true;
                break;
            default: {
                AGV_CHECK(std::isalpha(label), RuntimeError, "einsum(): invalid subscript given at index ",
                          lhs.size() + 2 + i, " in the equation string, subscripts must be in [a-zA-Z]");
                const int index = labelToSubscript(label);
                AGV_CHECK(labelCount[size_t(index)] > 0 && labelPermIndex[size_t(index)] == -1, RuntimeError,
                          "einsum(): output subscript ", char(label),
                          labelPermIndex[size_t(index)] > -1 ? " appears more than once in the output"
                                                             : " does not appear in the equation for any input operand");
                labelPermIndex[size_t(index)] = permIndex++;
            }
            }
        }
    }
    const int64_t outNumDim = permIndex;
    if (!ellInOutput) {
        ellIndex = permIndex;
        permIndex += ellNumDim;
    }
    for (int label = 0; label < kTotalLabels; ++label)
        if (labelCount[size_t(label)] > 0 && labelPermIndex[size_t(label)] == -1)
            labelPermIndex[size_t(label)] = permIndex++;

    // 3. Each operand aligned: sizes checked, diagonals taken for repeated labels, missing
    // dims unsqueezed, then permuted; dimCounts counts the operands where a dim is not 1.
    std::array<int64_t, kTotalLabels> labelSize;
    labelSize.fill(1);
    IntList ellSizes(size_t(ellNumDim), 1);
    std::vector<uint64_t> dimCounts(size_t(permIndex), 0);
    TensorList ops;
    for (size_t i = 0; i < numOps; ++i) {
        Tensor op = operands[i];
        IntList permutation(size_t(permIndex), -1);
        int64_t dim = 0;
        for (int s : opLabels[i]) {
            if (s == kEllipsis) {
                const int64_t ndim = operands[i].dim() - (int64_t(opLabels[i].size()) - 1);
                for (int64_t j = ellNumDim - ndim; j < ellNumDim; ++j) {
                    const int64_t size = op.sizes()[size_t(dim)];
                    if (size != 1) {
                        AGV_CHECK(ellSizes[size_t(j)] == 1 || ellSizes[size_t(j)] == size, RuntimeError,
                                  "einsum(): dimension ", dim, " covered by ellipsis in operand ", i, "has size ",
                                  size, " which does not broadcast with previously seen ellipsis with size ",
                                  ellSizes[size_t(j)], " for the respective dimension");
                        ellSizes[size_t(j)] = size;
                        ++dimCounts[size_t(ellIndex + j)];
                    }
                    permutation[size_t(ellIndex + j)] = dim++;
                }
            } else if (permutation[size_t(labelPermIndex[size_t(s)])] == -1) {
                const int64_t size = op.sizes()[size_t(dim)];
                if (size != 1) {
                    AGV_CHECK(labelSize[size_t(s)] == 1 || labelSize[size_t(s)] == size, RuntimeError,
                              "einsum(): subscript ", subscriptToLabel(s), " has size ", size, " for operand ", i,
                              " which does not broadcast with previously seen size ", labelSize[size_t(s)]);
                    labelSize[size_t(s)] = size;
                    ++dimCounts[size_t(labelPermIndex[size_t(s)])];
                }
                permutation[size_t(labelPermIndex[size_t(s)])] = dim++;
            } else {
                // A repeated label: take the diagonal, kept where the label first stood.
                const int64_t prevDim = permutation[size_t(labelPermIndex[size_t(s)])];
                AGV_CHECK(op.sizes()[size_t(dim)] == op.sizes()[size_t(prevDim)], RuntimeError, "einsum(): subscript ",
                          subscriptToLabel(s), " is repeated for operand ", i, " but the sizes don't match, ",
                          op.sizes()[size_t(dim)], " != ", op.sizes()[size_t(prevDim)]);
                op = movedim(diagonal(op, 0, prevDim, dim), {-1}, {prevDim});
            }
        }
        for (int64_t& val : permutation)
            if (val == -1) {
                op = unsqueeze(op, dim);
                val = dim++;
            }
        ops.push_back(permute(op, permutation));
    }

    // 4. Contract left to right: dims no later operand has are summed now, those that only
    // one of the pair has are summed first.
    while (ops.size() > 1) {
        Tensor a = ops[0], b = ops[1];
        ops.erase(ops.begin(), ops.begin() + 2);
        IntList sumDims, aDimsToSum, bDimsToSum;
        for (int64_t dim = outNumDim; dim < permIndex; ++dim) {
            const bool inA = a.sizes()[size_t(dim)] != 1, inB = b.sizes()[size_t(dim)] != 1;
            if (inA && inB) {
                if (--dimCounts[size_t(dim)] == 1) {
                    sumDims.push_back(dim);
                    dimCounts[size_t(dim)] = 0;
                }
            } else if (dimCounts[size_t(dim)] == 1) {
                if (inA) {
                    aDimsToSum.push_back(dim);
                    dimCounts[size_t(dim)] = 0;
                } else if (inB) {
                    bDimsToSum.push_back(dim);
                    dimCounts[size_t(dim)] = 0;
                }
            }
        }
        if (!aDimsToSum.empty())
            a = sum(a, aDimsToSum, true);
        if (!bDimsToSum.empty())
            b = sum(b, bDimsToSum, true);
        ops.insert(ops.begin(), sumproductPair(a, b, sumDims));
    }

    // 5. The contracted dims: already of size 1 after a contraction (viewed away), summed
    // out of a single operand.
    if (permIndex - outNumDim > 0) {
        if (numOps > 1) {
            IntList sizes(ops[0].sizes().begin(), ops[0].sizes().begin() + outNumDim);
            return view(ops[0], sizes);
        }
        IntList sumDims(size_t(permIndex - outNumDim));
        std::iota(sumDims.begin(), sumDims.end(), outNumDim);
        return sum(ops[0], sumDims);
    }
    return ops[0];
}

}  // namespace agv::ops
