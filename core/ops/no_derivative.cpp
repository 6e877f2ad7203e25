#include "core/ops/no_derivative.h"

#include <string>

#include "core/autograd/grad_mode.h"

namespace agv::ops {

OpRecorder notImplementedRecorder(const char* atenName, std::initializer_list<const Tensor*> inputs)
{
    TensorList requiringGrad;
    for (const Tensor* t : inputs)
        if (t->requiresGrad())
            requiringGrad.push_back(*t);
    const std::string message = std::string("derivative for aten::") + atenName + " is not implemented";
    return OpRecorder("NotImplemented", requiringGrad, [message](BackwardNode&, const variable_list&) -> variable_list {
        throw Error(PyExc::RuntimeError, message);
    });
}

void checkNoRequiresGrad(const Tensor& argument, const char* name, const char* function)
{
    AGV_CHECK(!argument.defined() || !argument.requiresGrad() || !GradMode::isEnabled(), RuntimeError,
              "The function '", function, "' is not differentiable with respect to argument '", name,
              "'. This input cannot have requires_grad True.");
}

}  // namespace agv::ops
