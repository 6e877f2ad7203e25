#pragma once
// The script interpreter: runs a Python-subset module over its AST.
//
// Host integration (the torch binding):
//  - native modules: `createModule("torch.nn")` returns a ModuleObject whose attrs
//    the host fills; `import torch.nn as nn` resolves only through these.
//  - native functions: `makeFunction(name, fn)`; fn receives (Interpreter&, CallArgs&).
//  - host objects: subclass HostObject (host_object.h) for tensors, dtypes, ...
//  - host classes: `createClass(name, module)` gives a ClassObject whose dict holds
//    native methods (they receive `self` as first positional argument). Scripts
//    may subclass it (`class Net(nn.Module)`); dunders such as __setattr__,
//    __getattr__ and __call__ defined natively intercept attribute access and calls
//    on instances, and `initInstance` attaches native state before __init__ runs.
//  - hooks: `setAssignHook` is told when a name is bound to a host object (the
//    binding emits TensorLabeled); `currentStack()` gives the Python call stack.
//
// One interpreter runs on one thread at a time; values are not thread-safe.

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/script/ast.h"
#include "core/script/call_args.h"
#include "core/script/exceptions.h"
#include "core/script/host_object.h"
#include "core/script/name_table.h"
#include "core/script/objects.h"
#include "core/trace/event.h"

namespace agv::script {

struct InterpreterOptions {
    /// Receives everything `print` writes. Defaults to discarding.
    std::function<void(std::string_view)> writeStdout;
    /// Receives tracebacks and warnings. Defaults to discarding.
    std::function<void(std::string_view)> writeStderr;
    /// Maximum number of statements (and loop iterations) one run may execute.
    uint64_t stepBudget = 50'000'000;
    /// Set to true (from any thread) to stop the run with KeyboardInterrupt.
    const std::atomic<bool>* cancelFlag = nullptr;
    /// Maximum depth of the Python call stack, like sys.getrecursionlimit().
    int recursionLimit = 1000;
    /// Largest list/str a single operation may build (guards `[0] * 10**10`).
    int64_t maxSequenceLength = 100'000'000;
};

/// How a run ended, for the GUI and tests.
struct ScriptErrorInfo {
    std::string typeName;  ///< as printed: "RuntimeError", "torch.cuda.OutOfMemoryError"
    std::string message;   ///< str(exception)
    trace::StackTrace traceback;  ///< outermost frame first; empty for syntax errors
    ErrorKind kind = ErrorKind::Script;
    uint64_t failingNode = 0;
    int line = 0;  ///< the line of the innermost frame (or of the syntax error)
    bool isSyntaxError = false;
    bool isAbort = false;  ///< cancel or step budget
};

struct RunResult {
    int exitCode = 0;  ///< 0 on success, 1 on an uncaught exception (as `python3 demo.py`)
    std::optional<ScriptErrorInfo> error;
};

class Interpreter {
public:
    explicit Interpreter(InterpreterOptions options = {});
    ~Interpreter();
    Interpreter(const Interpreter&) = delete;
    Interpreter& operator=(const Interpreter&) = delete;

    // ------------------------------------------------------------ host setup

    /// Creates (or returns the existing) native module `dottedName`, importable by scripts.
    /// Parent packages must be created too for `import a.b` to bind `a`.
    Ref<ModuleObject> createModule(const std::string& dottedName);
    /// Creates a class (host or helper) living in `moduleName`, with optional bases.
    Ref<ClassObject> createClass(const std::string& name, const std::string& moduleName,
                                 std::vector<Ref<ClassObject>> bases = {});
    /// Wraps a native function as a script value.
    Value makeFunction(std::string name, NativeFn fn);
    /// Defines or replaces a builtin name (visible in every script unless shadowed).
    void setBuiltin(std::string_view name, Value value);

    /// Called whenever a script binds `name` to a host object (assignment, for target,
    /// with-as, import...). The torch binding emits TensorLabeled from it.
    using AssignHook = std::function<void(Interpreter&, std::string_view name, const Value& value)>;
    void setAssignHook(AssignHook hook) { m_assignHook = std::move(hook); }

    // ------------------------------------------------------------ running

