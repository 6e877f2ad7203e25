#include "core/script/torch/tensor_object.h"

#include "core/ops/ops.h"
#include "core/script/exceptions.h"
#include "core/script/objects.h"
#include "core/script/torch/node_object.h"
#include "core/script/torch/torch_values.h"

namespace agv::script::torch {

void registerTensorObject(TensorImpl* impl, TensorObject* object);
void unregisterTensorObject(TensorImpl* impl, TensorObject* object);

namespace {
thread_local Ref<ClassObject> t_tensorClass;
thread_local Ref<ClassObject> t_parameterClass;

using ops::CompareOp;

ops::CompareOp toOpsCompare(script::CompareOp op)
{
    switch (op) {
    case script::CompareOp::Eq: return CompareOp::Eq;
    case script::CompareOp::NotEq: return CompareOp::Ne;
    case script::CompareOp::Lt: return CompareOp::Lt;
    case script::CompareOp::LtE: return CompareOp::Le;
    case script::CompareOp::Gt: return CompareOp::Gt;
    default: return CompareOp::Ge;
    }
}

/// `&` and `|` of two bool tensors (masks); other dtypes would need bitwise kernels.
std::optional<Value> logicalAndOr(const Tensor& a, const Tensor& b, bool isAnd)
{
    if (a.dtype() != ScalarType::Bool || b.dtype() != ScalarType::Bool)
        return std::nullopt;
    Tensor count = ops::add(ops::toDtype(a, ScalarType::Int64), ops::toDtype(b, ScalarType::Int64));
    return wrapTensor(ops::compare(count, Scalar(int64_t(isAnd ? 2 : 1)), CompareOp::Ge));
}

bool isEllipsis(Interpreter& in, const Value& v) { return v.isObject() && in.typeName(v) == "ellipsis"; }

std::optional<int64_t> optionalIndex(Interpreter& in, const Value& v)
{
    if (v.isNone() || v.isEmpty())
        return std::nullopt;
    return in.toIndex(v);
}
}  // namespace

void setTensorClasses(Ref<ClassObject> tensor, Ref<ClassObject> parameter)
{
    t_tensorClass = std::move(tensor);
    t_parameterClass = std::move(parameter);
}
Ref<ClassObject> tensorClass() { return t_tensorClass; }
Ref<ClassObject> parameterClass() { return t_parameterClass; }

TensorObject::TensorObject(Tensor t) : m_tensor(std::move(t)) { registerTensorObject(m_tensor.impl(), this); }

TensorObject::~TensorObject()
{
    if (m_tensor.defined())
        unregisterTensorObject(m_tensor.impl(), this);
}

void TensorObject::clearReferences()
{
    if (!m_tensor.defined())
        return;
    unregisterTensorObject(m_tensor.impl(), this);
    m_tensor = Tensor();
}

Ref<ClassObject> TensorObject::pyClass() const { return isParameter ? t_parameterClass : t_tensorClass; }

std::optional<Value> TensorObject::getAttr(Interpreter& in, std::string_view name)
{
    const Tensor& t = m_tensor;
    if (name == "grad")
        return wrapOptional(t.grad());
    if (name == "grad_fn")
        return wrapNode(t.gradFn());
    if (name == "is_leaf")
        return Value::fromBool(t.isLeaf());
    if (name == "requires_grad")
        return Value::fromBool(t.requiresGrad());
    if (name == "_version")
        return Value::fromInt(t.version());
    if (name == "data")
        return wrapTensor(ops::data(t));
    if (name == "shape")
        return wrapSize(in, t.sizes());
    if (name == "dtype")
        return wrapDtype(t.dtype());
    if (name == "device")
        return wrapDevice(t.device());
    if (name == "ndim")
        return Value::fromInt(t.dim());
    if (name == "is_cuda")
        return Value::fromBool(t.device().isCuda());
    if (name == "retains_grad")
        return Value::fromBool(t.retainsGrad());
    if (name == "_base")
        return wrapOptional(t.base());
    if (name == "output_nr")
        return Value::fromInt(t.outputNr());
    if (name == "T") {
        IntList dims;
        for (int64_t d = t.dim() - 1; d >= 0; --d)
            dims.push_back(d);
        return wrapTensor(t.dim() <= 2 ? ops::t(t) : ops::permute(t, dims));
    }
    if (TensorMethod method = findTensorMethod(name)) {
        Value self(static_cast<Object*>(this));
        std::string methodName(name);
        return in.makeFunction(methodName, [method, self](Interpreter& interp, CallArgs& args) {
            const Tensor& tensor = *asTensor(self);
            return method(interp, tensor, args, self);
        });
    }
    return std::nullopt;
}

bool TensorObject::setAttr(Interpreter& in, std::string_view name, const Value& value)
{
    Tensor& t = m_tensor;
    if (name == "requires_grad") {
        ops::requiresGrad_(t, requireBool(in, value, "requires_grad", "requires_grad"));
        return true;
    }
    if (name == "grad") {
        if (value.isNone()) {
            t.setGrad(Tensor());
            return true;
        }
        t.setGrad(requireTensor(in, value, "grad", "grad", 1));
        return true;
    }
    if (name == "data") {
        Tensor src = requireTensor(in, value, "data", "data", 1);
        t.impl()->setStorage(src.impl()->storage());
        t.impl()->setGeometry(src.sizes(), src.strides(), src.offset());
        return true;
    }
    return false;
}

std::optional<Value> TensorObject::binaryOp(Interpreter& in, BinaryOp op, const Value& other, bool reflected)
{
    const Tensor& self = m_tensor;
    if (const Tensor* o = asTensor(other)) {
        const Tensor& a = reflected ? *o : self;
        const Tensor& b = reflected ? self : *o;
        switch (op) {
        case BinaryOp::Add: return wrapTensor(ops::add(a, b));
        case BinaryOp::Sub: return wrapTensor(ops::sub(a, b));
        case BinaryOp::Mul: return wrapTensor(ops::mul(a, b));
        case BinaryOp::TrueDiv: return wrapTensor(ops::div(a, b));
        case BinaryOp::MatMul: return wrapTensor(ops::matmul(a, b));
        case BinaryOp::Pow: return wrapTensor(ops::pow(a, b));
        case BinaryOp::BitAnd:
        case BinaryOp::BitOr:
            return logicalAndOr(a, b, op == BinaryOp::BitAnd);
        default: return std::nullopt;
        }
    }
    if (!other.isNumber())
        return std::nullopt;
    const Scalar s = toScalar(other);
    switch (op) {
    case BinaryOp::Add: return wrapTensor(ops::add(self, s));
    case BinaryOp::Sub: return wrapTensor(reflected ? ops::rsub(self, s) : ops::sub(self, s));
    case BinaryOp::Mul: return wrapTensor(ops::mul(self, s));
    case BinaryOp::TrueDiv: return wrapTensor(reflected ? ops::rdiv(self, s) : ops::div(self, s));
    case BinaryOp::Pow: return wrapTensor(reflected ? ops::rpow(self, s) : ops::pow(self, s));
    default: return std::nullopt;
    }
    (void)in;
}

std::optional<Value> TensorObject::inplaceOp(Interpreter& in, BinaryOp op, const Value& other)
{
    Tensor& self = m_tensor;
    const Tensor* o = asTensor(other);
    if (!o && !other.isNumber())
        return std::nullopt;
    switch (op) {
    case BinaryOp::Add: o ? ops::addInplace(self, *o) : ops::addInplace(self, toScalar(other)); break;
    case BinaryOp::Sub: o ? ops::subInplace(self, *o) : ops::subInplace(self, toScalar(other)); break;
    case BinaryOp::Mul: o ? ops::mulInplace(self, *o) : ops::mulInplace(self, toScalar(other)); break;
    case BinaryOp::TrueDiv: o ? ops::divInplace(self, *o) : ops::divInplace(self, toScalar(other)); break;
    default: return std::nullopt;
    }
    (void)in;
    return Value(static_cast<Object*>(this));
}

std::optional<Value> TensorObject::unaryOp(Interpreter&, UnaryOp op)
{
    switch (op) {
    case UnaryOp::Neg: return wrapTensor(ops::neg(m_tensor));
    case UnaryOp::Pos: return Value(static_cast<Object*>(this));
    case UnaryOp::Invert:
        if (m_tensor.dtype() == ScalarType::Bool)
            return wrapTensor(ops::logicalNot(m_tensor));
        return std::nullopt;
    default: return std::nullopt;
    }
}

std::optional<Value> TensorObject::compare(Interpreter&, script::CompareOp op, const Value& other)
{
    if (op == script::CompareOp::Is || op == script::CompareOp::IsNot || op == script::CompareOp::In ||
        op == script::CompareOp::NotIn)
        return std::nullopt;
    if (const Tensor* o = asTensor(other))
        return wrapTensor(ops::compare(m_tensor, *o, toOpsCompare(op)));
    if (other.isNumber())
        return wrapTensor(ops::compare(m_tensor, toScalar(other), toOpsCompare(op)));
    if (op == script::CompareOp::Eq)
        return Value::fromBool(false);
    if (op == script::CompareOp::NotEq)
        return Value::fromBool(true);
    return std::nullopt;
}

Tensor indexTensor(Interpreter& in, const Tensor& t, const Value& key)
{
    std::vector<Value> items;
    if (key.is(ObjectKind::Tuple))
        items = key.as<TupleObject>()->items;
    else
        items.push_back(key);
    int64_t consuming = 0;
    for (const Value& item : items)
        if (!item.isNone() && !isEllipsis(in, item))
            ++consuming;
    if (consuming > t.dim())
        throw PyError(BuiltinExc::IndexError,
                      "too many indices for tensor of dimension " + std::to_string(t.dim()));
    Tensor result = t;
    int64_t dim = 0;
    bool sawEllipsis = false;
    for (const Value& item : items) {
        if (item.isNone()) {
            result = ops::unsqueeze(result, dim++);
        } else if (isEllipsis(in, item)) {
            if (sawEllipsis)
                throw PyError(BuiltinExc::IndexError, "an index can only have a single ellipsis ('...')");
            sawEllipsis = true;
            dim += t.dim() - consuming;
        } else if (item.isIntLike()) {
            result = ops::select(result, dim, item.asInt());
        } else if (item.is(ObjectKind::Slice)) {
            auto* s = item.as<SliceObject>();
            const auto step = optionalIndex(in, s->step);
            result = ops::slice(result, dim, optionalIndex(in, s->start), optionalIndex(in, s->stop), step.value_or(1));
            ++dim;
        } else if (const Tensor* idx = asTensor(item)) {
            if (dim != 0 || items.size() != 1) {
                if (idx->dim() == 0 && !isFloatingType(idx->dtype()) && idx->dtype() != ScalarType::Bool) {
                    result = ops::select(result, dim, idx->itemInt());
                    continue;
                }
                throw PyError(BuiltinExc::NotImplementedError,
                              "tensor indices are supported only as the single index of a tensor");
            }
            result = ops::indexWithTensor(result, *idx);
            dim += idx->dtype() == ScalarType::Bool ? idx->dim() : 1;
        } else if (item.is(ObjectKind::List)) {
            if (dim != 0 || items.size() != 1)
                throw PyError(BuiltinExc::NotImplementedError,
                              "index lists are supported only as the single index of a tensor");
            std::vector<int64_t> values;
            for (const Value& v : in.iterate(item))
                values.push_back(in.toIndex(v));
            Tensor idx = ops::fromInts({int64_t(values.size())}, values, ScalarType::Int64);
            result = ops::indexWithTensor(result, idx);
            ++dim;
        } else {
            throw PyError(BuiltinExc::IndexError,
                          "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid "
                          "indices (got " +
                              in.typeName(item) + ")");
        }
    }
    return result;
}

std::optional<Value> TensorObject::getItem(Interpreter& in, const Value& key)
{
    return wrapTensor(indexTensor(in, m_tensor, key));
}

bool TensorObject::setItem(Interpreter& in, const Value& key, const Value& value)
{
    if (asTensor(key) || key.is(ObjectKind::List))
        throw PyError(BuiltinExc::NotImplementedError,
                      "assignment through a tensor index (index_put_) is not supported yet; use torch.where");
    Tensor view = indexTensor(in, m_tensor, key);
    if (const Tensor* src = asTensor(value))
        ops::copyInplace(view, *src);
    else if (value.isNumber())
        ops::fillInplace(view, toScalar(value));
    else
        throw PyError(BuiltinExc::TypeError, "can't assign a " + in.typeName(value) + " to a torch.FloatTensor");
    return true;
}

std::optional<Value> TensorObject::iterate(Interpreter& in)
{
    if (m_tensor.dim() == 0)
        throw PyError(BuiltinExc::TypeError, "iteration over a 0-d tensor");
    std::vector<Value> items;
    for (int64_t i = 0; i < m_tensor.sizes()[0]; ++i)
        items.push_back(wrapTensor(ops::select(m_tensor, 0, i)));
    return in.makeList(std::move(items));
}

std::optional<int64_t> TensorObject::length(Interpreter&)
{
    if (m_tensor.dim() == 0)
        throw PyError(BuiltinExc::TypeError, "len() of a 0-d tensor");
    return m_tensor.sizes()[0];
}

std::optional<bool> TensorObject::truthy(Interpreter&)
{
    if (m_tensor.numel() != 1)
        throw PyError(BuiltinExc::RuntimeError,
                      "Boolean value of Tensor with more than one value is ambiguous");
    return m_tensor.item() != 0.0;
}

std::optional<double> TensorObject::toFloat(Interpreter&)
{
    if (m_tensor.numel() != 1)
        throw PyError(BuiltinExc::ValueError, "only one element tensors can be converted to Python scalars");
    return m_tensor.item();
}

std::optional<int64_t> TensorObject::toInt(Interpreter&)
{
    if (m_tensor.numel() != 1)
        throw PyError(BuiltinExc::ValueError, "only one element tensors can be converted to Python scalars");
    if (isFloatingType(m_tensor.dtype()))
        return floatToInt(m_tensor.item());
    return m_tensor.itemInt();
}

std::string TensorObject::repr(Interpreter&)
{
    if (isParameter)
        return "Parameter containing:\n" + m_tensor.repr();
    return m_tensor.repr();
}

std::optional<std::string> TensorObject::format(Interpreter& in, std::string_view spec)
{
    // Tensor.__format__ formats a 0-d tensor as its Python number, even with an
    // empty spec: f"{loss}" prints 0.25, not tensor(0.25).
    if (spec.empty() && m_tensor.dim() != 0)
        return std::nullopt;
    if (m_tensor.numel() != 1)
        throw PyError(BuiltinExc::TypeError, "unsupported format string passed to Tensor.__format__");
    Value item = isFloatingType(m_tensor.dtype()) ? Value::fromFloat(m_tensor.item())
                 : m_tensor.dtype() == ScalarType::Bool ? Value::fromBool(m_tensor.itemInt() != 0)
                                                        : Value::fromInt(m_tensor.itemInt());
    return in.formatValue(item, spec);
}

}  // namespace agv::script::torch
