#include "core/ops/inference_versions.h"

#include <unordered_map>

namespace agv::ops {

uint32_t versionFromInferenceInputs(std::string_view node, const Tensor& out)
{
    // std / var: only the full reduction (std_var_all_cpu fills its output).
    if (node == "StdBackward0" || node == "VarBackward0")
        return out.numel() == 1 ? 1 : 0;
    static const std::unordered_map<std::string_view, uint32_t> versions = {
        {"AbsBackward0", 1},       {"SumBackward0", 1},       {"SumBackward1", 1},      {"MeanBackward0", 2},
        {"MeanBackward1", 2},      {"ProdBackward0", 1},      {"ProdBackward1", 1},     {"MaxBackward1", 1},
        {"MinBackward1", 1},       {"MaxBackward0", 2},       {"MinBackward0", 2},      {"AmaxBackward0", 1},
        {"AminBackward0", 1},      {"LogsumexpBackward0", 1}, {"SortBackward0", 1},     {"CummaxBackward0", 1},
        {"CumminBackward0", 1},    {"MseLossBackward0", 1},   {"MvBackward0", 1},       {"DotBackward0", 1},
        {"CloneBackward0", 1},     {"ToCopyBackward0", 1},    {"RepeatBackward0", 1},   {"HardtanhBackward0", 1},
        {"DiagBackward0", 1},      {"KthvalueBackward0", 1},  {"ModeBackward0", 2},      {"MedianBackward1", 1},
        {"NanToNumBackward0", 1},  {"Deg2RadBackward0", 1},   {"Rad2DegBackward0", 1},
    };
    const auto it = versions.find(node);
    return it == versions.end() ? 0 : it->second;
}

}  // namespace agv::ops
