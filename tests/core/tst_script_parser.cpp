// The parser and the scope resolver: statement shapes, operator precedence,
// name resolution (locals, cells, globals) and compile-time errors.

#include "core/script/parser.h"
#include "core/script/resolver.h"
#include "core/script/syntax_error.h"

#include <QTest>

using namespace agv::script;

namespace {
ModuleAst parseAndResolve(const char* source)
{
    ModuleAst module = parseModule(source);
    NameTable names;
    resolveScopes(module, names);
    return module;
}
}  // namespace

class TestScriptParser : public QObject {
    Q_OBJECT

private slots:
    void precedence()
    {
        ModuleAst m = parseModule("x = 1 + 2 * 3 ** -2\n");
        auto& assign = static_cast<AssignStmt&>(*m.code->body[0]);
        QCOMPARE(assign.value->kind, ExprKind::Binary);
        auto& add = static_cast<BinaryExpr&>(*assign.value);
        QCOMPARE(add.op, BinaryOp::Add);
        auto& mul = static_cast<BinaryExpr&>(*add.right);
        QCOMPARE(mul.op, BinaryOp::Mul);
        auto& pow = static_cast<BinaryExpr&>(*mul.right);
        QCOMPARE(pow.op, BinaryOp::Pow);
        QCOMPARE(pow.right->kind, ExprKind::Unary);
    }

    void statements()
    {
        ModuleAst m = parseModule(
            "import torch.nn as nn\nfrom a.b import c as d, e\n@deco\ndef f(a, b=1, *args, k, **kw):\n    return a\n"
            "class C(Base):\n    pass\nwith A() as a, B():\n    pass\ntry:\n    pass\nexcept (E, F) as e:\n    pass\n"
            "finally:\n    pass\nfor i, j in x:\n    break\nelse:\n    pass\nx[1:2, ::3] = y.z = 0\n");
        const auto& body = m.code->body;
        QCOMPARE(body.size(), size_t(8));
        QCOMPARE(body[0]->kind, StmtKind::Import);
        QCOMPARE(static_cast<ImportStmt&>(*body[0]).names[0].asName, std::string("nn"));
        QCOMPARE(body[1]->kind, StmtKind::ImportFrom);
        auto& def = static_cast<FunctionDefStmt&>(*body[2]);
        QCOMPARE(def.decorators.size(), size_t(1));
        QCOMPARE(def.code->params, (std::vector<std::string>{"a", "b"}));
        QCOMPARE(def.code->varArgs, std::string("args"));
        QCOMPARE(def.code->kwOnlyParams, std::vector<std::string>{"k"});
        QCOMPARE(def.code->varKwArgs, std::string("kw"));
        QCOMPARE(body[3]->kind, StmtKind::ClassDef);
        QCOMPARE(static_cast<WithStmt&>(*body[4]).items.size(), size_t(2));
        QCOMPARE(static_cast<TryStmt&>(*body[5]).handlers.size(), size_t(1));
        QCOMPARE(static_cast<ForStmt&>(*body[6]).orElse.size(), size_t(1));
        QCOMPARE(static_cast<AssignStmt&>(*body[7]).targets.size(), size_t(2));
    }

    void scopes()
    {
        ModuleAst m = parseAndResolve("g = 1\ndef outer(p):\n    c = 2\n    def inner():\n        nonlocal c\n        c += g\n"
                                      "        return p\n    return inner\n");
        auto& outer = static_cast<FunctionDefStmt&>(*m.code->body[1]);
        const FunctionCode& code = *outer.code;
        QCOMPARE(code.slotNames, (std::vector<std::string>{"p", "c", "inner"}));
        QCOMPARE(code.cellSlots, (std::vector<bool>{true, true, false}));
        auto& inner = static_cast<FunctionDefStmt&>(*code.body[1]);
        QCOMPARE(inner.code->firstFreeSlot, 0);
        QCOMPARE(inner.code->slotNames.size(), size_t(2));
        QCOMPARE(inner.code->freeVarSources.size(), size_t(2));
        QCOMPARE(outer.code->qualname, std::string("outer"));
        QCOMPARE(inner.code->qualname, std::string("outer.<locals>.inner"));
    }

    void errors_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("message");
        QTest::newRow("break") << "break\n" << "'break' outside loop";
        QTest::newRow("continue") << "def f():\n    continue\n" << "'continue' not properly in loop";
        QTest::newRow("default order") << "def f(a=1, b): pass\n" << "non-default argument follows default argument";
        QTest::newRow("duplicate arg") << "def f(x, x): pass\n" << "duplicate argument 'x' in function definition";
        QTest::newRow("positional after kw") << "f(x=1, 2)\n" << "positional argument follows keyword argument";
        QTest::newRow("aug tuple") << "a, b += 1\n" << "'tuple' is an illegal expression for augmented assignment";
        QTest::newRow("dict colon") << "x = {1: 2, 3}\n" << "':' expected after dictionary key";
        QTest::newRow("nonlocal module") << "nonlocal x\n" << "nonlocal declaration not allowed at module level";
        QTest::newRow("nonlocal missing") << "def f():\n    nonlocal q\n" << "no binding for nonlocal 'q' found";
        QTest::newRow("assign literal") << "1 = x\n" << "cannot assign to literal here. Maybe you meant '==' instead of '='?";
        QTest::newRow("bare except order") << "try:\n    pass\nexcept:\n    pass\nexcept E:\n    pass\n"
                                           << "default 'except:' must be last";
        QTest::newRow("yield") << "def f():\n    yield 1\n" << "'yield' is not supported by this interpreter";
    }

    void errors()
    {
        QFETCH(QString, source);
        QFETCH(QString, message);
        try {
            parseAndResolve(source.toUtf8().constData());
            QFAIL("no error");
        } catch (const ScriptSyntaxError& e) {
            QCOMPARE(QString::fromStdString(e.message), message);
        }
    }
};

QTEST_APPLESS_MAIN(TestScriptParser)
#include "tst_script_parser.moc"
