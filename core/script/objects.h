#pragma once
// The heap object kinds behind `Value`: containers, functions, classes, instances,
// modules, iterators. Operations on them live in the interpreter; these are data.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/script/call_args.h"
#include "core/script/exceptions.h"
#include "core/script/string_map.h"
#include "core/script/value.h"
#include "core/trace/event.h"

namespace agv::script {

class Interpreter;
class InstanceObject;
struct FunctionCode;

/// A native (C++) callable: receives the interpreter and the call's arguments.
using NativeFn = std::function<Value(Interpreter&, CallArgs&)>;

// Note [Teardown breaks cycles]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// Values are reference counted and the interpreter has no cycle collector, so
// `self.me = self`, a list that contains itself, a closure that refers to itself or
// a tensor hook that captures its own tensor would never reach a zero count. Each
// interpreter owns an ObjectRegistry: an intrusive list of every object created
// while it is current on the thread. When the interpreter dies, the registry pins
// every object still alive, empties each one (`clearReferences`), then unpins them:
// every cycle has lost an edge, so everything the script created is freed —
// including the tensors (and through them the autograd graphs) its objects held.
// Clearing only touches members that can be assigned after construction: an
// object cannot refer to one created after it through a constructor-set member,
// so every cycle runs through at least one clearable edge.

/// The intrusive list behind Note [Teardown breaks cycles].
class ObjectRegistry {
public:
    /// Becomes the current registry of the constructing thread, which must also be
    /// the destroying thread.
    ObjectRegistry();
    /// Detaches the objects that are still alive (they outlive the registry) and
    /// stops being current on this thread.
    ~ObjectRegistry();
    ObjectRegistry(const ObjectRegistry&) = delete;
    ObjectRegistry& operator=(const ObjectRegistry&) = delete;

    /// Empties every registered object, then lets the ones nothing else holds die.
    void breakCycles();
    /// Objects created under this registry that are still alive.
    size_t size() const { return m_count; }

    static ObjectRegistry* current();

    /// Makes a registry current on this thread for a scope (an interpreter may be
    /// built on one thread and run on another).
    class Activation {
    public:
        explicit Activation(ObjectRegistry& registry);
        ~Activation();
        Activation(const Activation&) = delete;
        Activation& operator=(const Activation&) = delete;

    private:
        ObjectRegistry* m_registry;
    };

private:
    friend class Object;
    void add(Object* object);
    void remove(Object* object);

    Object* m_head = nullptr;
    size_t m_count = 0;
};

class StrObject final : public Object {
public:
    explicit StrObject(std::string s) : Object(ObjectKind::Str), value(std::move(s)) {}
    const std::string value;
    /// True when every byte is ASCII, so byte index == character index.
    bool isAscii() const;

private:
    mutable int8_t m_ascii = -1;
};

class ListObject final : public Object {
public:
    ListObject() : Object(ObjectKind::List) {}
    explicit ListObject(std::vector<Value> v) : Object(ObjectKind::List), items(std::move(v)) {}
    void clearReferences() override;
    std::vector<Value> items;
};

class TupleObject final : public Object {
public:
    TupleObject() : Object(ObjectKind::Tuple) {}
    explicit TupleObject(std::vector<Value> v) : Object(ObjectKind::Tuple), items(std::move(v)) {}
    const std::vector<Value> items;
};

/// int(x) for a float: CPython's errors for NaN and infinity, OverflowError past int64.
int64_t floatToInt(double d);

/// Python hash of a hashable value; throws PyError(TypeError) "unhashable type: 'list'".
size_t hashValue(const Value& v);
/// Key equality used by dicts and sets: numeric across int/float/bool, by content
/// for str and tuple, identity otherwise.
bool keysEqual(const Value& a, const Value& b);

/// Insertion-ordered hash table of Value -> Value (the storage of dict and set).
class ValueDict {
public:
    struct Entry {
        Value key;  ///< Empty for a deleted entry
        Value value;
        size_t hash = 0;
    };

