// Note [Matching a call to a signature]
// PyTorch's generated bindings hand each torch.* function a list of signatures in
// native_functions.yaml's Python form. FunctionSignature::parse tries one: positional
// arguments first (a lone size list may be spread out, zeros(2, 3)), then keywords by
// name; a parameter without a default is required even when it allows None, which is why
// zeros(2) never matches the `names` overload. A function with one signature raises the
// first problem it meets. With several, the first that matches wins; when none does and
// exactly one is plausible by argument count, its problem is raised; otherwise the error
// lists every overload (invalid_arguments.cpp), with a "didn't match because" line under
// those whose length, counting the "*", equals the number of arguments given.
// The checks here are PyTorch's (FunctionParameter::check, is_int_list): only the first
// element of a size list is looked at, and the rest fail later in the conversion with
// "must be tuple of SymInts, but found element of type str at pos 2".

#include "core/python/signature_parser.h"

#include <unistd.h>

#include <set>
#include <stdexcept>

#include "core/python/numpy_bridge.h"
#include "core/python/py_values.h"
#include "core/warning.h"

namespace agv::python {

namespace {

using Kind = SignatureParameter::Kind;

/// The parameter types 1.13 spells in its signatures that check any value; the words its
/// messages use for them.
const std::pair<std::string_view, std::string_view> kObjectTypes[] = {
    {"PyObject*", "object"}, {"ScalarList", "tuple of Scalars"}, {"Storage", "torch.Storage"}, {"Stream", "Stream"}};

Kind kindOf(std::string_view type)
{
    for (const auto& [name, words] : kObjectTypes)
        if (name == type)
            return Kind::Object;
    static const std::pair<std::string_view, Kind> kinds[] = {
        {"SymInt", Kind::SymInt},         {"ArrayRef<double>", Kind::DoubleList}, {"TensorList", Kind::TensorList},
        {"c10::List<c10::optional<Tensor>>", Kind::TensorList}, {"c10::string_view", Kind::String},
        {"Tensor", Kind::Tensor},         {"Scalar", Kind::Scalar},           {"int64_t", Kind::Int},
        {"double", Kind::Double},         {"bool", Kind::Bool},               {"IntArrayRef", Kind::IntList},
        {"SymIntArrayRef", Kind::SymIntList}, {"Dimname", Kind::Dimname}, {"DimnameList", Kind::DimnameList}, {"ScalarType", Kind::Dtype},
        {"Layout", Kind::Layout},         {"Device", Kind::Device},           {"MemoryFormat", Kind::MemoryFormat},
        {"Generator", Kind::Generator},
    };
    for (const auto& [name, kind] : kinds)
        if (name == type)
            return kind;
    throw std::logic_error("unknown parameter type in signature: " + std::string(type));
}

SignatureParameter parseParameter(std::string_view text, bool keywordOnly)
{
    SignatureParameter p;
    p.keywordOnly = keywordOnly;
    const size_t space = text.rfind(' ');
    std::string_view type = text.substr(0, space);
    std::string_view rest = text.substr(space + 1);
    if (const size_t eq = rest.find('='); eq != std::string_view::npos) {
        p.optional = true;
        p.allowsNone = rest.substr(eq + 1) == "None";
        rest = rest.substr(0, eq);
    }
    p.name = std::string(rest);
    if (!type.empty() && type.back() == '?') {
        p.allowsNone = true;
        type.remove_suffix(1);
    }
    if (const size_t bracket = type.find('['); bracket != std::string_view::npos) {
        p.fixedSize = std::stoi(std::string(type.substr(bracket + 1)));
        type = type.substr(0, bracket);
    }
    p.kind = kindOf(type);
    for (const auto& [name, words] : kObjectTypes)
        if (name == type)
            p.objectTypeName = std::string(words);
    return p;
}

bool isBool(py::handle h) { return PyBool_Check(h.ptr()); }
bool isLong(py::handle h) { return PyLong_Check(h.ptr()) && !isBool(h); }

/// THPUtils_checkIndex: an int, or anything with __index__, but not a bool.
bool isIndex(py::handle h)
{
    if (isBool(h))
        return false;
    if (isLong(h))
        return true;
    PyObject* index = PyNumber_Index(h.ptr());
    if (!index) {
        PyErr_Clear();
        return false;
    }
    Py_DECREF(index);
    return true;
}

/// is_int_list: a tuple or list whose first element is an index (the rest are checked
/// by the conversion), or a single int where the size is fixed.
bool isIntList(py::handle h, int fixedSize)
{
    if (PyTuple_Check(h.ptr()) || PyList_Check(h.ptr())) {
        if (PySequence_Size(h.ptr()) == 0)
            return true;
        py::object first = py::reinterpret_steal<py::object>(PySequence_GetItem(h.ptr(), 0));
        return isIndex(first);
    }
    return fixedSize > 0 && (isLong(h) || numpy::isInteger(h));
}

bool isTorchType(py::handle h, std::string_view name) { return typeName(h) == name; }

bool zeroDimNoGrad(py::handle h)
{
    std::optional<Tensor> t = asTensor(h);
    return t && !t->requiresGrad() && t->dim() == 0;
}

bool check(const SignatureParameter& p, py::handle h)
{
    switch (p.kind) {
    case Kind::Tensor:
        return isTensor(h) || (p.numbersAsTensors && (PyFloat_Check(h.ptr()) || PyLong_Check(h.ptr()) ||
                                                      PyComplex_Check(h.ptr()) || numpy::isScalar(h)));
    case Kind::Scalar:
        if (PyComplex_Check(h.ptr()))
            return true;
        [[fallthrough]];
    case Kind::Double:
        return PyFloat_Check(h.ptr()) || PyLong_Check(h.ptr()) || zeroDimNoGrad(h) || numpy::isScalar(h);
    case Kind::Int:
    case Kind::SymInt: {
        if (isLong(h) || numpy::isInteger(h))  // THPUtils_checkLong
            return true;
        std::optional<Tensor> t = asTensor(h);
        return t && isIntegralType(t->dtype(), false) && !t->requiresGrad() && t->dim() == 0;
    }
    case Kind::Bool: return isBool(h);
    case Kind::IntList:
    case Kind::SymIntList: return isIntList(h, p.fixedSize);
    case Kind::DoubleList:
        return PyTuple_Check(h.ptr()) || PyList_Check(h.ptr()) || PyFloat_Check(h.ptr()) || PyLong_Check(h.ptr());
    case Kind::TensorList: {
        // is_tensor_list_and_append_overloaded: every element is looked at, and a wrong
        // one is an error even while other overloads are still being tried.
        if (!PyTuple_Check(h.ptr()) && !PyList_Check(h.ptr()))
            return false;
        int element = 0;
        for (py::handle item : h) {
            if (!isTensor(item))
                raise(PyExc_TypeError, "expected Tensor as element " + std::to_string(element) + " in argument " +
                                           std::to_string(p.index) + ", but got " + typeName(item));
            ++element;
        }
        return true;
    }
    case Kind::String: return PyUnicode_Check(h.ptr());
    case Kind::Dimname: return h.is_none() || PyUnicode_Check(h.ptr());  // THPUtils_checkDimname
    case Kind::DimnameList: {
        if (!PyTuple_Check(h.ptr()) && !PyList_Check(h.ptr()))
            return p.fixedSize == 1 && (h.is_none() || PyUnicode_Check(h.ptr()));  // sum('a')
        if (PySequence_Size(h.ptr()) == 0)
            return true;
        py::object first = py::reinterpret_steal<py::object>(PySequence_GetItem(h.ptr(), 0));
        return first.is_none() || PyUnicode_Check(first.ptr());
    }
    case Kind::Dtype:
        // A Python type stands for its dtype: zeros(2, dtype=float) is float64.
        return asDtype(h).has_value() || h.ptr() == (PyObject*)&PyFloat_Type || h.ptr() == (PyObject*)&PyLong_Type ||
               h.ptr() == (PyObject*)&PyBool_Type || h.ptr() == (PyObject*)&PyComplex_Type;
    case Kind::Layout: return isTorchType(h, "torch.layout");
    case Kind::Device: return isLong(h) || PyUnicode_Check(h.ptr()) || isTorchType(h, "torch.device");
    case Kind::MemoryFormat: return isTorchType(h, "torch.memory_format");
    case Kind::Generator: return isTorchType(h, "torch.Generator");
    case Kind::Object: return true;
    }
    return false;
}

[[noreturn]] void raiseType(const std::string& message) { raise(PyExc_TypeError, message); }

[[noreturn]] void extraArgs(const FunctionSignature& s, size_t nargs)
{
    if (s.minArgs != s.maxPositional)
        raiseType(s.name + "() takes from " + std::to_string(s.minArgs) + " to " + std::to_string(s.maxPositional) +
                  " positional arguments but " + std::to_string(nargs) + " were given");
    raiseType(s.name + "() takes " + std::to_string(s.maxPositional) + " positional argument" +
              (s.maxPositional == 1 ? "" : "s") + " but " + std::to_string(nargs) + (nargs == 1 ? " was" : " were") +
              " given");
}

[[noreturn]] void missingArgs(const FunctionSignature& s, size_t from)
{
    int missing = 0;
    std::string names;
    for (size_t i = from; i < s.params.size(); ++i) {
        if (s.params[i].optional)
            continue;
        names += (missing ? ", \"" : "\"") + s.params[i].name + "\"";
        ++missing;
    }
    // 1.13's plural is the wrong way round: "missing 1 required positional arguments".
    raiseType(s.name + "() missing " + std::to_string(missing) + " required positional argument" +
              (missing == 1 ? "s" : "") + ": " + names);
}

[[noreturn]] void extraKeywords(const FunctionSignature& s, const CallArgs& call)
{
    for (auto [key, value] : call.keywords) {
        if (!PyUnicode_Check(key.ptr()))
            raiseType("keywords must be strings");
        const std::string k = py::str(key);
        size_t index = 0;
        while (index < s.params.size() && s.params[index].name != k)
            ++index;
        if (index == s.params.size())
            raiseType(s.name + "() got an unexpected keyword argument '" + k + "'");
        if (index < call.positional.size())
            raiseType(s.name + "() got multiple values for argument '" + k + "'");
    }
    raiseType("invalid keyword arguments");
}

/// FunctionSignature::parse: fills `dst` and says whether the call matches; with
/// `raise`, the first mismatch is raised instead.
bool matches(const FunctionSignature& s, const CallArgs& call, std::vector<py::object>& dst, bool raise)
{
    const size_t nargs = call.positional.size();
    size_t remainingKeywords = call.keywords ? py::len(call.keywords) : 0;
    const bool varargsSizes =
        s.maxPositional == 1 && (s.params[0].kind == Kind::IntList || s.params[0].kind == Kind::SymIntList);
    if (nargs > s.maxPositional && !varargsSizes) {
        if (raise)
            extraArgs(s, nargs);
        return false;
    }
    dst.assign(s.params.size(), py::object());
    size_t argPos = 0;
    for (size_t i = 0; i < s.params.size(); ++i) {
        const SignatureParameter& p = s.params[i];
        py::handle obj;
        bool keyword = false;
        if (argPos < nargs) {
            if (p.keywordOnly) {
                if (raise)
                    extraArgs(s, nargs);
                return false;
            }
            obj = call.positional[argPos];
        } else if (call.keywords) {
            obj = call.keyword(p.name);
            keyword = true;
        }
        const bool spreadEligible = varargsSizes && argPos == 0 && !keyword;
        if ((!obj && p.optional) || (obj && obj.is_none() && p.allowsNone)) {
            // left out or None: dst stays null
        } else if (!obj) {
            if (raise)
                missingArgs(s, i);
            return false;
        } else if (check(p, obj)) {
            dst[i] = py::reinterpret_borrow<py::object>(obj);
        } else if (spreadEligible && isIntList(call.positional, p.fixedSize)) {
            // zeros(2, 3) is zeros((2, 3))
            dst[i] = call.positional;
            argPos = nargs;
            continue;
        } else if (raise) {
            if (keyword)
                raiseType(s.name + "(): argument '" + p.name + "' must be " + p.typeName() + ", not " + typeName(obj));
            raiseType(s.name + "(): argument '" + p.name + "' (position " + std::to_string(argPos + 1) + ") must be " +
                      p.typeName() + ", not " + typeName(obj));
        } else {
            return false;
        }
        if (!keyword)
            ++argPos;
        else if (obj)
            --remainingKeywords;
    }
    if (remainingKeywords > 0) {
        if (raise)
            extraKeywords(s, call);
        return false;
    }
    return true;
}

// ------------------------------------------------ invalid_arguments.cpp's message

/// One overload as format_invalid_args re-reads its printed form: "*" counts as an
/// argument, and a type matches by the name of the object's type.
struct PrintedOption {
    std::vector<std::pair<std::string, std::string>> arguments;  // (type, name)
};

PrintedOption readOption(const std::string& printed)
{
    PrintedOption option;
    const std::string inner = printed.substr(1, printed.size() - 2);
    size_t start = 0;
    while (true) {
        const size_t end = inner.find(", ", start);
        const std::string arg = inner.substr(start, end == std::string::npos ? std::string::npos : end - start);
        const size_t space = arg.rfind(' ');
        if (space == std::string::npos)
            option.arguments.emplace_back(arg, arg);
        else
            option.arguments.emplace_back(arg.substr(0, space), arg.substr(space + 1));
        if (end == std::string::npos)
            break;
        start = end + 2;
    }
    return option;
}

bool typeMatches(const std::string& type, py::handle h)
{
    const std::string name = typeName(h);
    if (type == "float")
        return name == "float" || name == "int";
    return name == type;
}

/// _formattedArgDesc: each argument marked as matching its place in the option or not.
std::string markedArguments(const PrintedOption& option, const CallArgs& call,
                            const std::vector<std::pair<std::string, py::handle>>& keywords)
{
    const bool tty = isatty(1) && isatty(2);
    const std::string red = tty ? "\33[31;1m" : "!", resetRed = tty ? "\33[0m" : "!";
    const std::string green = tty ? "\33[32;1m" : "", resetGreen = tty ? "\33[0m" : "";
    const size_t npos = call.positional.size();
    std::string out = "(";
    for (size_t i = 0; i < npos + keywords.size(); ++i) {
        const bool keyword = i >= npos;
        py::handle arg;
        if (keyword) {
            // 1.13 looks the keyword up by the name at this place in the option.
            const std::string& name = option.arguments[i].second;
            for (const auto& [k, v] : keywords)
                if (k == name)
                    arg = v;
            if (!arg)
                raise(PyExc_RuntimeError, "_Map_base::at");
        } else {
            arg = call.positional[i];
        }
        const bool matching = i < option.arguments.size() && typeMatches(option.arguments[i].first, arg);
        out += matching ? green : red;
        if (keyword)
            out += option.arguments[i].second + "=";
        out += typeName(arg);
        out += (matching ? resetGreen : resetRed) + ", ";
    }
    if (npos > 0)
        out.erase(out.size() - 2);
    return out + ")";
}

std::vector<std::string> unmatchedKeywords(const PrintedOption& option,
                                           const std::vector<std::pair<std::string, py::handle>>& keywords)
{
    std::vector<std::string> unmatched;
    const auto start = size_t(std::max<int64_t>(0, int64_t(option.arguments.size()) - int64_t(keywords.size())));
    for (const auto& [name, value] : keywords) {
        bool found = false;
        for (size_t i = start; i < option.arguments.size(); ++i)
            found = found || option.arguments[i].second == name;
        if (!found)
            unmatched.push_back(name);
    }
    return unmatched;
}

std::string joined(const std::vector<std::string>& names)
{
    std::string out;
    for (const std::string& n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out;
}

std::string invalidArgumentsMessage(const std::string& fn, const CallArgs& call, const std::vector<std::string>& options)
{
    const auto keywords = keywordsInMessageOrder(call);
    const size_t given = call.positional.size() + keywords.size();
    std::string message = fn + "() received an invalid combination of arguments - ";
    if (options.size() == 1) {
        const PrintedOption option = readOption(options[0]);
        const std::vector<std::string> unmatched = unmatchedKeywords(option, keywords);
        if (!unmatched.empty())
            return message + "got unrecognized keyword arguments: " + joined(unmatched);
        message += "got ";
        message += given == option.arguments.size() ? markedArguments(option, call, keywords)
                                                     : describeGivenArguments(call);
        return message + ", but expected " + options[0];
    }
    message += "got " + describeGivenArguments(call) + ", but expected one of:\n";
    for (const std::string& printed : options) {
        message += " * " + printed + "\n";
        const PrintedOption option = readOption(printed);
        if (given != option.arguments.size())
            continue;
        const std::vector<std::string> unmatched = unmatchedKeywords(option, keywords);
        if (!unmatched.empty())
            message += "      didn't match because some of the keywords were incorrect: " + joined(unmatched) + "\n";
        else
            message += "      didn't match because some of the arguments have invalid types: " +
                       markedArguments(option, call, keywords) + "\n";
    }
    return message;
}

/// std::hash<std::string> of libstdc++ on a 64-bit machine: std::_Hash_bytes (a
/// MurmurHash2 variant) with its fixed seed.
uint64_t libstdcxxStringHash(const std::string& s)
{
    constexpr uint64_t mul = (uint64_t(0xc6a4a793) << 32) + 0x5bd1e995;
    auto shiftMix = [](uint64_t v) { return v ^ (v >> 47); };
    const size_t len = s.size(), aligned = len & ~size_t(7);
    uint64_t hash = 0xc70f6907ULL ^ (len * mul);
    for (size_t i = 0; i < aligned; i += 8) {
        uint64_t data = 0;
        for (int b = 7; b >= 0; --b)
            data = (data << 8) + uint8_t(s[i + size_t(b)]);
        hash ^= shiftMix(data * mul) * mul;
        hash *= mul;
    }
    if (len & 7) {
        uint64_t data = 0;
        for (size_t b = len; b > aligned; --b)
            data = (data << 8) + uint8_t(s[b - 1]);
        hash ^= data;
        hash *= mul;
    }
    hash = shiftMix(hash) * mul;
    return shiftMix(hash);
}

}  // namespace

// Note [The order of keywords in messages]
// "got (int, foo=int, pin_memory=NoneType, requires_grad=NoneType, ...)" lists the
// keywords as a libstdc++ unordered_map iterates them. The map starts with 13 buckets
// (the rehash policy's first size for 11 elements), grows to 29 and then 59 as the load
// factor passes 1, and keeps one list of nodes: a node whose bucket is empty goes to the
// front of the list, any other goes in front of the first node of its bucket; a rehash
// re-inserts the nodes in list order by the same rule.
std::vector<std::pair<std::string, py::handle>> keywordsInMessageOrder(const CallArgs& call)
{
    std::vector<std::pair<std::string, py::handle>> order;
    if (!call.keywords)
        return order;
    // Past 127 keywords the prime table's later entries are not modelled.
    static constexpr size_t bucketCounts[] = {13, 29, 59, 127};
    size_t bucketCount = bucketCounts[0], growth = 0;
    auto insert = [&](std::vector<std::pair<std::string, py::handle>>& list, std::pair<std::string, py::handle> entry) {
        const uint64_t bucket = libstdcxxStringHash(entry.first) % bucketCount;
        for (size_t i = 0; i < list.size(); ++i)
            if (libstdcxxStringHash(list[i].first) % bucketCount == bucket) {
                list.insert(list.begin() + std::ptrdiff_t(i), std::move(entry));
                return;
            }
        list.insert(list.begin(), std::move(entry));
    };
    for (auto [key, value] : call.keywords) {
        if (order.size() + 1 > bucketCount && growth + 1 < std::size(bucketCounts)) {
            bucketCount = bucketCounts[++growth];
            std::vector<std::pair<std::string, py::handle>> rehashed;
            for (auto& entry : order)
                insert(rehashed, std::move(entry));
            order = std::move(rehashed);
        }
        insert(order, {py::str(key).cast<std::string>(), value});
    }
    return order;
}

std::string SignatureParameter::typeName() const
{
    switch (kind) {
    case Kind::Tensor: return "Tensor";
    case Kind::Scalar: return "Number";
    case Kind::Int: return "int";
    case Kind::SymInt: return "SymInt";
    case Kind::Double: return "float";
    case Kind::DoubleList: return "tuple of floats";
    case Kind::TensorList: return "tuple of Tensors";
    case Kind::String: return "str";
    case Kind::Bool: return "bool";
    case Kind::IntList: return "tuple of ints";
    case Kind::SymIntList: return "tuple of SymInts";
    case Kind::Dimname: return "name";
    case Kind::DimnameList: return "tuple of names";
    case Kind::Dtype: return "torch.dtype";
    case Kind::Layout: return "torch.layout";
    case Kind::Device: return "torch.device";
    case Kind::MemoryFormat: return "torch.memory_format";
    case Kind::Generator: return "torch.Generator";
    case Kind::Object: return objectTypeName;
    }
    return objectTypeName;
}

FunctionSignature::FunctionSignature(std::string_view format)
{
    if (const size_t bar = format.rfind('|'); bar != std::string_view::npos && bar > format.rfind(')')) {
        hidden = true;
        deprecated = format.substr(bar + 1) == "deprecated";
        format = format.substr(0, bar);
    }
    const size_t open = format.find('(');
    name = std::string(format.substr(0, open));
    std::string_view inner = format.substr(open + 1, format.rfind(')') - open - 1);
    bool keywordOnly = false;
    while (!inner.empty()) {
        const size_t comma = inner.find(", ");
        const std::string_view param = inner.substr(0, comma);
        if (param == "*")
            keywordOnly = true;
        else {
            params.push_back(parseParameter(param, keywordOnly));
            params.back().index = int(params.size() - 1);
        }
        inner = comma == std::string_view::npos ? std::string_view() : inner.substr(comma + 2);
    }
    // should_allow_numbers_as_tensors: the arithmetic that binds `x * 2` to its Tensor overload.
    static const std::set<std::string_view> numbersAsTensors = {
        "add", "add_", "div", "div_", "divide", "divide_", "mul", "mul_", "multiply", "multiply_", "sub", "sub_",
        "subtract", "subtract_", "true_divide", "true_divide_", "floor_divide", "floor_divide_", "to", "copy_"};
    for (SignatureParameter& p : params)
        p.numbersAsTensors = p.kind == Kind::Tensor && numbersAsTensors.count(name) > 0;
    maxArgs = params.size();
    for (const SignatureParameter& p : params) {
        minArgs += p.optional ? 0 : 1;
        maxPositional += p.keywordOnly ? 0 : 1;
    }
}

std::string FunctionSignature::toString() const
{
    std::string out = "(";
    bool keywordSeen = false;
    for (size_t i = 0; i < params.size(); ++i) {
        if (i)
            out += ", ";
        if (params[i].keywordOnly && !keywordSeen) {
            out += "*, ";
            keywordSeen = true;
        }
        out += params[i].typeName() + " " + params[i].name;
    }
    return out + ")";
}

ArgumentParser::ArgumentParser(std::initializer_list<std::string_view> signatures)
{
    for (std::string_view s : signatures)
        signatures_.emplace_back(s);
}

ArgumentParser::ArgumentParser(const std::vector<std::string>& signatures)
{
    for (const std::string& s : signatures)
        signatures_.emplace_back(s);
}

void ArgumentParser::warnDeprecated(const FunctionSignature& used) const
{
    static bool warned = false;  // one TORCH_WARN_ONCE for every deprecated overload
    if (warned)
        return;
    warned = true;
    std::string message = "This overload of " + used.name + " is deprecated:\n\t" + used.name + used.toString();
    std::string instead;
    for (const FunctionSignature& s : signatures_)
        if (!s.hidden)
            instead += "\n\t" + s.name + s.toString();
    if (!instead.empty())
        message += "\nConsider using one of the following signatures instead:" + instead;
    warn("UserWarning", message + " (Triggered internally at  ./torch/csrc/utils/python_arg_parser.cpp:1420.)");
}

ParsedArguments ArgumentParser::parse(const CallArgs& call) const
{
    std::vector<py::object> dst;
    if (signatures_.size() == 1) {
        matches(signatures_[0], call, dst, true);
        return ParsedArguments(signatures_[0], 0, std::move(dst));
    }
    for (size_t i = 0; i < signatures_.size(); ++i)
        if (matches(signatures_[i], call, dst, false)) {
            if (signatures_[i].deprecated)
                warnDeprecated(signatures_[i]);
            return ParsedArguments(signatures_[i], i, std::move(dst));
        }

    const size_t given = call.positional.size() + (call.keywords ? py::len(call.keywords) : 0);
    const FunctionSignature* plausible = nullptr;
    size_t plausibleCount = 0;
    for (const FunctionSignature& s : signatures_)
        if (given >= s.minArgs && given <= s.maxArgs && !s.hidden) {
            plausible = &s;
            ++plausibleCount;
        }
    if (plausibleCount == 1)
        matches(*plausible, call, dst, true);
    std::vector<std::string> options;
    for (const FunctionSignature& s : signatures_)
        if (!s.hidden)
            options.push_back(s.toString());
    raiseType(invalidArgumentsMessage(signatures_[0].name, call, options));
}

// ------------------------------------------------------------ conversions

size_t ParsedArguments::indexOf(std::string_view name) const
{
    for (size_t i = 0; i < signature_->params.size(); ++i)
        if (signature_->params[i].name == name)
            return i;
    throw std::logic_error("no parameter " + std::string(name) + " in " + signature_->name);
}

py::handle ParsedArguments::operator[](std::string_view name) const
{
    for (size_t i = 0; i < signature_->params.size(); ++i)
        if (signature_->params[i].name == name)
            return values_[i];
    return {};  // not a parameter of the matched overload: as if left out
}

IntList ParsedArguments::intList(std::string_view name) const
{
    const size_t i = indexOf(name);
    const SignatureParameter& p = signature_->params[i];
    py::handle h = values_[i];
    if (p.fixedSize > 0 && (isLong(h) || numpy::isInteger(h)))
        return IntList(size_t(p.fixedSize), py::reinterpret_borrow<py::object>(h).cast<int64_t>());
    IntList out;
    int64_t pos = 1;
    for (py::handle item : h) {
        // THPUtils_unpackIndex; any failure, an overflow included, is reported as the element's type.
        PyObject* index = PyNumber_Index(item.ptr());
        long long value = -1;
        int overflow = 0;
        if (index) {
            value = PyLong_AsLongLongAndOverflow(index, &overflow);
            Py_DECREF(index);
        }
        if (!index || overflow != 0 || (value == -1 && PyErr_Occurred())) {
            PyErr_Clear();
            raiseType(signature_->name + "(): argument '" + p.name + "' must be " + p.typeName() +
                      ", but found element of type " + typeName(item) + " at pos " + std::to_string(pos));
        }
        out.push_back(int64_t(value));
        ++pos;
    }
    return out;
}

int64_t ParsedArguments::toInt(std::string_view name) const
{
    py::handle h = values_[indexOf(name)];
    if (std::optional<Tensor> t = asTensor(h))
        return t->itemInt();
    int overflow = 0;
    const long long value = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
    if (overflow != 0)
        raise(PyExc_RuntimeError, "Overflow when unpacking long");
    return int64_t(value);
}

double ParsedArguments::toDouble(std::string_view name) const
{
    py::handle h = values_[indexOf(name)];
    if (std::optional<Tensor> t = asTensor(h))
        return t->item();
    return PyFloat_AsDouble(h.ptr());
}

Scalar ParsedArguments::scalar(std::string_view name) const
{
    py::handle h = values_[indexOf(name)];
    return requireScalar(h, signature_->name, name);
}

bool ParsedArguments::toBool(std::string_view name, bool fallback) const
{
    py::handle h = (*this)[name];
    return h ? h.ptr() == Py_True : fallback;
}

std::optional<ScalarType> ParsedArguments::dtype(std::string_view name) const
{
    py::handle h = (*this)[name];
    if (!h)
        return std::nullopt;
    if (h.ptr() == (PyObject*)&PyFloat_Type)
        return ScalarType::Float64;
    if (h.ptr() == (PyObject*)&PyLong_Type)
        return ScalarType::Int64;
    if (h.ptr() == (PyObject*)&PyBool_Type)
        return ScalarType::Bool;
    if (h.ptr() == (PyObject*)&PyComplex_Type)
        raise(PyExc_NotImplementedError, "autogradviz: complex tensors are not supported");
    return asDtype(h);
}

std::optional<Device> ParsedArguments::device(std::string_view name) const
{
    return asDevice((*this)[name]);
}

Tensor ParsedArguments::tensor(std::string_view name) const
{
    return *asTensor(values_[indexOf(name)]);
}

void ParsedArguments::checkSizeLists() const
{
    for (size_t i = 0; i < signature_->params.size(); ++i) {
        const SignatureParameter& p = signature_->params[i];
        const bool sizeList = p.kind == Kind::IntList || p.kind == Kind::SymIntList;
        if (sizeList && values_[i] && !isLong(values_[i]))
            intList(p.name);
    }
}

py::handle ParsedArguments::dimnameLookedUpFirst() const
{
    py::handle found;
    for (size_t i = 0; i < signature_->params.size(); ++i) {
        const Kind kind = signature_->params[i].kind;
        py::handle h = values_[i];
        if ((kind != Kind::Dimname && kind != Kind::DimnameList) || !h)
            continue;
        if (PyUnicode_Check(h.ptr()))
            found = h;
        else if ((PyTuple_Check(h.ptr()) || PyList_Check(h.ptr())) && py::len(h) > 0 &&
                 PyUnicode_Check(h[py::int_(0)].ptr()))
            found = h;
    }
    return found;
}

void defParsedMethodAndFunction(py::module_& m, py::handle cls, std::initializer_list<std::string_view> methodSignatures,
                                std::initializer_list<std::string_view> functionSignatures, ParsedImpl impl)
{
    const std::string name = FunctionSignature(*methodSignatures.begin()).name;
    auto methodParser = std::make_shared<ArgumentParser>(methodSignatures);
    auto functionParser = std::make_shared<ArgumentParser>(functionSignatures);
    cls.attr(name.c_str()) = py::cpp_function(
        [methodParser, impl](py::handle self, py::args args, py::kwargs kwargs) {
            const CallArgs call{std::move(args), std::move(kwargs)};
            return impl(*asTensor(self), methodParser->parse(call));
        },
        py::name(name.c_str()), py::is_method(cls));
    m.attr(name.c_str()) = py::cpp_function(
        [functionParser, impl](py::args args, py::kwargs kwargs) {
            const CallArgs call{std::move(args), std::move(kwargs)};
            const ParsedArguments parsed = functionParser->parse(call);
            return impl(parsed.tensor("input"), parsed);
        },
        py::name(name.c_str()));
}

void raiseNameNotFound(const Tensor& self, py::handle names)
{
    const py::handle first = PyUnicode_Check(names.ptr()) ? names : py::handle(names[py::int_(0)]);
    std::string dims;
    for (int64_t d = 0; d < self.dim(); ++d)
        dims += d ? ", None" : "None";
    raise(PyExc_RuntimeError, "Name '" + py::str(first).cast<std::string>() + "' not found in Tensor[" + dims + "].");
}

void refuseOut(const ParsedArguments& args, const std::string& fn)
{
    if (args.has("out"))
        raise(PyExc_NotImplementedError,
              "autogradviz: " + fn + "(..., out=...) is not supported yet; assign the result instead");
}

}  // namespace agv::python
