// torch.autograd.Function: `MyFn.apply(*args)` runs the script's forward with grad
// mode off and wires one node, `<MyFn>Backward`, whose backward is the script's
// staticmethod. As in PyTorch the ctx *is* the grad_fn: `y.grad_fn` returns the very
// object forward received, an instance of the Python class MyFn._backward_cls
// (torch/autograd/function.py). The node keeps its ctx alive; the ctx reaches the node
// only through a weak reference (`ctx._cdata`), so no cycle keeps a graph alive.

#include <algorithm>

#include "core/autograd/engine.h"
#include "core/autograd/forward_ad.h"
#include "core/autograd/grad_mode.h"
#include "core/autograd/node.h"
#include "core/autograd/saved_tangents.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/view_inplace.h"
#include "core/python/bindings.h"
#include "core/python/node_functions.h"
#include "core/python/py_ref.h"
#include "core/python/py_values.h"

namespace agv::python {

namespace {

/// The node of one custom Function call (PyTorch's PyNode).
class PyFunctionNode final : public BackwardNode {
public:
    PyFunctionNode(std::string name, py::object ctx, std::vector<bool> isTensorArg)
        : BackwardNode(std::move(name), nullptr), m_ctx(std::move(ctx)), m_isTensorArg(std::move(isTensorArg))
    {
        setRule([](BackwardNode& node, const variable_list& grads) {
            return static_cast<PyFunctionNode&>(node).callBackward(grads);
        });
    }

    py::handle ctx() const { return m_ctx.get(); }

    /// Saved tensors are unpacked when the backward reads ctx.saved_tensors, not before.
    variable_list apply(variable_list&& grads) override { return callBackward(grads); }

private:
    variable_list callBackward(const variable_list& grads)
    {
        py::handle ctx = m_ctx.get();
        const bool materialize = truthy(ctx.attr("materialize_grads"));
        py::tuple args(grads.size());
        for (size_t i = 0; i < grads.size(); ++i) {
            Tensor g = grads[i];
            if (!g.defined() && materialize && i < inputMetadata().size()) {
                const InputMetadata& meta = inputMetadata()[i];
                g = ops::zeros(meta.shape, meta.dtype, meta.device);
            }
            args[i] = wrapTensor(g);
        }
        py::object result = ctx.attr("apply")(*args);
        py::tuple gradients = PyTuple_Check(result.ptr()) ? py::reinterpret_borrow<py::tuple>(result)
                                                            : py::make_tuple(result);
        const size_t expected = m_isTensorArg.size();
        size_t got = gradients.size();
        // Extra trailing Nones are forgiven, as PyTorch does.
        while (got > expected && gradients[got - 1].is_none())
            --got;
        if (got != expected)
            raise(PyExc_RuntimeError, "function " + name() + " returned an incorrect number of gradients (expected " +
                                          std::to_string(expected) + ", got " + std::to_string(gradients.size()) +
                                          ")");
        variable_list out;
        for (size_t i = 0; i < expected; ++i) {
            py::handle g = gradients[i];
            if (!m_isTensorArg[i]) {
                if (!g.is_none())
                    raise(PyExc_RuntimeError, "function " + name() +
                                                  " returned a gradient different than None at position " +
                                                  std::to_string(i + 1) +
                                                  ", but the corresponding forward input was not a Variable");
                continue;
            }
            if (g.is_none()) {
                out.emplace_back();
                continue;
            }
            auto t = asTensor(g);
            if (!t)
                raise(PyExc_TypeError, "expected Variable or None (got " + typeName(g) + ")");
            out.push_back(*t);
        }
        return out;
    }

