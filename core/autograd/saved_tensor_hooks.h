#pragma once
// Saved-tensor hooks (torch.autograd.graph.saved_tensors_hooks, save_on_cpu,
// grad_fn._raw_saved_*.register_hooks): a (pack, unpack) pair decides how a saved
// tensor is held between forward and backward. The engine only knows this interface;
// the Python binding implements it over the script's two callables.
//
// Note [Saved tensor hooks]
// pack runs once, when an op saves the tensor (grad mode off); its result is what the
// graph keeps instead of the tensor. unpack runs at every access (backward, or
// `grad_fn._saved_self`) and must give back a tensor. A hooked tensor is not version
// checked: the graph no longer holds the original, so an in-place change after the
// save goes unnoticed (PyTorch raises nothing; the picture flags it).

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/tensor/tensor.h"

namespace agv {

/// The pair of hooks bound to one saved variable (PyTorch's SavedVariableHooks).
class SavedVariableHooks {
public:
    virtual ~SavedVariableHooks() = default;
    /// Called once when the tensor is saved; keeps whatever pack returned.
    virtual void callPackHook(const Tensor& tensor) = 0;
    /// Called at every unpack; gives the tensor backward will use.
    virtual Tensor callUnpackHook() = 0;

    /// For the trace: the pack and unpack functions' names ("pack_to_cpu").
    virtual std::string hookName() const = 0;
    virtual std::string unpackHookName() const = 0;
    /// For the trace: the device of the tensor pack returned ("" when it kept no tensor,
    /// e.g. a file name) and that tensor's bytes.
    virtual std::string packedDevice() const = 0;
    virtual uint64_t packedBytes() const = 0;
};

/// The stack of default hooks of torch.autograd.graph.saved_tensors_hooks: only the
/// innermost pair applies to a tensor saved while it is on the stack.
class SavedTensorDefaultHooks {
public:
    using Factory = std::function<std::unique_ptr<SavedVariableHooks>()>;

    /// Raises the disabling message when hooks are disabled. `label` is how the trace
    /// names the pair: "save_on_cpu", "saved_tensors_hooks", or "" for the pairs a
    /// checkpoint pushes for itself (Note [A checkpoint that shadows save_on_cpu]).
    static void push(Factory factory, std::string label = {});
    static void pop();
    /// Hooks for a tensor being saved now, or nullptr when the stack is empty.
    static std::unique_ptr<SavedVariableHooks> make();
    /// The label of the innermost pair ("" when the stack is empty).
    static std::string innermostLabel();

    /// torch.autograd.graph.disable_saved_tensors_hooks(message).
    static void disable(std::string message);
    static void enable();
    static std::optional<std::string> disabledMessage();
};

}  // namespace agv
