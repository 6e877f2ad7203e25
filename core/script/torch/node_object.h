#pragma once
// grad_fn objects as scripts see them: `y.grad_fn`, `.name()`, `.next_functions`,
// `._saved_self`, printed as `<MulBackward0 object at 0x7f...>`.

#include <memory>

#include "core/autograd/node.h"
#include "core/script/host_object.h"

namespace agv::script::torch {

class NodeObject final : public HostObject {
public:
    explicit NodeObject(std::shared_ptr<Node> node);
    ~NodeObject() override;

    const std::shared_ptr<Node>& node() const { return m_node; }
    std::string typeName() const override { return m_node->name(); }
    std::optional<Value> getAttr(Interpreter& in, std::string_view name) override;
    std::string repr(Interpreter& in) override;
    size_t hash() const override { return reinterpret_cast<size_t>(m_node.get()); }
    std::optional<Value> compare(Interpreter& in, CompareOp op, const Value& other) override;

private:
    std::shared_ptr<Node> m_node;
};

/// The script object for a node (None for nullptr); one object per live node.
Value wrapNode(const std::shared_ptr<Node>& node);

/// Stable fake address for an object id, so that two runs print the same text.
std::string fakeAddress(uint64_t id);

}  // namespace agv::script::torch
