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
    return in.makeFunction(m_name, [function, apply](Interpreter& interp, CallArgs& inner) {
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
