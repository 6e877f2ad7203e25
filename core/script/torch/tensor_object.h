#pragma once
// torch.Tensor as a script object: attributes, methods, Python operators,
// indexing and printing, all forwarding to the engine (core/ops).

#include "core/script/host_object.h"
#include "core/script/interpreter.h"
#include "core/tensor/tensor.h"

namespace agv::script::torch {

class TensorObject final : public HostObject {
public:
    explicit TensorObject(Tensor t);
    ~TensorObject() override;

    const Tensor& tensor() const { return m_tensor; }
    /// Drops the tensor: a hook registered on it may hold this very object
    /// (`t.register_hook(t.add)`). See Note [Teardown breaks cycles].
    void clearReferences() override;
    /// nn.Parameter: prints "Parameter containing:" and is an instance of nn.Parameter.
    bool isParameter = false;

    std::string typeName() const override { return isParameter ? "Parameter" : "Tensor"; }
    Ref<ClassObject> pyClass() const override;
    std::optional<Value> getAttr(Interpreter& in, std::string_view name) override;
    bool setAttr(Interpreter& in, std::string_view name, const Value& value) override;
    std::optional<Value> binaryOp(Interpreter& in, BinaryOp op, const Value& other, bool reflected) override;
    std::optional<Value> inplaceOp(Interpreter& in, BinaryOp op, const Value& other) override;
    std::optional<Value> unaryOp(Interpreter& in, UnaryOp op) override;
    std::optional<Value> compare(Interpreter& in, CompareOp op, const Value& other) override;
    std::optional<Value> getItem(Interpreter& in, const Value& key) override;
    bool setItem(Interpreter& in, const Value& key, const Value& value) override;
    std::optional<Value> iterate(Interpreter& in) override;
    std::optional<int64_t> length(Interpreter& in) override;
    std::optional<bool> truthy(Interpreter& in) override;
    std::optional<double> toFloat(Interpreter& in) override;
    std::optional<int64_t> toInt(Interpreter& in) override;
    std::string repr(Interpreter& in) override;
    std::optional<std::string> format(Interpreter& in, std::string_view spec) override;

private:
    Tensor m_tensor;
};

/// Registers the class objects the binding uses (torch.Tensor, nn.Parameter).
void setTensorClasses(Ref<ClassObject> tensorClass, Ref<ClassObject> parameterClass);
Ref<ClassObject> tensorClass();
Ref<ClassObject> parameterClass();

/// Looks up a Tensor method by name (nullptr if none): used by getAttr and by
/// torch.<fn>(tensor, ...) functions that mirror methods.
using TensorMethod = Value (*)(Interpreter& in, const Tensor& self, CallArgs& args, const Value& selfValue);
TensorMethod findTensorMethod(std::string_view name);

/// `t[key]` for basic indexing (ints, slices, None, Ellipsis, tuples) and tensor indices.
Tensor indexTensor(Interpreter& in, const Tensor& t, const Value& key);

}  // namespace agv::script::torch
