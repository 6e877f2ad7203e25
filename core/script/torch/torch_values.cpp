#include "core/script/torch/torch_values.h"

#include "core/script/exceptions.h"
#include "core/script/objects.h"
#include "core/script/torch/tensor_object.h"
#include "core/script/torch/torch_types.h"

namespace agv::script::torch {

namespace {
thread_local std::unordered_map<TensorImpl*, TensorObject*> t_tensorObjects;

std::string pyTypeName(Interpreter& in, const Value& v) { return in.typeName(v); }
}  // namespace

// The cache is maintained by TensorObject's constructor/destructor (tensor_object.cpp).
void registerTensorObject(TensorImpl* impl, TensorObject* object) { t_tensorObjects[impl] = object; }
void unregisterTensorObject(TensorImpl* impl, TensorObject* object)
{
    auto it = t_tensorObjects.find(impl);
    if (it != t_tensorObjects.end() && it->second == object)
        t_tensorObjects.erase(it);
}

Value wrapTensor(const Tensor& t)
{
    if (!t.defined())
        return Value::none();
    auto it = t_tensorObjects.find(t.impl());
    if (it != t_tensorObjects.end())
        return Value(static_cast<Object*>(it->second));
    return Value(make<TensorObject>(t));
}

Value wrapOptional(const Tensor& t) { return t.defined() ? wrapTensor(t) : Value::none(); }

const Tensor* asTensor(const Value& v)
{
    if (!v.is(ObjectKind::Host))
        return nullptr;
    if (auto* t = dynamic_cast<TensorObject*>(v.as<HostObject>()))
        return &t->tensor();
    return nullptr;
}

Tensor requireTensor(Interpreter& in, const Value& v, std::string_view fn, std::string_view arg, int position)
{
    if (const Tensor* t = asTensor(v))
        return *t;
    throw PyError(BuiltinExc::TypeError, std::string(fn) + "(): argument '" + std::string(arg) + "' (position " +
                                             std::to_string(position) + ") must be Tensor, not " +
                                             pyTypeName(in, v));
}

bool isNumber(const Value& v) { return v.isNumber(); }

Scalar toScalar(const Value& v)
{
    if (v.isBool())
        return Scalar(v.asBool());
    if (v.isInt())
        return Scalar(v.asInt());
    return Scalar(v.toDouble());
}

Scalar requireScalar(Interpreter& in, const Value& v, std::string_view fn, std::string_view arg)
{
    if (v.isNumber())
        return toScalar(v);
    if (const Tensor* t = asTensor(v)) {
        if (t->numel() == 1)
            return isFloatingType(t->dtype()) ? Scalar(t->item()) : Scalar(t->itemInt());
    }
    throw PyError(BuiltinExc::TypeError, std::string(fn) + "(): argument '" + std::string(arg) +
                                             "' must be Number, not " + pyTypeName(in, v));
}

int64_t requireInt(Interpreter& in, const Value& v, std::string_view fn, std::string_view arg)
{
    if (v.isIntLike())
        return v.asInt();
    if (const Tensor* t = asTensor(v); t && t->numel() == 1 && !isFloatingType(t->dtype()))
        return t->itemInt();
    throw PyError(BuiltinExc::TypeError, std::string(fn) + "(): argument '" + std::string(arg) +
                                             "' must be int, not " + pyTypeName(in, v));
}

double requireFloat(Interpreter& in, const Value& v, std::string_view fn, std::string_view arg)
{
    if (v.isNumber())
        return v.toDouble();
    if (const Tensor* t = asTensor(v); t && t->numel() == 1)
        return t->item();
    throw PyError(BuiltinExc::TypeError, std::string(fn) + "(): argument '" + std::string(arg) +
                                             "' must be float, not " + pyTypeName(in, v));
}

bool requireBool(Interpreter& in, const Value& v, std::string_view fn, std::string_view arg)
{
    if (v.isBool())
        return v.asBool();
    if (v.isInt())
        return v.asInt() != 0;
    throw PyError(BuiltinExc::TypeError, std::string(fn) + "(): argument '" + std::string(arg) +
                                             "' must be bool, not " + pyTypeName(in, v));
}

IntList intList(Interpreter& in, const Value& v, std::string_view fn, std::string_view arg)
{
    if (v.isIntLike())
        return {v.asInt()};
    if (v.is(ObjectKind::Host))
        if (auto* s = dynamic_cast<SizeObject*>(v.as<HostObject>()))
            return s->sizes;
    if (v.is(ObjectKind::List) || v.is(ObjectKind::Tuple)) {
        IntList out;
        for (const Value& item : in.iterate(v))
            out.push_back(requireInt(in, item, fn, arg));
        return out;
    }
    throw PyError(BuiltinExc::TypeError, std::string(fn) + "(): argument '" + std::string(arg) +
                                             "' must be tuple of ints, not " + pyTypeName(in, v));
}

IntList sizesFromArgs(Interpreter& in, const std::vector<Value>& args, std::string_view fn)
{
    if (args.size() == 1 && !args[0].isIntLike())
        return intList(in, args[0], fn, "size");
    IntList out;
    for (const Value& v : args)
        out.push_back(requireInt(in, v, fn, "size"));
    return out;
}

namespace {
thread_local Value t_dtypes[4];
}

void clearDtypeCache()
{
    for (Value& v : t_dtypes)
        v = Value();
}

Value wrapDtype(ScalarType t)
{
    Value& slot = t_dtypes[size_t(t)];
    if (slot.isEmpty())
        slot = Value(make<DtypeObject>(t));
    return slot;
}

std::optional<ScalarType> asDtype(const Value& v)
{
    if (v.is(ObjectKind::Host))
        if (auto* d = dynamic_cast<DtypeObject*>(v.as<HostObject>()))
            return d->dtype;
    return std::nullopt;
}

Value wrapDevice(Device d) { return Value(make<DeviceObject>(d)); }

std::optional<Device> asDevice(Interpreter& in, const Value& v)
{
    if (v.isEmpty() || v.isNone())
        return std::nullopt;
    if (v.is(ObjectKind::Host))
        if (auto* d = dynamic_cast<DeviceObject*>(v.as<HostObject>()))
            return d->device;
    if (v.isStr())
        return Device::parse(v.str());
    if (v.isIntLike())
        return Device::cuda(int(v.asInt()));
    throw PyError(BuiltinExc::TypeError, "expected a device, not " + in.typeName(v));
}

Value wrapSize(Interpreter&, const IntList& sizes) { return Value(make<SizeObject>(sizes)); }

Value argAt(const CallArgs& args, size_t pos, std::string_view keyword)
{
    if (pos < args.positional.size())
        return args.positional[pos];
    if (const Value* v = args.keyword(keyword))
        return *v;
    return Value();
}

}  // namespace agv::script::torch
