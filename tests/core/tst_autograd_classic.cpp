// The classic worked example (input = ones(2,2), w1=2, w2=3, w3=4) and the
// core autograd semantics around it. Expected values come from PyTorch 1.13.

#include <QtTest>

#include "core/autograd/engine.h"
#include "core/autograd/grad_mode.h"
#include "core/autograd/node.h"
#include "core/ops/ops.h"
#include "core/trace/recording.h"
#include "core/warning.h"

using namespace agv;

namespace {
Tensor scalarLeaf(double v)
{
    Tensor t = ops::fromValues({}, {v}, ScalarType::Float32);
    ops::requiresGrad_(t, true);
    return t;
}

void expectAll(const Tensor& t, double value)
{
    QVERIFY(t.defined());
    for (int64_t i = 0; i < t.numel(); ++i)
        QCOMPARE(t.valueAt(i), value);
}
}  // namespace

class TestAutogradClassic : public QObject {
    Q_OBJECT

private slots:
    void classicExample()
    {
        Tensor input = ops::ones({2, 2});
        Tensor w1 = scalarLeaf(2), w2 = scalarLeaf(3), w3 = scalarLeaf(4);
        Tensor l1 = ops::mul(input, w1);
        Tensor l2 = ops::add(l1, w2);
        Tensor l3 = ops::mul(l1, w3);
        Tensor l4 = ops::mul(l2, l3);
        Tensor loss = ops::mean(l4);
        ops::retainGrad(l1);
        ops::retainGrad(l4);
        QCOMPARE(loss.item(), 40.0);
        QCOMPARE(QString::fromStdString(loss.gradFn()->name()), QString("MeanBackward0"));
        QCOMPARE(QString::fromStdString(l4.gradFn()->name()), QString("MulBackward0"));
        QCOMPARE(QString::fromStdString(l2.gradFn()->name()), QString("AddBackward0"));

        backward({loss});
        QCOMPARE(w1.grad().item(), 28.0);
        QCOMPARE(w2.grad().item(), 8.0);
        QCOMPARE(w3.grad().item(), 10.0);
        QVERIFY(w1.grad().dim() == 0);  // broadcast gradient summed back to the 0-d shape
        expectAll(l1.grad(), 7.0);
        expectAll(l4.grad(), 0.25);
        QVERIFY(!input.grad().defined());
    }

    void hooksSeeTheSameGradients()
    {
        Tensor input = ops::ones({2, 2});
        Tensor w1 = scalarLeaf(2), w2 = scalarLeaf(3), w3 = scalarLeaf(4);
        Tensor l1 = ops::mul(input, w1);
        Tensor l2 = ops::add(l1, w2);
        Tensor l3 = ops::mul(l1, w3);
        Tensor l4 = ops::mul(l2, l3);
        Tensor loss = ops::mean(l4);
        std::vector<double> seenL1, seenW1;
        ops::registerHook(l1, [&](const Tensor& g) {
            seenL1.push_back(g.valueAt(0));
            return Tensor();
        });
        ops::registerHook(w1, [&](const Tensor& g) {
            seenW1.push_back(g.item());
            return Tensor();
        });
        backward({loss});
        QCOMPARE(seenL1, std::vector<double>{7.0});
        QCOMPARE(seenW1, std::vector<double>{28.0});
    }

    void hookReplacesGradientAndCanBeRemoved()
    {
        Tensor x = scalarLeaf(3);
        Tensor y = ops::mul(x, x);
        auto remove = ops::registerHook(y, [](const Tensor& g) { return ops::mul(g, 10); });
        backward({y}, {}, true);
        QCOMPARE(x.grad().item(), 60.0);
        remove();
        backward({y});
        QCOMPARE(x.grad().item(), 66.0);  // accumulated: 60 + 6
    }

