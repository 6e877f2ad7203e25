#include "core/ops/not_implemented_node.h"

#include <string>

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

}  // namespace agv::ops
