// grad_fn objects as Python sees them: `type(y.grad_fn).__name__ == "MulBackward0"`,
// `.name()`, `.next_functions`, `._saved_self`, `.metadata`, printed as
// `<MulBackward0 object at 0x7f...>`. One Python class per node name (created on
// first use, like PyTorch's generated classes), one Python object per live node.

#include <optional>
#include <unordered_map>

#include "core/autograd/node.h"
#include "core/python/bindings.h"
#include "core/python/node_functions.h"
#include "core/python/py_values.h"
#include "core/python/tensor_support.h"

namespace agv::python {

namespace {

using NodePtr = std::shared_ptr<Node>;

std::unordered_map<std::string, PyObject*>& nodeClasses()
{
    static auto* classes = new std::unordered_map<std::string, PyObject*>();  // live as long as the process
    return *classes;
}

py::object attrToPython(const SavedAttr& attr)
{
    return std::visit(
        [](const auto& v) -> py::object {
            using V = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<V, NoneValue>)
                return py::none();
            else if constexpr (std::is_same_v<V, bool>)
                return py::bool_(v);
            else if constexpr (std::is_same_v<V, int64_t>)
                return py::int_(v);
            else if constexpr (std::is_same_v<V, double>)
                return py::float_(v);
            else if constexpr (std::is_same_v<V, std::string>)
                return py::str(v);
            else if constexpr (std::is_same_v<V, UnsignedAttr>)
                return py::int_(uint64_t(v.value));
            else if constexpr (std::is_same_v<V, FloatListAttr>) {
                py::tuple items(v.values.size());
                for (size_t i = 0; i < v.values.size(); ++i)
                    items[i] = py::float_(v.values[i]);
                return items;
            }
            else {
                // PyTorch 1.13's generated getters pack int[] attributes with
                // PyLong_FromUnsignedLong too: a dim of -1 reads 18446744073709551615.
                py::tuple items(v.size());
                for (size_t i = 0; i < v.size(); ++i)
                    items[i] = py::int_(uint64_t(v[i]));
                return std::move(items);
            }
        },
        attr);
}

/// The name of a node's Python class: its own, but for the C++ nodes 1.13 registers no class
/// for (Identity, _fw_primal's), which Python sees as the generic CppFunction.
std::string pythonClassName(const std::string& nodeName)
{
    return nodeName == "Identity" ? "CppFunction" : nodeName;
}

/// The Python class for a node name, a subclass of _FunctionBase.
py::handle classFor(const std::string& name)
{
    auto& classes = nodeClasses();
    auto it = classes.find(name);
    if (it != classes.end())
        return it->second;
    py::handle base = py::detail::get_type_handle(typeid(Node), true);
    py::dict namespace_;
    namespace_["__module__"] = "torch.autograd.graph";
    py::object cls = py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(&PyType_Type))(
        pythonClassName(name), py::make_tuple(base), namespace_);
    return classes.emplace(name, cls.release().ptr()).first->second;
}

/// Whether a saved slot is a Tensor[] in 1.13 (`Tensor?[] indices` of indexing), which its
/// getters return as a tuple even for one tensor.
bool isListSlot(const Node& node, const std::string& slot)
{
    const std::string& name = node.name();
    return slot == "indices" &&
           (name == "IndexBackward0" || name == "IndexPutBackward0" || name == "IndexPutImplBackward0");
}

py::object savedAttribute(const NodePtr& node, const std::string& attr)
{
    if (attr.rfind("_raw_saved_", 0) == 0) {
        const std::string slot = attr.substr(11);
        if (node->savedVariable(slot))
            return wrapRawSaved(node, slot);
    }
    if (attr.rfind("_saved_", 0) == 0) {
        const std::string slot = attr.substr(7);
        if (isListSlot(*node, slot)) {
            py::list items;
            for (const SavedVariable* saved : node->savedVariables())
                if (saved->slot() == slot)
                    items.append(wrapTensor(saved->unpack(node)));
            if (!items.empty())
                return py::tuple(items);
        }
        for (const SavedVariable* saved : node->savedVariables())
            if (saved->slot() == slot)
                return wrapTensor(saved->unpack(node));
        for (const auto& [attrName, value] : node->savedAttrs())
            if (attrName == slot)
                return attrToPython(value);
    }
    raise(PyExc_AttributeError, "'" + pythonClassName(node->name()) + "' object has no attribute '" + attr + "'");
}

