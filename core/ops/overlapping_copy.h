#pragma once
// Note [copy_ from an overlapping view of itself]
// copy_ refuses a source that partially overlaps the destination only when both are
// non-overlapping and dense (Note [Partial overlap of an in-place op's input]). An expanded
// or strided source that shares memory with the destination is copied anyway, and 1.13's
// TensorIterator then reads elements it has already written: `x.copy_(x[:, 0].expand(2, 2))`
// gives [[0, 2], [0, 0]], not [[0, 2], [0, 2]]. Which ones depends on its loop:
//  - the dims ordered by reorder_dimensions (output strides first) and merged by
//    coalesce_dimensions; the innermost dim runs inside, the outer dims as an odometer;
//  - each inner run through cpu_kernel_vec's bodies for a plain copy: when output and
//    input are both contiguous along it, 2 x 32 bytes of input are loaded before they are
//    stored (16 floats, 8 doubles), the tail element by element; when the input is a
//    broadcast scalar along it (stride 0), that scalar is loaded once for the run's
//    vector blocks and again for each element of its tail; anything else element by
//    element, each read just before its write.
// Checked against 1.13 on random overlapping geometries for float32/64, int8 to int64 and
// bool. float16 and bfloat16 copies read ahead in a way this does not reproduce in every
// case, and a copy between two dtypes of one storage reads the whole source first here.

#include "core/tensor/tensor.h"

namespace agv::ops::kernel {

/// dst = src where src shares dst's storage (same dtype): elements read and written in the
/// order 1.13's copy kernel reads and writes them.
void copyInLoopOrder(const Tensor& dst, const Tensor& src);

}  // namespace agv::ops::kernel
