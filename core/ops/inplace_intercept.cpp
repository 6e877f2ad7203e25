#include "core/ops/inplace_intercept.h"

#include "core/ops/aten_overloads.h"
#include "core/ops/kernels.h"
#include "core/trace/event.h"

namespace agv::ops {

InplaceIntercept::InplaceIntercept(const char* nodeName, const char* inplaceName,
                                   std::initializer_list<const Tensor*> inputs, const Tensor& self)
{
    if (!opInterceptorActive())
        return;
    m_active = true;
    m_op = atenInplaceOverloadOf(nodeName, inplaceName);
    for (const Tensor* t : inputs)
        m_inputs.push_back(t ? *t : Tensor());
    m_before = kernel::freshCopy(self, self.sizes());
}

void InplaceIntercept::offer(const Tensor& self)
{
    if (!m_active)
        return;
    TensorList outputs{self};
    m_outcome = interceptOp(m_op, m_inputs, outputs);
    if (m_outcome.decided && m_outcome.action == static_cast<uint8_t>(trace::SacAction::Restored))
        kernel::copyInto(self, m_before);
    m_before = Tensor();
}

void InplaceIntercept::announce(uint64_t node, const Tensor& self) const
{
    if (m_active)
        announceIntercept(m_outcome, node, {self});
}

}  // namespace agv::ops
