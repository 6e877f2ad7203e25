#include "core/python/py_values.h"

#include <array>

#include "core/python/numpy_bridge.h"
#include "core/python/out_argument.h"
#include "core/python/pytorch_signatures.h"
#include "core/python/signature_parser.h"

namespace agv::python {

namespace {
py::object& sizeClass()
{
    static py::object* cls = new py::object();  // leaked: outlives interpreter finalisation
    return *cls;
}

// One slot per ScalarType; UInt8 is the last.
constexpr size_t kScalarTypeCount = size_t(ScalarType::UInt8) + 1;

std::array<py::object*, kScalarTypeCount>& dtypeObjects()
{
    static std::array<py::object*, kScalarTypeCount> objects{};
    return objects;
}

std::string argPrefix(std::string_view fn, std::string_view arg)
{
    return std::string(fn) + "(): argument '" + std::string(arg) + "'";
}

/// A required argument that was not given (a null handle from argAt or a keyword lookup):
/// the argument parser's words (1.13's "arguments" for one is its own).
void requirePresent(py::handle h, std::string_view fn, std::string_view arg)
{
    if (!h)
        raise(PyExc_TypeError, std::string(fn) + "() missing 1 required positional arguments: \"" + std::string(arg) +
                                   "\"");
}
}  // namespace

[[noreturn]] void raise(PyObject* type, const std::string& message)
{
    PyErr_SetString(type, message.c_str());
    throw py::error_already_set();
}

std::string typeName(py::handle h)
{
    if (!h)  // a required argument nobody checked for: say so rather than crash
        raise(PyExc_TypeError, "missing a required argument");
    // Our extension module's types (dtype, device, ...) are torch.<name> in PyTorch's messages.
    const std::string_view name = Py_TYPE(h.ptr())->tp_name;
    constexpr std::string_view ours = "_agv_torch.";
    if (name.substr(0, ours.size()) == ours)
        return "torch." + std::string(name.substr(ours.size()));
    // torch.Size, torch.layout and torch.memory_format are C types in PyTorch, named with
    // their module; ours are Python classes of the torch package (Tensor is one in both).
    if (name == "Size" || name == "layout" || name == "memory_format") {
        py::object module = py::handle(reinterpret_cast<PyObject*>(Py_TYPE(h.ptr()))).attr("__module__");
        if (py::str(module).cast<std::string>() == "torch")
            return "torch." + std::string(name);
    }
    return std::string(name);
}

// ---------------------------------------------------------------- tensors

namespace {
PyTypeObject* g_tensorClass = nullptr;  // torch.Tensor, kept alive for the whole process

const py::detail::type_info* tensorTypeInfo()
{
    static const py::detail::type_info* info = py::detail::get_type_info(typeid(TensorImpl));
    return info;
}
}  // namespace

void setTensorClass(py::object cls) { g_tensorClass = reinterpret_cast<PyTypeObject*>(cls.release().ptr()); }

py::object wrapHolderAs(py::handle type, const py::detail::type_info* info, void* pointer, const void* holder)
{
    // What pybind11 does when it casts a holder, but with a chosen (Python) class as the
    // instance's type: PyTorch's tensors are instances of torch.Tensor, a Python class,
    // and each grad_fn is an instance of its node's own class.
    auto instance = py::reinterpret_steal<py::object>(
        py::detail::make_new_instance(reinterpret_cast<PyTypeObject*>(type.ptr())));
    auto* wrapper = reinterpret_cast<py::detail::instance*>(instance.ptr());
    wrapper->owned = true;
    py::detail::values_and_holders(wrapper).begin()->value_ptr() = pointer;
    info->init_instance(wrapper, holder);
    return instance;
}

py::object wrapTensorAs(py::handle type, const Tensor& t)
{
    return wrapHolderAs(type, tensorTypeInfo(), t.impl(), &t.implPtr());
}

py::object wrapTensor(const Tensor& t)
{
    if (!t.defined())
        return py::none();
    if (!g_tensorClass)
        return py::cast(t.implPtr());
    if (py::handle existing = py::detail::find_registered_python_instance(t.impl(), tensorTypeInfo()))
        return py::reinterpret_steal<py::object>(existing);
    return wrapTensorAs(reinterpret_cast<PyObject*>(g_tensorClass), t);
}

py::tuple wrapTensors(const TensorList& ts)
{
    py::tuple out(ts.size());
    for (size_t i = 0; i < ts.size(); ++i)
        out[i] = wrapTensor(ts[i]);
    return out;
}

namespace {
/// torch.Tensor's type object, looked up once: isinstance through pybind11's type
/// registry on every operator call would cost more than the op itself.
PyTypeObject* tensorType()
{
    static PyTypeObject* type = reinterpret_cast<PyTypeObject*>(py::detail::get_type_handle(typeid(TensorImpl), true).ptr());
    return type;
}
}  // namespace

bool isTensor(py::handle h) { return h && PyObject_TypeCheck(h.ptr(), tensorType()); }

std::optional<Tensor> asTensor(py::handle h)
{
    if (!isTensor(h))
        return std::nullopt;
    // The holder is read straight from the instance (the type check above guarantees it).
    auto* instance = reinterpret_cast<py::detail::instance*>(h.ptr());
    return Tensor(instance->get_value_and_holder().holder<std::shared_ptr<TensorImpl>>());
}

Tensor requireTensor(py::handle h, std::string_view fn, std::string_view arg, int position)
{
    requirePresent(h, fn, arg);
    if (auto t = asTensor(h))
        return *t;
    raise(PyExc_TypeError, argPrefix(fn, arg) + " (position " + std::to_string(position) + ") must be Tensor, not " +
                               typeName(h));
}

// ---------------------------------------------------------------- numbers

bool isNumber(py::handle h)
{
    return h && (PyBool_Check(h.ptr()) || PyLong_Check(h.ptr()) || PyFloat_Check(h.ptr()) || numpy::isScalar(h));
}

Scalar toScalar(py::handle h)
{
    if (PyBool_Check(h.ptr()))
        return Scalar(h.ptr() == Py_True);
    if (PyLong_Check(h.ptr())) {
        int overflow = 0;
        const long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
        if (overflow != 0)
            raise(PyExc_RuntimeError, "Overflow when unpacking long");
        return Scalar(int64_t(v));
    }
    if (numpy::isInteger(h)) {  // np.int64 and friends: integers, through __index__
        py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(h.ptr()));
        if (!index)
            throw py::error_already_set();
        return toScalar(index);
    }
    const double value = PyFloat_AsDouble(h.ptr());
    if (value == -1.0 && PyErr_Occurred())  // __float__ raised: a tensor of several elements
        throw py::error_already_set();
    return Scalar(value);
}