    /// Parses and runs a module. Uncaught exceptions and syntax errors are printed
    /// to stderr exactly as CPython 3.11 prints them, and reported in the result.
    /// Globals persist across runs on the same interpreter.
    RunResult run(std::string_view source, const std::string& fileName = "<string>");
    /// Runs library code (e.g. the torch.nn prelude): its frames appear in tracebacks
    /// under `fileName`, but it never reports lines, labels or warnings as the user's.
    RunResult runLibrary(std::string_view source, const std::string& fileName);

    /// The Python call stack, outermost first (what anomaly mode records).
    trace::StackTrace currentStack() const;
    /// The line the innermost frame is executing (0 outside a run).
    int currentLine() const;
    /// Emits a Python warning like warnings.warn(message, category) from the script
    /// line currently executing: "demo.py:12: UserWarning: message\n  source\n",
    /// once per (location, category, message).
    void warn(std::string_view category, std::string_view message);

    void writeStdout(std::string_view text);
    void writeStderr(std::string_view text);

    // ------------------------------------------------------------ services for native code

    Value call(const Value& callable, CallArgs args);
    Value callMethod(const Value& self, std::string_view name, CallArgs args);
    Value getAttr(const Value& object, std::string_view name);
    /// Like getAttr but returns nullopt instead of raising AttributeError.
    std::optional<Value> findAttr(const Value& object, std::string_view name);
    void setAttr(const Value& object, std::string_view name, const Value& value);
    /// object.__setattr__: stores into the instance dict without any hook.
    static void genericSetAttr(InstanceObject& instance, std::string_view name, const Value& value);
    std::string repr(const Value& value);
    std::string str(const Value& value);
    bool truthy(const Value& value);
    std::string typeName(const Value& value);
    Ref<ClassObject> typeOf(const Value& value);
    bool isInstance(const Value& value, const ClassObject* cls);
    bool equals(const Value& a, const Value& b);
    Value binaryOp(BinaryOp op, const Value& a, const Value& b);
    Value getItem(const Value& container, const Value& key);
    /// Materialises any iterable into a vector (lists, tuples, ranges, host iterables...).
    std::vector<Value> iterate(const Value& iterable);
    /// Python-style index conversion (int, bool, or __index__ of host objects).
    int64_t toIndex(const Value& value);
    /// float(x) semantics for numbers and host objects.
    double toDouble(const Value& value);
    /// A global of the running module (nullopt if unbound).
    std::optional<Value> global(std::string_view name) const;

    /// The class object of a built-in exception, e.g. to expose torch.cuda.OutOfMemoryError.
    Ref<ClassObject> exceptionClass(BuiltinExc exc) const;
    /// Builds an exception instance of `cls` with the given message.
    Value makeException(const Ref<ClassObject>& cls, std::string message);
    /// Raises a built-in exception from native code with a traceback at the current line.
    [[noreturn]] void raise(BuiltinExc exc, const std::string& message);
    /// NameError for `name`, with CPython's suggestion among the visible names.
    [[noreturn]] void raiseNameError(const std::string& name);

    /// Built-in classes, for host classes deriving from them (e.g. object).
    Ref<ClassObject> objectClass() const { return m_types.object; }

    // The remainder is the interpreter's machinery, public so that the parts of the
    // implementation split over several files can reach it; hosts do not need it.
public:
    enum class Flow : uint8_t { Normal, Break, Continue, Return };

    struct Frame {
        const FunctionCode* code = nullptr;
        Value* slotValues = nullptr;
        int line = 0;
        StringMap<Value>* classNamespace = nullptr;  ///< class bodies only
        FunctionObject* function = nullptr;          ///< for zero-argument super()
        Value returnValue;
    };

    struct BuiltinTypes {
        Ref<ClassObject> object, type, noneType, boolType, intType, floatType, strType, listType, tupleType, dictType,
            setType, rangeType, sliceType, function, builtinFunction, method, module, iterator, superType,
            propertyType, ellipsisType, notImplementedType;
    };

    // Execution (interpreter.cpp)
    Flow execBlock(const StmtList& body);
    Flow execStmt(const Stmt& stmt);
    Value eval(const Expr& expr);
    Value callFunction(FunctionObject& fn, CallArgs& args, const Value* self);
    Value callValue(const Value& callable, CallArgs& args);
    void assignTarget(const Expr& target, const Value& value);
    void storeName(const NameExpr& name, const Value& value);
    Value loadName(const NameExpr& name);
    Frame& frame() { return *m_frames.back(); }
    void tick();

