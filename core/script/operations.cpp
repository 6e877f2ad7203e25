// The object protocol: attribute access, operators, comparison, subscripting,
// iteration, conversion to text. Built-in types take a fast path; instances of
// script classes dispatch to their dunder methods; host objects to HostObject hooks.

#include <algorithm>
#include <limits>
#include <cmath>
#include <cstdio>

#include "core/script/format.h"
#include "core/script/interpreter.h"
#include "core/script/lexer.h"
#include "core/script/stack_guard.h"

namespace agv::script {

namespace {

std::string addressOf(const void* p)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%012llx", static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(p)));
    return buf;
}

[[noreturn]] void overflow(const char* what)
{
    throw PyError(BuiltinExc::OverflowError,
                  std::string("integer overflow in ") + what + " (this interpreter uses 64-bit integers)");
}

int64_t floorDiv(int64_t a, int64_t b)
{
    if (b == 0)
        throw PyError(BuiltinExc::ZeroDivisionError, "integer division or modulo by zero");
    if (a == INT64_MIN && b == -1)
        overflow("//");
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

int64_t floorMod(int64_t a, int64_t b)
{
    if (b == 0)
        throw PyError(BuiltinExc::ZeroDivisionError, "integer division or modulo by zero");
    if (b == -1)
        return 0;
    int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0)))
        r += b;
    return r;
}

/// CPython's float_divmod.
void floatDivMod(double vx, double wx, double& floordiv, double& mod)
{
    mod = std::fmod(vx, wx);
    double div = (vx - mod) / wx;
    if (mod != 0.0) {
        if ((wx < 0) != (mod < 0)) {
            mod += wx;
            div -= 1.0;
        }
    } else {
        mod = std::copysign(0.0, wx);
    }
    if (div != 0.0) {
        floordiv = std::floor(div);
        if (div - floordiv > 0.5)
            floordiv += 1.0;
    } else {
        floordiv = std::copysign(0.0, vx / wx);
    }
}

std::optional<Value> intBinary(BinaryOp op, int64_t a, int64_t b)
{
    int64_t r = 0;
    switch (op) {
    case BinaryOp::Add:
        if (__builtin_add_overflow(a, b, &r)) overflow("+");
        return Value::fromInt(r);
    case BinaryOp::Sub:
        if (__builtin_sub_overflow(a, b, &r)) overflow("-");
        return Value::fromInt(r);
    case BinaryOp::Mul:
        if (__builtin_mul_overflow(a, b, &r)) overflow("*");
        return Value::fromInt(r);
    case BinaryOp::TrueDiv:
        if (b == 0)
            throw PyError(BuiltinExc::ZeroDivisionError, "division by zero");
        return Value::fromFloat(static_cast<double>(a) / static_cast<double>(b));
    case BinaryOp::FloorDiv: return Value::fromInt(floorDiv(a, b));
    case BinaryOp::Mod: return Value::fromInt(floorMod(a, b));
    case BinaryOp::Pow: {
        if (b < 0) {
            if (a == 0)
                throw PyError(BuiltinExc::ZeroDivisionError, "0.0 cannot be raised to a negative power");
            return Value::fromFloat(std::pow(static_cast<double>(a), static_cast<double>(b)));
        }
        int64_t result = 1, base = a;
        while (b > 0) {
            if (b & 1)
                if (__builtin_mul_overflow(result, base, &result)) overflow("**");
            b >>= 1;
            if (b > 0 && __builtin_mul_overflow(base, base, &base)) overflow("**");
        }
        return Value::fromInt(result);
    }
    case BinaryOp::LShift:
        if (b < 0)
            throw PyError(BuiltinExc::ValueError, "negative shift count");
        if (a == 0)
            return Value::fromInt(0);
        if (b >= 63 || (a > 0 ? a > (INT64_MAX >> b) : a < (INT64_MIN >> b)))
            overflow("<<");
        return Value::fromInt(static_cast<int64_t>(static_cast<uint64_t>(a) << b));
    case BinaryOp::RShift:
        if (b < 0)
            throw PyError(BuiltinExc::ValueError, "negative shift count");
        return Value::fromInt(b >= 63 ? (a < 0 ? -1 : 0) : a >> b);
    case BinaryOp::BitAnd: return Value::fromInt(a & b);
    case BinaryOp::BitOr: return Value::fromInt(a | b);
    case BinaryOp::BitXor: return Value::fromInt(a ^ b);
    case BinaryOp::MatMul: return std::nullopt;
    }
    return std::nullopt;
}

std::optional<Value> floatBinary(BinaryOp op, double a, double b)
{
    switch (op) {
    case BinaryOp::Add: return Value::fromFloat(a + b);
    case BinaryOp::Sub: return Value::fromFloat(a - b);
    case BinaryOp::Mul: return Value::fromFloat(a * b);
    case BinaryOp::TrueDiv:
        if (b == 0.0)
            throw PyError(BuiltinExc::ZeroDivisionError, "float division by zero");
        return Value::fromFloat(a / b);
    case BinaryOp::FloorDiv:
    case BinaryOp::Mod: {
        if (b == 0.0)
            throw PyError(BuiltinExc::ZeroDivisionError,
                          op == BinaryOp::Mod ? "float modulo" : "float floor division by zero");
        double div, mod;
        floatDivMod(a, b, div, mod);
        return Value::fromFloat(op == BinaryOp::Mod ? mod : div);
    }
    case BinaryOp::Pow: {
        if (a == 0.0 && b < 0.0)
            throw PyError(BuiltinExc::ZeroDivisionError, "0.0 cannot be raised to a negative power");
        if (a < 0.0 && b != std::floor(b) && std::isfinite(b))
            throw PyError(BuiltinExc::ValueError,
                          "complex results are not supported by this interpreter (negative number to a fractional power)");
        double r = std::pow(a, b);
        if (std::isinf(r) && std::isfinite(a) && std::isfinite(b))
            throw PyError(BuiltinExc::OverflowError, "(34, 'Numerical result out of range')");
        return Value::fromFloat(r);
    }
    default: return std::nullopt;
    }
}

/// Python slice semantics: fills start/step and returns the element count.
int64_t adjustSlice(Interpreter& in, const SliceObject& slice, int64_t length, int64_t& start, int64_t& step)
{
    step = slice.step.isNone() ? 1 : in.toIndex(slice.step);
    if (step == 0)
        throw PyError(BuiltinExc::ValueError, "slice step cannot be zero");
    // As CPython's PySlice_Unpack: the step is clamped so that -step exists.
    step = std::max(step, -std::numeric_limits<int64_t>::max());
    auto clampIndex = [&](const Value& v, int64_t defaultValue) {
        if (v.isNone())
            return defaultValue;
        int64_t i = in.toIndex(v);
        if (i < 0) {
            i += length;
            if (i < 0)
                i = step < 0 ? -1 : 0;
        } else if (i >= length) {
            i = step < 0 ? length - 1 : length;
        }
        return i;
    };
    start = clampIndex(slice.start, step < 0 ? length - 1 : 0);
    int64_t stop = clampIndex(slice.stop, step < 0 ? -1 : length);
    if (step > 0)
        return stop > start ? (stop - start - 1) / step + 1 : 0;
    return stop < start ? (start - stop - 1) / (-step) + 1 : 0;
}

/// Byte offsets of each code point of a UTF-8 string (plus the end).
std::vector<size_t> codePointOffsets(const std::string& s)
{
    std::vector<size_t> offsets;
    for (size_t i = 0; i < s.size(); ++i)
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80)
            offsets.push_back(i);
    offsets.push_back(s.size());
    return offsets;
}

std::string strRepr(const std::string& s)
{
    bool hasSingle = s.find('\'') != std::string::npos;
    bool hasDouble = s.find('"') != std::string::npos;
    char quote = hasSingle && !hasDouble ? '"' : '\'';
    std::string out(1, quote);
    for (unsigned char c : s) {
        switch (c) {
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c == static_cast<unsigned char>(quote)) {
                out += '\\';
                out += static_cast<char>(c);
            } else if (c < 0x20 || c == 0x7f) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\x%02x", c);
                out += buf;
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    out += quote;
    return out;
}

const ValueDict& dictOf(const Value& v)
{
    return v.is(ObjectKind::Dict) ? v.as<DictObject>()->dict : v.as<SetObject>()->dict;
}

class ReprGuard {
public:
    ReprGuard(std::vector<const Object*>& stack, const Object* obj) : m_stack(stack)
    {
        m_recursive = std::find(stack.begin(), stack.end(), obj) != stack.end();
        if (!m_recursive)
            stack.push_back(obj);
    }
    ~ReprGuard()
    {
        if (!m_recursive)
            m_stack.pop_back();
    }
    bool recursive() const { return m_recursive; }

private:
    std::vector<const Object*>& m_stack;
    bool m_recursive;
};

}  // namespace

// ================================================================ types and names

Ref<ClassObject> Interpreter::hostClassFor(const HostObject& host)
{
    if (Ref<ClassObject> cls = host.pyClass())
        return cls;
    std::string name = host.typeName();
    auto it = m_hostClasses.find(name);
    if (it != m_hostClasses.end())
        return it->second;
    Ref<ClassObject> cls = createClass(name, "builtins");
    m_hostClasses.emplace(name, cls);
    return cls;
}