/// A hook's result: None keeps the gradients; otherwise a sequence of the same length.
std::optional<variable_list> hookResult(py::handle hook, py::handle result, size_t expected)
{
    if (result.is_none())
        return std::nullopt;
    if (!PyTuple_Check(result.ptr()) && !PyList_Check(result.ptr()))
        raise(PyExc_TypeError, "expected tuple, but hook returned '" + typeName(result) + "'");
    const size_t got = py::len(result);
    if (got != expected) {
        const std::string name = py::hasattr(hook, "__name__") ? py::str(hook.attr("__name__")).cast<std::string>()
                                                                  : std::string("<hook>");
        raise(PyExc_RuntimeError, "hook '" + name + "' has returned an incorrect number of values (got " +
                                      std::to_string(got) + ", but expected " + std::to_string(expected) + ")");
    }
    variable_list out;
    for (py::handle item : result)
        out.push_back(item.is_none() ? Tensor() : requireTensor(item, "hook", "grad", 1));
    return out;
}

/// grad_fn(*grads): runs the node on the given gradients (None for a missing one), as 1.13's
/// THPCppFunction_call does; one output comes back bare, several as a tuple.
py::object callNode(const NodePtr& n, py::args args, py::kwargs kwargs)
{
    if (kwargs && py::len(kwargs) != 0)
        raise(PyExc_TypeError, "keyword arguments are not supported");
    variable_list grads(args.size());
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i].is_none())
            continue;
        auto t = asTensor(args[i]);
        if (!t)
            raise(PyExc_TypeError, "argument " + std::to_string(i) + " is not a Variable");
        grads[i] = *t;
    }
    const variable_list outputs = n->apply(std::move(grads));
    if (outputs.size() == 1)
        return wrapTensor(outputs[0]);
    return wrapTensors(outputs);
}

}  // namespace

std::string nodeName(const NodePtr& n)
{
    return qualifiedNodeName(*n);
}

py::tuple nextFunctions(const NodePtr& n)
{
    py::tuple edges(n->nextEdges().size());
    size_t i = 0;
    for (const Edge& e : n->nextEdges())
        edges[i++] = py::make_tuple(wrapNode(e.function), py::int_(e.inputNr));
    return edges;
}

py::object registerNodePrehook(const NodePtr& n, py::object hook)
{
    std::weak_ptr<Node> weak = n;
    const int id = n->addFunctionPreHook([hook](const variable_list& gradOutputs) {
        return hookResult(hook, hook(wrapTensors(gradOutputs)), gradOutputs.size());
    });
    return py::cast(RemovableHandle{[weak, id] {
        if (auto node = weak.lock())
            node->removeFunctionHook(id);
    }});
}

py::object registerNodeHook(const NodePtr& n, py::object hook)
{
    std::weak_ptr<Node> weak = n;
    const int id = n->addFunctionPostHook([hook](const variable_list& gradInputs, const variable_list& gradOutputs) {
        return hookResult(hook, hook(wrapTensors(gradInputs), wrapTensors(gradOutputs)), gradInputs.size());
    });
    return py::cast(RemovableHandle{[weak, id] {
        if (auto node = weak.lock())
            node->removeFunctionHook(id);
    }});
}

