// Exceptions as Python objects: converting C++ errors into them, matching them
// against `except` clauses, and printing tracebacks exactly as CPython 3.11 does
// (minus the ^^^^ position markers).

#include <algorithm>
#include <cstdint>
#include <new>

#include "core/script/interpreter.h"
#include "core/script/syntax_error.h"

namespace agv::script {

namespace {

BuiltinExc builtinFromCore(PyExc exc)
{
    switch (exc) {
    case PyExc::RuntimeError: return BuiltinExc::RuntimeError;
    case PyExc::TypeError: return BuiltinExc::TypeError;
    case PyExc::ValueError: return BuiltinExc::ValueError;
    case PyExc::IndexError: return BuiltinExc::IndexError;
    case PyExc::KeyError: return BuiltinExc::KeyError;
    case PyExc::NotImplementedError: return BuiltinExc::NotImplementedError;
    case PyExc::ZeroDivisionError: return BuiltinExc::ZeroDivisionError;
    case PyExc::AttributeError: return BuiltinExc::AttributeError;
    case PyExc::OutOfMemoryError: return BuiltinExc::OutOfMemoryError;
    }
    return BuiltinExc::RuntimeError;
}

// CPython collapses runs of identical frames after this many.
constexpr int kRecursiveCutoff = 3;

}  // namespace

Ref<ClassObject> Interpreter::exceptionClass(BuiltinExc exc) const
{
    return m_exceptionClasses[static_cast<size_t>(exc)];
}

Value Interpreter::makeException(const Ref<ClassObject>& cls, std::string message)
{
    auto instance = make<InstanceObject>(cls);
    instance->exception = std::make_unique<ExceptionData>();
    std::vector<Value> args;
    args.push_back(makeStr(std::move(message)));
    instance->exception->args = makeTuple(std::move(args));
    return Value(instance);
}

Value Interpreter::makeBuiltinException(BuiltinExc exc, std::string message)
{
    Value e = makeException(exceptionClass(exc), std::move(message));
    attachTraceback(e);
    return e;
}

void Interpreter::raise(BuiltinExc exc, const std::string& message)
{
    throw ScriptException(makeBuiltinException(exc, message));
}

Value Interpreter::exceptionFromCoreError(const agv::Error& error)
{
    Value e = makeException(exceptionClass(builtinFromCore(error.exc())), error.message());
    ExceptionData& data = *e.as<InstanceObject>()->exception;
    data.kind = error.kind();
    data.failingNode = error.failingNode;
    if (error.exc() == PyExc::KeyError)  // KeyError's args hold the key itself
        data.args = makeTuple({makeStr(error.message())});
    attachTraceback(e);
    return e;
}

trace::StackFrame Interpreter::stackFrameOf(const Frame& frame) const
{
    trace::StackFrame sf;
    const SourceFile* source = frame.code ? frame.code->source.get() : nullptr;
    sf.file = source ? source->name : m_fileName;
    sf.line = frame.line;
    sf.function = frame.code ? frame.code->name : "<module>";
    sf.sourceLine = source ? source->strippedLine(frame.line) : sourceLine(frame.line);
    return sf;
}

bool Interpreter::isLibraryFrame(const Frame& frame)
{
    return frame.code && frame.code->source && frame.code->source->library;
}

const Interpreter::Frame* Interpreter::innermostUserFrame() const
{
    for (auto it = m_frames.rbegin(); it != m_frames.rend(); ++it)
        if (!isLibraryFrame(**it))
            return *it;
    return nullptr;
}

std::string SourceFile::strippedLine(int line) const
{
    if (line < 1 || static_cast<size_t>(line) > lines.size())
        return "";
    const std::string& raw = lines[static_cast<size_t>(line - 1)];
    size_t begin = raw.find_first_not_of(" \t\f");
    if (begin == std::string::npos)
        return "";
    size_t end = raw.find_last_not_of(" \t\f\r");
    return raw.substr(begin, end - begin + 1);
}

void Interpreter::attachTraceback(const Value& exception)
{
    if (!exception.is(ObjectKind::Instance) || m_frames.empty())
        return;
    if (ExceptionData* data = exception.as<InstanceObject>()->exception.get())
        data->traceback = {stackFrameOf(*m_frames.back())};
}

void Interpreter::prependTraceback(const Value& exception, const Frame& frame)
{
    if (!exception.is(ObjectKind::Instance))
        return;
    if (ExceptionData* data = exception.as<InstanceObject>()->exception.get())
        data->traceback.insert(data->traceback.begin(), stackFrameOf(frame));
}

void Interpreter::propagateToCaller(const Value& exception)
{
    if (m_frames.size() >= 2)
        prependTraceback(exception, *m_frames[m_frames.size() - 2]);
}

Value Interpreter::exceptionFromCurrent()
{
    try {
        throw;
    } catch (const ScriptException& e) {
        return e.exception();
    } catch (const PyError& e) {
        return makeBuiltinException(e.type(), e.message());
    } catch (const agv::Error& e) {
        return exceptionFromCoreError(e);
    } catch (const ScriptAbort&) {
        throw;
    } catch (const ScriptSyntaxError& e) {
        return makeBuiltinException(BuiltinExc::SyntaxError, e.message);
    } catch (const std::bad_alloc&) {
        return makeBuiltinException(BuiltinExc::MemoryError, "");
    } catch (const std::length_error&) {
        return makeBuiltinException(BuiltinExc::MemoryError, "");
    } catch (const std::exception& e) {
        return makeBuiltinException(BuiltinExc::RuntimeError, std::string("internal error: ") + e.what());
    }
}

bool Interpreter::exceptionMatches(const Value& exception, const Value& handlerType)
{
    if (handlerType.is(ObjectKind::Tuple)) {
        for (const Value& t : handlerType.as<TupleObject>()->items)
            if (exceptionMatches(exception, t))
                return true;
        return false;
    }
    if (!handlerType.is(ObjectKind::Class) || !handlerType.as<ClassObject>()->exceptionBase())
        throw PyError(BuiltinExc::TypeError, "catching classes that do not inherit from BaseException is not allowed");
    return typeOf(exception)->isSubclassOf(handlerType.as<ClassObject>());
}

std::string Interpreter::exceptionTypeName(const ClassObject& cls) const
{
    if (cls.moduleName == "builtins" || cls.moduleName == "__main__")
        return cls.qualname;
    return cls.moduleName + "." + cls.qualname;
}

std::string Interpreter::exceptionMessage(const Value& exception)
{
    auto* inst = exception.as<InstanceObject>();
    if (!inst->exception)
        return str(exception);
    if (!lookupSpecial(exception, "__str__").isEmpty())
        return str(exception);
    const auto& args = inst->exception->args.as<TupleObject>()->items;
    if (args.empty())
        return "";
    if (args.size() == 1) {
        // KeyError shows the repr of the missing key: KeyError: 'k'.
        if (inst->cls->isSubclassOf(exceptionClass(BuiltinExc::KeyError).get()))
            return repr(args[0]);
        return str(args[0]);
    }
    return repr(inst->exception->args);
}

std::string Interpreter::sourceLine(int line) const
{
    if (m_source)
        return m_source->strippedLine(line);
    if (line < 1 || static_cast<size_t>(line) > m_sourceLines.size())
        return "";
    SourceFile file;
    file.lines = {m_sourceLines[static_cast<size_t>(line - 1)]};
    return file.strippedLine(1);
}

void Interpreter::printTraceback(const trace::StackTrace& frames)
{
    std::string text;
    size_t i = 0;
    while (i < frames.size()) {
        size_t run = 1;
        while (i + run < frames.size() && frames[i + run].line == frames[i].line &&
               frames[i + run].function == frames[i].function && frames[i + run].file == frames[i].file)
            ++run;
        size_t shown = std::min(run, static_cast<size_t>(kRecursiveCutoff));
        for (size_t k = 0; k < shown; ++k) {
            const trace::StackFrame& f = frames[i + k];
            text += "  File \"" + f.file + "\", line " + std::to_string(f.line) + ", in " + f.function + "\n";
            if (!f.sourceLine.empty())
                text += "    " + f.sourceLine + "\n";
        }
        if (run > shown) {
            size_t more = run - shown;
            text += "  [Previous line repeated " + std::to_string(more) + " more time" + (more == 1 ? "" : "s") + "]\n";
        }
        i += run;
    }
    writeStderr(text);
}

namespace {

// CPython 3.11's Python/suggestions.c: a Levenshtein distance where changing only
// the case costs 1 and any other edit 2, with the same cut-offs, so the same
// name is suggested.
constexpr size_t kMoveCost = 2;
constexpr size_t kCaseCost = 1;
constexpr size_t kMaxStringSize = 40;
constexpr size_t kMaxCandidateItems = 750;

size_t substitutionCost(char a, char b)
{
    if ((a & 31) != (b & 31))
        return kMoveCost;
    if (a == b)
        return 0;
    if ('A' <= a && a <= 'Z')
        a = char(a + ('a' - 'A'));
    if ('A' <= b && b <= 'Z')
        b = char(b + ('a' - 'A'));
    return a == b ? kCaseCost : kMoveCost;
}

size_t levenshteinDistance(std::string_view a, std::string_view b, size_t maxCost)
{
    while (!a.empty() && !b.empty() && a.front() == b.front()) {
        a.remove_prefix(1);
        b.remove_prefix(1);
    }
    while (!a.empty() && !b.empty() && a.back() == b.back()) {
        a.remove_suffix(1);
        b.remove_suffix(1);
    }
    if (a.empty() || b.empty())
        return (a.size() + b.size()) * kMoveCost;
    if (a.size() > kMaxStringSize || b.size() > kMaxStringSize)
        return maxCost + 1;
    if (b.size() < a.size())
        std::swap(a, b);
    if ((b.size() - a.size()) * kMoveCost > maxCost)
        return maxCost + 1;
    std::vector<size_t> buffer(a.size());
    for (size_t i = 0; i < a.size(); ++i)
        buffer[i] = (i + 1) * kMoveCost;
    size_t result = 0;
    for (size_t bIndex = 0; bIndex < b.size(); ++bIndex) {
        const char code = b[bIndex];
        size_t distance = result = bIndex * kMoveCost;
        size_t minimum = SIZE_MAX;
        for (size_t index = 0; index < a.size(); ++index) {
            const size_t substitute = distance + substitutionCost(code, a[index]);
            distance = buffer[index];
            const size_t insertDelete = std::min(result, distance) + kMoveCost;
            result = std::min(insertDelete, substitute);
            buffer[index] = result;
            minimum = std::min(minimum, result);
        }
        if (minimum > maxCost)
            return maxCost + 1;
    }
    return result;
}

/// The closest candidate to `name`, or "" (calculate_suggestions in CPython).
std::string closestName(const std::string& name, const std::vector<std::string>& candidates)
{
    if (candidates.size() > kMaxCandidateItems)
        return {};
    std::string best;
    size_t bestDistance = SIZE_MAX;
    for (const std::string& item : candidates) {
        if (item == name)
            continue;
        size_t maxDistance = (name.size() + item.size() + 3) * kMoveCost / 6;
        maxDistance = std::min(maxDistance, bestDistance - 1);
        const size_t distance = levenshteinDistance(name, item, maxDistance);
        if (distance > maxDistance)
            continue;
        if (best.empty() || distance < bestDistance) {
            best = item;
            bestDistance = distance;
        }
    }
    return best;
}

}  // namespace

void Interpreter::raiseNameError(const std::string& name)
{
    Value exception = makeBuiltinException(BuiltinExc::NameError, "name '" + name + "' is not defined");
    // Like CPython: the frame's local variable names first, then globals, then builtins.
    std::string suggestion;
    if (!m_frames.empty() && frame().code && frame().code->kind != FunctionCode::Kind::Module) {
        const FunctionCode& code = *frame().code;
        suggestion = closestName(name, std::vector<std::string>(code.slotNames.begin(),
                                                                code.slotNames.begin() + code.firstFreeSlot));
    }
    for (const std::vector<Value>* scope : {&m_globals, &m_builtins}) {
        if (!suggestion.empty())
            break;
        std::vector<std::string> names;
        for (size_t id = 0; id < scope->size() && id < m_names.size(); ++id)
            if (!(*scope)[id].isEmpty() && m_names.name(uint32_t(id)).rfind("_agv_", 0) != 0)  // prelude globals
                names.push_back(m_names.name(uint32_t(id)));
        suggestion = closestName(name, names);
    }
    exception.as<InstanceObject>()->exception->suggestion = suggestion;
    throw ScriptException(exception);
}

void Interpreter::printException(const Value& exception)
{
    // Chained exceptions print oldest first (cause / context), guarding against cycles.
    std::vector<Value> chain{exception};
    std::vector<bool> causedBy;
    while (chain.size() < 100) {
        const Value& last = chain.back();
        ExceptionData* data = last.is(ObjectKind::Instance) ? last.as<InstanceObject>()->exception.get() : nullptr;
        if (!data)
            break;
        Value next;
        bool isCause = false;
        if (!data->cause.isEmpty() && !data->cause.isNone()) {
            next = data->cause;
            isCause = true;
        } else if (!data->suppressContext && !data->context.isEmpty() && !data->context.isNone()) {
            next = data->context;
        }
        if (next.isEmpty())
            break;
        bool seen = false;
        for (const Value& v : chain)
            seen |= v.identical(next);
        if (seen)
            break;
        chain.push_back(next);
        causedBy.push_back(isCause);
    }
    for (size_t i = chain.size(); i-- > 0;) {
        const Value& e = chain[i];
        ExceptionData* data = e.as<InstanceObject>()->exception.get();
        if (data && !data->traceback.empty()) {
            writeStderr("Traceback (most recent call last):\n");
            printTraceback(data->traceback);
        }
        std::string message;
        try {
            message = exceptionMessage(e);
        } catch (...) {
            message = "<exception str() failed>";
        }
        std::string name = exceptionTypeName(*e.as<InstanceObject>()->cls);
        if (data && !data->suggestion.empty() && e.as<InstanceObject>()->cls == exceptionClass(BuiltinExc::NameError))
            message += ". Did you mean: '" + data->suggestion + "'?";
        writeStderr(message.empty() ? name + "\n" : name + ": " + message + "\n");
        if (i > 0)
            writeStderr(causedBy[i - 1]
                            ? "\nThe above exception was the direct cause of the following exception:\n\n"
                            : "\nDuring handling of the above exception, another exception occurred:\n\n");
    }
}

ScriptErrorInfo Interpreter::errorInfo(const Value& exception)
{
    ScriptErrorInfo info;
    auto* inst = exception.as<InstanceObject>();
    info.typeName = exceptionTypeName(*inst->cls);
    try {
        info.message = exceptionMessage(exception);
    } catch (...) {
        info.message = "<exception str() failed>";
    }
    if (inst->exception) {
        info.traceback = inst->exception->traceback;
        info.kind = inst->exception->kind;
        info.failingNode = inst->exception->failingNode;
    }
    info.line = info.traceback.empty() ? 0 : info.traceback.back().line;
    return info;
}

}  // namespace agv::script