Scalar requireScalar(py::handle h, std::string_view fn, std::string_view arg)
{
    requirePresent(h, fn, arg);
    if (isNumber(h))
        return toScalar(h);
    if (auto t = asTensor(h); t && t->numel() == 1)
        return isFloatingType(t->dtype()) ? Scalar(t->item()) : Scalar(t->itemInt());
    raise(PyExc_TypeError, argPrefix(fn, arg) + " must be Number, not " + typeName(h));
}

int64_t requireInt(py::handle h, std::string_view fn, std::string_view arg)
{
    requirePresent(h, fn, arg);
    if (PyLong_Check(h.ptr()))
        return toScalar(h).toInt();
    if (auto t = asTensor(h); t && t->numel() == 1 && !isFloatingType(t->dtype()))
        return t->itemInt();
    if (!PyFloat_Check(h.ptr()) && PyIndex_Check(h.ptr())) {
        if (PyObject* index = PyNumber_Index(h.ptr()))
            return py::cast<int64_t>(py::reinterpret_steal<py::object>(index));
        PyErr_Clear();  // a tensor of several elements has __index__ too, and refuses
    }
    raise(PyExc_TypeError, argPrefix(fn, arg) + " must be int, not " + typeName(h));
}

double requireFloat(py::handle h, std::string_view fn, std::string_view arg)
{
    requirePresent(h, fn, arg);
    if (isNumber(h))
        return toScalar(h).toDouble();
    if (auto t = asTensor(h); t && t->numel() == 1)
        return t->item();
    raise(PyExc_TypeError, argPrefix(fn, arg) + " must be float, not " + typeName(h));
}