Ref<ClassObject> Interpreter::typeOf(const Value& v)
{
    switch (v.tag()) {
    case Value::Tag::Empty:
    case Value::Tag::None: return m_types.noneType;
    case Value::Tag::Bool: return m_types.boolType;
    case Value::Tag::Int: return m_types.intType;
    case Value::Tag::Float: return m_types.floatType;
    case Value::Tag::Object: break;
    }
    switch (v.object()->kind()) {
    case ObjectKind::Str: return m_types.strType;
    case ObjectKind::List: return m_types.listType;
    case ObjectKind::Tuple: return m_types.tupleType;
    case ObjectKind::Dict: return m_types.dictType;
    case ObjectKind::Set: return m_types.setType;
    case ObjectKind::Range: return m_types.rangeType;
    case ObjectKind::Slice: return m_types.sliceType;
    case ObjectKind::Cell: return m_types.object;
    case ObjectKind::Function: return m_types.function;
    case ObjectKind::NativeFunction: return m_types.builtinFunction;
    case ObjectKind::BoundMethod: return m_types.method;
    case ObjectKind::Class: return m_types.type;
    case ObjectKind::Instance: return v.as<InstanceObject>()->cls;
    case ObjectKind::Module: return m_types.module;
    case ObjectKind::Iterator: return m_types.iterator;
    case ObjectKind::Super: return m_types.superType;
    case ObjectKind::Property: return m_types.propertyType;
    case ObjectKind::Host: return hostClassFor(*v.as<HostObject>());
    }
    return m_types.object;
}

std::string Interpreter::typeName(const Value& v)
{
    if (v.is(ObjectKind::Host))
        return v.as<HostObject>()->typeName();
    if (v.is(ObjectKind::Iterator)) {
        auto* it = v.as<IteratorObject>();
        if (it->generator)
            return "generator";
        switch (it->source) {
        case IteratorObject::Source::Sequence:
            return it->iterable.is(ObjectKind::Tuple) ? "tuple_iterator" : "list_iterator";
        case IteratorObject::Source::Range: return "range_iterator";
        case IteratorObject::Source::Str: return "str_ascii_iterator";
        case IteratorObject::Source::Dict: return "dict_keyiterator";
        default: return "iterator";
        }
    }
    return typeOf(v)->name;
}

bool Interpreter::isInstance(const Value& value, const ClassObject* cls)
{
    if (cls == m_types.object.get())
        return true;
    if (cls == m_types.intType.get() && value.isBool())
        return true;
    return typeOf(value)->isSubclassOf(cls);
}

// ================================================================ truth, repr, str

bool Interpreter::truthy(const Value& v)
{
    switch (v.tag()) {
    case Value::Tag::Empty:
    case Value::Tag::None: return false;
    case Value::Tag::Bool:
    case Value::Tag::Int: return v.asInt() != 0;
    case Value::Tag::Float: return v.asFloat() != 0.0;
    case Value::Tag::Object: break;
    }
    switch (v.object()->kind()) {
    case ObjectKind::Str: return !v.str().empty();
    case ObjectKind::List: return !v.as<ListObject>()->items.empty();
    case ObjectKind::Tuple: return !v.as<TupleObject>()->items.empty();
    case ObjectKind::Dict: return v.as<DictObject>()->dict.size() > 0;
    case ObjectKind::Set: return v.as<SetObject>()->dict.size() > 0;
    case ObjectKind::Range: return v.as<RangeObject>()->length() > 0;
    case ObjectKind::Host: {
        auto* host = v.as<HostObject>();
        if (auto b = host->truthy(*this))
            return *b;
        if (auto n = host->length(*this))
            return *n != 0;
        return true;
    }
    case ObjectKind::Instance: {
        Value method = lookupSpecial(v, "__bool__");
        if (!method.isEmpty()) {
            CallArgs none;
            Value r = callValue(method, none);
            if (!r.isBool())
                throw PyError(BuiltinExc::TypeError, "__bool__ should return bool, returned " + typeName(r));
            return r.asBool();
        }
        method = lookupSpecial(v, "__len__");
        if (!method.isEmpty())
            return length(v) != 0;
        return true;
    }
    default: return true;
    }
}

std::string Interpreter::repr(const Value& v)
{
    switch (v.tag()) {
    case Value::Tag::Empty:
    case Value::Tag::None: return "None";
    case Value::Tag::Bool: return v.asBool() ? "True" : "False";
    case Value::Tag::Int: return std::to_string(v.asInt());
    case Value::Tag::Float: return floatRepr(v.asFloat());
    case Value::Tag::Object: break;
    }
    checkStack("maximum recursion depth exceeded while getting the repr of an object");
    Object* obj = v.object();
    switch (obj->kind()) {
    case ObjectKind::Str: return strRepr(v.str());
    case ObjectKind::List:
    case ObjectKind::Tuple: {
        bool isList = obj->kind() == ObjectKind::List;
        ReprGuard guard(m_reprStack, obj);
        if (guard.recursive())
            return isList ? "[...]" : "(...)";
        const auto& items = isList ? v.as<ListObject>()->items : v.as<TupleObject>()->items;
        std::string out = isList ? "[" : "(";
        for (size_t i = 0; i < items.size(); ++i) {
            if (i > 0)
                out += ", ";
            out += repr(items[i]);
        }
        if (!isList && items.size() == 1)
            out += ",";
        return out + (isList ? "]" : ")");
    }
    case ObjectKind::Dict: {
        ReprGuard guard(m_reprStack, obj);
        if (guard.recursive())
            return "{...}";
        std::string out = "{";
        bool first = true;
        for (const ValueDict::Entry& e : v.as<DictObject>()->dict.entries()) {
            if (e.key.isEmpty())
                continue;
            if (!first)
                out += ", ";
            first = false;
            out += repr(e.key) + ": " + repr(e.value);
        }
        return out + "}";
    }
    case ObjectKind::Set: {
        const ValueDict& d = v.as<SetObject>()->dict;
        if (d.size() == 0)
            return "set()";
        std::string out = "{";
        bool first = true;
        for (const ValueDict::Entry& e : d.entries()) {
            if (e.key.isEmpty())
                continue;
            if (!first)
                out += ", ";
            first = false;
            out += repr(e.key);
        }
        return out + "}";
    }
    case ObjectKind::Range: {
        auto* r = v.as<RangeObject>();
        std::string out = "range(" + std::to_string(r->start) + ", " + std::to_string(r->stop);
        if (r->step != 1)
            out += ", " + std::to_string(r->step);
        return out + ")";
    }
    case ObjectKind::Slice: {
        auto* s = v.as<SliceObject>();
        return "slice(" + repr(s->start) + ", " + repr(s->stop) + ", " + repr(s->step) + ")";
    }
    case ObjectKind::Function:
        return "<function " + v.as<FunctionObject>()->code->qualname + " at " + addressOf(obj) + ">";
    case ObjectKind::NativeFunction: return "<built-in function " + v.as<NativeFunctionObject>()->name + ">";
    case ObjectKind::BoundMethod: {
        auto* b = v.as<BoundMethodObject>();
        std::string name = b->function.is(ObjectKind::Function) ? b->function.as<FunctionObject>()->code->qualname
                                                                : v.as<BoundMethodObject>()->function.is(ObjectKind::NativeFunction)
                                                                      ? b->function.as<NativeFunctionObject>()->name
                                                                      : std::string("?");
        return "<bound method " + name + " of " + repr(b->self) + ">";
    }
    case ObjectKind::Class: {
        auto* c = v.as<ClassObject>();
        if (c->moduleName == "builtins")
            return "<class '" + c->qualname + "'>";
        return "<class '" + c->moduleName + "." + c->qualname + "'>";
    }
    case ObjectKind::Module: return "<module '" + v.as<ModuleObject>()->name + "'>";
    case ObjectKind::Iterator: return "<" + typeName(v) + " object at " + addressOf(obj) + ">";
    case ObjectKind::Host: return v.as<HostObject>()->repr(*this);
    case ObjectKind::Instance: {
        auto* inst = v.as<InstanceObject>();
        Value method = lookupSpecial(v, "__repr__");
        if (!method.isEmpty()) {
            ReprGuard guard(m_reprStack, obj);
            if (guard.recursive())
                return "...";
            CallArgs none;
            Value r = callValue(method, none);
            if (!r.isStr())
                throw PyError(BuiltinExc::TypeError, "__repr__ returned non-string (type " + typeName(r) + ")");
            return r.str();
        }
        if (inst->exception) {
            const auto& args = inst->exception->args.as<TupleObject>()->items;
            std::string out = inst->cls->name + "(";
            for (size_t i = 0; i < args.size(); ++i)
                out += (i ? ", " : "") + repr(args[i]);
            return out + ")";
        }
        std::string module = inst->cls->moduleName;
        return "<" + (module == "builtins" ? "" : module + ".") + inst->cls->qualname + " object at " +
               addressOf(obj) + ">";
    }
    case ObjectKind::Super: return "<super: <class '" + v.as<SuperObject>()->startAfter->name + "'>, <object>>";
    case ObjectKind::Property: return "<property object at " + addressOf(obj) + ">";
    case ObjectKind::Cell: return "<cell at " + addressOf(obj) + ">";
    }
    return "<object>";
}

std::string Interpreter::str(const Value& v)
{
    if (v.isStr())
        return v.str();
    if (v.is(ObjectKind::Host))
        return v.as<HostObject>()->str(*this);
    if (v.is(ObjectKind::Instance)) {
        auto* inst = v.as<InstanceObject>();
        Value method = lookupSpecial(v, "__str__");
        if (!method.isEmpty()) {
            CallArgs none;
            Value r = callValue(method, none);
            if (!r.isStr())
                throw PyError(BuiltinExc::TypeError, "__str__ returned non-string (type " + typeName(r) + ")");
            return r.str();
        }
        if (inst->exception)
            return exceptionMessage(v);
    }
    return repr(v);
}

std::string Interpreter::formatValue(const Value& v, std::string_view spec)
{
    if (v.is(ObjectKind::Instance)) {
        Value method = lookupSpecial(v, "__format__");
        if (!method.isEmpty()) {
            CallArgs args({makeStr(std::string(spec))});
            Value r = callValue(method, args);
            if (!r.isStr())
                throw PyError(BuiltinExc::TypeError, "__format__ must return a str, not " + typeName(r));
            return r.str();
        }
    }
    if (v.is(ObjectKind::Host)) {
        if (auto s = v.as<HostObject>()->format(*this, spec))
            return *s;
    }
    if (spec.empty())
        return str(v);
    if (v.isIntLike())
        return formatInt(v.asInt(), parseFormatSpec(spec));
    if (v.isFloat())
        return formatFloat(v.asFloat(), parseFormatSpec(spec));
    if (v.isStr())
        return formatString(v.str(), parseFormatSpec(spec));
    throw PyError(BuiltinExc::TypeError, "unsupported format string passed to " + typeName(v) + ".__format__");
}

