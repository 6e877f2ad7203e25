#pragma once
// Placeholder until the PyTorch-exact printer lands (branch `print`).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/tensor/dtype.h"

namespace agv {
struct TensorPrintData {
    std::vector<int64_t> sizes;
    ScalarType dtype = ScalarType::Float32;
    std::vector<double> values;
    std::vector<int64_t> intValues;
    std::string device = "cpu";
    bool requiresGrad = false;
    std::string gradFnName;
};
struct PrintOptions {
    int precision = 4;
    int64_t threshold = 1000;
    int edgeItems = 3;
    int lineWidth = 80;
    std::optional<bool> sciMode;
};
std::string tensorRepr(const TensorPrintData&, const PrintOptions& = {});
std::string tensorBody(const TensorPrintData&, const PrintOptions& = {});
std::string tensorPreview(const TensorPrintData&, size_t maxChars = 60);
}  // namespace agv