bool requireBool(py::handle h, std::string_view fn, std::string_view arg)
{
    requirePresent(h, fn, arg);
    if (PyBool_Check(h.ptr()))
        return h.ptr() == Py_True;
    if (PyLong_Check(h.ptr()))
        return toScalar(h).toInt() != 0;
    raise(PyExc_TypeError, argPrefix(fn, arg) + " must be bool, not " + typeName(h));
}

// ---------------------------------------------------------------- shapes

IntList intList(py::handle h, std::string_view fn, std::string_view arg)
{
    if (PyLong_Check(h.ptr()) && !PyBool_Check(h.ptr()))
        return {toScalar(h).toInt()};
    if (PyTuple_Check(h.ptr()) || PyList_Check(h.ptr())) {
        IntList out;
        for (py::handle item : h)
            out.push_back(requireInt(item, fn, arg));
        return out;
    }
    raise(PyExc_TypeError, argPrefix(fn, arg) + " must be tuple of ints, not " + typeName(h));
}

IntList sizesFromArgs(const py::args& args, std::string_view fn)
{
    if (args.size() == 1 && !PyLong_Check(args[0].ptr()))
        return intList(args[0], fn, "size");
    IntList out;
    for (py::handle v : args)
        out.push_back(requireInt(v, fn, "size"));
    return out;
}

void setSizeClass(py::object cls) { sizeClass() = std::move(cls); }

py::object wrapSize(const IntList& sizes)
{
    py::tuple items(sizes.size());
    for (size_t i = 0; i < sizes.size(); ++i)
        items[i] = py::int_(sizes[i]);
    if (!sizeClass())
        return std::move(items);
    return sizeClass()(items);
}

// ---------------------------------------------------------------- dtype / device

py::object wrapDtype(ScalarType t)
{
    py::object*& slot = dtypeObjects()[size_t(t)];
    if (!slot)
        slot = new py::object(py::cast(t));  // leaked on purpose: lives as long as the process
    return *slot;
}

std::optional<ScalarType> asDtype(py::handle h)
{
    if (h && py::isinstance<ScalarType>(h))
        return h.cast<ScalarType>();
    return std::nullopt;
}

py::object wrapDevice(Device d) { return py::cast(d); }

std::optional<Device> asDevice(py::handle h)
{
    if (!h || h.is_none())
        return std::nullopt;
    if (py::isinstance<Device>(h))
        return h.cast<Device>();
    if (PyUnicode_Check(h.ptr()))
        return Device::parse(h.cast<std::string>());
    if (PyLong_Check(h.ptr()))
        return Device::cuda(int(toScalar(h).toInt()));
    raise(PyExc_TypeError, "expected a device, not " + typeName(h));
}

// ---------------------------------------------------------------- arguments

const std::vector<std::string_view>& numpyNamesOf(std::string_view parameter)
{
    static const std::vector<std::string_view> none, dim{"axis"}, keepdim{"keepdims"}, input{"x", "a", "x1"},
        other{"x2"};
    if (parameter == "dim")
        return dim;
    if (parameter == "keepdim")
        return keepdim;
    if (parameter == "input")
        return input;
    if (parameter == "other")
        return other;
    return none;
}

std::string CallArgs::keywordFor(std::string_view name) const
{
    if (!keywords)
        return {};
    if (PyDict_GetItemString(keywords.ptr(), std::string(name).c_str()))
        return std::string(name);
    if (!numpyNames)
        return {};
    for (std::string_view alias : numpyNamesOf(name))
        if (PyDict_GetItemString(keywords.ptr(), std::string(alias).c_str()))
            return std::string(alias);
    return {};
}

py::handle CallArgs::keyword(std::string_view name) const
{
    const std::string key = keywordFor(name);
    if (key.empty())
        return {};
    return py::handle(PyDict_GetItemString(keywords.ptr(), key.c_str()));
}

