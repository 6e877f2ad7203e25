// masked_fill with a number or a 0-d tensor as the value. PyTorch 1.13 expands self to
// the mask's shape, clones it and runs masked_fill_ on the copy; one node records it
// (MaskedFillBackward0 / MaskedFillBackward1, saving the mask as given).

#include <cmath>
#include <cstring>
#include <limits>

#include "core/autograd/grad_mode.h"
#include "core/ops/kernels.h"
#include "core/ops/masked_fill.h"
#include "core/ops/op_recorder.h"
#include "core/ops/view_inplace.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

/// value.item(): what masked_fill_ with a tensor value fills with.
Scalar itemOf(const Tensor& value)
{
    if (isFloatingType(value.dtype()))
        return Scalar(value.item());
    if (value.dtype() == ScalarType::Bool)
        return Scalar(value.intValueAt(0) != 0);
    return Scalar(value.intValueAt(0));
}

/// self (broadcast with the bool mask) with `fill`, already in self's dtype, where mask is true.
Tensor filledValues(const Tensor& self, const Tensor& boolMask, const Tensor& fill)
{
    trace::MuteGuard mute;
    GradModeGuard noGrad(false);
    // masked_fill fills self.clone(MemoryFormat::Contiguous): contiguous whatever self's layout.
    const Tensor filled = where(boolMask, fill, detach(self));
    return kernel::withStrides(filled, contiguousStrides(filled.sizes()));
}

void checkIntegerRange(Scalar value, double low, double high, const char* name)
{
    const double v = value.isFloating() ? value.toDouble() : double(value.toInt());
    AGV_CHECK(v >= low && v <= high, RuntimeError, "value cannot be converted to type ", name, " without overflow");
}

/// Scalar::to<T>()'s check (c10::checked_convert): a finite value outside T's range, or a
/// NaN or infinity for an integer T, overflows. Bool takes anything.
void checkConvertible(Scalar value, ScalarType type)
{
    if (type == ScalarType::Bool || type == ScalarType::Float64 || (!value.isFloating() && type == ScalarType::Int64))
        return;
    const double v = value.toDouble();
    double limit = 0;
    const char* name = "";
    switch (type) {
    case ScalarType::Float32: limit = std::numeric_limits<float>::max(), name = "float"; break;
    case ScalarType::Half: limit = 65504.0, name = "at::Half"; break;
    case ScalarType::BFloat16: limit = 3.3895313892515355e38, name = "at::BFloat16"; break;
    case ScalarType::Int64: limit = 9223372036854775807.0, name = "int64_t"; break;
    case ScalarType::Int32: return checkIntegerRange(value, -2147483648.0, 2147483647.0, "int");
    case ScalarType::Int16: return checkIntegerRange(value, -32768.0, 32767.0, "int16_t");
    case ScalarType::Int8: return checkIntegerRange(value, -128.0, 127.0, "int8_t");
    // c10::overflows lets an unsigned type take negative values that wrap (-1 fills 255).
    case ScalarType::UInt8: return checkIntegerRange(value, -255.0, 255.0, "uint8_t");
    default: return;
    }
    const bool overflows = type == ScalarType::Int64 ? !(v >= -limit && v <= limit) : std::isfinite(v) && std::abs(v) > limit;
    AGV_CHECK(!overflows, RuntimeError, "value cannot be converted to type ", name, " without overflow");
}

}  // namespace

Tensor maskedFillValue(const Tensor& value, const Tensor& self) { return maskedFillValue(itemOf(value), self); }

Tensor maskedFillValue(Scalar value, const Tensor& self)
{
    checkConvertible(value, self.dtype());
    return kernel::convert(scalarTensor(value, self.device()), self.dtype());
}

namespace {

void checkZeroDimValue(const Tensor& value)
{
    AGV_CHECK(value.dim() == 0, RuntimeError,
              "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with ", value.dim(),
              " dimension(s).");
}

}  // namespace

// Note [Masks that are not bool]
// PyTorch 1.13's CPU masked_fill_ kernel instantiates itself for bool masks and for
// `unsigned char` masks, and takes the second for every mask that is not bool: it reads
// the first byte of each element (the lowest on a little-endian machine), checks that it
// is 0 or 1 and fills where it is 1. So an int64 mask of 0 / 1 works, a float mask of
// 1.0 (0x3f800000) fills nothing, and an int64 mask holding 2 fails. (Only a uint8 mask,
// a dtype the engine does not have, would also warn.)
Tensor maskedFillMask(const Tensor& mask)
{
    if (mask.dtype() == ScalarType::Bool)
        return mask;
    return AGV_DISPATCH_ALL_AND_HALF(mask.dtype(), "masked_fill", [&] {
        using T = scalar_t;
        return kernel::mapUnary<T, bool>(mask, ScalarType::Bool, [](T element) {
            unsigned char firstByte;
            std::memcpy(&firstByte, &element, 1);
            AGV_CHECK(firstByte == 0 || firstByte == 1, RuntimeError, "Mask tensor can take 0 and 1 values only");
            return firstByte == 1;
        });
    });
}

Tensor maskedFill(const Tensor& t, const Tensor& mask, Scalar value)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(t);
    const Tensor boolMask = maskedFillMask(mask);
    Tensor out = filledValues(t, boolMask, maskedFillValue(value, t));
    OpRecorder rec("MaskedFillBackward0", {&t}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{maskedFill(g[0], n.saved(0), Scalar(0))};
    });
    rec.save("mask", mask);
    rec.forward([&](const InputTangents& tangents, const Tensor&) { return maskedFill(tangents[0], mask, Scalar(0)); });
    return rec.finish(out);
}

Tensor maskedFillValueGrad(const Tensor& grad, const Tensor& mask)
{
    return sum(maskedSelect(grad, maskedFillMask(mask)));
}

Tensor maskedFill(const Tensor& t, const Tensor& mask, const Tensor& value)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(t);
    gradientEdgeFirst(value);
    const Tensor boolMask = maskedFillMask(mask);
    broadcastShapes(boolMask.sizes(), t.sizes());  // expand_outplace(mask, self) fails first
    checkZeroDimValue(value);
    Tensor out = filledValues(t, boolMask, maskedFillValue(value, t));
    OpRecorder rec("MaskedFillBackward1", {&t, &value}, [](BackwardNode& n, const variable_list& g) {
        const Tensor savedMask = n.saved(0);
        return variable_list{n.needsInputGrad(0) ? maskedFill(g[0], savedMask, Scalar(0)) : Tensor(),
                             n.needsInputGrad(1) ? maskedFillValueGrad(g[0], savedMask) : Tensor()};
    });
    rec.save("mask", mask);
    // self_t.masked_fill(mask, value_t)
    rec.forward([&](const InputTangents& tangents, const Tensor&) {
        return where(maskedFillMask(mask), tangents[1], tangents[0]);
    });
    return rec.finish(out);
}

}  // namespace agv::ops
