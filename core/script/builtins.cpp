// Built-in types, functions and exception classes. Deliberately absent (the
// sandbox): open, eval, exec, compile, input, __import__, globals, locals, vars.

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>

#include "core/script/format.h"
#include "core/script/interpreter.h"
#include "core/script/lexer.h"

namespace agv::script {

namespace {

using Args = CallArgs;

/// Positional-only helper: exactly/at least/at most counts with CPython's messages.
void expectCount(const Args& args, const std::string& name, size_t min, size_t max)
{
    size_t n = args.positional.size();
    if (n >= min && n <= max)
        return;
    if (min == max)
        throw PyError(BuiltinExc::TypeError,
                      name + "() takes exactly " + (min == 1 ? std::string("one argument") : std::to_string(min) + " arguments") +
                          " (" + std::to_string(n) + " given)");
    if (n < min)
        throw PyError(BuiltinExc::TypeError, name + " expected at least " + std::to_string(min) + " argument" +
                                                 (min == 1 ? "" : "s") + ", got " + std::to_string(n));
    throw PyError(BuiltinExc::TypeError, name + " expected at most " + std::to_string(max) + " argument" +
                                             (max == 1 ? "" : "s") + ", got " + std::to_string(n));
}

void noKeywords(const Args& args, const std::string& name)
{
    if (!args.keywords.empty())
        throw PyError(BuiltinExc::TypeError, name + "() takes no keyword arguments");
}

const Value& self(const Args& args) { return args.positional[0]; }

/// Bounds-safe stable merge sort (std::sort may misbehave with an inconsistent
/// user comparator; Python only promises "some order").
void mergeSort(std::vector<Value>& items, const std::function<bool(const Value&, const Value&)>& less)
{
    std::vector<Value> buffer(items.size());
    for (size_t width = 1; width < items.size(); width *= 2) {
        for (size_t lo = 0; lo < items.size(); lo += 2 * width) {
            size_t mid = std::min(lo + width, items.size());
            size_t hi = std::min(lo + 2 * width, items.size());
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                buffer[k++] = less(items[j], items[i]) ? items[j++] : items[i++];
            while (i < mid)
                buffer[k++] = items[i++];
            while (j < hi)
                buffer[k++] = items[j++];
        }
        items.swap(buffer);
    }
}

void sortValues(Interpreter& in, std::vector<Value>& items, const Value& key, bool reverse)
{
    std::vector<Value> keys;
    if (!key.isEmpty() && !key.isNone()) {
        // Decorate-sort-undecorate: the key is computed once per element.
        std::vector<Value> pairs;
        pairs.reserve(items.size());
        for (size_t i = 0; i < items.size(); ++i) {
            Args a({items[i]});
            pairs.push_back(in.makeTuple({in.callValue(key, a), Value::fromInt(static_cast<int64_t>(i))}));
        }
        mergeSort(pairs, [&](const Value& x, const Value& y) {
            const Value& kx = x.as<TupleObject>()->items[0];
            const Value& ky = y.as<TupleObject>()->items[0];
            return reverse ? in.lessThan(ky, kx) : in.lessThan(kx, ky);
        });
        std::vector<Value> sorted;
        sorted.reserve(items.size());
        for (const Value& p : pairs)
            sorted.push_back(items[static_cast<size_t>(p.as<TupleObject>()->items[1].asInt())]);
        items = std::move(sorted);
        return;
    }
    mergeSort(items, [&](const Value& x, const Value& y) { return reverse ? in.lessThan(y, x) : in.lessThan(x, y); });
}

/// The width argument of str.ljust/rjust/center/zfill: checked before padding
/// allocates, so a huge width fails as `'a' * n` does instead of exhausting memory.
int paddedWidth(Interpreter& in, const Value& widthArg)
{
    const int64_t width = in.toIndex(widthArg);
    if (width > in.m_options.maxSequenceLength)
        throw PyError(BuiltinExc::MemoryError, "string too large");
    return static_cast<int>(std::max<int64_t>(width, -1));
}

std::string stripChars(const std::string& s, const Value& chars, bool left, bool right)
{
    std::string set = chars.isEmpty() || chars.isNone() ? std::string(" \t\n\r\f\v") : chars.str();
    size_t b = 0, e = s.size();
    if (left)
        while (b < e && set.find(s[b]) != std::string::npos)
            ++b;
    if (right)
        while (e > b && set.find(s[e - 1]) != std::string::npos)
            --e;
    return s.substr(b, e - b);
}

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

int64_t parseIntLiteral(const std::string& text, int base)
{
    std::string s;
    size_t b = 0, e = text.size();
    while (b < e && isSpace(text[b]))
        ++b;
    while (e > b && isSpace(text[e - 1]))
        --e;
    s = text.substr(b, e - b);
    auto invalid = [&] {
        return PyError(BuiltinExc::ValueError,
                       "invalid literal for int() with base " + std::to_string(base) + ": " + [&] {
                           std::string r = "'";
                           for (char c : text)
                               r += c == '\'' ? std::string("\\'") : std::string(1, c);
                           return r + "'";
                       }());
    };
    bool negative = false;
    size_t i = 0;
    if (i < s.size() && (s[i] == '+' || s[i] == '-'))
        negative = s[i++] == '-';
    if (base == 0 || base == 16 || base == 8 || base == 2) {
        if (i + 1 < s.size() && s[i] == '0') {
            char p = static_cast<char>(std::tolower(static_cast<unsigned char>(s[i + 1])));
            int prefixBase = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
            if (prefixBase && (base == 0 || base == prefixBase)) {
                base = prefixBase;
                i += 2;
            }
        }
        if (base == 0)
            base = 10;
    }
    std::string digits;
    for (; i < s.size(); ++i) {
        if (s[i] == '_' && !digits.empty() && i + 1 < s.size() && s[i + 1] != '_')
            continue;
        digits += s[i];
    }
    if (digits.empty())
        throw invalid();
    uint64_t value = 0;
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value, base);
    if (ptr != digits.data() + digits.size())
        throw invalid();
    if (ec == std::errc::result_out_of_range || value > static_cast<uint64_t>(INT64_MAX) + (negative ? 1 : 0))
        throw PyError(BuiltinExc::OverflowError, "int too large (this interpreter uses 64-bit integers)");
    return negative ? static_cast<int64_t>(0 - value) : static_cast<int64_t>(value);
}


double parseFloatLiteral(Interpreter& in, const std::string& text)
{
    std::string s;
    for (char c : text)
        if (c != '_')
            s += c;
    size_t b = 0, e = s.size();
    while (b < e && isSpace(s[b]))
        ++b;
    while (e > b && isSpace(s[e - 1]))
        --e;
    s = s.substr(b, e - b);
    std::string lower;
    for (char c : s)
        lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    bool negative = !lower.empty() && lower[0] == '-';
    std::string body = !lower.empty() && (lower[0] == '-' || lower[0] == '+') ? lower.substr(1) : lower;
    if (body == "inf" || body == "infinity")
        return negative ? -HUGE_VAL : HUGE_VAL;
    if (body == "nan")
        return std::nan("");
    double value = 0.0;
    const char* first = s.data();
    if (!s.empty() && s[0] == '+')
        ++first;
    auto [ptr, ec] = std::from_chars(first, s.data() + s.size(), value);
    if (s.empty() || ptr != s.data() + s.size() || (ec != std::errc() && ec != std::errc::result_out_of_range))
        throw PyError(BuiltinExc::ValueError, "could not convert string to float: " + in.repr(in.makeStr(text)));
    if (ec == std::errc::result_out_of_range) {
        size_t ep = lower.find('e');
        bool negExp = ep != std::string::npos && ep + 1 < lower.size() && lower[ep + 1] == '-';
        value = negExp ? 0.0 : (negative ? -HUGE_VAL : HUGE_VAL);
    }
    return value;
}

Value roundValue(Interpreter& in, const Value& x, const Value& ndigits)
{
    bool noDigits = ndigits.isEmpty() || ndigits.isNone();
    if (x.isIntLike()) {
        if (noDigits)
            return Value::fromInt(x.asInt());
        int64_t n = in.toIndex(ndigits);
        if (n >= 0)
            return Value::fromInt(x.asInt());
        if (n < -18)
            return Value::fromInt(0);
        int64_t p = 1;
        for (int64_t i = 0; i < -n; ++i)
            p *= 10;
        int64_t v = x.asInt();
        int64_t q = v / p, r = v % p;
        if (r < 0) {
            r += p;
            --q;
        }
        if (2 * r > p || (2 * r == p && (q & 1)))
            ++q;
        return Value::fromInt(q * p);
    }
    if (x.isFloat()) {
        double d = x.asFloat();
        if (noDigits)
            return Value::fromInt(floatToInt(std::nearbyint(d)));
        int64_t n = in.toIndex(ndigits);
        if (!std::isfinite(d) || n > 323)
            return x;
        if (n < -308)
            return Value::fromFloat(std::copysign(0.0, d));
        if (n >= 0) {
            // Correctly rounded decimal conversion, then back: what CPython does.
            // 309 integer digits at most, a point, n <= 323 decimals.
            char buf[700];
            auto r = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::fixed, static_cast<int>(n));
            double out = 0.0;
            std::from_chars(buf, r.ptr, out);
            return Value::fromFloat(out);
        }
        double p = std::pow(10.0, static_cast<double>(-n));
        double y = std::nearbyint(d / p) * p;
        return Value::fromFloat(y);
    }
    if (x.is(ObjectKind::Host) || x.is(ObjectKind::Instance)) {
        Args a;
        if (!noDigits)
            a.positional.push_back(ndigits);
        return in.callMethod(x, "__round__", a);
    }
    throw PyError(BuiltinExc::TypeError, "type " + in.typeName(x) + " doesn't define __round__ method");
}