    void gradAccumulatesAcrossBackwardCalls()
    {
        Tensor x = scalarLeaf(2);
        Tensor y = ops::mul(x, 3);
        backward({y}, {}, true);
        Tensor firstGrad = x.grad();
        backward({y});
        QCOMPARE(x.grad().item(), 6.0);
        QVERIFY(firstGrad.sameAs(x.grad()));  // accumulated in place into the same tensor
    }

    void backwardTwiceRaisesPyTorchsMessage()
    {
        Tensor x = scalarLeaf(2);
        Tensor y = ops::mul(x, x);
        backward({y});
        try {
            backward({y});
            QFAIL("expected an error");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), ErrorKind::BackwardTwice);
            QCOMPARE(QString::fromStdString(e.message()),
                     QString("Trying to backward through the graph a second time (or directly access saved tensors "
                             "after they have already been freed). Saved intermediate values of the graph are freed "
                             "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to "
                             "backward through the graph a second time or if you need to access saved tensors after "
                             "calling backward."));
        }
        QCOMPARE(x.grad().item(), 4.0);  // nothing else changed
    }

    void versionMismatchRaisesPyTorchsMessage()
    {
        Tensor z = ops::ones({3});
        ops::requiresGrad_(z, true);
        Tensor q = ops::exp(z);
        ops::addInplace(q, Scalar(1));
        QCOMPARE(q.version(), 1u);
        Tensor s = ops::sum(q);
        try {
            backward({s});
            QFAIL("expected an error");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), ErrorKind::VersionMismatch);
            QCOMPARE(QString::fromStdString(e.message()),
                     QString("one of the variables needed for gradient computation has been modified by an inplace "
                             "operation: [torch.FloatTensor [3]], which is output 0 of ExpBackward0, is at version 1; "
                             "expected version 0 instead. Hint: enable anomaly detection to find the operation that "
                             "failed to compute its gradient, with torch.autograd.set_detect_anomaly(True)."));
        }
        QVERIFY(!z.grad().defined());
    }

    void leafInplaceRefused()
    {
        Tensor x = ops::ones({3});
        ops::requiresGrad_(x, true);
        try {
            ops::mulInplace(x, Scalar(2));
            QFAIL("expected an error");
        } catch (const Error& e) {
            QCOMPARE(QString::fromStdString(e.message()),
                     QString("a leaf Variable that requires grad is being used in an in-place operation."));
        }
        QCOMPARE(x.version(), 0u);
        QCOMPARE(x.valueAt(0), 1.0);
        {
            GradModeGuard noGrad(false);
            ops::mulInplace(x, Scalar(2));
        }
        QCOMPARE(x.valueAt(0), 2.0);
        QCOMPARE(x.version(), 1u);
    }

    void implicitGradOnlyForScalars()
    {
        Tensor w = ops::ones({2, 2});
        ops::requiresGrad_(w, true);
        Tensor y = ops::mul(w, 2);
        try {
            backward({y});
            QFAIL("expected an error");
        } catch (const Error& e) {
            QCOMPARE(QString::fromStdString(e.message()), QString("grad can be implicitly created only for scalar outputs"));
        }
        try {
            backward({ops::ones({})});
            QFAIL("expected an error");
        } catch (const Error& e) {
            QCOMPARE(QString::fromStdString(e.message()),
                     QString("element 0 of tensors does not require grad and does not have a grad_fn"));
        }
    }

    void broadcastingErrorText()
    {
        try {
            ops::add(ops::ones({2, 3}), ops::ones({3, 2}));
            QFAIL("expected an error");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), ErrorKind::ShapeMismatch);
            QCOMPARE(QString::fromStdString(e.message()),
                     QString("The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1"));
        }
    }

    void nonLeafGradWarns()
    {
        takeUnhandledWarnings();
        Tensor w = scalarLeaf(1);
        Tensor p = ops::mul(w, 2);
        QVERIFY(!p.grad().defined());
        auto warnings = takeUnhandledWarnings();
        QCOMPARE(int(warnings.size()), 1);
        QVERIFY(QString::fromStdString(warnings[0].message)
                    .startsWith("The .grad attribute of a Tensor that is not a leaf Tensor is being accessed."));
    }

    void inferenceTensorsCannotBeSaved()
    {
        Tensor it;
        {
            InferenceModeGuard inference;
            it = ops::ones({2});
        }
        Tensor w = ops::ones({2});
        ops::requiresGrad_(w, true);
        try {
            ops::mul(w, it);
            QFAIL("expected an error");
        } catch (const Error& e) {
            QCOMPARE(QString::fromStdString(e.message()),
                     QString("Inference tensors cannot be saved for backward. To work around you can make a clone to "
                             "get a normal tensor and use it in autograd."));
        }
    }

    void indexAssignmentRebasesThroughCopySlices()
    {
        Tensor x = ops::ones({3});
        ops::requiresGrad_(x, true);
        Tensor b = ops::mul(x, 1);
        Tensor view = ops::select(b, 0, 0);
        ops::fillInplace(view, Scalar(1000.0));
        QCOMPARE(QString::fromStdString(b.gradFn()->name()), QString("CopySlices"));
        QCOMPARE(b.valueAt(0), 1000.0);
        QCOMPARE(b.version(), 1u);
        Tensor other = ops::select(b, 0, 1);
        // A view taken before the in-place op regenerates its history lazily.
        backward({ops::sum(b)});
        QCOMPARE(x.grad().valueAt(0), 0.0);  // overwritten element gets no gradient
        QCOMPARE(x.grad().valueAt(1), 1.0);
        QCOMPARE(x.grad().valueAt(2), 1.0);
        QCOMPARE(QString::fromStdString(other.gradFn()->name()), QString("SelectBackward0"));
    }

    void inplaceMulSavesOriginalSelf()
    {
        Tensor x = ops::ones({3});
        ops::requiresGrad_(x, true);
        Tensor a = ops::mul(x, 2);
        Tensor y = ops::full({3}, Scalar(3.0));
        ops::requiresGrad_(y, true);
        ops::mulInplace(a, y);
        QCOMPARE(QString::fromStdString(a.gradFn()->name()), QString("MulBackward0"));
        backward({ops::sum(a)});
        QCOMPARE(x.grad().valueAt(0), 6.0);
        QCOMPARE(y.grad().valueAt(0), 2.0);
    }

    void autogradGradDoesNotTouchDotGrad()
    {
        Tensor x = scalarLeaf(3);
        Tensor y = ops::mul(ops::mul(x, x), x);
        TensorList g = grad({y}, {x});
        QCOMPARE(g[0].item(), 27.0);
        QVERIFY(!x.grad().defined());
    }

    void recordingHasEventsInOrder()
    {
        trace::Recording rec;
        {
            trace::ScopedSink sink(&rec);
            Tensor x = scalarLeaf(2);
            Tensor y = ops::exp(x);
            backward({y});
        }
        auto created = rec.all<trace::NodeCreated>();
        QVERIFY(created.size() >= 2);
        auto saved = rec.all<trace::TensorSaved>();
        QCOMPARE(int(saved.size()), 1);
        QCOMPARE(QString::fromStdString(saved[0]->slot), QString("result"));
        QVERIFY(saved[0]->isOutput);
        QCOMPARE(int(rec.all<trace::BackwardBegin>().size()), 1);
        QCOMPARE(int(rec.all<trace::GradAccumulated>().size()), 1);
        QCOMPARE(int(rec.all<trace::SavedReleased>().size()), 1);
        QVERIFY(!rec.all<trace::MemoryChanged>().empty());
    }

    void noSinkBuildsNothing()
    {
        QVERIFY(trace::sink() == nullptr);
        QVERIFY(!trace::enabled());
    }
};

QTEST_APPLESS_MAIN(TestAutogradClassic)
#include "tst_autograd_classic.moc"
