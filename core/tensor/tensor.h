#pragma once
// Tensor: a strided view of a Storage with a dtype, a device, a version counter
// shared with every view of the same data, and (optionally) autograd metadata.
// `Tensor` is a cheap handle (shared_ptr to TensorImpl), like at::Tensor.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/device/device.h"
#include "core/error.h"
#include "core/tensor/dtype.h"
#include "core/tensor/storage.h"

namespace agv {

class Node;
class Tensor;
class TensorImpl;

using IntList = std::vector<int64_t>;
using TensorList = std::vector<Tensor>;

/// Shared by a tensor and all its views: bumped by every in-place op.
struct VersionCounter {
    uint32_t version = 0;
    uint64_t id = 0;
};

/// Identifies the place a gradient flows to: input `inputNr` of `function`.
struct Edge {
    std::shared_ptr<Node> function;
    uint32_t inputNr = 0;
    bool valid() const { return function != nullptr; }
};

/// How a view was made (PyTorch's CreationMeta): whether it may follow an in-place change of
/// itself or of its base (see handleViewOnRebase in core/ops/view_inplace.h).
enum class CreationMeta : uint8_t {
    Default,           ///< in grad mode, by an op with one output
    InCustomFunction,  ///< returned by a custom Function
    MultiOutputNode,   ///< one of several views one node made (split, chunk, unbind)
    NoGradMode,        ///< under no_grad
    InferenceMode,     ///< under inference_mode
};

/// A hook registered with Tensor.register_hook: returns a replacement gradient or an undefined tensor.
using TensorHookFn = std::function<Tensor(const Tensor& grad)>;

struct AutogradMeta {
    bool requiresGrad = false;
    bool retainsGrad = false;
    uint32_t outputNr = 0;
    std::shared_ptr<Node> gradFn;
    std::weak_ptr<Node> gradAccumulator;
    std::shared_ptr<TensorImpl> grad;
    std::vector<std::pair<int, TensorHookFn>> hooks;
    int nextHookId = 0;
    // Views (see Note [View + inplace]).
    bool isView = false;
    std::shared_ptr<TensorImpl> base;  ///< the root base when this is a view
    uint32_t attrVersion = 0;          ///< version when gradFn was last valid for this view
    CreationMeta creationMeta = CreationMeta::Default;
    // Forward-mode AD (see core/autograd/forward_ad.h).
    std::shared_ptr<TensorImpl> fwGrad;  ///< the tangent at the dual level, same layout as the tensor
    bool tangentFromBase = true;         ///< a view reads its base's tangent (false for _fw_primal)
};

class TensorImpl {
public:
    TensorImpl(std::shared_ptr<Storage> storage, ScalarType dtype, IntList sizes, IntList strides, int64_t offset,
               std::shared_ptr<VersionCounter> version);
    ~TensorImpl();
    TensorImpl(const TensorImpl&) = delete;
    TensorImpl& operator=(const TensorImpl&) = delete;

    uint64_t id() const { return m_id; }
    const IntList& sizes() const { return m_sizes; }
    const IntList& strides() const { return m_strides; }
    int64_t offset() const { return m_offset; }
    ScalarType dtype() const { return m_dtype; }
    Device device() const { return m_storage->device(); }
    const std::shared_ptr<Storage>& storage() const { return m_storage; }
    const std::shared_ptr<VersionCounter>& versionCounter() const { return m_version; }
    int64_t numel() const { return m_numel; }
    bool isContiguous() const { return m_contiguous; }

    AutogradMeta* autograd() const { return m_autograd.get(); }
    AutogradMeta& ensureAutograd();

    bool isInference() const { return m_inference; }
    void setInference(bool v) { m_inference = v; }
    /// Whether _version can be read and bumped: always, except for an inference tensor
    /// (See Note [Inference tensors with a version counter]).
    bool tracksVersion() const { return !m_inference || m_versionedInference; }
    void setVersionedInference(bool v) { m_versionedInference = v; }
    /// A Python number wrapped as a 0-d tensor: promotes by category only (x * 2.0 stays float32).
    bool isWrappedNumber() const { return m_wrappedNumber; }
    void setWrappedNumber(bool v) { m_wrappedNumber = v; }

    /// Replaces geometry in place (used by in-place shape ops like squeeze_/t_ and detach_).
    void setGeometry(IntList sizes, IntList strides, int64_t offset);
    void setStorage(std::shared_ptr<Storage> storage) { m_storage = std::move(storage); }
    /// `x.data = y` takes y's dtype too (storage and geometry set separately).
    void setDtype(ScalarType dtype) { m_dtype = dtype; }

private:
    void refreshDerived();

