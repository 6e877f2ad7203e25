#pragma once
// PyTorch 1.13's own signatures for its torch.* functions and Tensor methods
// (signature_table.inc, written by gen_signature_table.py from 1.13's binary). See
// Note [PyTorch's signatures for every call].

#include <memory>
#include <string_view>

#include "core/python/py_values.h"

namespace agv::python {

class ArgumentParser;
struct SignatureEntry;

/// 1.13's parser for torch.<name> (`method` false) or Tensor.<name>, built on first use.
/// Empty when the table has none: a Python def in 1.13, or a function whose signatures
/// the generator could not pin down.
class PyTorchSignatures {
public:
    PyTorchSignatures(std::string_view name, bool method);

    explicit operator bool() const { return entry_ != nullptr; }

    /// Raises 1.13's TypeError for a call its parser rejects, word for word, before our
    /// binding reads the arguments: a wrong count, an unknown keyword, a wrong type (with
    /// the overload list where 1.13 prints one), a size list with a wrong element. Does
    /// nothing for a call 1.13 accepts, or when empty. A dimension given by name matches
    /// 1.13's named overload, whose kernel then finds no such name on `self` (the method's
    /// receiver; a function's `input`): 1.13's RuntimeError.
    void check(const CallArgs& call, const Tensor* self = nullptr) const;

private:
    const SignatureEntry* entry_ = nullptr;
    mutable std::shared_ptr<const ArgumentParser> parser_;
};

/// Gives every function of `m` and method of `tensorClass` that the table knows, and that
/// no binding checks itself through a PyTorchSignatures, a wrapper that checks its calls
/// first. Called once every binding is registered.
void checkEveryOtherCall(py::module_& m, py::handle tensorClass);

}  // namespace agv::python
