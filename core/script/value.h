#pragma once
// The script's value model. A `Value` is a small tagged type: immediates (None,
// bool, int, float) live inline, everything else is a reference-counted `Object`.
// Reference counting is intrusive and non-atomic: one interpreter runs on one thread.

#include <cstdint>
#include <string>
#include <utility>

namespace agv::script {

enum class ObjectKind : uint8_t {
    Str,
    List,
    Tuple,
    Dict,
    Set,
    Range,
    Slice,
    Cell,
    Function,
    NativeFunction,
    BoundMethod,
    Class,
    Instance,
    Module,
    Iterator,
    Super,
    Property,
    Host,
};

class ObjectRegistry;

/// Base of every heap value. Subclasses are final and identified by `kind()`.
/// An object created while an ObjectRegistry is current on its thread is linked
/// into it, so the owning interpreter can break reference cycles when it dies.
/// See Note [Teardown breaks cycles] in objects.h.
class Object {
public:
    explicit Object(ObjectKind kind);
    virtual ~Object();
    Object(const Object&) = delete;
    Object& operator=(const Object&) = delete;

    /// Drops every reference this object holds to other objects (CPython's tp_clear).
    /// Only called at interpreter teardown, when the object's contents no longer matter.
    virtual void clearReferences() {}

    /// Objects alive in the process, all threads together: lets tests prove that an
    /// interpreter's teardown freed everything it created.
    static int64_t liveCount();

    ObjectKind kind() const { return m_kind; }
    void incRef() const { ++m_refs; }
    void decRef() const
    {
        if (--m_refs == 0)
            release();
    }
    uint32_t refCount() const { return m_refs; }

private:
    // Deletes iteratively: a chain like `x = [x]` repeated 100,000 times must not
    // overflow the C++ stack when it dies.
    void release() const;

    friend class ObjectRegistry;

    mutable uint32_t m_refs = 0;
    ObjectKind m_kind;
    ObjectRegistry* m_registry = nullptr;
    Object* m_prevRegistered = nullptr;
    Object* m_nextRegistered = nullptr;
};

/// Intrusive owning pointer to an Object subclass.
template <typename T>
class Ref {
public:
    Ref() = default;
    Ref(std::nullptr_t) {}
    explicit Ref(T* p) : m_ptr(p)
    {
        if (m_ptr)
            m_ptr->incRef();
    }
    Ref(const Ref& other) : Ref(other.m_ptr) {}
    Ref(Ref&& other) noexcept : m_ptr(std::exchange(other.m_ptr, nullptr)) {}
    template <typename U>
    Ref(const Ref<U>& other) : Ref(static_cast<T*>(other.get()))
    {
    }
    ~Ref()
    {
        if (m_ptr)
            m_ptr->decRef();
    }
    Ref& operator=(Ref other) noexcept
    {
        std::swap(m_ptr, other.m_ptr);
        return *this;
    }

    T* get() const { return m_ptr; }
    T* operator->() const { return m_ptr; }
    T& operator*() const { return *m_ptr; }
    explicit operator bool() const { return m_ptr != nullptr; }
    bool operator==(const Ref& other) const { return m_ptr == other.m_ptr; }

private:
    T* m_ptr = nullptr;
};

template <typename T, typename... Args>
Ref<T> make(Args&&... args)
{
    return Ref<T>(new T(std::forward<Args>(args)...));
}

/// A script value. `Empty` marks an unbound variable slot and never reaches scripts.
class Value {
public:
    enum class Tag : uint8_t { Empty, None, Bool, Int, Float, Object };

    Value() : m_int(0) {}
    Value(const Value& other) : m_tag(other.m_tag), m_int(other.m_int)
    {
        if (m_tag == Tag::Object)
            m_obj->incRef();
    }
    Value(Value&& other) noexcept : m_tag(other.m_tag), m_int(other.m_int) { other.m_tag = Tag::Empty; }
    template <typename T>
    Value(const Ref<T>& ref) : m_int(0)
    {
        if (ref) {
            m_tag = Tag::Object;
            m_obj = ref.get();
            m_obj->incRef();
        } else {
            m_tag = Tag::None;
        }
    }
    explicit Value(Object* obj) : m_int(0)
    {
        if (obj) {
            m_tag = Tag::Object;
            m_obj = obj;
            m_obj->incRef();
        } else {
            m_tag = Tag::None;
        }
    }
    ~Value()
    {
        // The null test never fails; it keeps GCC's -Wnonnull flow analysis quiet.
        if (m_tag == Tag::Object && m_obj)
            m_obj->decRef();
    }
    Value& operator=(const Value& other)
    {
        Value copy(other);
        swap(copy);
        return *this;
    }
    Value& operator=(Value&& other) noexcept
    {
        Value moved(std::move(other));
        swap(moved);
        return *this;
    }
    void swap(Value& other) noexcept
    {
        std::swap(m_tag, other.m_tag);
        std::swap(m_int, other.m_int);
    }

    static Value none()
    {
        Value v;
        v.m_tag = Tag::None;
        return v;
    }
    static Value fromBool(bool b)
    {
        Value v;
        v.m_tag = Tag::Bool;
        v.m_int = b ? 1 : 0;
        return v;
    }
    static Value fromInt(int64_t i)
    {
        Value v;
        v.m_tag = Tag::Int;
        v.m_int = i;
        return v;
    }
    static Value fromFloat(double d)
    {
        Value v;
        v.m_tag = Tag::Float;
        v.m_float = d;
        return v;
    }
    static Value fromString(std::string s);

    Tag tag() const { return m_tag; }
    bool isEmpty() const { return m_tag == Tag::Empty; }
    bool isNone() const { return m_tag == Tag::None; }
    bool isBool() const { return m_tag == Tag::Bool; }
    bool isInt() const { return m_tag == Tag::Int; }
    bool isFloat() const { return m_tag == Tag::Float; }
    /// int or bool (bool is a subclass of int, as in Python)
    bool isIntLike() const { return m_tag == Tag::Int || m_tag == Tag::Bool; }
    bool isNumber() const { return m_tag == Tag::Int || m_tag == Tag::Bool || m_tag == Tag::Float; }
    bool isObject() const { return m_tag == Tag::Object; }
    bool is(ObjectKind kind) const { return m_tag == Tag::Object && m_obj->kind() == kind; }
    bool isStr() const { return is(ObjectKind::Str); }

    bool asBool() const { return m_int != 0; }
    int64_t asInt() const { return m_int; }  ///< valid for Int and Bool
    double asFloat() const { return m_float; }
    /// int, bool or float as a double
    double toDouble() const { return m_tag == Tag::Float ? m_float : static_cast<double>(m_int); }
    Object* object() const { return m_tag == Tag::Object ? m_obj : nullptr; }
    template <typename T>
    T* as() const
    {
        return static_cast<T*>(m_obj);
    }
    /// The string of a Str value (undefined for other kinds).
    const std::string& str() const;

    /// Identity, as Python's `is`.
    bool identical(const Value& other) const;

private:
    Tag m_tag = Tag::Empty;
    union {
        int64_t m_int;
        double m_float;
        Object* m_obj;
    };
};

}  // namespace agv::script
