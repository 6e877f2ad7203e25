#include "core/python/builtin_methods.h"

#include <Python.h>

#include <array>
#include <cstring>
#include <deque>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

// Note [Built-in methods like PyTorch's]
// In 1.13 a Tensor method is a method descriptor of torch._C._TensorBase, a property is
// a getset descriptor, torch.add is a built-in method of the class
// torch._C._VariableFunctionsClass, and torch._C._nn.gelu (F.gelu) a built-in function
// of its module. pybind11 stores a method as an instancemethod and binds a function to
// a capsule, so a learner's forgotten parentheses, `print(loss.item)`, printed
// "<bound method PyCapsule.item of tensor(...)>" where PyTorch prints
// "<built-in method item of Tensor object at 0x...>", and `loss.item + 1` raised a
// TypeError naming 'method' where PyTorch names 'builtin_function_or_method'.
//
// So once every binding is made, each pybind11 function is re-exposed as a real CPython
// built-in (PyMethodDef, method descriptor, PyCFunction) whose C entry point forwards
// the call, arguments untouched, to the pybind11 function. A PyMethodDef carries no
// closure and CPython's specialised calls enter its C function directly, so each
// built-in gets its own entry point: one of a fixed table of trampolines, each reading
// its target from its own slot. A table too small fails the import loudly.
//
// Of the dunder methods, only those 1.13 defines as method descriptors (the operators
// and conversions) become ones; the rest (__init__, __getitem__, __hash__, ...) stay
// pybind11's, as the type's slots were filled from them.

namespace agv::python {

namespace py = pybind11;

namespace {

constexpr size_t kTrampolines = 2048;

struct Forward {
    PyObject* target = nullptr;  ///< the pybind11 function (a strong reference, kept for good)
    bool prependSelf = false;    ///< a method: the instance becomes the first argument
};

std::array<Forward, kTrampolines> g_forwards;
size_t g_forwardsUsed = 0;

PyObject* forwardCall(const Forward& f, PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames)
{
    if (!f.prependSelf)
        return PyObject_Vectorcall(f.target, args, nargs, kwnames);
    const Py_ssize_t keywords = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    const size_t total = size_t(nargs + keywords) + 1;
    PyObject* onStack[8];
    std::vector<PyObject*> onHeap;
    PyObject** all = onStack;
    if (total > std::size(onStack)) {
        onHeap.resize(total);
        all = onHeap.data();
    }
    all[0] = self;
    std::copy(args, args + nargs + keywords, all + 1);
    return PyObject_Vectorcall(f.target, all, nargs + 1, kwnames);
}

template <size_t I>
PyObject* trampoline(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames)
{
    return forwardCall(g_forwards[I], self, args, nargs, kwnames);
}

template <size_t... I>
constexpr std::array<PyCFunction, sizeof...(I)> trampolineTable(std::index_sequence<I...>)
{
    return {reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&trampoline<I>))...};
}

const std::array<PyCFunction, kTrampolines> kTrampolineTable = trampolineTable(std::make_index_sequence<kTrampolines>());

/// A PyMethodDef and the strings it points to, alive as long as the process.
struct BuiltinDefinition {
    std::string name;
    std::string doc;
    PyMethodDef def{};
};
std::deque<BuiltinDefinition> g_definitions;

PyMethodDef* forwardingDefinition(const std::string& name, PyObject* target, bool prependSelf)
{
    if (g_forwardsUsed == kTrampolines)
        throw std::logic_error("builtin_methods.cpp: more built-ins than trampolines; raise kTrampolines");
    Py_INCREF(target);
    g_forwards[g_forwardsUsed] = Forward{target, prependSelf};
    BuiltinDefinition& d = g_definitions.emplace_back();
    d.name = name;
    if (PyObject* doc = PyObject_GetAttrString(target, "__doc__")) {
        if (PyUnicode_Check(doc))
            d.doc = PyUnicode_AsUTF8(doc);
        Py_DECREF(doc);
    }
    PyErr_Clear();
    d.def.ml_name = d.name.c_str();
    d.def.ml_meth = kTrampolineTable[g_forwardsUsed++];
    d.def.ml_flags = METH_FASTCALL | METH_KEYWORDS;
    d.def.ml_doc = d.doc.empty() ? nullptr : d.doc.c_str();
    return &d.def;
}

/// A pybind11 property's getter and setter behind a getset descriptor. The references
/// are raw on purpose: they are kept for good, past the interpreter's finalisation.
struct PropertyDefinition {
    std::string name;
    std::string doc;
    PyObject* fget = nullptr;
    PyObject* fset = nullptr;
    PyGetSetDef def{};
};
std::deque<PropertyDefinition> g_properties;

PyObject* propertyGet(PyObject* self, void* closure)
{
    return PyObject_CallOneArg(static_cast<PropertyDefinition*>(closure)->fget, self);
}

int propertySet(PyObject* self, PyObject* value, void* closure)
{
    auto* p = static_cast<PropertyDefinition*>(closure);
    if (!value) {
        PyErr_Format(PyExc_AttributeError, "can't delete attribute '%s'", p->name.c_str());
        return -1;
    }
    PyObject* args[] = {self, value};
    PyObject* result = PyObject_Vectorcall(p->fset, args, 2, nullptr);
    if (!result)
        return -1;
    Py_DECREF(result);
    return 0;
}

