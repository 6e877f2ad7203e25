#include "core/ops/nodeless_intercept.h"

#include <string>

#include "core/ops/op_interceptor.h"

namespace agv::ops {

void offerNodelessOp(std::string_view overload, const TensorList& inputs, Tensor& out)
{
    if (!opInterceptorActive())
        return;
    TensorList outputs{out};
    const InterceptOutcome outcome = interceptOp(overload, inputs, outputs);
    out = outputs[0];
    announceIntercept(outcome, 0, outputs);
}

}  // namespace agv::ops
