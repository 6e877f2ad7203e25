#pragma once
// quietly(values): an op's values computed without a node, a tangent or a trace event, for
// an op that records its own node around them (a backward op's kernel, an in-place op's
// out-of-place values, a C++ composite PyTorch runs as one kernel).

#include "core/autograd/forward_ad.h"
#include "core/autograd/grad_mode.h"
#include "core/trace/sink.h"

namespace agv::ops {

template <typename Values>
auto quietly(Values values)
{
    trace::MuteGuard mute;
    GradModeGuard noGrad(false);
    forward_ad::DisabledGuard primalsOnly;
    return values();
}

}  // namespace agv::ops
