// torch.* functions: factories, math that mirrors Tensor methods, grad modes,
// random state, and the torch.autograd / torch.cuda submodules.

#include <cmath>

#include "core/autograd/engine.h"
#include "core/autograd/grad_mode.h"
#include "core/device/allocator.h"
#include "core/ops/integer_arithmetic.h"
#include "core/ops/ops.h"
#include "core/random/generator.h"
#include "core/script/exceptions.h"
#include "core/script/objects.h"
#include "core/script/torch/grad_mode_objects.h"
#include "core/script/torch/node_object.h"
#include "core/script/torch/tensor_object.h"
#include "core/script/torch/torch_binding.h"
#include "core/script/torch/torch_types.h"
#include "core/script/torch/torch_values.h"
#include "core/tensor/tensor_print.h"
#include "core/trace/sink.h"
#include "core/warning.h"

namespace agv::script::torch {

void installNn(Interpreter& in, const Ref<ModuleObject>& torchModule);

namespace {

bool given(const Value& v) { return !v.isEmpty() && !v.isNone(); }

void def(Interpreter& in, const Ref<ModuleObject>& module, const std::string& name, NativeFn fn)
{
    module->attrs[name] = in.makeFunction(name, std::move(fn));
}

/// Common keyword arguments of factory functions.
struct FactoryOptions {
    std::optional<ScalarType> dtype;
    Device device;
    bool requiresGrad = false;
};

FactoryOptions factoryOptions(Interpreter& in, const CallArgs& args)
{
    FactoryOptions o;
    if (const Value* v = args.keyword("dtype"); v && !v->isNone())
        o.dtype = asDtype(*v);
    if (const Value* v = args.keyword("device"); v && !v->isNone())
        o.device = *asDevice(in, *v);
    if (const Value* v = args.keyword("requires_grad"))
        o.requiresGrad = in.truthy(*v);
    return o;
}

Value finishFactory(Tensor t, const FactoryOptions& o)
{
    if (o.requiresGrad && !isFloatingType(t.dtype()))
        throw PyError(BuiltinExc::RuntimeError, "Only Tensors of floating point and complex dtype can require gradients");
    if (o.requiresGrad)
        ops::requiresGrad_(t, true);
    return wrapTensor(t);
}

// ------------------------------------------------------------ torch.tensor(data)

struct NestedData {
    IntList sizes;
    std::vector<double> values;
    std::vector<int64_t> ints;
    bool anyFloat = false, allBool = true;
    std::optional<ScalarType> tensorType;
};

void collect(Interpreter& in, const Value& v, size_t depth, NestedData& out)
{
    if (v.is(ObjectKind::List) || v.is(ObjectKind::Tuple)) {
        std::vector<Value> items = in.iterate(v);
        if (out.sizes.size() == depth)
            out.sizes.push_back(int64_t(items.size()));
        else if (out.sizes.size() < depth || out.sizes[depth] != int64_t(items.size()))
            throw PyError(BuiltinExc::ValueError, "expected sequence of length " +
                                                      std::to_string(depth < out.sizes.size() ? out.sizes[depth] : 0) +
                                                      " at dim " + std::to_string(depth) + " (got " +
                                                      std::to_string(items.size()) + ")");
        for (const Value& item : items)
            collect(in, item, depth + 1, out);
        return;
    }
    if (depth < out.sizes.size())
        throw PyError(BuiltinExc::TypeError, "not a sequence");
    if (const Tensor* t = asTensor(v)) {
        if (t->numel() != 1)
            throw PyError(BuiltinExc::ValueError, "only one element tensors can be converted to Python scalars");
        out.values.push_back(t->item());
        out.ints.push_back(isFloatingType(t->dtype()) ? int64_t(t->item()) : t->itemInt());
        out.anyFloat = out.anyFloat || isFloatingType(t->dtype());
        out.allBool = out.allBool && t->dtype() == ScalarType::Bool;
        return;
    }
    if (!v.isNumber())
        throw PyError(BuiltinExc::TypeError, "new(): invalid data type '" + in.typeName(v) + "'");
    out.values.push_back(v.toDouble());
    out.ints.push_back(v.isFloat() ? ops::convertValue<int64_t>(v.asFloat()) : v.asInt());
    out.anyFloat = out.anyFloat || v.isFloat();
    out.allBool = out.allBool && v.isBool();
}

Value tensorFactory(Interpreter& in, CallArgs& args)
{
    Value data = argAt(args, 0, "data");
    if (data.isEmpty())
        throw PyError(BuiltinExc::TypeError, "tensor() missing 1 required positional arguments: \"data\"");
    FactoryOptions o = factoryOptions(in, args);
    NestedData nested;
    if (const Tensor* t = asTensor(data)) {
        warn("UserWarning",
             "To copy construct from a tensor, it is recommended to use sourceTensor.clone().detach() or "
             "sourceTensor.clone().detach().requires_grad_(True), rather than torch.tensor(sourceTensor).");
        Tensor copy = ops::detachedClone(*t);
        if (o.dtype)
            copy = ops::toDtype(copy, *o.dtype);
        return finishFactory(copy, o);
    }
    collect(in, data, 0, nested);
    const ScalarType inferred = nested.anyFloat ? defaultFloatType()
                                : (nested.allBool && !nested.values.empty()) ? ScalarType::Bool
                                                                              : ScalarType::Int64;
    const ScalarType dtype = o.dtype.value_or(nested.values.empty() ? defaultFloatType() : inferred);
    Tensor t = dtype == ScalarType::Int64 ? ops::fromInts(nested.sizes, nested.ints, dtype, o.device)
                                          : ops::fromValues(nested.sizes, nested.values, dtype, o.device);
    return finishFactory(t, o);
}

/// Positional size arguments, minus trailing non-size values.
IntList sizeArgs(Interpreter& in, const CallArgs& args, const char* fn)
{
    if (const Value* v = args.keyword("size"))
        return intList(in, *v, fn, "size");
    return sizesFromArgs(in, args.positional, fn);
}

Value mirror(Interpreter& in, CallArgs& args, const char* name)
{
    if (args.positional.empty())
        throw PyError(BuiltinExc::TypeError, std::string(name) + "() missing required argument 'input' (pos 1)");
    const Value self = args.positional[0];
    const Tensor* t = asTensor(self);
    if (!t)
        throw PyError(BuiltinExc::TypeError, std::string(name) + "(): argument 'input' (position 1) must be Tensor, not " +
                                                 in.typeName(self));
    CallArgs rest;
    rest.positional.assign(args.positional.begin() + 1, args.positional.end());
    rest.keywords = args.keywords;
    for (auto& kw : rest.keywords)
        if (kw.first == "input")
            throw PyError(BuiltinExc::TypeError, std::string(name) + "() got multiple values for argument 'input'");
    return findTensorMethod(name)(in, *t, rest, self);
}

TensorList tensorSequence(Interpreter& in, const Value& v, const char* fn)
{
    TensorList out;
    for (const Value& item : in.iterate(v))
        out.push_back(requireTensor(in, item, fn, "tensors", 1));
    return out;
}

/// torch.autograd's `tensors` arguments: one tensor, or a sequence whose None entries
/// stand for "no tensor" (grad_outputs=[None, g]).
TensorList tensorsOrSingle(Interpreter& in, const Value& v, const char* fn, const char* arg)
{
    if (const Tensor* t = asTensor(v))
        return {*t};
    TensorList out;
    for (const Value& item : in.iterate(v))
        out.push_back(item.isNone() ? Tensor() : requireTensor(in, item, fn, arg, 1));
    return out;
}

std::function<void()> gradModeSetter(bool enabled)
{
    const bool previous = GradMode::isEnabled();
    GradMode::setEnabled(enabled);
    return [previous] { GradMode::setEnabled(previous); };
}

Value modeContext(const std::string& name, std::function<std::function<void()>()> apply, bool decorator)
{
    return Value(make<ModeContextObject>(name, std::move(apply), decorator));
}

class GeneratorObject final : public HostObject {
public:
    std::string typeName() const override { return "Generator"; }
    std::string repr(Interpreter&) override { return "<torch._C.Generator object at " + fakeAddress(1) + ">"; }
    std::optional<Value> getAttr(Interpreter& in, std::string_view name) override
    {
        if (name == "initial_seed")
            return in.makeFunction("initial_seed", [](Interpreter&, CallArgs&) {
                return Value::fromInt(int64_t(defaultGenerator().initialSeed()));
            });
        return std::nullopt;
    }
};

Value allclose(Interpreter& in, CallArgs& args)
{
    auto a = bindNativeArgs(args, "allclose", {"input", "other", "rtol", "atol", "equal_nan"}, 2);
    Tensor x = requireTensor(in, a[0], "allclose", "input", 1);
    Tensor y = requireTensor(in, a[1], "allclose", "other", 2);
    const double rtol = given(a[2]) ? a[2].toDouble() : 1e-5;
    const double atol = given(a[3]) ? a[3].toDouble() : 1e-8;
    const bool equalNan = given(a[4]) && in.truthy(a[4]);
    Tensor xb = ops::expand(x, ops::broadcastShapes(x.sizes(), y.sizes()));
    Tensor yb = ops::expand(y, xb.sizes());
    for (int64_t i = 0; i < xb.numel(); ++i) {
        const double p = xb.valueAt(i), q = yb.valueAt(i);
        if (std::isnan(p) || std::isnan(q)) {
            if (!(equalNan && std::isnan(p) && std::isnan(q)))
                return Value::fromBool(false);
            continue;
        }
        if (p == q)
            continue;
        if (std::fabs(p - q) > atol + rtol * std::fabs(q))
            return Value::fromBool(false);
    }
    return Value::fromBool(true);
}

void installAutograd(Interpreter& in, const Ref<ModuleObject>& torchModule)
{
    Ref<ModuleObject> autograd = in.createModule("torch.autograd");
    torchModule->attrs["autograd"] = Value(autograd);
    def(in, autograd, "grad", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "grad",
                                {"outputs", "inputs", "grad_outputs", "retain_graph", "create_graph",
                                 "only_inputs", "allow_unused", "is_grads_batched"},
                                2);
        TensorList outputs = tensorsOrSingle(in, a[0], "grad", "outputs");
        TensorList inputs = tensorsOrSingle(in, a[1], "grad", "outputs");
        TensorList gradOutputs = given(a[2]) ? tensorsOrSingle(in, a[2], "grad", "outputs") : TensorList{};
        std::optional<bool> retain;
        if (given(a[3]))
            retain = in.truthy(a[3]);
        const bool create = given(a[4]) && in.truthy(a[4]);
        const bool allowUnused = given(a[6]) && in.truthy(a[6]);
        TensorList grads = agv::grad(outputs, inputs, gradOutputs, retain, create, allowUnused);
        std::vector<Value> items;
        for (const Tensor& g : grads)
            items.push_back(wrapOptional(g));
        return in.makeTuple(std::move(items));
    });
    def(in, autograd, "backward", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "backward", {"tensors", "grad_tensors", "retain_graph", "create_graph"}, 1);
        TensorList tensors = tensorsOrSingle(in, a[0], "backward", "tensors");
        TensorList grads = given(a[1]) ? tensorsOrSingle(in, a[1], "backward", "tensors") : TensorList{};
        std::optional<bool> retain;
        if (given(a[2]))
            retain = in.truthy(a[2]);
        agv::backward(tensors, grads, retain, given(a[3]) && in.truthy(a[3]));
        return Value::none();
    });
    def(in, autograd, "detect_anomaly", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "detect_anomaly", {"check_nan"}, 0);
        const bool checkNan = !given(a[0]) || in.truthy(a[0]);
        in.warn("UserWarning",
                "Anomaly Detection has been enabled. This mode will increase the runtime and should only be enabled "
                "for debugging.");
        return modeContext("detect_anomaly", [checkNan] {
            const bool wasOn = AnomalyMode::isEnabled();
            const bool wasNan = AnomalyMode::checkNan();
            AnomalyMode::setEnabled(true, checkNan);
            return std::function<void()>([wasOn, wasNan] { AnomalyMode::setEnabled(wasOn, wasNan); });
        }, false);
    });
    def(in, autograd, "set_detect_anomaly", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "set_detect_anomaly", {"mode", "check_nan"}, 1);
        const bool mode = in.truthy(a[0]);
        const bool checkNan = !given(a[1]) || in.truthy(a[1]);
        const bool wasOn = AnomalyMode::isEnabled();
        const bool wasNan = AnomalyMode::checkNan();
        AnomalyMode::setEnabled(mode, checkNan);
        // Already applied; as a context manager, exiting restores the previous state.
        auto ctx = make<ModeContextObject>(
            "set_detect_anomaly",
            [wasOn, wasNan] { return std::function<void()>([wasOn, wasNan] { AnomalyMode::setEnabled(wasOn, wasNan); }); },
            false);
        return Value(ctx);
    });
    def(in, autograd, "is_anomaly_enabled", [](Interpreter&, CallArgs&) {
        return Value::fromBool(AnomalyMode::isEnabled());
    });
}