Value makeIterator(Interpreter& in, std::vector<Value> items)
{
    return Value(make<IteratorObject>(IteratorObject::Source::Sequence, in.makeList(std::move(items))));
}

Value minMax(Interpreter& in, Args& args, bool isMax)
{
    const char* name = isMax ? "max" : "min";
    Value key, defaultValue;
    for (auto& [k, v] : args.keywords) {
        if (k == "key")
            key = v;
        else if (k == "default")
            defaultValue = v;
        else
            throw PyError(BuiltinExc::TypeError, std::string(name) + "() got an unexpected keyword argument '" + k + "'");
    }
    if (args.positional.empty())
        throw PyError(BuiltinExc::TypeError, std::string(name) + " expected at least 1 argument, got 0");
    std::vector<Value> items;
    if (args.positional.size() == 1) {
        items = in.iterate(args.positional[0]);
    } else {
        if (!defaultValue.isEmpty())
            throw PyError(BuiltinExc::TypeError,
                          std::string("Cannot specify a default for ") + name + "() with multiple positional arguments");
        items = args.positional;
    }
    if (items.empty()) {
        if (!defaultValue.isEmpty())
            return defaultValue;
        throw PyError(BuiltinExc::ValueError, std::string(name) + "() arg is an empty sequence");
    }
    bool useKey = !key.isEmpty() && !key.isNone();
    auto keyOf = [&](const Value& v) {
        if (!useKey)
            return v;
        Args a({v});
        return in.callValue(key, a);
    };
    Value best = items[0];
    Value bestKey = keyOf(best);
    for (size_t i = 1; i < items.size(); ++i) {
        Value k = keyOf(items[i]);
        bool better = isMax ? in.lessThan(bestKey, k) : in.lessThan(k, bestKey);
        if (better) {
            best = items[i];
            bestKey = k;
        }
    }
    return best;
}

std::vector<std::string> splitWhitespace(const std::string& s, int64_t maxSplit)
{
    std::vector<std::string> parts;
    size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && isSpace(s[i]))
            ++i;
        if (i >= s.size())
            break;
        if (maxSplit >= 0 && static_cast<int64_t>(parts.size()) == maxSplit) {
            size_t e = s.size();
            while (e > i && isSpace(s[e - 1]))
                --e;
            parts.push_back(s.substr(i, e - i));
            break;
        }
        size_t j = i;
        while (j < s.size() && !isSpace(s[j]))
            ++j;
        parts.push_back(s.substr(i, j - i));
        i = j;
    }
    return parts;
}

}  // namespace

int64_t floatToInt(double d)
{
    if (std::isnan(d))
        throw PyError(BuiltinExc::ValueError, "cannot convert float NaN to integer");
    if (std::isinf(d))
        throw PyError(BuiltinExc::OverflowError, "cannot convert float infinity to integer");
    double t = std::trunc(d);
    if (t >= 9223372036854775808.0 || t < -9223372036854775808.0)
        throw PyError(BuiltinExc::OverflowError, "int too large (this interpreter uses 64-bit integers)");
    return static_cast<int64_t>(t);
}

