#include "core/python/errors.h"

#include "core/warning.h"

namespace agv::python {

namespace py = pybind11;

namespace {
PyObject* g_outOfMemoryError = nullptr;

PyObject* pythonClass(PyExc exc)
{
    switch (exc) {
    case PyExc::RuntimeError: return PyExc_RuntimeError;
    case PyExc::TypeError: return PyExc_TypeError;
    case PyExc::ValueError: return PyExc_ValueError;
    case PyExc::IndexError: return PyExc_IndexError;
    case PyExc::KeyError: return PyExc_KeyError;
    case PyExc::NotImplementedError: return PyExc_NotImplementedError;
    case PyExc::ZeroDivisionError: return PyExc_ZeroDivisionError;
    case PyExc::AttributeError: return PyExc_AttributeError;
    case PyExc::AssertionError: return PyExc_AssertionError;
    case PyExc::OutOfMemoryError: return g_outOfMemoryError ? g_outOfMemoryError : PyExc_RuntimeError;
    }
    return PyExc_RuntimeError;
}

/// Raises `error` as a Python exception whose object carries the error's autograd facts.
void setPythonError(const Error& error)
{
    PyObject* type = pythonClass(error.exc());
    py::str message(error.message());
    // KeyError would repr() a str argument; PyTorch's KeyErrors carry the text as given.
    PyObject* instance = PyObject_CallOneArg(type, message.ptr());
    if (!instance)
        return;  // the constructor failed: its exception is already set
    py::object exception = py::reinterpret_steal<py::object>(instance);
    exception.attr("_agv_kind") = py::int_(int(error.kind()));
    exception.attr("_agv_failing_node") = py::int_(error.failingNode);
    exception.attr("_agv_stale_tensor") = py::int_(error.staleTensor);
    PyErr_SetObject(type, exception.ptr());
}

/// Engine warnings go through Python's warnings module, blaming the Python line that
/// called into the engine (stacklevel 1 is the innermost Python frame).
void warnThroughPython(const Warning& w)
{
    PyObject* category = PyExc_UserWarning;
    if (w.category == "DeprecationWarning")
        category = PyExc_DeprecationWarning;
    else if (w.category == "RuntimeWarning")
        category = PyExc_RuntimeWarning;
    else if (w.category == "FutureWarning")
        category = PyExc_FutureWarning;
    if (PyErr_WarnEx(category, w.message.c_str(), 1) < 0)
        throw py::error_already_set();  // warnings configured as errors
}
}  // namespace

void bindErrors(py::module_& m)
{
    g_outOfMemoryError = PyErr_NewException("torch.cuda.OutOfMemoryError", PyExc_RuntimeError, nullptr);
    m.attr("OutOfMemoryError") = py::handle(g_outOfMemoryError);
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p)
                std::rethrow_exception(p);
        } catch (const Error& e) {
            setPythonError(e);
        }
    });
    setWarningHandler(warnThroughPython);
}

ErrorFacts errorFacts(py::handle exception)
{
    ErrorFacts facts;
    if (!exception || !py::hasattr(exception, "_agv_kind"))
        return facts;
    facts.kind = ErrorKind(exception.attr("_agv_kind").cast<int>());
    facts.failingNode = exception.attr("_agv_failing_node").cast<uint64_t>();
    facts.staleTensor = exception.attr("_agv_stale_tensor").cast<uint64_t>();
    return facts;
}

}  // namespace agv::python
