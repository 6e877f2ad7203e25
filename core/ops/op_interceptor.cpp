#include "core/ops/op_interceptor.h"

#include <vector>

#include "core/error.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace detail {
thread_local int t_interceptorDepth = 0;
}

namespace {

thread_local std::vector<OpInterceptor*> t_interceptors;

void syncDepth() { detail::t_interceptorDepth = static_cast<int>(t_interceptors.size()); }

/// Takes the innermost interceptor off the stack while it runs (TorchDispatchMode's
/// `with _pop_mode_temporarily()`), even when it throws.
class InnermostAside {
public:
    InnermostAside() : m_interceptor(t_interceptors.back())
    {
        t_interceptors.pop_back();
        syncDepth();
    }
    ~InnermostAside()
    {
        t_interceptors.push_back(m_interceptor);
        syncDepth();
    }
    InnermostAside(const InnermostAside&) = delete;
    InnermostAside& operator=(const InnermostAside&) = delete;
    OpInterceptor* get() const { return m_interceptor; }

private:
    OpInterceptor* m_interceptor;
};

}  // namespace

void pushOpInterceptor(OpInterceptor* interceptor)
{
    t_interceptors.push_back(interceptor);
    syncDepth();
}

void popOpInterceptor(OpInterceptor* interceptor)
{
    AGV_CHECK(!t_interceptors.empty() && t_interceptors.back() == interceptor, RuntimeError,
              "dispatch modes must be exited in the reverse order they were entered");
    t_interceptors.pop_back();
    syncDepth();
}

InterceptOutcome interceptOp(std::string_view nodeName, const TensorList& inputs, TensorList& outputs)
{
    // Muted ops are the engine's own temporaries (an in-place op computing its values
    // out of place, a backward formula): PyTorch's kernels do that work below dispatch,
    // where no mode sees it.
    if (t_interceptors.empty() || trace::detail::t_muteDepth > 0)
        return {};
    InnermostAside aside;
    const size_t count = outputs.size();
    // A Python interceptor runs script code (a policy function) that moves the current
    // line; the op's own events belong to the op's line.
    const int line = trace::currentLine();
    InterceptOutcome outcome = aside.get()->intercept(nodeName, inputs, outputs);
    trace::setCurrentLine(line);
    AGV_CHECK(outputs.size() == count, RuntimeError, "a dispatch mode returned ", outputs.size(),
              " outputs for an op with ", count);
    return outcome;
}

void announceIntercept(const InterceptOutcome& outcome, uint64_t node, const TensorList& outputs)
{
    if (!outcome.decided || !trace::enabled())
        return;
    trace::SelectiveCheckpointOp e;
    e.node = node;
    e.op = outcome.op;
    e.policy = static_cast<trace::SacPolicy>(outcome.policy);
    e.action = static_cast<trace::SacAction>(outcome.action);
    for (const Tensor& t : outputs) {
        if (!t.defined())
            continue;
        e.tensors.push_back(t.id());
        e.bytes += t.nbytes();
    }
    trace::publish(std::move(e));
}

}  // namespace agv::ops
