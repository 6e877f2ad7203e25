#include "core/script/torch/node_object.h"

#include <cstdio>
#include <unordered_map>

#include "core/script/exceptions.h"
#include "core/script/interpreter.h"
#include "core/script/objects.h"
#include "core/script/torch/torch_values.h"

namespace agv::script::torch {

namespace {
thread_local std::unordered_map<Node*, NodeObject*> t_nodeObjects;

Value attrToValue(Interpreter& in, const SavedAttr& attr)
{
    return std::visit(
        [&](const auto& v) -> Value {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, NoneValue>)
                return Value::none();
            else if constexpr (std::is_same_v<T, bool>)
                return Value::fromBool(v);
            else if constexpr (std::is_same_v<T, int64_t>)
                return Value::fromInt(v);
            else if constexpr (std::is_same_v<T, double>)
                return Value::fromFloat(v);
            else if constexpr (std::is_same_v<T, std::string>)
                return Value::fromString(v);
            else {
                std::vector<Value> items;
                for (int64_t x : v)
                    items.push_back(Value::fromInt(x));
                return in.makeTuple(std::move(items));
            }
        },
        attr);
}
}  // namespace

std::string fakeAddress(uint64_t id)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x7f%010llx", static_cast<unsigned long long>(0x5a3c000000ULL + id * 0x70));
    return buf;
}

NodeObject::NodeObject(std::shared_ptr<Node> node) : m_node(std::move(node)) { t_nodeObjects[m_node.get()] = this; }

NodeObject::~NodeObject()
{
    auto it = t_nodeObjects.find(m_node.get());
    if (it != t_nodeObjects.end() && it->second == this)
        t_nodeObjects.erase(it);
}

Value wrapNode(const std::shared_ptr<Node>& node)
{
    if (!node)
        return Value::none();
    auto it = t_nodeObjects.find(node.get());
    if (it != t_nodeObjects.end())
        return Value(static_cast<Object*>(it->second));
    return Value(make<NodeObject>(node));
}

std::string NodeObject::repr(Interpreter&) { return "<" + m_node->name() + " object at " + fakeAddress(m_node->id()) + ">"; }

std::optional<Value> NodeObject::compare(Interpreter&, CompareOp op, const Value& other)
{
    if (op != CompareOp::Eq && op != CompareOp::NotEq)
        return std::nullopt;
    bool eq = false;
    if (other.is(ObjectKind::Host))
        if (auto* n = dynamic_cast<NodeObject*>(other.as<HostObject>()))
            eq = n->m_node == m_node;
    return Value::fromBool(op == CompareOp::Eq ? eq : !eq);
}

std::optional<Value> NodeObject::getAttr(Interpreter& in, std::string_view name)
{
    if (name == "name") {
        // name() is the C++ class name: the engine's own nodes live in torch::autograd.
        std::string n = m_node->name();
        if (n == "AccumulateGrad" || n == "CopySlices" || n == "GraphRoot" || n == "Error")
            n = "torch::autograd::" + n;
        return in.makeFunction("name", [n](Interpreter&, CallArgs&) { return Value::fromString(n); });
    }
    if (name == "next_functions") {
        std::vector<Value> edges;
        for (const Edge& e : m_node->nextEdges())
            edges.push_back(in.makeTuple({wrapNode(e.function), Value::fromInt(e.inputNr)}));
        return in.makeTuple(std::move(edges));
    }
    if (name == "variable") {
        if (auto* acc = dynamic_cast<AccumulateGrad*>(m_node.get()))
            return wrapTensor(Tensor(acc->variable()));
        return std::nullopt;
    }
    if (name == "metadata")
        return Value(make<DictObject>());
    if (name.rfind("_saved_", 0) == 0) {
        const std::string_view slot = name.substr(7);
        for (const SavedVariable* saved : m_node->savedVariables())
            if (saved->slot() == slot)
                return wrapOptional(saved->unpack(m_node));
        for (const auto& [attrName, value] : m_node->savedAttrs())
            if (attrName == slot)
                return attrToValue(in, value);
    }
    return std::nullopt;
}

}  // namespace agv::script::torch
