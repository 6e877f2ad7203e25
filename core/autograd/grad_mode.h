#pragma once
// Thread-local autograd switches: grad mode, inference mode, anomaly mode.

#include <functional>

#include "core/trace/event.h"

namespace agv {

struct GradMode {
    static bool isEnabled();
    static void setEnabled(bool enabled);
};

struct InferenceMode {
    static bool isEnabled();
    static void setEnabled(bool enabled);
};

struct AnomalyMode {
    static bool isEnabled();
    static bool checkNan();
    static void setEnabled(bool enabled, bool checkNan = true);
    /// Supplied by the interpreter: its current Python call stack (the forward trace).
    static void setStackProvider(std::function<trace::StackTrace()> provider);
    static trace::StackTrace currentStack();
};

/// RAII: sets grad mode for a scope (torch.no_grad / enable_grad / set_grad_enabled).
class GradModeGuard {
public:
    explicit GradModeGuard(bool enabled) : m_previous(GradMode::isEnabled()) { GradMode::setEnabled(enabled); }
    ~GradModeGuard() { GradMode::setEnabled(m_previous); }
    GradModeGuard(const GradModeGuard&) = delete;
    GradModeGuard& operator=(const GradModeGuard&) = delete;

private:
    bool m_previous;
};

/// RAII for torch.inference_mode(): grad off and new tensors become inference tensors.
class InferenceModeGuard {
public:
    explicit InferenceModeGuard(bool enabled = true);
    ~InferenceModeGuard();
    InferenceModeGuard(const InferenceModeGuard&) = delete;
    InferenceModeGuard& operator=(const InferenceModeGuard&) = delete;

private:
    bool m_previousInference;
    bool m_previousGrad;
};

}  // namespace agv
