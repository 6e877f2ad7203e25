// The engine's op interceptor (core/ops/op_interceptor.h) as Python sees it: a Python
// object entered with torch._C._enter_dispatch_mode(mode) receives every op through
// mode._intercept(op, inputs, outputs) until _exit_dispatch_mode(mode). The selective
// checkpointing modes of torch/utils/checkpoint.py are its users.

#include <memory>
#include <vector>

#include "core/autograd/engine.h"
#include "core/error.h"
#include "core/ops/aten_overloads.h"
#include "core/ops/op_interceptor.h"
#include "core/python/bindings.h"
#include "core/python/py_ref.h"
#include "core/python/py_values.h"

namespace agv::python {

namespace {

/// The arguments as a dispatch mode receives them: a number the script wrote (`y * 2`,
/// `x > 0`) was wrapped into a tensor to compute, and PyTorch hands it back as the number.
py::tuple dispatchArguments(const TensorList& inputs)
{
    py::tuple args(inputs.size());
    for (size_t i = 0; i < inputs.size(); ++i) {
        const Tensor& t = inputs[i];
        if (!t.defined() || !t.impl()->isWrappedNumber())
            args[i] = wrapTensor(t);
        else if (isFloatingType(t.dtype()))
            args[i] = py::float_(t.item());
        else if (t.dtype() == ScalarType::Bool)
            args[i] = py::bool_(t.itemInt() != 0);
        else
            args[i] = py::int_(t.itemInt());
    }
    return args;
}

/// mode._intercept returns None (the op passes unremarked) or
/// (policy, action, outputs-or-None): trace::SacPolicy/SacAction values, and the tensors
/// to hand on instead of the ones the op computed.
class PythonOpInterceptor final : public ops::OpInterceptor {
public:
    explicit PythonOpInterceptor(py::object mode) : m_mode(std::move(mode)) {}

    py::handle mode() const { return m_mode.get(); }

    ops::InterceptOutcome intercept(std::string_view nodeName, const TensorList& inputs, TensorList& outputs) override
    {
        std::string op = ops::atenOverloadOf(nodeName);
        py::object answer = m_mode.get().attr("_intercept")(op, dispatchArguments(inputs), wrapTensors(outputs));
        if (answer.is_none())
            return {};
        const auto decision = answer.cast<py::tuple>();
        AGV_CHECK(decision.size() == 3, RuntimeError, "_intercept must return None or (policy, action, outputs)");
        ops::InterceptOutcome outcome;
        outcome.decided = true;
        outcome.policy = decision[0].cast<uint8_t>();
        outcome.action = decision[1].cast<uint8_t>();
        outcome.op = std::move(op);
        if (!decision[2].is_none()) {
            const auto replacement = decision[2].cast<py::tuple>();
            AGV_CHECK(replacement.size() == outputs.size(), RuntimeError, "_intercept returned ",
                      replacement.size(), " outputs for an op with ", outputs.size());
            for (size_t i = 0; i < outputs.size(); ++i)
                outputs[i] = replacement[i].is_none() ? Tensor() : *asTensor(replacement[i]);
        }
        return outcome;
    }

private:
    PyRef m_mode;
};

std::vector<std::unique_ptr<PythonOpInterceptor>>& enteredModes()
{
    static std::vector<std::unique_ptr<PythonOpInterceptor>> modes;
    return modes;
}

}  // namespace

void bindDispatchModes(py::module_& m)
{
    m.def("_enter_dispatch_mode", [](py::object mode) {
        auto interceptor = std::make_unique<PythonOpInterceptor>(std::move(mode));
        ops::pushOpInterceptor(interceptor.get());
        enteredModes().push_back(std::move(interceptor));
    });
    m.def("_exit_dispatch_mode", [](py::handle mode) {
        auto& modes = enteredModes();
        AGV_CHECK(!modes.empty() && modes.back()->mode().is(mode), RuntimeError,
                  "dispatch modes must be exited in the reverse order they were entered");
        ops::popOpInterceptor(modes.back().get());
        modes.pop_back();
    });
    m.def("_aten_overload_of", [](const std::string& nodeName) { return ops::atenOverloadOf(nodeName); });
    m.def("_current_graph_task_id", [] { return currentGraphTaskId(); });
}

}  // namespace agv::python