// ================================================================ attributes

Value Interpreter::bindIfFunction(const Value& attr, const Value& self)
{
    if (attr.is(ObjectKind::Function) || attr.is(ObjectKind::NativeFunction))
        return Value(make<BoundMethodObject>(self, attr));
    return attr;
}

Value Interpreter::lookupSpecial(const Value& obj, std::string_view name)
{
    Ref<ClassObject> cls = typeOf(obj);
    const Value* found = cls->lookup(name);
    if (!found)
        return Value();
    return bindIfFunction(*found, obj);
}

std::optional<Value> Interpreter::findAttr(const Value& object, std::string_view name)
{
    Object* obj = object.object();
    if (name == "__class__")
        return Value(typeOf(object));
    if (obj) {
        switch (obj->kind()) {
        case ObjectKind::Instance: {
            auto* inst = static_cast<InstanceObject*>(obj);
            const Value* classAttr = inst->cls->lookup(name);
            if (classAttr && classAttr->is(ObjectKind::Property)) {
                CallArgs args({object});
                return callValue(classAttr->as<PropertyObject>()->getter, args);
            }
            auto it = inst->attrs.find(name);
            if (it != inst->attrs.end())
                return it->second;
            if (inst->exception && name == "args")
                return inst->exception->args;
            if (name == "__dict__") {
                auto dict = make<DictObject>();
                for (auto& [k, val] : inst->attrs)
                    dict->dict.set(makeStr(k), val);
                return Value(dict);
            }
            if (classAttr)
                return bindIfFunction(*classAttr, object);
            if (const Value* getattr = inst->cls->lookup("__getattr__")) {
                CallArgs args({makeStr(std::string(name))});
                try {
                    return callValue(bindIfFunction(*getattr, object), args);
                } catch (const ScriptException& e) {
                    if (exceptionMatches(e.exception(), Value(exceptionClass(BuiltinExc::AttributeError))))
                        return std::nullopt;
                    throw;
                } catch (const PyError& e) {
                    if (e.type() == BuiltinExc::AttributeError)
                        return std::nullopt;
                    throw;
                }
            }
            return std::nullopt;
        }
        case ObjectKind::Class: {
            auto* cls = static_cast<ClassObject*>(obj);
            if (const Value* v = cls->lookup(name))
                return *v;
            if (name == "__name__")
                return makeStr(cls->name);
            if (name == "__qualname__")
                return makeStr(cls->qualname);
            if (name == "__module__")
                return makeStr(cls->moduleName);
            if (name == "__bases__") {
                std::vector<Value> bases;
                for (const auto& b : cls->bases)
                    bases.push_back(Value(b));
                return makeTuple(std::move(bases));
            }
            if (name == "__mro__") {
                std::vector<Value> mro;
                for (ClassObject* c : cls->mro)
                    mro.push_back(Value(static_cast<Object*>(c)));
                return makeTuple(std::move(mro));
            }
            return std::nullopt;
        }
        case ObjectKind::Module: {
            auto* m = static_cast<ModuleObject*>(obj);
            auto it = m->attrs.find(name);
            if (it != m->attrs.end())
                return it->second;
            if (name == "__name__")
                return makeStr(m->name);
            return std::nullopt;
        }
        case ObjectKind::Host: {
            auto* host = static_cast<HostObject*>(obj);
            if (auto v = host->getAttr(*this, name))
                return v;
            Ref<ClassObject> cls = hostClassFor(*host);
            if (const Value* v = cls->lookup(name)) {
                if (v->is(ObjectKind::Property)) {
                    CallArgs args({object});
                    return callValue(v->as<PropertyObject>()->getter, args);
                }
                return bindIfFunction(*v, object);
            }
            return std::nullopt;
        }
        case ObjectKind::Super: {
            auto* s = static_cast<SuperObject*>(obj);
            Ref<ClassObject> cls = typeOf(s->self);
            if (s->self.is(ObjectKind::Class))
                cls = Ref<ClassObject>(s->self.as<ClassObject>());
            bool after = false;
            for (ClassObject* c : cls->mro) {
                if (after) {
                    auto it = c->dict.find(name);
                    if (it != c->dict.end()) {
                        if (it->second.is(ObjectKind::Property)) {
                            CallArgs args({s->self});
                            return callValue(it->second.as<PropertyObject>()->getter, args);
                        }
                        return bindIfFunction(it->second, s->self);
                    }
                }
                if (c == s->startAfter.get())
                    after = true;
            }
            return std::nullopt;
        }
        case ObjectKind::Function: {
            auto* f = static_cast<FunctionObject*>(obj);
            if (name == "__name__")
                return makeStr(f->code->name);
            if (name == "__qualname__")
                return makeStr(f->code->qualname);
            if (name == "__doc__")
                return Value::none();
            break;
        }
        case ObjectKind::NativeFunction:
            if (name == "__name__") {
                const std::string& full = static_cast<NativeFunctionObject*>(obj)->name;
                return makeStr(full.substr(full.rfind('.') + 1));
            }
            break;
        case ObjectKind::BoundMethod: {
            auto* b = static_cast<BoundMethodObject*>(obj);
            if (name == "__self__")
                return b->self;
            if (name == "__func__")
                return b->function;
            return findAttr(b->function, name);
        }
        case ObjectKind::Property:
            if (name == "setter") {
                Value prop = object;
                return makeFunction("property.setter", [prop](Interpreter&, CallArgs& args) {
                    auto* p = prop.as<PropertyObject>();
                    auto copy = make<PropertyObject>(p->getter);
                    copy->setter = args.positional.empty() ? Value::none() : args.positional[0];
                    return Value(copy);
                });
            }
            break;
        case ObjectKind::Slice: {
            auto* s = static_cast<SliceObject*>(obj);
            if (name == "start") return s->start;
            if (name == "stop") return s->stop;
            if (name == "step") return s->step;
            break;
        }
        case ObjectKind::Range: {
            auto* r = static_cast<RangeObject*>(obj);
            if (name == "start") return Value::fromInt(r->start);
            if (name == "stop") return Value::fromInt(r->stop);
            if (name == "step") return Value::fromInt(r->step);
            break;
        }
        default: break;
        }
    } else if (object.isNumber()) {
        if (name == "real")
            return object.isBool() ? Value::fromInt(object.asInt()) : object;
        if (name == "imag")
            return object.isFloat() ? Value::fromFloat(0.0) : Value::fromInt(0);
    }
    Ref<ClassObject> cls = typeOf(object);
    if (const Value* v = cls->lookup(name))
        return bindIfFunction(*v, object);
    return std::nullopt;
}

Value Interpreter::getAttr(const Value& object, std::string_view name)
{
    if (auto v = findAttr(object, name))
        return *v;
    if (object.is(ObjectKind::Module))
        throw PyError(BuiltinExc::AttributeError,
                      "module '" + object.as<ModuleObject>()->name + "' has no attribute '" + std::string(name) + "'");
    if (object.is(ObjectKind::Class))
        throw PyError(BuiltinExc::AttributeError, "type object '" + object.as<ClassObject>()->name +
                                                      "' has no attribute '" + std::string(name) + "'");
    if (object.is(ObjectKind::Super))
        throw PyError(BuiltinExc::AttributeError, "'super' object has no attribute '" + std::string(name) + "'");
    throw PyError(BuiltinExc::AttributeError,
                  "'" + typeName(object) + "' object has no attribute '" + std::string(name) + "'");
}

void Interpreter::genericSetAttr(InstanceObject& instance, std::string_view name, const Value& value)
{
    auto it = instance.attrs.find(name);
    if (it != instance.attrs.end())
        it->second = value;
    else
        instance.attrs.emplace(std::string(name), value);
}

void Interpreter::setAttr(const Value& object, std::string_view name, const Value& value)
{
    Object* obj = object.object();
    if (obj) {
        switch (obj->kind()) {
        case ObjectKind::Instance: {
            auto* inst = static_cast<InstanceObject*>(obj);
            if (const Value* classAttr = inst->cls->lookup(name); classAttr && classAttr->is(ObjectKind::Property)) {
                auto* p = classAttr->as<PropertyObject>();
                if (p->setter.isNone() || p->setter.isEmpty())
                    throw PyError(BuiltinExc::AttributeError, "property '" + std::string(name) + "' of '" +
                                                                  inst->cls->name + "' object has no setter");
                CallArgs args({object, value});
                callValue(p->setter, args);
                return;
            }
            const Value* setattr = inst->cls->lookup("__setattr__");
            if (setattr && !(setattr->is(ObjectKind::NativeFunction) &&
                             setattr->as<NativeFunctionObject>()->name == "object.__setattr__")) {
                CallArgs args({object, makeStr(std::string(name)), value});
                callValue(*setattr, args);
                return;
            }
            genericSetAttr(*inst, name, value);
            return;
        }
        case ObjectKind::Class: {
            auto* cls = static_cast<ClassObject*>(obj);
            if (cls->builtinType != BuiltinType::None)
                throw PyError(BuiltinExc::TypeError, "cannot set '" + std::string(name) +
                                                         "' attribute of immutable type '" + cls->name + "'");
            cls->dict[std::string(name)] = value;
            return;
        }
        case ObjectKind::Module: static_cast<ModuleObject*>(obj)->attrs[std::string(name)] = value; return;
        case ObjectKind::Host:
            if (static_cast<HostObject*>(obj)->setAttr(*this, name, value))
                return;
            break;
        default: break;
        }
    }
    if (findAttr(object, name))
        throw PyError(BuiltinExc::AttributeError, "'" + typeName(object) + "' object attribute '" + std::string(name) +
                                                      "' is read-only");
    throw PyError(BuiltinExc::AttributeError,
                  "'" + typeName(object) + "' object has no attribute '" + std::string(name) + "'");
}

