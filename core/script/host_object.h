#pragma once
// The extension point through which the host (the torch binding) exposes C++
// objects to scripts: tensors, dtypes, devices, grad_fn nodes, context managers...
//
// Every hook has a default that means "not supported": the interpreter then raises
// the same TypeError/AttributeError CPython would for an object lacking that dunder.
// Hooks return std::nullopt for "not implemented" so the interpreter can try the
// reflected operation on the other operand, exactly like NotImplemented in Python.
// Hooks may throw agv::Error (becomes the matching Python exception), PyError, or
// let a ScriptException from a nested interpreter call propagate.

#include <optional>
#include <string>
#include <string_view>

#include "core/script/call_args.h"
#include "core/script/operators.h"
#include "core/script/value.h"

namespace agv::script {

class Interpreter;
class ClassObject;

class HostObject : public Object {
public:
    HostObject() : Object(ObjectKind::Host) {}

    /// Python type name used in messages and the default repr ("Tensor").
    virtual std::string typeName() const = 0;
    /// The class `type(obj)` returns and `isinstance` checks against (e.g. torch.Tensor).
    /// When null the interpreter synthesises a class named typeName().
    virtual Ref<ClassObject> pyClass() const { return nullptr; }

    /// Attribute read (`obj.name`): methods are returned as bound native functions.
    virtual std::optional<Value> getAttr(Interpreter& interp, std::string_view name) { return std::nullopt; }
    /// Attribute write; false raises AttributeError.
    virtual bool setAttr(Interpreter& interp, std::string_view name, const Value& value) { return false; }
    virtual bool delAttr(Interpreter& interp, std::string_view name) { return false; }

    /// `obj(...)`; nullopt raises "'T' object is not callable".
    virtual std::optional<Value> call(Interpreter& interp, CallArgs& args) { return std::nullopt; }

    /// `self op other` (reflected: `other op self`, i.e. __radd__ and friends).
    virtual std::optional<Value> binaryOp(Interpreter& interp, BinaryOp op, const Value& other, bool reflected)
    {
        return std::nullopt;
    }
    /// `self op= other` (__iadd__...). nullopt falls back to binaryOp, as Python does.
    virtual std::optional<Value> inplaceOp(Interpreter& interp, BinaryOp op, const Value& other)
    {
        return std::nullopt;
    }
    /// -x, +x, ~x (Not is never sent: `not` uses truthiness).
    virtual std::optional<Value> unaryOp(Interpreter& interp, UnaryOp op) { return std::nullopt; }
    /// Rich comparison (Eq..GtE only). nullopt: Eq/NotEq fall back to identity.
    virtual std::optional<Value> compare(Interpreter& interp, CompareOp op, const Value& other)
    {
        return std::nullopt;
    }
    /// `item in self`
    virtual std::optional<bool> contains(Interpreter& interp, const Value& item) { return std::nullopt; }

    virtual std::optional<Value> getItem(Interpreter& interp, const Value& key) { return std::nullopt; }
    virtual bool setItem(Interpreter& interp, const Value& key, const Value& value) { return false; }
    virtual bool delItem(Interpreter& interp, const Value& key) { return false; }

    /// `iter(obj)`: return any iterable Value (a list, a tuple, or a HostObject
    /// implementing next()). nullopt raises "'T' object is not iterable".
    virtual std::optional<Value> iterate(Interpreter& interp) { return std::nullopt; }
    /// For iterator objects: the next item, or nullopt when exhausted.
    virtual std::optional<Value> next(Interpreter& interp) { return std::nullopt; }

    virtual std::optional<int64_t> length(Interpreter& interp) { return std::nullopt; }
    /// Truthiness; nullopt uses length() if provided, else true.
    virtual std::optional<bool> truthy(Interpreter& interp) { return std::nullopt; }
    /// Conversions used by float(x), int(x), and index contexts.
    virtual std::optional<double> toFloat(Interpreter& interp) { return std::nullopt; }
    virtual std::optional<int64_t> toInt(Interpreter& interp) { return std::nullopt; }

    virtual std::string repr(Interpreter& interp);
    virtual std::string str(Interpreter& interp) { return repr(interp); }
    /// f"{obj:spec}"; nullopt: empty spec formats str(obj), other specs raise TypeError.
    virtual std::optional<std::string> format(Interpreter& interp, std::string_view spec) { return std::nullopt; }

    /// Context manager protocol (`with obj as x:`).
    virtual std::optional<Value> enter(Interpreter& interp) { return std::nullopt; }
    /// Receives the exception in flight (None when the block ended normally);
    /// returning true suppresses it. nullopt: not a context manager.
    virtual std::optional<bool> exit(Interpreter& interp, const Value& exception) { return std::nullopt; }

    /// Hashing for dict keys and sets; default identity, as for torch.Tensor.
    virtual size_t hash() const { return reinterpret_cast<size_t>(this); }
};

}  // namespace agv::script
