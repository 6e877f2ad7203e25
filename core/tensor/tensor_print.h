#pragma once
// PyTorch-exact tensor printing (torch/_tensor_str.py of PyTorch 1.13), decoupled
// from the Tensor class: callers describe the tensor with a plain struct, either
// holding every element or an accessor that is asked only for the elements that get
// printed — a summarised 1000x1000 tensor reads 36 of its million values.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/tensor/dtype.h"

namespace agv {

/// A tensor to print, all elements materialised.
struct TensorPrintData {
    std::vector<int64_t> sizes;                ///< shape; empty for a 0-d tensor
    ScalarType dtype = ScalarType::Float32;
    std::vector<double> values;                ///< every element, row-major, for float and bool dtypes
    std::vector<int64_t> intValues;            ///< every element for the integer dtypes (exact beyond 2^53)
    std::string device = "cpu";                ///< anything else adds ", device='<device>'"
    bool requiresGrad = false;                 ///< a leaf requiring grad: ", requires_grad=True"
    std::string gradFnName;                    ///< non-empty: ", grad_fn=<name>" (wins over requiresGrad)
};

/// A tensor to print whose elements are fetched on demand by row-major linear index.
/// Only the elements that appear in the output are requested (each possibly more than once).
struct TensorPrintAccessor {
    std::vector<int64_t> sizes;
    ScalarType dtype = ScalarType::Float32;
    std::function<double(int64_t linearIndex)> value;      ///< float and bool dtypes (bool: non-zero is True)
    std::function<int64_t(int64_t linearIndex)> intValue;  ///< the integer dtypes
    std::string device = "cpu";
    bool requiresGrad = false;
    std::string gradFnName;
    std::string tangentRepr;  ///< non-empty: ", tangent=<repr>" (a dual tensor, forward-mode AD)
};

/// torch.set_printoptions(); the interpreter owns the global copy.
struct PrintOptions {
    int precision = 4;
    int64_t threshold = 1000;      ///< more elements than this are summarised with "..."
    int edgeItems = 3;
    int lineWidth = 80;
    std::optional<bool> sciMode;   ///< nullopt: chosen from the values, as PyTorch does
};

/// What repr(t) and print(t) give: "tensor([1., 2.], requires_grad=True)".
std::string tensorRepr(const TensorPrintData& tensor, const PrintOptions& options = {});
/// `prefix`: "tensor(", or a subclass's name and "(" (1.13's _str_intern: the rows and
/// the suffixes are indented by its length).
std::string tensorRepr(const TensorPrintAccessor& tensor, const PrintOptions& options = {},
                       const std::string& prefix = "tensor(");

/// repr of a tensor subclass's instance: `prefix` is its class's name and "(".
std::string tensorReprWithPrefix(const class Tensor& t, const std::string& prefix);

/// Only the formatted data ("[1., 2.]", "3.", "[]"), laid out as if it started at
/// column `indent` (tensorRepr uses 7, the length of "tensor(").
std::string tensorBody(const TensorPrintData& tensor, const PrintOptions& options = {}, int indent = 0);
std::string tensorBody(const TensorPrintAccessor& tensor, const PrintOptions& options = {}, int indent = 0);

/// A one-line preview for tooltips and badges, at most maxChars characters:
/// the body with its line breaks folded into spaces, summarised harder (fewer
/// edge items) until it fits, and cut with "..." as a last resort.
/// "[[1., 2.], [3., 4.]]", "[0.1000, 0.2000, ..., 0.9000]", "7.3891".
std::string tensorPreview(const TensorPrintData& tensor, size_t maxChars = 60);
std::string tensorPreview(const TensorPrintAccessor& tensor, size_t maxChars = 60);

}  // namespace agv
