// Forward-mode AD in the engine alone (core/autograd/forward_ad.h): the one dual level
// of PyTorch 1.13, tangents propagated by the ops' forward formulas, view tangents that
// are views, in-place ops writing into the tangent, and the error for an op without a
// formula. Values were checked against PyTorch 1.13 (torch.autograd.forward_ad); the
// formulas added for issue 8 (layers, norms, indexing, cumulative ops, reductions, binary
// ops, item assignment) are checked against finite differences here and bit for bit by
// tests/conformance/torch/forward_ad_jvp_*.py.

#include <QtTest>

#include <cmath>
#include <functional>
#include <map>

#include "core/autograd/forward_ad.h"
#include "core/ops/activations.h"
#include "core/ops/group_norm.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/order_statistics.h"
#include "core/ops/soft_target_losses.h"
#include "core/ops/var_mean.h"

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

/// n distinct float64 values in (-1.5, 1.5) shaped as `sizes` (no ties, no kinks hit).
Tensor distinct(const IntList& sizes, double shift = 0.0)
{
    int64_t n = 1;
    for (int64_t s : sizes)
        n *= s;
    std::vector<double> v;
    for (int64_t i = 0; i < n; ++i)
        v.push_back(std::sin(1.3 * double(i) + 0.4 + shift) * 1.5);
    return ops::fromValues(sizes, v, ScalarType::Float64);
}

Tensor longs(const IntList& sizes, const std::vector<int64_t>& v)
{
    return ops::fromInts(sizes, v, ScalarType::Int64);
}

/// An op of one float64 input, its input's shape, for the finite-difference check.
struct UnaryCase {
    IntList shape;
    std::function<Tensor(const Tensor&)> fn;
};

