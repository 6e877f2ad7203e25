#include "core/ops/nodeless_intercept.h"

#include <string>

#include "core/ops/op_interceptor.h"

namespace agv::ops {

void offerNodelessOp(std::string_view name, std::string_view overload, std::initializer_list<const Tensor*> inputs,
                     Tensor& out)
{
    if (!opInterceptorActive())
        return;
    TensorList arguments;
    for (const Tensor* t : inputs)
        arguments.push_back(*t);
    TensorList outputs{out};
    const std::string op = "aten." + std::string(name) + "." + std::string(overload);
    const InterceptOutcome outcome = interceptOp(op, arguments, outputs);
    out = outputs[0];
    announceIntercept(outcome, 0, outputs);
}

}  // namespace agv::ops
