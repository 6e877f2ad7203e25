// "The picture matches the console" for gradients and values: at every step where the
// script prints a leaf's `.grad` or a tensor, the folded state shows the same thing,
// however the script changed it (backward, `.grad.zero_()`, `.grad = None`, an
// optimizer step, `zero_grad()`, in-place ops on views of the gradient).

#include <QTest>

#include "core/trace/graph_state.h"
#include "tests/common/script_process.h"

using namespace agv;
using namespace agv::trace;

namespace {

const char* const kScript = R"(import torch
w = torch.tensor([1.0, 2.0], requires_grad=True)
(w * 3).sum().backward()
print(w.grad)
w.grad.zero_()
print(w.grad)
w.grad[1] = 7.0
print(w.grad)
w.grad.mul_(2)
print(w.grad)
w.grad = None
print(w.grad)
w.grad = torch.tensor([0.5, 0.25])
print(w.grad)
g = w.grad
w.grad = None
g.add_(1)
print(w.grad)
opt = torch.optim.SGD([w], lr=0.1)
(w * 2).sum().backward()
print(w.grad)
opt.step()
print(w)
opt.zero_grad()
print(w.grad)
opt.zero_grad(set_to_none=True)
print(w.grad)
)";

/// What the picture shows for w at `step`, written as the script prints it.
QString shown(const Timeline& timeline, size_t step, Id w, bool value)
{
    Timeline& t = const_cast<Timeline&>(timeline);
    const TensorView* tv = t.seek(step).tensor(w);
    if (!tv)
        return QStringLiteral("<no tensor>");
    if (value)
        return QString::fromStdString(tv->preview);
    return tv->hasGrad ? QString::fromStdString(tv->gradPreview) : QStringLiteral("None");
}

}  // namespace

class TestGradWritesTrace : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyPrintedGradientIsWhatTheGraphShows()
    {
        const testing::ScriptRun run = testing::runScriptProcess(QString::fromLatin1(kScript), QStringLiteral("grads.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        const Recording& r = run.recording;
        Id w = 0;
        for (const Event& e : r.events())
            if (const auto* l = std::get_if<TensorLabeled>(&e.payload); l && l->label == "w" && w == 0)
                w = l->tensor;
        QVERIFY(w != 0);
        Timeline timeline(r);
        QStringList printed, pictured;
        for (size_t i = 0; i < r.size(); ++i) {
            const auto* out = std::get_if<Output>(&r[i].payload);
            if (!out)
                continue;
            QString text = QString::fromStdString(out->text).trimmed();
            const bool value = text.contains(QLatin1String("requires_grad"));
            // PyTorch prints tensor([...]) / tensor([...], requires_grad=True); the picture the data.
            if (text.startsWith(QLatin1String("tensor(")))
                text = text.mid(7, text.size() - 8).section(QStringLiteral(", requires_grad"), 0, 0);
            printed << text;
            pictured << shown(timeline, i + 1, w, value);
        }
        QVERIFY2(printed.size() == 11, qPrintable(printed.join(QStringLiteral(" | "))));
        QCOMPARE(pictured, printed);
    }
};

QTEST_GUILESS_MAIN(TestGradWritesTrace)
#include "tst_grad_writes_trace.moc"