    PyRef m_ctx;
    std::vector<bool> m_isTensorArg;
};

/// Tensors of `ctx.<attr>` (mark_dirty / mark_non_differentiable), by identity.
std::vector<const TensorImpl*> markedTensors(py::handle ctx, const char* attr)
{
    std::vector<const TensorImpl*> out;
    py::object marked = py::getattr(ctx, attr, py::none());
    if (marked.is_none())
        return out;
    for (py::handle item : marked)
        if (auto t = asTensor(item))
            out.push_back(t->impl());
    return out;
}

bool contains(const std::vector<const TensorImpl*>& set, const Tensor& t)
{
    return std::find(set.begin(), set.end(), t.impl()) != set.end();
}

/// A view of `t` with the same geometry and no history (PyTorch's _view_as_self).
Tensor viewOfSelf(const Tensor& t)
{
    GradModeGuard noGrad(false);
    return ops::makeView(t, t.sizes(), t.strides(), t.offset());
}

std::shared_ptr<Node> nodeOf(py::handle ref)
{
    auto node = ref.cast<const NodeRef&>().node.lock();
    if (!node)
        raise(PyExc_RuntimeError, "the backward node of this Function call no longer exists");
    return node;
}

/// Forward-mode AD through a custom Function (PyTorch's _process_forward_mode_AD): the
/// script's jvp(ctx, *input_tangents) gives one tangent per output. It runs after the
/// outputs are wired into the graph, with forward AD off, so what it computes from ctx
/// (an output saved there) is differentiable as any backward-mode value.
void applyJvp(py::handle ctx, py::args args, const TensorList& inputTangents, py::tuple wrapped,
              const std::vector<const TensorImpl*>& nonDifferentiable)
{
    const bool materialize = truthy(ctx.attr("materialize_grads"));
    py::tuple jvpArgs(args.size());
    size_t tensorIndex = 0;
    for (size_t i = 0; i < args.size(); ++i) {
        auto input = asTensor(args[i]);
        if (!input) {
            jvpArgs[i] = py::none();
            continue;
        }
        const Tensor& tangent = inputTangents[tensorIndex++];
        if (tangent.defined() || !materialize)
            jvpArgs[i] = wrapTensor(tangent);
        else
            jvpArgs[i] = wrapTensor(ops::zerosLike(*input));
    }
    py::object raw;
    {
        forward_ad::DisabledGuard primalsOnly;
        raw = ctx.attr("apply_jvp")(*jvpArgs);
    }
    py::tuple tangents = PyTuple_Check(raw.ptr()) ? py::reinterpret_borrow<py::tuple>(raw) : py::make_tuple(raw);
    for (size_t i = 0; i < tangents.size(); ++i)
        if (!tangents[i].is_none() && !isTensor(tangents[i]))
            raise(PyExc_TypeError, "expected Variable or None (got " + typeName(tangents[i]) + ") for grad output " +
                                       std::to_string(i) + ".");
    if (tangents.size() != wrapped.size())
        raise(PyExc_RuntimeError, "Function's jvp returned an invalid number of forward gradients (expected " +
                                      std::to_string(wrapped.size()) + " but got " + std::to_string(tangents.size()) +
                                      ")");
    for (size_t i = 0; i < wrapped.size(); ++i) {
        auto out = asTensor(wrapped[i]);
        const bool differentiable = out && isFloatingType(out->dtype()) && !contains(nonDifferentiable, *out);
        if (!differentiable) {
            if (!tangents[i].is_none())
                raise(PyExc_RuntimeError, "Function's jvp returned a gradient at position " + std::to_string(i) +
                                              ", but  the corresponding forward output is not a differentiable "
                                              "Tensor. You should return None at that position instead.");
            continue;
        }
        if (tangents[i].is_none())
            continue;
        forward_ad::resetTangent(*out);
        forward_ad::setTangent(*out, *asTensor(tangents[i]));
    }
}

py::object functionApply(py::handle cls, py::args args)
{
    py::object ctx = cls.attr("_backward_cls")();
    const std::string name = py::str(cls.attr("_backward_cls").attr("__name__")).cast<std::string>();

    std::vector<bool> isTensorArg;
    TensorList tensorInputs;
    bool anyRequiresGrad = false;
    for (py::handle arg : args) {
        auto t = asTensor(arg);
        isTensorArg.push_back(bool(t));
        if (t) {
            tensorInputs.push_back(*t);
            anyRequiresGrad = anyRequiresGrad || t->requiresGrad();
        }
    }
    const bool executable = GradMode::isEnabled() && anyRequiresGrad;
    py::tuple needsInputGrad(args.size());
    for (size_t i = 0; i < args.size(); ++i) {
        auto t = asTensor(args[i]);
        needsInputGrad[i] = py::bool_(t && t->requiresGrad());  // grad mode does not matter here
    }
    ctx.attr("needs_input_grad") = needsInputGrad;

    std::shared_ptr<PyFunctionNode> node;
    if (executable) {
        node = std::make_shared<PyFunctionNode>(name, ctx, isTensorArg);
        node->setNextEdges(collectNextEdges(tensorInputs));
        ctx.attr("_cdata") = NodeRef{node};
    }

    // The inputs' tangents, read before forward sees them as plain tensors.
    TensorList inputTangents;
    bool anyTangent = false;
    for (const Tensor& t : tensorInputs) {
        inputTangents.push_back(forward_ad::tangentOf(t));
        anyTangent = anyTangent || inputTangents.back().defined();
    }

    py::object raw;
    {
        GradModeGuard noGrad(false);
        forward_ad::DisabledGuard plainInputs;
        raw = cls.attr("forward")(ctx, *args);
    }
    const bool single = !PyTuple_Check(raw.ptr());
    py::tuple outputs = single ? py::make_tuple(raw) : py::reinterpret_borrow<py::tuple>(raw);
    py::tuple wrapped(outputs.size());

    const auto dirty = markedTensors(ctx, "dirty_tensors");
    const auto nonDifferentiable = markedTensors(ctx, "non_differentiable");
    auto isInput = [&](const Tensor& t) {
        return std::any_of(tensorInputs.begin(), tensorInputs.end(), [&](const Tensor& in) { return in.sameAs(t); });
    };

    std::vector<const TensorImpl*> outputImpls;  // what a saved tensor must be to count as an output
    std::vector<Tensor> rebased;
    for (size_t i = 0; i < outputs.size(); ++i) {
        auto maybe = asTensor(outputs[i]);
        if (!maybe) {
            wrapped[i] = outputs[i];
            continue;
        }
        Tensor out = *maybe;
        const bool input = isInput(out);
        const bool modified = contains(dirty, out);
        if (!node) {
            if (input && !modified)
                out = viewOfSelf(out);
        } else if (contains(nonDifferentiable, out) || !isFloatingType(out.dtype())) {
            node->addInputMetadata(out);
            if (out.requiresGrad())
                out = ops::detach(out);
            else if (input && !modified)
                out = viewOfSelf(out);
        } else if (modified) {
            // A Function's own wording of the leaf check (ops say "is being used").
            if (out.isLeaf() && out.requiresGrad())
                raise(PyExc_RuntimeError, "a leaf Variable that requires grad has been used in an in-place operation.");
            out.bumpVersion("mark_dirty");
            ops::rebaseHistory(out, node, /*saveResult=*/false, /*announce=*/false);
            rebased.push_back(out);
        } else {
            if (input)
                out = viewOfSelf(out);
            AutogradMeta& meta = out.impl()->ensureAutograd();
            meta.outputNr = node->addInputMetadata(out);
            meta.gradFn = node;
            meta.requiresGrad = true;
        }
        outputImpls.push_back(out.impl());
        wrapped[i] = out.sameAs(*maybe) ? py::reinterpret_borrow<py::object>(outputs[i]) : wrapTensor(out);
    }

    if (node) {
        py::object toSave = py::getattr(ctx, "to_save", py::none());
        if (!toSave.is_none()) {
            size_t index = 0;
            for (py::handle item : toSave) {
                const std::string slot = "saved_tensors[" + std::to_string(index) + "]";
                if (item.is_none()) {
                    node->save(slot, Tensor());
                } else {
                    auto t = asTensor(item);
                    if (!t)
                        raise(PyExc_TypeError, "save_for_backward can only save variables, but argument " +
                                                   std::to_string(index) + " is of type " + typeName(item));
                    const bool isOutput = std::find(outputImpls.begin(), outputImpls.end(), t->impl()) !=
                                          outputImpls.end();
                    node->save(slot, *t, isOutput);
                }
                ++index;
            }
        }
        announceNode(*node);
    }
    if (anyTangent) {
        applyJvp(ctx, args, inputTangents, wrapped, nonDifferentiable);
        // An output saved with save_for_backward keeps the tangent jvp just gave it, as 1.13
        // saves the tensors after _process_forward_mode_AD (Note [Saved outputs keep their tangent]).
        if (node)
            for (const SavedVariable* saved : node->savedVariables())
                for (py::handle out : wrapped)
                    if (auto t = asTensor(out))
                        forward_ad::keepSavedTangent(*saved, *t);
    }
    ctx.attr("to_save") = py::none();
    ctx.attr("dirty_tensors") = py::none();
    ctx.attr("non_differentiable") = py::none();
    ctx.attr("saved_for_forward") = py::none();
    for (py::handle out : wrapped)
        if (auto t = asTensor(out))
            ops::announceTensor(*t);
    return single ? py::reinterpret_borrow<py::object>(wrapped[0]) : py::object(wrapped);
}

/// PyTorch's DelayedError: aliases of `tensors` whose grad_fn, "Error", raises `message`
/// when backward reaches it (once_differentiable's guard against a second derivative).
py::object delayedError(std::string message, py::args tensors)
{
    TensorList inputs;
    for (py::handle item : tensors)
        inputs.push_back(item.is_none() ? Tensor() : requireTensor(item, "DelayedError", "inputs", 1));
    auto node = std::make_shared<BackwardNode>("Error", [message](BackwardNode&, const variable_list&) -> variable_list {
        throw Error(PyExc::RuntimeError, message);
    });
    node->setNextEdges(collectNextEdges(inputs));
    py::tuple outputs(inputs.size());
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (!inputs[i].defined()) {
            outputs[i] = py::none();
            continue;
        }
        Tensor out = ops::detach(inputs[i]);
        AutogradMeta& meta = out.impl()->ensureAutograd();
        meta.outputNr = node->addInputMetadata(out);
        meta.gradFn = node;
        meta.requiresGrad = true;
        outputs[i] = wrapTensor(out);
    }
    announceNode(*node);
    for (const Tensor& t : inputs)
        if (t.defined())
            ops::announceTensor(t);
    return outputs.size() == 1 ? py::reinterpret_borrow<py::object>(outputs[0]) : py::object(outputs);
}

}  // namespace

