// torch.nn.functional (native) and nn.Parameter; torch.nn's Python-level classes
// (Module, Linear, Sequential, losses) and torch.optim come from nn_prelude.cpp.

#include "core/ops/ops.h"
#include "core/script/exceptions.h"
#include "core/script/objects.h"
#include "core/script/torch/tensor_object.h"
#include "core/script/torch/torch_values.h"
#include "core/trace/sink.h"

namespace agv::script::torch {

void runNnPrelude(Interpreter& in);

namespace {

bool given(const Value& v) { return !v.isEmpty() && !v.isNone(); }

void def(Interpreter& in, const Ref<ModuleObject>& module, const std::string& name, NativeFn fn)
{
    module->attrs[name] = in.makeFunction(name, std::move(fn));
}

ops::Reduction reductionArg(Interpreter& in, const Value& v)
{
    if (!given(v))
        return ops::Reduction::Mean;
    if (!v.isStr())
        throw PyError(BuiltinExc::TypeError, "reduction must be a string, not " + in.typeName(v));
    try {
        return ops::parseReduction(v.str());
    } catch (const Error&) {
        throw PyError(BuiltinExc::ValueError, v.str() + " is not a valid value for reduction");
    }
}

Tensor unaryArg(Interpreter& in, CallArgs& args, const char* fn)
{
    return requireTensor(in, argAt(args, 0, "input"), fn, "input", 1);
}

void installFunctional(Interpreter& in, const Ref<ModuleObject>& nn)
{
    Ref<ModuleObject> F = in.createModule("torch.nn.functional");
    nn->attrs["functional"] = Value(F);
    def(in, F, "relu", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "relu", {"input", "inplace"}, 1);
        Tensor t = requireTensor(in, a[0], "relu", "input", 1);
        if (given(a[1]) && in.truthy(a[1])) {
            ops::reluInplace(t);
            return a[0];
        }
        return wrapTensor(ops::relu(t));
    });
    def(in, F, "gelu", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "gelu", {"input", "approximate"}, 1);
        return wrapTensor(ops::gelu(requireTensor(in, a[0], "gelu", "input", 1), given(a[1]) ? a[1].str() : "none"));
    });
    def(in, F, "leaky_relu", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "leaky_relu", {"input", "negative_slope", "inplace"}, 1);
        return wrapTensor(ops::leakyRelu(requireTensor(in, a[0], "leaky_relu", "input", 1),
                                         given(a[1]) ? requireFloat(in, a[1], "leaky_relu", "negative_slope") : 0.01));
    });
    def(in, F, "sigmoid", [](Interpreter& in, CallArgs& args) {
        in.warn("UserWarning", "nn.functional.sigmoid is deprecated. Use torch.sigmoid instead.");
        return wrapTensor(ops::sigmoid(unaryArg(in, args, "sigmoid")));
    });
    def(in, F, "tanh", [](Interpreter& in, CallArgs& args) {
        in.warn("UserWarning", "nn.functional.tanh is deprecated. Use torch.tanh instead.");
        return wrapTensor(ops::tanh(unaryArg(in, args, "tanh")));
    });
    def(in, F, "softmax", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "softmax", {"input", "dim", "_stacklevel", "dtype"}, 1);
        Tensor t = requireTensor(in, a[0], "softmax", "input", 1);
        if (!given(a[1]))
            throw PyError(BuiltinExc::TypeError, "softmax() missing required argument 'dim'");
        return wrapTensor(ops::softmax(t, requireInt(in, a[1], "softmax", "dim")));
    });
    def(in, F, "log_softmax", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "log_softmax", {"input", "dim", "_stacklevel", "dtype"}, 1);
        Tensor t = requireTensor(in, a[0], "log_softmax", "input", 1);
        if (!given(a[1]))
            throw PyError(BuiltinExc::TypeError, "log_softmax() missing required argument 'dim'");
        return wrapTensor(ops::logSoftmax(t, requireInt(in, a[1], "log_softmax", "dim")));
    });
    def(in, F, "dropout", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "dropout", {"input", "p", "training", "inplace"}, 1);
        const double p = given(a[1]) ? requireFloat(in, a[1], "dropout", "p") : 0.5;
        const bool training = !given(a[2]) || in.truthy(a[2]);
        return wrapTensor(ops::dropout(requireTensor(in, a[0], "dropout", "input", 1), p, training));
    });
    def(in, F, "linear", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "linear", {"input", "weight", "bias"}, 2);
        Tensor bias = given(a[2]) ? requireTensor(in, a[2], "linear", "bias", 3) : Tensor();
        return wrapTensor(ops::linear(requireTensor(in, a[0], "linear", "input", 1),
                                      requireTensor(in, a[1], "linear", "weight", 2), bias));
    });
    def(in, F, "mse_loss", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "mse_loss", {"input", "target", "size_average", "reduce", "reduction"}, 2);
        Tensor input = requireTensor(in, a[0], "mse_loss", "input", 1);
        Tensor target = requireTensor(in, a[1], "mse_loss", "target", 2);
        if (input.sizes() != target.sizes())
            in.warn("UserWarning",
                    "Using a target size (torch.Size(" + sizesToString(target.sizes()) +
                        ")) that is different to the input size (torch.Size(" + sizesToString(input.sizes()) +
                        ")). This will likely lead to incorrect results due to broadcasting. Please ensure they have "
                        "the same size.");
        return wrapTensor(ops::mseLoss(input, target, reductionArg(in, a[4])));
    });
    def(in, F, "nll_loss", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "nll_loss",
                                {"input", "target", "weight", "size_average", "ignore_index", "reduce", "reduction"}, 2);
        return wrapTensor(ops::nllLoss(requireTensor(in, a[0], "nll_loss", "input", 1),
                                       requireTensor(in, a[1], "nll_loss", "target", 2), reductionArg(in, a[6])));
    });
    def(in, F, "cross_entropy", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "cross_entropy",
                                {"input", "target", "weight", "size_average", "ignore_index", "reduce", "reduction",
                                 "label_smoothing"},
                                2);
        return wrapTensor(ops::crossEntropy(requireTensor(in, a[0], "cross_entropy", "input", 1),
                                            requireTensor(in, a[1], "cross_entropy", "target", 2),
                                            reductionArg(in, a[6])));
    });
}

}  // namespace