void Interpreter::installBuiltins()
{
    auto newType = [&](const std::string& name, BuiltinType t, Ref<ClassObject> base) {
        auto cls = make<ClassObject>(name, "builtins");
        if (base)
            cls->bases.push_back(base);
        cls->mro.push_back(cls.get());
        if (base)
            cls->mro.insert(cls->mro.end(), base->mro.begin(), base->mro.end());
        cls->builtinType = t;
        return cls;
    };
    BuiltinTypes& t = m_types;
    t.object = newType("object", BuiltinType::Object, nullptr);
    t.type = newType("type", BuiltinType::Type, t.object);
    t.noneType = newType("NoneType", BuiltinType::NoneType, t.object);
    t.intType = newType("int", BuiltinType::Int, t.object);
    t.boolType = newType("bool", BuiltinType::Bool, t.intType);
    t.floatType = newType("float", BuiltinType::Float, t.object);
    t.strType = newType("str", BuiltinType::Str, t.object);
    t.listType = newType("list", BuiltinType::List, t.object);
    t.tupleType = newType("tuple", BuiltinType::Tuple, t.object);
    t.dictType = newType("dict", BuiltinType::Dict, t.object);
    t.setType = newType("set", BuiltinType::Set, t.object);
    t.rangeType = newType("range", BuiltinType::Range, t.object);
    t.sliceType = newType("slice", BuiltinType::Slice, t.object);
    t.function = newType("function", BuiltinType::Function, t.object);
    t.builtinFunction = newType("builtin_function_or_method", BuiltinType::BuiltinFunction, t.object);
    t.method = newType("method", BuiltinType::Method, t.object);
    t.module = newType("module", BuiltinType::Module, t.object);
    t.iterator = newType("iterator", BuiltinType::Iterator, t.object);
    t.superType = newType("super", BuiltinType::Super, t.object);
    t.propertyType = newType("property", BuiltinType::Property, t.object);
    t.ellipsisType = newType("ellipsis", BuiltinType::Object, t.object);
    t.notImplementedType = newType("NotImplementedType", BuiltinType::Object, t.object);
    m_ellipsis = Value(make<InstanceObject>(t.ellipsisType));
    m_notImplemented = Value(make<InstanceObject>(t.notImplementedType));
    t.ellipsisType->dict["__repr__"] = makeFunction("ellipsis.__repr__", [](Interpreter& in, Args&) { return in.makeStr("Ellipsis"); });
    t.notImplementedType->dict["__repr__"] =
        makeFunction("NotImplementedType.__repr__", [](Interpreter& in, Args&) { return in.makeStr("NotImplemented"); });

    auto def = [&](const std::string& name, NativeFn fn) { setBuiltin(name, makeFunction(name, std::move(fn))); };
    auto method = [&](const Ref<ClassObject>& cls, const std::string& name, NativeFn fn) {
        cls->dict[name] = makeFunction(cls->name + "." + name, std::move(fn));
    };

    // ---------------------------------------------------------------- constructors
    t.object->constructor = [](Interpreter& in, Args& args) {
        if (!args.positional.empty() || !args.keywords.empty())
            throw PyError(BuiltinExc::TypeError, "object() takes no arguments");
        return Value(make<InstanceObject>(in.m_types.object));
    };
    t.type->constructor = [](Interpreter& in, Args& args) {
        if (args.positional.size() != 1)
            throw PyError(BuiltinExc::TypeError, "type() takes 1 argument (3-argument type() is not supported)");
        return Value(in.typeOf(args.positional[0]));
    };
    t.intType->constructor = [](Interpreter& in, Args& args) {
        auto a = bindNativeArgs(args, "int", {"x", "base"}, 0, 1);
        if (a[0].isEmpty())
            return Value::fromInt(0);
        const Value& x = a[0];
        if (!a[1].isEmpty()) {
            if (!x.isStr())
                throw PyError(BuiltinExc::TypeError, "int() can't convert non-string with explicit base");
            int64_t base = in.toIndex(a[1]);
            if (base != 0 && (base < 2 || base > 36))
                throw PyError(BuiltinExc::ValueError, "int() base must be >= 2 and <= 36, or 0");
            return Value::fromInt(parseIntLiteral(x.str(), static_cast<int>(base)));
        }
        if (x.isIntLike())
            return Value::fromInt(x.asInt());
        if (x.isFloat())
            return Value::fromInt(floatToInt(x.asFloat()));
        if (x.isStr())
            return Value::fromInt(parseIntLiteral(x.str(), 10));
        if (x.is(ObjectKind::Host)) {
            if (auto i = x.as<HostObject>()->toInt(in))
                return Value::fromInt(*i);
        }
        if (x.is(ObjectKind::Instance)) {
            for (const char* name : {"__int__", "__index__"}) {
                Value m = in.lookupSpecial(x, name);
                if (!m.isEmpty()) {
                    Args none;
                    return in.callValue(m, none);
                }
            }
        }
        throw PyError(BuiltinExc::TypeError, "int() argument must be a string, a bytes-like object or a real number, not '" +
                                                 in.typeName(x) + "'");
    };
    t.floatType->constructor = [](Interpreter& in, Args& args) {
        auto a = bindNativeArgs(args, "float", {"x"}, 0, 1);
        if (a[0].isEmpty())
            return Value::fromFloat(0.0);
        if (a[0].isStr())
            return Value::fromFloat(parseFloatLiteral(in, a[0].str()));
        if (a[0].isNumber() || a[0].is(ObjectKind::Host) || a[0].is(ObjectKind::Instance)) {
            try {
                return Value::fromFloat(in.toDouble(a[0]));
            } catch (const PyError&) {
            }
        }
        throw PyError(BuiltinExc::TypeError,
                      "float() argument must be a string or a real number, not '" + in.typeName(a[0]) + "'");
    };
    t.boolType->constructor = [](Interpreter& in, Args& args) {
        auto a = bindNativeArgs(args, "bool", {"x"}, 0, 1);
        return Value::fromBool(!a[0].isEmpty() && in.truthy(a[0]));
    };
    t.strType->constructor = [](Interpreter& in, Args& args) {
        auto a = bindNativeArgs(args, "str", {"object"}, 0);
        return a[0].isEmpty() ? in.makeStr("") : in.makeStr(in.str(a[0]));
    };
    t.listType->constructor = [](Interpreter& in, Args& args) {
        auto a = bindNativeArgs(args, "list", {"iterable"}, 0, 1);
        return in.makeList(a[0].isEmpty() ? std::vector<Value>{} : in.iterate(a[0]));
    };
    t.tupleType->constructor = [](Interpreter& in, Args& args) {
        auto a = bindNativeArgs(args, "tuple", {"iterable"}, 0, 1);
        if (a[0].is(ObjectKind::Tuple))
            return a[0];
        return in.makeTuple(a[0].isEmpty() ? std::vector<Value>{} : in.iterate(a[0]));
    };
    auto dictUpdate = [](Interpreter& in, DictObject& dict, Args& args, size_t first) {
        if (args.positional.size() > first + 1)
            throw PyError(BuiltinExc::TypeError, "dict expected at most 1 argument, got " +
                                                     std::to_string(args.positional.size() - first));
        if (args.positional.size() == first + 1) {
            const Value& src = args.positional[first];
            if (src.is(ObjectKind::Dict)) {
                for (const auto& e : src.as<DictObject>()->dict.entries())
                    if (!e.key.isEmpty())
                        dict.dict.set(e.key, e.value);
            } else {
                int64_t index = 0;
                for (const Value& item : in.iterate(src)) {
                    std::vector<Value> pair = in.iterate(item);
                    if (pair.size() != 2)
                        throw PyError(BuiltinExc::ValueError, "dictionary update sequence element #" +
                                                                  std::to_string(index) + " has length " +
                                                                  std::to_string(pair.size()) + "; 2 is required");
                    dict.dict.set(pair[0], pair[1]);
                    ++index;
                }
            }
        }
        for (auto& [k, v] : args.keywords)
            dict.dict.set(in.makeStr(k), v);
    };
    t.dictType->constructor = [dictUpdate](Interpreter& in, Args& args) {
        auto dict = make<DictObject>();
        dictUpdate(in, *dict, args, 0);
        return Value(dict);
    };
    t.setType->constructor = [](Interpreter& in, Args& args) {
        auto a = bindNativeArgs(args, "set", {"iterable"}, 0, 1);
        auto set = make<SetObject>();
        if (!a[0].isEmpty())
            for (const Value& v : in.iterate(a[0]))
                set->dict.set(v, Value::none());
        return Value(set);
    };
    t.rangeType->constructor = [](Interpreter& in, Args& args) {
        noKeywords(args, "range");
        size_t n = args.positional.size();
        if (n == 0)
            throw PyError(BuiltinExc::TypeError, "range expected at least 1 argument, got 0");
        if (n > 3)
            throw PyError(BuiltinExc::TypeError, "range expected at most 3 arguments, got " + std::to_string(n));
        std::vector<int64_t> v;
        for (const Value& a : args.positional) {
            if (a.isFloat())
                throw PyError(BuiltinExc::TypeError, "'float' object cannot be interpreted as an integer");
            v.push_back(in.toIndex(a));
        }
        if (n == 1)
            return Value(make<RangeObject>(0, v[0], 1));
        int64_t step = n == 3 ? v[2] : 1;
        if (step == 0)
            throw PyError(BuiltinExc::ValueError, "range() arg 3 must not be zero");
        return Value(make<RangeObject>(v[0], v[1], step));
    };
    t.sliceType->constructor = [](Interpreter&, Args& args) {
        expectCount(args, "slice", 1, 3);
        const auto& p = args.positional;
        if (p.size() == 1)
            return Value(make<SliceObject>(Value::none(), p[0], Value::none()));
        return Value(make<SliceObject>(p[0], p[1], p.size() == 3 ? p[2] : Value::none()));
    };
    t.propertyType->constructor = [](Interpreter&, Args& args) {
        auto a = bindNativeArgs(args, "property", {"fget", "fset"}, 0);
        auto p = make<PropertyObject>(a[0].isEmpty() ? Value::none() : a[0]);
        p->setter = a[1].isEmpty() ? Value::none() : a[1];
        return Value(p);
    };
    t.superType->constructor = [](Interpreter& in, Args& args) {
        if (args.positional.size() == 2) {
            if (!args.positional[0].is(ObjectKind::Class))
                throw PyError(BuiltinExc::TypeError, "super() argument 1 must be a type, not " + in.typeName(args.positional[0]));
            return Value(make<SuperObject>(Ref<ClassObject>(args.positional[0].as<ClassObject>()), args.positional[1]));
        }
        if (!args.positional.empty())
            throw PyError(BuiltinExc::TypeError, "super() takes 0 or 2 arguments in this interpreter");
        Frame& frame = in.frame();
        if (!frame.function || frame.code->params.empty())
            throw PyError(BuiltinExc::RuntimeError, "super(): no arguments");
        if (!frame.function->ownerClass)
            throw PyError(BuiltinExc::RuntimeError, "super(): __class__ cell not found");
        Value first = frame.slotValues[0];
        if (first.is(ObjectKind::Cell))
            first = first.as<CellObject>()->value;
        return Value(make<SuperObject>(frame.function->ownerClass, first));
    };

    for (const auto& cls : {t.object, t.type, t.noneType, t.boolType, t.intType, t.floatType, t.strType, t.listType,
                            t.tupleType, t.dictType, t.setType, t.rangeType, t.sliceType, t.superType, t.propertyType})
        if (cls->builtinType != BuiltinType::NoneType)
            setBuiltin(cls->name, Value(cls));
    setBuiltin("Ellipsis", m_ellipsis);
    setBuiltin("NotImplemented", m_notImplemented);

    // ---------------------------------------------------------------- object methods
    // instantiate() recognises this one by name: `A(1)` without __init__ says "A() takes no arguments".
    t.object->dict["__init__"] = makeFunction("object.__init__", [](Interpreter&, Args& args) {
        if (args.positional.size() > 1)
            throw PyError(BuiltinExc::TypeError,
                          "object.__init__() takes exactly one argument (the instance to initialize)");
        return Value::none();
    });
    method(t.object, "__setattr__", [](Interpreter& in, Args& args) {
        expectCount(args, "__setattr__", 3, 3);
        if (!args.positional[1].isStr())
            throw PyError(BuiltinExc::TypeError, "attribute name must be string, not '" + in.typeName(args.positional[1]) + "'");
        if (args.positional[0].is(ObjectKind::Instance))
            Interpreter::genericSetAttr(*args.positional[0].as<InstanceObject>(), args.positional[1].str(), args.positional[2]);
        else
            in.setAttr(args.positional[0], args.positional[1].str(), args.positional[2]);
        return Value::none();
    });
    method(t.object, "__getattribute__", [](Interpreter& in, Args& args) {
        expectCount(args, "__getattribute__", 2, 2);
        return in.getAttr(args.positional[0], args.positional[1].str());
    });

    // ---------------------------------------------------------------- exceptions
    installExceptions();

    // ---------------------------------------------------------------- functions
    def("print", [](Interpreter& in, Args& args) {
        std::string sep = " ", end = "\n";
        for (auto& [k, v] : args.keywords) {
            if (k == "sep" || k == "end") {
                if (!v.isNone() && !v.isStr())
                    throw PyError(BuiltinExc::TypeError, k + " must be None or a string, not " + in.typeName(v));
                if (v.isStr())
                    (k == "sep" ? sep : end) = v.str();
            } else if (k == "flush") {
            } else if (k == "file") {
                if (!v.isNone())
                    throw PyError(BuiltinExc::TypeError, "print(file=...) is not supported by this interpreter");
            } else {
                throw PyError(BuiltinExc::TypeError, "'" + k + "' is an invalid keyword argument for print()");
            }
        }
        std::string out;
        for (size_t i = 0; i < args.positional.size(); ++i) {
            if (i > 0)
                out += sep;
            out += in.str(args.positional[i]);
        }
        out += end;
        in.writeStdout(out);
        return Value::none();
    });
    def("len", [](Interpreter& in, Args& args) {
        noKeywords(args, "len");
        expectCount(args, "len", 1, 1);
        return Value::fromInt(in.length(args.positional[0]));
    });
    def("repr", [](Interpreter& in, Args& args) {
        expectCount(args, "repr", 1, 1);
        return in.makeStr(in.repr(args.positional[0]));
    });
    def("abs", [](Interpreter& in, Args& args) {
        expectCount(args, "abs", 1, 1);
        const Value& x = args.positional[0];
        if (x.isIntLike()) {
            if (x.asInt() == INT64_MIN)
                throw PyError(BuiltinExc::OverflowError, "integer overflow in abs() (this interpreter uses 64-bit integers)");
            return Value::fromInt(x.asInt() < 0 ? -x.asInt() : x.asInt());
        }
        if (x.isFloat())
            return Value::fromFloat(std::fabs(x.asFloat()));
        if (x.is(ObjectKind::Host) || x.is(ObjectKind::Instance)) {
            if (auto m = in.findAttr(x, "__abs__")) {
                Args none;
                return in.callValue(*m, none);
            }
        }
        throw PyError(BuiltinExc::TypeError, "bad operand type for abs(): '" + in.typeName(x) + "'");
    });
    def("min", [](Interpreter& in, Args& args) { return minMax(in, args, false); });
    def("max", [](Interpreter& in, Args& args) { return minMax(in, args, true); });
    def("sum", [](Interpreter& in, Args& args) {
        auto a = bindNativeArgs(args, "sum", {"iterable", "start"}, 1, 1);
        Value total = a[1].isEmpty() ? Value::fromInt(0) : a[1];
        if (total.isStr())
            throw PyError(BuiltinExc::TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
        Ref<IteratorObject> it = in.getIterator(a[0]);
        Value v;
        while (in.iterNext(*it, v))
            total = in.binaryOp(BinaryOp::Add, total, v);
        return total;
    });
    def("round", [](Interpreter& in, Args& args) {
        auto a = bindNativeArgs(args, "round", {"number", "ndigits"}, 1);
        return roundValue(in, a[0], a[1]);
    });
    def("divmod", [](Interpreter& in, Args& args) {
        expectCount(args, "divmod", 2, 2);
        const Value& x = args.positional[0];
        const Value& y = args.positional[1];
        return in.makeTuple({in.binaryOp(BinaryOp::FloorDiv, x, y), in.binaryOp(BinaryOp::Mod, x, y)});
    });
    def("pow", [](Interpreter& in, Args& args) {
        auto a = bindNativeArgs(args, "pow", {"base", "exp", "mod"}, 2);
        if (a[2].isEmpty() || a[2].isNone())
            return in.binaryOp(BinaryOp::Pow, a[0], a[1]);
        if (!a[0].isIntLike() || !a[1].isIntLike() || !a[2].isIntLike())
            throw PyError(BuiltinExc::TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
        int64_t base = a[0].asInt(), exp = a[1].asInt(), mod = a[2].asInt();
        if (mod == 0)
            throw PyError(BuiltinExc::ValueError, "pow() 3rd argument cannot be 0");
        if (exp < 0)
            throw PyError(BuiltinExc::ValueError, "negative exponents with a modulus are not supported by this interpreter");
        __int128 result = 1, b = ((base % mod) + mod) % mod;
        while (exp > 0) {
            if (exp & 1)
                result = result * b % mod;
            b = b * b % mod;
            exp >>= 1;
        }
        int64_t r = static_cast<int64_t>(result);
        if (r != 0 && ((r < 0) != (mod < 0)))
            r += mod;
        return Value::fromInt(r);
    });
    def("enumerate", [](Interpreter& in, Args& args) {
        auto a = bindNativeArgs(args, "enumerate", {"iterable", "start"}, 1);
        int64_t i = a[1].isEmpty() ? 0 : in.toIndex(a[1]);
        std::vector<Value> out;
        for (Value& v : in.iterate(a[0]))
            out.push_back(in.makeTuple({Value::fromInt(i++), std::move(v)}));
        return makeIterator(in, std::move(out));
    });
    def("zip", [](Interpreter& in, Args& args) {
        bool strict = false;
        for (auto& [k, v] : args.keywords) {
            if (k != "strict")
                throw PyError(BuiltinExc::TypeError, "zip() got an unexpected keyword argument '" + k + "'");
            strict = in.truthy(v);
        }
        std::vector<std::vector<Value>> lists;
        size_t n = SIZE_MAX;
        for (const Value& v : args.positional) {
            lists.push_back(in.iterate(v));
            n = std::min(n, lists.back().size());
        }
        if (lists.empty())
            n = 0;
        if (strict)
            for (size_t i = 0; i < lists.size(); ++i)
                if (lists[i].size() != n)
                    throw PyError(BuiltinExc::ValueError, "zip() argument " + std::to_string(i + 1) + " is " +
                                                              (lists[i].size() > n ? "longer" : "shorter") +
                                                              " than argument" + (i == 1 ? " 1" : "s 1-" + std::to_string(i)));
        std::vector<Value> out;
        for (size_t i = 0; i < n; ++i) {
            std::vector<Value> row;
            for (auto& l : lists)
                row.push_back(l[i]);
            out.push_back(in.makeTuple(std::move(row)));
        }
        return makeIterator(in, std::move(out));
    });
    def("map", [](Interpreter& in, Args& args) {
        if (args.positional.size() < 2)
            throw PyError(BuiltinExc::TypeError, "map() must have at least two arguments.");
        std::vector<std::vector<Value>> lists;
        size_t n = SIZE_MAX;
        for (size_t i = 1; i < args.positional.size(); ++i) {
            lists.push_back(in.iterate(args.positional[i]));
            n = std::min(n, lists.back().size());
        }
        std::vector<Value> out;
        for (size_t i = 0; i < n; ++i) {
            Args call;
            for (auto& l : lists)
                call.positional.push_back(l[i]);
            out.push_back(in.callValue(args.positional[0], call));
        }
        return makeIterator(in, std::move(out));
    });
    def("filter", [](Interpreter& in, Args& args) {
        expectCount(args, "filter", 2, 2);
        std::vector<Value> out;
        for (Value& v : in.iterate(args.positional[1])) {
            bool keep;
            if (args.positional[0].isNone())
                keep = in.truthy(v);
            else {
                Args call({v});
                keep = in.truthy(in.callValue(args.positional[0], call));
            }
            if (keep)
                out.push_back(std::move(v));
        }
        return makeIterator(in, std::move(out));
    });
    def("sorted", [](Interpreter& in, Args& args) {
        if (args.positional.size() != 1)
            throw PyError(BuiltinExc::TypeError, "sorted expected 1 argument, got " + std::to_string(args.positional.size()));
        Value key;
        bool reverse = false;
        for (auto& [k, v] : args.keywords) {
            if (k == "key")
                key = v;
            else if (k == "reverse")
                reverse = in.truthy(v);
            else
                throw PyError(BuiltinExc::TypeError, "sort() got an unexpected keyword argument '" + k + "'");
        }
        std::vector<Value> items = in.iterate(args.positional[0]);
        sortValues(in, items, key, reverse);
        return in.makeList(std::move(items));
    });
    def("reversed", [](Interpreter& in, Args& args) {
        expectCount(args, "reversed", 1, 1);
        const Value& v = args.positional[0];
        if (v.is(ObjectKind::Instance)) {
            Value m = in.lookupSpecial(v, "__reversed__");
            if (!m.isEmpty()) {
                Args none;
                return in.callValue(m, none);
            }
        }
        if (!(v.is(ObjectKind::List) || v.is(ObjectKind::Tuple) || v.isStr() || v.is(ObjectKind::Range) ||
              v.is(ObjectKind::Dict) || v.is(ObjectKind::Host) || v.is(ObjectKind::Instance)))
            throw PyError(BuiltinExc::TypeError, "'" + in.typeName(v) + "' object is not reversible");
        std::vector<Value> items = in.iterate(v);
        std::reverse(items.begin(), items.end());
        return makeIterator(in, std::move(items));
    });
    def("any", [](Interpreter& in, Args& args) {
        expectCount(args, "any", 1, 1);
        Ref<IteratorObject> it = in.getIterator(args.positional[0]);
        Value v;
        while (in.iterNext(*it, v))
            if (in.truthy(v))
                return Value::fromBool(true);
        return Value::fromBool(false);
    });
    def("all", [](Interpreter& in, Args& args) {
        expectCount(args, "all", 1, 1);
        Ref<IteratorObject> it = in.getIterator(args.positional[0]);
        Value v;
        while (in.iterNext(*it, v))
            if (!in.truthy(v))
                return Value::fromBool(false);
        return Value::fromBool(true);
    });
    def("isinstance", [](Interpreter& in, Args& args) {
        expectCount(args, "isinstance", 2, 2);
        std::function<bool(const Value&)> check = [&](const Value& cls) -> bool {
            if (cls.is(ObjectKind::Tuple)) {
                for (const Value& c : cls.as<TupleObject>()->items)
                    if (check(c))
                        return true;
                return false;
            }
            if (!cls.is(ObjectKind::Class))
                throw PyError(BuiltinExc::TypeError, "isinstance() arg 2 must be a type, a tuple of types, or a union");
            return in.isInstance(args.positional[0], cls.as<ClassObject>());
        };
        return Value::fromBool(check(args.positional[1]));
    });
    def("issubclass", [](Interpreter& in, Args& args) {
        expectCount(args, "issubclass", 2, 2);
        if (!args.positional[0].is(ObjectKind::Class))
            throw PyError(BuiltinExc::TypeError, "issubclass() arg 1 must be a class");
        std::function<bool(const Value&)> check = [&](const Value& cls) -> bool {
            if (cls.is(ObjectKind::Tuple)) {
                for (const Value& c : cls.as<TupleObject>()->items)
                    if (check(c))
                        return true;
                return false;
            }
            if (!cls.is(ObjectKind::Class))
                throw PyError(BuiltinExc::TypeError, "issubclass() arg 2 must be a class, a tuple of classes, or a union");
            return args.positional[0].as<ClassObject>()->isSubclassOf(cls.as<ClassObject>()) ||
                   cls.as<ClassObject>() == in.m_types.object.get();
        };
        return Value::fromBool(check(args.positional[1]));
    });
    def("hasattr", [](Interpreter& in, Args& args) {
        expectCount(args, "hasattr", 2, 2);
        if (!args.positional[1].isStr())
            throw PyError(BuiltinExc::TypeError, "attribute name must be string, not '" + in.typeName(args.positional[1]) + "'");
        try {
            return Value::fromBool(in.findAttr(args.positional[0], args.positional[1].str()).has_value());
        } catch (const PyError& e) {
            if (e.type() == BuiltinExc::AttributeError)
                return Value::fromBool(false);
            throw;
        }
    });
    def("getattr", [](Interpreter& in, Args& args) {
        expectCount(args, "getattr", 2, 3);
        if (!args.positional[1].isStr())
            throw PyError(BuiltinExc::TypeError, "attribute name must be string, not '" + in.typeName(args.positional[1]) + "'");
        if (args.positional.size() == 3) {
            if (auto v = in.findAttr(args.positional[0], args.positional[1].str()))
                return *v;
            return args.positional[2];
        }
        return in.getAttr(args.positional[0], args.positional[1].str());
    });
    def("setattr", [](Interpreter& in, Args& args) {
        expectCount(args, "setattr", 3, 3);
        if (!args.positional[1].isStr())
            throw PyError(BuiltinExc::TypeError, "attribute name must be string, not '" + in.typeName(args.positional[1]) + "'");
        in.setAttr(args.positional[0], args.positional[1].str(), args.positional[2]);
        return Value::none();
    });
    def("delattr", [](Interpreter& in, Args& args) {
        expectCount(args, "delattr", 2, 2);
        if (!args.positional[1].isStr())
            throw PyError(BuiltinExc::TypeError, "attribute name must be string, not '" + in.typeName(args.positional[1]) + "'");
        in.delAttr(args.positional[0], args.positional[1].str());
        return Value::none();
    });
    def("callable", [](Interpreter& in, Args& args) {
        expectCount(args, "callable", 1, 1);
        const Value& v = args.positional[0];
        switch (v.object() ? v.object()->kind() : ObjectKind::Cell) {
        case ObjectKind::Function:
        case ObjectKind::NativeFunction:
        case ObjectKind::BoundMethod:
        case ObjectKind::Class: return Value::fromBool(true);
        case ObjectKind::Instance: return Value::fromBool(!in.lookupSpecial(v, "__call__").isEmpty());
        case ObjectKind::Host: return Value::fromBool(in.findAttr(v, "__call__").has_value());
        default: return Value::fromBool(false);
        }
    });
    def("id", [](Interpreter&, Args& args) {
        expectCount(args, "id", 1, 1);
        const Value& v = args.positional[0];
        if (Object* o = v.object())
            return Value::fromInt(static_cast<int64_t>(reinterpret_cast<uintptr_t>(o) >> 1));
        return Value::fromInt(static_cast<int64_t>(hashValue(v) >> 1));
    });
    def("hash", [](Interpreter&, Args& args) {
        expectCount(args, "hash", 1, 1);
        const Value& v = args.positional[0];
        if (v.isIntLike())
            return Value::fromInt(v.asInt());
        // hash(2.0) == hash(2), as equal numbers must hash alike.
        if (v.isFloat() && std::isfinite(v.asFloat()) && v.asFloat() == std::floor(v.asFloat()) &&
            std::fabs(v.asFloat()) < 9.2e18)
            return Value::fromInt(static_cast<int64_t>(v.asFloat()));
        return Value::fromInt(static_cast<int64_t>(hashValue(v) >> 1));
    });
    def("iter", [](Interpreter& in, Args& args) {
        expectCount(args, "iter", 1, 1);
        return Value(in.getIterator(args.positional[0]));
    });
    def("next", [](Interpreter& in, Args& args) {
        expectCount(args, "next", 1, 2);
        const Value& it = args.positional[0];
        Value out;
        if (it.is(ObjectKind::Iterator)) {
            if (in.iterNext(*it.as<IteratorObject>(), out))
                return out;
        } else if (it.is(ObjectKind::Instance) && !in.lookupSpecial(it, "__next__").isEmpty()) {
            Args none;
            return in.callValue(in.lookupSpecial(it, "__next__"), none);
        } else if (it.is(ObjectKind::Host)) {
            if (auto v = it.as<HostObject>()->next(in))
                return *v;
        } else {
            throw PyError(BuiltinExc::TypeError, "'" + in.typeName(it) + "' object is not an iterator");
        }
        if (args.positional.size() == 2)
            return args.positional[1];
        Value e = in.makeBuiltinException(BuiltinExc::StopIteration, "");
        e.as<InstanceObject>()->exception->args = in.makeTuple({});
        throw ScriptException(e);
    });
    def("chr", [](Interpreter& in, Args& args) {
        expectCount(args, "chr", 1, 1);
        int64_t cp = in.toIndex(args.positional[0]);
        if (cp < 0 || cp > 0x10FFFF)
            throw PyError(BuiltinExc::ValueError, "chr() arg not in range(0x110000)");
        std::string s;
        appendUtf8(s, static_cast<uint32_t>(cp));
        return in.makeStr(s);
    });
    def("ord", [](Interpreter& in, Args& args) {
        expectCount(args, "ord", 1, 1);
        const Value& v = args.positional[0];
        if (!v.isStr())
            throw PyError(BuiltinExc::TypeError, "ord() expected string of length 1, but " + in.typeName(v) + " found");
        const std::string& s = v.str();
        size_t n = utf8Length(s);
        if (n != 1)
            throw PyError(BuiltinExc::TypeError,
                          "ord() expected a character, but string of length " + std::to_string(n) + " found");
        unsigned char c = static_cast<unsigned char>(s[0]);
        uint32_t cp = c < 0x80 ? c : c < 0xE0 ? (c & 0x1F) : c < 0xF0 ? (c & 0x0F) : (c & 0x07);
        for (size_t i = 1; i < s.size(); ++i)
            cp = (cp << 6) | (static_cast<unsigned char>(s[i]) & 0x3F);
        return Value::fromInt(cp);
    });
    def("format", [](Interpreter& in, Args& args) {
        expectCount(args, "format", 1, 2);
        std::string spec = args.positional.size() == 2 ? in.str(args.positional[1]) : "";
        return in.makeStr(in.formatValue(args.positional[0], spec));
    });

    installTypeMethods();
}

void Interpreter::installExceptions()
{
    for (size_t i = 0; i < static_cast<size_t>(BuiltinExc::Count_); ++i) {
        auto exc = static_cast<BuiltinExc>(i);
        BuiltinExc baseExc = builtinExcBase(exc);
        Ref<ClassObject> base = exc == BuiltinExc::BaseException ? m_types.object : m_exceptionClasses[static_cast<size_t>(baseExc)];
        auto cls = make<ClassObject>(builtinExcName(exc), exc == BuiltinExc::OutOfMemoryError ? "torch.cuda" : "builtins");
        cls->bases.push_back(base);
        cls->mro.push_back(cls.get());
        cls->mro.insert(cls->mro.end(), base->mro.begin(), base->mro.end());
        cls->builtinType = BuiltinType::BaseException;
        cls->builtinExc = exc;
        m_exceptionClasses[i] = cls;
        if (exc != BuiltinExc::OutOfMemoryError)
            setBuiltin(cls->name, Value(cls));
    }
    setBuiltin("IOError", Value(m_exceptionClasses[static_cast<size_t>(BuiltinExc::Exception)]));
    m_exceptionClasses[0]->dict["__init__"] = makeFunction("BaseException.__init__", [](Interpreter& in, Args& args) {
        noKeywords(args, "BaseException");
        const Value& self = args.positional[0];
        if (self.is(ObjectKind::Instance) && self.as<InstanceObject>()->exception)
            self.as<InstanceObject>()->exception->args =
                in.makeTuple(std::vector<Value>(args.positional.begin() + 1, args.positional.end()));
        return Value::none();
    });
    m_exceptionClasses[0]->dict["with_traceback"] =
        makeFunction("BaseException.with_traceback", [](Interpreter&, Args& args) { return args.positional[0]; });
}

void Interpreter::installTypeMethods()
{
    auto method = [&](const Ref<ClassObject>& cls, const std::string& name, NativeFn fn) {
        cls->dict[name] = makeFunction(cls->name + "." + name, std::move(fn));
    };
    BuiltinTypes& t = m_types;

    // ---------------------------------------------------------------- str
    auto strArg = [](Interpreter& in, const Value& v, const char* what) -> const std::string& {
        if (!v.isStr())
            throw PyError(BuiltinExc::TypeError, std::string(what) + " must be str, not " + in.typeName(v));
        return v.str();
    };
    method(t.strType, "join", [](Interpreter& in, Args& args) {
        expectCount(args, "str.join", 2, 2);
        std::string out;
        size_t i = 0;
        for (const Value& v : in.iterate(args.positional[1])) {
            if (!v.isStr())
                throw PyError(BuiltinExc::TypeError,
                              "sequence item " + std::to_string(i) + ": expected str instance, " + in.typeName(v) + " found");
            if (i++ > 0)
                out += self(args).str();
            out += v.str();
        }
        return in.makeStr(std::move(out));
    });
    auto splitImpl = [](Interpreter& in, Args& args, bool fromRight) {
        auto a = bindNativeArgs(args, fromRight ? "rsplit" : "split", {"self", "sep", "maxsplit"}, 1);
        const std::string& s = a[0].str();
        int64_t maxSplit = a[2].isEmpty() ? -1 : in.toIndex(a[2]);
        std::vector<std::string> parts;
        if (a[1].isEmpty() || a[1].isNone()) {
            parts = splitWhitespace(s, fromRight ? -1 : maxSplit);
            if (fromRight && maxSplit >= 0 && static_cast<int64_t>(parts.size()) > maxSplit + 1) {
                // Re-join the leftmost parts (rare; good enough for whitespace).
                std::vector<std::string> merged;
                size_t extra = parts.size() - static_cast<size_t>(maxSplit);
                std::string head;
                for (size_t i = 0; i < extra; ++i)
                    head += (i ? " " : "") + parts[i];
                merged.push_back(head);
                merged.insert(merged.end(), parts.begin() + static_cast<ptrdiff_t>(extra), parts.end());
                parts = merged;
            }
        } else {
            if (!a[1].isStr())
                throw PyError(BuiltinExc::TypeError, "must be str or None, not " + in.typeName(a[1]));
            const std::string& sep = a[1].str();
            if (sep.empty())
                throw PyError(BuiltinExc::ValueError, "empty separator");
            if (!fromRight) {
                size_t start = 0;
                while (true) {
                    size_t pos = s.find(sep, start);
                    if (pos == std::string::npos || (maxSplit >= 0 && static_cast<int64_t>(parts.size()) >= maxSplit)) {
                        parts.push_back(s.substr(start));
                        break;
                    }
                    parts.push_back(s.substr(start, pos - start));
                    start = pos + sep.size();
                }
            } else {
                size_t end = s.size();
                std::vector<std::string> rev;
                while (true) {
                    size_t pos = end >= sep.size() ? s.rfind(sep, end - sep.size()) : std::string::npos;
                    if (pos == std::string::npos || (maxSplit >= 0 && static_cast<int64_t>(rev.size()) >= maxSplit)) {
                        rev.push_back(s.substr(0, end));
                        break;
                    }
                    rev.push_back(s.substr(pos + sep.size(), end - pos - sep.size()));
                    end = pos;
                }
                parts.assign(rev.rbegin(), rev.rend());
            }
        }
        std::vector<Value> out;
        for (std::string& p : parts)
            out.push_back(in.makeStr(std::move(p)));
        return in.makeList(std::move(out));
    };
    method(t.strType, "split", [splitImpl](Interpreter& in, Args& args) { return splitImpl(in, args, false); });
    method(t.strType, "rsplit", [splitImpl](Interpreter& in, Args& args) { return splitImpl(in, args, true); });
    method(t.strType, "splitlines", [](Interpreter& in, Args& args) {
        const std::string& s = self(args).str();
        std::vector<Value> out;
        size_t start = 0;
        for (size_t i = 0; i < s.size(); ++i) {
            if (s[i] == '\n' || s[i] == '\r') {
                out.push_back(in.makeStr(s.substr(start, i - start)));
                if (s[i] == '\r' && i + 1 < s.size() && s[i + 1] == '\n')
                    ++i;
                start = i + 1;
            }
        }
        if (start < s.size())
            out.push_back(in.makeStr(s.substr(start)));
        return in.makeList(std::move(out));
    });
    method(t.strType, "strip", [](Interpreter& in, Args& args) {
        expectCount(args, "strip", 1, 2);
        return in.makeStr(stripChars(self(args).str(), args.positional.size() > 1 ? args.positional[1] : Value(), true, true));
    });
    method(t.strType, "lstrip", [](Interpreter& in, Args& args) {
        expectCount(args, "lstrip", 1, 2);
        return in.makeStr(stripChars(self(args).str(), args.positional.size() > 1 ? args.positional[1] : Value(), true, false));
    });
    method(t.strType, "rstrip", [](Interpreter& in, Args& args) {
        expectCount(args, "rstrip", 1, 2);
        return in.makeStr(stripChars(self(args).str(), args.positional.size() > 1 ? args.positional[1] : Value(), false, true));
    });
    auto mapChars = [&](const std::string& name, int (*f)(int)) {
        method(t.strType, name, [f](Interpreter& in, Args& args) {
            std::string s = self(args).str();
            for (char& c : s)
                if (static_cast<unsigned char>(c) < 0x80)
                    c = static_cast<char>(f(static_cast<unsigned char>(c)));
            return in.makeStr(std::move(s));
        });
    };
    mapChars("upper", ::toupper);
    mapChars("lower", ::tolower);
    method(t.strType, "capitalize", [](Interpreter& in, Args& args) {
        std::string s = self(args).str();
        for (size_t i = 0; i < s.size(); ++i)
            if (static_cast<unsigned char>(s[i]) < 0x80)
                s[i] = static_cast<char>(i == 0 ? std::toupper(static_cast<unsigned char>(s[i])) : std::tolower(static_cast<unsigned char>(s[i])));
        return in.makeStr(std::move(s));
    });
    method(t.strType, "title", [](Interpreter& in, Args& args) {
        std::string s = self(args).str();
        bool previousCased = false;
        for (char& c : s) {
            unsigned char u = static_cast<unsigned char>(c);
            bool alpha = std::isalpha(u);
            if (alpha)
                c = static_cast<char>(previousCased ? std::tolower(u) : std::toupper(u));
            previousCased = alpha;
        }
        return in.makeStr(std::move(s));
    });
    auto predicate = [&](const std::string& name, int (*f)(int)) {
        method(t.strType, name, [f](Interpreter&, Args& args) {
            const std::string& s = self(args).str();
            if (s.empty())
                return Value::fromBool(false);
            for (unsigned char c : s)
                if (c >= 0x80 || !f(c))
                    return Value::fromBool(false);
            return Value::fromBool(true);
        });
    };
    predicate("isdigit", ::isdigit);
    predicate("isnumeric", ::isdigit);
    predicate("isdecimal", ::isdigit);
    predicate("isalpha", ::isalpha);
    predicate("isalnum", ::isalnum);
    predicate("isspace", ::isspace);
    method(t.strType, "isupper", [](Interpreter&, Args& args) {
        bool cased = false;
        for (unsigned char c : self(args).str()) {
            if (std::islower(c))
                return Value::fromBool(false);
            cased |= std::isupper(c) != 0;
        }
        return Value::fromBool(cased);
    });
    method(t.strType, "islower", [](Interpreter&, Args& args) {
        bool cased = false;
        for (unsigned char c : self(args).str()) {
            if (std::isupper(c))
                return Value::fromBool(false);
            cased |= std::islower(c) != 0;
        }
        return Value::fromBool(cased);
    });
    method(t.strType, "replace", [strArg](Interpreter& in, Args& args) {
        expectCount(args, "replace", 3, 4);
        const std::string& s = self(args).str();
        const std::string& from = strArg(in, args.positional[1], "replace() argument 1");
        const std::string& to = strArg(in, args.positional[2], "replace() argument 2");
        int64_t count = args.positional.size() == 4 ? in.toIndex(args.positional[3]) : -1;
        std::string out;
        size_t pos = 0;
        int64_t done = 0;
        if (from.empty()) {
            // Insert `to` between every character (and at both ends).
            for (size_t i = 0; i <= s.size(); ++i) {
                if (count < 0 || done < count) {
                    out += to;
                    ++done;
                }
                if (i < s.size())
                    out += s[i];
            }
            return in.makeStr(std::move(out));
        }
        while (count < 0 || done < count) {
            size_t found = s.find(from, pos);
            if (found == std::string::npos)
                break;
            out += s.substr(pos, found - pos) + to;
            pos = found + from.size();
            ++done;
            if (static_cast<int64_t>(out.size()) > in.m_options.maxSequenceLength)
                throw PyError(BuiltinExc::MemoryError, "string too large");
        }
        out += s.substr(pos);
        return in.makeStr(std::move(out));
    });
    auto affix = [&](const std::string& name, bool prefix) {
        method(t.strType, name, [prefix, name](Interpreter& in, Args& args) {
            expectCount(args, name, 2, 4);
            std::string s = self(args).str();
            if (args.positional.size() > 2) {
                int64_t n = static_cast<int64_t>(s.size());
                int64_t start = in.toIndex(args.positional[2]);
                int64_t end = args.positional.size() > 3 ? in.toIndex(args.positional[3]) : n;
                if (start < 0) start = std::max<int64_t>(0, start + n);
                if (end < 0) end = std::max<int64_t>(0, end + n);
                start = std::min(start, n);
                end = std::min(end, n);
                s = end > start ? s.substr(static_cast<size_t>(start), static_cast<size_t>(end - start)) : "";
            }
            auto test = [&](const Value& v) {
                if (!v.isStr())
                    throw PyError(BuiltinExc::TypeError, name + " first arg must be str or a tuple of str, not " + in.typeName(v));
                const std::string& a = v.str();
                return prefix ? s.starts_with(a) : s.ends_with(a);
            };
            const Value& arg = args.positional[1];
            if (arg.is(ObjectKind::Tuple)) {
                for (const Value& v : arg.as<TupleObject>()->items)
                    if (test(v))
                        return Value::fromBool(true);
                return Value::fromBool(false);
            }
            return Value::fromBool(test(arg));
        });
    };
    affix("startswith", true);
    affix("endswith", false);
    auto findImpl = [strArg](Interpreter& in, Args& args, bool reverse, bool raise, const char* name) {
        expectCount(args, name, 2, 4);
        const std::string& s = self(args).str();
        const std::string& sub = strArg(in, args.positional[1], "must be str");
        int64_t n = static_cast<int64_t>(s.size());
        int64_t start = args.positional.size() > 2 ? in.toIndex(args.positional[2]) : 0;
        int64_t end = args.positional.size() > 3 ? in.toIndex(args.positional[3]) : n;
        if (start < 0) start = std::max<int64_t>(0, start + n);
        if (end < 0) end = std::max<int64_t>(0, end + n);
        end = std::min(end, n);
        size_t pos = std::string::npos;
        if (start <= end) {
            std::string window = s.substr(static_cast<size_t>(std::min(start, n)), static_cast<size_t>(end - std::min(start, n)));
            size_t p = reverse ? window.rfind(sub) : window.find(sub);
            if (p != std::string::npos)
                pos = p + static_cast<size_t>(start);
        }
        if (pos == std::string::npos) {
            if (raise)
                throw PyError(BuiltinExc::ValueError, "substring not found");
            return Value::fromInt(-1);
        }
        return Value::fromInt(static_cast<int64_t>(pos));
    };
    method(t.strType, "find", [findImpl](Interpreter& in, Args& args) { return findImpl(in, args, false, false, "find"); });
    method(t.strType, "rfind", [findImpl](Interpreter& in, Args& args) { return findImpl(in, args, true, false, "rfind"); });
    method(t.strType, "index", [findImpl](Interpreter& in, Args& args) { return findImpl(in, args, false, true, "index"); });
    method(t.strType, "rindex", [findImpl](Interpreter& in, Args& args) { return findImpl(in, args, true, true, "rindex"); });
    method(t.strType, "count", [strArg](Interpreter& in, Args& args) {
        expectCount(args, "count", 2, 2);
        const std::string& s = self(args).str();
        const std::string& sub = strArg(in, args.positional[1], "must be str");
        if (sub.empty())
            return Value::fromInt(static_cast<int64_t>(utf8Length(s)) + 1);
        int64_t count = 0;
        for (size_t pos = s.find(sub); pos != std::string::npos; pos = s.find(sub, pos + sub.size()))
            ++count;
        return Value::fromInt(count);
    });
    method(t.strType, "format", [](Interpreter& in, Args& args) {
        std::string fmt = self(args).str();
        args.positional.erase(args.positional.begin());
        return in.makeStr(in.strFormatMethod(fmt, args));
    });
    auto justify = [&](const std::string& name, char align) {
        method(t.strType, name, [align, name](Interpreter& in, Args& args) {
            expectCount(args, name, 2, 3);
            FormatSpec spec;
            spec.width = paddedWidth(in, args.positional[1]);
            spec.align = align;
            if (args.positional.size() == 3)
                spec.fill = args.positional[2].str();
            return in.makeStr(padFormatted(self(args).str(), spec, align));
        });
    };
    justify("ljust", '<');
    justify("rjust", '>');
    justify("center", '^');
    method(t.strType, "zfill", [](Interpreter& in, Args& args) {
        expectCount(args, "zfill", 2, 2);
        FormatSpec spec;
        spec.width = paddedWidth(in, args.positional[1]);
        spec.fill = "0";
        spec.align = '=';
        return in.makeStr(padFormatted(self(args).str(), spec, '='));
    });
    method(t.strType, "partition", [strArg](Interpreter& in, Args& args) {
        expectCount(args, "partition", 2, 2);
        const std::string& s = self(args).str();
        const std::string& sep = strArg(in, args.positional[1], "must be str");
        size_t pos = s.find(sep);
        if (pos == std::string::npos)
            return in.makeTuple({in.makeStr(s), in.makeStr(""), in.makeStr("")});
        return in.makeTuple({in.makeStr(s.substr(0, pos)), in.makeStr(sep), in.makeStr(s.substr(pos + sep.size()))});
    });

    // ---------------------------------------------------------------- list
    method(t.listType, "append", [](Interpreter& in, Args& args) {
        expectCount(args, "list.append", 2, 2);
        auto& items = self(args).as<ListObject>()->items;
        if (static_cast<int64_t>(items.size()) >= in.m_options.maxSequenceLength)
            throw PyError(BuiltinExc::MemoryError, "list too large");
        items.push_back(args.positional[1]);
        return Value::none();
    });
    method(t.listType, "extend", [](Interpreter& in, Args& args) {
        expectCount(args, "list.extend", 2, 2);
        std::vector<Value> more = in.iterate(args.positional[1]);
        auto& items = self(args).as<ListObject>()->items;
        items.insert(items.end(), more.begin(), more.end());
        return Value::none();
    });
    method(t.listType, "pop", [](Interpreter& in, Args& args) {
        expectCount(args, "pop", 1, 2);
        auto& items = self(args).as<ListObject>()->items;
        if (items.empty())
            throw PyError(BuiltinExc::IndexError, "pop from empty list");
        int64_t n = static_cast<int64_t>(items.size());
        int64_t i = args.positional.size() > 1 ? in.toIndex(args.positional[1]) : n - 1;
        if (i < 0)
            i += n;
        if (i < 0 || i >= n)
            throw PyError(BuiltinExc::IndexError, "pop index out of range");
        Value v = items[static_cast<size_t>(i)];
        items.erase(items.begin() + static_cast<ptrdiff_t>(i));
        return v;
    });
    method(t.listType, "insert", [](Interpreter& in, Args& args) {
        expectCount(args, "insert", 3, 3);
        auto& items = self(args).as<ListObject>()->items;
        int64_t n = static_cast<int64_t>(items.size());
        int64_t i = in.toIndex(args.positional[1]);
        if (i < 0)
            i = std::max<int64_t>(0, i + n);
        i = std::min(i, n);
        items.insert(items.begin() + static_cast<ptrdiff_t>(i), args.positional[2]);
        return Value::none();
    });
    auto indexImpl = [](Interpreter& in, const std::vector<Value>& items, Args& args, const char* what) {
        expectCount(args, "index", 2, 4);
        int64_t n = static_cast<int64_t>(items.size());
        int64_t start = args.positional.size() > 2 ? in.toIndex(args.positional[2]) : 0;
        int64_t end = args.positional.size() > 3 ? in.toIndex(args.positional[3]) : n;
        if (start < 0) start = std::max<int64_t>(0, start + n);
        if (end < 0) end = std::max<int64_t>(0, end + n);
        for (int64_t i = start; i < std::min(end, n); ++i)
            if (in.equals(items[static_cast<size_t>(i)], args.positional[1]))
                return Value::fromInt(i);
        if (std::string(what) == "list")
            throw PyError(BuiltinExc::ValueError, in.repr(args.positional[1]) + " is not in list");
        throw PyError(BuiltinExc::ValueError, "tuple.index(x): x not in tuple");
    };
    method(t.listType, "index", [indexImpl](Interpreter& in, Args& args) {
        return indexImpl(in, self(args).as<ListObject>()->items, args, "list");
    });
    method(t.tupleType, "index", [indexImpl](Interpreter& in, Args& args) {
        return indexImpl(in, self(args).as<TupleObject>()->items, args, "tuple");
    });
    auto countImpl = [](Interpreter& in, const std::vector<Value>& items, Args& args) {
        expectCount(args, "count", 2, 2);
        int64_t c = 0;
        for (const Value& v : items)
            if (v.identical(args.positional[1]) || in.equals(v, args.positional[1]))
                ++c;
        return Value::fromInt(c);
    };
    method(t.listType, "count", [countImpl](Interpreter& in, Args& args) { return countImpl(in, self(args).as<ListObject>()->items, args); });
    method(t.tupleType, "count", [countImpl](Interpreter& in, Args& args) { return countImpl(in, self(args).as<TupleObject>()->items, args); });
    method(t.listType, "reverse", [](Interpreter&, Args& args) {
        auto& items = self(args).as<ListObject>()->items;
        std::reverse(items.begin(), items.end());
        return Value::none();
    });
    method(t.listType, "remove", [](Interpreter& in, Args& args) {
        expectCount(args, "remove", 2, 2);
        auto& items = self(args).as<ListObject>()->items;
        for (size_t i = 0; i < items.size(); ++i)
            if (in.equals(items[i], args.positional[1])) {
                items.erase(items.begin() + static_cast<ptrdiff_t>(i));
                return Value::none();
            }
        throw PyError(BuiltinExc::ValueError, "list.remove(x): x not in list");
    });
    method(t.listType, "clear", [](Interpreter&, Args& args) {
        self(args).as<ListObject>()->items.clear();
        return Value::none();
    });
    method(t.listType, "copy", [](Interpreter& in, Args& args) { return in.makeList(self(args).as<ListObject>()->items); });
    method(t.listType, "sort", [](Interpreter& in, Args& args) {
        if (args.positional.size() > 1)
            throw PyError(BuiltinExc::TypeError, "sort() takes no positional arguments");
        Value key;
        bool reverse = false;
        for (auto& [k, v] : args.keywords) {
            if (k == "key")
                key = v;
            else if (k == "reverse")
                reverse = in.truthy(v);
            else
                throw PyError(BuiltinExc::TypeError, "sort() got an unexpected keyword argument '" + k + "'");
        }
        auto* list = self(args).as<ListObject>();
        std::vector<Value> items = std::move(list->items);
        list->items.clear();
        try {
            sortValues(in, items, key, reverse);
        } catch (...) {
            list->items = std::move(items);
            throw;
        }
        list->items = std::move(items);
        return Value::none();
    });

    // ---------------------------------------------------------------- dict
    method(t.dictType, "keys", [](Interpreter& in, Args& args) {
        std::vector<Value> out;
        for (const auto& e : self(args).as<DictObject>()->dict.entries())
            if (!e.key.isEmpty())
                out.push_back(e.key);
        return in.makeList(std::move(out));
    });
    method(t.dictType, "values", [](Interpreter& in, Args& args) {
        std::vector<Value> out;
        for (const auto& e : self(args).as<DictObject>()->dict.entries())
            if (!e.key.isEmpty())
                out.push_back(e.value);
        return in.makeList(std::move(out));
    });
    method(t.dictType, "items", [](Interpreter& in, Args& args) {
        std::vector<Value> out;
        for (const auto& e : self(args).as<DictObject>()->dict.entries())
            if (!e.key.isEmpty())
                out.push_back(in.makeTuple({e.key, e.value}));
        return in.makeList(std::move(out));
    });
    method(t.dictType, "get", [](Interpreter&, Args& args) {
        expectCount(args, "get", 2, 3);
        Value* v = self(args).as<DictObject>()->dict.find(args.positional[1]);
        if (v)
            return *v;
        return args.positional.size() > 2 ? args.positional[2] : Value::none();
    });
    method(t.dictType, "pop", [](Interpreter& in, Args& args) {
        expectCount(args, "pop", 2, 3);
        Value removed;
        if (self(args).as<DictObject>()->dict.erase(args.positional[1], &removed))
            return removed;
        if (args.positional.size() > 2)
            return args.positional[2];
        Value e = in.makeBuiltinException(BuiltinExc::KeyError, "");
        e.as<InstanceObject>()->exception->args = in.makeTuple({args.positional[1]});
        throw ScriptException(e);
    });
    method(t.dictType, "popitem", [](Interpreter& in, Args& args) {
        ValueDict& d = self(args).as<DictObject>()->dict;
        for (size_t i = d.entries().size(); i-- > 0;) {
            const auto& e = d.entries()[i];
            if (!e.key.isEmpty()) {
                Value key = e.key, value = e.value;
                d.erase(key);
                return in.makeTuple({key, value});
            }
        }
        throw PyError(BuiltinExc::KeyError, "popitem(): dictionary is empty");
    });
    method(t.dictType, "setdefault", [](Interpreter&, Args& args) {
        expectCount(args, "setdefault", 2, 3);
        ValueDict& d = self(args).as<DictObject>()->dict;
        if (Value* v = d.find(args.positional[1]))
            return *v;
        Value def = args.positional.size() > 2 ? args.positional[2] : Value::none();
        d.set(args.positional[1], def);
        return def;
    });
    {
        method(t.dictType, "update", [](Interpreter& in, Args& args) {
            auto* dict = self(args).as<DictObject>();
            Args rest;
            rest.positional.assign(args.positional.begin() + 1, args.positional.end());
            rest.keywords = args.keywords;
            Value built = in.m_types.dictType->constructor(in, rest);
            for (const auto& e : built.as<DictObject>()->dict.entries())
                if (!e.key.isEmpty())
                    dict->dict.set(e.key, e.value);
            return Value::none();
        });
    }
    method(t.dictType, "clear", [](Interpreter&, Args& args) {
        self(args).as<DictObject>()->dict.clear();
        return Value::none();
    });
    method(t.dictType, "copy", [](Interpreter&, Args& args) {
        auto copy = make<DictObject>();
        for (const auto& e : self(args).as<DictObject>()->dict.entries())
            if (!e.key.isEmpty())
                copy->dict.set(e.key, e.value);
        return Value(copy);
    });

    // ---------------------------------------------------------------- set
    method(t.setType, "add", [](Interpreter&, Args& args) {
        expectCount(args, "set.add", 2, 2);
        self(args).as<SetObject>()->dict.set(args.positional[1], Value::none());
        return Value::none();
    });
    method(t.setType, "discard", [](Interpreter&, Args& args) {
        expectCount(args, "set.discard", 2, 2);
        self(args).as<SetObject>()->dict.erase(args.positional[1]);
        return Value::none();
    });
    method(t.setType, "remove", [](Interpreter& in, Args& args) {
        expectCount(args, "set.remove", 2, 2);
        if (!self(args).as<SetObject>()->dict.erase(args.positional[1])) {
            Value e = in.makeBuiltinException(BuiltinExc::KeyError, "");
            e.as<InstanceObject>()->exception->args = in.makeTuple({args.positional[1]});
            throw ScriptException(e);
        }
        return Value::none();
    });
    method(t.setType, "update", [](Interpreter& in, Args& args) {
        for (size_t i = 1; i < args.positional.size(); ++i)
            for (const Value& v : in.iterate(args.positional[i]))
                self(args).as<SetObject>()->dict.set(v, Value::none());
        return Value::none();
    });
    method(t.setType, "clear", [](Interpreter&, Args& args) {
        self(args).as<SetObject>()->dict.clear();
        return Value::none();
    });
    method(t.setType, "copy", [](Interpreter&, Args& args) {
        auto copy = make<SetObject>();
        for (const auto& e : self(args).as<SetObject>()->dict.entries())
            if (!e.key.isEmpty())
                copy->dict.set(e.key, Value::none());
        return Value(copy);
    });
    auto setOp = [&](const std::string& name, BinaryOp op) {
        method(t.setType, name, [op](Interpreter& in, Args& args) {
            Value result = self(args);
            for (size_t i = 1; i < args.positional.size(); ++i) {
                Value other = args.positional[i];
                if (!other.is(ObjectKind::Set)) {
                    auto s = make<SetObject>();
                    for (const Value& v : in.iterate(other))
                        s->dict.set(v, Value::none());
                    other = Value(s);
                }
                result = in.binaryOp(op, result, other);
            }
            if (result.identical(self(args)))
                return in.binaryOp(BinaryOp::BitOr, result, Value(make<SetObject>()));
            return result;
        });
    };
    setOp("union", BinaryOp::BitOr);
    setOp("intersection", BinaryOp::BitAnd);
    setOp("difference", BinaryOp::Sub);
    method(t.setType, "issubset", [](Interpreter& in, Args& args) {
        expectCount(args, "issubset", 2, 2);
        auto other = make<SetObject>();
        for (const Value& v : in.iterate(args.positional[1]))
            other->dict.set(v, Value::none());
        return in.compare(CompareOp::LtE, self(args), Value(other));
    });

    // ---------------------------------------------------------------- numbers
    method(t.floatType, "is_integer", [](Interpreter&, Args& args) {
        double d = self(args).asFloat();
        return Value::fromBool(std::isfinite(d) && d == std::floor(d));
    });
    method(t.intType, "bit_length", [](Interpreter&, Args& args) {
        int64_t v = self(args).asInt();
        uint64_t m = v < 0 ? static_cast<uint64_t>(0) - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
        int n = 0;
        while (m) {
            ++n;
            m >>= 1;
        }
        return Value::fromInt(n);
    });
}

}  // namespace agv::script