void Interpreter::delAttr(const Value& object, std::string_view name)
{
    if (object.is(ObjectKind::Instance)) {
        auto* inst = object.as<InstanceObject>();
        if (const Value* delattr = inst->cls->lookup("__delattr__")) {
            CallArgs args({object, makeStr(std::string(name))});
            callValue(*delattr, args);
            return;
        }
        auto it = inst->attrs.find(name);
        if (it != inst->attrs.end()) {
            inst->attrs.erase(it);
            return;
        }
    } else if (object.is(ObjectKind::Host)) {
        if (object.as<HostObject>()->delAttr(*this, name))
            return;
    } else if (object.is(ObjectKind::Class)) {
        auto* cls = object.as<ClassObject>();
        auto it = cls->dict.find(name);
        if (it != cls->dict.end() && cls->builtinType == BuiltinType::None) {
            cls->dict.erase(it);
            return;
        }
    }
    throw PyError(BuiltinExc::AttributeError,
                  "'" + typeName(object) + "' object has no attribute '" + std::string(name) + "'");
}

// ================================================================ operators

Value Interpreter::binaryOp(BinaryOp op, const Value& a, const Value& b)
{
    if (a.isIntLike() && b.isIntLike()) {
        if (a.isBool() && b.isBool() &&
            (op == BinaryOp::BitAnd || op == BinaryOp::BitOr || op == BinaryOp::BitXor)) {
            bool x = a.asBool(), y = b.asBool();
            return Value::fromBool(op == BinaryOp::BitAnd ? (x && y) : op == BinaryOp::BitOr ? (x || y) : (x != y));
        }
        if (auto r = intBinary(op, a.asInt(), b.asInt()))
            return *r;
    } else if (a.isNumber() && b.isNumber()) {
        if (auto r = floatBinary(op, a.toDouble(), b.toDouble()))
            return *r;
    }
    auto repeat = [&](const Value& seq, int64_t count) -> Value {
        if (count < 0)
            count = 0;
        if (seq.isStr()) {
            const std::string& s = seq.str();
            if (!s.empty() && static_cast<int64_t>(s.size()) > m_options.maxSequenceLength / std::max<int64_t>(count, 1))
                throw PyError(BuiltinExc::MemoryError, "string too large");
            std::string out;
            out.reserve(s.size() * static_cast<size_t>(count));
            for (int64_t i = 0; i < count; ++i)
                out += s;
            return makeStr(std::move(out));
        }
        const auto& items = seq.is(ObjectKind::List) ? seq.as<ListObject>()->items : seq.as<TupleObject>()->items;
        if (!items.empty() && static_cast<int64_t>(items.size()) > m_options.maxSequenceLength / std::max<int64_t>(count, 1))
            throw PyError(BuiltinExc::MemoryError, "sequence too large");
        std::vector<Value> out;
        out.reserve(items.size() * static_cast<size_t>(count));
        for (int64_t i = 0; i < count; ++i)
            out.insert(out.end(), items.begin(), items.end());
        return seq.is(ObjectKind::List) ? makeList(std::move(out)) : makeTuple(std::move(out));
    };
    auto isSequence = [](const Value& v) {
        return v.isStr() || v.is(ObjectKind::List) || v.is(ObjectKind::Tuple);
    };
    if (op == BinaryOp::Add) {
        if (a.isStr() && b.isStr())
            return makeStr(a.str() + b.str());
        if (a.is(ObjectKind::List) && b.is(ObjectKind::List)) {
            std::vector<Value> out = a.as<ListObject>()->items;
            const auto& more = b.as<ListObject>()->items;
            out.insert(out.end(), more.begin(), more.end());
            return makeList(std::move(out));
        }
        if (a.is(ObjectKind::Tuple) && b.is(ObjectKind::Tuple)) {
            std::vector<Value> out = a.as<TupleObject>()->items;
            const auto& more = b.as<TupleObject>()->items;
            out.insert(out.end(), more.begin(), more.end());
            return makeTuple(std::move(out));
        }
    }
    if (op == BinaryOp::Mul) {
        if (isSequence(a) && b.isIntLike())
            return repeat(a, b.asInt());
        if (a.isIntLike() && isSequence(b))
            return repeat(b, a.asInt());
    }
    if (op == BinaryOp::Mod && a.isStr() && !b.is(ObjectKind::Host) && !b.is(ObjectKind::Instance))
        return makeStr(percentFormat(a.str(), b));
    if ((a.is(ObjectKind::Set) && b.is(ObjectKind::Set)) &&
        (op == BinaryOp::BitOr || op == BinaryOp::BitAnd || op == BinaryOp::Sub || op == BinaryOp::BitXor)) {
        const ValueDict& x = a.as<SetObject>()->dict;
        const ValueDict& y = b.as<SetObject>()->dict;
        auto out = make<SetObject>();
        for (const auto& e : x.entries()) {
            if (e.key.isEmpty())
                continue;
            bool inY = const_cast<ValueDict&>(y).find(e.key) != nullptr;
            if (op == BinaryOp::BitOr || (op == BinaryOp::BitAnd && inY) || (op != BinaryOp::BitAnd && !inY))
                out->dict.set(e.key, Value::none());
        }
        if (op == BinaryOp::BitOr || op == BinaryOp::BitXor)
            for (const auto& e : y.entries())
                if (!e.key.isEmpty() && !(op == BinaryOp::BitXor && const_cast<ValueDict&>(x).find(e.key)))
                    out->dict.set(e.key, Value::none());
        return Value(out);
    }
    if (op == BinaryOp::BitOr && a.is(ObjectKind::Dict) && b.is(ObjectKind::Dict)) {
        auto out = make<DictObject>();
        for (const Value* d : {&a, &b})
            for (const auto& e : d->as<DictObject>()->dict.entries())
                if (!e.key.isEmpty())
                    out->dict.set(e.key, e.value);
        return Value(out);
    }

    // User classes and host objects: the left operand's method, then the right's reflected one.
    if (a.is(ObjectKind::Host)) {
        if (auto r = a.as<HostObject>()->binaryOp(*this, op, b, false))
            return *r;
    } else if (a.is(ObjectKind::Instance)) {
        Value method = lookupSpecial(a, binaryOpDunder(op));
        if (!method.isEmpty()) {
            CallArgs args({b});
            Value r = callValue(method, args);
            if (!r.identical(m_notImplemented))
                return r;
        }
    }
    if (b.is(ObjectKind::Host)) {
        if (auto r = b.as<HostObject>()->binaryOp(*this, op, a, true))
            return *r;
    } else if (b.is(ObjectKind::Instance)) {
        Value method = lookupSpecial(b, reflectedBinaryOpDunder(op));
        if (!method.isEmpty()) {
            CallArgs args({a});
            Value r = callValue(method, args);
            if (!r.identical(m_notImplemented))
                return r;
        }
    }

    if (op == BinaryOp::Add && (a.isStr() || a.is(ObjectKind::List) || a.is(ObjectKind::Tuple))) {
        std::string t = typeName(a);
        throw PyError(BuiltinExc::TypeError, "can only concatenate " + t + " (not \"" + typeName(b) + "\") to " + t);
    }
    if (op == BinaryOp::Mul && (isSequence(a) || isSequence(b)))
        throw PyError(BuiltinExc::TypeError,
                      "can't multiply sequence by non-int of type '" + typeName(isSequence(a) ? b : a) + "'");
    throw PyError(BuiltinExc::TypeError, std::string("unsupported operand type(s) for ") + binaryOpSymbol(op) +
                                             ": '" + typeName(a) + "' and '" + typeName(b) + "'");
}

Value Interpreter::inplaceOp(BinaryOp op, const Value& a, const Value& b)
{
    if (a.is(ObjectKind::Host)) {
        if (auto r = a.as<HostObject>()->inplaceOp(*this, op, b))
            return *r;
    } else if (a.is(ObjectKind::Instance)) {
        Value method = lookupSpecial(a, inplaceBinaryOpDunder(op));
        if (!method.isEmpty()) {
            CallArgs args({b});
            Value r = callValue(method, args);
            if (!r.identical(m_notImplemented))
                return r;
        }
    } else if (a.is(ObjectKind::List) && op == BinaryOp::Add) {
        // list += iterable extends in place (the same list object stays bound).
        std::vector<Value> more = iterate(b);
        auto& items = a.as<ListObject>()->items;
        items.insert(items.end(), more.begin(), more.end());
        return a;
    }
    return binaryOp(op, a, b);
}

Value Interpreter::unaryOp(UnaryOp op, const Value& v)
{
    if (v.isIntLike()) {
        int64_t i = v.asInt();
        switch (op) {
        case UnaryOp::Neg:
            if (i == INT64_MIN)
                overflow("unary -");
            return Value::fromInt(-i);
        case UnaryOp::Pos: return Value::fromInt(i);
        case UnaryOp::Invert: return Value::fromInt(~i);
        case UnaryOp::Not: return Value::fromBool(!i);
        }
    }
    if (v.isFloat()) {
        if (op == UnaryOp::Neg)
            return Value::fromFloat(-v.asFloat());
        if (op == UnaryOp::Pos)
            return v;
    }
    if (v.is(ObjectKind::Host)) {
        if (auto r = v.as<HostObject>()->unaryOp(*this, op))
            return *r;
    } else if (v.is(ObjectKind::Instance)) {
        const char* name = op == UnaryOp::Neg ? "__neg__" : op == UnaryOp::Pos ? "__pos__" : "__invert__";
        Value method = lookupSpecial(v, name);
        if (!method.isEmpty()) {
            CallArgs none;
            return callValue(method, none);
        }
    }
    const char* symbol = op == UnaryOp::Neg ? "-" : op == UnaryOp::Pos ? "+" : "~";
    throw PyError(BuiltinExc::TypeError, std::string("bad operand type for unary ") + symbol + ": '" + typeName(v) + "'");
}