    std::shared_ptr<Storage> m_storage;
    ScalarType m_dtype;
    IntList m_sizes;
    IntList m_strides;
    int64_t m_offset;
    int64_t m_numel = 1;
    bool m_contiguous = true;
    bool m_inference = false;
    bool m_versionedInference = false;
    bool m_wrappedNumber = false;
    std::shared_ptr<VersionCounter> m_version;
    std::unique_ptr<AutogradMeta> m_autograd;
    uint64_t m_id;
};

class Tensor {
public:
    Tensor() = default;
    explicit Tensor(std::shared_ptr<TensorImpl> impl) : m_impl(std::move(impl)) {}

    bool defined() const { return m_impl != nullptr; }
    TensorImpl* impl() const { return m_impl.get(); }
    const std::shared_ptr<TensorImpl>& implPtr() const { return m_impl; }
    uint64_t id() const { return m_impl->id(); }
    bool sameAs(const Tensor& other) const { return m_impl == other.m_impl; }

    // --- geometry ---
    const IntList& sizes() const { return m_impl->sizes(); }
    const IntList& strides() const { return m_impl->strides(); }
    int64_t size(int64_t dim) const;
    int64_t offset() const { return m_impl->offset(); }
    int64_t dim() const { return static_cast<int64_t>(m_impl->sizes().size()); }
    int64_t numel() const { return m_impl->numel(); }
    bool isContiguous() const { return m_impl->isContiguous(); }
    ScalarType dtype() const { return m_impl->dtype(); }
    Device device() const { return m_impl->device(); }
    size_t nbytes() const { return size_t(numel()) * elementSize(dtype()); }
    /// The allocation its storage came from (MemoryChanged.allocation; 0 when undefined).
    uint64_t storageAllocationId() const
    {
        return m_impl && m_impl->storage() ? m_impl->storage()->allocationId() : 0;
    }

    /// Pointer to element 0 of this view.
    template <typename T>
    T* data() const
    {
        return static_cast<T*>(m_impl->storage()->data()) + m_impl->offset();
    }
    void* rawData() const
    {
        return static_cast<char*>(m_impl->storage()->data()) + m_impl->offset() * int64_t(elementSize(dtype()));
    }

    // --- versions ---
    uint32_t version() const { return m_impl->versionCounter()->version; }
    uint64_t versionCounterId() const { return m_impl->versionCounter()->id; }
    void bumpVersion(const char* opName) const;

    // --- autograd ---
    bool requiresGrad() const;
    bool isLeaf() const;
    /// The grad_fn, regenerating a view's grad_fn after an in-place op on its base.
    std::shared_ptr<Node> gradFn() const;
    uint32_t outputNr() const;
    Tensor grad() const;
    void setGrad(const Tensor& grad) const;
    bool retainsGrad() const;
    bool isView() const;
    Tensor base() const;

    // --- values ---
    /// The single value of a one-element tensor as double (item()).
    double item() const;
    int64_t itemInt() const;
    /// Element at a linear (row-major logical) index, converted to double.
    double valueAt(int64_t linearIndex) const;
    int64_t intValueAt(int64_t linearIndex) const;

    /// What repr(t) prints in PyTorch.
    std::string repr() const;
    /// A compact one-line preview for the trace.
    std::string preview() const;

private:
    std::shared_ptr<TensorImpl> m_impl;
};

struct PrintOptions;
/// torch.set_printoptions state used by repr().
PrintOptions& printOptions();

/// "[torch.FloatTensor [3]]" as used in PyTorch's error messages.
std::string describeForError(const Tensor& t);
/// "[2, 3]" formatting of sizes.
std::string sizesToString(const IntList& sizes);
/// Contiguous strides for a shape.
IntList contiguousStrides(const IntList& sizes);
/// Product of the sizes; raises PyTorch's "numel: integer multiplication overflow".
int64_t computeNumel(const IntList& sizes);
/// Product of the sizes, nullopt when it overflows int64 along the way.
std::optional<int64_t> checkedNumel(const IntList& sizes);

/// Ids for tensors, nodes, saved variables, version counters: reset at the start of a run
/// so that two runs of the same script produce identical recordings.
uint64_t nextObjectId();
void resetObjectIds();

}  // namespace agv