void installNn(Interpreter& in, const Ref<ModuleObject>& torchModule)
{
    Ref<ModuleObject> nn = in.createModule("torch.nn");
    torchModule->attrs["nn"] = Value(nn);
    installFunctional(in, nn);

    Ref<ClassObject> parameter = parameterClass();
    parameter->constructor = [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "Parameter", {"data", "requires_grad"}, 0);
        Tensor data = given(a[0]) ? requireTensor(in, a[0], "Parameter", "data", 1) : ops::empty({0});
        Tensor shared = ops::detach(data);
        const bool requiresGrad = !given(a[1]) || in.truthy(a[1]);
        if (requiresGrad)
            ops::requiresGrad_(shared, true);
        auto object = make<TensorObject>(shared);
        object->isParameter = true;
        return Value(object);
    };
    nn->attrs["Parameter"] = Value(parameter);

    // Module call boundaries for the GUI (collapsing big graphs into clusters).
    def(in, nn, "_trace_module_enter", [](Interpreter& in, CallArgs& args) {
        if (trace::enabled() && args.positional.size() >= 2)
            trace::publish(trace::ModuleEnter{uint64_t(args.positional[1].asInt()), in.str(args.positional[2]),
                                              in.typeName(args.positional[0])});
        return Value::none();
    });
    def(in, nn, "_trace_module_exit", [](Interpreter&, CallArgs& args) {
        if (trace::enabled() && args.positional.size() >= 2)
            trace::publish(trace::ModuleExit{uint64_t(args.positional[1].asInt())});
        return Value::none();
    });
    // A parameter is labelled by its attribute name (`weight`, `bias`) in the graph.
    def(in, nn, "_label", [](Interpreter&, CallArgs& args) {
        if (trace::enabled() && args.positional.size() == 2 && args.positional[1].isStr())
            if (const Tensor* t = asTensor(args.positional[0]))
                trace::publish(trace::TensorLabeled{t->id(), args.positional[1].str()});
        return Value::none();
    });
    def(in, nn, "_next_module_id", [](Interpreter&, CallArgs&) { return Value::fromInt(int64_t(nextObjectId())); });

    runNnPrelude(in);
}

}  // namespace agv::script::torch
