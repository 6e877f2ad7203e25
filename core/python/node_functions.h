#pragma once
// What grad_fn objects can do, shared by the engine's nodes (node_binding.cpp) and the
// ctx objects of custom autograd Functions (function_binding.cpp), which reach their
// node through a weak reference.

#include <memory>

#include "core/autograd/node.h"
#include "core/python/py_values.h"

namespace agv::python {

/// ctx._cdata of a custom Function call: its node, weakly (the node owns the ctx).
struct NodeRef {
    std::weak_ptr<Node> node;
};

/// grad_fn.name(): the engine's own nodes carry their C++ namespace, as in PyTorch.
std::string nodeName(const std::shared_ptr<Node>& node);
/// grad_fn.next_functions: ((grad_fn or None, input_nr), ...).
py::tuple nextFunctions(const std::shared_ptr<Node>& node);
/// grad_fn.register_hook(fn(grad_inputs, grad_outputs)) / register_prehook(fn(grad_outputs)).
py::object registerNodeHook(const std::shared_ptr<Node>& node, py::object hook);
py::object registerNodePrehook(const std::shared_ptr<Node>& node, py::object hook);
/// grad_fn._register_hook_dict(tensor): the tensor's `_backward_hooks` dict as a pre-hook.
void registerHookDict(const std::shared_ptr<Node>& node, py::handle tensor);

/// The ctx of a custom Function's node (what y.grad_fn returns); a null object otherwise.
py::object functionContext(const std::shared_ptr<Node>& node);

}  // namespace agv::python
