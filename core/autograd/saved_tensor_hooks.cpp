#include "core/autograd/saved_tensor_hooks.h"

#include <vector>

#include "core/error.h"

namespace agv {

namespace {

struct DefaultHooksState {
    struct Pair {
        SavedTensorDefaultHooks::Factory factory;
        std::string label;
    };
    std::vector<Pair> stack;
    // Set exactly while hooks are disabled.
    std::optional<std::string> disabledMessage;
};

DefaultHooksState& state()
{
    thread_local DefaultHooksState s;
    return s;
}

void checkEnabled()
{
    if (state().disabledMessage)
        throw Error(PyExc::RuntimeError, *state().disabledMessage);
}

}  // namespace

void SavedTensorDefaultHooks::push(Factory factory, std::string label)
{
    checkEnabled();
    state().stack.push_back({std::move(factory), std::move(label)});
}

void SavedTensorDefaultHooks::pop()
{
    if (!state().stack.empty())
        state().stack.pop_back();
}

std::unique_ptr<SavedVariableHooks> SavedTensorDefaultHooks::make()
{
    if (state().stack.empty())
        return nullptr;
    return state().stack.back().factory();
}

std::string SavedTensorDefaultHooks::innermostLabel()
{
    return state().stack.empty() ? std::string() : state().stack.back().label;
}

void SavedTensorDefaultHooks::disable(std::string message)
{
    state().disabledMessage = std::move(message);
    // Disabling while hooks are already on the stack is refused with that very message.
    if (!state().stack.empty())
        checkEnabled();
}

void SavedTensorDefaultHooks::enable() { state().disabledMessage.reset(); }

std::optional<std::string> SavedTensorDefaultHooks::disabledMessage() { return state().disabledMessage; }

}  // namespace agv
