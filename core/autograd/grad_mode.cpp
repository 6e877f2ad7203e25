#include "core/autograd/grad_mode.h"

namespace agv {

namespace {
thread_local bool t_gradEnabled = true;
thread_local bool t_inference = false;
thread_local bool t_anomaly = false;
thread_local bool t_anomalyCheckNan = true;
thread_local std::function<trace::StackTrace()> t_stackProvider;
}  // namespace

bool GradMode::isEnabled() { return t_gradEnabled; }
void GradMode::setEnabled(bool enabled) { t_gradEnabled = enabled; }

bool InferenceMode::isEnabled() { return t_inference; }
void InferenceMode::setEnabled(bool enabled) { t_inference = enabled; }

bool AnomalyMode::isEnabled() { return t_anomaly; }
bool AnomalyMode::checkNan() { return t_anomalyCheckNan; }
void AnomalyMode::setEnabled(bool enabled, bool checkNan)
{
    t_anomaly = enabled;
    t_anomalyCheckNan = checkNan;
}
void AnomalyMode::setStackProvider(std::function<trace::StackTrace()> provider)
{
    t_stackProvider = std::move(provider);
}
trace::StackTrace AnomalyMode::currentStack() { return t_stackProvider ? t_stackProvider() : trace::StackTrace{}; }

InferenceModeGuard::InferenceModeGuard(bool enabled)
    : m_previousInference(InferenceMode::isEnabled()), m_previousGrad(GradMode::isEnabled())
{
    InferenceMode::setEnabled(enabled);
    if (enabled)
        GradMode::setEnabled(false);
}

InferenceModeGuard::~InferenceModeGuard()
{
    InferenceMode::setEnabled(m_previousInference);
    GradMode::setEnabled(m_previousGrad);
}

}  // namespace agv