bool Interpreter::equals(const Value& a, const Value& b)
{
    if (a.isNumber() && b.isNumber()) {
        if (a.isFloat() || b.isFloat())
            return a.toDouble() == b.toDouble();
        return a.asInt() == b.asInt();
    }
    if (a.isStr() && b.isStr())
        return a.str() == b.str();
    if (a.identical(b) && !a.isFloat())
        return true;
    Object* x = a.object();
    Object* y = b.object();
    if (x && y && x->kind() == y->kind()) {
        switch (x->kind()) {
        case ObjectKind::List:
        case ObjectKind::Tuple: {
            checkStack("maximum recursion depth exceeded in comparison");
            const auto& p = x->kind() == ObjectKind::List ? a.as<ListObject>()->items : a.as<TupleObject>()->items;
            const auto& q = x->kind() == ObjectKind::List ? b.as<ListObject>()->items : b.as<TupleObject>()->items;
            if (p.size() != q.size())
                return false;
            for (size_t i = 0; i < p.size(); ++i)
                if (!p[i].identical(q[i]) && !equals(p[i], q[i]))
                    return false;
            return true;
        }
        case ObjectKind::Dict: {
            checkStack("maximum recursion depth exceeded in comparison");
            ValueDict& p = a.as<DictObject>()->dict;
            ValueDict& q = b.as<DictObject>()->dict;
            if (p.size() != q.size())
                return false;
            for (const auto& e : p.entries()) {
                if (e.key.isEmpty())
                    continue;
                Value* other = q.find(e.key);
                if (!other || !equals(e.value, *other))
                    return false;
            }
            return true;
        }
        case ObjectKind::Set: {
            ValueDict& p = a.as<SetObject>()->dict;
            ValueDict& q = b.as<SetObject>()->dict;
            if (p.size() != q.size())
                return false;
            for (const auto& e : p.entries())
                if (!e.key.isEmpty() && !q.find(e.key))
                    return false;
            return true;
        }
        case ObjectKind::Range: {
            auto* r = a.as<RangeObject>();
            auto* s = b.as<RangeObject>();
            return r->start == s->start && r->stop == s->stop && r->step == s->step;
        }
        default: break;
        }
    }
    if (a.is(ObjectKind::Host) || b.is(ObjectKind::Host) || a.is(ObjectKind::Instance) || b.is(ObjectKind::Instance))
        return truthy(compare(CompareOp::Eq, a, b));
    return false;
}

bool Interpreter::lessThan(const Value& a, const Value& b) { return truthy(compare(CompareOp::Lt, a, b)); }

Value Interpreter::compare(CompareOp op, const Value& a, const Value& b)
{
    switch (op) {
    case CompareOp::Is: return Value::fromBool(a.identical(b));
    case CompareOp::IsNot: return Value::fromBool(!a.identical(b));
    case CompareOp::In: return Value::fromBool(contains(b, a));
    case CompareOp::NotIn: return Value::fromBool(!contains(b, a));
    default: break;
    }
    if (a.isIntLike() && b.isIntLike()) {
        int64_t x = a.asInt(), y = b.asInt();
        switch (op) {
        case CompareOp::Eq: return Value::fromBool(x == y);
        case CompareOp::NotEq: return Value::fromBool(x != y);
        case CompareOp::Lt: return Value::fromBool(x < y);
        case CompareOp::LtE: return Value::fromBool(x <= y);
        case CompareOp::Gt: return Value::fromBool(x > y);
        case CompareOp::GtE: return Value::fromBool(x >= y);
        default: break;
        }
    }
    if (a.isNumber() && b.isNumber()) {
        double x = a.toDouble(), y = b.toDouble();
        switch (op) {
        case CompareOp::Eq: return Value::fromBool(x == y);
        case CompareOp::NotEq: return Value::fromBool(x != y);
        case CompareOp::Lt: return Value::fromBool(x < y);
        case CompareOp::LtE: return Value::fromBool(x <= y);
        case CompareOp::Gt: return Value::fromBool(x > y);
        case CompareOp::GtE: return Value::fromBool(x >= y);
        default: break;
        }
    }
    // Host objects and instances first: a tensor comparison returns a tensor.
    bool rich = a.is(ObjectKind::Host) || b.is(ObjectKind::Host) || a.is(ObjectKind::Instance) ||
                b.is(ObjectKind::Instance);
    if (rich) {
        if (a.is(ObjectKind::Host)) {
            if (auto r = a.as<HostObject>()->compare(*this, op, b))
                return *r;
        } else if (a.is(ObjectKind::Instance)) {
            Value method = lookupSpecial(a, compareOpDunder(op));
            if (!method.isEmpty() && !method.is(ObjectKind::NativeFunction)) {
                CallArgs args({b});
                Value r = callValue(method, args);
                if (!r.identical(m_notImplemented))
                    return r;
            }
        }
        CompareOp swapped = swappedCompareOp(op);
        if (b.is(ObjectKind::Host)) {
            if (auto r = b.as<HostObject>()->compare(*this, swapped, a))
                return *r;
        } else if (b.is(ObjectKind::Instance)) {
            Value method = lookupSpecial(b, compareOpDunder(swapped));
            if (!method.isEmpty() && !method.is(ObjectKind::NativeFunction)) {
                CallArgs args({a});
                Value r = callValue(method, args);
                if (!r.identical(m_notImplemented))
                    return r;
            }
        }
        if (op == CompareOp::Eq)
            return Value::fromBool(a.identical(b));
        if (op == CompareOp::NotEq)
            return Value::fromBool(!a.identical(b));
    } else {
        if (op == CompareOp::Eq)
            return Value::fromBool(equals(a, b));
        if (op == CompareOp::NotEq)
            return Value::fromBool(!equals(a, b));
        if (a.isStr() && b.isStr()) {
            int c = a.str().compare(b.str());
            switch (op) {
            case CompareOp::Lt: return Value::fromBool(c < 0);
            case CompareOp::LtE: return Value::fromBool(c <= 0);
            case CompareOp::Gt: return Value::fromBool(c > 0);
            case CompareOp::GtE: return Value::fromBool(c >= 0);
            default: break;
            }
        }
        bool seq = (a.is(ObjectKind::List) && b.is(ObjectKind::List)) ||
                   (a.is(ObjectKind::Tuple) && b.is(ObjectKind::Tuple));
        if (seq) {
            checkStack("maximum recursion depth exceeded in comparison");
            const auto& p = a.is(ObjectKind::List) ? a.as<ListObject>()->items : a.as<TupleObject>()->items;
            const auto& q = b.is(ObjectKind::List) ? b.as<ListObject>()->items : b.as<TupleObject>()->items;
            size_t i = 0;
            while (i < p.size() && i < q.size() && equals(p[i], q[i]))
                ++i;
            if (i < p.size() && i < q.size())
                return compare(op, p[i], q[i]);
            size_t n = p.size(), m = q.size();
            switch (op) {
            case CompareOp::Lt: return Value::fromBool(n < m);
            case CompareOp::LtE: return Value::fromBool(n <= m);
            case CompareOp::Gt: return Value::fromBool(n > m);
            case CompareOp::GtE: return Value::fromBool(n >= m);
            default: break;
            }
        }
        if (a.is(ObjectKind::Set) && b.is(ObjectKind::Set)) {
            ValueDict& p = a.as<SetObject>()->dict;
            ValueDict& q = b.as<SetObject>()->dict;
            auto subset = [](ValueDict& x, ValueDict& y) {
                for (const auto& e : x.entries())
                    if (!e.key.isEmpty() && !y.find(e.key))
                        return false;
                return true;
            };
            switch (op) {
            case CompareOp::Lt: return Value::fromBool(p.size() < q.size() && subset(p, q));
            case CompareOp::LtE: return Value::fromBool(subset(p, q));
            case CompareOp::Gt: return Value::fromBool(p.size() > q.size() && subset(q, p));
            case CompareOp::GtE: return Value::fromBool(subset(q, p));
            default: break;
            }
        }
    }
    throw PyError(BuiltinExc::TypeError, std::string("'") + compareOpSymbol(op) +
                                             "' not supported between instances of '" + typeName(a) + "' and '" +
                                             typeName(b) + "'");
}

bool Interpreter::contains(const Value& container, const Value& item)
{
    Object* obj = container.object();
    if (obj) {
        switch (obj->kind()) {
        case ObjectKind::Str:
            if (!item.isStr())
                throw PyError(BuiltinExc::TypeError,
                              "'in <string>' requires string as left operand, not " + typeName(item));
            return container.str().find(item.str()) != std::string::npos;
        case ObjectKind::List:
        case ObjectKind::Tuple: {
            const auto& items =
                obj->kind() == ObjectKind::List ? container.as<ListObject>()->items : container.as<TupleObject>()->items;
            for (size_t i = 0; i < items.size(); ++i)
                if (items[i].identical(item) || equals(items[i], item))
                    return true;
            return false;
        }
        case ObjectKind::Dict: return container.as<DictObject>()->dict.find(item) != nullptr;
        case ObjectKind::Set: return container.as<SetObject>()->dict.find(item) != nullptr;
        case ObjectKind::Range: {
            if (!item.isIntLike() && !(item.isFloat() && item.asFloat() == std::floor(item.asFloat())))
                return false;
            auto* r = container.as<RangeObject>();
            int64_t v = item.isFloat() ? static_cast<int64_t>(item.asFloat()) : item.asInt();
            if (r->step > 0 ? (v < r->start || v >= r->stop) : (v > r->start || v <= r->stop))
                return false;
            return (v - r->start) % r->step == 0;
        }
        case ObjectKind::Host:
            if (auto r = container.as<HostObject>()->contains(*this, item))
                return *r;
            break;
        case ObjectKind::Instance: {
            Value method = lookupSpecial(container, "__contains__");
            if (!method.isEmpty()) {
                CallArgs args({item});
                return truthy(callValue(method, args));
            }
            break;
        }
        default: break;
        }
    }
    Ref<IteratorObject> it;
    try {
        it = getIterator(container);
    } catch (const PyError&) {
        throw PyError(BuiltinExc::TypeError, "argument of type '" + typeName(container) + "' is not iterable");
    }
    Value v;
    while (iterNext(*it, v))
        if (v.identical(item) || equals(v, item))
            return true;
    return false;
}

