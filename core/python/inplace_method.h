#pragma once
// An in-place Tensor method bound by PyTorch 1.13's argument parser (signature_parser.h):
// the body writes into self, and the method returns the very object it was called on.

#include <initializer_list>
#include <memory>
#include <string_view>

#include "core/python/py_values.h"
#include "core/python/signature_parser.h"

namespace agv::python {

/// The body of an in-place method: writes into `self`.
using ParsedInplaceImpl = void (*)(Tensor& self, const ParsedArguments& args);

/// Tensor.<name> (x.addmv_(mat, vec)), parsed by `signatures`, returning x itself.
inline void defParsedInplaceMethod(py::handle cls, std::initializer_list<std::string_view> signatures,
                                   ParsedInplaceImpl impl)
{
    const std::string name = FunctionSignature(*signatures.begin()).name;
    auto parser = std::make_shared<ArgumentParser>(signatures);
    cls.attr(name.c_str()) = py::cpp_function(
        [parser, impl](py::handle self, py::args args, py::kwargs kwargs) {
            const CallArgs call{std::move(args), std::move(kwargs)};
            const ParsedArguments parsed = parser->parse(call);
            Tensor t = *asTensor(self);
            impl(t, parsed);
            return py::reinterpret_borrow<py::object>(self);
        },
        py::name(name.c_str()), py::is_method(cls));
}

/// torch.<name>(input, ...) of an in-place op (torch.addmv_), returning `input` itself.
inline void defParsedInplaceFunction(py::module_& m, std::initializer_list<std::string_view> signatures,
                                     ParsedInplaceImpl impl)
{
    const std::string name = FunctionSignature(*signatures.begin()).name;
    auto parser = std::make_shared<ArgumentParser>(signatures);
    m.attr(name.c_str()) = py::cpp_function(
        [parser, impl](py::args args, py::kwargs kwargs) {
            const CallArgs call{std::move(args), std::move(kwargs)};
            const ParsedArguments parsed = parser->parse(call);
            Tensor t = parsed.tensor("input");
            impl(t, parsed);
            return py::reinterpret_borrow<py::object>(parsed["input"]);
        },
        py::name(name.c_str()));
}

}  // namespace agv::python
