// The interpreter: exact CPython error texts, syntax error carets, tracebacks, the
// host extension API (native modules, host objects, host base classes, hooks),
// limits (step budget, cancel, recursion, nesting), trace events and speed.

// Core headers come first: core/trace/sink.h declares a function named `emit`,
// which Qt defines as a macro.
#include "core/error.h"
#include "core/script/interpreter.h"
#include "core/trace/recording.h"

#include <QTest>

using namespace agv::script;

namespace {

struct Outcome {
    std::string out;
    std::string err;
    RunResult result;
};

Outcome runScript(const std::string& source, InterpreterOptions options = {},
                  const std::function<void(Interpreter&)>& setup = {})
{
    Outcome o;
    options.writeStdout = [&o](std::string_view t) { o.out += t; };
    options.writeStderr = [&o](std::string_view t) { o.err += t; };
    Interpreter interp(options);
    if (setup)
        setup(interp);
    o.result = interp.run(source, "demo.py");
    return o;
}

QString lastLine(const std::string& text)
{
    QStringList lines = QString::fromStdString(text).split('\n', Qt::SkipEmptyParts);
    return lines.isEmpty() ? QString() : lines.last();
}

/// A host value with operators, an in-place hook, methods and iteration: stands in
/// for torch.Tensor.
class FakeTensor : public HostObject {
public:
    explicit FakeTensor(double v) : value(v) {}
    double value;
    int inplaceCalls = 0;

    std::string typeName() const override { return "Tensor"; }
    std::string repr(Interpreter&) override { return "tensor(" + std::to_string(static_cast<int>(value)) + ")"; }

