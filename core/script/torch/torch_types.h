#pragma once
// Small torch value types as script objects: torch.dtype, torch.device, torch.Size.

#include "core/device/device.h"
#include "core/script/host_object.h"
#include "core/tensor/dtype.h"
#include "core/tensor/tensor.h"

namespace agv::script::torch {

class DtypeObject final : public HostObject {
public:
    explicit DtypeObject(ScalarType t) : dtype(t) {}
    const ScalarType dtype;
    std::string typeName() const override { return "dtype"; }
    std::string repr(Interpreter&) override { return dtypeName(dtype); }
    std::optional<Value> getAttr(Interpreter& in, std::string_view name) override;
    size_t hash() const override { return size_t(dtype) + 1; }
    std::optional<Value> compare(Interpreter& in, CompareOp op, const Value& other) override;
};

class DeviceObject final : public HostObject {
public:
    explicit DeviceObject(Device d) : device(d) {}
    const Device device;
    std::string typeName() const override { return "device"; }
    std::string repr(Interpreter&) override;
    std::string str(Interpreter&) override { return device.str(); }
    std::optional<Value> getAttr(Interpreter& in, std::string_view name) override;
    std::optional<Value> compare(Interpreter& in, CompareOp op, const Value& other) override;
};

/// torch.Size: a tuple of ints that prints as torch.Size([2, 3]).
class SizeObject final : public HostObject {
public:
    explicit SizeObject(IntList s) : sizes(std::move(s)) {}
    const IntList sizes;
    std::string typeName() const override { return "Size"; }
    std::string repr(Interpreter&) override;
    std::optional<Value> getItem(Interpreter& in, const Value& key) override;
    std::optional<int64_t> length(Interpreter&) override { return int64_t(sizes.size()); }
    std::optional<Value> iterate(Interpreter& in) override;
    std::optional<Value> compare(Interpreter& in, CompareOp op, const Value& other) override;
    std::optional<Value> getAttr(Interpreter& in, std::string_view name) override;
    std::optional<Value> binaryOp(Interpreter& in, BinaryOp op, const Value& other, bool reflected) override;
};

}  // namespace agv::script::torch
