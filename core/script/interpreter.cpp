#include "core/script/interpreter.h"

#include <algorithm>

#include "core/script/format.h"
#include "core/script/parser.h"
#include "core/script/resolver.h"
#include "core/script/stack_guard.h"
#include "core/script/syntax_error.h"
#include "core/trace/sink.h"

namespace agv::script {

namespace {

/// Pushes a frame for its lifetime.
class FrameScope {
public:
    FrameScope(std::vector<Interpreter::Frame*>& frames, Interpreter::Frame* frame) : m_frames(frames)
    {
        m_frames.push_back(frame);
    }
    ~FrameScope() { m_frames.pop_back(); }
    FrameScope(const FrameScope&) = delete;
    FrameScope& operator=(const FrameScope&) = delete;

private:
    std::vector<Interpreter::Frame*>& m_frames;
};

/// Frame slots: small frames live on the C++ stack, big ones on the heap.
class SlotStorage {
public:
    explicit SlotStorage(size_t n)
    {
        if (n > kInline) {
            m_heap = std::make_unique<Value[]>(n);
            m_slots = m_heap.get();
        } else {
            m_slots = m_inline;
        }
    }
    Value* data() { return m_slots; }

private:
    static constexpr size_t kInline = 6;
    Value m_inline[kInline];
    std::unique_ptr<Value[]> m_heap;
    Value* m_slots;
};

std::string pluralArgs(size_t n, const char* what)
{
    return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

std::string joinQuotedNames(const std::vector<std::string>& names)
{
    std::string out;
    for (size_t i = 0; i < names.size(); ++i) {
        if (i > 0)
            out += names.size() == 2 ? " and " : (i + 1 == names.size() ? ", and " : ", ");
        out += "'" + names[i] + "'";
    }
    return out;
}

/// C3 linearisation of a new class's bases.
std::vector<ClassObject*> computeMro(ClassObject* cls)
{
    std::vector<std::vector<ClassObject*>> sequences;
    for (const Ref<ClassObject>& base : cls->bases)
        sequences.push_back(base->mro);
    std::vector<ClassObject*> direct;
    for (const Ref<ClassObject>& base : cls->bases)
        direct.push_back(base.get());
    sequences.push_back(direct);
    std::vector<ClassObject*> result{cls};
    while (true) {
        bool anyLeft = false;
        for (auto& seq : sequences)
            anyLeft |= !seq.empty();
        if (!anyLeft)
            return result;
        ClassObject* candidate = nullptr;
        for (auto& seq : sequences) {
            if (seq.empty())
                continue;
            ClassObject* head = seq.front();
            bool inTail = false;
            for (auto& other : sequences)
                if (std::find(other.begin() + (other.empty() ? 0 : 1), other.end(), head) != other.end())
                    inTail = true;
            if (!inTail) {
                candidate = head;
                break;
            }
        }
        if (!candidate) {
            std::string names;
            for (const Ref<ClassObject>& base : cls->bases)
                names += (names.empty() ? "" : ", ") + base->name;
            throw PyError(BuiltinExc::TypeError,
                          "Cannot create a consistent method resolution order (MRO) for bases " + names);
        }
        result.push_back(candidate);
        for (auto& seq : sequences)
            if (!seq.empty() && seq.front() == candidate)
                seq.erase(seq.begin());
    }
}

}  // namespace

// ================================================================ construction

Interpreter::Interpreter(InterpreterOptions options) : m_options(std::move(options))
{
    installBuiltins();
}

Interpreter::~Interpreter()
{
    // See Note [Teardown breaks cycles]: after this, the members' own references
    // are the last ones, and dropping them frees everything the scripts created.
    ObjectRegistry::Activation active(m_registry);
    m_registry.breakCycles();
}

Ref<ModuleObject> Interpreter::createModule(const std::string& dottedName)
{
    auto it = m_modules.find(dottedName);
    if (it != m_modules.end())
        return it->second;
    auto module = make<ModuleObject>(dottedName);
    m_modules.emplace(dottedName, module);
    return module;
}

Ref<ClassObject> Interpreter::createClass(const std::string& name, const std::string& moduleName,
                                          std::vector<Ref<ClassObject>> bases)
{
    auto cls = make<ClassObject>(name, moduleName);
    if (bases.empty() && m_types.object)
        bases.push_back(m_types.object);
    cls->bases = std::move(bases);
    cls->mro = computeMro(cls.get());
    return cls;
}

Value Interpreter::makeFunction(std::string name, NativeFn fn)
{
    return Value(make<NativeFunctionObject>(std::move(name), std::move(fn)));
}

void Interpreter::setBuiltin(std::string_view name, Value value)
{
    uint32_t id = m_names.intern(name);
    if (m_builtins.size() <= id)
        m_builtins.resize(m_names.size());
    m_builtins[id] = std::move(value);
}

std::optional<Value> Interpreter::global(std::string_view name) const
{
    uint32_t id = m_names.find(name);
    if (id == UINT32_MAX || id >= m_globals.size() || m_globals[id].isEmpty())
        return std::nullopt;
    return m_globals[id];
}

// ================================================================ running

RunResult Interpreter::runLibrary(std::string_view source, const std::string& fileName)
{
    m_runningLibrary = true;
    RunResult result;
    try {
        result = run(source, fileName);
    } catch (...) {
        m_runningLibrary = false;
        throw;
    }
    m_runningLibrary = false;
    return result;
}

RunResult Interpreter::run(std::string_view source, const std::string& fileName)
{
    ObjectRegistry::Activation active(m_registry);
    StackBaseScope stackBase;
    RunResult result;
    m_fileName = fileName;
    m_sourceLines.clear();
    {
        size_t start = 0;
        while (start <= source.size()) {
            size_t end = source.find('\n', start);
            if (end == std::string_view::npos)
                end = source.size();
            std::string_view line = source.substr(start, end - start);
            if (!line.empty() && line.back() == '\r')
                line.remove_suffix(1);
            m_sourceLines.emplace_back(line);
            start = end + 1;
        }
    }

    ModuleAst module;
    try {
        auto file = std::make_shared<SourceFile>();
        file->name = fileName;
        file->lines = m_sourceLines;
        file->library = m_runningLibrary;
        m_source = file;
        module = parseModule(source);
        resolveScopes(module, m_names, m_source);
    } catch (const ScriptSyntaxError& e) {
        std::string text = "  File \"" + m_fileName + "\", line " + std::to_string(e.line) + "\n";
        std::string lineText = sourceLine(e.line);
        std::string raw = e.line >= 1 && static_cast<size_t>(e.line) <= m_sourceLines.size()
                              ? m_sourceLines[static_cast<size_t>(e.line - 1)]
                              : std::string();
        if (!lineText.empty()) {
            text += "    " + lineText + "\n";
            if (e.showCaret) {
                size_t indent = raw.find_first_not_of(" \t\f");
                int caret = e.column - static_cast<int>(indent == std::string::npos ? 0 : indent);
                caret = std::clamp(caret, 0, static_cast<int>(lineText.size()));
                int width = e.endColumn > e.column ? e.endColumn - e.column : 1;
                width = std::max(1, std::min(width, static_cast<int>(lineText.size()) - caret));
                text += "    " + std::string(static_cast<size_t>(caret), ' ') + std::string(static_cast<size_t>(width), '^') + "\n";
            }
        }
        text += e.typeName + ": " + e.message + "\n";
        writeStderr(text);
        ScriptErrorInfo info;
        info.typeName = e.typeName;
        info.message = e.message;
        info.line = e.line;
        info.isSyntaxError = true;
        result.exitCode = 1;
        result.error = std::move(info);
        return result;
    }

    m_codes.push_back(module.code);
    const uint32_t nameId = m_names.intern("__name__");
    m_globals.resize(std::max(m_globals.size(), m_names.size()));
    if (m_builtins.size() < m_names.size())
        m_builtins.resize(m_names.size());
    m_globals[nameId] = makeStr("__main__");

    Frame frame;
    frame.code = module.code.get();
    FrameScope scope(m_frames, &frame);
    m_steps = 0;
    m_running = true;
    m_handling.clear();
    try {
        execBlock(module.code->body);
    } catch (const ScriptAbort& abort) {
        ScriptErrorInfo info;
        info.typeName = abort.typeName();
        info.message = abort.message();
        info.traceback = currentStack();
        info.line = frame.line;
        info.isAbort = true;
        std::string text = "Traceback (most recent call last):\n";
        writeStderr(text);
        printTraceback(info.traceback);
        writeStderr(abort.message().empty() ? abort.typeName() + "\n"
                                            : abort.typeName() + ": " + abort.message() + "\n");
        result.exitCode = 1;
        result.error = std::move(info);
    } catch (...) {
        Value exception;
        try {
            exception = exceptionFromCurrent();
        } catch (const ScriptAbort& abort) {
            exception = makeBuiltinException(BuiltinExc::RuntimeError, abort.message());
        }
        printException(exception);
        result.exitCode = 1;
        result.error = errorInfo(exception);
        if (trace::sink()) {
            trace::ErrorRaised event;
            event.exceptionType = result.error->typeName;
            event.message = result.error->message;
            event.kind = result.error->kind;
            event.failingNode = result.error->failingNode;
            event.traceback = result.error->traceback;
            trace::publish(std::move(event));
        }
    }
    m_running = false;
    m_handling.clear();
    trace::setCurrentLine(0);
    return result;
}

void Interpreter::tick()
{
    if (++m_steps > m_options.stepBudget) [[unlikely]]
        throw ScriptAbort("RuntimeError", "step budget of " + std::to_string(m_options.stepBudget) +
                                              " statements exceeded (possible infinite loop)");
    if ((m_steps & 1023) == 0 && m_options.cancelFlag &&
        m_options.cancelFlag->load(std::memory_order_relaxed)) [[unlikely]]
        throw ScriptAbort("KeyboardInterrupt", "");
}

trace::StackTrace Interpreter::currentStack() const
{
    trace::StackTrace stack;
    stack.reserve(m_frames.size());
    for (const Frame* f : m_frames)
        stack.push_back(stackFrameOf(*f));
    return stack;
}

int Interpreter::currentLine() const { return m_frames.empty() ? 0 : m_frames.back()->line; }

void Interpreter::writeStdout(std::string_view text)
{
    if (text.empty())
        return;
    if (m_options.writeStdout)
        m_options.writeStdout(text);
    if (trace::sink())
        trace::publish(trace::Output{trace::OutputStream::Stdout, std::string(text)});
}

void Interpreter::writeStderr(std::string_view text)
{
    if (text.empty())
        return;
    if (m_options.writeStderr)
        m_options.writeStderr(text);
    if (trace::sink())
        trace::publish(trace::Output{trace::OutputStream::Stderr, std::string(text)});
}

void Interpreter::warn(std::string_view category, std::string_view message)
{
    // Like warnings.warn(stacklevel=...): blame the user's line, not library code.
    const Frame* user = innermostUserFrame();
    const int line = user ? user->line : currentLine();
    const std::string fileName = user && user->code && user->code->source ? user->code->source->name : m_fileName;
    std::string key = std::to_string(line) + "\n" + std::string(category) + "\n" + std::string(message);
    if (!m_warningsShown.insert(key).second)
        return;
    std::string text = fileName + ":" + std::to_string(line) + ": " + std::string(category) + ": " +
                       std::string(message) + "\n";
    std::string src = user && user->code && user->code->source ? user->code->source->strippedLine(line)
                                                               : sourceLine(line);
    if (!src.empty())
        text += "  " + src + "\n";
    writeStderr(text);
}

// ================================================================ statements

Interpreter::Flow Interpreter::execBlock(const StmtList& body)
{
    for (const StmtPtr& stmt : body) {
        Flow flow = execStmt(*stmt);
        if (flow != Flow::Normal)
            return flow;
    }
    return Flow::Normal;
}

namespace {

void markLine(Interpreter& in, int line)
{
    in.frame().line = line;
    if (Interpreter::isLibraryFrame(in.frame()))
        return;  // the learner's current line stays at the call into library code
    trace::setCurrentLine(line);
    if (trace::sink())
        trace::publish(trace::LineReached{line});
}

void bindCell(Interpreter::Frame& frame, const FunctionCode& code)
{
    for (int i = 0; i < code.firstFreeSlot; ++i)
        if (code.cellSlots[static_cast<size_t>(i)])
            frame.slotValues[i] = Value(make<CellObject>(std::move(frame.slotValues[i])));
}

Value makeFunctionObject(Interpreter& in, const std::shared_ptr<FunctionCode>& code, const ParameterDefaults& d)
{
    auto fn = make<FunctionObject>(code);
    for (const ExprPtr& e : d.defaults)
        fn->defaults.push_back(in.eval(*e));
    for (const ExprPtr& e : d.kwDefaults)
        fn->kwDefaults.push_back(e ? in.eval(*e) : Value());
    Interpreter::Frame& frame = in.frame();
    for (int source : code->freeVarSources) {
        Value& slot = frame.slotValues[source];
        fn->closure.push_back(slot.is(ObjectKind::Cell) ? Ref<CellObject>(slot.as<CellObject>())
                                                        : make<CellObject>());
    }
    return Value(fn);
}

Value applyDecorators(Interpreter& in, const std::vector<ExprPtr>& decorators, Value value)
{
    std::vector<Value> evaluated;
    for (const ExprPtr& d : decorators)
        evaluated.push_back(in.eval(*d));
    for (size_t i = evaluated.size(); i-- > 0;) {
        CallArgs args({value});
        value = in.callValue(evaluated[i], args);
    }
    return value;
}

__attribute__((noinline)) Interpreter::Flow execClassDef(Interpreter& in, const ClassDefStmt& s)
{
    std::vector<Ref<ClassObject>> bases;
    for (const ExprPtr& b : s.bases) {
        Value base = in.eval(*b);
        if (!base.is(ObjectKind::Class))
            throw PyError(BuiltinExc::TypeError, "bases must be types");
        auto* cls = base.as<ClassObject>();
        switch (cls->builtinType) {
        case BuiltinType::None:
        case BuiltinType::Object:
        case BuiltinType::BaseException: break;
        default:
            throw PyError(BuiltinExc::TypeError, "subclassing the built-in type '" + cls->name +
                                                     "' is not supported by this interpreter");
        }
        bases.push_back(Ref<ClassObject>(cls));
    }
    auto cls = in.createClass(s.name, "__main__", std::move(bases));
    cls->qualname = s.code->qualname;

    const FunctionCode& code = *s.code;
    SlotStorage storage(static_cast<size_t>(code.numSlots()));
    Interpreter::Frame frame;
    frame.code = &code;
    frame.slotValues = storage.data();
    frame.classNamespace = &cls->dict;
    Interpreter::Frame& outer = in.frame();
    for (size_t j = 0; j < code.freeVarSources.size(); ++j)
        frame.slotValues[static_cast<size_t>(code.firstFreeSlot) + j] = outer.slotValues[code.freeVarSources[j]];
    cls->dict["__module__"] = in.makeStr("__main__");
    cls->dict["__qualname__"] = in.makeStr(code.qualname);
    {
        FrameScope scope(in.m_frames, &frame);
        frame.line = s.line;
        try {
            in.execBlock(code.body);
        } catch (const ScriptException& e) {
            in.propagateToCaller(e.exception());
            throw;
        } catch (const ScriptAbort&) {
            throw;
        } catch (...) {
            Value exception = in.exceptionFromCurrent();
            in.propagateToCaller(exception);
            throw ScriptException(exception);
        }
    }
    for (auto& [name, value] : cls->dict) {
        if (value.is(ObjectKind::Function))
            value.as<FunctionObject>()->ownerClass = cls;
        if (value.is(ObjectKind::Property)) {
            auto* p = value.as<PropertyObject>();
            for (const Value* f : std::initializer_list<const Value*>{&p->getter, &p->setter})
                if (f->is(ObjectKind::Function))
                    f->as<FunctionObject>()->ownerClass = cls;
        }
    }
    Value result = applyDecorators(in, s.decorators, Value(cls));
    in.storeName(*s.target, result);
    return Interpreter::Flow::Normal;
}

__attribute__((noinline)) Interpreter::Flow execFor(Interpreter& in, const ForStmt& s)
{
    Value iterable = in.eval(*s.iter);
    Ref<IteratorObject> it = in.getIterator(iterable);
    Value item;
    while (true) {
        in.frame().line = s.line;
        if (!in.iterNext(*it, item))
            break;
        in.assignTarget(*s.target, item);
        Interpreter::Flow flow = in.execBlock(s.body);
        if (flow == Interpreter::Flow::Break)
            return Interpreter::Flow::Normal;
        if (flow == Interpreter::Flow::Return)
            return flow;
    }
    return in.execBlock(s.orElse);
}

__attribute__((noinline)) Interpreter::Flow execWhile(Interpreter& in, const WhileStmt& s)
{
    bool first = true;
    while (true) {
        if (!first) {
            in.tick();
            markLine(in, s.line);
        }
        first = false;
        if (!in.truthy(in.eval(*s.test)))
            break;
        Interpreter::Flow flow = in.execBlock(s.body);
        if (flow == Interpreter::Flow::Break)
            return Interpreter::Flow::Normal;
        if (flow == Interpreter::Flow::Return)
            return flow;
    }
    return in.execBlock(s.orElse);
}

/// Calls __exit__ (or the host's exit) with the exception in flight (None if none).
bool callExit(Interpreter& in, const Value& manager, const Value& exitMethod, const Value& exception)
{
    if (manager.is(ObjectKind::Host)) {
        auto result = static_cast<HostObject*>(manager.object())->exit(in, exception);
        return result.value_or(false);
    }
    CallArgs args;
    if (exception.isNone())
        args.positional = {Value::none(), Value::none(), Value::none()};
    else
        args.positional = {Value(in.typeOf(exception)), exception, Value::none()};
    return in.truthy(in.callValue(exitMethod, args));
}

Interpreter::Flow execWithItem(Interpreter& in, const WithStmt& s, size_t index)
{
    const WithItem& item = s.items[index];
    Value manager = in.eval(*item.context);
    Value exitMethod;
    Value entered;
    if (manager.is(ObjectKind::Host)) {
        auto* host = static_cast<HostObject*>(manager.object());
        auto result = host->enter(in);
        if (!result)
            throw PyError(BuiltinExc::TypeError,
                          "'" + host->typeName() + "' object does not support the context manager protocol");
        entered = *result;
    } else {
        Value enter = in.lookupSpecial(manager, "__enter__");
        exitMethod = in.lookupSpecial(manager, "__exit__");
        if (enter.isEmpty() || exitMethod.isEmpty())
            throw PyError(BuiltinExc::TypeError,
                          "'" + in.typeName(manager) + "' object does not support the context manager protocol");
        CallArgs none;
        entered = in.callValue(enter, none);
    }
    Interpreter::Flow flow;
    try {
        if (item.target)
            in.assignTarget(*item.target, entered);
        flow = index + 1 < s.items.size() ? execWithItem(in, s, index + 1) : in.execBlock(s.body);
    } catch (const ScriptAbort&) {
        throw;
    } catch (...) {
        Value exception = in.exceptionFromCurrent();
        in.m_handling.push_back(exception);
        bool suppress;
        try {
            suppress = callExit(in, manager, exitMethod, exception);
        } catch (...) {
            in.m_handling.pop_back();
            throw;
        }
        in.m_handling.pop_back();
        if (!suppress)
            throw ScriptException(exception);
        return Interpreter::Flow::Normal;
    }
    callExit(in, manager, exitMethod, Value::none());
    return flow;
}

__attribute__((noinline)) Interpreter::Flow execTry(Interpreter& in, const TryStmt& s)
{
    Interpreter::Flow flow = Interpreter::Flow::Normal;
    std::exception_ptr pending;
    try {
        bool raised = false;
        Value exception;
        try {
            flow = in.execBlock(s.body);
        } catch (const ScriptAbort&) {
            throw;
        } catch (...) {
            raised = true;
            exception = in.exceptionFromCurrent();
        }
        if (raised) {
            const ExceptHandler* handler = nullptr;
            for (const ExceptHandler& h : s.handlers) {
                in.frame().line = h.line;
                if (!h.type || in.exceptionMatches(exception, in.eval(*h.type))) {
                    handler = &h;
                    break;
                }
            }
            if (!handler)
                throw ScriptException(exception);
            if (handler->name)
                in.storeName(*handler->name, exception);
            in.m_handling.push_back(exception);
            try {
                flow = in.execBlock(handler->body);
            } catch (const ScriptAbort&) {
                in.m_handling.pop_back();
                throw;
            } catch (...) {
                in.m_handling.pop_back();
                Value inner = in.exceptionFromCurrent();
                // An exception raised while handling another one remembers it (__context__).
                if (!inner.identical(exception) && inner.is(ObjectKind::Instance)) {
                    ExceptionData* data = inner.as<InstanceObject>()->exception.get();
                    if (data && data->context.isEmpty())
                        data->context = exception;
                }
                throw ScriptException(inner);
            }
            in.m_handling.pop_back();
            if (handler->name) {
                // Python deletes the `as` name when the handler ends.
                const NameExpr& n = *handler->name;
                in.storeName(n, Value());
            }
        } else if (flow == Interpreter::Flow::Normal) {
            flow = in.execBlock(s.orElse);
        }
    } catch (const ScriptAbort&) {
        throw;
    } catch (...) {
        if (s.finalBody.empty())
            throw;
        pending = std::make_exception_ptr(ScriptException(in.exceptionFromCurrent()));
    }
    if (!s.finalBody.empty()) {
        Value savedReturn = in.frame().returnValue;
        Interpreter::Flow finalFlow = in.execBlock(s.finalBody);
        if (finalFlow != Interpreter::Flow::Normal)
            return finalFlow;  // break/continue/return in finally discards the exception
        in.frame().returnValue = savedReturn;
        if (pending)
            std::rethrow_exception(pending);
    }
    return flow;
}

Value resolveExceptionValue(Interpreter& in, Value v)
{
    if (v.is(ObjectKind::Class)) {
        auto* cls = v.as<ClassObject>();
        if (!cls->exceptionBase())
            throw PyError(BuiltinExc::TypeError, "exceptions must derive from BaseException");
        CallArgs none;
        v = in.instantiate(Ref<ClassObject>(cls), none);
    }
    if (!v.is(ObjectKind::Instance) || !v.as<InstanceObject>()->exception)
        throw PyError(BuiltinExc::TypeError, "exceptions must derive from BaseException");
    return v;
}

__attribute__((noinline)) Interpreter::Flow execRaise(Interpreter& in, const RaiseStmt& s)
{
    if (!s.exception) {
        if (in.m_handling.empty())
            throw PyError(BuiltinExc::RuntimeError, "No active exception to reraise");
        throw ScriptException(in.m_handling.back());
    }
    Value exception = resolveExceptionValue(in, in.eval(*s.exception));
    ExceptionData& data = *exception.as<InstanceObject>()->exception;
    if (s.cause) {
        Value cause = in.eval(*s.cause);
        if (cause.isNone())
            data.cause = Value::none();
        else
            data.cause = resolveExceptionValue(in, cause);
        data.suppressContext = true;
    }
    if (!in.m_handling.empty() && !in.m_handling.back().identical(exception) && data.context.isEmpty())
        data.context = in.m_handling.back();
    if (data.traceback.empty())
        in.attachTraceback(exception);
    else
        in.prependTraceback(exception, in.frame());
    throw ScriptException(exception);
}

__attribute__((noinline)) Interpreter::Flow execImport(Interpreter& in, const ImportStmt& s)
{
    auto findModule = [&](const std::string& dotted) -> Ref<ModuleObject> {
        // CPython reports the first missing package: `import os.path` -> No module named 'os'.
        Ref<ModuleObject> parent;
        size_t pos = 0;
        while (true) {
            size_t dot = dotted.find('.', pos);
            std::string prefix = dotted.substr(0, dot);
            auto it = in.m_modules.find(prefix);
            if (it == in.m_modules.end())
                throw PyError(BuiltinExc::ModuleNotFoundError, "No module named '" + prefix + "'");
            if (parent && !parent->attrs.count(prefix.substr(prefix.rfind('.') + 1)))
                parent->attrs[prefix.substr(prefix.rfind('.') + 1)] = Value(it->second);
            parent = it->second;
            if (dot == std::string::npos)
                return parent;
            pos = dot + 1;
        }
    };
    if (s.kind == StmtKind::Import) {
        for (const ImportAlias& alias : s.names) {
            Ref<ModuleObject> module = findModule(alias.name);
            if (alias.asName.empty())
                in.storeName(*alias.target, Value(in.m_modules[alias.name.substr(0, alias.name.find('.'))]));
            else
                in.storeName(*alias.target, Value(module));
        }
        return Interpreter::Flow::Normal;
    }
    if (s.level > 0)
        throw PyError(BuiltinExc::ImportError, "attempted relative import with no known parent package");
    Ref<ModuleObject> module = findModule(s.module);
    for (const ImportAlias& alias : s.names) {
        if (alias.name == "*") {
            throw PyError(BuiltinExc::ImportError, "'from " + s.module + " import *' is not supported by this interpreter");
        }
        auto it = module->attrs.find(alias.name);
        if (it != module->attrs.end()) {
            in.storeName(*alias.target, it->second);
            continue;
        }
        auto sub = in.m_modules.find(s.module + "." + alias.name);
        if (sub != in.m_modules.end()) {
            in.storeName(*alias.target, Value(sub->second));
            continue;
        }
        throw PyError(BuiltinExc::ImportError,
                      "cannot import name '" + alias.name + "' from '" + s.module + "' (unknown location)");
    }
    return Interpreter::Flow::Normal;
}

void deleteTarget(Interpreter& in, const Expr& target)
{
    switch (target.kind) {
    case ExprKind::Name: {
        auto& n = static_cast<const NameExpr&>(target);
        in.loadName(n);  // raises NameError / UnboundLocalError when unbound
        in.storeName(n, Value());
        break;
    }
    case ExprKind::Subscript: {
        auto& s = static_cast<const SubscriptExpr&>(target);
        Value container = in.eval(*s.value);
        in.delItem(container, in.eval(*s.index));
        break;
    }
    case ExprKind::Attribute: {
        auto& a = static_cast<const AttributeExpr&>(target);
        in.delAttr(in.eval(*a.value), a.attr);
        break;
    }
    case ExprKind::Tuple:
    case ExprKind::List:
        for (const ExprPtr& item : static_cast<const SequenceExpr&>(target).elements)
            deleteTarget(in, *item);
        break;
    default: throw PyError(BuiltinExc::SyntaxError, "cannot delete expression");
    }
}

__attribute__((noinline)) Interpreter::Flow execAugAssign(Interpreter& in, const AugAssignStmt& s)
{
    switch (s.target->kind) {
    case ExprKind::Name: {
        auto& n = static_cast<const NameExpr&>(*s.target);
        Value old = in.loadName(n);
        Value rhs = in.eval(*s.value);
        in.storeName(n, in.inplaceOp(s.op, old, rhs));
        break;
    }
    case ExprKind::Attribute: {
        auto& a = static_cast<const AttributeExpr&>(*s.target);
        Value object = in.eval(*a.value);
        Value old = in.getAttr(object, a.attr);
        Value rhs = in.eval(*s.value);
        in.setAttr(object, a.attr, in.inplaceOp(s.op, old, rhs));
        break;
    }
    case ExprKind::Subscript: {
        auto& sub = static_cast<const SubscriptExpr&>(*s.target);
        Value container = in.eval(*sub.value);
        Value index = in.eval(*sub.index);
        Value old = in.getItem(container, index);
        Value rhs = in.eval(*s.value);
        in.setItem(container, index, in.inplaceOp(s.op, old, rhs));
        break;
    }
    default: throw PyError(BuiltinExc::SyntaxError, "illegal expression for augmented assignment");
    }
    return Interpreter::Flow::Normal;
}

}  // namespace

Interpreter::Flow Interpreter::execStmt(const Stmt& stmt)
{
    tick();
    checkStack();
    markLine(*this, stmt.line);
    switch (stmt.kind) {
    case StmtKind::Expr: eval(*static_cast<const ExprStmt&>(stmt).value); return Flow::Normal;
    case StmtKind::Assign: {
        auto& s = static_cast<const AssignStmt&>(stmt);
        Value value = eval(*s.value);
        for (const ExprPtr& target : s.targets)
            assignTarget(*target, value);
        return Flow::Normal;
    }
    case StmtKind::AugAssign: return execAugAssign(*this, static_cast<const AugAssignStmt&>(stmt));
    case StmtKind::If: {
        auto& s = static_cast<const IfStmt&>(stmt);
        if (truthy(eval(*s.test)))
            return execBlock(s.body);
        return execBlock(s.orElse);
    }
    case StmtKind::While: return execWhile(*this, static_cast<const WhileStmt&>(stmt));
    case StmtKind::For: return execFor(*this, static_cast<const ForStmt&>(stmt));
    case StmtKind::Break: return Flow::Break;
    case StmtKind::Continue: return Flow::Continue;
    case StmtKind::Pass: return Flow::Normal;
    case StmtKind::Return: {
        auto& s = static_cast<const ReturnStmt&>(stmt);
        frame().returnValue = s.value ? eval(*s.value) : Value::none();
        return Flow::Return;
    }
    case StmtKind::FunctionDef: {
        auto& s = static_cast<const FunctionDefStmt&>(stmt);
        Value fn = makeFunctionObject(*this, s.code, s.defaults);
        storeName(*s.target, applyDecorators(*this, s.decorators, fn));
        return Flow::Normal;
    }
    case StmtKind::ClassDef: return execClassDef(*this, static_cast<const ClassDefStmt&>(stmt));
    case StmtKind::With: return execWithItem(*this, static_cast<const WithStmt&>(stmt), 0);
    case StmtKind::Try: return execTry(*this, static_cast<const TryStmt&>(stmt));
    case StmtKind::Raise: return execRaise(*this, static_cast<const RaiseStmt&>(stmt));
    case StmtKind::Assert: {
        auto& s = static_cast<const AssertStmt&>(stmt);
        if (!truthy(eval(*s.test))) {
            std::vector<Value> args;
            if (s.message)
                args.push_back(eval(*s.message));
            CallArgs callArgs(std::move(args));
            Value exception = instantiate(exceptionClass(BuiltinExc::AssertionError), callArgs);
            attachTraceback(exception);
            throw ScriptException(exception);
        }
        return Flow::Normal;
    }
    case StmtKind::Delete:
        for (const ExprPtr& target : static_cast<const DeleteStmt&>(stmt).targets)
            deleteTarget(*this, *target);
        return Flow::Normal;
    case StmtKind::Import:
    case StmtKind::ImportFrom: return execImport(*this, static_cast<const ImportStmt&>(stmt));
    case StmtKind::Global:
    case StmtKind::Nonlocal: return Flow::Normal;
    }
    return Flow::Normal;
}

// ================================================================ names and targets

Value Interpreter::loadName(const NameExpr& n)
{
    switch (n.scope) {
    case NameScope::Fast: {
        const Value& v = frame().slotValues[n.slot];
        if (v.isEmpty()) [[unlikely]]
            throw PyError(BuiltinExc::UnboundLocalError,
                          "cannot access local variable '" + n.id + "' where it is not associated with a value");
        return v;
    }
    case NameScope::Deref: {
        const Value& cell = frame().slotValues[n.slot];
        const Value& v = cell.as<CellObject>()->value;
        if (v.isEmpty()) [[unlikely]] {
            if (n.slot < frame().code->firstFreeSlot)
                throw PyError(BuiltinExc::UnboundLocalError, "cannot access local variable '" + n.id +
                                                                 "' where it is not associated with a value");
            throw PyError(BuiltinExc::NameError, "cannot access free variable '" + n.id +
                                                     "' where it is not associated with a value in enclosing scope");
        }
        return v;
    }
    case NameScope::ClassBody: {
        StringMap<Value>* ns = frame().classNamespace;
        if (ns) {
            auto it = ns->find(n.id);
            if (it != ns->end())
                return it->second;
        }
        [[fallthrough]];
    }
    case NameScope::Global:
    case NameScope::Unresolved: {
        if (n.nameId < m_globals.size() && !m_globals[n.nameId].isEmpty())
            return m_globals[n.nameId];
        if (n.nameId < m_builtins.size() && !m_builtins[n.nameId].isEmpty())
            return m_builtins[n.nameId];
        raiseNameError(n.id);
    }
    }
    return Value::none();
}

void Interpreter::storeName(const NameExpr& n, const Value& value)
{
    switch (n.scope) {
    case NameScope::Fast: frame().slotValues[n.slot] = value; break;
    case NameScope::Deref: frame().slotValues[n.slot].as<CellObject>()->value = value; break;
    case NameScope::ClassBody:
        if (StringMap<Value>* ns = frame().classNamespace) {
            if (value.isEmpty())
                ns->erase(n.id);
            else
                (*ns)[n.id] = value;
            break;
        }
        [[fallthrough]];
    case NameScope::Global:
    case NameScope::Unresolved:
        if (m_globals.size() <= n.nameId)
            m_globals.resize(m_names.size());
        m_globals[n.nameId] = value;
        break;
    }
    if (m_assignHook && value.is(ObjectKind::Host) && !isLibraryFrame(frame()))
        m_assignHook(*this, n.id, value);
}

void Interpreter::assignTarget(const Expr& target, const Value& value)
{
    switch (target.kind) {
    case ExprKind::Name: storeName(static_cast<const NameExpr&>(target), value); return;
    case ExprKind::Attribute: {
        auto& a = static_cast<const AttributeExpr&>(target);
        setAttr(eval(*a.value), a.attr, value);
        return;
    }
    case ExprKind::Subscript: {
        auto& s = static_cast<const SubscriptExpr&>(target);
        Value container = eval(*s.value);
        Value index = eval(*s.index);
        setItem(container, index, value);
        return;
    }
    case ExprKind::Tuple:
    case ExprKind::List: {
        const auto& targets = static_cast<const SequenceExpr&>(target).elements;
        std::vector<Value> items;
        if (value.is(ObjectKind::Tuple))
            items = value.as<TupleObject>()->items;
        else if (value.is(ObjectKind::List))
            items = value.as<ListObject>()->items;
        else {
            if (!tryLength(value) && value.isNumber())
                throw PyError(BuiltinExc::TypeError, "cannot unpack non-iterable " + typeName(value) + " object");
            items = iterate(value);
        }
        size_t starIndex = targets.size();
        for (size_t i = 0; i < targets.size(); ++i)
            if (targets[i]->kind == ExprKind::Starred)
                starIndex = i;
        if (starIndex == targets.size()) {
            if (items.size() < targets.size())
                throw PyError(BuiltinExc::ValueError, "not enough values to unpack (expected " +
                                                          std::to_string(targets.size()) + ", got " +
                                                          std::to_string(items.size()) + ")");
            if (items.size() > targets.size())
                throw PyError(BuiltinExc::ValueError,
                              "too many values to unpack (expected " + std::to_string(targets.size()) + ")");
            for (size_t i = 0; i < targets.size(); ++i)
                assignTarget(*targets[i], items[i]);
            return;
        }
        size_t after = targets.size() - starIndex - 1;
        if (items.size() < targets.size() - 1)
            throw PyError(BuiltinExc::ValueError, "not enough values to unpack (expected at least " +
                                                      std::to_string(targets.size() - 1) + ", got " +
                                                      std::to_string(items.size()) + ")");
        for (size_t i = 0; i < starIndex; ++i)
            assignTarget(*targets[i], items[i]);
        std::vector<Value> middle(items.begin() + static_cast<ptrdiff_t>(starIndex),
                                  items.end() - static_cast<ptrdiff_t>(after));
        assignTarget(*static_cast<const StarredExpr&>(*targets[starIndex]).value, makeList(std::move(middle)));
        for (size_t i = 0; i < after; ++i)
            assignTarget(*targets[starIndex + 1 + i], items[items.size() - after + i]);
        return;
    }
    case ExprKind::Starred:
        throw PyError(BuiltinExc::SyntaxError, "starred assignment target must be in a list or tuple");
    default: throw PyError(BuiltinExc::SyntaxError, "cannot assign to expression");
    }
}

// ================================================================ calls

Value Interpreter::callFunction(FunctionObject& fn, CallArgs& args, const Value* self)
{
    const FunctionCode& code = *fn.code;
    if (static_cast<int>(m_frames.size()) >= m_options.recursionLimit)
        throw PyError(BuiltinExc::RecursionError, "maximum recursion depth exceeded");
    checkStack();

    SlotStorage storage(static_cast<size_t>(code.numSlots()));
    Value* slots = storage.data();
    const size_t nParams = code.params.size();
    const size_t selfCount = self ? 1 : 0;
    const size_t given = selfCount + args.positional.size();
    auto positional = [&](size_t i) -> const Value& { return self && i == 0 ? *self : args.positional[i - selfCount]; };
    for (size_t i = 0; i < std::min(given, nParams); ++i)
        slots[i] = positional(i);
    size_t slot = nParams + code.kwOnlyParams.size();
    if (!code.varArgs.empty()) {
        std::vector<Value> rest;
        for (size_t i = nParams; i < given; ++i)
            rest.push_back(positional(i));
        slots[slot++] = makeTuple(std::move(rest));
    } else if (given > nParams) {
        size_t required = nParams - fn.defaults.size();
        std::string takes = required == nParams ? pluralArgs(nParams, "positional argument")
                                                : "from " + std::to_string(required) + " to " +
                                                      pluralArgs(nParams, "positional argument");
        throw PyError(BuiltinExc::TypeError, code.qualname + "() takes " + takes + " but " + std::to_string(given) +
                                                 (given == 1 ? " was" : " were") + " given");
    }
    Ref<DictObject> kwargs;
    if (!code.varKwArgs.empty()) {
        kwargs = make<DictObject>();
        slots[slot] = Value(kwargs);
    }
    for (auto& [name, value] : args.keywords) {
        size_t index = SIZE_MAX;
        for (size_t i = 0; i < nParams; ++i)
            if (code.params[i] == name) {
                index = i;
                break;
            }
        if (index == SIZE_MAX)
            for (size_t i = 0; i < code.kwOnlyParams.size(); ++i)
                if (code.kwOnlyParams[i] == name) {
                    index = nParams + i;
                    break;
                }
        if (index == SIZE_MAX) {
            if (!kwargs)
                throw PyError(BuiltinExc::TypeError,
                              code.qualname + "() got an unexpected keyword argument '" + name + "'");
            kwargs->dict.set(makeStr(name), value);
            continue;
        }
        if (!slots[index].isEmpty())
            throw PyError(BuiltinExc::TypeError,
                          code.qualname + "() got multiple values for argument '" + name + "'");
        slots[index] = value;
    }
    const size_t firstDefault = nParams - fn.defaults.size();
    std::vector<std::string> missing;
    for (size_t i = 0; i < nParams; ++i) {
        if (!slots[i].isEmpty())
            continue;
        if (i >= firstDefault)
            slots[i] = fn.defaults[i - firstDefault];
        else
            missing.push_back(code.params[i]);
    }
    if (!missing.empty())
        throw PyError(BuiltinExc::TypeError, code.qualname + "() missing " +
                                                 pluralArgs(missing.size(), "required positional argument") + ": " +
                                                 joinQuotedNames(missing));
    for (size_t i = 0; i < code.kwOnlyParams.size(); ++i) {
        Value& v = slots[nParams + i];
        if (v.isEmpty()) {
            if (i < fn.kwDefaults.size() && !fn.kwDefaults[i].isEmpty())
                v = fn.kwDefaults[i];
            else
                missing.push_back(code.kwOnlyParams[i]);
        }
    }
    if (!missing.empty())
        throw PyError(BuiltinExc::TypeError, code.qualname + "() missing " +
                                                 pluralArgs(missing.size(), "required keyword-only argument") + ": " +
                                                 joinQuotedNames(missing));

    Frame frame;
    frame.code = &code;
    frame.slotValues = slots;
    frame.function = &fn;
    frame.line = code.line;
    bindCell(frame, code);
    for (size_t j = 0; j < fn.closure.size(); ++j)
        slots[static_cast<size_t>(code.firstFreeSlot) + j] = Value(fn.closure[j]);

    FrameScope scope(m_frames, &frame);
    try {
        if (code.lambdaBody)
            return eval(*code.lambdaBody);
        if (execBlock(code.body) == Flow::Return)
            return std::move(frame.returnValue);
        return Value::none();
    } catch (const ScriptException& e) {
        propagateToCaller(e.exception());
        throw;
    } catch (const ScriptAbort&) {
        throw;
    } catch (...) {
        // Converted here, while this frame is still on the stack, so the traceback includes it.
        Value exception = exceptionFromCurrent();
        propagateToCaller(exception);
        throw ScriptException(exception);
    }
}

Value Interpreter::callValue(const Value& callable, CallArgs& args)
{
    Object* obj = callable.object();
    if (!obj)
        throw PyError(BuiltinExc::TypeError, "'" + typeName(callable) + "' object is not callable");
    switch (obj->kind()) {
    case ObjectKind::Function: return callFunction(*static_cast<FunctionObject*>(obj), args, nullptr);
    case ObjectKind::NativeFunction: return static_cast<NativeFunctionObject*>(obj)->fn(*this, args);
    case ObjectKind::BoundMethod: {
        auto* bound = static_cast<BoundMethodObject*>(obj);
        if (bound->function.is(ObjectKind::Function))
            return callFunction(*bound->function.as<FunctionObject>(), args, &bound->self);
        args.positional.insert(args.positional.begin(), bound->self);
        return callValue(bound->function, args);
    }
    case ObjectKind::Class: return instantiate(Ref<ClassObject>(static_cast<ClassObject*>(obj)), args);
    case ObjectKind::Instance: {
        Value method = lookupSpecial(callable, "__call__");
        if (method.isEmpty())
            break;
        return callValue(method, args);
    }
    case ObjectKind::Host: {
        auto result = static_cast<HostObject*>(obj)->call(*this, args);
        if (result)
            return *result;
        break;
    }
    default: break;
    }
    throw PyError(BuiltinExc::TypeError, "'" + typeName(callable) + "' object is not callable");
}

Value Interpreter::call(const Value& callable, CallArgs args) { return callValue(callable, args); }

Value Interpreter::callMethod(const Value& self, std::string_view name, CallArgs args)
{
    Value method = getAttr(self, name);
    return callValue(method, args);
}

Value Interpreter::instantiate(const Ref<ClassObject>& cls, CallArgs& args)
{
    if (cls->constructor)
        return cls->constructor(*this, args);
    for (ClassObject* c : cls->mro)
        if (c->constructor && c->builtinType != BuiltinType::Object && c->builtinType != BuiltinType::BaseException)
            throw PyError(BuiltinExc::TypeError, "cannot create '" + cls->name + "' instances from a script subclass");
    auto instance = make<InstanceObject>(cls);
    Value self(instance);
    if (cls->exceptionBase()) {
        instance->exception = std::make_unique<ExceptionData>();
        instance->exception->args = makeTuple(args.positional);
    }
    for (ClassObject* c : cls->mro)
        if (c->initInstance) {
            c->initInstance(*this, *instance);
            break;
        }
    const Value* init = cls->lookup("__init__");
    if (init && init->is(ObjectKind::Function)) {
        Value result = callFunction(*init->as<FunctionObject>(), args, &self);
        if (!result.isNone())
            throw PyError(BuiltinExc::TypeError, "__init__() should return None, not '" + typeName(result) + "'");
    } else if (init && init->is(ObjectKind::NativeFunction)) {
        auto* native = init->as<NativeFunctionObject>();
        if (native->name == "object.__init__") {
            if (!args.positional.empty() || !args.keywords.empty())
                throw PyError(BuiltinExc::TypeError, cls->name + "() takes no arguments");
        } else {
            args.positional.insert(args.positional.begin(), self);
            native->fn(*this, args);
        }
    } else if (init) {
        CallArgs withSelf = args;
        withSelf.positional.insert(withSelf.positional.begin(), self);
        callValue(*init, withSelf);
    }
    return self;
}

// ================================================================ expressions

namespace {

void collectArguments(Interpreter& in, const CallExpr& e, CallArgs& args)
{
    args.positional.reserve(e.args.size());
    for (const ExprPtr& a : e.args) {
        if (a->kind == ExprKind::Starred) {
            Value v = in.eval(*static_cast<const StarredExpr&>(*a).value);
            if (v.isNumber() || v.isNone())
                throw PyError(BuiltinExc::TypeError, "Value after * must be an iterable, not " + in.typeName(v));
            for (Value& item : in.iterate(v))
                args.positional.push_back(std::move(item));
        } else {
            args.positional.push_back(in.eval(*a));
        }
    }
    for (const Keyword& k : e.keywords) {
        if (!k.name.empty()) {
            args.keywords.emplace_back(k.name, in.eval(*k.value));
            continue;
        }
        Value mapping = in.eval(*k.value);
        if (!mapping.is(ObjectKind::Dict))
            throw PyError(BuiltinExc::TypeError, "argument after ** must be a mapping, not " + in.typeName(mapping));
        for (const ValueDict::Entry& entry : mapping.as<DictObject>()->dict.entries()) {
            if (entry.key.isEmpty())
                continue;
            if (!entry.key.isStr())
                throw PyError(BuiltinExc::TypeError, "keywords must be strings");
            if (args.keyword(entry.key.str()))
                throw PyError(BuiltinExc::TypeError,
                              "got multiple values for keyword argument '" + entry.key.str() + "'");
            args.keywords.emplace_back(entry.key.str(), entry.value);
        }
    }
}

__attribute__((noinline)) Value evalCall(Interpreter& in, const CallExpr& e)
{
    // Method calls skip building a bound-method object when the attribute is a
    // plain function found on the instance's class.
    if (e.func->kind == ExprKind::Attribute) {
        auto& attr = static_cast<const AttributeExpr&>(*e.func);
        Value self = in.eval(*attr.value);
        if (self.is(ObjectKind::Instance)) {
            auto* instance = self.as<InstanceObject>();
            if (!instance->attrs.count(attr.attr)) {
                const Value* found = instance->cls->lookup(attr.attr);
                if (found && found->is(ObjectKind::Function)) {
                    Value function = *found;
                    CallArgs args;
                    collectArguments(in, e, args);
                    in.frame().line = e.line;
                    return in.callFunction(*function.as<FunctionObject>(), args, &self);
                }
            }
        }
        Value function = in.getAttr(self, attr.attr);
        CallArgs args;
        collectArguments(in, e, args);
        in.frame().line = e.line;
        return in.callValue(function, args);
    }
    Value function = in.eval(*e.func);
    CallArgs args;
    collectArguments(in, e, args);
    in.frame().line = e.line;
    return in.callValue(function, args);
}

void comprehensionLoop(Interpreter& in, const ComprehensionExpr& e, size_t level, IteratorObject& it,
                       const std::function<void()>& emit)
{
    const ComprehensionFor& clause = e.generators[level];
    Value item;
    while (in.iterNext(it, item)) {
        in.assignTarget(*clause.target, item);
        bool keep = true;
        for (const ExprPtr& cond : clause.conditions)
            if (!in.truthy(in.eval(*cond))) {
                keep = false;
                break;
            }
        if (!keep)
            continue;
        if (level + 1 == e.generators.size()) {
            emit();
        } else {
            Ref<IteratorObject> inner = in.getIterator(in.eval(*e.generators[level + 1].iter));
            comprehensionLoop(in, e, level + 1, *inner, emit);
        }
    }
}

__attribute__((noinline)) Value evalComprehension(Interpreter& in, const ComprehensionExpr& e)
{
    Ref<IteratorObject> first = in.getIterator(in.eval(*e.generators.front().iter));
    const FunctionCode& code = *e.code;
    if (static_cast<int>(in.m_frames.size()) >= in.m_options.recursionLimit)
        throw PyError(BuiltinExc::RecursionError, "maximum recursion depth exceeded");
    SlotStorage storage(static_cast<size_t>(code.numSlots()));
    Interpreter::Frame frame;
    frame.code = &code;
    frame.slotValues = storage.data();
    frame.line = e.line;
    Interpreter::Frame& outer = in.frame();
    bindCell(frame, code);
    for (size_t j = 0; j < code.freeVarSources.size(); ++j)
        frame.slotValues[static_cast<size_t>(code.firstFreeSlot) + j] = outer.slotValues[code.freeVarSources[j]];

    FrameScope scope(in.m_frames, &frame);
    try {
        if (e.kind == ExprKind::DictComp) {
            auto dict = make<DictObject>();
            comprehensionLoop(in, e, 0, *first, [&] {
                Value key = in.eval(*e.element);
                dict->dict.set(key, in.eval(*e.value));
            });
            return Value(dict);
        }
        if (e.kind == ExprKind::SetComp) {
            auto set = make<SetObject>();
            comprehensionLoop(in, e, 0, *first, [&] { set->dict.set(in.eval(*e.element), Value::none()); });
            return Value(set);
        }
        auto list = make<ListObject>();
        comprehensionLoop(in, e, 0, *first, [&] {
            list->items.push_back(in.eval(*e.element));
            if (static_cast<int64_t>(list->items.size()) > in.m_options.maxSequenceLength)
                throw PyError(BuiltinExc::MemoryError, "list too large");
        });
        if (e.kind == ExprKind::ListComp)
            return Value(list);
        // Generator expressions are evaluated eagerly; the result iterates like a generator.
        auto it = make<IteratorObject>(IteratorObject::Source::Sequence, Value(list));
        it->generator = true;
        return Value(it);
    } catch (const ScriptException& e) {
        in.propagateToCaller(e.exception());
        throw;
    } catch (const ScriptAbort&) {
        throw;
    } catch (...) {
        Value exception = in.exceptionFromCurrent();
        in.propagateToCaller(exception);
        throw ScriptException(exception);
    }
}

__attribute__((noinline)) Value evalFString(Interpreter& in, const FStringExpr& e)
{
    std::string out;
    for (const FStringPart& part : e.parts) {
        if (!part.expr) {
            out += part.literal;
            continue;
        }
        Value v = in.eval(*part.expr);
        if (part.conversion == 'r' || part.conversion == 'a')
            v = in.makeStr(in.repr(v));
        else if (part.conversion == 's')
            v = in.makeStr(in.str(v));
        std::string spec;
        if (part.formatSpec)
            spec = in.eval(*part.formatSpec).str();
        out += in.formatValue(v, spec);
    }
    return in.makeStr(std::move(out));
}

__attribute__((noinline)) Value evalDisplay(Interpreter& in, const Expr& e)
{
    switch (e.kind) {
    case ExprKind::List:
    case ExprKind::Tuple:
    case ExprKind::Set: {
        std::vector<Value> items;
        for (const ExprPtr& element : static_cast<const SequenceExpr&>(e).elements) {
            if (element->kind == ExprKind::Starred) {
                for (Value& v : in.iterate(in.eval(*static_cast<const StarredExpr&>(*element).value)))
                    items.push_back(std::move(v));
            } else {
                items.push_back(in.eval(*element));
            }
        }
        if (e.kind == ExprKind::List)
            return in.makeList(std::move(items));
        if (e.kind == ExprKind::Tuple)
            return in.makeTuple(std::move(items));
        auto set = make<SetObject>();
        for (const Value& v : items)
            set->dict.set(v, Value::none());
        return Value(set);
    }
    case ExprKind::Dict: {
        auto& d = static_cast<const DictExpr&>(e);
        auto dict = make<DictObject>();
        for (size_t i = 0; i < d.keys.size(); ++i) {
            if (!d.keys[i]) {
                Value mapping = in.eval(*d.values[i]);
                if (!mapping.is(ObjectKind::Dict))
                    throw PyError(BuiltinExc::TypeError, "'" + in.typeName(mapping) + "' object is not a mapping");
                for (const ValueDict::Entry& entry : mapping.as<DictObject>()->dict.entries())
                    if (!entry.key.isEmpty())
                        dict->dict.set(entry.key, entry.value);
                continue;
            }
            Value key = in.eval(*d.keys[i]);
            dict->dict.set(key, in.eval(*d.values[i]));
        }
        return Value(dict);
    }
    default: return Value::none();
    }
}

__attribute__((noinline)) Value evalCompare(Interpreter& in, const CompareExpr& e)
{
    Value left = in.eval(*e.left);
    Value result;
    for (size_t i = 0; i < e.ops.size(); ++i) {
        Value right = in.eval(*e.comparators[i]);
        result = in.compare(e.ops[i], left, right);
        if (i + 1 < e.ops.size() && !in.truthy(result))
            return result;
        left = std::move(right);
    }
    return result;
}

__attribute__((noinline)) Value evalSlice(Interpreter& in, const SliceExpr& e)
{
    Value lower = e.lower ? in.eval(*e.lower) : Value::none();
    Value upper = e.upper ? in.eval(*e.upper) : Value::none();
    Value step = e.step ? in.eval(*e.step) : Value::none();
    return Value(make<SliceObject>(std::move(lower), std::move(upper), std::move(step)));
}

}  // namespace

Value Interpreter::eval(const Expr& expr)
{
    checkStack();
    switch (expr.kind) {
    case ExprKind::Constant: return static_cast<const ConstantExpr&>(expr).value;
    case ExprKind::Name: return loadName(static_cast<const NameExpr&>(expr));
    case ExprKind::FString: return evalFString(*this, static_cast<const FStringExpr&>(expr));
    case ExprKind::List:
    case ExprKind::Tuple:
    case ExprKind::Set:
    case ExprKind::Dict: return evalDisplay(*this, expr);
    case ExprKind::ListComp:
    case ExprKind::SetComp:
    case ExprKind::DictComp:
    case ExprKind::GeneratorExp: return evalComprehension(*this, static_cast<const ComprehensionExpr&>(expr));
    case ExprKind::Unary: {
        auto& e = static_cast<const UnaryExpr&>(expr);
        Value operand = eval(*e.operand);
        if (e.op == UnaryOp::Not)
            return Value::fromBool(!truthy(operand));
        return unaryOp(e.op, operand);
    }
    case ExprKind::Binary: {
        auto& e = static_cast<const BinaryExpr&>(expr);
        Value left = eval(*e.left);
        Value right = eval(*e.right);
        return binaryOp(e.op, left, right);
    }
    case ExprKind::BoolOp: {
        auto& e = static_cast<const BoolOpExpr&>(expr);
        Value v;
        for (const ExprPtr& operand : e.values) {
            v = eval(*operand);
            if (truthy(v) != e.isAnd)
                return v;
        }
        return v;
    }
    case ExprKind::Compare: return evalCompare(*this, static_cast<const CompareExpr&>(expr));
    case ExprKind::IfExp: {
        auto& e = static_cast<const IfExpExpr&>(expr);
        return truthy(eval(*e.test)) ? eval(*e.body) : eval(*e.orElse);
    }
    case ExprKind::Lambda: {
        auto& e = static_cast<const LambdaExpr&>(expr);
        return makeFunctionObject(*this, e.code, e.defaults);
    }
    case ExprKind::Call: return evalCall(*this, static_cast<const CallExpr&>(expr));
    case ExprKind::Attribute: {
        auto& e = static_cast<const AttributeExpr&>(expr);
        return getAttr(eval(*e.value), e.attr);
    }
    case ExprKind::Subscript: {
        auto& e = static_cast<const SubscriptExpr&>(expr);
        Value container = eval(*e.value);
        return getItem(container, eval(*e.index));
    }
    case ExprKind::Slice: return evalSlice(*this, static_cast<const SliceExpr&>(expr));
    case ExprKind::Starred: throw PyError(BuiltinExc::SyntaxError, "can't use starred expression here");
    }
    return Value::none();
}

Value Interpreter::makeList(std::vector<Value> items) { return Value(make<ListObject>(std::move(items))); }
Value Interpreter::makeTuple(std::vector<Value> items) { return Value(make<TupleObject>(std::move(items))); }
Value Interpreter::makeStr(std::string s) { return Value(make<StrObject>(std::move(s))); }

}  // namespace agv::script