bool isDunder(const std::string& name)
{
    return name.size() > 4 && name.starts_with("__") && name.ends_with("__");
}

/// The dunders of 1.13's _TensorBase that are method descriptors.
bool isDescriptorDunder(const std::string& name)
{
    static const std::set<std::string> names{
        "__add__",  "__and__",   "__bool__",      "__complex__", "__div__",     "__eq__",       "__float__",
        "__floordiv__", "__ge__", "__gt__",       "__iadd__",    "__iand__",    "__idiv__",     "__ifloordiv__",
        "__ilshift__", "__imod__", "__imul__",    "__index__",   "__int__",     "__invert__",   "__ior__",
        "__irshift__", "__isub__", "__ixor__",    "__le__",      "__long__",    "__lshift__",   "__lt__",
        "__matmul__", "__mod__",  "__mul__",      "__ne__",      "__nonzero__", "__or__",       "__radd__",
        "__rand__",  "__rmul__",  "__ror__",      "__rshift__",  "__rxor__",    "__sub__",      "__truediv__",
        "__xor__"};
    return names.count(name) > 0;
}

void exposeMethods(py::handle cls)
{
    auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
    const py::dict members = py::reinterpret_borrow<py::dict>(type->tp_dict);
    std::vector<std::pair<std::string, py::object>> replacements;
    for (auto [key, value] : members) {
        const std::string name = py::str(key);
        if (isDunder(name) && !isDescriptorDunder(name))
            continue;
        if (PyInstanceMethod_Check(value.ptr())) {
            PyObject* function = PyInstanceMethod_GET_FUNCTION(value.ptr());
            if (!PyCFunction_Check(function))
                continue;
            PyMethodDef* def = forwardingDefinition(name, function, true);
            replacements.emplace_back(name, py::reinterpret_steal<py::object>(PyDescr_NewMethod(type, def)));
        } else if (PyObject_TypeCheck(value.ptr(), &PyProperty_Type)) {
            PropertyDefinition& p = g_properties.emplace_back();
            p.name = name;
            p.fget = py::object(value.attr("fget")).release().ptr();
            p.fset = py::object(value.attr("fset")).release().ptr();
            const py::object doc = value.attr("__doc__");
            if (py::isinstance<py::str>(doc))
                p.doc = py::str(doc);
            p.def.name = p.name.c_str();
            p.def.get = p.fget == Py_None ? nullptr : &propertyGet;
            p.def.set = p.fset == Py_None ? nullptr : &propertySet;
            p.def.doc = p.doc.empty() ? nullptr : p.doc.c_str();
            p.def.closure = &p;
            replacements.emplace_back(name, py::reinterpret_steal<py::object>(PyDescr_NewGetSet(type, &p.def)));
        }
    }
    for (auto& [name, descriptor] : replacements) {
        if (!descriptor)
            throw py::error_already_set();
        cls.attr(name.c_str()) = descriptor;
    }
}

/// Every pybind11 function of `m`, now bound to `self` (a class or the module itself)
/// with `__module__` `moduleName`.
void exposeFunctions(py::module_& m, py::handle self, const char* moduleName)
{
    const py::str module(moduleName);
    std::vector<std::pair<std::string, py::object>> replacements;
    for (auto [key, value] : py::reinterpret_borrow<py::dict>(PyModule_GetDict(m.ptr()))) {
        if (!PyCFunction_Check(value.ptr()) || !PyCapsule_CheckExact(PyCFunction_GET_SELF(value.ptr())))
            continue;  // not pybind11's (or already ours)
        const std::string name = py::str(key);
        PyMethodDef* def = forwardingDefinition(name, value.ptr(), false);
        PyObject* builtin = PyCFunction_NewEx(def, self.ptr(), module.ptr());
        if (!builtin)
            throw py::error_already_set();
        replacements.emplace_back(name, py::reinterpret_steal<py::object>(builtin));
    }
    for (auto& [name, builtin] : replacements)
        m.attr(name.c_str()) = builtin;
}

}  // namespace

void exposeAsBuiltins(py::module_& m, py::handle cls)
{
    // 1.13's class names, which descriptors' reprs and errors print.
    auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
    type->tp_name = strdup("torch._C._TensorBase");  // pybind11's own string may be freed with the type
    cls.attr("__module__") = "torch._C";
    exposeMethods(cls);

    const py::object functionsClass = py::module_::import("builtins").attr("type")(
        "_VariableFunctionsClass", py::tuple(), py::dict(py::arg("__module__") = "torch._C"));
    m.attr("_VariableFunctionsClass") = functionsClass;
    exposeFunctions(m, functionsClass, "torch");
    for (const char* sub : {"_nn", "_special"}) {
        if (!py::hasattr(m, sub))
            continue;
        py::module_ submodule = m.attr(sub);
        exposeFunctions(submodule, submodule, (std::string("torch._C.") + sub).c_str());
    }
}

}  // namespace agv::python
