#pragma once
// A tensor an op keeps for its backward. It remembers the version it was saved at
// and refuses to unpack a tensor that was modified in place since.
//
// Note [Saved output cycles]
// An op that saves its own output (exp saves `result`) must not keep a strong
// reference from its node to the output's autograd meta, whose grad_fn is that very
// node: the graph would never die. So an output is saved as a fresh TensorImpl that
// shares storage and version counter but has no autograd meta, plus a weak_ptr to
// the grad_fn; unpack() rebuilds the link while the node runs (it is alive then).

#include <memory>
#include <string>

#include "core/autograd/saved_tensor_hooks.h"
#include "core/tensor/tensor.h"

namespace agv {

class SavedVariable {
public:
    SavedVariable() = default;
    /// Saves `tensor`; under saved_tensors_hooks the innermost pack hook runs now.
    SavedVariable(const Tensor& tensor, bool isOutput, std::string slot);
    SavedVariable(SavedVariable&&) noexcept = default;
    SavedVariable& operator=(SavedVariable&&) noexcept = default;

    /// The saved tensor, checked against in-place modification and release.
    /// `savedFor` is the node unpacking it (used to restore an output's grad_fn).
    Tensor unpack(const std::shared_ptr<Node>& savedFor = nullptr) const;

    void release();
    /// grad_fn._raw_saved_x.register_hooks(pack, unpack): packs the held tensor now.
    void registerHooks(std::unique_ptr<SavedVariableHooks> hooks);
    /// The hooks holding this tensor (nullptr: held as is). See Note [Saved tensor hooks].
    const SavedVariableHooks* hooks() const { return m_hooks.get(); }
    /// Device of the saved tensor ("cpu", "cuda:0"), for the trace.
    std::string device() const { return m_device.str(); }
    /// Publishes the Packed event of a hooked tensor (after its TensorSaved).
    void publishPacked() const;
    bool defined() const { return m_defined; }
    bool released() const { return m_released; }
    uint64_t id() const { return m_id; }
    uint32_t savedVersion() const { return m_savedVersion; }
    const std::string& slot() const { return m_slot; }
    bool isOutput() const { return m_isOutput; }
    /// Id of the tensor that was saved (the op's output for `result`), for the trace.
    uint64_t tensorId() const { return m_tensorId; }
    uint64_t versionCounterId() const { return m_version ? m_version->id : 0; }
    uint64_t bytes() const { return m_bytes; }

private:
    void saveMetadata(const Tensor& tensor);
    void packWith(std::unique_ptr<SavedVariableHooks> hooks, const Tensor& tensor);
    Tensor withAutogradMeta(const Tensor& data, std::shared_ptr<Node> gradFn) const;
    [[noreturn]] void throwVersionMismatch(const std::shared_ptr<Node>& savedFor) const;

    Tensor m_data;
    std::unique_ptr<SavedVariableHooks> m_hooks;
    std::shared_ptr<Node> m_gradFn;  ///< hooked non-output: the input's grad_fn (m_data is gone)
    std::weak_ptr<Node> m_weakGradFn;
    std::weak_ptr<Node> m_leafAccumulator;  ///< hooked leaf that requires grad: its AccumulateGrad
    std::shared_ptr<VersionCounter> m_version;
    std::string m_slot;
    Device m_device;
    uint64_t m_id = 0;
    uint64_t m_tensorId = 0;
    uint64_t m_bytes = 0;
    uint32_t m_savedVersion = 0;
    uint32_t m_outputNr = 0;
    bool m_defined = false;
    bool m_released = false;
    bool m_isOutput = false;
    bool m_isLeaf = false;
    bool m_requiresGrad = false;
};

}  // namespace agv
