// Saved-tensor hooks as Python sees them: the default-hooks stack behind
// torch.autograd.graph.saved_tensors_hooks / save_on_cpu / disable_saved_tensors_hooks,
// and grad_fn._raw_saved_* objects (torch._C._autograd.SavedTensor) with
// register_hooks(pack, unpack). See Note [Saved tensor hooks].

#include "core/autograd/node.h"
#include "core/autograd/saved_tensor_hooks.h"
#include "core/python/bindings.h"
#include "core/python/py_ref.h"
#include "core/python/py_values.h"

namespace agv::python {

namespace {

/// A tensor the packed value holds: the value itself or an item of a tuple/list
/// (save_on_cpu packs `(device, tensor)`).
std::optional<Tensor> tensorInside(py::handle packed)
{
    if (auto t = asTensor(packed))
        return t;
    if (PyTuple_Check(packed.ptr()) || PyList_Check(packed.ptr()))
        for (py::handle item : packed)
            if (auto t = asTensor(item))
                return t;
    return std::nullopt;
}

std::string functionName(py::handle fn)
{
    if (py::hasattr(fn, "__name__"))
        return py::str(fn.attr("__name__")).cast<std::string>();
    return typeName(fn);
}

class PySavedVariableHooks final : public SavedVariableHooks {
public:
    PySavedVariableHooks(std::shared_ptr<PyRef> pack, std::shared_ptr<PyRef> unpack)
        : m_pack(std::move(pack)), m_unpack(std::move(unpack))
    {
    }

    void callPackHook(const Tensor& tensor) override
    {
        m_data = std::make_unique<PyRef>(m_pack->get()(wrapTensor(tensor)));
    }

    Tensor callUnpackHook() override
    {
        py::object result = m_unpack->get()(m_data->get());
        auto t = asTensor(result);
        if (!t)
            raise(PyExc_TypeError,
                  "Output of saved tensor unpack_hook expected to be a Tensor but got result of type " +
                      typeName(result));
        return *t;
    }

    std::string hookName() const override { return functionName(m_pack->get()); }
    std::string unpackHookName() const override { return functionName(m_unpack->get()); }

    std::string packedDevice() const override
    {
        auto t = m_data ? tensorInside(m_data->get()) : std::nullopt;
        return t ? t->device().str() : std::string();
    }

    uint64_t packedBytes() const override
    {
        auto t = m_data ? tensorInside(m_data->get()) : std::nullopt;
        return t ? t->nbytes() : 0;
    }

private:
    std::shared_ptr<PyRef> m_pack;
    std::shared_ptr<PyRef> m_unpack;
    std::unique_ptr<PyRef> m_data;
};

/// grad_fn._raw_saved_<slot>: the node's saved variable, kept reachable through its node.
struct SavedTensorRef {
    std::shared_ptr<Node> node;
    std::string slot;

    SavedVariable& variable() const
    {
        SavedVariable* saved = node->savedVariable(slot);
        if (!saved)
            raise(PyExc_RuntimeError, "the saved tensor '" + slot + "' no longer exists");
        return *saved;
    }
};

/// How the trace names a default pair, from where its pack function was written:
/// save_on_cpu's (torch/autograd/graph.py), a checkpoint's own (torch/utils/), or the
/// script's. See Note [A checkpoint that shadows save_on_cpu].
std::string defaultHooksLabel(py::handle pack)
{
    auto attribute = [&](const char* name) {
        return py::hasattr(pack, name) ? py::str(pack.attr(name)).cast<std::string>() : std::string();
    };
    const std::string module = attribute("__module__");
    const std::string qualname = attribute("__qualname__");
    if (module == "torch.autograd.graph" && qualname.starts_with("save_on_cpu."))
        return "save_on_cpu";
    if (module.starts_with("torch.utils."))
        return "";
    return "saved_tensors_hooks";
}

std::unique_ptr<SavedVariableHooks> makeHooks(py::object pack, py::object unpack)
{
    return std::make_unique<PySavedVariableHooks>(std::make_shared<PyRef>(std::move(pack)),
                                                  std::make_shared<PyRef>(std::move(unpack)));
}

}  // namespace

py::object wrapRawSaved(const std::shared_ptr<Node>& node, const std::string& slot)
{
    if (!node->savedVariable(slot))
        return py::none();
    return py::cast(SavedTensorRef{node, slot});
}

void bindSavedTensorHooks(py::module_& m)
{
    py::class_<SavedTensorRef> savedTensor(m, "SavedTensor");
    savedTensor.attr("__module__") = "torch._C._autograd";
    savedTensor
        .def(py::init([]() -> SavedTensorRef {
            raise(PyExc_RuntimeError, "Trying to create a SavedTensor object from Python is forbidden.");
        }))
        .def("register_hooks", [](const SavedTensorRef& self, py::object pack, py::object unpack) {
            SavedVariable& saved = self.variable();
            saved.registerHooks(makeHooks(std::move(pack), std::move(unpack)));
        });

    m.def("_push_saved_tensors_default_hooks", [](py::object pack, py::object unpack) {
        std::string label = defaultHooksLabel(pack);
        auto packRef = std::make_shared<PyRef>(std::move(pack));
        auto unpackRef = std::make_shared<PyRef>(std::move(unpack));
        SavedTensorDefaultHooks::push(
            [packRef, unpackRef]() -> std::unique_ptr<SavedVariableHooks> {
                return std::make_unique<PySavedVariableHooks>(packRef, unpackRef);
            },
            std::move(label));
    });
    m.def("_pop_saved_tensors_default_hooks", [] { SavedTensorDefaultHooks::pop(); });
    m.def("_saved_tensors_hooks_disable", [](std::string message) { SavedTensorDefaultHooks::disable(message); });
    m.def("_saved_tensors_hooks_enable", [] { SavedTensorDefaultHooks::enable(); });
    m.def("_saved_tensors_hooks_get_disabled_error_message", []() -> py::object {
        auto message = SavedTensorDefaultHooks::disabledMessage();
        return message ? py::object(py::str(*message)) : py::object(py::none());
    });
}

}  // namespace agv::python
