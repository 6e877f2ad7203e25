// Forward-mode AD in the engine alone (core/autograd/forward_ad.h): the one dual level
// of PyTorch 1.13, tangents propagated by the ops' forward formulas, view tangents that
// are views, in-place ops writing into the tangent, and the error for an op without a
// formula. Values were checked against PyTorch 1.13 (torch.autograd.forward_ad).

#include <QtTest>

#include <functional>

#include "core/autograd/forward_ad.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"

using namespace agv;

namespace {

Tensor vec(std::vector<double> values, ScalarType dtype = ScalarType::Float64)
{
    return ops::fromValues({int64_t(values.size())}, values, dtype);
}

std::vector<double> valuesOf(const Tensor& t)
{
    std::vector<double> out;
    for (int64_t i = 0; i < t.numel(); ++i)
        out.push_back(t.valueAt(i));
    return out;
}

/// Runs `body` inside a dual level, leaving it even when body throws.
void withDualLevel(const std::function<void()>& body)
{
    forward_ad::enterDualLevel();
    try {
        body();
    } catch (...) {
        forward_ad::exitDualLevel(0);
        throw;
    }
    forward_ad::exitDualLevel(0);
}

QString errorText(const std::function<void()>& fn, PyExc* exc = nullptr)
{
    try {
        fn();
    } catch (const Error& e) {
        if (exc)
            *exc = e.exc();
        return QString::fromStdString(e.message());
    }
    return {};
}

}  // namespace

class TestForwardAd : public QObject {
    Q_OBJECT

private slots:
    void oneLevelAtATime()
    {
        QCOMPARE(forward_ad::enterDualLevel(), int64_t(0));
        QCOMPARE(errorText([] { forward_ad::enterDualLevel(); }),
                 QString("Nested forward mode AD is not supported at the moment"));
        forward_ad::exitDualLevel(0);
        QCOMPARE(errorText([] { forward_ad::exitDualLevel(0); }),
                 QString("Exiting a forward AD level that is not the last that was created is not support. Ensure "
                         "they are released in the reverse order they were created."));
    }

    void mulTangentIsProductRule()
    {
        withDualLevel([] {
            Tensor x = forward_ad::makeDual(vec({0.5, -1.5}), vec({1.0, 2.0}), 0);
            Tensor y = forward_ad::makeDual(vec({3.0, 0.25}), vec({-0.5, 4.0}), 0);
            // other_t * self_p + self_t * other_p
            QCOMPARE(valuesOf(forward_ad::tangentOf(ops::mul(x, y))), (std::vector<double>{-0.5 * 0.5 + 1.0 * 3.0,
                                                                                           4.0 * -1.5 + 2.0 * 0.25}));
            // A tensor without tangent counts as zero.
            QCOMPARE(valuesOf(forward_ad::tangentOf(ops::mul(x, vec({2.0, 2.0})))), (std::vector<double>{2.0, 4.0}));
            QVERIFY(!forward_ad::tangentOf(ops::mul(vec({1.0}), vec({2.0}))).defined());
        });
    }

    void tangentsDroppedWhenTheLevelExits()
    {
        Tensor dual, out;
        withDualLevel([&] {
            dual = forward_ad::makeDual(vec({1.0, 2.0}), vec({1.0, 1.0}), 0);
            out = ops::exp(dual);
            QVERIFY(forward_ad::tangentOf(out).defined());
        });
        QVERIFY(!forward_ad::tangentOf(dual).defined());
        QVERIFY(!forward_ad::tangentOf(out).defined());
        QVERIFY(!dual.impl()->autograd()->fwGrad);
    }

    void viewTangentIsAViewOfTheInputTangent()
    {
        withDualLevel([] {
            Tensor tangent = ops::reshape(vec({1, 2, 3, 4, 5, 6}), {2, 3});
            Tensor dual = forward_ad::makeDual(ops::reshape(vec({0, 0, 0, 0, 0, 0}), {2, 3}), tangent, 0);
            Tensor column = forward_ad::tangentOf(ops::select(ops::t(dual), 0, 1));
            QVERIFY(column.impl()->storage() == tangent.impl()->storage());
            QCOMPARE(valuesOf(column), (std::vector<double>{2, 5}));
        });
    }

    void inplaceOpWritesIntoTheTangent()
    {
        withDualLevel([] {
            Tensor tangent = vec({1.0, 2.0});
            Tensor dual = forward_ad::makeDual(vec({3.0, 4.0}), tangent, 0);
            Tensor other = forward_ad::makeDual(vec({0.5, 0.5}), vec({2.0, -2.0}), 0);
            ops::mulInplace(dual, other);
            QVERIFY(forward_ad::tangentOf(dual).sameAs(tangent));
            // other_t * self_p (before the write) + self_t * other_p
            QCOMPARE(valuesOf(tangent), (std::vector<double>{2.0 * 3.0 + 1.0 * 0.5, -2.0 * 4.0 + 2.0 * 0.5}));
        });
    }

    void opWithoutFormulaRaisesNotImplemented()
    {
        withDualLevel([] {
            Tensor dual = forward_ad::makeDual(vec({3.0, 4.0}), vec({1.0, 1.0}), 0);
            PyExc exc = PyExc::RuntimeError;
            // An op recorded without a forward rule, as an op the engine has no formula for yet.
            auto opWithoutFormula = [&] {
                Tensor out = ops::zerosLike(dual);
                ops::OpRecorder rec("SquareRootOfMinusOneBackward0", {&dual},
                                    [](BackwardNode&, const variable_list& g) { return g; });
                return rec.finish(out);
            };
            const QString text = errorText([&] { opWithoutFormula(); }, &exc);
            QCOMPARE(int(exc), int(PyExc::NotImplementedError));
            QCOMPARE(text, QString("Trying to use forward AD with square_root_of_minus_one that does not support it "
                                   "because it has not "
                                   "been implemented yet.\nPlease file an issue to PyTorch at "
                                   "https://github.com/pytorch/pytorch/issues/new?template=feature-request.yml so "
                                   "that we can prioritize its implementation."));
        });
    }

    void sizeMismatchIsRefused()
    {
        withDualLevel([] {
            QCOMPARE(errorText([] { forward_ad::makeDual(vec({1.0, 2.0}), vec({1.0}), 0); }),
                     QString("Trying to set a forward gradient that has a different size than that of the original "
                             "Tensor, this is not supported. Tensor is of size [2] while the given forward gradient "
                             "is of size [1]."));
        });
    }
};

QTEST_APPLESS_MAIN(TestForwardAd)
#include "tst_forward_ad.moc"
