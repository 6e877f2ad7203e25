#pragma once
// How Python exceptions travel through C++.
//
// Two C++ exception types exist:
//  - `PyError` is thrown by helpers that have no interpreter at hand ("raise a
//    TypeError with this text"). It is cheap and carries no traceback.
//  - `ScriptException` carries a real Python exception instance (an InstanceObject
//    whose class derives from BaseException) together with its traceback.
// The interpreter converts PyError (and the core's agv::Error) into ScriptException
// at the nearest frame, try statement or with statement, capturing the traceback
// while the raising frame is still on the stack.
//
// `ScriptAbort` ends a run (cancel, step budget): no `except` clause catches it.

#include <exception>
#include <string>

#include "core/script/value.h"

namespace agv::script {

/// The built-in exception classes (CPython 3.11 hierarchy, minus the ones scripts cannot hit).
enum class BuiltinExc : uint8_t {
    BaseException,
    KeyboardInterrupt,
    Exception,
    ArithmeticError,
    ZeroDivisionError,
    OverflowError,
    AssertionError,
    AttributeError,
    ImportError,
    ModuleNotFoundError,
    LookupError,
    IndexError,
    KeyError,
    NameError,
    UnboundLocalError,
    RuntimeError,
    NotImplementedError,
    RecursionError,
    OutOfMemoryError,  ///< torch.cuda.OutOfMemoryError
    StopIteration,
    SyntaxError,
    IndentationError,
    TypeError,
    ValueError,
    MemoryError,
    Warning,
    UserWarning,
    DeprecationWarning,
    RuntimeWarning,
    FutureWarning,
    Count_,
};

/// Python class name of a built-in exception ("ValueError").
const char* builtinExcName(BuiltinExc exc);
/// Its base class (BaseException is its own base).
BuiltinExc builtinExcBase(BuiltinExc exc);

/// Raise a built-in exception by kind with a message, without an interpreter at hand.
class PyError : public std::exception {
public:
    PyError(BuiltinExc type, std::string message) : m_type(type), m_message(std::move(message)) {}
    BuiltinExc type() const { return m_type; }
    const std::string& message() const { return m_message; }
    const char* what() const noexcept override { return m_message.c_str(); }

private:
    BuiltinExc m_type;
    std::string m_message;
};

/// A Python exception instance in flight (see the file comment).
class ScriptException : public std::exception {
public:
    explicit ScriptException(Value exception) : m_exception(std::move(exception)) {}
    const Value& exception() const { return m_exception; }
    const char* what() const noexcept override { return "Python exception"; }

private:
    Value m_exception;
};

/// Ends the run: cancel or step budget. Not catchable by scripts.
class ScriptAbort : public std::exception {
public:
    ScriptAbort(std::string typeName, std::string message)
        : m_typeName(std::move(typeName)), m_message(std::move(message))
    {
    }
    const std::string& typeName() const { return m_typeName; }
    const std::string& message() const { return m_message; }
    const char* what() const noexcept override { return m_message.c_str(); }

private:
    std::string m_typeName;
    std::string m_message;
};

}  // namespace agv::script
