#include "core/script/torch/grad_mode_objects.h"

#include "core/script/exceptions.h"
#include "core/script/interpreter.h"

namespace agv::script::torch {

std::optional<Value> ModeContextObject::enter(Interpreter&)
{
    m_restore.push_back(m_apply());
    return Value::none();
}

std::optional<bool> ModeContextObject::exit(Interpreter&, const Value&)
{
    if (!m_restore.empty()) {
        m_restore.back()();
        m_restore.pop_back();
    }
    return false;
}

std::optional<Value> ModeContextObject::call(Interpreter& in, CallArgs& args)
{
    if (!m_decorator || args.positional.size() != 1)
        return std::nullopt;
    Value function = args.positional[0];
    auto apply = m_apply;
    // Like functools.wraps: the decorated function keeps its own __name__.
    std::string name = m_name;
    if (auto wrappedName = in.findAttr(function, "__name__"); wrappedName && wrappedName->isStr())
        name = wrappedName->str();
    return in.makeFunction(name, [function, apply](Interpreter& interp, CallArgs& inner) {
        auto restore = apply();
        try {
            Value result = interp.call(function, inner);
            restore();
            return result;
        } catch (...) {
            restore();
            throw;
        }
    });
}

}  // namespace agv::script::torch