/// grad_fn._register_hook_dict(tensor): 1.13's way for Tensor.register_hook to hang the
/// tensor's `_backward_hooks` dict on its grad_fn. The dict is read when the node runs; each
/// hook sees the gradient for that tensor (its output_nr) and may replace it.
void registerHookDict(const NodePtr& n, py::handle tensor)
{
    const Tensor t = requireTensor(tensor, "_register_hook_dict", "tensor", 1);
    const uint32_t slot = t.outputNr();
    py::object hooks = py::getattr(tensor, "_backward_hooks", py::none());
    n->addFunctionPreHook([hooks, slot](const variable_list& grads) -> std::optional<variable_list> {
        if (hooks.is_none() || slot >= grads.size())
            return std::nullopt;
        variable_list out = grads;
        bool replaced = false;
        for (py::handle hook : hooks.attr("values")()) {
            py::object result = hook(wrapTensor(out[slot]));
            if (!result.is_none()) {
                out[slot] = requireTensor(result, "hook", "grad", 1);
                replaced = true;
            }
        }
        return replaced ? std::optional<variable_list>(std::move(out)) : std::nullopt;
    });
}

py::object wrapNode(const NodePtr& node)
{
    if (!node)
        return py::none();
    if (py::object ctx = functionContext(node))
        return ctx;
    const py::detail::type_info* info = py::detail::get_type_info(typeid(Node));
    if (py::handle existing = py::detail::find_registered_python_instance(node.get(), info))
        return py::reinterpret_steal<py::object>(existing);
    return wrapHolderAs(classFor(node->name()), info, node.get(), &node);
}

void bindNodes(py::module_& m)
{
    py::class_<Node, NodePtr>(m, "_FunctionBase", py::dynamic_attr())
        .def("name", &nodeName)
        .def_property_readonly("next_functions", &nextFunctions)
        .def_property_readonly("variable",
                               [](const NodePtr& n) -> py::object {
                                   if (auto* acc = dynamic_cast<AccumulateGrad*>(n.get()))
                                       return wrapTensor(Tensor(acc->variable()));
                                   raise(PyExc_AttributeError,
                                         "'" + pythonClassName(n->name()) + "' object has no attribute 'variable'");
                               })
        .def_property_readonly("metadata",
                               [](py::handle self) {
                                   py::dict d = self.attr("__dict__");
                                   if (!d.contains("_metadata"))
                                       d["_metadata"] = py::dict();
                                   return d["_metadata"];
                               })
        .def("__repr__",
             [](py::handle self) {
                 char address[32];
                 std::snprintf(address, sizeof address, "%p", static_cast<void*>(self.ptr()));
                 return "<" + pythonClassName(self.cast<NodePtr>()->name()) + " object at " + address + ">";
             })
        .def("register_prehook", &registerNodePrehook)
        .def("register_hook", &registerNodeHook)
        .def("_register_hook_dict", &registerHookDict)
        // 1.13's C++ nodes all answer True (THPCppFunction_requires_grad).
        .def_property_readonly("requires_grad", [](const NodePtr&) { return true; })
        .def("__call__", &callNode)
        .def("__getattr__", &savedAttribute)
        .def("__dir__",
             [](py::handle self) {
                 // PyTorch's node classes have a property per saved value, so dir() lists them;
                 // `variable` only AccumulateGrad has. The instance dict (which holds
                 // `metadata`), the __getattr__ serving the saved values and the module
                 // name of our Python classes are ours alone, so dir() leaves them out.
                 const NodePtr node = self.cast<NodePtr>();
                 py::list names;
                 for (py::handle name : py::module_::import("builtins").attr("object").attr("__dir__")(self)) {
                     const std::string n = py::str(name);
                     if (n == "__dict__" || n == "__getattr__" || n == "__module__" || n == "_metadata" ||
                         (n == "variable" && !dynamic_cast<AccumulateGrad*>(node.get())))
                         continue;
                     names.append(name);
                 }
                 for (const SavedVariable* saved : node->savedVariables()) {
                     names.append("_saved_" + saved->slot());
                     names.append("_raw_saved_" + saved->slot());
                 }
                 for (const auto& [attrName, value] : node->savedAttrs())
                     names.append("_saved_" + attrName);
                 return names;
             })
        .def("__eq__", [](const NodePtr& a, py::handle b) {
            return py::isinstance<Node>(b) && b.cast<NodePtr>() == a;
        })
        .def("__hash__", [](const NodePtr& n) { return reinterpret_cast<intptr_t>(n.get()) >> 4; });
}

}  // namespace agv::python
