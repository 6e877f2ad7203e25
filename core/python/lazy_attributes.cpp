#include "core/python/lazy_attributes.h"

#include <Python.h>

#include "core/trace/sink.h"

// Note [Names loaded on first use]
// PyTorch's `import torch` imports every layer, loss and optimiser; ours did too, and
// that was half of the host's start-up (issue 7's budget: 80 ms to the first line).
// torch.nn, torch.nn.modules and torch.optim now hold a table `name -> "module"` (the
// module that defines the name, or the submodule of that name) and a PEP 562 `__getattr__` that imports
// the module the first time the name is read, then stores the value in the package, so
// later reads never come back here. `nn.Linear`, `from torch.nn import Linear`,
// `torch.nn.modules.linear`, `hasattr` and `dir()` behave as in PyTorch.
//
// The `__getattr__` is a built-in function on purpose: one written in Python would add
// its own frame to the traceback of a mistyped name (`nn.Linearr`), which PyTorch's
// traceback does not have. The AttributeError text is CPython's own for modules, and
// `__dir__` lists the table, so CPython's "Did you mean: 'Linear'?" still finds it.
//
// The import runs with graph events muted: it happens on the learner's line that first
// reads the name, and library module bodies are not part of the learner's graph.

namespace agv::python {

namespace py = pybind11;

namespace {

/// `names` maps a name to the module that defines it; when that module is the package's
/// own submodule of the same name (torch.nn.init), the name is the module itself.
py::object loadOnFirstUse(const py::dict& globals, const py::dict& names, const py::str& name)
{
    const py::object packageName = globals.attr("get")("__name__", "?");
    const py::object target = names.attr("get")(name);
    if (target.is_none()) {
        PyErr_Format(PyExc_AttributeError, "module '%U' has no attribute '%U'", packageName.ptr(), name.ptr());
        throw py::error_already_set();
    }
    const std::string moduleName = py::str(target);
    const std::string package = py::str(packageName);
    const std::string ownSubmodule = package + "." + std::string(py::str(name));
    // Importing torch.optim.sgd binds `sgd` on torch.optim; PyTorch deletes those names.
    std::string bound;
    if (moduleName.compare(0, package.size() + 1, package + ".") == 0) {
        bound = moduleName.substr(package.size() + 1);
        bound = bound.substr(0, bound.find('.'));
        if (globals.contains(bound.c_str()) || names.contains(bound.c_str()))
            bound.clear();
    }
    py::object value;
    {
        trace::MuteGuard quiet;
        value = py::module_::import(moduleName.c_str());
        if (moduleName != ownSubmodule)
            value = value.attr(name);
    }
    if (!bound.empty() && globals.contains(bound.c_str()))
        PyDict_DelItemString(globals.ptr(), bound.c_str());
    globals[name] = value;
    return value;
}

py::list namesOf(const py::dict& globals, const py::dict& names)
{
    py::list out;
    for (auto item : globals)
        out.append(item.first);
    for (auto item : names)
        if (!globals.contains(item.first))
            out.append(item.first);
    return out;
}

}  // namespace

void bindLazyAttributes(py::module_& m)
{
    m.def(
        "_attributes_on_first_use",
        [](py::dict globals, py::dict names) {
            globals["__getattr__"] = py::cpp_function(
                [globals, names](py::str name) { return loadOnFirstUse(globals, names, name); },
                py::name("__getattr__"));
            globals["__dir__"] =
                py::cpp_function([globals, names]() { return namesOf(globals, names); }, py::name("__dir__"));
        },
        "Give the package whose globals these are a name table loaded on first use (Note [Names loaded on first use]).");
}

}  // namespace agv::python