void installCuda(Interpreter& in, const Ref<ModuleObject>& torchModule)
{
    Ref<ModuleObject> cuda = in.createModule("torch.cuda");
    torchModule->attrs["cuda"] = Value(cuda);
    def(in, cuda, "is_available", [](Interpreter&, CallArgs&) { return Value::fromBool(cudaAvailable()); });
    def(in, cuda, "device_count", [](Interpreter&, CallArgs&) { return Value::fromInt(cudaAvailable() ? 1 : 0); });
    def(in, cuda, "memory_allocated", [](Interpreter&, CallArgs&) {
        return Value::fromInt(cudaAvailable() ? int64_t(allocatorFor(Device::cuda()).currentBytes()) : 0);
    });
    def(in, cuda, "max_memory_allocated", [](Interpreter&, CallArgs&) {
        return Value::fromInt(cudaAvailable() ? int64_t(allocatorFor(Device::cuda()).peakBytes()) : 0);
    });
    def(in, cuda, "reset_peak_memory_stats", [](Interpreter&, CallArgs&) {
        if (cudaAvailable())
            allocatorFor(Device::cuda()).resetPeak();
        return Value::none();
    });
    def(in, cuda, "synchronize", [](Interpreter&, CallArgs&) { return Value::none(); });
    cuda->attrs["OutOfMemoryError"] = Value(in.exceptionClass(BuiltinExc::OutOfMemoryError));
}

}  // namespace