void defNative(py::module_& m, const char* name, NativeFunction fn, bool numpyNames)
{
    // torch.nn.functional's functions are Python defs in 1.13: no parser of its own.
    const PyTorchSignatures signatures = numpyNames ? PyTorchSignatures(name, false) : PyTorchSignatures("", false);
    m.def(name, [fn, numpyNames, signatures, name](py::args args, py::kwargs kwargs) {
        CallArgs call{std::move(args), std::move(kwargs), numpyNames};
        signatures.check(call);
        if (signatures && passesOut(call.keywords))  // 1.13's parser took out=: Note [out= arguments]
            return callWithOut(name, call.positional, call.keywords, [fn, numpyNames](const py::args& a, const py::kwargs& k) {
                CallArgs rest{a, k, numpyNames};
                return fn(rest);
            });
        return fn(call);
    });
}

py::handle argAt(const CallArgs& args, size_t pos, std::string_view keyword)
{
    if (pos < args.positional.size())
        return args.positional[pos];
    return args.keyword(keyword);
}

bool truthy(py::handle h)
{
    const int r = PyObject_IsTrue(h.ptr());
    if (r < 0)
        throw py::error_already_set();
    return r != 0;
}

std::string describeGivenArguments(const CallArgs& args)
{
    auto typeOf = [](py::handle v) { return isTensor(v) ? std::string("Tensor") : typeName(v); };
    std::string out = "(";
    for (py::handle v : args.positional)
        out += (out.size() > 1 ? ", " : "") + typeOf(v);
    const auto keywords = keywordsInMessageOrder(args);
    for (const auto& [key, value] : keywords)
        out += (out.size() > 1 ? ", " : "") + key + "=" + typeOf(value);
    if (args.positional.empty() && !keywords.empty())
        out += ", ";
    return out + ")";
}

std::vector<py::object> bind(const CallArgs& args, std::string_view fn, std::initializer_list<std::string_view> names,
                             size_t required)
{
    std::vector<py::object> out(names.size());
    const size_t npos = args.positional.size();
    if (npos > names.size())
        raise(PyExc_TypeError, std::string(fn) + "() takes " +
                                   (required == names.size() ? "" : "from " + std::to_string(required) + " to ") +
                                   std::to_string(names.size()) + " positional argument" +
                                   (names.size() == 1 ? "" : "s") + " but " + std::to_string(npos) +
                                   (npos == 1 ? " was" : " were") + " given");
    for (size_t i = 0; i < npos; ++i)
        out[i] = py::reinterpret_borrow<py::object>(args.positional[i]);
    if (args.keywords) {
        auto indexOf = [&](std::string_view k) {
            size_t index = 0;
            for (std::string_view n : names) {
                if (n == k)
                    break;
                ++index;
            }
            return index;
        };
        std::vector<std::pair<std::string, py::handle>> unknown;
        for (auto [key, value] : args.keywords) {
            const std::string k = py::str(key);
            const size_t index = indexOf(k);
            if (index == names.size()) {
                unknown.emplace_back(k, value);
                continue;
            }
            if (out[index])
                raise(PyExc_TypeError, std::string(fn) + "() got multiple values for argument '" + k + "'");
            out[index] = py::reinterpret_borrow<py::object>(value);
        }
        // A numpy name fills its parameter when nothing else did (x.sum(axis=1)); 1.13
        // calls one that finds its parameter taken unexpected.
        for (const auto& [k, value] : unknown) {
            size_t index = names.size();
            for (std::string_view n : names)
                for (std::string_view alias : numpyNamesOf(n))
                    if (alias == k && index == names.size())
                        index = indexOf(n);
            if (index == names.size() || out[index] || !args.numpyNames)
                raise(PyExc_TypeError, std::string(fn) + "() got an unexpected keyword argument '" + k + "'");
            out[index] = py::reinterpret_borrow<py::object>(value);
        }
    }
    size_t index = 0;
    for (std::string_view n : names) {
        if (index < required && !out[index])
            raise(PyExc_TypeError, std::string(fn) + "() missing 1 required positional argument: '" + std::string(n) +
                                       "'");
        ++index;
    }
    return out;
}

std::string memoryFormatName(py::handle h)
{
    if (!given(h) || !py::hasattr(h, "_name"))
        return "preserve_format";
    return py::str(h.attr("_name")).cast<std::string>();
}

}  // namespace agv::python
