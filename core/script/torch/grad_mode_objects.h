#pragma once
// Context managers that switch autograd modes: torch.no_grad(), enable_grad(),
// set_grad_enabled(b), inference_mode(), autograd.detect_anomaly(),
// autograd.set_detect_anomaly(b). The grad-mode ones also work as decorators.

#include <functional>

#include "core/script/host_object.h"

namespace agv::script::torch {

class ModeContextObject final : public HostObject {
public:
    /// `apply` switches the mode on and returns a function that restores the previous state.
    ModeContextObject(std::string name, std::function<std::function<void()>()> apply, bool decorator)
        : m_name(std::move(name)), m_apply(std::move(apply)), m_decorator(decorator)
    {
    }
    std::string typeName() const override { return m_name; }
    std::optional<Value> enter(Interpreter& in) override;
    std::optional<bool> exit(Interpreter& in, const Value& exception) override;
    /// As a decorator: returns a function running the wrapped one under the mode.
    std::optional<Value> call(Interpreter& in, CallArgs& args) override;

    /// Switches the mode now (set_detect_anomaly / set_grad_enabled act on call).
    void applyNow() { m_restore.push_back(m_apply()); }

private:
    std::string m_name;
    std::function<std::function<void()>()> m_apply;
    std::vector<std::function<void()>> m_restore;
    bool m_decorator;
};

}  // namespace agv::script::torch