    Value* find(const Value& key);
    void set(const Value& key, Value value);
    /// Removes `key`; returns false when absent. `removed` receives the old value.
    bool erase(const Value& key, Value* removed = nullptr);
    void clear();
    size_t size() const { return m_live; }
    /// Entries in insertion order, deleted ones included (skip those with an Empty key).
    const std::vector<Entry>& entries() const { return m_entries; }
    /// Bumped by every insertion or removal, so iterators notice a size change.
    uint64_t version() const { return m_version; }

private:
    int64_t findSlot(const Value& key, size_t hash) const;
    void rebuildIndex(size_t capacity);

    std::vector<Entry> m_entries;
    std::vector<int32_t> m_index;  ///< -1 empty, otherwise an index into m_entries
    size_t m_live = 0;
    uint64_t m_version = 0;
};

class DictObject final : public Object {
public:
    DictObject() : Object(ObjectKind::Dict) {}
    void clearReferences() override;
    ValueDict dict;
};

class SetObject final : public Object {
public:
    SetObject() : Object(ObjectKind::Set) {}
    void clearReferences() override;
    ValueDict dict;  ///< values unused
};

class RangeObject final : public Object {
public:
    RangeObject(int64_t start, int64_t stop, int64_t step)
        : Object(ObjectKind::Range), start(start), stop(stop), step(step)
    {
    }
    int64_t length() const;
    const int64_t start, stop, step;
};

class SliceObject final : public Object {
public:
    SliceObject(Value start, Value stop, Value step)
        : Object(ObjectKind::Slice), start(std::move(start)), stop(std::move(stop)), step(std::move(step))
    {
    }
    const Value start, stop, step;  ///< None when omitted
};

/// A variable captured by a closure.
class CellObject final : public Object {
public:
    CellObject() : Object(ObjectKind::Cell) {}
    explicit CellObject(Value v) : Object(ObjectKind::Cell), value(std::move(v)) {}
    void clearReferences() override;
    Value value;  ///< Empty while unbound
};

class ClassObject;

class FunctionObject final : public Object {
public:
    explicit FunctionObject(std::shared_ptr<const FunctionCode> code)
        : Object(ObjectKind::Function), code(std::move(code))
    {
    }
    void clearReferences() override;
    std::shared_ptr<const FunctionCode> code;
    std::vector<Value> defaults;    ///< for the last positional parameters
    std::vector<Value> kwDefaults;  ///< one per keyword-only parameter, Empty if required
    std::vector<Ref<CellObject>> closure;
    /// The class whose body defined this function: what zero-argument super() uses.
    Ref<ClassObject> ownerClass;
};

class NativeFunctionObject final : public Object {
public:
    NativeFunctionObject(std::string name, NativeFn fn)
        : Object(ObjectKind::NativeFunction), name(std::move(name)), fn(std::move(fn))
    {
    }
    /// Drops `fn`: its captures may hold script values (a bound tensor method holds its tensor).
    void clearReferences() override;
    const std::string name;
    NativeFn fn;  ///< empty only after teardown
};

/// `obj.method` where method is a function found on obj's class.
class BoundMethodObject final : public Object {
public:
    BoundMethodObject(Value self, Value function)
        : Object(ObjectKind::BoundMethod), self(std::move(self)), function(std::move(function))
    {
    }
    const Value self;
    const Value function;
};

/// Which built-in type a ClassObject stands for (None for user and host classes).
enum class BuiltinType : uint8_t {
    None,
    Object,
    Type,
    NoneType,
    Bool,
    Int,
    Float,
    Str,
    List,
    Tuple,
    Dict,
    Set,
    Range,
    Slice,
    Function,
    BuiltinFunction,
    Method,
    Module,
    Iterator,
    Super,
    Property,
    BaseException,  ///< any built-in exception class (see ClassObject::builtinExc)
};

class ClassObject final : public Object {
public:
    ClassObject(std::string name, std::string moduleName)
        : Object(ObjectKind::Class), name(name), qualname(std::move(name)), moduleName(std::move(moduleName))
    {
    }

