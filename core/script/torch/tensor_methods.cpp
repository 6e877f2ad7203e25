// The Tensor method table. torch.<fn>(t, ...) reuses these for functions that
// mirror a method (torch.exp(t) == t.exp()).

#include <unordered_map>

#include "core/autograd/engine.h"
#include "core/ops/ops.h"
#include "core/script/exceptions.h"
#include "core/script/objects.h"
#include "core/script/torch/return_types.h"
#include "core/script/torch/tensor_object.h"
#include "core/script/torch/torch_values.h"

namespace agv::script::torch {

namespace {

using Args = CallArgs;

std::vector<Value> bind(const Args& args, std::string_view fn, std::initializer_list<std::string_view> names,
                        size_t required)
{
    return bindNativeArgs(args, fn, names, required);
}

bool given(const Value& v) { return !v.isEmpty() && !v.isNone(); }

Value self_(const Value& selfValue) { return selfValue; }

/// A binary op taking a tensor or a Python number as `other`.
template <typename TensorFn, typename ScalarFn>
Value binary(Interpreter& in, const Tensor& self, const Value& other, const char* fn, TensorFn tf, ScalarFn sf)
{
    if (const Tensor* o = asTensor(other))
        return wrapTensor(tf(self, *o));
    if (other.isNumber())
        return wrapTensor(sf(self, toScalar(other)));
    throw PyError(BuiltinExc::TypeError, std::string(fn) + "(): argument 'other' (position 1) must be Tensor, not " +
                                             in.typeName(other));
}

Value tolist(Interpreter& in, const Tensor& t, int64_t dim, int64_t& linear)
{
    if (dim == t.dim()) {
        const int64_t i = linear++;
        if (isFloatingType(t.dtype()))
            return Value::fromFloat(t.valueAt(i));
        if (t.dtype() == ScalarType::Bool)
            return Value::fromBool(t.intValueAt(i) != 0);
        return Value::fromInt(t.intValueAt(i));
    }
    std::vector<Value> items;
    for (int64_t i = 0; i < t.sizes()[dim]; ++i)
        items.push_back(tolist(in, t, dim + 1, linear));
    return in.makeList(std::move(items));
}

IntList dimsArg(Interpreter& in, const Value& v, const char* fn)
{
    return intList(in, v, fn, "dim");
}

Value minMax(Interpreter& in, const Tensor& self, Args& args, bool isMax)
{
    const char* fn = isMax ? "max" : "min";
    auto a = bind(args, fn, {"dim", "keepdim"}, 0);
    if (!given(a[0]))
        return wrapTensor(isMax ? ops::max(self) : ops::min(self));
    if (asTensor(a[0]))  // torch.max(a, b) is the elementwise maximum
        throw PyError(BuiltinExc::NotImplementedError, std::string(fn) + "(other) is not supported yet");
    const int64_t dim = requireInt(in, a[0], fn, "dim");
    const bool keepdim = given(a[1]) && requireBool(in, a[1], fn, "keepdim");
    auto [values, indices] = isMax ? ops::max(self, dim, keepdim) : ops::min(self, dim, keepdim);
    return Value(make<ReturnTypesObject>(fn, wrapTensor(values), wrapTensor(indices)));
}

Value toMethod(Interpreter& in, const Tensor& self, Args& args)
{
    Tensor out = self;
    std::optional<ScalarType> dtype;
    std::optional<Device> device;
    for (const Value& v : args.positional) {
        if (auto d = asDtype(v))
            dtype = d;
        else if (const Tensor* other = asTensor(v)) {
            dtype = other->dtype();
            device = other->device();
        } else
            device = asDevice(in, v);
    }
    if (const Value* v = args.keyword("dtype"))
        dtype = asDtype(*v);
    if (const Value* v = args.keyword("device"))
        device = asDevice(in, *v);
    if (device)
        out = ops::toDevice(out, *device);
    if (dtype)
        out = ops::toDtype(out, *dtype);
    return wrapTensor(out);
}

constexpr const char* compareName(ops::CompareOp op)
{
    switch (op) {
    case ops::CompareOp::Eq: return "eq";
    case ops::CompareOp::Ne: return "ne";
    case ops::CompareOp::Lt: return "lt";
    case ops::CompareOp::Le: return "le";
    case ops::CompareOp::Gt: return "gt";
    case ops::CompareOp::Ge: return "ge";
    }
    return "compare";
}

/// t.eq(other) ... t.ge(other): one body for the six comparisons.
template <ops::CompareOp Op>
Value compareMethod(Interpreter& in, const Tensor& self, Args& args, const Value&)
{
    return binary(in, self, argAt(args, 0, "other"), compareName(Op),
                  [](auto& x, auto& y) { return ops::compare(x, y, Op); },
                  [](auto& x, Scalar y) { return ops::compare(x, y, Op); });
}

#define METHOD(name) {#name, [](Interpreter & in, const Tensor& self, Args& args, const Value& selfValue) -> Value
#define END }

const std::unordered_map<std::string_view, TensorMethod>& methodTable()
{
    static const std::unordered_map<std::string_view, TensorMethod> table = {
        // ---------------------------------------------------------- introspection
        METHOD(size) {
            auto a = bind(args, "size", {"dim"}, 0);
            if (given(a[0]))
                return Value::fromInt(self.size(requireInt(in, a[0], "size", "dim")));
            return wrapSize(in, self.sizes());
        } END,
        METHOD(equal) {
            auto a = bind(args, "equal", {"other"}, 1);
            const Tensor other = requireTensor(in, a[0], "equal", "other", 1);
            if (self.sizes() != other.sizes())
                return Value::fromBool(false);
            for (int64_t i = 0; i < self.numel(); ++i)
                if (self.valueAt(i) != other.valueAt(i))
                    return Value::fromBool(false);
            return Value::fromBool(true);
        } END,
        METHOD(dim) { bind(args, "dim", {}, 0); return Value::fromInt(self.dim()); } END,
        METHOD(numel) { bind(args, "numel", {}, 0); return Value::fromInt(self.numel()); } END,
        METHOD(nelement) { bind(args, "nelement", {}, 0); return Value::fromInt(self.numel()); } END,
        METHOD(item) {
            bind(args, "item", {}, 0);
            if (self.numel() != 1)
                throw PyError(BuiltinExc::ValueError, "only one element tensors can be converted to Python scalars");
            if (isFloatingType(self.dtype()))
                return Value::fromFloat(self.item());
            if (self.dtype() == ScalarType::Bool)
                return Value::fromBool(self.itemInt() != 0);
            return Value::fromInt(self.itemInt());
        } END,
        METHOD(tolist) {
            bind(args, "tolist", {}, 0);
            int64_t linear = 0;
            return tolist(in, self, 0, linear);
        } END,
        METHOD(is_contiguous) { return Value::fromBool(self.isContiguous()); } END,
        METHOD(is_floating_point) { return Value::fromBool(isFloatingType(self.dtype())); } END,
        METHOD(element_size) { return Value::fromInt(int64_t(elementSize(self.dtype()))); } END,
        METHOD(storage_offset) { return Value::fromInt(self.offset()); } END,
        METHOD(stride) {
            auto a = bind(args, "stride", {"dim"}, 0);
            if (given(a[0])) {
                const int64_t d = ops::wrapDim(requireInt(in, a[0], "stride", "dim"), self.dim());
                return Value::fromInt(self.strides()[size_t(d)]);
            }
            std::vector<Value> items;
            for (int64_t s : self.strides())
                items.push_back(Value::fromInt(s));
            return in.makeTuple(std::move(items));
        } END,
        // ---------------------------------------------------------- autograd
        METHOD(backward) {
            auto a = bind(args, "backward", {"gradient", "retain_graph", "create_graph", "inputs"}, 0);
            TensorList grads;
            if (given(a[0]))
                grads.push_back(requireTensor(in, a[0], "backward", "gradient", 1));
            std::optional<bool> retain;
            if (given(a[1]))
                retain = in.truthy(a[1]);
            const bool create = given(a[2]) && in.truthy(a[2]);
            agv::backward({self}, grads, retain, create);
            return Value::none();
        } END,
        METHOD(retain_grad) { ops::retainGrad(self); return Value::none(); } END,
        METHOD(register_hook) {
            auto a = bind(args, "register_hook", {"hook"}, 1);
            Value hook = a[0];
            Interpreter* interp = &in;
            auto remove = ops::registerHook(self, [interp, hook](const Tensor& grad) {
                Value result = interp->call(hook, CallArgs({wrapTensor(grad)}));
                if (result.isNone())
                    return Tensor();
                if (const Tensor* t = asTensor(result))
                    return *t;
                throw PyError(BuiltinExc::TypeError, "hook returned a " + interp->typeName(result) +
                                                         " where a Tensor or None was expected");
            });
            return Value(make<RemovableHandleObject>(remove));
        } END,
        METHOD(detach) { return wrapTensor(ops::detach(self)); } END,
        METHOD(detach_) { Tensor t = self; ops::detach_(t); return self_(selfValue); } END,
        METHOD(requires_grad_) {
            auto a = bind(args, "requires_grad_", {"requires_grad"}, 0);
            Tensor t = self;
            const bool requiresGrad = !given(a[0]) || in.truthy(a[0]);
            // The method's message differs from the attribute setter's ("... and complex dtype").
            if (requiresGrad && self.isLeaf() && !isFloatingType(self.dtype()))
                throw PyError(BuiltinExc::RuntimeError, "only Tensors of floating point dtype can require gradients");
            ops::requiresGrad_(t, requiresGrad);
            return self_(selfValue);
        } END,
        // ---------------------------------------------------------- copies and views
        METHOD(clone) { return wrapTensor(ops::clone(self)); } END,
        METHOD(contiguous) { return wrapTensor(ops::contiguous(self)); } END,
        METHOD(view) {
            if (args.positional.size() == 1)
                if (auto dtype = asDtype(args.positional[0]))
                    throw PyError(BuiltinExc::NotImplementedError, "view(dtype) is not supported");
            return wrapTensor(ops::view(self, sizesFromArgs(in, args.positional, "view")));
        } END,
        METHOD(reshape) { return wrapTensor(ops::reshape(self, sizesFromArgs(in, args.positional, "reshape"))); } END,
        METHOD(view_as) {
            auto a = bind(args, "view_as", {"other"}, 1);
            return wrapTensor(ops::view(self, requireTensor(in, a[0], "view_as", "other", 1).sizes()));
        } END,
        METHOD(reshape_as) {
            auto a = bind(args, "reshape_as", {"other"}, 1);
            return wrapTensor(ops::reshape(self, requireTensor(in, a[0], "reshape_as", "other", 1).sizes()));
        } END,
        METHOD(flatten) {
            auto a = bind(args, "flatten", {"start_dim", "end_dim"}, 0);
            return wrapTensor(ops::flatten(self, given(a[0]) ? requireInt(in, a[0], "flatten", "start_dim") : 0,
                                           given(a[1]) ? requireInt(in, a[1], "flatten", "end_dim") : -1));
        } END,
        METHOD(transpose) {
            auto a = bind(args, "transpose", {"dim0", "dim1"}, 2);
            return wrapTensor(ops::transpose(self, requireInt(in, a[0], "transpose", "dim0"),
                                             requireInt(in, a[1], "transpose", "dim1")));
        } END,
        METHOD(t) { return wrapTensor(ops::t(self)); } END,
        METHOD(permute) { return wrapTensor(ops::permute(self, sizesFromArgs(in, args.positional, "permute"))); } END,
        METHOD(unsqueeze) {
            auto a = bind(args, "unsqueeze", {"dim"}, 1);
            return wrapTensor(ops::unsqueeze(self, requireInt(in, a[0], "unsqueeze", "dim")));
        } END,
        METHOD(squeeze) {
            auto a = bind(args, "squeeze", {"dim"}, 0);
            if (given(a[0]))
                return wrapTensor(ops::squeeze(self, requireInt(in, a[0], "squeeze", "dim")));
            return wrapTensor(ops::squeeze(self));
        } END,
        METHOD(expand) { return wrapTensor(ops::expand(self, sizesFromArgs(in, args.positional, "expand"))); } END,
        METHOD(expand_as) {
            auto a = bind(args, "expand_as", {"other"}, 1);
            return wrapTensor(ops::expandAs(self, requireTensor(in, a[0], "expand_as", "other", 1)));
        } END,
        METHOD(narrow) {
            auto a = bind(args, "narrow", {"dim", "start", "length"}, 3);
            return wrapTensor(ops::narrow(self, requireInt(in, a[0], "narrow", "dim"),
                                          requireInt(in, a[1], "narrow", "start"),
                                          requireInt(in, a[2], "narrow", "length")));
        } END,
        METHOD(select) {
            auto a = bind(args, "select", {"dim", "index"}, 2);
            return wrapTensor(
                ops::select(self, requireInt(in, a[0], "select", "dim"), requireInt(in, a[1], "select", "index")));
        } END,
        METHOD(to) { return toMethod(in, self, args); } END,
        METHOD(float) { return wrapTensor(ops::toDtype(self, ScalarType::Float32)); } END,
        METHOD(double) { return wrapTensor(ops::toDtype(self, ScalarType::Float64)); } END,
        METHOD(long) { return wrapTensor(ops::toDtype(self, ScalarType::Int64)); } END,
        METHOD(bool) { return wrapTensor(ops::toDtype(self, ScalarType::Bool)); } END,
        METHOD(cpu) { return wrapTensor(ops::toDevice(self, Device::cpu())); } END,
        METHOD(cuda) { return wrapTensor(ops::toDevice(self, Device::cuda(0))); } END,
        // ---------------------------------------------------------- arithmetic
        METHOD(add) {
            auto a = bind(args, "add", {"other", "alpha"}, 1);
            const Scalar alpha = given(a[1]) ? toScalar(a[1]) : Scalar(1);
            return binary(in, self, a[0], "add", [&](auto& x, auto& y) { return ops::add(x, y, alpha); },
                          [&](auto& x, Scalar y) { return ops::add(x, y, alpha); });
        } END,
        METHOD(sub) {
            auto a = bind(args, "sub", {"other", "alpha"}, 1);
            const Scalar alpha = given(a[1]) ? toScalar(a[1]) : Scalar(1);
            return binary(in, self, a[0], "sub", [&](auto& x, auto& y) { return ops::sub(x, y, alpha); },
                          [&](auto& x, Scalar y) { return ops::sub(x, y, alpha); });
        } END,
        METHOD(mul) {
            auto a = bind(args, "mul", {"other"}, 1);
            return binary(in, self, a[0], "mul", [](auto& x, auto& y) { return ops::mul(x, y); },
                          [](auto& x, Scalar y) { return ops::mul(x, y); });
        } END,
        METHOD(div) {
            auto a = bind(args, "div", {"other"}, 1);
            return binary(in, self, a[0], "div", [](auto& x, auto& y) { return ops::div(x, y); },
                          [](auto& x, Scalar y) { return ops::div(x, y); });
        } END,
        METHOD(pow) {
            auto a = bind(args, "pow", {"exponent"}, 1);
            return binary(in, self, a[0], "pow", [](auto& x, auto& y) { return ops::pow(x, y); },
                          [](auto& x, Scalar y) { return ops::pow(x, y); });
        } END,
        METHOD(matmul) {
            auto a = bind(args, "matmul", {"other"}, 1);
            return wrapTensor(ops::matmul(self, requireTensor(in, a[0], "matmul", "other", 1)));
        } END,
        METHOD(mm) {
            auto a = bind(args, "mm", {"mat2"}, 1);
            return wrapTensor(ops::mm(self, requireTensor(in, a[0], "mm", "mat2", 1)));
        } END,
        METHOD(bmm) {
            auto a = bind(args, "bmm", {"mat2"}, 1);
            return wrapTensor(ops::bmm(self, requireTensor(in, a[0], "bmm", "mat2", 1)));
        } END,
        METHOD(dot) {
            auto a = bind(args, "dot", {"tensor"}, 1);
            return wrapTensor(ops::dot(self, requireTensor(in, a[0], "dot", "tensor", 1)));
        } END,
        METHOD(mv) {
            auto a = bind(args, "mv", {"vec"}, 1);
            return wrapTensor(ops::mv(self, requireTensor(in, a[0], "mv", "vec", 1)));
        } END,
        METHOD(neg) { return wrapTensor(ops::neg(self)); } END,
        METHOD(reciprocal) { return wrapTensor(ops::reciprocal(self)); } END,
        METHOD(exp) { return wrapTensor(ops::exp(self)); } END,
        METHOD(log) { return wrapTensor(ops::log(self)); } END,
        METHOD(sqrt) { return wrapTensor(ops::sqrt(self)); } END,
        METHOD(rsqrt) { return wrapTensor(ops::rsqrt(self)); } END,
        METHOD(abs) { return wrapTensor(ops::abs(self)); } END,
        METHOD(sin) { return wrapTensor(ops::sin(self)); } END,
        METHOD(cos) { return wrapTensor(ops::cos(self)); } END,
        METHOD(tanh) { return wrapTensor(ops::tanh(self)); } END,
        METHOD(sigmoid) { return wrapTensor(ops::sigmoid(self)); } END,
        METHOD(relu) { return wrapTensor(ops::relu(self)); } END,
        METHOD(clamp) {
            auto a = bind(args, "clamp", {"min", "max"}, 0);
            std::optional<Scalar> lo, hi;
            if (given(a[0]))
                lo = requireScalar(in, a[0], "clamp", "min");
            if (given(a[1]))
                hi = requireScalar(in, a[1], "clamp", "max");
            return wrapTensor(ops::clamp(self, lo, hi));
        } END,
        METHOD(masked_fill) {
            auto a = bind(args, "masked_fill", {"mask", "value"}, 2);
            return wrapTensor(ops::maskedFill(self, requireTensor(in, a[0], "masked_fill", "mask", 1),
                                              requireScalar(in, a[1], "masked_fill", "value")));
        } END,
        METHOD(where) {
            auto a = bind(args, "where", {"condition", "other"}, 2);
            Tensor cond = requireTensor(in, a[0], "where", "condition", 1);
            Tensor other = asTensor(a[1]) ? *asTensor(a[1]) : ops::scalarTensor(toScalar(a[1]));
            return wrapTensor(ops::where(cond, self, other));
        } END,
        // ---------------------------------------------------------- comparisons
        {"eq", compareMethod<ops::CompareOp::Eq>},
        {"ne", compareMethod<ops::CompareOp::Ne>},
        {"lt", compareMethod<ops::CompareOp::Lt>},
        {"le", compareMethod<ops::CompareOp::Le>},
        {"gt", compareMethod<ops::CompareOp::Gt>},
        {"ge", compareMethod<ops::CompareOp::Ge>},
        // ---------------------------------------------------------- reductions
        METHOD(sum) {
            auto a = bind(args, "sum", {"dim", "keepdim", "dtype"}, 0);
            std::optional<ScalarType> dtype;
            if (given(a[2]))
                dtype = asDtype(a[2]);
            if (!given(a[0]))
                return wrapTensor(ops::sum(self, dtype));
            return wrapTensor(ops::sum(self, dimsArg(in, a[0], "sum"), given(a[1]) && in.truthy(a[1]), dtype));
        } END,
        METHOD(mean) {
            auto a = bind(args, "mean", {"dim", "keepdim"}, 0);
            if (!given(a[0]))
                return wrapTensor(ops::mean(self));
            return wrapTensor(ops::mean(self, dimsArg(in, a[0], "mean"), given(a[1]) && in.truthy(a[1])));
        } END,
        METHOD(max) { return minMax(in, self, args, true); } END,
        METHOD(min) { return minMax(in, self, args, false); } END,
        METHOD(argmax) {
            auto a = bind(args, "argmax", {"dim", "keepdim"}, 0);
            std::optional<int64_t> dim;
            if (given(a[0]))
                dim = requireInt(in, a[0], "argmax", "dim");
            return wrapTensor(ops::argmax(self, dim, given(a[1]) && in.truthy(a[1])));
        } END,
        METHOD(softmax) {
            auto a = bind(args, "softmax", {"dim"}, 1);
            return wrapTensor(ops::softmax(self, requireInt(in, a[0], "softmax", "dim")));
        } END,
        METHOD(log_softmax) {
            auto a = bind(args, "log_softmax", {"dim"}, 1);
            return wrapTensor(ops::logSoftmax(self, requireInt(in, a[0], "log_softmax", "dim")));
        } END,
        // ---------------------------------------------------------- in-place
        METHOD(add_) {
            auto a = bind(args, "add_", {"other", "alpha"}, 1);
            const Scalar alpha = given(a[1]) ? toScalar(a[1]) : Scalar(1);
            Tensor t = self;
            if (const Tensor* o = asTensor(a[0]))
                ops::addInplace(t, *o, alpha);
            else
                ops::addInplace(t, requireScalar(in, a[0], "add_", "other"), alpha);
            return self_(selfValue);
        } END,
        METHOD(sub_) {
            auto a = bind(args, "sub_", {"other", "alpha"}, 1);
            const Scalar alpha = given(a[1]) ? toScalar(a[1]) : Scalar(1);
            Tensor t = self;
            if (const Tensor* o = asTensor(a[0]))
                ops::subInplace(t, *o, alpha);
            else
                ops::subInplace(t, requireScalar(in, a[0], "sub_", "other"), alpha);
            return self_(selfValue);
        } END,
        METHOD(mul_) {
            auto a = bind(args, "mul_", {"other"}, 1);
            Tensor t = self;
            if (const Tensor* o = asTensor(a[0]))
                ops::mulInplace(t, *o);
            else
                ops::mulInplace(t, requireScalar(in, a[0], "mul_", "other"));
            return self_(selfValue);
        } END,
        METHOD(div_) {
            auto a = bind(args, "div_", {"other"}, 1);
            Tensor t = self;
            if (const Tensor* o = asTensor(a[0]))
                ops::divInplace(t, *o);
            else
                ops::divInplace(t, requireScalar(in, a[0], "div_", "other"));
            return self_(selfValue);
        } END,
        METHOD(pow_) {
            auto a = bind(args, "pow_", {"exponent"}, 1);
            Tensor t = self;
            ops::powInplace(t, requireScalar(in, a[0], "pow_", "exponent"));
            return self_(selfValue);
        } END,
        METHOD(zero_) { Tensor t = self; ops::zeroInplace(t); return self_(selfValue); } END,
        METHOD(fill_) {
            auto a = bind(args, "fill_", {"value"}, 1);
            Tensor t = self;
            if (const Tensor* v = asTensor(a[0]))
                ops::fillInplace(t, *v);
            else
                ops::fillInplace(t, requireScalar(in, a[0], "fill_", "value"));
            return self_(selfValue);
        } END,
        METHOD(copy_) {
            auto a = bind(args, "copy_", {"src", "non_blocking"}, 1);
            Tensor t = self;
            ops::copyInplace(t, requireTensor(in, a[0], "copy_", "src", 1));
            return self_(selfValue);
        } END,
        METHOD(clamp_) {
            auto a = bind(args, "clamp_", {"min", "max"}, 0);
            std::optional<Scalar> lo, hi;
            if (given(a[0]))
                lo = requireScalar(in, a[0], "clamp_", "min");
            if (given(a[1]))
                hi = requireScalar(in, a[1], "clamp_", "max");
            Tensor t = self;
            ops::clampInplace(t, lo, hi);
            return self_(selfValue);
        } END,
        METHOD(relu_) { Tensor t = self; ops::reluInplace(t); return self_(selfValue); } END,
        METHOD(sigmoid_) { Tensor t = self; ops::sigmoidInplace(t); return self_(selfValue); } END,
        METHOD(tanh_) { Tensor t = self; ops::tanhInplace(t); return self_(selfValue); } END,
        METHOD(exp_) { Tensor t = self; ops::expInplace(t); return self_(selfValue); } END,
        // ---------------------------------------------------------- factories on a tensor
        METHOD(new_zeros) { return wrapTensor(ops::zeros(sizesFromArgs(in, args.positional, "new_zeros"), self.dtype(), self.device())); } END,
        METHOD(new_ones) { return wrapTensor(ops::ones(sizesFromArgs(in, args.positional, "new_ones"), self.dtype(), self.device())); } END,
    };
    return table;
}

#undef METHOD
#undef END

}  // namespace

TensorMethod findTensorMethod(std::string_view name)
{
    const auto& table = methodTable();
    auto it = table.find(name);
    return it == table.end() ? nullptr : it->second;
}

}  // namespace agv::script::torch