    // Object protocol (operations.cpp)
    Value unaryOp(UnaryOp op, const Value& v);
    Value compare(CompareOp op, const Value& a, const Value& b);
    bool lessThan(const Value& a, const Value& b);
    bool contains(const Value& container, const Value& item);
    void setItem(const Value& container, const Value& key, const Value& value);
    void delItem(const Value& container, const Value& key);
    void delAttr(const Value& object, std::string_view name);
    Value inplaceOp(BinaryOp op, const Value& a, const Value& b);
    Ref<IteratorObject> getIterator(const Value& iterable);
    bool iterNext(IteratorObject& it, Value& out);
    int64_t length(const Value& v);
    std::optional<int64_t> tryLength(const Value& v);
    std::string formatValue(const Value& v, std::string_view spec);
    std::string percentFormat(const std::string& format, const Value& args);
    std::string strFormatMethod(const std::string& format, CallArgs& args);
    Value lookupSpecial(const Value& obj, std::string_view name);
    Value bindIfFunction(const Value& attr, const Value& self);
    Value instantiate(const Ref<ClassObject>& cls, CallArgs& args);
    Value makeList(std::vector<Value> items);
    Value makeTuple(std::vector<Value> items);
    Value makeStr(std::string s);
    Ref<ClassObject> hostClassFor(const HostObject& host);

    // Exceptions and tracebacks (traceback.cpp)
    Value exceptionFromCurrent();  ///< call inside catch(...): converts to a Python exception
    Value makeBuiltinException(BuiltinExc exc, std::string message);
    Value exceptionFromCoreError(const agv::Error& error);
    /// Starts the traceback of a new exception at the current frame.
    void attachTraceback(const Value& exception);
    /// Records that `exception` propagates through `frame` (CPython adds each frame
    /// an exception unwinds through to the front of its traceback).
    void prependTraceback(const Value& exception, const Frame& frame);
    /// The exception leaves the innermost frame for its caller.
    void propagateToCaller(const Value& exception);
    trace::StackFrame stackFrameOf(const Frame& frame) const;
    bool exceptionMatches(const Value& exception, const Value& handlerType);
    std::string exceptionTypeName(const ClassObject& cls) const;
    std::string exceptionMessage(const Value& exception);
    void printException(const Value& exception);
    void printTraceback(const trace::StackTrace& frames);
    std::string sourceLine(int line) const;
    /// Innermost frame running user (non-library) code, or nullptr.
    const Frame* innermostUserFrame() const;
    static bool isLibraryFrame(const Frame& frame);
    ScriptErrorInfo errorInfo(const Value& exception);

    // Builtins (builtins.cpp)
    void installBuiltins();
    void installTypeMethods();
    void installExceptions();

    /// First member: constructed before, and destroyed after, every value the others hold.
    ObjectRegistry m_registry;
    InterpreterOptions m_options;
    NameTable m_names;
    std::vector<Value> m_globals;
    std::vector<Value> m_builtins;
    StringMap<Ref<ModuleObject>> m_modules;
    std::vector<Frame*> m_frames;
    std::vector<std::shared_ptr<const FunctionCode>> m_codes;  ///< keeps every run's AST alive
    BuiltinTypes m_types;
    Ref<ClassObject> m_exceptionClasses[static_cast<size_t>(BuiltinExc::Count_)];
    StringMap<Ref<ClassObject>> m_hostClasses;  ///< synthesised classes for HostObject type names
    Value m_ellipsis;
    Value m_notImplemented;
    AssignHook m_assignHook;
    std::string m_fileName = "<string>";
    bool m_runningLibrary = false;
    std::shared_ptr<const SourceFile> m_source;
    std::vector<std::string> m_sourceLines;
    std::vector<Value> m_handling;  ///< exceptions being handled (innermost last)
    std::set<std::string> m_warningsShown;
    std::vector<const Object*> m_reprStack;  ///< guards repr of self-containing containers
    uint64_t m_steps = 0;
    bool m_running = false;
};

}  // namespace agv::script
