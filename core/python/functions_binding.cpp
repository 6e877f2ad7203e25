// torch.* functions: factories, math that mirrors Tensor methods (one implementation:
// the method), joins, defaults, printing options, torch.cuda's state.
// Grad-mode context managers are Python (torch/autograd/grad_mode.py) over the
// primitives of autograd_binding.cpp.

#include <cmath>
#include <map>

#include "core/autograd/grad_mode.h"
#include "core/device/allocator.h"
#include "core/device/pcie_link.h"
#include "core/device/pinned_host.h"
#include "core/ops/integer_arithmetic.h"
#include "core/ops/internal_ops.h"
#include "core/ops/ops.h"
#include "core/ops/sampling_nodes.h"
#include "core/ops/type_promotion.h"
#include "core/ops/windows.h"
#include "core/ops/zero_tensor.h"
#include "core/python/bindings.h"
#include "core/python/generator_arg.h"
#include "core/python/memory_format_arg.h"
#include "core/python/numpy_bridge.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"
#include "core/python/tensor_support.h"
#include "core/tensor/tensor_print.h"
#include "core/warning.h"

namespace agv::python {

namespace {

/// Common keyword arguments of factory functions.
struct FactoryOptions {
    std::optional<ScalarType> dtype;
    Device device;
    bool requiresGrad = false;
    ops::MemoryFormat memoryFormat = ops::MemoryFormat::Preserve;  // unless memory_format= says otherwise
    /// pin_memory=True on the host: the factory's memory is page-locked while this lives
    /// (Note [Pinned host memory]); the options live as long as the factory call.
    std::unique_ptr<PinnedHostScope> pinned;
};

/// The TensorOptions of a matched factory call, and what this engine does not model
/// (out=, named tensors, sparse layouts) refused in words rather than ignored.
FactoryOptions factoryOptions(const ParsedArguments& a, const std::string& fn)
{
    refuseOut(a, fn);
    if (a.has("names"))
        raise(PyExc_NotImplementedError, "autogradviz: named tensors (" + fn + "(..., names=...)) are not supported");
    if (py::handle layout = a["layout"]; layout && py::str(layout).cast<std::string>() != "torch.strided")
        raise(PyExc_NotImplementedError, "autogradviz: " + fn + "(layout=" + py::str(layout).cast<std::string>() +
                                             ") is not supported: tensors here are strided");
    FactoryOptions o;
    o.memoryFormat = memoryFormatArg(a["memory_format"], ops::MemoryFormat::Preserve);
    o.dtype = a.dtype("dtype");
    if (std::optional<Device> d = a.device("device"))
        o.device = *d;
    o.requiresGrad = a.toBool("requires_grad", false);
    // Without a GPU, CPU-only PyTorch's refusal; a GPU tensor cannot be pinned (empty_cuda's
    // check). Note [Pinned host memory].
    const bool pin = a.toBool("pin_memory", false);
    if (pin && cudaAvailable() && o.device.isCuda())
        raise(PyExc_RuntimeError, "Only dense CPU tensors can be pinned");
    if (pin && cudaAvailable())
        o.pinned = std::make_unique<PinnedHostScope>();
    if (pin && !cudaAvailable())
        raise(PyExc_RuntimeError,
              "Pinned memory requires CUDA. PyTorch splits its backend into two shared libraries: a CPU library "
              "and a CUDA library; this error has occurred because you are trying to use some CUDA functionality, "
              "but the CUDA library has not been loaded by the dynamic linker for some reason.  The CUDA library "
              "MUST be loaded, EVEN IF you don't directly use any symbols from the CUDA library! One common culprit "
              "is a lack of -Wl,--no-as-needed in your link arguments; many dynamic linkers will delete dynamic "
              "library dependencies if you don't depend on any of their symbols.  You can check if this has "
              "occurred by using ldd on your binary to see if there is a dependency on *_cuda.so library.");
    return o;
}

py::object finishFactory(Tensor t, const FactoryOptions& o)
{
    if (o.requiresGrad && !isFloatingType(t.dtype()))
        raise(PyExc_RuntimeError, "Only Tensors of floating point and complex dtype can require gradients");
    if (o.requiresGrad)
        ops::requiresGrad_(t, true);
    return wrapTensor(t);
}

// ------------------------------------------------------------ torch.tensor(data)

struct NestedData {
    IntList sizes;
    std::vector<double> values;
    std::vector<int64_t> ints;
    /// 1.13's infer_scalar_type: the promotion of every element's type (a Python float
    /// counts as the default dtype, a NumPy scalar or a tensor as its own).
    std::optional<ScalarType> inferred;
    bool shapeKnown = false;  ///< the first elements' chain reached a leaf (compute_sizes)
    bool sawArray = false;    ///< an ndarray inside the data: 1.13 warns that it is slow
};

void addElement(NestedData& out, ScalarType type, double value, int64_t integer)
{
    out.values.push_back(value);
    out.ints.push_back(integer);
    out.inferred = out.inferred ? promoteTypes(*out.inferred, type) : type;
}

void collect(py::handle v, size_t depth, NestedData& out)
{
    const bool array = numpy::isArray(v);
    if (array) {
        out.sawArray = true;
        // A 0-d array where the shape has ended is one element, as in 1.13's recursive_store.
        if (out.shapeKnown && depth == out.sizes.size() && py::len(v.attr("shape")) == 0) {
            const Tensor t = numpy::toTensor(v, false);
            addElement(out, t.dtype(), t.item(), isFloatingType(t.dtype()) ? int64_t(t.item()) : t.itemInt());
            return;
        }
    }
    // Any sequence nests (a range too), but a str, which 1.13 refuses as a data type.
    const bool sequence = PyList_Check(v.ptr()) || PyTuple_Check(v.ptr()) ||
                          (PySequence_Check(v.ptr()) && !PyUnicode_Check(v.ptr()) && !PyBytes_Check(v.ptr()) &&
                           !isTensor(v));
    if (sequence) {
        if (depth > 10000)  // PyTorch's own limit shows as this text
            raise(PyExc_ValueError, "too many dimensions 'list'");
        const auto n = int64_t(py::len(v));
        if (out.sizes.size() == depth)
            out.sizes.push_back(n);
        else if (out.sizes.size() < depth || out.sizes[depth] != n)
            raise(PyExc_ValueError, "expected sequence of length " +
                                        std::to_string(depth < out.sizes.size() ? out.sizes[depth] : 0) + " at dim " +
                                        std::to_string(depth) + " (got " + std::to_string(n) + ")");
        if (n == 0)
            out.shapeKnown = true;
        for (py::handle item : v)
            collect(item, depth + 1, out);
        return;
    }
    if (depth < out.sizes.size())
        raise(PyExc_TypeError, "not a sequence");
    out.shapeKnown = true;
    if (auto t = asTensor(v)) {
        if (t->numel() != 1)
            raise(PyExc_ValueError, "only one element tensors can be converted to Python scalars");
        addElement(out, t->dtype(), t->item(), isFloatingType(t->dtype()) ? int64_t(t->item()) : t->itemInt());
        return;
    }
    // NumPy scalars first: np.float64 is a Python float, but keeps its dtype.
    if (std::optional<ScalarType> type = numpy::scalarDtype(v)) {
        if (isIntegralType(*type, true)) {  // np.bool_ too, through __index__ (NumPy warns there)
            const int64_t i = py::reinterpret_steal<py::int_>(PyNumber_Index(v.ptr())).cast<int64_t>();
            addElement(out, *type, double(i), i);
        } else {
            const double d = PyFloat_AsDouble(v.ptr());
            if (d == -1.0 && PyErr_Occurred())
                throw py::error_already_set();
            addElement(out, *type, d, ops::convertValue<int64_t>(d));
        }
        return;
    }
    if (!isNumber(v))
        raise(PyExc_TypeError, "new(): invalid data type '" + typeName(v) + "'");
    const Scalar s = toScalar(v);
    const ScalarType type = s.isFloating() ? defaultFloatType() : s.isBool() ? ScalarType::Bool : ScalarType::Int64;
    addElement(out, type, s.toDouble(), s.isFloating() ? ops::convertValue<int64_t>(s.toDouble()) : s.toInt());
}

void warnListOfArrays()
{
    static bool warned = false;  // TORCH_WARN_ONCE
    if (warned)
        return;
    warned = true;
    warn("UserWarning",
         "Creating a tensor from a list of numpy.ndarrays is extremely slow. Please consider converting the list to a "
         "single numpy.ndarray with numpy.array() before converting to a tensor. (Triggered internally at  "
         "./torch/csrc/utils/tensor_new.cpp:230.)");
}

py::object tensorFactory(CallArgs& args)
{
    static const ArgumentParser parser{"tensor(PyObject* data, *, ScalarType dtype=None, Device? device=None, "
                                       "bool pin_memory=False, bool requires_grad=False, DimnameList? names=None)"};
    const ParsedArguments a = parser.parse(args);
    py::handle data = a["data"];
    FactoryOptions o = factoryOptions(a, "tensor");
    if (auto t = asTensor(data)) {
        warn("UserWarning",
             "To copy construct from a tensor, it is recommended to use sourceTensor.clone().detach() or "
             "sourceTensor.clone().detach().requires_grad_(True), rather than torch.tensor(sourceTensor).");
        Tensor copy = ops::detachedClone(*t);
        if (o.dtype)
            copy = ops::toDtype(copy, *o.dtype);
        return finishFactory(copy, o);
    }
    if (numpy::isArray(data)) {
        // 1.13 reads the array in place, then copies it to the dtype asked for.
        const Tensor shared = numpy::toTensor(data, /*warnIfNotWriteable=*/false);
        Tensor copy = ops::detachedClone(shared);
        if (o.dtype)
            copy = ops::toDtype(copy, *o.dtype);
        if (!o.device.isCpu())
            copy = ops::toDevice(copy, o.device);
        return finishFactory(copy, o);
    }
    NestedData nested;
    try {
        collect(data, 0, nested);
    } catch (py::error_already_set& e) {
        // 1.13 warns after it has inferred the dtype, before it stores (and finds ragged lengths).
        if (nested.sawArray && e.matches(PyExc_ValueError))
            warnListOfArrays();
        throw;
    }
    if (nested.sawArray)
        warnListOfArrays();
    const ScalarType inferred = nested.inferred.value_or(defaultFloatType());
    const ScalarType dtype = o.dtype.value_or(inferred);
    Tensor t = isIntegralType(dtype, false) ? ops::fromInts(nested.sizes, nested.ints, dtype, o.device)
                                          : ops::fromValues(nested.sizes, nested.values, dtype, o.device);
    // PyTorch builds the values in host memory and copies them over: the copy crosses the
    // link (Note [Modelled PCIe time]), from a host buffer no tensor owns.
    if (!o.device.isCpu())
        noteDeviceCopy(Device::cpu(), o.device, t.nbytes(), 0, t.storageAllocationId(), /*pinnedHost=*/false);
    return finishFactory(t, o);
}

/// torch.from_numpy(ndarray): METH_O in 1.13, so CPython words its arity errors.
py::object fromNumpy(py::args args, py::kwargs kwargs)
{
    if (kwargs && py::len(kwargs) > 0)
        raise(PyExc_TypeError, "torch._VariableFunctionsClass.from_numpy() takes no keyword arguments");
    if (py::len(args) != 1)
        raise(PyExc_TypeError, "torch._VariableFunctionsClass.from_numpy() takes exactly one argument (" +
                                   std::to_string(py::len(args)) + " given)");
    return wrapTensor(numpy::toTensor(args[0]));
}

/// The TensorOptions keywords every factory ends with.
#define AGV_FACTORY_OPTIONS                                                                                           \
    "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, "                      \
    "bool? requires_grad=False)"

/// zeros, ones: a size, named or not.
template <Tensor (*Make)(const IntList&, ScalarType, Device)>
py::object sizeFactory(CallArgs& args, const ArgumentParser& parser, const char* name)
{
    const ParsedArguments a = parser.parse(args);
    FactoryOptions o = factoryOptions(a, name);
    return finishFactory(Make(a.intList("size"), o.dtype.value_or(defaultFloatType()), o.device), o);
}

#define AGV_SIZE_FACTORY(name)                                                                                        \
    defNative(m, #name, [](CallArgs& args) {                                                                         \
        static const ArgumentParser parser{                                                                           \
            #name "(IntArrayRef size, *, DimnameList? names, " AGV_FACTORY_OPTIONS,                                   \
            #name "(SymIntArrayRef size, *, Tensor out=None, " AGV_FACTORY_OPTIONS};                                  \
        return sizeFactory<ops::name>(args, parser, #name);                                                           \
    })

/// rand, randn: a size and a generator.
template <Tensor (*Make)(const IntList&, ScalarType, Device, Generator*)>
py::object randomFactory(CallArgs& args, const ArgumentParser& parser, const char* name)
{
    const ParsedArguments a = parser.parse(args);
    FactoryOptions o = factoryOptions(a, name);
    Generator* generator = generatorArg(a["generator"], name);
    return finishFactory(Make(a.intList("size"), o.dtype.value_or(defaultFloatType()), o.device, generator), o);
}

#define AGV_RANDOM_FACTORY(name)                                                                                      \
    defNative(m, #name, [](CallArgs& args) {                                                                         \
        static const ArgumentParser parser{                                                                           \
            #name "(IntArrayRef size, *, Generator? generator, DimnameList? names, " AGV_FACTORY_OPTIONS,              \
            #name "(IntArrayRef size, *, Generator? generator, Tensor out=None, " AGV_FACTORY_OPTIONS,                 \
            #name "(IntArrayRef size, *, Tensor out=None, " AGV_FACTORY_OPTIONS,                                      \
            #name "(IntArrayRef size, *, DimnameList? names, " AGV_FACTORY_OPTIONS};                                  \
        return randomFactory<ops::name>(args, parser, #name);                                                         \
    })

/// What a *_like factory copies its layout from: the input itself under preserve_format,
/// else an empty tensor of its shape in the format asked for (the factories keep the
/// layout of the tensor they are given).
Tensor layoutTemplate(const Tensor& input, const FactoryOptions& o)
{
    if (o.memoryFormat == ops::MemoryFormat::Preserve || ops::stridesInFormat(input, o.memoryFormat) == input.strides())
        return input;
    return ops::emptyIn(input.sizes(), o.memoryFormat, input.dtype(), input.device());
}

/// zeros_like and friends: the input's shape, dtype and device unless told otherwise.
template <Tensor (*Make)(const Tensor&, std::optional<ScalarType>)>
py::object likeFactory(CallArgs& args, const ArgumentParser& parser, const char* name)
{
    const ParsedArguments a = parser.parse(args);
    FactoryOptions o = factoryOptions(a, name);
    return finishFactory(Make(layoutTemplate(a.tensor("input"), o), o.dtype), o);
}

#define AGV_LIKE_FACTORY(name, op)                                                                                    \
    defNative(m, #name, [](CallArgs& args) {                                                                         \
        static const ArgumentParser parser{#name "(Tensor input, *, MemoryFormat? memory_format=None, "               \
                                                 AGV_FACTORY_OPTIONS};                                                \
        return likeFactory<op>(args, parser, #name);                                                                  \
    })

/// torch._C._add_scalar(t, s) and friends: the Scalar overload `Op` (AddBackward1, ...).
template <Tensor (*Op)(const Tensor&, Scalar)>
py::object scalarOverload(CallArgs& args)
{
    auto a = bind(args, "scalar_overload", {"self", "other"}, 2);
    return wrapTensor(Op(requireTensor(a[0], "scalar_overload", "self", 1),
                         requireScalar(a[1], "scalar_overload", "other")));
}

/// Note [Numbers as tensors]
/// PyTorch 1.13's argument parser lets a Python number stand for the `input` tensor of
/// add, sub, mul and div (should_allow_numbers_as_tensors): it becomes a wrapped number,
/// a 0-d tensor that promotes by category only, so torch.sub(2, t) is SubBackward0 with
/// no edge for the number, and torch.add(2, 3) is tensor(5). The other functions refuse it.
bool takesNumberAsInput(std::string_view name)
{
    return name == "add" || name == "sub" || name == "mul" || name == "div";
}

/// `input` as the object whose method runs: a tensor, or a wrapped number where allowed.
py::object mirrorSelf(const char* name, py::handle input)
{
    if (isTensor(input))
        return py::reinterpret_borrow<py::object>(input);
    if (takesNumberAsInput(name) && isNumber(input))  // See Note [Numbers as tensors]
        return wrapTensor(ops::scalarTensor(toScalar(input)));
    raise(PyExc_TypeError, std::string(name) + "(): argument 'input' (position 1) must be Tensor, not " +
                               typeName(input));
}

/// torch.pow(Number self, Tensor exponent) (PowBackward2), PyTorch's overload error for
/// any other first argument that is not a tensor.
py::object powOfNumber(CallArgs& args)
{
    py::handle exponent = argAt(args, 1, "exponent");
    const bool onlyThose = args.positional.size() + args.keywords.size() == 2;
    if (isNumber(args.positional[0]) && exponent && isTensor(exponent) && onlyThose)
        return wrapTensor(ops::pow(toScalar(args.positional[0]), *asTensor(exponent)));
    std::string got;
    for (py::handle v : args.positional)
        got += (got.empty() ? "" : ", ") + (isTensor(v) ? std::string("Tensor") : typeName(v));
    for (auto [k, v] : args.keywords)
        got += (got.empty() ? "" : ", ") + py::str(k).cast<std::string>() + "=" +
               (isTensor(v) ? std::string("Tensor") : typeName(v));
    raise(PyExc_TypeError, "pow() received an invalid combination of arguments - got (" + got +
                               "), but expected one of:\n * (Tensor input, Tensor exponent, *, Tensor out)\n"
                               " * (Number self, Tensor exponent, *, Tensor out)\n"
                               " * (Tensor input, Number exponent, *, Tensor out)\n");
}

/// torch.<fn>(t, ...) for functions that mirror a Tensor method: the method is the
/// single implementation.
py::object mirror(const char* name, CallArgs& args)
{
    if (takesNoArguments(name)) {
        // torch.exp(input, *, out=None): the parser's errors, not the method's.
        static std::map<std::string, ArgumentParser> parsers;
        auto it = parsers.find(name);
        if (it == parsers.end())
            it = parsers.emplace(name, ArgumentParser{std::string(name) + "(Tensor input, *, Tensor out=None)"}).first;
        const ParsedArguments a = it->second.parse(args);
        refuseOut(a, name);
        return py::reinterpret_borrow<py::object>(a["input"]).attr(name)();
    }
    if (args.positional.empty()) {
        if (py::handle input = args.keyword("input")) {
            const std::string inputKey = args.keywordFor("input");  // "input", or "x" for it
            py::dict rest;
            for (auto [k, v] : args.keywords)
                if (py::str(k).cast<std::string>() != inputKey)
                    rest[k] = v;
            return mirrorSelf(name, input).attr(name)(**rest);
        }
        raise(PyExc_TypeError, std::string(name) + "() missing required argument 'input' (pos 1)");
    }
    if (std::string_view(name) == "pow" && !isTensor(args.positional[0]))
        return powOfNumber(args);
    py::object self = mirrorSelf(name, args.positional[0]);
    if (args.keyword("input"))
        raise(PyExc_TypeError, std::string(name) + "() got multiple values for argument 'input'");
    py::tuple rest(args.positional.size() - 1);
    for (size_t i = 1; i < args.positional.size(); ++i)
        rest[i - 1] = args.positional[i];
    return self.attr(name)(*rest, **args.keywords);
}

TensorList tensorSequence(py::handle v, const char* fn)
{
    TensorList out;
    for (py::handle item : v)
        out.push_back(requireTensor(item, fn, "tensors", 1));
    return out;
}

py::object allclose(CallArgs& args)
{
    auto a = bind(args, "allclose", {"input", "other", "rtol", "atol", "equal_nan"}, 2);
    Tensor x = requireTensor(a[0], "allclose", "input", 1);
    Tensor y = requireTensor(a[1], "allclose", "other", 2);
    const double rtol = given(a[2]) ? requireFloat(a[2], "allclose", "rtol") : 1e-5;
    const double atol = given(a[3]) ? requireFloat(a[3], "allclose", "atol") : 1e-8;
    const bool equalNan = given(a[4]) && truthy(a[4]);
    Tensor xb = ops::expand(x, ops::broadcastShapes(x.sizes(), y.sizes()));
    Tensor yb = ops::expand(y, xb.sizes());
    for (int64_t i = 0; i < xb.numel(); ++i) {
        const double p = xb.valueAt(i), q = yb.valueAt(i);
        if (std::isnan(p) || std::isnan(q)) {
            if (!(equalNan && std::isnan(p) && std::isnan(q)))
                return py::bool_(false);
            continue;
        }
        if (p != q && std::fabs(p - q) > atol + rtol * std::fabs(q))
            return py::bool_(false);
    }
    return py::bool_(true);
}

/// multinomial(num_samples, replacement=False, *, generator=None)
py::object multinomialImpl(const Tensor& self, CallArgs& args, int)
{
    auto a = bind(args, "multinomial", {"num_samples", "replacement", "generator"}, 1);
    const int64_t samples = requireInt(a[0], "multinomial", "num_samples");
    const bool replacement = given(a[1]) && requireBool(a[1], "multinomial", "replacement");
    return wrapTensor(ops::multinomial(self, samples, replacement, generatorArg(a[2], "multinomial")));
}

}  // namespace

void bindFunctions(py::module_& m)
{
    defMethodAndFunctionNumbered(m, m.attr("_TensorBase"), "multinomial", multinomialImpl);

    defNative(m, "tensor", tensorFactory);
    m.def("from_numpy", &fromNumpy);
    m.def("_is_numpy_array", [](py::handle h) { return numpy::isArray(h); });
    m.def("_numpy_imported", &numpy::imported);
    AGV_SIZE_FACTORY(ones);
    AGV_SIZE_FACTORY(zeros);
    defNative(m, "_efficientzerotensor", [](CallArgs& args) {
        static const ArgumentParser parser{"_efficientzerotensor(IntArrayRef size, *, " AGV_FACTORY_OPTIONS};
        return sizeFactory<ops::efficientZeroTensor>(args, parser, "_efficientzerotensor");
    });
    defNative(m, "empty", [](CallArgs& args) {
        static const ArgumentParser parser{
            "empty(IntArrayRef size, *, DimnameList? names, MemoryFormat? memory_format=None, " AGV_FACTORY_OPTIONS,
            "empty(SymIntArrayRef size, *, MemoryFormat? memory_format=None, Tensor out=None, " AGV_FACTORY_OPTIONS};
        const ParsedArguments a = parser.parse(args);
        FactoryOptions o = factoryOptions(a, "empty");
        const ScalarType dtype = o.dtype.value_or(defaultFloatType());
        if (given(a["memory_format"]))
            return finishFactory(ops::emptyIn(a.intList("size"), o.memoryFormat, dtype, o.device), o);
        return finishFactory(ops::empty(a.intList("size"), dtype, o.device), o);
    });
    AGV_RANDOM_FACTORY(rand);
    AGV_RANDOM_FACTORY(randn);
    defNative(m, "randperm", [](CallArgs& args) {
        static const ArgumentParser parser{
            "randperm(int64_t n, *, Generator? generator, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, "
            "Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
            "randperm(int64_t n, *, Tensor out=None, " AGV_FACTORY_OPTIONS};
        const ParsedArguments a = parser.parse(args);
        FactoryOptions o = factoryOptions(a, "randperm");
        return finishFactory(ops::randperm(a.toInt("n"), o.dtype.value_or(ScalarType::Int64), o.device,
                                           generatorArg(a["generator"], "randperm")),
                             o);
    });
    AGV_LIKE_FACTORY(zeros_like, ops::zerosLike);
    AGV_LIKE_FACTORY(ones_like, ops::onesLike);
    AGV_LIKE_FACTORY(empty_like, ops::emptyLike);
    AGV_LIKE_FACTORY(rand_like, ops::randLike);
    AGV_LIKE_FACTORY(randn_like, ops::randnLike);
    defNative(m, "full", [](CallArgs& args) {
        static const ArgumentParser parser{
            "full(IntArrayRef size, Scalar fill_value, *, DimnameList? names, " AGV_FACTORY_OPTIONS,
            "full(SymIntArrayRef size, Scalar fill_value, *, Tensor out=None, " AGV_FACTORY_OPTIONS};
        const ParsedArguments a = parser.parse(args);
        FactoryOptions o = factoryOptions(a, "full");
        return finishFactory(ops::full(a.intList("size"), a.scalar("fill_value"), o.dtype, o.device), o);
    });
    defNative(m, "full_like", [](CallArgs& args) {
        static const ArgumentParser parser{
            "full_like(Tensor input, Scalar fill_value, *, MemoryFormat? memory_format=None, " AGV_FACTORY_OPTIONS};
        const ParsedArguments a = parser.parse(args);
        FactoryOptions o = factoryOptions(a, "full_like");
        return finishFactory(ops::fullLike(layoutTemplate(a.tensor("input"), o), a.scalar("fill_value"), o.dtype), o);
    });
    defNative(m, "arange", [](CallArgs& args) {
        static const ArgumentParser parser{
            "arange(Scalar end, *, Tensor out=None, " AGV_FACTORY_OPTIONS,
            "arange(Scalar start, Scalar end, *, " AGV_FACTORY_OPTIONS,
            "arange(Scalar start, Scalar end, Scalar step=1, *, Tensor out=None, " AGV_FACTORY_OPTIONS};
        const ParsedArguments a = parser.parse(args);
        FactoryOptions o = factoryOptions(a, "arange");
        const Scalar start = a.has("start") ? a.scalar("start") : Scalar(int64_t(0));
        const Scalar step = a.has("step") ? a.scalar("step") : Scalar(int64_t(1));
        return finishFactory(ops::arange(start, a.scalar("end"), step, o.dtype, o.device), o);
    });
    defNative(m, "kaiser_window", [](CallArgs& args) {
        static const ArgumentParser parser{"kaiser_window(int64_t window_length, *, " AGV_FACTORY_OPTIONS,
                                           "kaiser_window(int64_t window_length, bool periodic, *, " AGV_FACTORY_OPTIONS,
                                           "kaiser_window(int64_t window_length, bool periodic, double beta, *, "
                                           AGV_FACTORY_OPTIONS};
        const ParsedArguments a = parser.parse(args);
        FactoryOptions o = factoryOptions(a, "kaiser_window");
        const bool periodic = a.toBool("periodic", true);
        const double beta = a.has("beta") ? a.toDouble("beta") : 12.0;
        return finishFactory(ops::kaiserWindow(a.toInt("window_length"), periodic, beta,
                                               o.dtype.value_or(defaultFloatType()), o.device),
                             o);
    });
    defNative(m, "linspace", [](CallArgs& args) {
        static const ArgumentParser parser{
            "linspace(Scalar start, Scalar end, int64_t steps, *, Tensor out=None, " AGV_FACTORY_OPTIONS};
        const ParsedArguments a = parser.parse(args);
        FactoryOptions o = factoryOptions(a, "linspace");
        return finishFactory(ops::linspace(a.scalar("start").toDouble(), a.scalar("end").toDouble(), a.toInt("steps"),
                                           o.dtype.value_or(defaultFloatType()), o.device),
                             o);
    });
    defNative(m, "eye", [](CallArgs& args) {
        static const ArgumentParser parser{"eye(int64_t n, *, Tensor out=None, " AGV_FACTORY_OPTIONS,
                                           "eye(int64_t n, int64_t m, *, Tensor out=None, " AGV_FACTORY_OPTIONS};
        const ParsedArguments a = parser.parse(args);
        FactoryOptions o = factoryOptions(a, "eye");
        return finishFactory(ops::eye(a.toInt("n"), a.has("m") ? a.toInt("m") : -1,
                                      o.dtype.value_or(defaultFloatType()), o.device),
                             o);
    });
    defNative(m, "randint", [](CallArgs& args) {
        static const ArgumentParser parser{
            "randint(int64_t high, IntArrayRef size, *, Generator? generator, Tensor out=None, " AGV_FACTORY_OPTIONS,
            "randint(int64_t high, IntArrayRef size, *, Tensor out=None, " AGV_FACTORY_OPTIONS,
            "randint(int64_t low, int64_t high, IntArrayRef size, *, Generator? generator, Tensor out=None, "
            AGV_FACTORY_OPTIONS,
            "randint(int64_t low, int64_t high, IntArrayRef size, *, Tensor out=None, " AGV_FACTORY_OPTIONS};
        const ParsedArguments a = parser.parse(args);
        FactoryOptions o = factoryOptions(a, "randint");
        return finishFactory(ops::randint(a.has("low") ? a.toInt("low") : 0, a.toInt("high"), a.intList("size"),
                                          o.dtype.value_or(ScalarType::Int64), o.device,
                                          generatorArg(a["generator"], "randint")),
                             o);
    });

    defParsedMethodAndFunction(
        m, m.attr("_TensorBase"), {"argmax(int64_t? dim=None, bool keepdim=False)"},
        {"argmax(Tensor input, int64_t? dim=None, bool keepdim=False, *, Tensor out=None)"},
        [](const Tensor& self, const ParsedArguments& a) -> py::object {
            refuseOut(a, "argmax");
            std::optional<int64_t> dim;
            if (a.has("dim"))
                dim = a.toInt("dim");
            return wrapTensor(ops::argmax(self, dim, a.toBool("keepdim", false)));
        });
    // sum and mean: all dims, the given dims, or dims by name (which no tensor here has).
    defParsedMethodAndFunction(
        m, m.attr("_TensorBase"),
        {"sum(*, ScalarType? dtype=None)", "sum(IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None)",
         "sum(DimnameList[1] dim, bool keepdim=False, *, ScalarType? dtype=None)"},
        {"sum(Tensor input, *, ScalarType? dtype=None)",
         "sum(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
         "sum(Tensor input, DimnameList[1] dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)"},
        [](const Tensor& self, const ParsedArguments& a) -> py::object {
            refuseOut(a, "sum");
            if (a.overload() == 2)
                raiseNameNotFound(self, a["dim"]);
            const std::optional<ScalarType> dtype = a.dtype("dtype");
            if (!a.has("dim"))
                return wrapTensor(ops::sum(self, dtype));
            return wrapTensor(ops::sum(self, a.intList("dim"), a.toBool("keepdim", false), dtype));
        });
    defParsedMethodAndFunction(
        m, m.attr("_TensorBase"),
        {"mean(*, ScalarType? dtype=None)", "mean(IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None)",
         "mean(DimnameList[1] dim, bool keepdim=False, *, ScalarType? dtype=None)"},
        {"mean(Tensor input, *, ScalarType? dtype=None)",
         "mean(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
         "mean(Tensor input, DimnameList[1] dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)"},
        [](const Tensor& self, const ParsedArguments& a) -> py::object {
            refuseOut(a, "mean");
            if (a.overload() == 2)
                raiseNameNotFound(self, a["dim"]);
            // ATen's CPU mean with a dtype is sum(self, dtype) / count: the values converted, then
            // reduced. A converted input that requires grad would record ToCopyBackward0 where
            // 1.13 records MeanBackward1 alone, so that one case is refused.
            Tensor source = self;
            if (std::optional<ScalarType> dtype = a.dtype("dtype"); dtype && *dtype != self.dtype()) {
                if (self.requiresGrad() && GradMode::isEnabled())
                    raise(PyExc_NotImplementedError,
                          "autogradviz: mean(dtype=...) of a tensor that requires grad is not supported yet");
                source = ops::toDtype(self, *dtype);
            }
            if (!a.has("dim"))
                return wrapTensor(ops::mean(source));
            return wrapTensor(ops::mean(source, a.intList("dim"), a.toBool("keepdim", false)));
        });
#define AGV_MIRROR(name) defNative(m, #name, [](CallArgs& a) { return mirror(#name, a); })
    AGV_MIRROR(add); AGV_MIRROR(sub); AGV_MIRROR(mul); AGV_MIRROR(div); AGV_MIRROR(pow); AGV_MIRROR(neg);
    AGV_MIRROR(reciprocal); AGV_MIRROR(exp); AGV_MIRROR(log); AGV_MIRROR(sqrt); AGV_MIRROR(rsqrt); AGV_MIRROR(abs);
    AGV_MIRROR(sin); AGV_MIRROR(cos); AGV_MIRROR(tanh); AGV_MIRROR(sigmoid); AGV_MIRROR(relu); AGV_MIRROR(clamp);
    AGV_MIRROR(max); AGV_MIRROR(min); AGV_MIRROR(softmax);
    AGV_MIRROR(log_softmax); AGV_MIRROR(matmul); AGV_MIRROR(mm); AGV_MIRROR(bmm); AGV_MIRROR(dot); AGV_MIRROR(mv);
    AGV_MIRROR(transpose); AGV_MIRROR(t); AGV_MIRROR(permute); AGV_MIRROR(reshape);
    AGV_MIRROR(flatten); AGV_MIRROR(unsqueeze); AGV_MIRROR(squeeze); AGV_MIRROR(narrow); AGV_MIRROR(select);
    AGV_MIRROR(clone); AGV_MIRROR(detach); AGV_MIRROR(numel); AGV_MIRROR(eq); AGV_MIRROR(ne); AGV_MIRROR(lt);
    AGV_MIRROR(le); AGV_MIRROR(gt); AGV_MIRROR(ge); AGV_MIRROR(split); AGV_MIRROR(split_with_sizes);
    AGV_MIRROR(unsafe_split); AGV_MIRROR(unsafe_split_with_sizes); AGV_MIRROR(chunk); AGV_MIRROR(unsafe_chunk);
#undef AGV_MIRROR
    m.attr("clip") = m.attr("clamp");
    // For composites that ATen writes with at::_unsafe_view (kron): a view recorded as
    // UnsafeViewBackward0. Not a torch.* function in 1.13, so only torch._C has it.
    defNative(m, "_unsafe_view", [](CallArgs& args) {
        auto a = bind(args, "_unsafe_view", {"self", "size"}, 2);
        return wrapTensor(ops::internal::unsafeView(requireTensor(a[0], "_unsafe_view", "self", 1),
                                                    intList(a[1], "_unsafe_view", "size")));
    });
    // `tensor * 0.5` written in ATen C++ is mul.Scalar (MulBackward1), where the same line
    // in Python wraps 0.5 as a tensor (MulBackward0); composites ported from ATen use these.
    defNative(m, "_add_scalar", scalarOverload<ops::internal::addScalar>);
    defNative(m, "_sub_scalar", scalarOverload<ops::internal::subScalar>);
    defNative(m, "_mul_scalar", scalarOverload<ops::internal::mulScalar>);
    defNative(m, "_div_scalar", scalarOverload<ops::internal::divScalar>);
    // torch.normal / torch.bernoulli (torch/_sampling.py) draw in Python, then name their node here.
    m.def("_record_sample", [](const std::string& op, py::handle sample, py::handle inputs) {
        static const std::map<std::string, ops::SampledBy> kinds = {
            {"normal_tensor_float", ops::SampledBy::NormalTensorFloat},
            {"normal_float_tensor", ops::SampledBy::NormalFloatTensor},
            {"normal_tensor_tensor", ops::SampledBy::NormalTensorTensor},
            {"bernoulli", ops::SampledBy::Bernoulli}};
        const auto kind = kinds.find(op);
        AGV_CHECK(kind != kinds.end(), RuntimeError, "_record_sample: unknown op ", op);
        return wrapTensor(ops::recordSample(kind->second, requireTensor(sample, "_record_sample", "sample", 1),
                                            tensorSequence(inputs, "_record_sample")));
    });
    defNative(m, "where", [](CallArgs& args) {
        // where(condition) alone is nonzero(condition, as_tuple=True) (1.13's own overload).
        const size_t given = args.positional.size() + (args.keywords ? py::len(args.keywords) : 0);
        if (given == 1 && (args.positional.size() == 1 || args.keyword("condition"))) {
            py::handle condition = args.positional.size() == 1 ? py::handle(args.positional[0]) : args.keyword("condition");
            requireTensor(condition, "where", "condition", 1);
            return py::module_::import("torch").attr("nonzero")(condition, py::arg("as_tuple") = true);
        }
        auto a = bind(args, "where", {"condition", "input", "other"}, 3);
        Tensor cond = requireTensor(a[0], "where", "condition", 1);
        auto operand = [](py::handle v) {
            auto t = asTensor(v);
            return t ? *t : ops::scalarTensor(requireScalar(v, "where", "input"));
        };
        return wrapTensor(ops::where(cond, operand(a[1]), operand(a[2])));
    });
    defNative(m, "cat", [](CallArgs& args) {
        auto a = bind(args, "cat", {"tensors", "dim"}, 1);
        return wrapTensor(ops::cat(tensorSequence(a[0], "cat"), given(a[1]) ? requireInt(a[1], "cat", "dim") : 0));
    });
    m.attr("concat") = m.attr("cat");
    defNative(m, "stack", [](CallArgs& args) {
        auto a = bind(args, "stack", {"tensors", "dim"}, 1);
        return wrapTensor(ops::stack(tensorSequence(a[0], "stack"), given(a[1]) ? requireInt(a[1], "stack", "dim") : 0));
    });
    defNative(m, "is_tensor", [](CallArgs& args) -> py::object { return py::bool_(isTensor(argAt(args, 0, "obj"))); });
    defNative(m, "allclose", allclose);
    defNative(m, "typename", [](CallArgs& args) -> py::object {
        py::handle v = argAt(args, 0, "obj");
        if (auto t = asTensor(v))
            return py::str(std::string(t->device().isCuda() ? "torch.cuda." : "torch.") +
                           legacyTensorTypeName(t->dtype()));
        return py::str(typeName(v));
    });
    defNative(m, "promote_types", [](CallArgs& args) -> py::object {
        auto a = bind(args, "promote_types", {"type1", "type2"}, 2);
        const auto first = asDtype(a[0]), second = asDtype(a[1]);
        if (!first || !second)
            raise(PyExc_TypeError, "promote_types(): argument '" + std::string(first ? "type2" : "type1") +
                                       "' must be torch.dtype, not " + typeName(first ? a[1] : a[0]));
        return wrapDtype(promoteTypes(*first, *second));
    });
    defNative(m, "result_type", [](CallArgs& args) -> py::object {
        auto a = bind(args, "result_type", {"tensor", "other"}, 2);
        std::optional<Tensor> tensor = asTensor(a[0]);
        py::handle other = a[1];
        if (!tensor) {
            // result_type(number, tensor): the same promotion, operands swapped.
            tensor = asTensor(a[1]);
            other = a[0];
        }
        if (!tensor || !(isTensor(other) || isNumber(other)))
            raise(PyExc_TypeError, "result_type() received an invalid combination of arguments - got (" +
                                       typeName(a[0]) + ", " + typeName(a[1]) + ")");
        if (auto second = asTensor(other))
            return wrapDtype(ops::resultType({&*tensor, &*second}));
        return wrapDtype(ops::resultType(*tensor, toScalar(other)));
    });
    defNative(m, "equal", [](CallArgs& args) -> py::object {
        auto a = bind(args, "equal", {"input", "other"}, 2);
        return py::bool_(
            tensorsEqual(requireTensor(a[0], "equal", "input", 1), requireTensor(a[1], "equal", "other", 2)));
    });

    // --- random state and defaults
    defNative(m, "get_default_dtype", [](CallArgs&) { return wrapDtype(defaultFloatType()); });
    defNative(m, "set_default_dtype", [](CallArgs& args) {
        auto d = asDtype(argAt(args, 0, "d"));
        if (!d || !isFloatingType(*d))
            raise(PyExc_TypeError, "only floating-point types are supported as the default type");
        setDefaultFloatType(*d);
        return py::object(py::none());
    });
    defNative(m, "set_printoptions", [](CallArgs& args) {
        auto a = bind(args, "set_printoptions", {"precision", "threshold", "edgeitems", "linewidth", "profile", "sci_mode"},
                      0);
        PrintOptions& o = printOptions();
        if (given(a[4]) && PyUnicode_Check(a[4].ptr()) && a[4].cast<std::string>() == "default")
            o = PrintOptions{};
        if (given(a[0]))
            o.precision = int(requireInt(a[0], "set_printoptions", "precision"));
        if (given(a[1]))
            o.threshold = requireInt(a[1], "set_printoptions", "threshold");
        if (given(a[2]))
            o.edgeItems = int(requireInt(a[2], "set_printoptions", "edgeitems"));
        if (given(a[3]))
            o.lineWidth = int(requireInt(a[3], "set_printoptions", "linewidth"));
        if (a[5])
            o.sciMode = a[5].is_none() ? std::optional<bool>() : std::optional<bool>(truthy(a[5]));
        return py::object(py::none());
    });
}

}  // namespace agv::python
