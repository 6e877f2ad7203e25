// Note [PyTorch's signatures for every call]
// Our bindings read their arguments with their own code (bind, requireInt, ...), which
// knows one way of calling each function; 1.13's argument parser knows every overload, and
// its messages list them: `torch.cat(x, y)` is "cat() received an invalid combination of
// arguments - got (Tensor, Tensor), but expected one of: ...", `x.transpose(0)` lists
// transpose's two overloads. So each call of a function the table knows is first matched
// against 1.13's signatures by the same parser that 1.13's factories use
// (signature_parser.h), and only a call that matches goes on to the binding. The parser is
// built on the function's first call.

#include "core/python/pytorch_signatures.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/python/out_argument.h"
#include "core/python/signature_parser.h"

namespace agv::python {

struct SignatureEntry {
    std::string_view name;
    bool method;
    const char* signatures;  // one per line
};

namespace {

// Sorted as the generator writes it: functions, then methods, each by name.
constexpr SignatureEntry kSignatureTable[] = {
#include "core/python/signature_table.inc"
};

bool entryBefore(const SignatureEntry& a, const SignatureEntry& b)
{
    return a.method != b.method ? b.method : a.name < b.name;
}

/// The table's entries some binding checks itself.
std::set<const SignatureEntry*>& claimedEntries()
{
    static std::set<const SignatureEntry*> claimed;
    return claimed;
}

std::vector<std::string> lines(std::string_view text)
{
    std::vector<std::string> out;
    while (!text.empty()) {
        const size_t end = text.find('\n');
        out.emplace_back(text.substr(0, end));
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    }
    return out;
}

}  // namespace

PyTorchSignatures::PyTorchSignatures(std::string_view name, bool method)
{
    // Our torch package builds F.conv* and F.batch_norm on these with its own arguments
    // (an int stride, no cudnn_enabled); a user's wrong call of them keeps the binding's checks.
    static const std::set<std::string_view> calledByOurPackage = {"batch_norm", "convolution"};
    if (!method && calledByOurPackage.count(name))
        return;
    const SignatureEntry key{name, method, nullptr};
    const auto it = std::lower_bound(std::begin(kSignatureTable), std::end(kSignatureTable), key, entryBefore);
    if (it != std::end(kSignatureTable) && it->method == method && it->name == name) {
        entry_ = &*it;
        claimedEntries().insert(entry_);
    }
}

void PyTorchSignatures::check(const CallArgs& call, const Tensor* self) const
{
    if (!entry_)
        return;
    if (*entry_->signatures == '\0') {  // METH_NOARGS: CPython's own words
        if (call.keywords && py::len(call.keywords) > 0)
            raise(PyExc_TypeError, "_TensorBase." + std::string(entry_->name) + "() takes no keyword arguments");
        if (call.positional.size() > 0)
            raise(PyExc_TypeError, "_TensorBase." + std::string(entry_->name) + "() takes no arguments (" +
                                       std::to_string(call.positional.size()) + " given)");
        return;
    }
    if (!parser_)
        parser_ = std::make_shared<const ArgumentParser>(lines(entry_->signatures));
    const ParsedArguments parsed = parser_->parse(call);
    // The parser looks at a size list's first element only; 1.13's conversion then
    // names any other element of the wrong type.
    parsed.checkSizeLists();
    if (py::handle names = parsed.dimnameLookedUpFirst()) {
        // The ops whose named overloads 1.13 declares but never wrote
        // (reportNYIDimnameOverload), under the name each reports.
        static const std::map<std::string_view, std::string_view> notImplemented = {
            {"all", "all"}, {"any", "any"}, {"argsort", "argsort"}, {"gather", "gather"},
            {"index_add", "index_add"}, {"index_copy", "index_copy"}, {"index_copy_", "index_copy"},
            {"index_select", "index_select"}, {"scatter", "scatter"}, {"scatter_add", "scatter_add"}, {"sort", "sort"}};
        if (auto it = notImplemented.find(entry_->name); it != notImplemented.end())
            raise(PyExc_RuntimeError, std::string(it->second) +
                                          ": You passed a dimname (string) to this op in place of a dimension index "
                                          "but it does not yet support this behavior. Please pass a dimension index "
                                          "to work around this.");
        if (self)
            raiseNameNotFound(*self, names);
        if (std::optional<Tensor> input = asTensor(parsed["input"]))
            raiseNameNotFound(*input, names);
    }
}

void checkEveryOtherCall(py::module_& m, py::handle tensorClass)
{
    // For the functions our torch package writes in Python where 1.13's are C++
    // (torch/_signature_checks.py wraps them): the table's names, and one call's check.
    m.def("_signature_names", [](bool method) {
        py::list names;
        for (const SignatureEntry& entry : kSignatureTable)
            if (entry.method == method)
                names.append(py::str(std::string(entry.name)));
        return names;
    });
    m.def("_call_with_out", [](const std::string& name, py::handle f, py::args args, py::kwargs kwargs) {
        return callWithOut(name, args, kwargs, f);
    });
    m.def("_check_call", [](const std::string& name, bool method, py::tuple args, py::dict kwargs) {
        std::optional<Tensor> self;
        if (method && args.size() > 0)
            self = asTensor(args[0]);
        py::tuple rest(method && args.size() > 0 ? args.size() - 1 : args.size());
        for (size_t i = 0; i < rest.size(); ++i)
            rest[i] = args[i + (args.size() - rest.size())];
        static std::map<std::pair<std::string, bool>, PyTorchSignatures> checkers;
        auto it = checkers.find({name, method});
        if (it == checkers.end())
            it = checkers.emplace(std::make_pair(name, method), PyTorchSignatures(name, method)).first;
        it->second.check(CallArgs{py::args(rest), py::kwargs(kwargs)}, self ? &*self : nullptr);
    });

    for (const SignatureEntry& entry : kSignatureTable) {
        if (claimedEntries().count(&entry))
            continue;
        py::handle owner = entry.method ? tensorClass : py::handle(m);
        const std::string name(entry.name);
        if (!py::hasattr(owner, name.c_str()))
            continue;
        py::object bound = owner.attr(name.c_str());
        if (PyInstanceMethod_Check(bound.ptr()))  // how pybind11 stores a method
            bound = py::reinterpret_borrow<py::object>(PyInstanceMethod_GET_FUNCTION(bound.ptr()));
        if (!PyCFunction_Check(bound.ptr()))  // a Python def or a property: not ours to check
            continue;
        const PyTorchSignatures signatures(entry.name, entry.method);
        if (entry.method) {
            owner.attr(name.c_str()) = py::cpp_function(
                [bound, signatures](py::handle self, py::args args, py::kwargs kwargs) {
                    const Tensor t = *asTensor(self);
                    signatures.check(CallArgs{args, kwargs}, &t);
                    return bound(self, *args, **kwargs);
                },
                py::name(name.c_str()), py::is_method(owner));
        } else {
            owner.attr(name.c_str()) = py::cpp_function(
                [bound, signatures, name](py::args args, py::kwargs kwargs) -> py::object {
                    signatures.check(CallArgs{args, kwargs});
                    if (passesOut(kwargs))  // 1.13's parser took out=: see Note [out= arguments]
                        return callWithOut(name, args, kwargs, bound);
                    return bound(*args, **kwargs);
                },
                py::name(name.c_str()));
        }
    }
}

}  // namespace agv::python
