#include "core/tensor/tensor.h"

#include <atomic>

#include "core/autograd/forward_ad.h"
#include "core/autograd/grad_mode.h"
#include "core/autograd/node.h"
#include "core/ops/view_inplace.h"
#include "core/tensor/grad_owner.h"
#include "core/tensor/number_format.h"
#include "core/tensor/tensor_print.h"
#include "core/trace/sink.h"
#include "core/warning.h"

namespace agv {

namespace {
std::atomic<uint64_t> g_nextId{1};
}

uint64_t nextObjectId() { return g_nextId.fetch_add(1, std::memory_order_relaxed); }
void resetObjectIds() { g_nextId.store(1); }

IntList contiguousStrides(const IntList& sizes)
{
    IntList strides(sizes.size());
    // Wrapping arithmetic: the strides of an empty tensor with huge other dimensions
    // (`torch.empty(0, 2**62, 4)`) may overflow, and are never used to address memory.
    uint64_t stride = 1;
    for (size_t i = sizes.size(); i-- > 0;) {
        strides[i] = static_cast<int64_t>(stride);
        stride *= static_cast<uint64_t>(std::max<int64_t>(sizes[i], 1));
    }
    return strides;
}

std::optional<int64_t> checkedNumel(const IntList& sizes)
{
    // Left to right, as c10::safe_multiplies_u64: (0, 2**62, 4) is an empty tensor,
    // (2**62, 4, 0) overflowed before reaching the zero.
    int64_t n = 1;
    bool overflow = false;
    for (int64_t s : sizes)
        overflow |= __builtin_mul_overflow(n, s, &n);
    if (overflow)
        return std::nullopt;
    return n;
}

int64_t computeNumel(const IntList& sizes)
{
    std::optional<int64_t> numel = checkedNumel(sizes);
    AGV_CHECK(numel.has_value(), RuntimeError, "numel: integer multiplication overflow");
    return *numel;
}

std::string sizesToString(const IntList& sizes)
{
    std::string s = "[";
    for (size_t i = 0; i < sizes.size(); ++i)
        s += (i ? ", " : "") + std::to_string(sizes[i]);
    return s + "]";
}

std::string describeForError(const Tensor& t)
{
    std::string type = t.device().isCuda() ? "torch.cuda." : "torch.";
    return "[" + type + legacyTensorTypeName(t.dtype()) + " " + sizesToString(t.sizes()) + "]";
}

// ---------------------------------------------------------------- TensorImpl

TensorImpl::TensorImpl(std::shared_ptr<Storage> storage, ScalarType dtype, IntList sizes, IntList strides,
                       int64_t offset, std::shared_ptr<VersionCounter> version)
    : m_storage(std::move(storage)),
      m_dtype(dtype),
      m_sizes(std::move(sizes)),
      m_strides(std::move(strides)),
      m_offset(offset),
      m_version(std::move(version)),
      m_id(nextObjectId())
{
    if (!m_version) {
        m_version = std::make_shared<VersionCounter>();
        m_version->id = nextObjectId();
    }
    m_inference = InferenceMode::isEnabled();
    refreshDerived();
}

TensorImpl::~TensorImpl()
{
    // The grad_fn chain of a long history is freed iteratively (see releaseGraphIteratively).
    if (m_autograd && m_autograd->gradFn && m_autograd->gradFn.use_count() == 1) {
        std::vector<Edge> edges{Edge{std::move(m_autograd->gradFn), 0}};
        releaseGraphIteratively(edges);
    }
}

AutogradMeta& TensorImpl::ensureAutograd()
{
    if (!m_autograd)
        m_autograd = std::make_unique<AutogradMeta>();
    return *m_autograd;
}

void TensorImpl::setGeometry(IntList sizes, IntList strides, int64_t offset)
{
    m_sizes = std::move(sizes);
    m_strides = std::move(strides);
    m_offset = offset;
    refreshDerived();
}

void TensorImpl::refreshDerived()
{
    m_numel = computeNumel(m_sizes);
    m_contiguous = true;
    // As in c10: an empty tensor is contiguous whatever its strides, and its sizes'
    // partial products below could overflow (`torch.zeros(0, 2**62, 4)`).
    if (m_numel == 0)
        return;
    int64_t expected = 1;
    for (size_t i = m_sizes.size(); i-- > 0;) {
        if (m_sizes[i] == 1)
            continue;
        if (m_strides[i] != expected) {
            m_contiguous = false;
            break;
        }
        expected *= m_sizes[i];
    }
}

// ---------------------------------------------------------------- Tensor

int64_t Tensor::size(int64_t dim) const
{
    const int64_t n = this->dim();
    // TensorImpl::size wraps without treating a 0-d tensor as 1-d.
    AGV_CHECK(n > 0, IndexError, "Dimension specified as ", dim, " but tensor has no dimensions");
    AGV_CHECK(dim >= -n && dim < n, IndexError, "Dimension out of range (expected to be in range of [", -n, ", ",
              n - 1, "], but got ", dim, ")");
    return sizes()[dim < 0 ? dim + n : dim];
}

void Tensor::bumpVersion(const char* opName) const
{
    // Inside inference mode an inference tensor skips ADInplaceOrView: nothing is bumped.
    if (m_impl->isInference() && InferenceMode::isEnabled())
        return;
    // VariableVersion::bump: an inference tensor has no version to bump outside inference
    // mode, and PyTorch says so after the in-place kernel has already written.
    AGV_CHECK(m_impl->tracksVersion(), RuntimeError,
              "Inplace update to inference tensor outside InferenceMode is not allowed.You can make a clone to "
              "get a normal tensor before doing inplace update.See "
              "https://github.com/pytorch/rfcs/pull/17 for more details.");
    VersionCounter& vc = *m_impl->versionCounter();
    const uint32_t old = vc.version++;
    if (!trace::enabled())
        return;
    trace::publish(trace::VersionBumped{id(), vc.id, old, vc.version, opName, preview()});
    // An in-place op on some leaf's .grad (`p.grad.zero_()`) changes that leaf's .grad.
    if (std::shared_ptr<TensorImpl> leaf = gradOwnerOf(vc.id))
        trace::publish(trace::GradAccumulated{leaf->id(), Tensor(leaf->autograd()->grad).preview(), false,
                                              Tensor(leaf->autograd()->grad).storageAllocationId()});
}

bool Tensor::requiresGrad() const
{
    // A view requires grad when its base does, even one made under no_grad, which has no
    // grad_fn (DifferentiableViewMeta::requires_grad).
    const AutogradMeta* meta = m_impl->autograd();
    return meta && (meta->requiresGrad || meta->gradFn ||
                    (meta->isView && meta->base && Tensor(meta->base).requiresGrad()));
}

bool Tensor::isLeaf() const
{
    // The grad_fn as it stands, without regenerating a view's (VariableHooks::is_leaf): asking
    // whether a view is a leaf never raises, even when its grad_fn would.
    const AutogradMeta* meta = m_impl->autograd();
    return !meta || !meta->gradFn;
}

std::shared_ptr<Node> Tensor::gradFn() const
{
    AutogradMeta* meta = m_impl->autograd();
    if (!meta)
        return nullptr;
    if (meta->isView && meta->base && meta->attrVersion != version()) {
        // See Note [View + inplace]: the base was modified in place through another view
        // (or directly, even under no_grad); this view's history is regenerated from the
        // base's new history, its grad_fn or its grad accumulator (VariableHooks::grad_fn).
        Tensor base(meta->base);
        if (!meta->gradFn && !base.requiresGrad())
            return meta->gradFn;
        // A view made under no_grad, or one of several views one node made, cannot follow.
        ops::handleViewOnRebase(*this, /*indirect=*/true);
        auto node = std::make_shared<BackwardNode>("AsStridedBackward0", nullptr);
        configureAsStridedBackward(*node, base, *this);
        meta->outputNr = node->addInputMetadata(*this);
        ops::moveRetainGradHook(*this, meta->gradFn.get(), *node);
        meta->gradFn = node;
        meta->attrVersion = version();
    }
    return meta->gradFn;
}

uint32_t Tensor::outputNr() const
{
    const AutogradMeta* meta = m_impl->autograd();
    return meta ? meta->outputNr : 0;
}

Tensor Tensor::grad() const
{
    const AutogradMeta* meta = m_impl->autograd();
    // TensorBody.h's grad(): only when there is no gradient to return (one set by hand is returned silently).
    if (!isLeaf() && !(meta && meta->retainsGrad) && !(meta && meta->grad))
        warn("UserWarning",
             "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad attribute "
             "won't be populated during autograd.backward(). If you indeed want the .grad field to be populated "
             "for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you access the non-leaf Tensor "
             "by mistake, make sure you access the leaf Tensor instead. See github.com/pytorch/pytorch/pull/30531 "
             "for more informations. (Triggered internally at  ./build/aten/src/ATen/core/TensorBody.h:480.)");
    return meta && meta->grad ? Tensor(meta->grad) : Tensor();
}

void Tensor::setGrad(const Tensor& grad) const
{
    if (grad.defined()) {
        AGV_CHECK(grad.dtype() == dtype(), RuntimeError,
                  "assigned grad has data of a different type");
        AGV_CHECK(grad.sizes() == sizes(), RuntimeError, "assigned grad has data of a different size");
    }
    AutogradMeta& meta = m_impl->ensureAutograd();
    meta.grad = grad.implPtr();
    if (trace::enabled()) {
        trace::publish(trace::GradAccumulated{id(), grad.defined() ? grad.preview() : std::string(), !grad.defined(),
                                              grad.storageAllocationId()});
        noteGradOwner(m_impl);
    }
}

bool Tensor::retainsGrad() const
{
    const AutogradMeta* meta = m_impl->autograd();
    return meta && meta->retainsGrad;
}

bool Tensor::isView() const
{
    const AutogradMeta* meta = m_impl->autograd();
    return meta && meta->isView;
}

Tensor Tensor::base() const
{
    const AutogradMeta* meta = m_impl->autograd();
    return meta && meta->isView ? Tensor(meta->base) : Tensor();
}

namespace {
int64_t storageOffsetOf(const Tensor& t, int64_t linear)
{
    int64_t off = 0;
    const IntList& sizes = t.sizes();
    const IntList& strides = t.strides();
    for (size_t d = sizes.size(); d-- > 0;) {
        const int64_t idx = linear % sizes[d];
        linear /= sizes[d];
        off += idx * strides[d];
    }
    return off;
}
}  // namespace

double Tensor::valueAt(int64_t linearIndex) const
{
    const int64_t off = storageOffsetOf(*this, linearIndex);
    return AGV_DISPATCH_ALL_AND_HALF(dtype(), "valueAt", [&] { return double(data<scalar_t>()[off]); });
}

int64_t Tensor::intValueAt(int64_t linearIndex) const
{
    const int64_t off = storageOffsetOf(*this, linearIndex);
    return AGV_DISPATCH_ALL_AND_HALF(dtype(), "intValueAt", [&] { return int64_t(data<scalar_t>()[off]); });
}

double Tensor::item() const
{
    AGV_CHECK(numel() == 1, RuntimeError, "a Tensor with ", numel(),
              " elements cannot be converted to Scalar");
    return valueAt(0);
}

int64_t Tensor::itemInt() const
{
    AGV_CHECK(numel() == 1, RuntimeError, "a Tensor with ", numel(),
              " elements cannot be converted to Scalar");
    return intValueAt(0);
}

namespace {
TensorPrintAccessor printAccessor(const Tensor& t, bool withAutograd)
{
    TensorPrintAccessor d;
    d.sizes = t.sizes();
    d.dtype = t.dtype();
    d.device = t.device().str();
    d.value = [t](int64_t i) { return t.valueAt(i); };
    d.intValue = [t](int64_t i) { return t.intValueAt(i); };
    if (withAutograd) {
        if (auto fn = t.gradFn())
            d.gradFnName = fn->name();
        else
            d.requiresGrad = t.requiresGrad();
        // _str_intern formats the tangent with "tangent={}".format(tangent): a 0-d tangent
        // goes through Tensor.__format__, which formats tangent.item().
        if (Tensor tangent = forward_ad::tangentOf(t); tangent.defined())
            d.tangentRepr = tangent.dim() == 0 && isFloatingType(tangent.dtype()) ? pyFloatRepr(tangent.valueAt(0))
                                                                                   : tangent.repr();
    }
    return d;
}
}  // namespace

PrintOptions& printOptions()
{
    static PrintOptions options;
    return options;
}

std::string Tensor::repr() const { return tensorRepr(printAccessor(*this, true), printOptions()); }

std::string tensorReprWithPrefix(const Tensor& t, const std::string& prefix)
{
    return tensorRepr(printAccessor(t, true), printOptions(), prefix);
}

std::string Tensor::preview() const { return tensorPreview(printAccessor(*this, false)); }

}  // namespace agv
