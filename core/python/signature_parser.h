#pragma once
// PyTorch 1.13's argument parser (torch/csrc/utils/python_arg_parser.cpp and
// invalid_arguments.cpp) for the torch.* functions whose overloads users call with
// keywords: a call is matched against each signature in turn, and a call that matches
// none gets the error PyTorch gives, word for word. See Note [Matching a call to a signature].

#include <pybind11/pybind11.h>

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/device/device.h"
#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::python {

namespace py = pybind11;
struct CallArgs;

/// The keyword arguments of a call in the order PyTorch's messages list them: the order
/// of libstdc++'s std::unordered_map<std::string, PyObject*> that invalid_arguments.cpp
/// fills from the call's dict. See Note [The order of keywords in messages].
std::vector<std::pair<std::string, py::handle>> keywordsInMessageOrder(const CallArgs& call);

/// One parameter of a signature, as native_functions.yaml's Python form writes it:
/// "ScalarType? dtype=None", "IntArrayRef[2] stride", "*" (the rest are keyword-only).
struct SignatureParameter {
    enum class Kind {
        Tensor, Scalar, Int, SymInt, Double, Bool, IntList, SymIntList, DoubleList, TensorList, String, Dimname,
        DimnameList, Dtype, Layout, Device, MemoryFormat, Generator, Object
    };
    Kind kind = Kind::Object;
    std::string name;
    bool optional = false;     // has a default, so it may be left out
    bool allowsNone = false;   // "T?" or "=None"
    bool keywordOnly = false;
    int fixedSize = 0;         // IntArrayRef[N]: a single int stands for N copies
    int index = 0;             // its place in the signature (TensorList errors name it)
    bool numbersAsTensors = false;  // a Tensor parameter that also takes a Python number
    /// What messages call an Object parameter ("tuple of Scalars", "Stream"); any value matches.
    std::string objectTypeName = "object";

    /// "tuple of ints", "torch.dtype": the words PyTorch's messages use.
    std::string typeName() const;
};

/// One overload.
struct FunctionSignature {
    explicit FunctionSignature(std::string_view format);

    std::string name;
    std::vector<SignatureParameter> params;
    size_t minArgs = 0, maxArgs = 0, maxPositional = 0;
    /// "|deprecated" or "|hidden": a call may match it, but messages never list it.
    bool hidden = false;
    bool deprecated = false;

    /// "(tuple of ints size, *, torch.dtype dtype, ...)" as PyTorch 1.13 lists an overload.
    std::string toString() const;
};

/// A call matched to one overload.
class ParsedArguments {
public:
    ParsedArguments(const FunctionSignature& signature, size_t overload, std::vector<py::object> values)
        : signature_(&signature), overload_(overload), values_(std::move(values))
    {
    }

    /// The index of the matched overload in the parser's list.
    size_t overload() const { return overload_; }
    const FunctionSignature& signature() const { return *signature_; }
    /// The argument for parameter `name`: null when it was left out or given as None.
    py::handle operator[](std::string_view name) const;
    bool has(std::string_view name) const { return bool((*this)[name]); }

    /// The conversions of PythonArgs, with their errors.
    IntList intList(std::string_view name) const;
    int64_t toInt(std::string_view name) const;
    double toDouble(std::string_view name) const;
    Scalar scalar(std::string_view name) const;
    bool toBool(std::string_view name, bool fallback) const;
    std::optional<ScalarType> dtype(std::string_view name) const;
    std::optional<Device> device(std::string_view name) const;
    Tensor tensor(std::string_view name) const;
    /// Converts every size list given, for 1.13's error when an element past the first
    /// is not an int ("must be tuple of SymInts, but found element of type float at pos 2").
    void checkSizeLists() const;
    /// The dimension name (a str, or a list of them) 1.13's kernel looks up first: the last
    /// one given, as GCC evaluates `f(dimname_to_position(self, dim0), ...(dim1))` right to
    /// left. A null handle when no name was given.
    py::handle dimnameLookedUpFirst() const;

private:
    size_t indexOf(std::string_view name) const;

    const FunctionSignature* signature_;
    size_t overload_;
    std::vector<py::object> values_;
};

/// The overloads of one function, tried in order.
class ArgumentParser {
public:
    ArgumentParser(std::initializer_list<std::string_view> signatures);
    explicit ArgumentParser(const std::vector<std::string>& signatures);

    /// The first overload the call matches; PyTorch's TypeError when none does. A
    /// deprecated overload gives 1.13's warning, once per process as TORCH_WARN_ONCE does.
    ParsedArguments parse(const CallArgs& args) const;

private:
    void warnDeprecated(const FunctionSignature& used) const;

    std::vector<FunctionSignature> signatures_;
};

/// The body shared by a Tensor method and its torch.* function: `self` is the tensor the
/// method is called on, or the function's `input`.
using ParsedImpl = py::object (*)(const Tensor& self, const ParsedArguments& args);

/// Tensor.<name> bound by `methodSignatures` ("argmax(int64_t? dim=None, bool keepdim=False)")
/// and torch.<name> by `functionSignatures`, which start with the Tensor input (and may
/// add `*, Tensor out=None`), overload for overload in the same order, so that
/// ParsedArguments::overload() means the same in both: each reports its own argument
/// positions, as in PyTorch.
void defParsedMethodAndFunction(py::module_& m, py::handle cls, std::initializer_list<std::string_view> methodSignatures,
                                std::initializer_list<std::string_view> functionSignatures, ParsedImpl impl);

/// 1.13's RuntimeError for a dim given by name: tensors here have no names.
[[noreturn]] void raiseNameNotFound(const Tensor& self, py::handle names);

/// out= is not modelled: a clear NotImplementedError rather than an ignored argument.
void refuseOut(const ParsedArguments& args, const std::string& fn);

}  // namespace agv::python
