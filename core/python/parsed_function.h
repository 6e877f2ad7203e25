#pragma once
// A module-level function bound through 1.13's argument parser: wrong calls get its
// TypeError word for word, and out= is refused as everywhere else.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/python/signature_parser.h"
#include "core/python/tensor_support.h"

namespace agv::python {

using ParsedBody = std::function<py::object(const ParsedArguments&)>;

/// <module>.<name>, parsed by `signatures` (the name is the first signature's).
inline void defParsed(py::module_& m, const std::vector<std::string>& signatures, ParsedBody body)
{
    const std::string name = FunctionSignature(signatures.front()).name;
    auto parser = std::make_shared<ArgumentParser>(signatures);
    m.attr(name.c_str()) = py::cpp_function(
        [parser, body, name](py::args args, py::kwargs kwargs) {
            const CallArgs call{std::move(args), std::move(kwargs)};
            const ParsedArguments parsed = parser->parse(call);
            refuseOut(parsed, name);
            return body(parsed);
        },
        py::name(name.c_str()));
}

}  // namespace agv::python
