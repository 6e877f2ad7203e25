// constant_pad_nd (F.pad with mode="constant"): a new tensor filled with the value,
// the input copied into its middle. Negative padding crops, as in PyTorch, by
// narrowing the input first (so its errors are narrow's). The result is laid out as 1.13
// lays it out (Note [Memory formats]): in the memory format the input suggests, or, when
// no pad is positive, as a clone of the cropped input (its strides kept when dense).

#include "core/autograd/grad_mode.h"
#include "core/ops/iterator_layout.h"
#include "core/ops/kernels.h"
#include "core/ops/memory_format.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/trace/sink.h"

namespace agv::ops {

Tensor constantPadNd(const Tensor& self, const IntList& pad, Scalar value)
{
    const int64_t padded = int64_t(pad.size()) / 2;
    const int64_t ndim = self.dim();
    AGV_CHECK(pad.size() % 2 == 0, RuntimeError, "Length of pad must be even but instead it equals ", pad.size());
    AGV_CHECK(padded <= ndim, RuntimeError,
              "Length of pad should be no more than twice the number of dimensions of the input. Pad length is ",
              pad.size(), " while the input has ", ndim, " dimensions.");
    Tensor out;
    {
        trace::MuteGuard mute;
        GradModeGuard noGrad(false);
        Tensor cropped = self;
        bool anyPositive = false;
        for (int64_t i = 0; i < padded; ++i) {
            const int64_t dim = ndim - 1 - i;  // pad lists the last dimension first
            if (pad[size_t(2 * i)] < 0)
                cropped = narrow(cropped, dim, -pad[size_t(2 * i)], cropped.sizes()[size_t(dim)] + pad[size_t(2 * i)]);
            if (pad[size_t(2 * i + 1)] < 0)
                cropped = narrow(cropped, dim, 0, cropped.sizes()[size_t(dim)] + pad[size_t(2 * i + 1)]);
            anyPositive = anyPositive || pad[size_t(2 * i)] > 0 || pad[size_t(2 * i + 1)] > 0;
        }
        IntList sizes = self.sizes();
        for (int64_t i = 0; anyPositive && i < padded; ++i) {
            const int64_t dim = ndim - 1 - i;
            const int64_t size = sizes[size_t(dim)] + pad[size_t(2 * i)] + pad[size_t(2 * i + 1)];
            AGV_CHECK(size > 0, RuntimeError, "The input size ", sizes[size_t(dim)], ", plus negative padding ",
                      pad[size_t(2 * i)], " and ", pad[size_t(2 * i + 1)],
                      " resulted in a negative output size, which is invalid. Check dimension ", dim,
                      " of your input.");
            sizes[size_t(dim)] = size;
        }
        if (!anyPositive) {
            // 1.13 returns c_input.clone(): MemoryFormat::Preserve.
            out = kernel::newStridedTensor(cropped.sizes(), preservedStrides(cropped), self.dtype(), self.device());
            kernel::copyInto(out, cropped);
        } else {
            out = laidOutIn(full(sizes, value, self.dtype(), self.device()), suggestMemoryFormat(self));
        }
        Tensor middle = out;
        for (int64_t i = 0; i < padded; ++i) {
            const int64_t dim = ndim - 1 - i;
            middle = narrow(middle, dim, std::max<int64_t>(pad[size_t(2 * i)], 0),
                            cropped.sizes()[size_t(dim)]);
        }
        if (anyPositive)
            kernel::copyInto(middle, cropped);
    }
    OpRecorder rec("ConstantPadNdBackward0", {&self}, [pad](BackwardNode& n, const variable_list& g) {
        IntList inverse;
        for (int64_t v : pad)
            inverse.push_back(-v);
        return variable_list{constantPadNd(g[0], inverse, 0)};
    });
    rec.attr("pad", pad);
    rec.forward([pad](const InputTangents& t, const Tensor&) { return constantPadNd(t[0], pad, 0); });
    return rec.finish(out);
}

}  // namespace agv::ops