void clearDtypeCache();

void releaseTorchState()
{
    setTensorClasses(nullptr, nullptr);
    clearDtypeCache();
}

void installTorch(Interpreter& in)
{
    Ref<ModuleObject> torch = in.createModule("torch");
    Ref<ClassObject> tensorCls = in.createClass("Tensor", "torch");
    Ref<ClassObject> parameterCls = in.createClass("Parameter", "torch.nn.parameter", {tensorCls});
    setTensorClasses(tensorCls, parameterCls);
    torch->attrs["Tensor"] = Value(tensorCls);

    AnomalyMode::setStackProvider([&in] { return in.currentStack(); });
    setWarningHandler([&in](const Warning& w) { in.warn(w.category, w.message); });
    in.setAssignHook([](Interpreter&, std::string_view name, const Value& value) {
        if (!trace::enabled())
            return;
        if (const Tensor* t = asTensor(value))
            trace::publish(trace::TensorLabeled{t->id(), std::string(name)});
    });

    torch->attrs["float32"] = wrapDtype(ScalarType::Float32);
    torch->attrs["float"] = wrapDtype(ScalarType::Float32);
    torch->attrs["float64"] = wrapDtype(ScalarType::Float64);
    torch->attrs["double"] = wrapDtype(ScalarType::Float64);
    torch->attrs["int64"] = wrapDtype(ScalarType::Int64);
    torch->attrs["long"] = wrapDtype(ScalarType::Int64);
    torch->attrs["bool"] = wrapDtype(ScalarType::Bool);
    torch->attrs["__version__"] = Value::fromString("1.13.1");

    def(in, torch, "tensor", tensorFactory);
    auto simpleFactory = [&](const char* name, Tensor (*make)(const IntList&, ScalarType, Device)) {
        def(in, torch, name, [name, make](Interpreter& in, CallArgs& args) {
            FactoryOptions o = factoryOptions(in, args);
            return finishFactory(make(sizeArgs(in, args, name), o.dtype.value_or(defaultFloatType()), o.device), o);
        });
    };
    simpleFactory("ones", ops::ones);
    simpleFactory("zeros", ops::zeros);
    simpleFactory("empty", ops::empty);
    simpleFactory("rand", ops::rand);
    simpleFactory("randn", ops::randn);
    def(in, torch, "full", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "full", {"size", "fill_value", "dtype", "device", "requires_grad"}, 2);
        FactoryOptions o = factoryOptions(in, args);
        return finishFactory(ops::full(intList(in, a[0], "full", "size"), requireScalar(in, a[1], "full", "fill_value"),
                                       o.dtype, o.device),
                             o);
    });
    def(in, torch, "arange", [](Interpreter& in, CallArgs& args) {
        FactoryOptions o = factoryOptions(in, args);
        std::vector<Value> p = args.positional;
        if (const Value* v = args.keyword("start"))
            p.insert(p.begin(), *v);
        if (const Value* v = args.keyword("end"))
            p.push_back(*v);
        if (const Value* v = args.keyword("step"))
            p.push_back(*v);
        if (p.empty() || p.size() > 3)
            throw PyError(BuiltinExc::TypeError, "arange() received an invalid combination of arguments");
        Scalar start = p.size() >= 2 ? requireScalar(in, p[0], "arange", "start") : Scalar(int64_t(0));
        Scalar end = requireScalar(in, p.size() >= 2 ? p[1] : p[0], "arange", "end");
        Scalar step = p.size() == 3 ? requireScalar(in, p[2], "arange", "step") : Scalar(int64_t(1));
        return finishFactory(ops::arange(start, end, step, o.dtype, o.device), o);
    });
    def(in, torch, "linspace", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "linspace", {"start", "end", "steps", "dtype", "device", "requires_grad"}, 3);
        FactoryOptions o = factoryOptions(in, args);
        return finishFactory(ops::linspace(requireFloat(in, a[0], "linspace", "start"),
                                           requireFloat(in, a[1], "linspace", "end"),
                                           requireInt(in, a[2], "linspace", "steps"),
                                           o.dtype.value_or(defaultFloatType()), o.device),
                             o);
    });
    def(in, torch, "eye", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "eye", {"n", "m", "dtype", "device", "requires_grad"}, 1);
        FactoryOptions o = factoryOptions(in, args);
        return finishFactory(ops::eye(requireInt(in, a[0], "eye", "n"), given(a[1]) ? requireInt(in, a[1], "eye", "m") : -1,
                                      o.dtype.value_or(defaultFloatType()), o.device),
                             o);
    });
    def(in, torch, "randint", [](Interpreter& in, CallArgs& args) {
        FactoryOptions o = factoryOptions(in, args);
        std::vector<Value> p = args.positional;
        if (const Value* v = args.keyword("low"))
            p.insert(p.begin(), *v);
        if (const Value* v = args.keyword("high"))
            p.insert(p.begin() + (p.empty() ? 0 : 1), *v);
        if (const Value* v = args.keyword("size"))
            p.push_back(*v);
        if (p.size() < 2)
            throw PyError(BuiltinExc::TypeError, "randint() received an invalid combination of arguments");
        const int64_t low = p.size() == 3 ? requireInt(in, p[0], "randint", "low") : 0;
        const int64_t high = requireInt(in, p[p.size() - 2], "randint", "high");
        return finishFactory(ops::randint(low, high, intList(in, p.back(), "randint", "size"),
                                          o.dtype.value_or(ScalarType::Int64), o.device),
                             o);
    });
    auto likeFactory = [&](const char* name, Tensor (*make)(const Tensor&, std::optional<ScalarType>)) {
        def(in, torch, name, [name, make](Interpreter& in, CallArgs& args) {
            FactoryOptions o = factoryOptions(in, args);
            Tensor t = requireTensor(in, argAt(args, 0, "input"), name, "input", 1);
            Tensor out = make(t, o.dtype);
            return finishFactory(out, o);
        });
    };
    likeFactory("zeros_like", ops::zerosLike);
    likeFactory("ones_like", ops::onesLike);
    likeFactory("empty_like", ops::emptyLike);
    likeFactory("rand_like", ops::randLike);
    likeFactory("randn_like", ops::randnLike);
    def(in, torch, "full_like", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "full_like", {"input", "fill_value", "dtype", "device", "requires_grad"}, 2);
        FactoryOptions o = factoryOptions(in, args);
        return finishFactory(ops::fullLike(requireTensor(in, a[0], "full_like", "input", 1),
                                           requireScalar(in, a[1], "full_like", "fill_value"), o.dtype),
                             o);
    });

    for (const char* name :
         {"add", "sub", "mul", "div", "pow", "neg", "reciprocal", "exp", "log", "sqrt", "rsqrt", "abs", "sin", "cos",
          "tanh", "sigmoid", "relu", "clamp", "sum", "mean", "max", "min", "argmax", "softmax", "log_softmax",
          "matmul", "mm", "bmm", "dot", "mv", "masked_fill", "transpose", "t", "permute", "reshape", "flatten",
          "unsqueeze", "squeeze", "narrow", "select", "clone", "detach", "numel", "eq", "ne", "lt", "le", "gt", "ge"})
        def(in, torch, name, [name](Interpreter& in, CallArgs& args) { return mirror(in, args, name); });
    torch->attrs["clip"] = torch->attrs["clamp"];

    def(in, torch, "where", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "where", {"condition", "input", "other"}, 3);
        Tensor cond = requireTensor(in, a[0], "where", "condition", 1);
        auto operand = [&](const Value& v) {
            return asTensor(v) ? *asTensor(v) : ops::scalarTensor(requireScalar(in, v, "where", "input"));
        };
        return wrapTensor(ops::where(cond, operand(a[1]), operand(a[2])));
    });
    def(in, torch, "cat", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "cat", {"tensors", "dim"}, 1);
        return wrapTensor(ops::cat(tensorSequence(in, a[0], "cat"), given(a[1]) ? requireInt(in, a[1], "cat", "dim") : 0));
    });
    torch->attrs["concat"] = torch->attrs["cat"];
    def(in, torch, "stack", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "stack", {"tensors", "dim"}, 1);
        return wrapTensor(
            ops::stack(tensorSequence(in, a[0], "stack"), given(a[1]) ? requireInt(in, a[1], "stack", "dim") : 0));
    });
    def(in, torch, "is_tensor", [](Interpreter&, CallArgs& args) {
        return Value::fromBool(asTensor(argAt(args, 0, "obj")) != nullptr);
    });
    def(in, torch, "allclose", allclose);
    def(in, torch, "typename", [](Interpreter& in, CallArgs& args) {
        const Value v = argAt(args, 0, "obj");
        if (const Tensor* t = asTensor(v))
            return Value::fromString(std::string(t->device().isCuda() ? "torch.cuda." : "torch.") +
                                     legacyTensorTypeName(t->dtype()));
        return Value::fromString(in.typeName(v));
    });
    def(in, torch, "equal", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "equal", {"input", "other"}, 2);
        Tensor x = requireTensor(in, a[0], "equal", "input", 1), y = requireTensor(in, a[1], "equal", "other", 2);
        if (x.sizes() != y.sizes())
            return Value::fromBool(false);
        for (int64_t i = 0; i < x.numel(); ++i)
            if (x.valueAt(i) != y.valueAt(i))
                return Value::fromBool(false);
        return Value::fromBool(true);
    });

    // --- grad modes
    def(in, torch, "no_grad", [](Interpreter&, CallArgs&) {
        return modeContext("no_grad", [] { return gradModeSetter(false); }, true);
    });
    def(in, torch, "enable_grad", [](Interpreter&, CallArgs&) {
        return modeContext("enable_grad", [] { return gradModeSetter(true); }, true);
    });
    def(in, torch, "set_grad_enabled", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "set_grad_enabled", {"mode"}, 1);
        const bool mode = in.truthy(a[0]);
        const bool previous = GradMode::isEnabled();
        GradMode::setEnabled(mode);  // takes effect on call, like PyTorch
        return modeContext("set_grad_enabled", [previous] {
            return std::function<void()>([previous] { GradMode::setEnabled(previous); });
        }, false);
    });
    def(in, torch, "is_anomaly_enabled", [](Interpreter&, CallArgs&) {
        return Value::fromBool(AnomalyMode::isEnabled());
    });
    def(in, torch, "is_grad_enabled", [](Interpreter&, CallArgs&) { return Value::fromBool(GradMode::isEnabled()); });
    def(in, torch, "inference_mode", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "inference_mode", {"mode"}, 0);
        const bool mode = !given(a[0]) || in.truthy(a[0]);
        return modeContext("inference_mode", [mode] {
            const bool prevInference = InferenceMode::isEnabled();
            const bool prevGrad = GradMode::isEnabled();
            InferenceMode::setEnabled(mode);
            if (mode)
                GradMode::setEnabled(false);
            return std::function<void()>([prevInference, prevGrad] {
                InferenceMode::setEnabled(prevInference);
                GradMode::setEnabled(prevGrad);
            });
        }, true);
    });
    def(in, torch, "is_inference_mode_enabled", [](Interpreter&, CallArgs&) {
        return Value::fromBool(InferenceMode::isEnabled());
    });
    def(in, torch, "is_inference", [](Interpreter& in, CallArgs& args) {
        return Value::fromBool(requireTensor(in, argAt(args, 0, "input"), "is_inference", "input", 1).impl()->isInference());
    });

    // --- random state and defaults
    def(in, torch, "manual_seed", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "manual_seed", {"seed"}, 1);
        defaultGenerator().manualSeed(uint64_t(requireInt(in, a[0], "manual_seed", "seed")));
        return Value(make<GeneratorObject>());
    });
    def(in, torch, "initial_seed", [](Interpreter&, CallArgs&) {
        return Value::fromInt(int64_t(defaultGenerator().initialSeed()));
    });
    def(in, torch, "get_rng_state", [](Interpreter&, CallArgs&) {
        std::vector<uint8_t> state = defaultGenerator().getState();
        std::vector<int64_t> values(state.begin(), state.end());
        return wrapTensor(ops::fromInts({int64_t(values.size())}, values, ScalarType::Int64));
    });
    def(in, torch, "set_rng_state", [](Interpreter& in, CallArgs& args) {
        Tensor t = requireTensor(in, argAt(args, 0, "new_state"), "set_rng_state", "new_state", 1);
        std::vector<uint8_t> state;
        for (int64_t i = 0; i < t.numel(); ++i)
            state.push_back(uint8_t(t.intValueAt(i)));
        defaultGenerator().setState(state);
        return Value::none();
    });
    def(in, torch, "get_default_dtype", [](Interpreter&, CallArgs&) { return wrapDtype(defaultFloatType()); });
    def(in, torch, "set_default_dtype", [](Interpreter& in, CallArgs& args) {
        auto d = asDtype(argAt(args, 0, "d"));
        if (!d || !isFloatingType(*d))
            throw PyError(BuiltinExc::TypeError, "only floating-point types are supported as the default type");
        setDefaultFloatType(*d);
        (void)in;
        return Value::none();
    });
    def(in, torch, "set_printoptions", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "set_printoptions",
                                {"precision", "threshold", "edgeitems", "linewidth", "profile", "sci_mode"}, 0);
        PrintOptions& o = printOptions();
        if (given(a[0]))
            o.precision = int(requireInt(in, a[0], "set_printoptions", "precision"));
        if (given(a[1]))
            o.threshold = requireInt(in, a[1], "set_printoptions", "threshold");
        if (given(a[2]))
            o.edgeItems = int(requireInt(in, a[2], "set_printoptions", "edgeitems"));
        if (given(a[3]))
            o.lineWidth = int(requireInt(in, a[3], "set_printoptions", "linewidth"));
        if (given(a[4]) && a[4].isStr() && a[4].str() == "default")
            o = PrintOptions{};
        if (!a[5].isEmpty())
            o.sciMode = a[5].isNone() ? std::optional<bool>() : std::optional<bool>(in.truthy(a[5]));
        return Value::none();
    });
    def(in, torch, "Size", [](Interpreter& in, CallArgs& args) {
        return wrapSize(in, args.positional.empty() ? IntList{} : intList(in, args.positional[0], "Size", "sizes"));
    });
    def(in, torch, "device", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "device", {"type", "index"}, 1);
        Device d = *asDevice(in, a[0]);
        if (given(a[1]))
            d.index = int(requireInt(in, a[1], "device", "index"));
        return wrapDevice(d);
    });

    installAutograd(in, torch);
    installCuda(in, torch);
    installNn(in, torch);
}

}  // namespace agv::script::torch
