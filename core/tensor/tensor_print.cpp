#include "core/tensor/tensor_print.h"

#include <cstdio>

namespace agv {
std::string tensorBody(const TensorPrintData& d, const PrintOptions&)
{
    std::string s = "[";
    size_t n = d.dtype == ScalarType::Int64 ? d.intValues.size() : d.values.size();
    for (size_t i = 0; i < n; ++i) {
        char buf[64];
        if (d.dtype == ScalarType::Int64)
            std::snprintf(buf, sizeof buf, "%lld", (long long)d.intValues[i]);
        else
            std::snprintf(buf, sizeof buf, "%.4f", d.values[i]);
        s += (i ? ", " : "") + std::string(buf);
    }
    return s + "]";
}
std::string tensorRepr(const TensorPrintData& d, const PrintOptions& o)
{
    std::string s = "tensor(" + tensorBody(d, o);
    if (!d.gradFnName.empty())
        s += ", grad_fn=<" + d.gradFnName + ">";
    else if (d.requiresGrad)
        s += ", requires_grad=True";
    return s + ")";
}
std::string tensorPreview(const TensorPrintData& d, size_t) { return tensorBody(d, {}); }
}  // namespace agv
