#pragma once
// Arguments of a call: positional values and keyword (name, value) pairs, as a
// native function receives them.

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/script/value.h"

namespace agv::script {

struct CallArgs {
    std::vector<Value> positional;
    std::vector<std::pair<std::string, Value>> keywords;

    CallArgs() = default;
    CallArgs(std::vector<Value> pos) : positional(std::move(pos)) {}

    /// The keyword argument `name`, or nullptr.
    const Value* keyword(std::string_view name) const
    {
        for (const auto& [key, value] : keywords)
            if (key == name)
                return &value;
        return nullptr;
    }
};

/// Binds `args` to a Python-style signature for a native function and reports
/// errors with CPython's wording. `names` lists the parameters in order; the first
/// `required` of them must be given. Missing optional parameters come back Empty.
/// `positionalOnly` parameters cannot be passed by keyword (like `len(obj, /)`).
/// Throws PyError(TypeError) on arity or keyword mismatch.
std::vector<Value> bindNativeArgs(const CallArgs& args, std::string_view functionName,
                                  std::initializer_list<std::string_view> names, size_t required,
                                  size_t positionalOnly = 0);

}  // namespace agv::script
