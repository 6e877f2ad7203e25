#include "core/ops/masked_scatter.h"

#include <vector>

#include "core/ops/inplace_record.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/ops/view_inplace.h"
#include "core/warning.h"

namespace agv::ops {

namespace {

/// The mask as booleans of `shape`, after 1.13's checks (masked_scatter__cpu): a uint8
/// mask is deprecated, another dtype must hold only 0 and 1.
std::vector<bool> maskValues(const Tensor& mask, const IntList& shape)
{
    if (mask.dtype() == ScalarType::UInt8)
        warn("UserWarning",
             "masked_scatter_ received a mask with dtype torch.uint8, this behavior is now deprecated,please use a "
             "mask with dtype torch.bool instead. (Triggered internally at  "
             "./aten/src/ATen/native/TensorAdvancedIndexing.cpp:2153.)");
    // expand_inplace's error names the mask's type as ATen's C++ side prints it.
    AGV_CHECK(size_t(mask.dim()) <= shape.size(), RuntimeError, "expand(CPU", legacyDtypeShortName(mask.dtype()),
              "Type{", sizesToString(mask.sizes()), "}, size=", sizesToString(shape),
              "): the number of sizes provided (", shape.size(),
              ") must be greater or equal to the number of dimensions in the tensor (", mask.dim(), ")");
    const Tensor expanded = quietly([&] { return expand(mask, shape); });
    const std::vector<int64_t> offsets = kernel::elementOffsets(shape, expanded.strides());
    std::vector<bool> values(offsets.size());
    AGV_DISPATCH_ALL_AND_HALF(mask.dtype(), "masked_scatter", [&] {
        const scalar_t* m = expanded.data<scalar_t>();
        for (size_t i = 0; i < offsets.size(); ++i) {
            const double v = double(m[offsets[i]]);
            AGV_CHECK(v == 0 || v == 1, RuntimeError, "Mask tensor can take 0 and 1 values only");
            values[i] = v != 0;
        }
    });
    return values;
}

/// self's values (of `shape`, self broadcast to it) with source's elements where the mask is set.
Tensor scatteredValues(const Tensor& self, const Tensor& mask, const Tensor& source, const IntList& shape)
{
    AGV_CHECK(self.dtype() == source.dtype(), RuntimeError,
              "masked_scatter: expected self and source to have same dtypes but got",
              legacyDtypeShortName(self.dtype()), " and ", legacyDtypeShortName(source.dtype()));
    const std::vector<bool> chosen = maskValues(mask, shape);
    int64_t ones = 0;
    for (bool c : chosen)
        ones += c ? 1 : 0;
    AGV_CHECK(source.numel() >= ones, RuntimeError, "Number of elements of source < number of ones in mask");
    return quietly([&] {
        Tensor out = contiguous(clone(expand(self, shape)));
        const Tensor src = contiguous(source);
        AGV_DISPATCH_ALL_AND_HALF(self.dtype(), "masked_scatter", [&] {
            scalar_t* o = out.data<scalar_t>();
            const scalar_t* s = src.data<scalar_t>();
            int64_t next = 0;
            for (size_t i = 0; i < chosen.size(); ++i)
                if (chosen[i])
                    o[i] = s[next++];
        });
        return out;
    });
}

BackwardNode::Rule maskedScatterRule(IntList sourceSizes)
{
    return [sourceSizes](BackwardNode& n, const variable_list& g) {
        const Tensor mask = n.saved(0);
        return variable_list{n.needsInputGrad(0) ? maskedFill(g[0], mask, Scalar(0)) : Tensor(),
                             n.needsInputGrad(1) ? maskedScatterBackward(g[0], mask, sourceSizes) : Tensor()};
    };
}

void saveMaskedScatter(OpRecorder& rec, const Tensor& mask, const Tensor& source)
{
    rec.save("mask", mask);
    rec.attr("source_sizes", source.sizes());
}

}  // namespace

Tensor maskedScatterBackward(const Tensor& grad, const Tensor& mask, const IntList& sourceSizes)
{
    int64_t numel = 1;
    for (int64_t size : sourceSizes)
        numel *= size;
    Tensor selected = maskedSelect(grad, mask);
    const int64_t missing = numel - selected.numel();
    if (missing > 0)
        selected = cat({selected, zeros({missing}, grad.dtype(), grad.device())}, 0);
    return view(selected, sourceSizes);
}

Tensor maskedScatter(const Tensor& self, const Tensor& mask, const Tensor& source)
{
    gradientEdgeFirst(self);
    gradientEdgeFirst(source);
    const IntList shape = broadcastShapes(mask.sizes(), self.sizes());  // expand_outplace(mask, self)
    Tensor out = scatteredValues(self, mask, source, shape);
    OpRecorder rec("MaskedScatterBackward0", {&self, &source}, maskedScatterRule(source.sizes()));
    saveMaskedScatter(rec, mask, source);
    rec.forward([mask](const InputTangents& t, const Tensor&) { return maskedScatter(t[0], mask, t[1]); });
    return rec.finish(out);
}

Tensor& maskedScatterInplace(Tensor& self, const Tensor& mask, const Tensor& source)
{
    InplaceRecord record;
    record.opName = "masked_scatter_";
    record.nodeName = "MaskedScatterBackward0";
    record.rule = maskedScatterRule(source.sizes());
    record.save = [&](OpRecorder& rec, const Tensor&) { saveMaskedScatter(rec, mask, source); };
    record.forward = [mask](const InputTangents& t, const Tensor&) { return maskedScatter(t[0], mask, t[1]); };
    return recordInplace(self, {&self, &source}, record,
                         [&] { return scatteredValues(self, mask, source, self.sizes()); });
}

}  // namespace agv::ops