/// The ops whose forward formulas came with issue 8 (derivatives.yaml's `result:`).
const std::map<QString, UnaryCase>& issue8Ops()
{
    using namespace ops;
    static const std::map<QString, UnaryCase> table = {
        {"layer_norm", {{2, 4}, [](const Tensor& x) { return layerNorm(x, {4}, distinct({4}), distinct({4}, 1), 1e-5); }}},
        {"layer_norm weight", {{4}, [](const Tensor& w) { return layerNorm(distinct({3, 4}), {4}, w, Tensor(), 1e-5); }}},
        {"conv2d", {{1, 2, 4, 4}, [](const Tensor& x) {
             return convolution(x, distinct({3, 2, 2, 2}), distinct({3}), {1, 1}, {1, 1}, {1, 1}, false, {0, 0}, 1);
         }}},
        {"conv2d weight", {{3, 2, 2, 2}, [](const Tensor& w) {
             return convolution(distinct({1, 2, 4, 4}), w, Tensor(), {2, 2}, {0, 0}, {1, 1}, false, {0, 0}, 1);
         }}},
        {"embedding", {{4, 3}, [](const Tensor& w) { return embedding(w, longs({3}, {3, 0, 3})); }}},
        {"max_pool2d", {{1, 2, 4, 4}, [](const Tensor& x) { return maxPool2dWithIndices(x, {2}, {}, {0}, {1}, false).first; }}},
        {"avg_pool2d", {{1, 2, 4, 4}, [](const Tensor& x) { return avgPool2d(x, {3}, {1}, {1}, false, true, std::nullopt); }}},
        {"adaptive_avg_pool2d", {{1, 2, 5, 4}, [](const Tensor& x) { return adaptiveAvgPool2d(x, {2, 3}); }}},
        {"index_add", {{3, 2}, [](const Tensor& x) { return indexAdd(x, 0, longs({2}, {2, 2}), distinct({2, 2}), 0.5); }}},
        {"index_add source", {{2, 2}, [](const Tensor& s) { return indexAdd(distinct({3, 2}), 0, longs({2}, {2, 0}), s, 2); }}},
        {"tril", {{3, 4}, [](const Tensor& x) { return tril(x, 1); }}},
        {"triu", {{3, 4}, [](const Tensor& x) { return triu(x, -1); }}},
        {"scatter", {{2, 3}, [](const Tensor& x) { return scatter(x, 1, longs({2, 1}, {2, 0}), distinct({2, 1})); }}},
        {"scatter src", {{2, 1}, [](const Tensor& s) { return scatter(distinct({2, 3}), 1, longs({2, 1}, {2, 0}), s); }}},
        {"scatter_add", {{2, 2}, [](const Tensor& s) { return scatterAdd(distinct({2, 3}), 1, longs({2, 2}, {1, 1, 0, 2}), s); }}},
        {"logsumexp", {{3, 4}, [](const Tensor& x) { return logsumexp(x, {1}); }}},
        {"prod", {{2, 3}, [](const Tensor& x) { return prod(x); }}},
        {"prod dim", {{2, 3}, [](const Tensor& x) { return prod(x, 0); }}},
        {"binary_cross_entropy", {{2, 3}, [](const Tensor& x) {
             return binaryCrossEntropy(sigmoid(x), sigmoid(distinct({2, 3}, 2)), Tensor(), Reduction::None);
         }}},
        {"binary_cross_entropy target", {{2, 3}, [](const Tensor& y) {
             return binaryCrossEntropy(sigmoid(distinct({2, 3}, 2)), y, Tensor(), Reduction::Sum);
         }}},
        {"binary_cross_entropy_with_logits", {{2, 3}, [](const Tensor& x) {
             return binaryCrossEntropyWithLogits(x, sigmoid(distinct({2, 3}, 2)), Tensor(), distinct({3}, 1));
         }}},
        {"binary_cross_entropy_with_logits target", {{2, 3}, [](const Tensor& y) {
             return binaryCrossEntropyWithLogits(distinct({2, 3}, 2), y, Tensor(), distinct({3}, 1), Reduction::None);
         }}},
        {"split", {{2, 5}, [](const Tensor& x) { return split(x, 2, 1)[1]; }}},
        {"unbind", {{2, 5}, [](const Tensor& x) { return unbind(x, 1)[3]; }}},
        {"flip", {{2, 3}, [](const Tensor& x) { return flip(x, {0, 1}); }}},
        {"roll", {{2, 3}, [](const Tensor& x) { return roll(x, {4}, {}); }}},
        {"kthvalue", {{3, 4}, [](const Tensor& x) { return kthvalue(x, 2, 1).first; }}},
        {"median", {{3, 4}, [](const Tensor& x) { return median(x); }}},
        {"median dim", {{3, 4}, [](const Tensor& x) { return median(x, 0, true).first; }}},
        {"mode", {{3, 4}, [](const Tensor& x) { return mode(x, 1).first; }}},
        {"cummax", {{3, 4}, [](const Tensor& x) { return cummax(x, 1).first; }}},
        {"cummin", {{3, 4}, [](const Tensor& x) { return cummin(x, 0).first; }}},
        {"batch_norm train", {{3, 2, 2}, [](const Tensor& x) {
             return batchNorm(x, distinct({2}, 1), distinct({2}, 2), Tensor(), Tensor(), true, 0.1, 1e-5);
         }}},
        {"batch_norm train weight", {{2}, [](const Tensor& w) {
             return batchNorm(distinct({3, 2, 2}), w, Tensor(), Tensor(), Tensor(), true, 0.1, 1e-5);
         }}},
        {"batch_norm eval", {{3, 2, 2}, [](const Tensor& x) {
             return batchNorm(x, distinct({2}, 1), Tensor(), distinct({2}, 3), add(distinct({2}, 4), Scalar(2)), false,
                              0.1, 1e-5);
         }}},
        {"group_norm", {{2, 4, 3}, [](const Tensor& x) { return groupNorm(x, 2, distinct({4}, 1), distinct({4}, 2), 1e-5); }}},
        {"group_norm weight", {{4}, [](const Tensor& w) { return groupNorm(distinct({2, 4, 3}), 2, w, Tensor(), 1e-5); }}},
        {"cumsum", {{3, 4}, [](const Tensor& x) { return cumsum(x, 1); }}},
        {"cumprod", {{3, 4}, [](const Tensor& x) { return cumprod(x, 0); }}},
        {"cumprod zeros", {{2, 4}, [](const Tensor& x) {
             return cumprod(mul(x, fromValues({2, 4}, {1, 0, 1, 0, 0, 1, 1, 1}, ScalarType::Float64)), 1);
         }}},
        {"repeat", {{2, 3}, [](const Tensor& x) { return repeat(x, {2, 1, 2}); }}},
        {"gather", {{2, 3}, [](const Tensor& x) { return gather(x, 1, longs({2, 2}, {2, 0, 1, 1})); }}},
        {"index_select", {{3, 2}, [](const Tensor& x) { return indexSelect(x, 0, longs({3}, {2, 0, 2})); }}},
        {"masked_select", {{2, 3}, [](const Tensor& x) { return maskedSelect(x, compare(distinct({3}), Scalar(0), CompareOp::Gt)); }}},
        {"diag", {{3, 3}, [](const Tensor& x) { return diag(x, 1); }}},
        {"trace", {{3, 3}, [](const Tensor& x) { return ops::trace(x); }}},
        {"maximum", {{2, 3}, [](const Tensor& x) { return maximum(x, distinct({2, 3}, 5)); }}},
        {"minimum", {{2, 3}, [](const Tensor& x) { return minimum(distinct({3}, 5), x); }}},
        {"atan2", {{2, 3}, [](const Tensor& x) { return atan2(x, distinct({2, 3}, 5)); }}},
        {"atan2 other", {{2, 3}, [](const Tensor& y) { return atan2(distinct({2, 3}, 5), y); }}},
        {"lerp", {{2, 3}, [](const Tensor& x) { return lerp(x, distinct({2, 3}, 5), Scalar(0.3)); }}},
        {"lerp weight", {{2, 3}, [](const Tensor& w) { return lerp(distinct({2, 3}, 4), distinct({2, 3}, 5), w); }}},
        {"var_mean mean", {{2, 3}, [](const Tensor& x) { return varMean(x, IntList{1}, std::nullopt, false).second; }}},
        {"elu", {{2, 3}, [](const Tensor& x) { return elu(x, 0.7, 1.0, 1.0); }}},
        {"silu", {{2, 3}, [](const Tensor& x) { return silu(x); }}},
        {"softplus", {{2, 3}, [](const Tensor& x) { return softplus(x, 2.0, 20.0); }}},
        {"smooth_l1_loss", {{2, 3}, [](const Tensor& x) {
             return smoothL1Loss(x, distinct({2, 3}, 5), Reduction::None, 0.5);
         }}},
        {"huber_loss target", {{2, 3}, [](const Tensor& y) { return huberLoss(distinct({2, 3}, 5), y, Reduction::Mean, 0.6); }}},
        {"vector_norm 3", {{2, 3}, [](const Tensor& x) { return linalgVectorNorm(x, 3.0, IntList{1}, false); }}},
        {"vector_norm 1.5", {{2, 3}, [](const Tensor& x) { return linalgVectorNorm(x, 1.5, std::nullopt, false); }}},
        {"vector_norm 0.5", {{2, 3}, [](const Tensor& x) { return linalgVectorNorm(x, 0.5, IntList{0}, true); }}},
        {"vector_norm inf", {{2, 3}, [](const Tensor& x) { return linalgVectorNorm(x, INFINITY, IntList{1}, false); }}},
        {"prelu", {{2, 3, 2}, [](const Tensor& x) { return prelu(x, distinct({3}, 1)); }}},
        {"prelu weight", {{3}, [](const Tensor& w) { return prelu(distinct({2, 3, 2}), w); }}},
        {"xlogy", {{2, 3}, [](const Tensor& x) { return xlogy(x, add(abs(distinct({2, 3}, 1)), Scalar(0.5))); }}},
        {"xlogy other", {{2, 3}, [](const Tensor& y) { return xlogy(distinct({2, 3}, 1), add(abs(y), Scalar(0.5))); }}},
        {"index_put_ values", {{2, 2}, [](const Tensor& v) {
             Tensor c = distinct({3, 2}, 3);
             indexPutInplace(c, longs({2}, {2, 0}), v);
             return c;
         }}},
        {"index_put_ self", {{3, 2}, [](const Tensor& x) {
             Tensor c = mul(x, Scalar(2));
             indexPutInplace(c, longs({1}, {1}), distinct({2}, 1));
             return c;
         }}},
    };
    return table;
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

    void newTangentsMatchFiniteDifferences_data()
    {
        QTest::addColumn<QString>("op");
        for (const auto& entry : issue8Ops())
            QTest::newRow(entry.first.toUtf8().constData()) << entry.first;
    }

    /// A second opinion on the forward formulas (the conformance scripts check the bits):
    /// the tangent along v is (f(x + h v) - f(x - h v)) / 2h up to O(h^2).
    void newTangentsMatchFiniteDifferences()
    {
        QFETCH(QString, op);
        const UnaryCase& c = issue8Ops().at(op);
        const Tensor x = distinct(c.shape, 0.7), v = distinct(c.shape, 2.1);
        Tensor tangent;
        withDualLevel([&] { tangent = forward_ad::tangentOf(c.fn(forward_ad::makeDual(x, v, 0))); });
        QVERIFY(tangent.defined());
        const double h = 1e-6;
        const Tensor estimate = ops::div(ops::sub(c.fn(ops::add(x, ops::mul(v, Scalar(h)))),
                                                  c.fn(ops::sub(x, ops::mul(v, Scalar(h))))),
                                         Scalar(2 * h));
        QCOMPARE(tangent.sizes(), estimate.sizes());
        for (int64_t i = 0; i < tangent.numel(); ++i)
            QVERIFY2(std::abs(tangent.valueAt(i) - estimate.valueAt(i)) < 1e-6,
                     qPrintable(QString("element %1: %2 vs %3").arg(i).arg(tangent.valueAt(i)).arg(estimate.valueAt(i))));
    }

    void everyPieceOfASplitGetsAViewTangent()
    {
        withDualLevel([] {
            Tensor tangent = distinct({2, 5}, 1);
            TensorList pieces = ops::split(forward_ad::makeDual(distinct({2, 5}), tangent, 0), 2, 1);
            QCOMPARE(pieces.size(), size_t(3));
            for (const Tensor& piece : pieces) {
                Tensor t = forward_ad::tangentOf(piece);
                QVERIFY(t.defined());
                QVERIFY(t.impl()->storage() == tangent.impl()->storage());
            }
            QCOMPARE(valuesOf(forward_ad::tangentOf(pieces[2])), (std::vector<double>{tangent.valueAt(4), tangent.valueAt(9)}));
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
