#include "core/ops/type_promotion.h"

#include <optional>

#include "core/error.h"

namespace agv::ops {

namespace {
int category(ScalarType t) { return t == ScalarType::Bool ? 0 : (isFloatingType(t) ? 2 : 1); }

void fold(std::optional<ScalarType>& acc, ScalarType t)
{
    acc = acc ? promoteTypes(*acc, t) : t;
}

ScalarType combine(ScalarType higher, std::optional<ScalarType> lower)
{
    if (!lower || category(*lower) <= category(higher))
        return higher;
    return promoteTypes(higher, *lower);
}
}  // namespace

ScalarType resultType(std::initializer_list<const Tensor*> operands)
{
    std::optional<ScalarType> dimmed, zeroDim, wrapped;
    for (const Tensor* t : operands) {
        if (t->impl()->isWrappedNumber())
            fold(wrapped, t->dtype() == ScalarType::Float64 ? defaultFloatType() : t->dtype());
        else if (t->dim() == 0)
            fold(zeroDim, t->dtype());
        else
            fold(dimmed, t->dtype());
    }
    if (dimmed)
        return combine(combine(*dimmed, zeroDim), wrapped);
    if (zeroDim)
        return combine(*zeroDim, wrapped);
    return wrapped.value_or(defaultFloatType());
}

ScalarType resultType(const Tensor& t, const Scalar& number)
{
    const ScalarType wrapped = number.isFloating() ? defaultFloatType() : number.type();
    if (t.impl()->isWrappedNumber())  // two Python numbers: torch.add(2., 3) is float32
        return promoteTypes(t.dtype() == ScalarType::Float64 ? defaultFloatType() : t.dtype(), wrapped);
    return combine(t.dtype(), wrapped);
}

void checkSubtraction(ScalarType a, ScalarType b)
{
    AGV_CHECK(a != ScalarType::Bool || b != ScalarType::Bool, RuntimeError,
              "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
              "`logical_xor()` operator instead.");
    AGV_CHECK(a != ScalarType::Bool && b != ScalarType::Bool, RuntimeError,
              "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a "
              "mask, use the `~` or `logical_not()` operator instead.");
}

namespace {
[[noreturn]] void raiseTwoDevices(Device common, Device other)
{
    AGV_RAISE(RuntimeError, "Expected all tensors to be on the same device, but found at least two devices, ",
              common.str(), " and ", other.str(), "!");
}

bool isCpuScalar(const Tensor& t) { return t.device().isCpu() && t.dim() == 0; }
}  // namespace

Device checkSameDevice(const Tensor& a, const Tensor& b)
{
    const Device common = a.device().isCpu() ? b.device() : a.device();
    for (const Tensor* t : {&a, &b}) {
        if (t->device() == common || (common.isCuda() && isCpuScalar(*t)))
            continue;
        raiseTwoDevices(common, t->device());
    }
    return common;
}

void checkOutputDevice(const Tensor& out, const Tensor& other)
{
    const Device common = out.device().isCpu() ? other.device() : out.device();
    if (!(out.device() == common))
        raiseTwoDevices(common, out.device());
    if (!(other.device() == common) && !(common.isCuda() && isCpuScalar(other)))
        raiseTwoDevices(common, other.device());
}

void checkOnOneDevice(const Tensor& a, const Tensor& b)
{
    if (!(a.device() == b.device()))
        raiseTwoDevices(a.device(), b.device());
}

bool canCast(ScalarType from, ScalarType to) { return category(from) <= category(to); }

ScalarType floatResultType(ScalarType t) { return isFloatingType(t) ? t : defaultFloatType(); }

}  // namespace agv::ops
