#pragma once
// The one error type the core throws. It carries the Python exception class the
// script layer re-raises (RuntimeError, TypeError, ...) and PyTorch's exact text.
// Exceptions never cross into Qt code: the ui catches at its boundary.

#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace agv {

/// Python exception classes the core can raise.
enum class PyExc {
    RuntimeError,
    TypeError,
    ValueError,
    IndexError,
    KeyError,
    NotImplementedError,
    ZeroDivisionError,
    AttributeError,
    OutOfMemoryError,  // torch.cuda.OutOfMemoryError, a RuntimeError subclass
    AssertionError,    // CPU-only PyTorch's "Torch not compiled with CUDA enabled"
};

/// Name of the Python class, e.g. "RuntimeError".
const char* pyExcName(PyExc exc);

/// What kind of autograd failure this is, so the GUI can explain it.
enum class ErrorKind {
    Other,
    VersionMismatch,
    BackwardTwice,
    LeafInplace,
    LeafMovedIntoGraph,
    NoGradFn,
    NonScalarImplicitGrad,
    ShapeMismatch,
    InferenceSaved,
    NanDetected,
    OutOfMemory,
    Script,  // a plain Python error raised by the script itself
};

const char* errorKindName(ErrorKind kind);

class Error : public std::runtime_error {
public:
    Error(PyExc exc, std::string message, ErrorKind kind = ErrorKind::Other)
        : std::runtime_error(message), m_exc(exc), m_kind(kind), m_message(std::move(message))
    {
    }

    PyExc exc() const { return m_exc; }
    ErrorKind kind() const { return m_kind; }
    const std::string& message() const { return m_message; }

    /// Node id of the autograd node that failed (0 if none): the GUI highlights it.
    uint64_t failingNode = 0;
    /// Tensor id whose in-place modification made a saved variable stale (0 if none).
    uint64_t staleTensor = 0;

private:
    PyExc m_exc;
    ErrorKind m_kind;
    std::string m_message;
};

namespace detail {
template <typename... Args>
std::string concat(const Args&... args)
{
    std::ostringstream out;
    ((out << args), ...);
    return out.str();
}
}  // namespace detail

}  // namespace agv

/// Raise a Python-style error with a message assembled from the arguments.
#define AGV_RAISE(exc, ...) throw ::agv::Error(::agv::PyExc::exc, ::agv::detail::concat(__VA_ARGS__))
#define AGV_RAISE_KIND(exc, kind, ...) \
    throw ::agv::Error(::agv::PyExc::exc, ::agv::detail::concat(__VA_ARGS__), ::agv::ErrorKind::kind)

/// The one check macro: raises `exc` with the given message unless `cond` holds.
#define AGV_CHECK(cond, exc, ...)       \
    do {                                \
        if (!(cond)) [[unlikely]] {     \
            AGV_RAISE(exc, __VA_ARGS__); \
        }                               \
    } while (false)
