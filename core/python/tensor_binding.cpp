// torch._C._TensorBase: the engine's tensor as Python sees it. Attributes, the method
// table (ported from the former interpreter's binding, with PyTorch's argument names and
// error texts), Python operators and indexing. torch/_tensor.py derives the public
// `torch.Tensor` from it, as PyTorch does; its Python-level methods live there.

#include <pybind11/stl.h>

#include <map>
#include <set>
#include <unordered_map>

#include "core/autograd/engine.h"
#include "core/device/pcie_link.h"
#include "core/ops/inplace_arith.h"
#include "core/ops/ops.h"
#include "core/ops/pin_memory.h"
#include "core/ops/resize.h"
#include "core/ops/view_inplace.h"
#include "core/ops/zero_tensor.h"
#include "core/python/bindings.h"
#include "core/python/memory_format_arg.h"
#include "core/python/numpy_bridge.h"
#include "core/python/py_values.h"
#include "core/python/pytorch_signatures.h"
#include "core/python/signature_parser.h"
#include "core/python/tensor_support.h"
#include "core/tensor/tensor_print.h"
#include "core/trace/sink.h"
#include "core/warning.h"

namespace agv::python {

namespace {

/// Reading a cuda tensor's values into Python copies them to host memory first:
/// _local_scalar_dense_cuda copies one element (item(), bool(), float(), int(), index()),
/// tolist() the whole tensor (toBackend(CPU)). Recorded on the PCIe link (Note [Modelled PCIe
/// time]); pageable memory on the host's side.
void noteReadToHost(const Tensor& t, int64_t elements)
{
    if (t.device().isCuda() && elements > 0)
        noteDeviceCopy(t.device(), Device::cpu(), uint64_t(elements) * elementSize(t.dtype()), t.storageAllocationId(),
                       0, false);
}

/// x.size(d) and x.stride(d): a 0-d tensor has no dimension to name (1.13's
/// THPVariable_size text, capitalised unlike ATen's), otherwise the usual wrap.
int64_t dimOfSizeOrStride(const Tensor& self, int64_t dim)
{
    AGV_CHECK(self.dim() > 0, IndexError, "Dimension specified as ", dim, " but tensor has no dimensions");
    return ops::wrapDim(dim, self.dim());
}


/// "torch.FloatTensor", "torch.cuda.FloatTensor": Tensor.type()'s name.
std::string legacyTypeName(const Tensor& t)
{
    return std::string(t.device().type == DeviceType::CUDA ? "torch.cuda." : "torch.") + legacyTensorTypeName(t.dtype());
}

/// check_variable_result of 1.13's python_hook.cpp: a tensor hook may replace the
/// gradient only with one of the same dtype, device and size.
void checkHookResult(py::handle hook, const Tensor& original, const Tensor& result)
{
    std::string name = "<unknown>";
    if (py::hasattr(hook, "__name__"))
        if (py::object n = hook.attr("__name__"); PyUnicode_Check(n.ptr()))
            name = n.cast<std::string>();
    if (original.dtype() != result.dtype() || original.device().type != result.device().type)
        raise(PyExc_RuntimeError, "hook '" + name + "' has changed the type of value (was " + legacyTypeName(original) +
                                      " got " + legacyTypeName(result) + ")");
    if (original.sizes() != result.sizes())
        raise(PyExc_RuntimeError, "hook '" + name + "' has changed the size of value");
}

/// A binary op taking a tensor or a Python number as `other`.
template <typename TensorFn, typename ScalarFn>
py::object binary(const Tensor& self, py::handle other, const char* fn, TensorFn tf, ScalarFn sf)
{
    if (!other)
        raise(PyExc_TypeError, std::string(fn) + "() received an invalid combination of arguments - got (), but "
                                                 "expected one of:\n * (Tensor other)\n * (Number other)\n");
    if (auto o = asTensor(other))
        return wrapTensor(tf(self, *o));
    if (isNumber(other))
        return wrapTensor(sf(self, toScalar(other)));
    raise(PyExc_TypeError, std::string(fn) + "(): argument 'other' (position 1) must be Tensor, not " +
                                             typeName(other));
}

py::object tolist(const Tensor& t, int64_t dim, int64_t& linear)
{
    if (dim == t.dim()) {
        const int64_t i = linear++;
        if (isFloatingType(t.dtype()))
            return py::float_(t.valueAt(i));
        if (t.dtype() == ScalarType::Bool)
            return py::bool_(t.intValueAt(i) != 0);
        return py::int_(t.intValueAt(i));
    }
    py::list items;
    for (int64_t i = 0; i < t.sizes()[dim]; ++i)
        items.append(tolist(t, dim + 1, linear));
    return std::move(items);
}


py::object minMax(const Tensor& self, CallArgs& args, bool isMax)
{
    const char* fn = isMax ? "max" : "min";
    auto a = bind(args, fn, {"dim", "keepdim"}, 0);
    if (!given(a[0]))
        return wrapTensor(isMax ? ops::max(self) : ops::min(self));
    if (asTensor(a[0]))  // torch.max(a, b) is the elementwise maximum
        raise(PyExc_NotImplementedError, std::string(fn) + "(other) is not supported yet");
    const int64_t dim = requireInt(a[0], fn, "dim");
    const bool keepdim = given(a[1]) && requireBool(a[1], fn, "keepdim");
    auto [values, indices] = isMax ? ops::max(self, dim, keepdim) : ops::min(self, dim, keepdim);
    return makeReturnType(fn, wrapTensor(values), wrapTensor(indices));
}

/// split(split_size, dim) with an int, or a list of sizes (split_with_sizes), as
/// Tensor.split in torch/_tensor.py dispatches.
/// add's and sub's (other, *, alpha), or 1.13's deprecated (alpha, other), which its
/// argument parser matches with a warning.
std::pair<py::object, Scalar> otherAndAlpha(const CallArgs& args, const char* fn)
{
    if (args.positional.size() == 2 && isNumber(args.positional[0]) && isTensor(args.positional[1]))
        return {py::reinterpret_borrow<py::object>(args.positional[1]), toScalar(args.positional[0])};
    auto a = bind(args, fn, {"other", "alpha"}, 1);
    return {a[0], given(a[1]) ? toScalar(a[1]) : Scalar(1)};
}

py::object splitMethod(const Tensor& self, CallArgs& args, const char* fn, bool unsafe)
{
    // 1.13's Tensor.split is a Python def: CPython names it by its qualified name.
    auto a = bind(args, unsafe ? fn : "Tensor.split", {"split_size", "dim"}, 1);
    const int64_t dim = given(a[1]) ? requireInt(a[1], fn, "dim") : 0;
    if (!PyLong_Check(a[0].ptr()) && !isTensor(a[0])) {
        const IntList sizes = intList(a[0], fn, "split_size");
        return py::object(wrapTensors(unsafe ? ops::unsafeSplitWithSizes(self, sizes, dim)
                                             : ops::splitWithSizes(self, sizes, dim)));
    }
    const int64_t size = requireInt(a[0], fn, "split_size");
    return py::object(wrapTensors(unsafe ? ops::unsafeSplit(self, size, dim) : ops::split(self, size, dim)));
}

py::object splitWithSizesMethod(const Tensor& self, CallArgs& args, const char* fn, bool unsafe)
{
    auto a = bind(args, fn, {"split_sizes", "dim"}, 1);
    const int64_t dim = given(a[1]) ? requireInt(a[1], fn, "dim") : 0;
    const IntList sizes = intList(a[0], fn, "split_sizes");
    return py::object(wrapTensors(unsafe ? ops::unsafeSplitWithSizes(self, sizes, dim)
                                         : ops::splitWithSizes(self, sizes, dim)));
}

py::object toMethod(const Tensor& self, CallArgs& args)
{
    Tensor out = self;
    std::optional<ScalarType> dtype;
    std::optional<Device> device;
    for (py::handle v : args.positional) {
        if (auto d = asDtype(v))
            dtype = d;
        else if (auto other = asTensor(v)) {
            dtype = other->dtype();
            device = other->device();
        } else
            device = asDevice(v);
    }
    if (py::handle v = args.keyword("dtype"))
        dtype = asDtype(v);
    if (py::handle v = args.keyword("device"))
        device = asDevice(v);
    if (device)
        out = ops::toDevice(out, *device);
    // memory_format alone is a layout change (aliasing as 1.13's to_will_alias says); with a
    // conversion, the one fresh copy is laid out in it.
    const ops::MemoryFormat format = memoryFormatArg(args.keyword("memory_format"), ops::MemoryFormat::Preserve);
    const bool converts = (dtype && *dtype != self.dtype()) || (device && *device != self.device());
    if (format != ops::MemoryFormat::Preserve && !converts)
        return wrapTensor(ops::toMemoryFormat(self, format));
    if (format != ops::MemoryFormat::Preserve)
        ops::stridesInFormat(self, format);  // the rank check comes before any copy
    if (dtype)
        out = ops::toDtype(out, *dtype);
    if (format != ops::MemoryFormat::Preserve && out.impl() != self.impl())
        ops::layOutFreshCopy(out, format);
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
py::object compareMethod(const Tensor& self, CallArgs& args, py::handle)
{
    return binary(self, argAt(args, 0, "other"), compareName(Op),
                  [](auto& x, auto& y) { return ops::compare(x, y, Op); },
                  [](auto& x, Scalar y) { return ops::compare(x, y, Op); });
}

#define METHOD(name) {#name, [](const Tensor& self, CallArgs& args, py::handle selfValue) -> py::object
#define END }

const std::unordered_map<std::string_view, TensorMethod>& methodTable()
{
    static const std::unordered_map<std::string_view, TensorMethod> table = {
        // ---------------------------------------------------------- introspection
        METHOD(size) {
            auto a = bind(args, "size", {"dim"}, 0);
            if (given(a[0]))
                return py::int_(self.size(dimOfSizeOrStride(self, requireInt(a[0], "size", "dim"))));
            return wrapSize(self.sizes());
        } END,
        METHOD(equal) {
            auto a = bind(args, "equal", {"other"}, 1);
            return py::bool_(tensorsEqual(self, requireTensor(a[0], "equal", "other", 1)));
        } END,
        METHOD(dim) { bind(args, "dim", {}, 0); return py::int_(self.dim()); } END,
        METHOD(numel) { bind(args, "numel", {}, 0); return py::int_(self.numel()); } END,
        METHOD(nelement) { bind(args, "nelement", {}, 0); return py::int_(self.numel()); } END,
        METHOD(item) {
            bind(args, "item", {}, 0);
            if (self.numel() != 1)
                raise(PyExc_ValueError, "only one element tensors can be converted to Python scalars");
            noteReadToHost(self, 1);
            if (isFloatingType(self.dtype()))
                return py::float_(self.item());
            if (self.dtype() == ScalarType::Bool)
                return py::bool_(self.itemInt() != 0);
            return py::int_(self.itemInt());
        } END,
        METHOD(tolist) {
            bind(args, "tolist", {}, 0);
            // tolist reads the storage a ZeroTensor has not got (See Note [ZeroTensor]).
            if (ops::isZeroTensor(self))
                raise(PyExc_RuntimeError, "tolist() shouldn't be called on a tensor with unallocated storage");
            noteReadToHost(self, self.numel());
            int64_t linear = 0;
            return tolist(self, 0, linear);
        } END,
        METHOD(data_ptr) {
            bind(args, "data_ptr", {}, 0);
            return py::int_(reinterpret_cast<uintptr_t>(self.rawData()));
        } END,
        METHOD(resize_) {
            static const ArgumentParser parser{"resize_(IntArrayRef size, *, MemoryFormat? memory_format=None)"};
            const ParsedArguments a = parser.parse(args);
            if (self.requiresGrad())
                raise(PyExc_RuntimeError, "cannot resize variables that require grad");
            ops::resizeInPlace(self, a.intList("size"));
            return wrapTensor(self);
        } END,
        METHOD(numpy) {
            static const ArgumentParser parser{"numpy(*, bool force=False)"};
            const ParsedArguments a = parser.parse(args);
            return numpy::fromTensor(self, a.toBool("force", false));
        } END,
        METHOD(is_contiguous) {
            const auto format = memoryFormatArg(args.keyword("memory_format"), ops::MemoryFormat::Contiguous);
            return py::bool_(ops::isContiguousIn(self, format));
        } END,
        METHOD(is_floating_point) { return py::bool_(isFloatingType(self.dtype())); } END,
        // autogradviz has no complex dtypes.
        METHOD(is_complex) { return py::bool_(false); } END,
        METHOD(element_size) { return py::int_(int64_t(elementSize(self.dtype()))); } END,
        METHOD(storage_offset) { return py::int_(self.offset()); } END,
        METHOD(stride) {
            auto a = bind(args, "stride", {"dim"}, 0);
            if (given(a[0])) {
                const int64_t d = dimOfSizeOrStride(self, requireInt(a[0], "stride", "dim"));
                return py::int_(self.strides()[size_t(d)]);
            }
            py::tuple items(self.strides().size());
            for (size_t i = 0; i < self.strides().size(); ++i)
                items[i] = py::int_(self.strides()[i]);
            return std::move(items);
        } END,
        // ---------------------------------------------------------- autograd
        METHOD(backward) {
            auto a = bind(args, "backward", {"gradient", "retain_graph", "create_graph", "inputs"}, 0);
            if (given(a[3])) {
                // Only some leaves get a .grad: torch.autograd.backward does that in Python.
                py::object backward = py::module_::import("torch.autograd").attr("backward");
                auto orNone = [](py::handle h) { return given(h) ? py::reinterpret_borrow<py::object>(h) : py::none(); };
                backward(selfValue, orNone(a[0]), orNone(a[1]), py::bool_(given(a[2]) && truthy(a[2])), py::none(),
                         a[3]);
                return py::none();
            }
            TensorList grads;
            if (given(a[0]))
                grads.push_back(requireTensor(a[0], "backward", "gradient", 1));
            std::optional<bool> retain;
            if (given(a[1]))
                retain = truthy(a[1]);
            const bool create = given(a[2]) && truthy(a[2]);
            agv::backward({self}, grads, retain, create);
            return py::none();
        } END,
        METHOD(retain_grad) { ops::retainGrad(self); return py::none(); } END,
        METHOD(register_hook) {
            auto a = bind(args, "register_hook", {"hook"}, 1);
            py::object hook = a[0];
            auto remove = ops::registerHook(self, [hook](const Tensor& grad) {
                py::object result = hook(wrapTensor(grad));
                if (result.is_none())
                    return Tensor();
                std::optional<Tensor> replaced = asTensor(result);
                if (!replaced)
                    raise(PyExc_TypeError, "expected Variable, but hook returned '" + typeName(result) + "'");
                checkHookResult(hook, grad, *replaced);
                return *replaced;
            });
            return py::cast(RemovableHandle{std::move(remove)});
        } END,
        METHOD(detach) { return wrapTensor(ops::detach(self)); } END,
        METHOD(detach_) { Tensor t = self; ops::detach_(t); return py::reinterpret_borrow<py::object>(selfValue); } END,
        METHOD(requires_grad_) {
            auto a = bind(args, "requires_grad_", {"requires_grad"}, 0);
            Tensor t = self;
            const bool requiresGrad = !given(a[0]) || truthy(a[0]);
            // The method's message differs from the attribute setter's ("... and complex dtype"),
            // and it comes for a non-leaf too (an integer tensor that got a grad_fn in place).
            if (requiresGrad && !isFloatingType(self.dtype()))
                raise(PyExc_RuntimeError, "only Tensors of floating point dtype can require gradients");
            ops::requiresGrad_(t, requiresGrad);
            return py::reinterpret_borrow<py::object>(selfValue);
        } END,
        // ---------------------------------------------------------- copies and views
        METHOD(clone) {
            const auto format = memoryFormatArg(args.keyword("memory_format"), ops::MemoryFormat::Preserve);
            if (format == ops::MemoryFormat::ChannelsLast || format == ops::MemoryFormat::ChannelsLast3d)
                ops::gradientEdgeFirst(self);  // clone's autograd kernel runs before empty_like's rank check
            return wrapTensor(ops::cloneIn(self, format));
        } END,
        METHOD(contiguous) {
            return wrapTensor(
                ops::contiguousIn(self, memoryFormatArg(args.keyword("memory_format"), ops::MemoryFormat::Contiguous)));
        } END,
        METHOD(view) {
            if (args.positional.size() == 1)
                if (auto dtype = asDtype(args.positional[0]))
                    raise(PyExc_NotImplementedError, "view(dtype) is not supported");
            return wrapTensor(ops::view(self, sizesFromArgs(args.positional, "view")));
        } END,
        METHOD(reshape) { return wrapTensor(ops::reshape(self, sizesFromArgs(args.positional, "reshape"))); } END,
        METHOD(view_as) {
            auto a = bind(args, "view_as", {"other"}, 1);
            return wrapTensor(ops::view(self, requireTensor(a[0], "view_as", "other", 1).sizes()));
        } END,
        METHOD(reshape_as) {
            auto a = bind(args, "reshape_as", {"other"}, 1);
            return wrapTensor(ops::reshape(self, requireTensor(a[0], "reshape_as", "other", 1).sizes()));
        } END,
        METHOD(flatten) {
            auto a = bind(args, "flatten", {"start_dim", "end_dim"}, 0);
            return wrapTensor(ops::flatten(self, given(a[0]) ? requireInt(a[0], "flatten", "start_dim") : 0,
                                           given(a[1]) ? requireInt(a[1], "flatten", "end_dim") : -1));
        } END,
        METHOD(transpose) {
            auto a = bind(args, "transpose", {"dim0", "dim1"}, 2);
            return wrapTensor(ops::transpose(self, requireInt(a[0], "transpose", "dim0"),
                                             requireInt(a[1], "transpose", "dim1")));
        } END,
        METHOD(t) { return wrapTensor(ops::t(self)); } END,
        METHOD(permute) { return wrapTensor(ops::permute(self, sizesFromArgs(args.positional, "permute"))); } END,
        METHOD(unsqueeze) {
            auto a = bind(args, "unsqueeze", {"dim"}, 1);
            return wrapTensor(ops::unsqueeze(self, requireInt(a[0], "unsqueeze", "dim")));
        } END,
        METHOD(squeeze) {
            auto a = bind(args, "squeeze", {"dim"}, 0);
            if (given(a[0]))
                return wrapTensor(ops::squeeze(self, requireInt(a[0], "squeeze", "dim")));
            return wrapTensor(ops::squeeze(self));
        } END,
        METHOD(transpose_) {
            auto a = bind(args, "transpose_", {"dim0", "dim1"}, 2);
            Tensor t = self;
            ops::transposeInplace(t, requireInt(a[0], "transpose_", "dim0"), requireInt(a[1], "transpose_", "dim1"));
            return py::reinterpret_borrow<py::object>(selfValue);
        } END,
        METHOD(t_) {
            bind(args, "t_", {}, 0);
            Tensor t = self;
            ops::tInplace(t);
            return py::reinterpret_borrow<py::object>(selfValue);
        } END,
        METHOD(unsqueeze_) {
            auto a = bind(args, "unsqueeze_", {"dim"}, 1);
            Tensor t = self;
            ops::unsqueezeInplace(t, requireInt(a[0], "unsqueeze_", "dim"));
            return py::reinterpret_borrow<py::object>(selfValue);
        } END,
        METHOD(squeeze_) {
            auto a = bind(args, "squeeze_", {"dim"}, 0);
            Tensor t = self;
            if (given(a[0]))
                ops::squeezeInplace(t, requireInt(a[0], "squeeze_", "dim"));
            else
                ops::squeezeInplace(t);
            return py::reinterpret_borrow<py::object>(selfValue);
        } END,
        METHOD(expand) { return wrapTensor(ops::expand(self, sizesFromArgs(args.positional, "expand"))); } END,
        METHOD(expand_as) {
            auto a = bind(args, "expand_as", {"other"}, 1);
            return wrapTensor(ops::expandAs(self, requireTensor(a[0], "expand_as", "other", 1)));
        } END,
        METHOD(narrow) {
            auto a = bind(args, "narrow", {"dim", "start", "length"}, 3);
            return wrapTensor(ops::narrow(self, requireInt(a[0], "narrow", "dim"),
                                          requireInt(a[1], "narrow", "start"),
                                          requireInt(a[2], "narrow", "length")));
        } END,
        METHOD(split) { return splitMethod(self, args, "split", false); } END,
        METHOD(unsafe_split) { return splitMethod(self, args, "unsafe_split", true); } END,
        METHOD(split_with_sizes) { return splitWithSizesMethod(self, args, "split_with_sizes", false); } END,
        METHOD(unsafe_split_with_sizes) {
            return splitWithSizesMethod(self, args, "unsafe_split_with_sizes", true);
        } END,
        METHOD(chunk) {
            auto a = bind(args, "chunk", {"chunks", "dim"}, 1);
            const int64_t dim = given(a[1]) ? requireInt(a[1], "chunk", "dim") : 0;
            return py::object(wrapTensors(ops::chunk(self, requireInt(a[0], "chunk", "chunks"), dim)));
        } END,
        METHOD(unsafe_chunk) {
            auto a = bind(args, "unsafe_chunk", {"chunks", "dim"}, 1);
            const int64_t dim = given(a[1]) ? requireInt(a[1], "unsafe_chunk", "dim") : 0;
            return py::object(wrapTensors(ops::unsafeChunk(self, requireInt(a[0], "unsafe_chunk", "chunks"), dim)));
        } END,
        METHOD(select) {
            auto a = bind(args, "select", {"dim", "index"}, 2);
            return wrapTensor(
                ops::select(self, requireInt(a[0], "select", "dim"), requireInt(a[1], "select", "index")));
        } END,
        METHOD(to) { return toMethod(self, args); } END,
        METHOD(float) { return wrapTensor(ops::toDtype(self, ScalarType::Float32)); } END,
        METHOD(double) { return wrapTensor(ops::toDtype(self, ScalarType::Float64)); } END,
        METHOD(half) { return wrapTensor(ops::toDtype(self, ScalarType::Half)); } END,
        METHOD(bfloat16) { return wrapTensor(ops::toDtype(self, ScalarType::BFloat16)); } END,
        METHOD(long) { return wrapTensor(ops::toDtype(self, ScalarType::Int64)); } END,
        METHOD(int) { return wrapTensor(ops::toDtype(self, ScalarType::Int32)); } END,
        METHOD(short) { return wrapTensor(ops::toDtype(self, ScalarType::Int16)); } END,
        METHOD(char) { return wrapTensor(ops::toDtype(self, ScalarType::Int8)); } END,
        METHOD(byte) { return wrapTensor(ops::toDtype(self, ScalarType::UInt8)); } END,
        METHOD(bool) { return wrapTensor(ops::toDtype(self, ScalarType::Bool)); } END,
        METHOD(cpu) { return wrapTensor(ops::toDevice(self, Device::cpu())); } END,
        METHOD(cuda) { return wrapTensor(ops::toDevice(self, Device::cuda(0))); } END,
        // Note [Pinned host memory]; what CPU-only PyTorch raises: resources/python/torch/_pinned.py.
        METHOD(is_pinned) {
            bind(args, "is_pinned", {"device"}, 0);
            return py::bool_(ops::isPinned(self));
        } END,
        METHOD(pin_memory) {
            auto a = bind(args, "pin_memory", {"device"}, 0);
            const std::optional<Device> device = given(a[0]) ? asDevice(a[0]) : std::nullopt;
            if ((device && device->isCpu()) || !cudaAvailable())
                py::module_::import("torch._pinned").attr("raise_no_pin_memory_kernel")(device && device->isCpu() ? "CPU" : "CUDA");
            if (ops::isPinned(self))
                return py::reinterpret_borrow<py::object>(selfValue);
            return wrapTensor(ops::pinMemory(self));
        } END,
        // ---------------------------------------------------------- arithmetic
        METHOD(add) {
            const auto [other, alpha] = otherAndAlpha(args, "add");
            return binary(self, other, "add", [&](auto& x, auto& y) { return ops::add(x, y, alpha); },
                          [&](auto& x, Scalar y) { return ops::add(x, y, alpha); });
        } END,
        METHOD(sub) {
            const auto [other, alpha] = otherAndAlpha(args, "sub");
            return binary(self, other, "sub", [&](auto& x, auto& y) { return ops::sub(x, y, alpha); },
                          [&](auto& x, Scalar y) { return ops::sub(x, y, alpha); });
        } END,
        METHOD(mul) {
            auto a = bind(args, "mul", {"other"}, 1);
            return binary(self, a[0], "mul", [](auto& x, auto& y) { return ops::mul(x, y); },
                          [](auto& x, Scalar y) { return ops::mul(x, y); });
        } END,
        METHOD(div) {
            auto a = bind(args, "div", {"other", "rounding_mode"}, 1);
            if (a[1]) {  // rounding_mode=None too: the div.Tensor_mode overload (DivBackward2)
                std::optional<std::string> mode;
                if (!a[1].is_none())
                    mode = py::str(a[1]).cast<std::string>();
                return binary(self, a[0], "div", [&](auto& x, auto& y) { return ops::div(x, y, mode); },
                              [&](auto& x, Scalar y) { return ops::div(x, ops::scalarTensor(y, x.device()), mode); });
            }
            return binary(self, a[0], "div", [](auto& x, auto& y) { return ops::div(x, y); },
                          [](auto& x, Scalar y) { return ops::div(x, y); });
        } END,
        METHOD(pow) {
            auto a = bind(args, "pow", {"exponent"}, 1);
            return binary(self, a[0], "pow", [](auto& x, auto& y) { return ops::pow(x, y); },
                          [](auto& x, Scalar y) { return ops::pow(x, y); });
        } END,
        METHOD(matmul) {
            auto a = bind(args, "matmul", {"other"}, 1);
            return wrapTensor(ops::matmul(self, requireTensor(a[0], "matmul", "other", 1)));
        } END,
        METHOD(mm) {
            auto a = bind(args, "mm", {"mat2"}, 1);
            return wrapTensor(ops::mm(self, requireTensor(a[0], "mm", "mat2", 1)));
        } END,
        METHOD(bmm) {
            auto a = bind(args, "bmm", {"mat2"}, 1);
            return wrapTensor(ops::bmm(self, requireTensor(a[0], "bmm", "mat2", 1)));
        } END,
        METHOD(dot) {
            auto a = bind(args, "dot", {"tensor"}, 1);
            return wrapTensor(ops::dot(self, requireTensor(a[0], "dot", "tensor", 1)));
        } END,
        METHOD(mv) {
            auto a = bind(args, "mv", {"vec"}, 1);
            return wrapTensor(ops::mv(self, requireTensor(a[0], "mv", "vec", 1)));
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
            // PyTorch's parser takes the tensor overload (ClampBackward0) when every bound
            // given is a tensor; a number beside a 0-d tensor makes both Scalars.
            const bool anyTensor = (given(a[0]) && isTensor(a[0])) || (given(a[1]) && isTensor(a[1]));
            const bool anyNumber = (given(a[0]) && !isTensor(a[0])) || (given(a[1]) && !isTensor(a[1]));
            if (anyTensor && !anyNumber) {
                auto bound = [](const py::object& v) -> std::optional<Tensor> {
                    return given(v) ? std::optional<Tensor>(*asTensor(v)) : std::nullopt;
                };
                return wrapTensor(ops::clamp(self, bound(a[0]), bound(a[1])));
            }
            std::optional<Scalar> lo, hi;
            if (given(a[0]))
                lo = requireScalar(a[0], "clamp", "min");
            if (given(a[1]))
                hi = requireScalar(a[1], "clamp", "max");
            return wrapTensor(ops::clamp(self, lo, hi));
        } END,
        METHOD(where) {
            auto a = bind(args, "where", {"condition", "other"}, 2);
            Tensor cond = requireTensor(a[0], "where", "condition", 1);
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
        METHOD(max) { return minMax(self, args, true); } END,
        METHOD(min) { return minMax(self, args, false); } END,
        METHOD(softmax) {
            auto a = bind(args, "softmax", {"dim"}, 1);
            return wrapTensor(ops::softmax(self, requireInt(a[0], "softmax", "dim")));
        } END,
        METHOD(log_softmax) {
            auto a = bind(args, "log_softmax", {"dim"}, 1);
            return wrapTensor(ops::logSoftmax(self, requireInt(a[0], "log_softmax", "dim")));
        } END,
        // ---------------------------------------------------------- in-place
        METHOD(add_) {
            auto a = bind(args, "add_", {"other", "alpha"}, 1);
            const Scalar alpha = given(a[1]) ? toScalar(a[1]) : Scalar(1);
            Tensor t = self;
            if (auto o = asTensor(a[0]))
                ops::addInplace(t, *o, alpha);
            else
                ops::addInplace(t, requireScalar(a[0], "add_", "other"), alpha);
            return py::reinterpret_borrow<py::object>(selfValue);
        } END,
        METHOD(sub_) {
            auto a = bind(args, "sub_", {"other", "alpha"}, 1);
            const Scalar alpha = given(a[1]) ? toScalar(a[1]) : Scalar(1);
            Tensor t = self;
            if (auto o = asTensor(a[0]))
                ops::subInplace(t, *o, alpha);
            else
                ops::subInplace(t, requireScalar(a[0], "sub_", "other"), alpha);
            return py::reinterpret_borrow<py::object>(selfValue);
        } END,
        METHOD(mul_) {
            auto a = bind(args, "mul_", {"other"}, 1);
            Tensor t = self;
            if (auto o = asTensor(a[0]))
                ops::mulInplace(t, *o);
            else
                ops::mulInplace(t, requireScalar(a[0], "mul_", "other"));
            return py::reinterpret_borrow<py::object>(selfValue);
        } END,
        METHOD(div_) {
            auto a = bind(args, "div_", {"other"}, 1);
            Tensor t = self;
            if (auto o = asTensor(a[0]))
                ops::divInplace(t, *o);
            else
                ops::divInplace(t, requireScalar(a[0], "div_", "other"));
            return py::reinterpret_borrow<py::object>(selfValue);
        } END,
        METHOD(zero_) { Tensor t = self; ops::zeroInplace(t); return py::reinterpret_borrow<py::object>(selfValue); } END,
        METHOD(fill_) {
            auto a = bind(args, "fill_", {"value"}, 1);
            Tensor t = self;
            if (auto v = asTensor(a[0]))
                ops::fillInplace(t, *v);
            else
                ops::fillInplace(t, requireScalar(a[0], "fill_", "value"));
            return py::reinterpret_borrow<py::object>(selfValue);
        } END,
        METHOD(copy_) {
            auto a = bind(args, "copy_", {"src", "non_blocking"}, 1);
            Tensor t = self;
            ops::copyInplace(t, requireTensor(a[0], "copy_", "src", 1));
            return py::reinterpret_borrow<py::object>(selfValue);
        } END,
        METHOD(clamp_) {
            auto a = bind(args, "clamp_", {"min", "max"}, 0);
            std::optional<Scalar> lo, hi;
            if (given(a[0]))
                lo = requireScalar(a[0], "clamp_", "min");
            if (given(a[1]))
                hi = requireScalar(a[1], "clamp_", "max");
            Tensor t = self;
            ops::clampInplace(t, lo, hi);
            return py::reinterpret_borrow<py::object>(selfValue);
        } END,
        METHOD(relu_) { Tensor t = self; ops::reluInplace(t); return py::reinterpret_borrow<py::object>(selfValue); } END,
        METHOD(sigmoid_) { Tensor t = self; ops::sigmoidInplace(t); return py::reinterpret_borrow<py::object>(selfValue); } END,
        METHOD(tanh_) { Tensor t = self; ops::tanhInplace(t); return py::reinterpret_borrow<py::object>(selfValue); } END,
        METHOD(exp_) { Tensor t = self; ops::expInplace(t); return py::reinterpret_borrow<py::object>(selfValue); } END,
        // ---------------------------------------------------------- factories on a tensor
        METHOD(new_zeros) { return wrapTensor(ops::zeros(sizesFromArgs(args.positional, "new_zeros"), self.dtype(), self.device())); } END,
        METHOD(new_ones) { return wrapTensor(ops::ones(sizesFromArgs(args.positional, "new_ones"), self.dtype(), self.device())); } END,
    };
    return table;
}

#undef METHOD
#undef END

using ImplPtr = std::shared_ptr<TensorImpl>;
Tensor T(const ImplPtr& p) { return Tensor(p); }

py::object& returnTypesModule()
{
    static py::object* module = new py::object();  // outlives finalisation on purpose
    return *module;
}

enum class BinOp { Add, Sub, Mul, TrueDiv, MatMul, Pow, Mod, FloorDiv };

py::object binaryOp(py::handle selfObject, py::handle other, BinOp op, bool reflected)
{
    const Tensor self = *asTensor(selfObject);
    if (auto o = asTensor(other)) {
        const Tensor& a = reflected ? *o : self;
        const Tensor& b = reflected ? self : *o;
        switch (op) {
        case BinOp::Add: return wrapTensor(ops::add(a, b));
        case BinOp::Sub: return wrapTensor(ops::sub(a, b));
        case BinOp::Mul: return wrapTensor(ops::mul(a, b));
        case BinOp::TrueDiv: return wrapTensor(ops::div(a, b));
        case BinOp::MatMul: return wrapTensor(ops::matmul(a, b));
        case BinOp::Pow: return wrapTensor(ops::pow(a, b));
        case BinOp::Mod: return wrapTensor(ops::remainder(a, b));
        case BinOp::FloorDiv: return wrapTensor(ops::floorDivide(a, b));
        }
    }
    if (!isNumber(other))
        return notImplemented();
    const Scalar s = toScalar(other);
    switch (op) {
    case BinOp::Add: return wrapTensor(ops::add(self, s));
    case BinOp::Sub: return wrapTensor(reflected ? ops::rsub(self, s) : ops::sub(self, s));
    case BinOp::Mul: return wrapTensor(ops::mul(self, s));
    case BinOp::TrueDiv: return wrapTensor(reflected ? ops::rdiv(self, s) : ops::div(self, s));
    case BinOp::Pow: return wrapTensor(reflected ? ops::rpow(self, s) : ops::pow(self, s));
    case BinOp::Mod: return wrapTensor(reflected ? ops::remainder(ops::scalarTensor(s, self.device()), self)
                                                 : ops::remainder(self, s));
    case BinOp::FloorDiv: {
        const Tensor number = ops::scalarTensor(s, self.device());
        return wrapTensor(reflected ? ops::floorDivide(number, self) : ops::floorDivide(self, number));
    }
    default: return notImplemented();
    }
}

py::object inplaceOp(py::handle selfObject, py::handle other, BinOp op)
{
    Tensor self = *asTensor(selfObject);
    auto o = asTensor(other);
    if (!o && !isNumber(other))
        return notImplemented();
    switch (op) {
    case BinOp::Add: o ? ops::addInplace(self, *o) : ops::addInplace(self, toScalar(other)); break;
    case BinOp::Sub: o ? ops::subInplace(self, *o) : ops::subInplace(self, toScalar(other)); break;
    case BinOp::Mul: o ? ops::mulInplace(self, *o) : ops::mulInplace(self, toScalar(other)); break;
    case BinOp::TrueDiv: o ? ops::divInplace(self, *o) : ops::divInplace(self, toScalar(other)); break;
    case BinOp::Mod: o ? ops::remainderInplace(self, *o) : ops::remainderInplace(self, toScalar(other)); break;
    case BinOp::FloorDiv: o ? ops::floorDivideInplace(self, *o) : ops::floorDivideInplace(self, toScalar(other)); break;
    case BinOp::Pow: o ? ops::powInplace(self, *o) : ops::powInplace(self, toScalar(other)); break;
    default: return notImplemented();
    }
    return py::reinterpret_borrow<py::object>(selfObject);
}

py::object compareOp(const ImplPtr& self, py::handle other, ops::CompareOp op)
{
    if (auto o = asTensor(other))
        return wrapTensor(ops::compare(T(self), *o, op));
    if (isNumber(other))
        return wrapTensor(ops::compare(T(self), toScalar(other), op));
    if (op == ops::CompareOp::Eq)
        return py::bool_(false);
    if (op == ops::CompareOp::Ne)
        return py::bool_(true);
    return notImplemented();
}

double itemAsDouble(const Tensor& t)
{
    if (t.numel() != 1)
        raise(PyExc_ValueError, "only one element tensors can be converted to Python scalars");
    noteReadToHost(t, 1);
    return t.item();
}

}  // namespace

bool takesNoArguments(std::string_view method)
{
    static const std::set<std::string_view> names = {
        "is_floating_point", "is_complex", "element_size", "storage_offset", "retain_grad", "detach", "detach_",
        "t", "neg", "reciprocal", "exp", "log", "sqrt", "rsqrt", "abs", "sin", "cos", "tanh", "sigmoid", "relu",
        "zero_", "relu_", "sigmoid_", "tanh_", "exp_"};
    return names.count(method) > 0;
}

py::object notImplemented() { return py::reinterpret_borrow<py::object>(Py_NotImplemented); }

py::object makeReturnType(const char* name, py::object values, py::object indices)
{
    py::object& module = returnTypesModule();
    if (!module)
        return py::make_tuple(values, indices);
    return module.attr(name)(py::make_tuple(values, indices));
}

py::object makeReturnType(const char* name, py::tuple fields)
{
    py::object& module = returnTypesModule();
    if (!module)
        return std::move(fields);
    return module.attr(name)(fields);
}

void setReturnTypesModule(py::object module) { returnTypesModule() = std::move(module); }

bool tensorsEqual(const Tensor& a, const Tensor& b)
{
    if (a.sizes() != b.sizes())
        return false;
    for (int64_t i = 0; i < a.numel(); ++i)
        if (a.valueAt(i) != b.valueAt(i))
            return false;
    return true;
}

void bindTensor(py::module_& m)
{
    py::class_<RemovableHandle>(m, "_RemovableHandle")
        .def("remove", [](RemovableHandle& h) {
            if (h.remove) {
                auto remove = std::move(h.remove);
                h.remove = nullptr;
                remove();
            }
        });
    m.def("_set_return_types", &setReturnTypesModule);

    py::class_<TensorImpl, ImplPtr> cls(m, "_TensorBase");
    cls.def_property(
           "grad", [](const ImplPtr& self) { return wrapTensor(T(self).grad()); },
           [](const ImplPtr& self, py::handle value) {
               if (value.is_none())
                   T(self).setGrad(Tensor());
               else
                   T(self).setGrad(requireTensor(value, "grad", "grad", 1));
           })
        .def_property_readonly("grad_fn", [](const ImplPtr& self) { return wrapNode(T(self).gradFn()); })
        // Python's is_leaf asks for the grad_fn (THPVariable_is_leaf), which regenerates a
        // view's and may raise; the engine's isLeaf() looks at the field only.
        .def_property_readonly("is_leaf", [](const ImplPtr& self) { return T(self).gradFn() == nullptr; })
        .def_property(
            "requires_grad", [](const ImplPtr& self) { return T(self).requiresGrad(); },
            [](const ImplPtr& self, py::handle v) {
                Tensor t(self);
                ops::requiresGrad_(t, requireBool(v, "requires_grad", "requires_grad"));
            })
        .def_property_readonly("_version",
                               [](const ImplPtr& self) {
                                   if (!self->tracksVersion())
                                       raise(PyExc_RuntimeError, "Inference tensors do not track version counter.");
                                   return T(self).version();
                               })
        .def_property(
            "data", [](const ImplPtr& self) { return wrapTensor(ops::data(T(self))); },
            [](const ImplPtr& self, py::handle value) {
                // PyTorch's set_data: the tensor takes the new data's storage, geometry,
                // dtype and device, keeps its own version counter and autograd identity.
                Tensor src = requireTensor(value, "data", "data", 1);
                if (T(self).requiresGrad() && !isFloatingType(src.dtype()))
                    raise(PyExc_RuntimeError, "data set to a tensor that requires gradients must be floating point or "
                                              "complex dtype");
                const bool retype = src.dtype() != self->dtype() || !(src.device() == self->device());
                self->setStorage(src.impl()->storage());
                self->setDtype(src.dtype());
                self->setGeometry(src.sizes(), src.strides(), src.offset());
                // The leaf's accumulator was made for the old dtype/device (set_data drops it).
                if (retype)
                    if (AutogradMeta* meta = self->autograd())
                        meta->gradAccumulator.reset();
                if (trace::enabled()) {
                    const Tensor t(self);
                    trace::publish(trace::TensorDataSet{t.id(), t.sizes(), dtypeName(t.dtype()), t.device().str(),
                                                        t.nbytes(), t.storageAllocationId(), t.preview()});
                }
            })
        .def_property_readonly("shape", [](const ImplPtr& self) { return wrapSize(self->sizes()); })
        .def_property_readonly("dtype", [](const ImplPtr& self) { return wrapDtype(self->dtype()); })
        .def_property_readonly("device", [](const ImplPtr& self) { return wrapDevice(self->device()); })
        .def_property_readonly("ndim", [](const ImplPtr& self) { return int64_t(self->sizes().size()); })
        .def_property_readonly("is_cuda", [](const ImplPtr& self) { return self->device().isCuda(); })
        .def_property_readonly("retains_grad", [](const ImplPtr& self) { return T(self).retainsGrad(); })
        .def_property_readonly("_base", [](const ImplPtr& self) { return wrapTensor(T(self).base()); })
        .def("_is_view", [](const ImplPtr& self) { return T(self).isView(); })
        .def("_is_zerotensor", [](const ImplPtr& self) { return ops::isZeroTensor(T(self)); })
        .def_property_readonly("output_nr", [](const ImplPtr& self) { return T(self).outputNr(); })
        .def_property_readonly("T",
                               [](const ImplPtr& self) {
                                   // numpy_T: always a permute (PermuteBackward0, also for a
                                   // matrix), and a deprecation warning, once, for dims but 0 and 2.
                                   const Tensor t(self);
                                   static bool warned = false;
                                   if (t.dim() != 2 && t.dim() != 0 && !warned) {
                                       warned = true;
                                       warn("UserWarning",
                                            "The use of `x.T` on tensors of dimension other than 2 to reverse their "
                                            "shape is deprecated and it will throw an error in a future release. "
                                            "Consider `x.mT` to transpose batches of matrices or "
                                            "`x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the "
                                            "dimensions of a tensor. (Triggered internally at  "
                                            "./aten/src/ATen/native/TensorShape.cpp:3277.)");
                                   }
                                   IntList dims;
                                   for (int64_t d = t.dim() - 1; d >= 0; --d)
                                       dims.push_back(d);
                                   return wrapTensor(ops::permute(t, dims));
                               })
        .def("_repr", [](const ImplPtr& self) { return T(self).repr(); })
        .def("_repr", [](const ImplPtr& self, const std::string& prefix) { return tensorReprWithPrefix(T(self), prefix); })
        .def("_agv_id", [](const ImplPtr& self) { return self->id(); })
        .def("__add__", [](py::handle s, py::handle o) { return binaryOp(s, o, BinOp::Add, false); })
        .def("__radd__", [](py::handle s, py::handle o) { return binaryOp(s, o, BinOp::Add, true); })
        .def("__sub__", [](py::handle s, py::handle o) { return binaryOp(s, o, BinOp::Sub, false); })
        .def("__rsub__", [](py::handle s, py::handle o) { return binaryOp(s, o, BinOp::Sub, true); })
        .def("__mul__", [](py::handle s, py::handle o) { return binaryOp(s, o, BinOp::Mul, false); })
        .def("__rmul__", [](py::handle s, py::handle o) { return binaryOp(s, o, BinOp::Mul, true); })
        .def("__truediv__", [](py::handle s, py::handle o) { return binaryOp(s, o, BinOp::TrueDiv, false); })
        .def("__mod__", [](py::handle s, py::handle o) { return binaryOp(s, o, BinOp::Mod, false); })
        .def("__rmod__", [](py::handle s, py::handle o) { return binaryOp(s, o, BinOp::Mod, true); })
        .def("__floordiv__", [](py::handle s, py::handle o) { return binaryOp(s, o, BinOp::FloorDiv, false); })
        .def("__rfloordiv__", [](py::handle s, py::handle o) { return binaryOp(s, o, BinOp::FloorDiv, true); })
        .def("__rtruediv__", [](py::handle s, py::handle o) { return binaryOp(s, o, BinOp::TrueDiv, true); })
        .def("__matmul__", [](py::handle s, py::handle o) { return binaryOp(s, o, BinOp::MatMul, false); })
        .def("__rmatmul__", [](py::handle s, py::handle o) { return binaryOp(s, o, BinOp::MatMul, true); })
        .def("__pow__", [](py::handle s, py::handle o) { return binaryOp(s, o, BinOp::Pow, false); })
        .def("__rpow__", [](py::handle s, py::handle o) { return binaryOp(s, o, BinOp::Pow, true); })
        .def("__iadd__", [](py::handle s, py::handle o) { return inplaceOp(s, o, BinOp::Add); })
        .def("__isub__", [](py::handle s, py::handle o) { return inplaceOp(s, o, BinOp::Sub); })
        .def("__imul__", [](py::handle s, py::handle o) { return inplaceOp(s, o, BinOp::Mul); })
        .def("__itruediv__", [](py::handle s, py::handle o) { return inplaceOp(s, o, BinOp::TrueDiv); })
        .def("__imod__", [](py::handle s, py::handle o) { return inplaceOp(s, o, BinOp::Mod); })
        .def("__ifloordiv__", [](py::handle s, py::handle o) { return inplaceOp(s, o, BinOp::FloorDiv); })
        .def("__ipow__", [](py::handle s, py::handle o) { return inplaceOp(s, o, BinOp::Pow); })
        .def("__neg__", [](const ImplPtr& s) { return wrapTensor(ops::neg(T(s))); })
        .def("__pos__", [](py::handle s) { return py::reinterpret_borrow<py::object>(s); })
        .def("__eq__", [](const ImplPtr& s, py::handle o) { return compareOp(s, o, ops::CompareOp::Eq); })
        .def("__ne__", [](const ImplPtr& s, py::handle o) { return compareOp(s, o, ops::CompareOp::Ne); })
        .def("__lt__", [](const ImplPtr& s, py::handle o) { return compareOp(s, o, ops::CompareOp::Lt); })
        .def("__le__", [](const ImplPtr& s, py::handle o) { return compareOp(s, o, ops::CompareOp::Le); })
        .def("__gt__", [](const ImplPtr& s, py::handle o) { return compareOp(s, o, ops::CompareOp::Gt); })
        .def("__ge__", [](const ImplPtr& s, py::handle o) { return compareOp(s, o, ops::CompareOp::Ge); })
        .def("__hash__", [](py::handle s) { return reinterpret_cast<intptr_t>(s.ptr()) >> 4; })
        .def("__getitem__", [](const ImplPtr& s, py::handle key) { return wrapTensor(indexTensor(T(s), key)); })
        .def("__setitem__", [](const ImplPtr& s, py::handle key, py::handle value) { assignIndexed(T(s), key, value); })
        .def("__len__",
             [](const ImplPtr& s) {
                 if (s->sizes().empty())
                     raise(PyExc_TypeError, "len() of a 0-d tensor");
                 return s->sizes()[0];
             })
        .def("__bool__",
             [](const ImplPtr& s) {
                 if (s->numel() != 1)
                     raise(PyExc_RuntimeError, "Boolean value of Tensor with more than one value is ambiguous");
                 noteReadToHost(T(s), 1);
                 return T(s).item() != 0.0;
             })
        .def("__float__", [](const ImplPtr& s) { return itemAsDouble(T(s)); })
        .def("__int__", [](const ImplPtr& s) -> py::object {
            const Tensor t(s);
            if (t.numel() != 1)
                raise(PyExc_ValueError, "only one element tensors can be converted to Python scalars");
            noteReadToHost(t, 1);
            if (isFloatingType(t.dtype())) {
                // int(float) raises Python's own errors for inf and NaN.
                PyObject* value = PyNumber_Long(py::float_(t.item()).ptr());
                if (!value)
                    throw py::error_already_set();
                return py::reinterpret_steal<py::object>(value);
            }
            return py::int_(t.itemInt());
        })
        .def("__index__", [](const ImplPtr& s) {
            const Tensor t(s);
            if (t.numel() != 1 || isFloatingType(t.dtype()))
                raise(PyExc_TypeError, "only integer tensors of a single element can be converted to an index");
            noteReadToHost(t, 1);
            return t.itemInt();
        });
    for (const auto& [name, method] : methodTable()) {
        TensorMethod fn = method;
        const std::string methodName(name);
        // 1.13's signatures, CPython's words for the methods that take no arguments included.
        const PyTorchSignatures signatures(name, true);
        cls.def(methodName.c_str(), [fn, signatures](py::handle self, py::args args, py::kwargs kwargs) {
            CallArgs call{std::move(args), std::move(kwargs)};
            const Tensor t = *asTensor(self);
            signatures.check(call, &t);
            return fn(t, call, self);
        });
    }
    m.def("_set_tensor_class", &setTensorClass);
    // Tensor._make_subclass(cls, data, requires_grad): nn.Parameter's constructor. The new
    // object shares data's storage and version counter (a detached alias), as in PyTorch.
    m.def("_make_subclass", [](py::handle cls, py::handle data, bool requiresGrad) {
        Tensor alias = ops::detach(requireTensor(data, "_make_subclass", "data", 2));
        if (requiresGrad)
            ops::requiresGrad_(alias, true);
        return wrapTensorAs(cls, alias);
    });
}

}  // namespace agv::python
