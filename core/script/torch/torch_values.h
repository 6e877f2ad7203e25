#pragma once
// Conversions between script values and engine values for the torch binding:
// tensors, Python numbers as Scalars, shapes, dims, dtypes and devices.

#include <optional>
#include <string_view>

#include "core/ops/scalar.h"
#include "core/script/call_args.h"
#include "core/script/interpreter.h"
#include "core/tensor/tensor.h"

namespace agv::script::torch {

/// Wraps a tensor as a script value; the same TensorImpl always maps to the same
/// object while it is alive, so `x.grad is x.grad` holds as in PyTorch.
Value wrapTensor(const Tensor& t);
/// Wraps an optional tensor: undefined becomes None.
Value wrapOptional(const Tensor& t);
/// The tensor behind a value, or nullptr when it is not a tensor.
const Tensor* asTensor(const Value& v);
/// Raises TypeError "<fn>(): argument '<arg>' (position N) must be Tensor, not int".
Tensor requireTensor(Interpreter& in, const Value& v, std::string_view fn, std::string_view arg, int position);
bool isNumber(const Value& v);
Scalar toScalar(const Value& v);
/// A Python number or a one-element tensor as a Scalar (clamp(min=t) etc.).
Scalar requireScalar(Interpreter& in, const Value& v, std::string_view fn, std::string_view arg);

/// Shape arguments: f(2, 3), f((2, 3)), f([2, 3]), f(torch.Size([2, 3])).
IntList sizesFromArgs(Interpreter& in, const std::vector<Value>& args, std::string_view fn);
IntList intList(Interpreter& in, const Value& v, std::string_view fn, std::string_view arg);
int64_t requireInt(Interpreter& in, const Value& v, std::string_view fn, std::string_view arg);
double requireFloat(Interpreter& in, const Value& v, std::string_view fn, std::string_view arg);
bool requireBool(Interpreter& in, const Value& v, std::string_view fn, std::string_view arg);

/// torch.float32 etc. as script values, and back.
Value wrapDtype(ScalarType t);
std::optional<ScalarType> asDtype(const Value& v);
Value wrapDevice(Device d);
/// A device from a torch.device, a string "cuda:0", or None.
std::optional<Device> asDevice(Interpreter& in, const Value& v);
/// torch.Size([...]).
Value wrapSize(Interpreter& in, const IntList& sizes);

/// Keyword-or-positional argument lookup for natives with simple signatures:
/// returns args.positional[pos] if present, else the keyword, else Empty.
Value argAt(const CallArgs& args, size_t pos, std::string_view keyword);

}  // namespace agv::script::torch