// ================================================================ subscripting

int64_t Interpreter::toIndex(const Value& v)
{
    if (v.isIntLike())
        return v.asInt();
    if (v.is(ObjectKind::Host))
        if (auto i = v.as<HostObject>()->toInt(*this))
            return *i;
    if (v.is(ObjectKind::Instance)) {
        Value method = lookupSpecial(v, "__index__");
        if (!method.isEmpty()) {
            CallArgs none;
            Value r = callValue(method, none);
            if (r.isIntLike())
                return r.asInt();
        }
    }
    throw PyError(BuiltinExc::TypeError,
                  "'" + typeName(v) + "' object cannot be interpreted as an integer");
}

double Interpreter::toDouble(const Value& v)
{
    if (v.isNumber())
        return v.toDouble();
    if (v.is(ObjectKind::Host))
        if (auto d = v.as<HostObject>()->toFloat(*this))
            return *d;
    if (v.is(ObjectKind::Instance)) {
        Value method = lookupSpecial(v, "__float__");
        if (!method.isEmpty()) {
            CallArgs none;
            Value r = callValue(method, none);
            if (r.isNumber())
                return r.toDouble();
        }
    }
    throw PyError(BuiltinExc::TypeError, "must be real number, not " + typeName(v));
}

Value Interpreter::getItem(const Value& container, const Value& key)
{
    Object* obj = container.object();
    if (!obj)
        throw PyError(BuiltinExc::TypeError, "'" + typeName(container) + "' object is not subscriptable");
    switch (obj->kind()) {
    case ObjectKind::List:
    case ObjectKind::Tuple: {
        bool isList = obj->kind() == ObjectKind::List;
        const auto& items = isList ? container.as<ListObject>()->items : container.as<TupleObject>()->items;
        const char* name = isList ? "list" : "tuple";
        if (key.is(ObjectKind::Slice)) {
            int64_t start, step;
            int64_t n = adjustSlice(*this, *key.as<SliceObject>(), static_cast<int64_t>(items.size()), start, step);
            std::vector<Value> out;
            out.reserve(static_cast<size_t>(n));
            for (int64_t i = 0, j = start; i < n; ++i, j += step)
                out.push_back(items[static_cast<size_t>(j)]);
            return isList ? makeList(std::move(out)) : makeTuple(std::move(out));
        }
        if (!key.isIntLike() && !key.is(ObjectKind::Host) && !key.is(ObjectKind::Instance))
            throw PyError(BuiltinExc::TypeError, std::string(name) + " indices must be integers or slices, not " +
                                                     typeName(key));
        int64_t i = toIndex(key);
        int64_t n = static_cast<int64_t>(items.size());
        if (i < 0)
            i += n;
        if (i < 0 || i >= n)
            throw PyError(BuiltinExc::IndexError, std::string(name) + " index out of range");
        return items[static_cast<size_t>(i)];
    }
    case ObjectKind::Str: {
        const std::string& s = container.str();
        bool ascii = container.as<StrObject>()->isAscii();
        std::vector<size_t> offsets;
        if (!ascii)
            offsets = codePointOffsets(s);
        int64_t n = ascii ? static_cast<int64_t>(s.size()) : static_cast<int64_t>(offsets.size()) - 1;
        auto charAt = [&](int64_t i) {
            if (ascii)
                return std::string(1, s[static_cast<size_t>(i)]);
            size_t b = offsets[static_cast<size_t>(i)];
            return s.substr(b, offsets[static_cast<size_t>(i) + 1] - b);
        };
        if (key.is(ObjectKind::Slice)) {
            int64_t start, step;
            int64_t count = adjustSlice(*this, *key.as<SliceObject>(), n, start, step);
            std::string out;
            if (ascii && step == 1)
                return makeStr(s.substr(static_cast<size_t>(start), static_cast<size_t>(count)));
            for (int64_t i = 0, j = start; i < count; ++i, j += step)
                out += charAt(j);
            return makeStr(std::move(out));
        }
        if (!key.isIntLike())
            throw PyError(BuiltinExc::TypeError, "string indices must be integers, not '" + typeName(key) + "'");
        int64_t i = key.asInt();
        if (i < 0)
            i += n;
        if (i < 0 || i >= n)
            throw PyError(BuiltinExc::IndexError, "string index out of range");
        return makeStr(charAt(i));
    }
    case ObjectKind::Dict: {
        Value* v = container.as<DictObject>()->dict.find(key);
        if (!v)
            throw ScriptException([&] {
                Value e = makeBuiltinException(BuiltinExc::KeyError, "");
                e.as<InstanceObject>()->exception->args = makeTuple({key});
                attachTraceback(e);
                return e;
            }());
        return *v;
    }
    case ObjectKind::Range: {
        auto* r = container.as<RangeObject>();
        int64_t n = r->length();
        if (key.is(ObjectKind::Slice)) {
            int64_t start, step;
            int64_t count = adjustSlice(*this, *key.as<SliceObject>(), n, start, step);
            int64_t first = r->start + start * r->step;
            return Value(make<RangeObject>(first, first + count * step * r->step, step * r->step));
        }
        int64_t i = toIndex(key);
        if (i < 0)
            i += n;
        if (i < 0 || i >= n)
            throw PyError(BuiltinExc::IndexError, "range object index out of range");
        return Value::fromInt(r->start + i * r->step);
    }
    case ObjectKind::Host:
        if (auto v = container.as<HostObject>()->getItem(*this, key))
            return *v;
        break;
    case ObjectKind::Instance: {
        Value method = lookupSpecial(container, "__getitem__");
        if (!method.isEmpty()) {
            CallArgs args({key});
            return callValue(method, args);
        }
        break;
    }
    case ObjectKind::Class: {
        // list[int], dict[str, int]: generic aliases in annotations; return the class.
        auto* cls = container.as<ClassObject>();
        if (cls->builtinType != BuiltinType::None)
            return container;
        break;
    }
    default: break;
    }
    if (container.is(ObjectKind::Class))
        throw PyError(BuiltinExc::TypeError, "type '" + container.as<ClassObject>()->name + "' is not subscriptable");
    throw PyError(BuiltinExc::TypeError, "'" + typeName(container) + "' object is not subscriptable");
}

void Interpreter::setItem(const Value& container, const Value& key, const Value& value)
{
    Object* obj = container.object();
    if (obj) {
        switch (obj->kind()) {
        case ObjectKind::List: {
            auto& items = container.as<ListObject>()->items;
            if (key.is(ObjectKind::Slice)) {
                int64_t start, step;
                int64_t n = adjustSlice(*this, *key.as<SliceObject>(), static_cast<int64_t>(items.size()), start, step);
                std::vector<Value> replacement = iterate(value);
                if (step == 1) {
                    auto first = items.begin() + static_cast<ptrdiff_t>(start);
                    items.erase(first, first + static_cast<ptrdiff_t>(n));
                    items.insert(items.begin() + static_cast<ptrdiff_t>(start), replacement.begin(), replacement.end());
                    return;
                }
                if (static_cast<int64_t>(replacement.size()) != n)
                    throw PyError(BuiltinExc::ValueError,
                                  "attempt to assign sequence of size " + std::to_string(replacement.size()) +
                                      " to extended slice of size " + std::to_string(n));
                for (int64_t i = 0, j = start; i < n; ++i, j += step)
                    items[static_cast<size_t>(j)] = replacement[static_cast<size_t>(i)];
                return;
            }
            if (!key.isIntLike())
                throw PyError(BuiltinExc::TypeError, "list indices must be integers or slices, not " + typeName(key));
            int64_t i = key.asInt();
            int64_t n = static_cast<int64_t>(items.size());
            if (i < 0)
                i += n;
            if (i < 0 || i >= n)
                throw PyError(BuiltinExc::IndexError, "list assignment index out of range");
            items[static_cast<size_t>(i)] = value;
            return;
        }
        case ObjectKind::Dict: container.as<DictObject>()->dict.set(key, value); return;
        case ObjectKind::Host:
            if (container.as<HostObject>()->setItem(*this, key, value))
                return;
            break;
        case ObjectKind::Instance: {
            Value method = lookupSpecial(container, "__setitem__");
            if (!method.isEmpty()) {
                CallArgs args({key, value});
                callValue(method, args);
                return;
            }
            break;
        }
        default: break;
        }
    }
    throw PyError(BuiltinExc::TypeError, "'" + typeName(container) + "' object does not support item assignment");
}

