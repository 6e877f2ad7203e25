// torch.dtype and torch.device. torch.Size is Python-level (torch/_size.py).

#include <pybind11/operators.h>

#include "core/python/bindings.h"
#include "core/python/py_values.h"

namespace agv::python {

namespace {
const char* deviceTypeName(const Device& d) { return d.isCpu() ? "cpu" : "cuda"; }

std::string deviceRepr(const Device& d)
{
    if (d.index < 0)
        return std::string("device(type='") + deviceTypeName(d) + "')";
    return std::string("device(type='") + deviceTypeName(d) + "', index=" + std::to_string(d.index) + ")";
}

/// c10::Device::str(): the index only when the device has one ("cuda", "cuda:0", "cpu:0").
std::string deviceStr(const Device& d)
{
    return d.index < 0 ? std::string(deviceTypeName(d)) : std::string(deviceTypeName(d)) + ":" + std::to_string(d.index);
}

Device makeDevice(py::handle spec, py::handle index)
{
    if (py::isinstance<Device>(spec))
        return spec.cast<Device>();
    if (PyLong_Check(spec.ptr()))
        return Device::cuda(int(toScalar(spec).toInt()));
    if (!PyUnicode_Check(spec.ptr()))
        raise(PyExc_TypeError, "device() received an invalid combination of arguments - got (" + typeName(spec) + ")");
    Device d = Device::parse(spec.cast<std::string>());
    if (given(index)) {
        if (spec.cast<std::string>().find(':') != std::string::npos)
            raise(PyExc_RuntimeError, "type (string) must not include an index because index was passed explicitly: " +
                                          spec.cast<std::string>());
        // Any index, a CPU one too: c10 validates a device's index only in debug builds.
        d.index = int(requireInt(index, "device", "index"));
    }
    return d;
}
}  // namespace

void bindTypes(py::module_& m)
{
    // pybind11 names a class after its scope's __name__: these two are "torch.dtype" and
    // "torch.device" in CPython's own messages ("'torch.dtype' object is not callable").
    py::object moduleName = m.attr("__name__");
    m.attr("__name__") = "torch";
    py::class_<ScalarType>(m, "dtype")
        .def_property_readonly("is_floating_point", [](ScalarType t) { return isFloatingType(t); })
        .def_property_readonly("is_complex", [](ScalarType) { return false; })
        .def_property_readonly("is_signed", [](ScalarType t) { return t != ScalarType::Bool && t != ScalarType::UInt8; })
        .def("__repr__", [](ScalarType t) { return std::string(dtypeName(t)); })
        .def("__eq__", [](ScalarType a, py::handle b) { auto t = asDtype(b); return t && *t == a; })
        .def("__ne__", [](ScalarType a, py::handle b) { auto t = asDtype(b); return !(t && *t == a); })
        .def("__hash__", [](ScalarType t) { return int64_t(t) + 1; })
        .def("__reduce__", [](ScalarType t) { return std::string(dtypeName(t)).substr(6); });
    m.attr("dtype").attr("__module__") = "torch";

    py::class_<Device>(m, "device")
        .def(py::init([](py::handle spec, py::handle index) { return makeDevice(spec, index); }), py::arg("type"),
             py::arg("index") = py::none())
        .def_property_readonly("type", &deviceTypeName)
        .def_property_readonly("index",
                               [](const Device& d) -> py::object {
                                   if (d.index < 0)
                                       return py::none();
                                   return py::int_(d.index);
                               })
        .def("__repr__", &deviceRepr)
        .def("__str__", &deviceStr)
        .def("__eq__",
             [](const Device& a, py::handle b) {
                 if (!py::isinstance<Device>(b))
                     return false;
                 const Device o = b.cast<Device>();
                 return o.type == a.type && o.index == a.index;
             })
        .def("__hash__", [](const Device& d) { return int64_t(d.type) * 1000 + d.index; });
    m.attr("device").attr("__module__") = "torch";
    m.attr("__name__") = moduleName;
    // The type's name as PyTorch's messages print it ("int", "torch.dtype"), for torch/*.py.
    m.def("_type_name", [](py::handle value) { return typeName(value); });

    for (ScalarType t : {ScalarType::Bool, ScalarType::Int64, ScalarType::Float32, ScalarType::Float64,
                         ScalarType::Half, ScalarType::BFloat16, ScalarType::Int32, ScalarType::Int16,
                         ScalarType::Int8, ScalarType::UInt8})
        wrapDtype(t);
    m.attr("float32") = wrapDtype(ScalarType::Float32);
    m.attr("float") = wrapDtype(ScalarType::Float32);
    m.attr("float64") = wrapDtype(ScalarType::Float64);
    m.attr("double") = wrapDtype(ScalarType::Float64);
    m.attr("float16") = wrapDtype(ScalarType::Half);
    m.attr("half") = wrapDtype(ScalarType::Half);
    m.attr("bfloat16") = wrapDtype(ScalarType::BFloat16);
    m.attr("int64") = wrapDtype(ScalarType::Int64);
    m.attr("long") = wrapDtype(ScalarType::Int64);
    m.attr("int32") = wrapDtype(ScalarType::Int32);
    m.attr("int") = wrapDtype(ScalarType::Int32);
    m.attr("int16") = wrapDtype(ScalarType::Int16);
    m.attr("short") = wrapDtype(ScalarType::Int16);
    m.attr("int8") = wrapDtype(ScalarType::Int8);
    m.attr("uint8") = wrapDtype(ScalarType::UInt8);
    m.attr("bool") = wrapDtype(ScalarType::Bool);
    m.def("_set_size_class", &setSizeClass);
}

}  // namespace agv::python
