#pragma once
// torch.return_types.max(values=..., indices=...): a named pair that unpacks like a tuple.

#include <functional>

#include "core/script/host_object.h"

namespace agv::script::torch {

class ReturnTypesObject final : public HostObject {
public:
    ReturnTypesObject(std::string name, Value values, Value indices)
        : m_name(std::move(name)), m_values(std::move(values)), m_indices(std::move(indices))
    {
    }
    std::string typeName() const override { return m_name; }
    std::optional<Value> getAttr(Interpreter& in, std::string_view name) override;
    std::optional<Value> getItem(Interpreter& in, const Value& key) override;
    std::optional<Value> iterate(Interpreter& in) override;
    std::optional<int64_t> length(Interpreter&) override { return 2; }
    std::string repr(Interpreter& in) override;

private:
    std::string m_name;
    Value m_values, m_indices;
};

/// A removable handle returned by register_hook.
class RemovableHandleObject final : public HostObject {
public:
    explicit RemovableHandleObject(std::function<void()> remove) : m_remove(std::move(remove)) {}
    std::string typeName() const override { return "RemovableHandle"; }
    std::optional<Value> getAttr(Interpreter& in, std::string_view name) override;

private:
    std::function<void()> m_remove;
};

}  // namespace agv::script::torch