py::object functionContext(const std::shared_ptr<Node>& node)
{
    if (auto* fn = dynamic_cast<PyFunctionNode*>(node.get()))
        return py::reinterpret_borrow<py::object>(fn->ctx());
    return {};
}

void bindFunction(py::module_& m)
{
    py::class_<NodeRef>(m, "_FunctionNodeRef")
        .def("name", [](py::handle ref) { return nodeName(nodeOf(ref)); })
        .def_property_readonly("next_functions", [](py::handle ref) { return nextFunctions(nodeOf(ref)); })
        .def("register_hook", [](py::handle ref, py::object hook) { return registerNodeHook(nodeOf(ref), hook); })
        .def("register_prehook",
             [](py::handle ref, py::object hook) { return registerNodePrehook(nodeOf(ref), hook); })
        .def_property_readonly("saved_tensors", [](py::handle ref) {
            auto node = nodeOf(ref);
            const auto saved = node->savedVariables();
            py::tuple out(saved.size());
            for (size_t i = 0; i < saved.size(); ++i)
                out[i] = wrapTensor(saved[i]->unpack(node));
            return out;
        })
        .def("raw_saved", [](py::handle ref, size_t i) {
            auto node = nodeOf(ref);
            return wrapRawSaved(node, "saved_tensors[" + std::to_string(i) + "]");
        })
        .def_property_readonly("num_saved", [](py::handle ref) { return nodeOf(ref)->savedVariables().size(); })
        .def("_register_hook_dict", [](py::handle ref, py::handle tensor) { registerHookDict(nodeOf(ref), tensor); })
        .def("maybe_clear_saved_tensors", [](py::handle ref) {
            // 1.13 frees the saved tensors only inside a backward that does not keep the graph.
            if (!currentGraphTaskKeepsGraph())
                nodeOf(ref)->releaseVariables();
        });
    m.def("_function_apply", &functionApply);
    m.def("_delayed_error", &delayedError);
}

}  // namespace agv::python
