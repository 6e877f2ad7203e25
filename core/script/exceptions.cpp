#include "core/script/exceptions.h"

namespace agv::script {

const char* builtinExcName(BuiltinExc exc)
{
    switch (exc) {
    case BuiltinExc::BaseException: return "BaseException";
    case BuiltinExc::KeyboardInterrupt: return "KeyboardInterrupt";
    case BuiltinExc::Exception: return "Exception";
    case BuiltinExc::ArithmeticError: return "ArithmeticError";
    case BuiltinExc::ZeroDivisionError: return "ZeroDivisionError";
    case BuiltinExc::OverflowError: return "OverflowError";
    case BuiltinExc::AssertionError: return "AssertionError";
    case BuiltinExc::AttributeError: return "AttributeError";
    case BuiltinExc::ImportError: return "ImportError";
    case BuiltinExc::ModuleNotFoundError: return "ModuleNotFoundError";
    case BuiltinExc::LookupError: return "LookupError";
    case BuiltinExc::IndexError: return "IndexError";
    case BuiltinExc::KeyError: return "KeyError";
    case BuiltinExc::NameError: return "NameError";
    case BuiltinExc::UnboundLocalError: return "UnboundLocalError";
    case BuiltinExc::RuntimeError: return "RuntimeError";
    case BuiltinExc::NotImplementedError: return "NotImplementedError";
    case BuiltinExc::RecursionError: return "RecursionError";
    case BuiltinExc::OutOfMemoryError: return "OutOfMemoryError";
    case BuiltinExc::StopIteration: return "StopIteration";
    case BuiltinExc::SyntaxError: return "SyntaxError";
    case BuiltinExc::IndentationError: return "IndentationError";
    case BuiltinExc::TypeError: return "TypeError";
    case BuiltinExc::ValueError: return "ValueError";
    case BuiltinExc::MemoryError: return "MemoryError";
    case BuiltinExc::Warning: return "Warning";
    case BuiltinExc::UserWarning: return "UserWarning";
    case BuiltinExc::DeprecationWarning: return "DeprecationWarning";
    case BuiltinExc::RuntimeWarning: return "RuntimeWarning";
    case BuiltinExc::FutureWarning: return "FutureWarning";
    case BuiltinExc::Count_: break;
    }
    return "Exception";
}

BuiltinExc builtinExcBase(BuiltinExc exc)
{
    switch (exc) {
    case BuiltinExc::BaseException: return BuiltinExc::BaseException;
    case BuiltinExc::KeyboardInterrupt: return BuiltinExc::BaseException;
    case BuiltinExc::Exception: return BuiltinExc::BaseException;
    case BuiltinExc::ArithmeticError: return BuiltinExc::Exception;
    case BuiltinExc::ZeroDivisionError: return BuiltinExc::ArithmeticError;
    case BuiltinExc::OverflowError: return BuiltinExc::ArithmeticError;
    case BuiltinExc::AssertionError: return BuiltinExc::Exception;
    case BuiltinExc::AttributeError: return BuiltinExc::Exception;
    case BuiltinExc::ImportError: return BuiltinExc::Exception;
    case BuiltinExc::ModuleNotFoundError: return BuiltinExc::ImportError;
    case BuiltinExc::LookupError: return BuiltinExc::Exception;
    case BuiltinExc::IndexError: return BuiltinExc::LookupError;
    case BuiltinExc::KeyError: return BuiltinExc::LookupError;
    case BuiltinExc::NameError: return BuiltinExc::Exception;
    case BuiltinExc::UnboundLocalError: return BuiltinExc::NameError;
    case BuiltinExc::RuntimeError: return BuiltinExc::Exception;
    case BuiltinExc::NotImplementedError: return BuiltinExc::RuntimeError;
    case BuiltinExc::RecursionError: return BuiltinExc::RuntimeError;
    case BuiltinExc::OutOfMemoryError: return BuiltinExc::RuntimeError;
    case BuiltinExc::StopIteration: return BuiltinExc::Exception;
    case BuiltinExc::SyntaxError: return BuiltinExc::Exception;
    case BuiltinExc::IndentationError: return BuiltinExc::SyntaxError;
    case BuiltinExc::TypeError: return BuiltinExc::Exception;
    case BuiltinExc::ValueError: return BuiltinExc::Exception;
    case BuiltinExc::MemoryError: return BuiltinExc::Exception;
    case BuiltinExc::Warning: return BuiltinExc::Exception;
    case BuiltinExc::UserWarning: return BuiltinExc::Warning;
    case BuiltinExc::DeprecationWarning: return BuiltinExc::Warning;
    case BuiltinExc::RuntimeWarning: return BuiltinExc::Warning;
    case BuiltinExc::FutureWarning: return BuiltinExc::Warning;
    case BuiltinExc::Count_: break;
    }
    return BuiltinExc::Exception;
}

}  // namespace agv::script