    std::optional<Value> binaryOp(Interpreter&, BinaryOp op, const Value& other, bool reflected) override
    {
        double o = other.is(ObjectKind::Host) ? other.as<FakeTensor>()->value : other.isNumber() ? other.toDouble() : NAN;
        if (std::isnan(o))
            return std::nullopt;
        double a = reflected ? o : value, b = reflected ? value : o;
        switch (op) {
        case BinaryOp::Add: return Value(make<FakeTensor>(a + b));
        case BinaryOp::Sub: return Value(make<FakeTensor>(a - b));
        case BinaryOp::Mul:
        case BinaryOp::MatMul: return Value(make<FakeTensor>(a * b));
        default: return std::nullopt;
        }
    }
    std::optional<Value> inplaceOp(Interpreter&, BinaryOp op, const Value& other) override
    {
        if (op != BinaryOp::Add || !other.isNumber())
            return std::nullopt;
        value += other.toDouble();
        ++inplaceCalls;
        return Value(this);
    }
    std::optional<Value> getAttr(Interpreter& in, std::string_view name) override
    {
        if (name == "item") {
            Ref<FakeTensor> self(this);
            return in.makeFunction("Tensor.item", [self](Interpreter&, CallArgs&) { return Value::fromFloat(self->value); });
        }
        if (name == "inplace_calls")
            return Value::fromInt(inplaceCalls);
        return std::nullopt;
    }
    std::optional<Value> iterate(Interpreter& in) override
    {
        return in.makeList({Value::fromInt(1), Value::fromInt(2)});
    }
    std::optional<Value> enter(Interpreter&) override { return Value(this); }
    std::optional<bool> exit(Interpreter& in, const Value& exception) override
    {
        in.writeStdout(exception.isNone() ? "exit clean\n" : "exit with " + in.typeName(exception) + "\n");
        return false;
    }
};

/// Registers a small `torch` with a Tensor factory, nn.Module as a host base class,
/// functions raising agv::Error, and submodules.
void installFakeTorch(Interpreter& in)
{
    auto torch = in.createModule("torch");
    auto nn = in.createModule("torch.nn");
    auto functional = in.createModule("torch.nn.functional");
    auto checkpointModule = in.createModule("torch.utils.checkpoint");
    in.createModule("torch.utils");
    torch->attrs["tensor"] = in.makeFunction("tensor", [](Interpreter& in, CallArgs& args) {
        auto a = bindNativeArgs(args, "tensor", {"data", "requires_grad"}, 1);
        return Value(make<FakeTensor>(in.toDouble(a[0])));
    });
    torch->attrs["fail"] = in.makeFunction("fail", [](Interpreter&, CallArgs&) -> Value {
        agv::Error e(agv::PyExc::RuntimeError, "one of the variables needed for gradient computation has been modified",
                     agv::ErrorKind::VersionMismatch);
        e.failingNode = 7;
        throw e;
    });
    torch->attrs["stack_depth"] = in.makeFunction("stack_depth", [](Interpreter& in, CallArgs&) {
        auto stack = in.currentStack();
        std::string text;
        for (const auto& f : stack)
            text += f.function + ":" + std::to_string(f.line) + " ";
        return in.makeStr(text);
    });
    torch->attrs["warn_me"] = in.makeFunction("warn_me", [](Interpreter& in, CallArgs&) {
        in.warn("UserWarning", "this is deprecated");
        return Value::none();
    });
    functional->attrs["relu"] = in.makeFunction("relu", [](Interpreter& in, CallArgs& args) {
        return Value::fromFloat(std::max(0.0, in.toDouble(args.positional.at(0))));
    });
    checkpointModule->attrs["checkpoint"] = in.makeFunction("checkpoint", [](Interpreter& in, CallArgs& args) {
        CallArgs rest;
        rest.positional.assign(args.positional.begin() + 1, args.positional.end());
        return in.call(args.positional.at(0), rest);
    });

    // nn.Module: __setattr__ records parameters, __call__ runs forward.
    auto module = in.createClass("Module", "torch.nn");
    module->initInstance = [](Interpreter& in, InstanceObject& self) {
        Interpreter::genericSetAttr(self, "_parameters", in.makeList({}));
    };
    module->dict["__init__"] = in.makeFunction("Module.__init__", [](Interpreter&, CallArgs&) { return Value::none(); });
    module->dict["__setattr__"] = in.makeFunction("Module.__setattr__", [](Interpreter& in, CallArgs& args) {
        auto& self = *args.positional.at(0).as<InstanceObject>();
        const std::string& name = args.positional.at(1).str();
        if (args.positional.at(2).is(ObjectKind::Host))
            self.attrs["_parameters"].as<ListObject>()->items.push_back(in.makeStr(name));
        Interpreter::genericSetAttr(self, name, args.positional.at(2));
        return Value::none();
    });
    module->dict["__call__"] = in.makeFunction("Module.__call__", [](Interpreter& in, CallArgs& args) {
        Value self = args.positional.at(0);
        CallArgs forwardArgs;
        forwardArgs.positional.assign(args.positional.begin() + 1, args.positional.end());
        forwardArgs.keywords = args.keywords;
        return in.callMethod(self, "forward", forwardArgs);
    });
    nn->attrs["Module"] = Value(module);
}

}  // namespace

