// Interpreter teardown frees everything a script created, reference cycles
// included (see Note [Teardown breaks cycles] in core/script/objects.h): the live
// object count and the allocator's bytes return to where they were. Under
// LeakSanitizer (AGV_SANITIZE=ON) these scripts are also the leak regressions.

// Core headers come first: core/trace/sink.h declares a function named `emit`,
// which Qt defines as a macro.
#include "core/device/allocator.h"
#include "core/script/interpreter.h"
#include "core/script/script_runner.h"

#include <QTest>

using namespace agv::script;

class TestScriptTeardown : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // Function-local statics (interned names, singletons) are created once per
        // process: a first run keeps them out of the counts below.
        agv::script::runScript("import torch\nprint(torch.ones(1) + 1)\n", "warmup.py");
    }

    void cyclesAreFreed_data()
    {
        QTest::addColumn<QString>("source");
        QTest::newRow("instance holds itself") << "class A:\n    pass\na = A()\na.me = a\n";
        QTest::newRow("list contains itself") << "l = [1, 2]\nl.append(l)\n";
        QTest::newRow("dict contains itself") << "d = {}\nd['d'] = d\ns = {1}\n";
        QTest::newRow("two instances") << "class A:\n    pass\na, b = A(), A()\na.b = b\nb.a = a\n";
        QTest::newRow("recursive closure")
            << "def outer():\n    def inner(n):\n        return 0 if n == 0 else inner(n - 1)\n"
               "    return inner\nf = outer()\nprint(f(3))\n";
        QTest::newRow("method and class") << "class A:\n    def f(self):\n        return A\nx = A().f\n";
        QTest::newRow("default argument holds the function")
            << "def f(acc=[]):\n    acc.append(f)\n    return acc\nf()\n";
        QTest::newRow("exception context") << "try:\n    try:\n        raise ValueError('a')\n    except ValueError as e:\n"
                                              "        saved = e\n        raise KeyError('b')\nexcept KeyError as k:\n"
                                              "    k.other = k\n    saved.k = k\n";
        QTest::newRow("cycle created inside a function")
            << "def make():\n    l = []\n    l.append(l)\n    return 1\nfor i in range(10):\n    make()\n";
        QTest::newRow("iterator in its list") << "l = [1]\nit = iter(l)\nl.append(it)\n";
        QTest::newRow("property setter") << "class A:\n    def g(self):\n        return 1\n    p = property(g)\n"
                                            "a = A()\na.self_ = a\n";
    }

    void cyclesAreFreed()
    {
        QFETCH(QString, source);
        const int64_t before = Object::liveCount();
        {
            Interpreter interpreter;
            RunResult result = interpreter.run(source.toStdString(), "cycle.py");
            QCOMPARE(result.exitCode, 0);
            QVERIFY(Object::liveCount() > before);
        }
        QCOMPARE(Object::liveCount(), before);
    }

    void torchCyclesFreeTensorsAndGraphs_data()
    {
        QTest::addColumn<QString>("source");
        QTest::newRow("module holds itself")
            << "import torch.nn as nn\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
               "        self.fc = nn.Linear(64, 64)\n        self.me = self\n"
               "    def forward(self, x):\n        return self.fc(x)\nnet = Net()\nnet.out = net(torch.ones(8, 64))\n";
        QTest::newRow("instance holds a graph")
            << "class Box:\n    pass\nb = Box()\nb.b = b\nx = torch.ones(1000, requires_grad=True)\n"
               "b.y = (x * 2).exp().sum()\n";
        QTest::newRow("hook captures its own tensor")
            << "t = torch.ones(1000, requires_grad=True)\nh = t.register_hook(t.add)\n";
        QTest::newRow("hook closure captures its tensor")
            << "def f():\n    t = torch.ones(1000, requires_grad=True)\n    t.register_hook(lambda g: g * t)\n"
               "    return (t * t).sum()\nloss = f()\n";
        QTest::newRow("tensor in a self-referencing list") << "l = [torch.zeros(1000)]\nl.append(l)\n";
        QTest::newRow("optimizer and model") << "import torch.nn as nn\nm = nn.Linear(32, 32)\n"
                                                "opt = torch.optim.SGD(m.parameters(), lr=0.1)\nm.opt = opt\n"
                                                "m(torch.ones(4, 32)).sum().backward()\nopt.step()\n";
    }

    void torchCyclesFreeTensorsAndGraphs()
    {
        QFETCH(QString, source);
        agv::Allocator& cpu = agv::allocatorFor(agv::Device::cpu());
        const uint64_t bytesBefore = cpu.currentBytes();
        const int64_t objectsBefore = Object::liveCount();
        ScriptRunOutcome outcome = agv::script::runScript("import torch\n" + source.toStdString(), "cycle.py");
        QVERIFY2(outcome.exitCode == 0, outcome.stderrText.c_str());
        QCOMPARE(cpu.currentBytes(), bytesBefore);
        QCOMPARE(Object::liveCount(), objectsBefore);
    }

    void survivorsOutliveTheInterpreter()
    {
        // A value the host still holds stays valid (if emptied) after its interpreter dies.
        Value kept;
        {
            Interpreter interpreter;
            interpreter.run("l = [1]\nl.append(l)\n", "keep.py");
            kept = *interpreter.global("l");
        }
        QVERIFY(kept.is(ObjectKind::List));
        QCOMPARE(kept.as<ListObject>()->items.size(), size_t(0));
    }

    void nestedInterpretersKeepTheirOwnObjects()
    {
        const int64_t before = Object::liveCount();
        auto outer = std::make_unique<Interpreter>();
        outer->run("a = [1]\na.append(a)\n", "outer.py");
        {
            Interpreter inner;
            inner.run("b = [2]\nb.append(b)\n", "inner.py");
        }
        outer->run("c = [3]\nc.append(c)\nprint(a[0])\n", "outer2.py");
        QCOMPARE(outer->global("a")->as<ListObject>()->items.size(), size_t(2));
        outer.reset();
        QCOMPARE(Object::liveCount(), before);
    }
};

QTEST_APPLESS_MAIN(TestScriptTeardown)
#include "tst_script_teardown.moc"
