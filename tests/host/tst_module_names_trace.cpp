// Module frames are named as the script names them: a top-level module by its variable
// ("stem (Conv2d)"), a child by its attribute path from the outermost module ("0"),
// which a parent gives even to a module that had a variable of its own first.

#include <QTest>

#include "core/trace/recording.h"
#include "tests/common/script_process.h"

using namespace agv;
using namespace agv::trace;

namespace {

const char* const kScript = R"(import torch
from torch import nn
stem = nn.Conv2d(1, 2, 3)
fc = nn.Linear(8, 4)
head = nn.Sequential(fc, nn.ReLU())
x = torch.ones(1, 1, 4, 4)
y = stem(x)
z = head(y.flatten(1))
z.sum().backward()
print(z.shape)
)";

}  // namespace

class TestModuleNamesTrace : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void modulesAreNamedAsTheScriptNamesThem()
    {
        const testing::ScriptRun run = testing::runScriptProcess(QString::fromLatin1(kScript), QStringLiteral("names.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QStringList entered;
        for (const ModuleEnter* m : run.recording.all<ModuleEnter>())
            entered << QStringLiteral("%1 (%2)").arg(QString::fromStdString(m->name), QString::fromStdString(m->type));
        QCOMPARE(entered, QStringList({QStringLiteral("stem (Conv2d)"), QStringLiteral("head (Sequential)"),
                                       QStringLiteral("0 (Linear)"), QStringLiteral("1 (ReLU)")}));
    }
};

QTEST_GUILESS_MAIN(TestModuleNamesTrace)
#include "tst_module_names_trace.moc"
