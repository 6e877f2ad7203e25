#include "core/script/torch/torch_types.h"

#include "core/script/exceptions.h"
#include "core/script/interpreter.h"
#include "core/script/objects.h"
#include "core/script/torch/torch_values.h"

namespace agv::script::torch {

std::optional<Value> DtypeObject::getAttr(Interpreter&, std::string_view name)
{
    if (name == "is_floating_point")
        return Value::fromBool(isFloatingType(dtype));
    if (name == "itemsize")
        return Value::fromInt(int64_t(elementSize(dtype)));
    return std::nullopt;
}

std::optional<Value> DtypeObject::compare(Interpreter&, CompareOp op, const Value& other)
{
    if (op != CompareOp::Eq && op != CompareOp::NotEq)
        return std::nullopt;
    auto t = asDtype(other);
    const bool eq = t && *t == dtype;
    return Value::fromBool(op == CompareOp::Eq ? eq : !eq);
}

std::string DeviceObject::repr(Interpreter&)
{
    if (device.isCpu())
        return "device(type='cpu')";
    if (device.index < 0)
        return "device(type='cuda')";
    return "device(type='cuda', index=" + std::to_string(device.index) + ")";
}

std::optional<Value> DeviceObject::getAttr(Interpreter&, std::string_view name)
{
    if (name == "type")
        return Value::fromString(device.isCpu() ? "cpu" : "cuda");
    if (name == "index")
        return device.isCpu() || device.index < 0 ? Value::none() : Value::fromInt(device.index);
    return std::nullopt;
}

std::optional<Value> DeviceObject::compare(Interpreter& in, CompareOp op, const Value& other)
{
    if (op != CompareOp::Eq && op != CompareOp::NotEq)
        return std::nullopt;
    bool eq = false;
    if (other.isObject() && other.is(ObjectKind::Host))
        if (auto* d = dynamic_cast<DeviceObject*>(other.as<HostObject>()))
            eq = d->device.type == device.type && d->device.index == device.index;
    (void)in;
    return Value::fromBool(op == CompareOp::Eq ? eq : !eq);
}

std::string SizeObject::repr(Interpreter&)
{
    std::string s = "torch.Size([";
    for (size_t i = 0; i < sizes.size(); ++i)
        s += (i ? ", " : "") + std::to_string(sizes[i]);
    return s + "])";
}

std::optional<Value> SizeObject::getItem(Interpreter& in, const Value& key)
{
    if (key.is(ObjectKind::Slice)) {
        std::vector<Value> items;
        for (int64_t s : sizes)
            items.push_back(Value::fromInt(s));
        Value sliced = in.getItem(in.makeTuple(std::move(items)), key);
        IntList out;
        for (const Value& v : in.iterate(sliced))
            out.push_back(v.asInt());
        return wrapSize(in, out);
    }
    int64_t i = in.toIndex(key);
    const int64_t n = int64_t(sizes.size());
    if (i < 0)
        i += n;
    if (i < 0 || i >= n)
        throw PyError(BuiltinExc::IndexError, "tuple index out of range");
    return Value::fromInt(sizes[size_t(i)]);
}

std::optional<Value> SizeObject::iterate(Interpreter& in)
{
    std::vector<Value> items;
    for (int64_t s : sizes)
        items.push_back(Value::fromInt(s));
    return in.makeTuple(std::move(items));
}

std::optional<Value> SizeObject::compare(Interpreter& in, CompareOp op, const Value& other)
{
    if (op != CompareOp::Eq && op != CompareOp::NotEq)
        return std::nullopt;
    bool eq = false;
    if (other.is(ObjectKind::Host)) {
        if (auto* s = dynamic_cast<SizeObject*>(other.as<HostObject>()))
            eq = s->sizes == sizes;
    } else if (other.is(ObjectKind::Tuple) || other.is(ObjectKind::List)) {
        std::vector<Value> items = in.iterate(other);
        eq = items.size() == sizes.size();
        for (size_t i = 0; eq && i < items.size(); ++i)
            eq = items[i].isIntLike() && items[i].asInt() == sizes[i];
    }
    return Value::fromBool(op == CompareOp::Eq ? eq : !eq);
}

std::optional<Value> SizeObject::getAttr(Interpreter& in, std::string_view name)
{
    if (name == "numel") {
        const int64_t n = computeNumel(sizes);
        return in.makeFunction("numel", [n](Interpreter&, CallArgs&) { return Value::fromInt(n); });
    }
    return std::nullopt;
}

std::optional<Value> SizeObject::binaryOp(Interpreter& in, BinaryOp op, const Value& other, bool reflected)
{
    if (op != BinaryOp::Add || !(other.is(ObjectKind::Tuple) || other.is(ObjectKind::Host)))
        return std::nullopt;
    IntList rhs;
    for (const Value& v : in.iterate(other))
        rhs.push_back(in.toIndex(v));
    IntList out = reflected ? rhs : sizes;
    const IntList& tail = reflected ? sizes : rhs;
    out.insert(out.end(), tail.begin(), tail.end());
    return wrapSize(in, out);
}

}  // namespace agv::script::torch