void Interpreter::delItem(const Value& container, const Value& key)
{
    Object* obj = container.object();
    if (obj) {
        switch (obj->kind()) {
        case ObjectKind::List: {
            auto& items = container.as<ListObject>()->items;
            if (key.is(ObjectKind::Slice)) {
                int64_t start, step;
                int64_t n = adjustSlice(*this, *key.as<SliceObject>(), static_cast<int64_t>(items.size()), start, step);
                std::vector<bool> drop(items.size(), false);
                for (int64_t i = 0, j = start; i < n; ++i, j += step)
                    drop[static_cast<size_t>(j)] = true;
                std::vector<Value> kept;
                for (size_t i = 0; i < items.size(); ++i)
                    if (!drop[i])
                        kept.push_back(std::move(items[i]));
                items = std::move(kept);
                return;
            }
            int64_t i = toIndex(key);
            int64_t n = static_cast<int64_t>(items.size());
            if (i < 0)
                i += n;
            if (i < 0 || i >= n)
                throw PyError(BuiltinExc::IndexError, "list assignment index out of range");
            items.erase(items.begin() + static_cast<ptrdiff_t>(i));
            return;
        }
        case ObjectKind::Dict:
            if (!container.as<DictObject>()->dict.erase(key)) {
                Value e = makeBuiltinException(BuiltinExc::KeyError, "");
                e.as<InstanceObject>()->exception->args = makeTuple({key});
                attachTraceback(e);
                throw ScriptException(e);
            }
            return;
        case ObjectKind::Host:
            if (container.as<HostObject>()->delItem(*this, key))
                return;
            break;
        case ObjectKind::Instance: {
            Value method = lookupSpecial(container, "__delitem__");
            if (!method.isEmpty()) {
                CallArgs args({key});
                callValue(method, args);
                return;
            }
            break;
        }
        default: break;
        }
    }
    throw PyError(BuiltinExc::TypeError, "'" + typeName(container) + "' object doesn't support item deletion");
}

// ================================================================ iteration

Ref<IteratorObject> Interpreter::getIterator(const Value& iterable)
{
    using Source = IteratorObject::Source;
    Object* obj = iterable.object();
    if (obj) {
        switch (obj->kind()) {
        case ObjectKind::List:
        case ObjectKind::Tuple: return make<IteratorObject>(Source::Sequence, iterable);
        case ObjectKind::Str: return make<IteratorObject>(Source::Str, iterable);
        case ObjectKind::Range: return make<IteratorObject>(Source::Range, iterable);
        case ObjectKind::Dict:
        case ObjectKind::Set: {
            auto it = make<IteratorObject>(Source::Dict, iterable);
            it->dictVersion = dictOf(iterable).version();
            return it;
        }
        case ObjectKind::Iterator: return Ref<IteratorObject>(static_cast<IteratorObject*>(obj));
        case ObjectKind::Host: {
            auto* host = static_cast<HostObject*>(obj);
            auto result = host->iterate(*this);
            if (!result)
                break;
            if (result->is(ObjectKind::Host))
                return make<IteratorObject>(Source::Host, *result);
            return getIterator(*result);
        }
        case ObjectKind::Instance: {
            Value method = lookupSpecial(iterable, "__iter__");
            if (method.isEmpty()) {
                if (!lookupSpecial(iterable, "__getitem__").isEmpty()) {
                    // The old sequence protocol: __getitem__(0), (1), ... until IndexError.
                    auto it = make<IteratorObject>(Source::User, iterable);
                    it->position = -1;
                    return it;
                }
                break;
            }
            CallArgs none;
            Value result = callValue(method, none);
            if (result.is(ObjectKind::Instance)) {
                if (lookupSpecial(result, "__next__").isEmpty())
                    throw PyError(BuiltinExc::TypeError,
                                  "iter() returned non-iterator of type '" + typeName(result) + "'");
                return make<IteratorObject>(Source::User, result);
            }
            return getIterator(result);
        }
        default: break;
        }
    }
    throw PyError(BuiltinExc::TypeError, "'" + typeName(iterable) + "' object is not iterable");
}

bool Interpreter::iterNext(IteratorObject& it, Value& out)
{
    using Source = IteratorObject::Source;
    tick();
    if (it.exhausted)
        return false;
    switch (it.source) {
    case Source::Sequence: {
        const auto& items = it.iterable.is(ObjectKind::List) ? it.iterable.as<ListObject>()->items
                                                             : it.iterable.as<TupleObject>()->items;
        if (it.position < static_cast<int64_t>(items.size())) {
            out = items[static_cast<size_t>(it.position++)];
            return true;
        }
        break;
    }
    case Source::Range: {
        auto* r = it.iterable.as<RangeObject>();
        if (it.position < r->length()) {
            out = Value::fromInt(r->start + it.position++ * r->step);
            return true;
        }
        break;
    }
    case Source::Str: {
        const std::string& s = it.iterable.str();
        size_t p = static_cast<size_t>(it.position);
        if (p < s.size()) {
            size_t len = 1;
            while (p + len < s.size() && (static_cast<unsigned char>(s[p + len]) & 0xC0) == 0x80)
                ++len;
            out = makeStr(s.substr(p, len));
            it.position += static_cast<int64_t>(len);
            return true;
        }
        break;
    }
    case Source::Dict: {
        const ValueDict& d = dictOf(it.iterable);
        if (d.version() != it.dictVersion) {
            it.exhausted = true;
            throw PyError(BuiltinExc::RuntimeError, it.iterable.is(ObjectKind::Dict)
                                                        ? "dictionary changed size during iteration"
                                                        : "Set changed size during iteration");
        }
        const auto& entries = d.entries();
        while (it.position < static_cast<int64_t>(entries.size())) {
            const auto& e = entries[static_cast<size_t>(it.position++)];
            if (!e.key.isEmpty()) {
                out = e.key;
                return true;
            }
        }
        break;
    }
    case Source::Host:
        if (auto v = it.iterable.as<HostObject>()->next(*this)) {
            out = std::move(*v);
            return true;
        }
        break;
    case Source::User: {
        try {
            if (it.position < 0) {
                // Sequence protocol via __getitem__; position -1 - k encodes index k.
                int64_t index = -1 - it.position;
                CallArgs args({Value::fromInt(index)});
                out = callValue(lookupSpecial(it.iterable, "__getitem__"), args);
                --it.position;
                return true;
            }
            CallArgs none;
            out = callValue(lookupSpecial(it.iterable, "__next__"), none);
            return true;
        } catch (const ScriptException& e) {
            BuiltinExc stop = it.position < 0 ? BuiltinExc::IndexError : BuiltinExc::StopIteration;
            if (!exceptionMatches(e.exception(), Value(exceptionClass(stop))))
                throw;
        } catch (const PyError& e) {
            BuiltinExc stop = it.position < 0 ? BuiltinExc::IndexError : BuiltinExc::StopIteration;
            if (e.type() != stop)
                throw;
        }
        break;
    }
    }
    it.exhausted = true;
    return false;
}

std::vector<Value> Interpreter::iterate(const Value& iterable)
{
    if (iterable.is(ObjectKind::List))
        return iterable.as<ListObject>()->items;
    if (iterable.is(ObjectKind::Tuple))
        return iterable.as<TupleObject>()->items;
    if (iterable.is(ObjectKind::Range) && iterable.as<RangeObject>()->length() > m_options.maxSequenceLength)
        throw PyError(BuiltinExc::MemoryError, "range too large to materialise");
    Ref<IteratorObject> it = getIterator(iterable);
    std::vector<Value> out;
    Value v;
    while (iterNext(*it, v)) {
        out.push_back(std::move(v));
        if (static_cast<int64_t>(out.size()) > m_options.maxSequenceLength)
            throw PyError(BuiltinExc::MemoryError, "sequence too large");
    }
    return out;
}

std::optional<int64_t> Interpreter::tryLength(const Value& v)
{
    Object* obj = v.object();
    if (!obj)
        return std::nullopt;
    switch (obj->kind()) {
    case ObjectKind::Str: {
        auto* s = v.as<StrObject>();
        return static_cast<int64_t>(s->isAscii() ? s->value.size() : utf8Length(s->value));
    }
    case ObjectKind::List: return static_cast<int64_t>(v.as<ListObject>()->items.size());
    case ObjectKind::Tuple: return static_cast<int64_t>(v.as<TupleObject>()->items.size());
    case ObjectKind::Dict: return static_cast<int64_t>(v.as<DictObject>()->dict.size());
    case ObjectKind::Set: return static_cast<int64_t>(v.as<SetObject>()->dict.size());
    case ObjectKind::Range: return v.as<RangeObject>()->length();
    case ObjectKind::Host: return v.as<HostObject>()->length(*this);
    case ObjectKind::Instance: {
        Value method = lookupSpecial(v, "__len__");
        if (method.isEmpty())
            return std::nullopt;
        CallArgs none;
        Value r = callValue(method, none);
        if (!r.isIntLike())
            throw PyError(BuiltinExc::TypeError, "'" + typeName(r) + "' object cannot be interpreted as an integer");
        if (r.asInt() < 0)
            throw PyError(BuiltinExc::ValueError, "__len__() should return >= 0");
        return r.asInt();
    }
    default: return std::nullopt;
    }
}

int64_t Interpreter::length(const Value& v)
{
    if (auto n = tryLength(v))
        return *n;
    throw PyError(BuiltinExc::TypeError, "object of type '" + typeName(v) + "' has no len()");
}

// ================================================================ string formatting

