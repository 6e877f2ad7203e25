#pragma once
// torch.einsum and the view ops it is built from: diagonal, movedim (einsum.cpp), and its
// pairwise contraction, which _trilinear (bilinear.cpp) shares.

#include <string>

#include "core/tensor/tensor.h"

namespace agv::ops {

/// The diagonal of the dims dim1 and dim2, offset above (or below) the main one, as a
/// view whose last dim runs along it (DiagonalBackward0).
Tensor diagonal(const Tensor& self, int64_t offset = 0, int64_t dim1 = 0, int64_t dim2 = 1);
/// The dims `source` moved to positions `destination`, the others kept in order (a permute).
Tensor movedim(const Tensor& self, const IntList& source, const IntList& destination);
/// PyTorch 1.13's at::einsum without a contraction path: operands aligned by permute /
/// unsqueeze / diagonal, contracted left to right through bmm (sumproduct_pair).
Tensor einsum(const std::string& equation, const TensorList& operands);

/// ATen's sumproduct_pair: (left * right).sum(sumDims, keepdim=true) for operands aligned
/// to the same dims (size 1 where one lacks a dim), through permute / reshape / one bmm.
Tensor sumproductPair(Tensor left, Tensor right, const IntList& sumDims);

}  // namespace agv::ops
