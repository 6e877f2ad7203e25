#include "core/script/torch/return_types.h"

#include "core/script/exceptions.h"
#include "core/script/interpreter.h"
#include "core/script/torch/node_object.h"

namespace agv::script::torch {

std::optional<Value> ReturnTypesObject::getAttr(Interpreter&, std::string_view name)
{
    if (name == "values")
        return m_values;
    if (name == "indices")
        return m_indices;
    return std::nullopt;
}

std::optional<Value> ReturnTypesObject::getItem(Interpreter& in, const Value& key)
{
    int64_t i = in.toIndex(key);
    if (i < 0)
        i += 2;
    if (i == 0)
        return m_values;
    if (i == 1)
        return m_indices;
    throw PyError(BuiltinExc::IndexError, "tuple index out of range");
}

std::optional<Value> ReturnTypesObject::iterate(Interpreter& in) { return in.makeTuple({m_values, m_indices}); }

std::string ReturnTypesObject::repr(Interpreter& in)
{
    return "torch.return_types." + m_name + "(\nvalues=" + in.repr(m_values) + ",\nindices=" + in.repr(m_indices) +
           ")";
}

std::optional<Value> RemovableHandleObject::getAttr(Interpreter& in, std::string_view name)
{
    if (name == "remove") {
        auto remove = m_remove;
        return in.makeFunction("remove", [remove](Interpreter&, CallArgs&) {
            remove();
            return Value::none();
        });
    }
    return std::nullopt;
}

}  // namespace agv::script::torch