    std::string name;
    std::string qualname;
    std::string moduleName;  ///< "builtins", "__main__", "torch.nn" ...
    std::vector<Ref<ClassObject>> bases;
    std::vector<ClassObject*> mro;  ///< self first; ancestors are kept alive by `bases`
    StringMap<Value> dict;
    BuiltinType builtinType = BuiltinType::None;
    std::optional<BuiltinExc> builtinExc;  ///< set on the built-in exception classes

    /// Built-in and host classes may construct their objects natively (`int("3")`,
    /// `torch.Tensor(...)`). Receives the arguments without the class.
    NativeFn constructor;
    /// Host base classes (nn.Module) attach native state to every instance of a
    /// script subclass, before __init__ runs. Inherited along the MRO.
    std::function<void(Interpreter&, InstanceObject&)> initInstance;

    void clearReferences() override;

    /// Looks `name` up along the MRO; nullptr when absent.
    const Value* lookup(std::string_view attr) const;
    bool isSubclassOf(const ClassObject* other) const;
    /// The built-in exception this class is or derives from, if any.
    std::optional<BuiltinExc> exceptionBase() const;
};

/// Python exception state carried by instances of BaseException subclasses.
struct ExceptionData {
    Value args;  ///< a tuple
    trace::StackTrace traceback;
    Value cause;    ///< raise ... from cause
    Value context;  ///< the exception being handled when this one was raised
    bool suppressContext = false;
    ErrorKind kind = ErrorKind::Script;  ///< from agv::Error, for the GUI
    uint64_t failingNode = 0;
    /// CPython 3.11 prints `NameError: ... Did you mean: 'x'?` for an uncaught
    /// NameError; str(e) never includes it.
    std::string suggestion;
};

class HostObject;

class InstanceObject final : public Object {
public:
    explicit InstanceObject(Ref<ClassObject> cls) : Object(ObjectKind::Instance), cls(std::move(cls)) {}
    void clearReferences() override;
    Ref<ClassObject> cls;
    StringMap<Value> attrs;
    /// Native state a host base class attached (see ClassObject::initInstance).
    Ref<HostObject> hostState;
    std::unique_ptr<ExceptionData> exception;  ///< set for exception instances
};

class ModuleObject final : public Object {
public:
    explicit ModuleObject(std::string name) : Object(ObjectKind::Module), name(std::move(name)) {}
    void clearReferences() override { attrs.clear(); }
    const std::string name;
    StringMap<Value> attrs;
};

/// Iteration state over a built-in iterable (or an adapter to a host/user iterator).
class IteratorObject final : public Object {
public:
    enum class Source : uint8_t { Sequence, Range, Str, Dict, Host, User };
    IteratorObject(Source source, Value iterable)
        : Object(ObjectKind::Iterator), source(source), iterable(std::move(iterable))
    {
    }
    const Source source;
    const Value iterable;  ///< the list/tuple/str/range/dict, or the host/user iterator
    int64_t position = 0;  ///< next index (entries index for dicts, byte offset for str)
    uint64_t dictVersion = 0;
    bool exhausted = false;
    bool generator = false;  ///< a materialised generator expression (type name 'generator')
};

/// super(): attribute lookup starting after `startAfter` in type(self).__mro__.
class SuperObject final : public Object {
public:
    SuperObject(Ref<ClassObject> startAfter, Value self)
        : Object(ObjectKind::Super), startAfter(std::move(startAfter)), self(std::move(self))
    {
    }
    const Ref<ClassObject> startAfter;
    const Value self;
};

class PropertyObject final : public Object {
public:
    explicit PropertyObject(Value getter) : Object(ObjectKind::Property), getter(std::move(getter)) {}
    void clearReferences() override { setter = Value(); }
    const Value getter;
    Value setter;  ///< None when read-only
};

}  // namespace agv::script