class TestScriptInterpreter : public QObject {
    Q_OBJECT

private slots:
    void errorMessages_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("expected");
        QTest::newRow("name") << "x + 1" << "NameError: name 'x' is not defined";
        QTest::newRow("attribute int") << "(1).foo" << "AttributeError: 'int' object has no attribute 'foo'";
        QTest::newRow("add int str") << "1 + 'a'" << "TypeError: unsupported operand type(s) for +: 'int' and 'str'";
        QTest::newRow("concat str int") << "'a' + 1" << "TypeError: can only concatenate str (not \"int\") to str";
        QTest::newRow("not callable") << "x = 1\nx()" << "TypeError: 'int' object is not callable";
        QTest::newRow("missing arg") << "def f(x): pass\nf()" << "TypeError: f() missing 1 required positional argument: 'x'";
        QTest::newRow("missing args") << "def f(x, y, z): pass\nf()"
                                      << "TypeError: f() missing 3 required positional arguments: 'x', 'y', and 'z'";
        QTest::newRow("too many") << "def f(x): pass\nf(1, 2)"
                                  << "TypeError: f() takes 1 positional argument but 2 were given";
        QTest::newRow("unexpected kw") << "def f(x): pass\nf(y=1)" << "TypeError: f() got an unexpected keyword argument 'y'";
        QTest::newRow("multiple values") << "def f(x): pass\nf(1, x=2)"
                                         << "TypeError: f() got multiple values for argument 'x'";
        QTest::newRow("method qualname") << "class A:\n    def f(self, x): pass\nA().f()"
                                         << "TypeError: A.f() missing 1 required positional argument: 'x'";
        QTest::newRow("index") << "[1][3]" << "IndexError: list index out of range";
        QTest::newRow("key") << "{}['k']" << "KeyError: 'k'";
        QTest::newRow("div") << "1 / 0" << "ZeroDivisionError: division by zero";
        QTest::newRow("float div") << "1.0 / 0" << "ZeroDivisionError: float division by zero";
        QTest::newRow("int mod") << "1 % 0" << "ZeroDivisionError: integer division or modulo by zero";
        QTest::newRow("floordiv") << "1 // 0" << "ZeroDivisionError: integer division or modulo by zero";
        QTest::newRow("unbound local") << "def f():\n    y = x\n    x = 1\nf()"
                                       << "UnboundLocalError: cannot access local variable 'x' where it is not associated with a value";
        QTest::newRow("import os") << "import os" << "ModuleNotFoundError: No module named 'os'";
        QTest::newRow("import os.path") << "import os.path" << "ModuleNotFoundError: No module named 'os'";
        QTest::newRow("from import") << "from sys import argv" << "ModuleNotFoundError: No module named 'sys'";
        QTest::newRow("open sandboxed") << "open('x')" << "NameError: name 'open' is not defined";
        QTest::newRow("eval sandboxed") << "eval('1')" << "NameError: name 'eval' is not defined";
        QTest::newRow("exec sandboxed") << "exec('1')" << "NameError: name 'exec' is not defined";
        QTest::newRow("__import__") << "__import__('os')" << "NameError: name '__import__' is not defined";
        QTest::newRow("unpack few") << "a, b, c = 1, 2" << "ValueError: not enough values to unpack (expected 3, got 2)";
        QTest::newRow("unpack many") << "a, b = 1, 2, 3" << "ValueError: too many values to unpack (expected 2)";
        QTest::newRow("int literal") << "int('x')" << "ValueError: invalid literal for int() with base 10: 'x'";
        QTest::newRow("user exception") << "class E(Exception): pass\nraise E('boom')" << "E: boom";
        QTest::newRow("bare class raise") << "raise ValueError" << "ValueError";
        QTest::newRow("assert msg") << "assert 1 == 2, 'nope'" << "AssertionError: nope";
        QTest::newRow("recursion") << "def f(): return f()\nf()" << "RecursionError: maximum recursion depth exceeded";
        QTest::newRow("compare") << "1 < 'a'" << "TypeError: '<' not supported between instances of 'int' and 'str'";
        QTest::newRow("unhashable") << "{[]: 1}" << "TypeError: unhashable type: 'list'";
        QTest::newRow("overflow") << "2 ** 64"
                                  << "OverflowError: integer overflow in ** (this interpreter uses 64-bit integers)";
        QTest::newRow("not iterable") << "for x in 5: pass" << "TypeError: 'int' object is not iterable";
        QTest::newRow("no len") << "len(5)" << "TypeError: object of type 'int' has no len()";
        QTest::newRow("takes no args") << "class A: pass\nA(1)" << "TypeError: A() takes no arguments";
        QTest::newRow("min empty") << "min([])" << "ValueError: min() arg is an empty sequence";
        QTest::newRow("reraise none") << "raise" << "RuntimeError: No active exception to reraise";
        QTest::newRow("module attr") << "import torch\ntorch.nope" << "AttributeError: module 'torch' has no attribute 'nope'";
        QTest::newRow("core error") << "import torch\ntorch.fail()"
                                    << "RuntimeError: one of the variables needed for gradient computation has been modified";
    }

    void errorMessages()
    {
        QFETCH(QString, source);
        QFETCH(QString, expected);
        Outcome o = runScript(source.toStdString(), {}, installFakeTorch);
        QCOMPARE(o.result.exitCode, 1);
        QCOMPARE(lastLine(o.err), expected);
    }

    void syntaxErrors_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("expected");
        QTest::newRow("never closed") << "x = (1,\ny = 2\n"
                                      << "  File \"demo.py\", line 1\n    x = (1,\n        ^\nSyntaxError: '(' was never closed\n";
        QTest::newRow("invalid") << "x = = 1\n" << "  File \"demo.py\", line 1\n    x = = 1\n        ^\nSyntaxError: invalid syntax\n";
        QTest::newRow("expected colon") << "if x\n    pass\n"
                                        << "  File \"demo.py\", line 1\n    if x\n        ^\nSyntaxError: expected ':'\n";
        QTest::newRow("unexpected indent") << "a = 1\n  b = 2\n"
                                           << "  File \"demo.py\", line 2\n    b = 2\nIndentationError: unexpected indent\n";
        QTest::newRow("unterminated") << "s = 'abc\n"
                                      << "  File \"demo.py\", line 1\n    s = 'abc\n        ^\nSyntaxError: unterminated string literal (detected at line 1)\n";
        QTest::newRow("expected block") << "if x:\npass\n"
                                        << "  File \"demo.py\", line 2\n    pass\n    ^\nIndentationError: expected an indented block after 'if' statement on line 1\n";
        QTest::newRow("return outside") << "return 5\n"
                                        << "  File \"demo.py\", line 1\n    return 5\n    ^^^^^^^^\nSyntaxError: 'return' outside function\n";
        QTest::newRow("assign to call") << "f() = 3\n"
                                        << "  File \"demo.py\", line 1\n    f() = 3\n    ^^^\nSyntaxError: cannot assign to function call here. Maybe you meant '==' instead of '='?\n";
        QTest::newRow("forgot comma") << "f(a b)\n"
                                      << "  File \"demo.py\", line 1\n    f(a b)\n      ^^^\nSyntaxError: invalid syntax. Perhaps you forgot a comma?\n";
        QTest::newRow("keyword repeated") << "f(x=1, x=2)\n"
                                          << "  File \"demo.py\", line 1\n    f(x=1, x=2)\n           ^^^\nSyntaxError: keyword argument repeated: x\n";
        QTest::newRow("fstring empty") << "x = f\"{}\"\n"
                                       << "  File \"demo.py\", line 1\n    x = f\"{}\"\n             ^\nSyntaxError: f-string: empty expression not allowed\n";
        QTest::newRow("print statement") << "print \"hi\"\n"
                                         << "  File \"demo.py\", line 1\n    print \"hi\"\n    ^^^^^^^^^^\nSyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)?\n";
    }

    void syntaxErrors()
    {
        QFETCH(QString, source);
        QFETCH(QString, expected);
        Outcome o = runScript(source.toStdString());
        QCOMPARE(o.result.exitCode, 1);
        QVERIFY(o.result.error && o.result.error->isSyntaxError);
        QCOMPARE(QString::fromStdString(o.err), expected);
        QCOMPARE(o.out, std::string());
    }

    void tracebackFormat()
    {
        Outcome o = runScript("def g(x):\n    return x / 0\n\ndef f(x):\n    return g(x)\n\ny = 1\nf(y)\n");
        QCOMPARE(QString::fromStdString(o.err),
                 QStringLiteral("Traceback (most recent call last):\n"
                                "  File \"demo.py\", line 8, in <module>\n    f(y)\n"
                                "  File \"demo.py\", line 5, in f\n    return g(x)\n"
                                "  File \"demo.py\", line 2, in g\n    return x / 0\n"
                                "ZeroDivisionError: division by zero\n"));
        QVERIFY(o.result.error);
        QCOMPARE(o.result.error->typeName, std::string("ZeroDivisionError"));
        QCOMPARE(o.result.error->traceback.size(), size_t(3));
        QCOMPARE(o.result.error->traceback.back().function, std::string("g"));
        QCOMPARE(o.result.error->line, 2);
    }

    void hostModulesAndObjects()
    {
        const char* source = R"(import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint as ckpt
x = torch.tensor(2.0)
y = x * 3 + 1
z = 10 - x
w = x @ x
print(y, z, w, y.item(), F.relu(-3), ckpt(lambda a: a * 2, 21))
h = torch.tensor(5)
alias = h
h += 1
print(h is alias, h.inplace_calls, h)
for v in x:
    print("iter", v)
with torch.tensor(1) as t:
    print("inside", t)
try:
    with torch.tensor(1):
        raise ValueError("x")
except ValueError:
    print("propagated")
print(type(x), isinstance(x, type(y)))
)";
        Outcome o = runScript(source, {}, installFakeTorch);
        QCOMPARE(QString::fromStdString(o.err), QString());
        QCOMPARE(QString::fromStdString(o.out),
                 QStringLiteral("tensor(7) tensor(8) tensor(4) 7.0 0.0 42\n"
                                "True 1 tensor(6)\n"
                                "iter 1\niter 2\n"
                                "inside tensor(1)\nexit clean\n"
                                "exit with ValueError\npropagated\n"
                                "<class 'Tensor'> True\n"));
    }

    void hostBaseClass()
    {
        const char* source = R"(import torch
import torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.tensor(3)
        self.name = "net"

    def forward(self, x):
        return self.w * x

net = Net()
print(net(2), net._parameters, net.name, isinstance(net, nn.Module))
)";
        Outcome o = runScript(source, {}, installFakeTorch);
        QCOMPARE(QString::fromStdString(o.err), QString());
        QCOMPARE(QString::fromStdString(o.out), QStringLiteral("tensor(6) ['w'] net True\n"));
    }

    void coreErrorIsCatchableAndReported()
    {
        Outcome caught = runScript("import torch\ntry:\n    torch.fail()\nexcept RuntimeError as e:\n    print('caught', type(e).__name__)\n",
                                   {}, installFakeTorch);
        QCOMPARE(caught.out, std::string("caught RuntimeError\n"));
        Outcome uncaught = runScript("import torch\ntorch.fail()\n", {}, installFakeTorch);
        QVERIFY(uncaught.result.error);
        QCOMPARE(uncaught.result.error->kind, agv::ErrorKind::VersionMismatch);
        QCOMPARE(uncaught.result.error->failingNode, uint64_t(7));
    }

    void assignHookAndStack()
    {
        std::vector<std::string> bound;
        Outcome o = runScript("import torch\na = torch.tensor(1)\nb = 5\ndef f():\n    return torch.stack_depth()\nprint(f())\n",
                              {}, [&](Interpreter& in) {
                                  installFakeTorch(in);
                                  in.setAssignHook([&](Interpreter&, std::string_view name, const Value&) {
                                      bound.emplace_back(name);
                                  });
                              });
        QCOMPARE(bound, std::vector<std::string>{"a"});
        QCOMPARE(o.out, std::string("<module>:6 f:5 \n"));
    }

    void warnings()
    {
        Outcome o = runScript("import torch\nfor i in range(3):\n    torch.warn_me()\ntorch.warn_me()\n", {}, installFakeTorch);
        QCOMPARE(QString::fromStdString(o.err),
                 QStringLiteral("demo.py:3: UserWarning: this is deprecated\n  torch.warn_me()\n"
                                "demo.py:4: UserWarning: this is deprecated\n  torch.warn_me()\n"));
    }

    void stepBudget()
    {
        InterpreterOptions options;
        options.stepBudget = 1000;
        Outcome o = runScript("try:\n    while True:\n        pass\nexcept Exception:\n    print('caught')\n", options);
        QCOMPARE(o.out, std::string());
        QVERIFY(o.result.error && o.result.error->isAbort);
        QCOMPARE(lastLine(o.err), QStringLiteral("RuntimeError: step budget of 1000 statements exceeded (possible infinite loop)"));
    }

    void cancel()
    {
        std::atomic<bool> cancelFlag{true};
        InterpreterOptions options;
        options.cancelFlag = &cancelFlag;
        Outcome o = runScript("try:\n    while True:\n        pass\nexcept:\n    print('caught')\n", options);
        QCOMPARE(o.out, std::string());
        QCOMPARE(lastLine(o.err), QStringLiteral("KeyboardInterrupt"));
    }

    void deepNestingDoesNotCrash_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("lastLine");
        QTest::newRow("parens") << QString("x = ") + QString("(").repeated(10000) + "1" + QString(")").repeated(10000)
                                << "SyntaxError: too many nested parentheses";
        QTest::newRow("unary") << QString("x = ") + QString("-").repeated(100000) + "1"
                               << "SyntaxError: expression is too deeply nested (more than 400 levels)";
        QTest::newRow("sum chain") << QString("x = 1") + QString(" + 1").repeated(100000)
                                   << "SyntaxError: expression is too deeply nested (more than 400 levels)";
        QTest::newRow("nested lists") << "x = []\nfor i in range(100000):\n    x = [x]\nprint(len(x))\ny = str(x)\n"
                                      << "RecursionError: maximum recursion depth exceeded while getting the repr of an object";
    }

    void deepNestingDoesNotCrash()
    {
        QFETCH(QString, source);
        QFETCH(QString, lastLine);
        Outcome o = runScript(source.toStdString());
        QCOMPARE(::lastLine(o.err), lastLine);
    }

    void traceEvents()
    {
        agv::trace::Recording recording;
        {
            agv::trace::ScopedSink scoped(&recording);
            runScript("x = 1\nprint(x)\n");
        }
        auto lines = recording.all<agv::trace::LineReached>();
        QCOMPARE(lines.size(), size_t(2));
        QCOMPARE(lines[0]->line, 1);
        QCOMPARE(lines[1]->line, 2);
        auto outputs = recording.all<agv::trace::Output>();
        QCOMPARE(outputs.size(), size_t(1));
        QCOMPARE(outputs[0]->text, std::string("1\n"));
    }

    void bracketContinuationKeepsIndentation()
    {
        // Regression: a newline inside brackets used to re-measure indentation after
        // the closing bracket, dedenting the rest of the line.
        Outcome o = runScript("class C:\n    def f(self, a,\n          b=2):\n        return a + b\n\n"
                              "    def g(self):\n        x = (1 +\n             2)\n        return x\n"
                              "print(C().f(1), C().g())\n");
        QCOMPARE(o.result.exitCode, 0);
        QCOMPARE(QString::fromStdString(o.out), QString("3 3\n"));
    }

    void globalsPersistAcrossRuns()
    {
        std::string out;
        InterpreterOptions options;
        options.writeStdout = [&](std::string_view t) { out += t; };
        Interpreter interp(options);
        interp.run("counter = 41\n", "a.py");
        interp.run("counter += 1\nprint(counter)\n", "b.py");
        QCOMPARE(out, std::string("42\n"));
        QCOMPARE(interp.global("counter")->asInt(), int64_t(42));
    }

    // How fast this runs is measured by tests/bench/bench_script, not asserted here.
    void hostCallLoop()
    {
        int64_t calls = 0;
        Outcome o = runScript("total = 0\nfor i in range(100000):\n    total += native(i)\nprint(total)\n", {},
                              [&](Interpreter& in) {
                                  in.setBuiltin("native", in.makeFunction("native", [&](Interpreter&, CallArgs& args) {
                                      ++calls;
                                      return args.positional[0];
                                  }));
                              });
        QCOMPARE(o.out, std::string("4999950000\n"));
        QCOMPARE(calls, int64_t(100000));
    }
};

QTEST_APPLESS_MAIN(TestScriptInterpreter)
#include "tst_script_interpreter.moc"
