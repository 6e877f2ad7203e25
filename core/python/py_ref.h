#pragma once
// A strong reference to a Python object that the engine keeps (a saved-tensor hook, a
// custom Function's ctx) and that may be destroyed after the interpreter has finalised
// (a hook left on the default stack when the script exits): it is then leaked, not
// decref'd into a dead interpreter.

#include <Python.h>
#include <pybind11/pybind11.h>

namespace agv::python {

class PyRef {
public:
    explicit PyRef(pybind11::object o) : m_object(o.release().ptr()) {}
    PyRef(const PyRef&) = delete;
    PyRef& operator=(const PyRef&) = delete;
    ~PyRef()
    {
        if (m_object && Py_IsInitialized())
            Py_DECREF(m_object);
    }
    pybind11::handle get() const { return m_object; }

private:
    PyObject* m_object;
};

}  // namespace agv::python