std::string Interpreter::percentFormat(const std::string& format, const Value& argValue)
{
    std::vector<Value> args;
    bool isMapping = argValue.is(ObjectKind::Dict);
    if (argValue.is(ObjectKind::Tuple))
        args = argValue.as<TupleObject>()->items;
    else if (!isMapping)
        args.push_back(argValue);
    size_t next = 0;
    bool usedMapping = false;
    std::string out;
    for (size_t i = 0; i < format.size(); ++i) {
        char c = format[i];
        if (c != '%') {
            out += c;
            continue;
        }
        if (++i >= format.size())
            throw PyError(BuiltinExc::ValueError, "incomplete format");
        if (format[i] == '%') {
            out += '%';
            continue;
        }
        Value arg;
        bool haveArg = false;
        if (format[i] == '(') {
            size_t close = format.find(')', i);
            if (close == std::string::npos)
                throw PyError(BuiltinExc::ValueError, "incomplete format key");
            if (!isMapping)
                throw PyError(BuiltinExc::TypeError, "format requires a mapping");
            Value key = makeStr(format.substr(i + 1, close - i - 1));
            arg = getItem(argValue, key);
            haveArg = true;
            usedMapping = true;
            i = close + 1;
        }
        FormatSpec spec;
        for (; i < format.size(); ++i) {
            char f = format[i];
            if (f == '-') spec.align = '<';
            else if (f == '+') spec.sign = '+';
            else if (f == ' ') { if (spec.sign != '+') spec.sign = ' '; }
            else if (f == '#') spec.alternate = true;
            else if (f == '0') spec.zeroPad = true;
            else break;
        }
        auto takeArg = [&]() -> Value {
            if (next >= args.size())
                throw PyError(BuiltinExc::TypeError, "not enough arguments for format string");
            return args[next++];
        };
        auto readNumber = [&](int& target) {
            if (i < format.size() && format[i] == '*') {
                const int64_t n = toIndex(takeArg());
                // Checked before padding allocates: a huge '*' width fails as `'a' * n` does.
                if (n > m_options.maxSequenceLength || n < -m_options.maxSequenceLength)
                    throw PyError(BuiltinExc::MemoryError, "string too large");
                target = static_cast<int>(n);
                ++i;
                return;
            }
            int v = -1;
            while (i < format.size() && format[i] >= '0' && format[i] <= '9') {
                v = (v < 0 ? 0 : v) * 10 + (format[i] - '0');
                if (v > 100000)
                    throw PyError(BuiltinExc::ValueError, "width too big");
                ++i;
            }
            target = v;
        };
        readNumber(spec.width);
        if (spec.width < -1) {
            // -1 means no width (and a '*' width of -1 pads nothing either); other
            // negative '*' widths left-justify, like the '-' flag.
            spec.align = '<';
            spec.width = -spec.width;
        }
        if (i < format.size() && format[i] == '.') {
            ++i;
            readNumber(spec.precision);
            if (spec.precision < 0)
                spec.precision = 0;
        }
        while (i < format.size() && (format[i] == 'l' || format[i] == 'h' || format[i] == 'L'))
            ++i;
        if (i >= format.size())
            throw PyError(BuiltinExc::ValueError, "incomplete format");
        char type = format[i];
        if (!haveArg)
            arg = isMapping && !usedMapping && next == 0 && args.empty() ? argValue : takeArg();
        if (spec.zeroPad && spec.align != '<') {
            spec.fill = "0";
            spec.align = '=';
        }
        switch (type) {
        case 's':
        case 'r':
        case 'a': {
            std::string text = type == 's' ? str(arg) : repr(arg);
            if (spec.precision >= 0 && text.size() > static_cast<size_t>(spec.precision))
                text.resize(static_cast<size_t>(spec.precision));
            FormatSpec plain;
            plain.width = spec.width;
            plain.align = spec.align == '<' ? '<' : '>';
            out += padFormatted(text, plain, '>');
            break;
        }
        case 'd':
        case 'i':
        case 'u': {
            int64_t v;
            if (arg.isIntLike())
                v = arg.asInt();
            else if (arg.isFloat()) {
                double d = arg.asFloat();
                if (!std::isfinite(d))
                    throw PyError(std::isnan(d) ? BuiltinExc::ValueError : BuiltinExc::OverflowError,
                                  std::isnan(d) ? "cannot convert float NaN to integer"
                                                : "cannot convert float infinity to integer");
                v = static_cast<int64_t>(std::trunc(d));
            } else if (arg.is(ObjectKind::Host) && arg.as<HostObject>()->toInt(*this)) {
                v = *arg.as<HostObject>()->toInt(*this);
            } else
                throw PyError(BuiltinExc::TypeError,
                              std::string("%") + type + " format: a real number is required, not " + typeName(arg));
            FormatSpec s = spec;
            s.type = 'd';
            int precision = s.precision;
            s.precision = -1;
            std::string body = formatInt(v, s);
            if (precision > 0) {
                FormatSpec digits;
                digits.type = 'd';
                digits.fill = "0";
                digits.align = '=';
                digits.width = precision + (v < 0 ? 1 : 0);
                body = padFormatted(formatInt(v, digits), s, '>');
            }
            out += body;
            break;
        }
        case 'x':
        case 'X':
        case 'o': {
            if (!arg.isIntLike())
                throw PyError(BuiltinExc::TypeError,
                              std::string("%") + type + " format: an integer is required, not " + typeName(arg));
            FormatSpec s = spec;
            s.type = type;
            s.precision = -1;
            out += formatInt(arg.asInt(), s);
            break;
        }
        case 'e':
        case 'E':
        case 'f':
        case 'F':
        case 'g':
        case 'G': {
            if (!arg.isNumber() && !arg.is(ObjectKind::Host) && !arg.is(ObjectKind::Instance))
                throw PyError(BuiltinExc::TypeError, "must be real number, not " + typeName(arg));
            FormatSpec s = spec;
            s.type = type;
            if (s.precision < 0)
                s.precision = 6;
            out += formatFloat(toDouble(arg), s);
            break;
        }
        case 'c': {
            if (arg.isStr())
                out += arg.str();
            else {
                std::string ch;
                appendUtf8(ch, static_cast<uint32_t>(toIndex(arg)));
                out += ch;
            }
            break;
        }
        default: {
            char buf[128];
            std::snprintf(buf, sizeof buf, "unsupported format character '%c' (0x%x) at index %zu", type,
                          static_cast<unsigned char>(type), i);
            throw PyError(BuiltinExc::ValueError, buf);
        }
        }
    }
    if (!isMapping && next < args.size())
        throw PyError(BuiltinExc::TypeError, "not all arguments converted during string formatting");
    return out;
}

std::string Interpreter::strFormatMethod(const std::string& format, CallArgs& args)
{
    std::string out;
    int autoIndex = 0;
    bool usedAuto = false, usedManual = false;
    auto resolveField = [&](const std::string& field) -> Value {
        size_t end = field.find_first_of(".[");
        std::string head = field.substr(0, end);
        Value v;
        if (head.empty()) {
            if (usedManual)
                throw PyError(BuiltinExc::ValueError,
                              "cannot switch from manual field specification to automatic field numbering");
            usedAuto = true;
            size_t index = static_cast<size_t>(autoIndex++);
            if (index >= args.positional.size())
                throw PyError(BuiltinExc::IndexError, "Replacement index " + std::to_string(index) +
                                                          " out of range for positional args tuple");
            v = args.positional[index];
        } else if (std::all_of(head.begin(), head.end(), [](char c) { return c >= '0' && c <= '9'; })) {
            if (usedAuto)
                throw PyError(BuiltinExc::ValueError,
                              "cannot switch from automatic field numbering to manual field specification");
            usedManual = true;
            size_t index = head.size() > 9 ? SIZE_MAX : std::stoul(head);
            if (index >= args.positional.size())
                throw PyError(BuiltinExc::IndexError, "Replacement index " + head +
                                                          " out of range for positional args tuple");
            v = args.positional[index];
        } else {
            const Value* kw = args.keyword(head);
            if (!kw) {
                Value e = makeBuiltinException(BuiltinExc::KeyError, "");
                e.as<InstanceObject>()->exception->args = makeTuple({makeStr(head)});
                throw ScriptException(e);
            }
            v = *kw;
        }
        size_t pos = end;
        while (pos != std::string::npos && pos < field.size()) {
            if (field[pos] == '.') {
                size_t next = field.find_first_of(".[", pos + 1);
                v = getAttr(v, field.substr(pos + 1, next == std::string::npos ? std::string::npos : next - pos - 1));
                pos = next;
            } else {
                size_t close = field.find(']', pos);
                if (close == std::string::npos)
                    throw PyError(BuiltinExc::ValueError, "Missing ']' in format string");
                std::string key = field.substr(pos + 1, close - pos - 1);
                bool numeric = !key.empty() && std::all_of(key.begin(), key.end(), [](char c) { return c >= '0' && c <= '9'; });
                v = getItem(v, numeric && key.size() < 10 ? Value::fromInt(std::stoll(key)) : makeStr(key));
                pos = close + 1;
            }
        }
        return v;
    };
    for (size_t i = 0; i < format.size(); ++i) {
        char c = format[i];
        if (c == '}') {
            if (i + 1 < format.size() && format[i + 1] == '}') {
                out += '}';
                ++i;
                continue;
            }
            throw PyError(BuiltinExc::ValueError, "Single '}' encountered in format string");
        }
        if (c != '{') {
            out += c;
            continue;
        }
        if (i + 1 < format.size() && format[i + 1] == '{') {
            out += '{';
            ++i;
            continue;
        }
        size_t start = i + 1;
        int depth = 1;
        size_t j = start;
        for (; j < format.size(); ++j) {
            if (format[j] == '{')
                ++depth;
            else if (format[j] == '}' && --depth == 0)
                break;
        }
        if (j >= format.size())
            throw PyError(BuiltinExc::ValueError, "expected '}' before end of string");
        std::string body = format.substr(start, j - start);
        i = j;
        std::string field = body, spec;
        char conversion = 0;
        size_t colon = std::string::npos;
        int nested = 0;
        for (size_t k = 0; k < body.size(); ++k) {
            if (body[k] == '[')
                ++nested;
            else if (body[k] == ']')
                --nested;
            else if (body[k] == ':' && nested == 0) {
                colon = k;
                break;
            }
        }
        if (colon != std::string::npos) {
            field = body.substr(0, colon);
            spec = body.substr(colon + 1);
        }
        size_t bang = field.find('!');
        if (bang != std::string::npos) {
            if (bang + 2 != field.size())
                throw PyError(BuiltinExc::ValueError, "expected ':' after conversion specifier");
            conversion = field[bang + 1];
            field = field.substr(0, bang);
        }
        Value v = resolveField(field);
        if (conversion == 'r' || conversion == 'a')
            v = makeStr(repr(v));
        else if (conversion == 's')
            v = makeStr(str(v));
        else if (conversion)
            throw PyError(BuiltinExc::ValueError,
                          std::string("Unknown conversion specifier ") + conversion);
        if (spec.find('{') != std::string::npos)
            spec = strFormatMethod(spec, args);
        out += formatValue(v, spec);
    }
    return out;
}

}  // namespace agv::script
