#include "core/python/host_hooks.h"

#include <Python.h>
#include <frameobject.h>

#include <string>
#include <unordered_map>
#include <unordered_set>

#include "core/autograd/grad_mode.h"
#include "core/python/bindings.h"
#include "core/python/errors.h"
#include "core/python/py_values.h"
#include "core/trace/sink.h"

namespace agv::python {

namespace {

// One host per process (host.h), so the tracer's state is process-wide. It holds
// raw PyObject references on purpose: they must outlive Py_RunMain's finalisation.
struct TracerState {
    std::string packageDir;
    std::string stdlibDir = AGV_STDLIB_DIR;
    /// filename object -> is it the learner's code? (the key is kept alive by a reference)
    std::unordered_map<PyObject*, bool> userFiles;
    /// per live user frame: variable name -> id of the tensor it last held
    std::unordered_map<PyFrameObject*, std::unordered_map<std::string, uint64_t>> names;
    /// tensors that already carry a name (see labelVariables)
    std::unordered_set<uint64_t> labelled;
    /// parameters named by their module ('0.weight'): a loop variable never renames them
    std::unordered_set<uint64_t> pinned;
    PyObject* linecache = nullptr;
};
TracerState g_tracer;

bool startsWith(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

bool isUserFile(PyObject* filename)
{
    auto it = g_tracer.userFiles.find(filename);
    if (it != g_tracer.userFiles.end())
        return it->second;
    const char* utf8 = PyUnicode_AsUTF8(filename);
    bool user = false;
    if (utf8) {
        const std::string name = utf8;
        user = !name.empty() && name[0] != '<' && !startsWith(name, g_tracer.packageDir) &&
               !startsWith(name, g_tracer.stdlibDir);
    } else {
        PyErr_Clear();
    }
    Py_INCREF(filename);
    g_tracer.userFiles.emplace(filename, user);
    return user;
}

/// Publishes TensorLabeled for every variable of `frame` that now holds a different
/// tensor than at the previous look: Python Tutor's "compare the locals" approach.
/// A script-level name always wins; inside a function a tensor is named only when it
/// has no name yet, so `def f(t)` does not rename the caller's `x` to `t`.
/// An nn.Module bound to a script-level name is called by that name in the graph's
/// frames ("stem (Conv2d)", not "Conv2d (Conv2d)") unless a parent module already gave
/// it its attribute path (`_adopt` in torch/nn/modules/module.py, which overrides this).
void nameTopLevelModule(PyObject* value, PyObject* name)
{
    // Never import from inside the tracer: before torch.nn is loaded there are no modules.
    static PyObject* moduleClass = nullptr;  // both kept for the process's life
    static PyObject* moduleFile = PyUnicode_InternFromString("torch.nn.modules.module");
    if (!moduleClass) {
        PyObject* mod = PyImport_GetModule(moduleFile);
        if (!mod) {
            PyErr_Clear();
            return;
        }
        moduleClass = PyObject_GetAttrString(mod, "Module");
        Py_DECREF(mod);
        if (!moduleClass || !PyType_Check(moduleClass)) {
            PyErr_Clear();
            moduleClass = nullptr;
            return;
        }
    }
    // The type's MRO only: no user __getattr__ or __instancecheck__ runs inside the tracer.
    if (!PyType_IsSubtype(Py_TYPE(value), reinterpret_cast<PyTypeObject*>(moduleClass)))
        return;
    PyObject** dictSlot = _PyObject_GetDictPtr(value);
    if (!dictSlot || !*dictSlot || PyDict_GetItemString(*dictSlot, "_agv_path"))
        return;
    if (PyDict_SetItemString(*dictSlot, "_agv_path", name) < 0)
        PyErr_Clear();
}

void labelVariables(PyFrameObject* frame, PyCodeObject* code)
{
    const bool moduleLevel = PyUnicode_CompareWithASCIIString(code->co_name, "<module>") == 0;
    PyObject* locals = PyFrame_GetLocals(frame);  // for module code: the globals dict
    if (!locals) {
        PyErr_Clear();
        return;
    }
    if (PyDict_Check(locals)) {
        auto& seen = g_tracer.names[frame];
        PyObject* key;
        PyObject* value;
        Py_ssize_t pos = 0;
        while (PyDict_Next(locals, &pos, &key, &value)) {
            if (!PyUnicode_Check(key))
                continue;
            const std::optional<Tensor> tensor = asTensor(value);
            if (!tensor) {
                if (moduleLevel && !PyType_Check(value))
                    nameTopLevelModule(value, key);
                continue;
            }
            const uint64_t id = tensor->id();
            const char* name = PyUnicode_AsUTF8(key);
            if (!name) {
                PyErr_Clear();
                continue;
            }
            auto [it, inserted] = seen.try_emplace(name, id);
            if (!inserted && it->second == id)
                continue;
            it->second = id;
            if (g_tracer.pinned.count(id) || (!g_tracer.labelled.insert(id).second && !moduleLevel))
                continue;
            trace::publish(trace::TensorLabeled{id, name});
        }
    }
    Py_DECREF(locals);
}

/// When a function of the learner's returns, what follows belongs to the line that
/// called it (`y = f(x) * 2`: the multiplication is on the caller's line, not on f's
/// last one), or to the nearest of the learner's lines further out when library code
/// called it (checkpoint(fn, x) finishing its segment after fn returned).
void restoreCallersLine(PyFrameObject* frame)
{
    PyFrameObject* caller = PyFrame_GetBack(frame);
    while (caller) {
        PyCodeObject* code = PyFrame_GetCode(caller);
        const bool user = isUserFile(code->co_filename);
        Py_DECREF(code);
        if (user) {
            trace::setCurrentLine(PyFrame_GetLineNumber(caller));
            Py_DECREF(caller);
            return;
        }
        PyFrameObject* next = PyFrame_GetBack(caller);
        Py_DECREF(caller);
        caller = next;
    }
}

int traceFunction(PyObject*, PyFrameObject* frame, int what, PyObject* returned)
{
    if (what != PyTrace_LINE && what != PyTrace_RETURN)
        return 0;
    PyCodeObject* code = PyFrame_GetCode(frame);
    const bool user = isUserFile(code->co_filename);
    if (user && trace::enabled())
        labelVariables(frame, code);
    Py_DECREF(code);
    if (!user)
        return 0;  // library code never moves the learner's line
    if (what == PyTrace_RETURN) {
        g_tracer.names.erase(frame);
        // An exception leaving the function (nothing returned) keeps its line: the error
        // happened there.
        if (returned)
            restoreCallersLine(frame);
        return 0;
    }
    const int line = PyFrame_GetLineNumber(frame);
    trace::setCurrentLine(line);
    trace::publish(trace::LineReached{line});
    return 0;
}

std::string sourceLine(const std::string& file, int line)
{
    if (!g_tracer.linecache) {
        g_tracer.linecache = PyImport_ImportModule("linecache");
        if (!g_tracer.linecache) {
            PyErr_Clear();
            return {};
        }
    }
    PyObject* text = PyObject_CallMethod(g_tracer.linecache, "getline", "si", file.c_str(), line);
    if (!text) {
        PyErr_Clear();
        return {};
    }
    std::string out;
    if (const char* utf8 = PyUnicode_AsUTF8(text)) {
        out = utf8;
        const size_t first = out.find_first_not_of(" \t\r\n\f");
        const size_t last = out.find_last_not_of(" \t\r\n\f");
        out = first == std::string::npos ? std::string() : out.substr(first, last - first + 1);
    } else {
        PyErr_Clear();
    }
    Py_DECREF(text);
    return out;
}

trace::StackFrame frameOf(PyCodeObject* code, int line)
{
    trace::StackFrame f;
    if (const char* file = PyUnicode_AsUTF8(code->co_filename))
        f.file = file;
    if (const char* name = PyUnicode_AsUTF8(code->co_name))
        f.function = name;
    PyErr_Clear();
    f.line = line;
    f.sourceLine = sourceLine(f.file, line);
    return f;
}

/// The live Python stack, outermost first (traceback.format_stack's order).
trace::StackTrace currentStack()
{
    trace::StackTrace stack;
    PyFrameObject* frame = PyEval_GetFrame();  // borrowed
    Py_XINCREF(frame);
    while (frame) {
        PyCodeObject* code = PyFrame_GetCode(frame);
        stack.push_back(frameOf(code, PyFrame_GetLineNumber(frame)));
        Py_DECREF(code);
        PyFrameObject* back = PyFrame_GetBack(frame);
        Py_DECREF(frame);
        frame = back;
    }
    return {stack.rbegin(), stack.rend()};
}

trace::StackTrace tracebackOf(py::handle tb)
{
    trace::StackTrace stack;
    for (py::handle t = tb; t && !t.is_none(); t = t.attr("tb_next")) {
        py::handle frame = t.attr("tb_frame");
        PyCodeObject* code = PyFrame_GetCode(reinterpret_cast<PyFrameObject*>(frame.ptr()));
        stack.push_back(frameOf(code, t.attr("tb_lineno").cast<int>()));
        Py_DECREF(code);
    }
    return stack;
}

std::string qualifiedTypeName(py::handle type)
{
    const std::string module = py::str(type.attr("__module__"));
    const std::string name = py::str(type.attr("__qualname__"));
    return module == "builtins" || module == "__main__" ? name : module + "." + name;
}

void recordException(py::handle exception)
{
    if (!trace::sink())
        return;
    trace::ErrorRaised event;
    event.exceptionType = qualifiedTypeName(py::type::handle_of(exception));
    event.message = py::str(exception);
    const ErrorFacts facts = errorFacts(exception);
    event.kind = facts.kind;
    event.failingNode = facts.failingNode;
    event.staleTensor = facts.staleTensor;
    event.traceback = tracebackOf(exception.attr("__traceback__"));
    trace::publishAlways(std::move(event));
}

}  // namespace

void bindHostHooks(py::module_& m)
{
    m.def("_is_recording", [] { return trace::sink() != nullptr; });
    m.def("_record_output", [](int stream, const std::string& text) {
        if (trace::sink() && !text.empty())
            trace::publishAlways(trace::Output{stream == 2 ? trace::OutputStream::Stderr : trace::OutputStream::Stdout,
                                               text});
    });
    m.def("_record_exception", &recordException);
    m.def("_label", [](py::handle t, const std::string& name) {
        if (auto tensor = asTensor(t)) {
            g_tracer.pinned.insert(tensor->id());
            if (trace::enabled())
                trace::publish(trace::TensorLabeled{tensor->id(), name});
        }
    });
    m.def("_next_module_id", [] { return nextObjectId(); });
    m.def("_trace_module_enter", [](py::handle module, uint64_t id, const std::string& name) {
        if (trace::enabled())
            trace::publish(trace::ModuleEnter{id, name, py::str(py::type::handle_of(module).attr("__name__"))});
    });
    m.def("_trace_module_exit", [](py::handle, uint64_t id) {
        if (trace::enabled())
            trace::publish(trace::ModuleExit{id});
    });
}

HostSession::HostSession(const HostOptions& options) : m_options(options), m_sink(options.sink)
{
    g_tracer.packageDir = options.packageDir;
}

HostSession::~HostSession()
{
    AnomalyMode::setStackProvider(nullptr);
    trace::setCurrentLine(0);
}

bool HostSession::start()
{
    PyObject* host = PyImport_ImportModule("_agv_host");
    if (host) {
        PyObject* done = PyObject_CallMethod(host, "install", "iis", int(m_options.sink != nullptr),
                                             int(m_options.echoOutput), AGV_DIST_PACKAGES_DIR);
        Py_XDECREF(done);
        Py_DECREF(host);
        if (!done)
            host = nullptr;
    }
    if (!host) {
        PyErr_Print();
        std::fputs("autogradviz: internal error while setting up the script host\n", stderr);
        return false;
    }
    AnomalyMode::setStackProvider(currentStack);
    if (m_options.sink)
        PyEval_SetTrace(traceFunction, nullptr);
    return true;
}

}  // namespace agv::python
