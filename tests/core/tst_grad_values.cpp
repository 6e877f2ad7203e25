// Forward values and input gradients against real PyTorch 1.13. For each case of
// tests/conformance/gradients/grad_values.txt (written by generate_grad_values.py)
// the inputs, the upstream gradient and PyTorch's results are read back exactly
// (float.hex), the op runs in float32 and float64, and backward() is applied.
// float32 agrees within 1e-6 (absolute or relative), float64 within 1e-12.

#include <QtTest>

#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>

#include "core/autograd/engine.h"
#include "core/ops/activations.h"
#include "core/ops/index_put.h"
#include "core/ops/inplace_arith.h"
#include "core/ops/log_sigmoid.h"
#include "core/ops/ops.h"
#include "core/ops/take_bincount.h"
#include "grad_test_support.h"

using namespace agv;

namespace {

using Fn = std::function<Tensor(const TensorList&)>;

Tensor gt0(const Tensor& t) { return ops::compare(t, Scalar(0), ops::CompareOp::Gt); }
Tensor longs(const IntList& shape, const std::vector<int64_t>& v) { return ops::fromInts(shape, v, ScalarType::Int64); }

const std::map<std::string, Fn>& cases()
{
    using namespace ops;
    using L = const TensorList&;
    static const std::map<std::string, Fn> table = {
        {"add_broadcast", [](L x) { return add(x[0], x[1]); }},
        {"add_0d", [](L x) { return add(x[0], x[1]); }},
        {"add_alpha", [](L x) { return add(x[0], x[1], Scalar(2.5)); }},
        {"sub", [](L x) { return sub(x[0], x[1]); }},
        {"rsub", [](L x) { return rsub(x[0], Scalar(2)); }},
        {"mul", [](L x) { return mul(x[0], x[1]); }},
        {"div", [](L x) { return div(x[0], x[1]); }},
        {"rdiv", [](L x) { return rdiv(x[0], Scalar(2)); }},
        {"pow_scalar", [](L x) { return pow(x[0], Scalar(3)); }},
        {"pow_fractional", [](L x) { return pow(x[0], Scalar(1.5)); }},
        {"pow_tensor", [](L x) { return pow(x[0], x[1]); }},
        {"rpow", [](L x) { return rpow(x[0], Scalar(2)); }},
        {"exp", [](L x) { return exp(x[0]); }},
        {"log", [](L x) { return log(x[0]); }},
        {"sqrt", [](L x) { return sqrt(x[0]); }},
        {"rsqrt", [](L x) { return rsqrt(x[0]); }},
        {"abs", [](L x) { return abs(x[0]); }},
        {"sin", [](L x) { return sin(x[0]); }},
        {"cos", [](L x) { return cos(x[0]); }},
        {"tanh", [](L x) { return tanh(x[0]); }},
        {"sigmoid", [](L x) { return sigmoid(x[0]); }},
        {"relu", [](L x) { return relu(x[0]); }},
        {"leaky_relu", [](L x) { return leakyRelu(x[0], 0.2); }},
        {"gelu", [](L x) { return gelu(x[0]); }},
        {"selu", [](L x) { return elu(x[0], 1.6732632423543772848170429916717, 1.0507009873554804934193349852946); }},
        {"celu", [](L x) { return celu(x[0], 0.5); }},
        {"threshold", [](L x) { return threshold(x[0], 0.2, -1.0); }},
        {"hardshrink", [](L x) { return hardshrink(x[0]); }},
        {"softshrink", [](L x) { return softshrink(x[0], 0.3); }},
        {"hardsigmoid", [](L x) { return hardsigmoid(x[0]); }},
        {"hardswish", [](L x) { return hardswish(x[0]); }},
        {"logsigmoid", [](L x) { return logSigmoid(x[0]); }},
        {"mish", [](L x) { return mish(x[0]); }},
        {"glu", [](L x) { return glu(x[0]); }},
        {"prelu", [](L x) { return prelu(x[0], x[1]); }},
        {"prelu_shared", [](L x) { return prelu(x[0], x[1]); }},
        {"gelu_tanh", [](L x) { return gelu(x[0], "tanh"); }},
        {"clamp", [](L x) { return clamp(x[0], Scalar(-0.8), Scalar(0.9)); }},
        {"frac", [](L x) { return frac(x[0]); }},
        {"log2", [](L x) { return log2(x[0]); }},
        {"log10", [](L x) { return log10(x[0]); }},
        {"exp2", [](L x) { return exp2(x[0]); }},
        {"tan", [](L x) { return tan(x[0]); }},
        {"atan", [](L x) { return atan(x[0]); }},
        {"asin", [](L x) { return asin(x[0]); }},
        {"acos", [](L x) { return acos(x[0]); }},
        {"sinh", [](L x) { return sinh(x[0]); }},
        {"cosh", [](L x) { return cosh(x[0]); }},
        {"asinh", [](L x) { return asinh(x[0]); }},
        {"acosh", [](L x) { return acosh(x[0]); }},
        {"atanh", [](L x) { return atanh(x[0]); }},
        {"fmod", [](L x) { return fmod(x[0], x[1]); }},
        {"fmod_scalar", [](L x) { return fmod(x[0], Scalar(0.3)); }},
        {"div_floor", [](L x) { return div(x[0], x[1], std::string("floor")); }},
        {"addcmul", [](L x) { return addcmul(x[0], x[1], x[2], Scalar(0.5)); }},
        {"addcdiv", [](L x) { return addcdiv(x[0], x[1], x[2], Scalar(int64_t(-2))); }},
        {"where", [](L x) { return where(gt0(x[0]), x[1], x[2]); }},
        {"masked_fill", [](L x) { return maskedFill(x[0], gt0(x[0]), Scalar(0.5)); }},
        {"sum_dim", [](L x) { return sum(x[0], {1}); }},
        {"mean", [](L x) { return mean(x[0]); }},
        {"mean_dim_keepdim", [](L x) { return mean(x[0], {0}, true); }},
        {"max", [](L x) { return max(x[0]); }},
        {"max_ties", [](L x) { return max(x[0]); }},
        {"min_dim_ties", [](L x) { return min(x[0], 1).first; }},
        {"min", [](L x) { return min(x[0]); }},
        {"max_dim", [](L x) { return max(x[0], 1).first; }},
        {"min_dim_keepdim", [](L x) { return min(x[0], 0, true).first; }},
        {"softmax", [](L x) { return softmax(x[0], 1); }},
        {"softmax_dim0", [](L x) { return softmax(x[0], 0); }},
        {"softmax_large", [](L x) { return softmax(mul(x[0], Scalar(1000)), 0); }},
        {"log_softmax", [](L x) { return logSoftmax(x[0], -1); }},
        {"dot", [](L x) { return matmul(x[0], x[1]); }},
        {"mv", [](L x) { return matmul(x[0], x[1]); }},
        {"vm", [](L x) { return matmul(x[0], x[1]); }},
        {"mm", [](L x) { return matmul(x[0], x[1]); }},
        {"mm_transposed", [](L x) { return matmul(t(x[0]), t(x[1])); }},
        {"bmm", [](L x) { return bmm(x[0], x[1]); }},
        {"matmul_b3_m", [](L x) { return matmul(x[0], x[1]); }},
        {"matmul_m_c3", [](L x) { return matmul(x[0], x[1]); }},
        {"matmul_b4_c3", [](L x) { return matmul(x[0], x[1]); }},
        {"addmm", [](L x) { return addmm(x[0], x[1], x[2]); }},
        {"linear_2d", [](L x) { return linear(x[0], x[1], x[2]); }},
        {"linear_1d", [](L x) { return linear(x[0], x[1], x[2]); }},
        {"linear_3d", [](L x) { return linear(x[0], x[1], x[2]); }},
        {"mse", [](L x) { return mseLoss(x[0], x[1]); }},
        {"mse_sum", [](L x) { return mseLoss(x[0], x[1], Reduction::Sum); }},
        {"mse_none", [](L x) { return mseLoss(x[0], x[1], Reduction::None); }},
        {"nll", [](L x) { return nllLoss(x[0], longs({3}, {1, 3, 0})); }},
        {"nll_none", [](L x) { return nllLoss(x[0], longs({3}, {2, 0, 1}), Reduction::None); }},
        {"cross_entropy", [](L x) { return crossEntropy(x[0], longs({3}, {1, 3, 0})); }},
        {"cross_entropy_sum", [](L x) { return crossEntropy(x[0], longs({3}, {1, 3, 0}), Reduction::Sum); }},
        {"cross_entropy_1d", [](L x) { return crossEntropy(x[0], longs({}, {3})); }},
        {"cat", [](L x) { return cat({x[0], x[1], x[0]}, 1); }},
        {"stack", [](L x) { return stack({x[0], x[1]}, -1); }},
        {"index_repeated", [](L x) { return indexWithTensor(x[0], longs({2, 2}, {1, -3, 1, 0})); }},
        {"index_mask", [](L x) { return indexWithTensor(x[0], gt0(x[0])); }},
        {"index_after_slice", [](L x) { return index(slice(x[0], 0, {}, {}, 1), {Tensor(), longs({3}, {3, 0, 3})}); }},
        {"take", [](L x) { return take(x[0], longs({4}, {5, 0, -1, 5})); }},
        {"cumprod_", [](L x) { Tensor y = mul(x[0], Scalar(1)); return cumprodInplace(y, 1); }},
        {"pow_tensor_", [](L x) { Tensor y = mul(x[0], Scalar(1)); return powInplace(y, x[1]); }},
        {"remainder_", [](L x) { Tensor y = mul(x[0], Scalar(1)); return remainderInplace(y, x[1]); }},
        {"expand_sum", [](L x) { return mul(expand(x[0], {2, 3, 4}), Scalar(2)); }},
        {"select_slice", [](L x) { return select(slice(x[0], 1, 1, 3), 0, 1); }},
    };
    return table;
}

struct Recorded {
    bool none = false;
    IntList shape;
    std::vector<double> values;
};

Recorded parseRow(const QStringList& row)
{
    Recorded r;
    if (row[3] == "none") {
        r.none = true;
        return r;
    }
    for (const QString& s : row[3].split(',', Qt::SkipEmptyParts))
        r.shape.push_back(s.toLongLong());
    for (const QString& s : row[4].split(',', Qt::SkipEmptyParts))
        r.values.push_back(std::strtod(s.toLatin1().constData(), nullptr));
    return r;
}

/// One (case, dtype) block of the data file.
struct Block {
    TensorList inputs;
    Recorded upstream, output;
    std::vector<Recorded> grads;
};

std::map<std::pair<std::string, std::string>, Block>& blocks()
{
    static std::map<std::pair<std::string, std::string>, Block> all = [] {
        std::map<std::pair<std::string, std::string>, Block> out;
        for (const QStringList& row : agv::testing::readTable("grad_values.txt")) {
            Block& b = out[{row[0].toStdString(), row[1].toStdString()}];
            const ScalarType dtype = row[1] == "float32" ? ScalarType::Float32 : ScalarType::Float64;
            const Recorded r = parseRow(row);
            if (row[2].startsWith("input")) {
                Tensor t = ops::fromValues(r.shape, r.values, dtype);
                ops::requiresGrad_(t, true);
                b.inputs.push_back(t);
            } else if (row[2] == "upstream") {
                b.upstream = r;
            } else if (row[2] == "output") {
                b.output = r;
            } else {
                b.grads.push_back(r);
            }
        }
        return out;
    }();
    return all;
}

bool close(double actual, double expected, double tol)
{
    if (std::isnan(expected))
        return std::isnan(actual);
    if (std::isinf(expected))
        return actual == expected;
    const double diff = std::fabs(actual - expected);
    return diff <= tol || diff <= tol * std::fabs(expected);
}

QString compare(const char* what, const Tensor& actual, const Recorded& expected, double tol)
{
    if (!actual.defined())
        return QString("%1: no gradient, PyTorch has one").arg(what);
    if (actual.sizes() != expected.shape)
        return QString("%1: shape %2, PyTorch %3")
            .arg(what, QString::fromStdString(sizesToString(actual.sizes())),
                 QString::fromStdString(sizesToString(expected.shape)));
    for (int64_t i = 0; i < actual.numel(); ++i)
        if (!close(actual.valueAt(i), expected.values[size_t(i)], tol))
            return QString("%1[%2]: %3, PyTorch %4")
                .arg(what)
                .arg(i)
                .arg(actual.valueAt(i), 0, 'g', 17)
                .arg(expected.values[size_t(i)], 0, 'g', 17);
    return {};
}

}  // namespace

class TestGradValues : public QObject {
    Q_OBJECT

private slots:
    void matchesPyTorch_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("dtype");
        QVERIFY2(blocks().size() >= 120, "grad_values.txt missing or truncated");
        for (const auto& [key, block] : blocks())
            QTest::newRow(qPrintable(QString::fromStdString(key.first + "/" + key.second)))
                << QString::fromStdString(key.first) << QString::fromStdString(key.second);
    }

    void matchesPyTorch()
    {
        QFETCH(QString, name);
        QFETCH(QString, dtype);
        auto it = cases().find(name.toStdString());
        QVERIFY2(it != cases().end(), qPrintable("no C++ case for " + name));
        const Block& block = blocks().at({name.toStdString(), dtype.toStdString()});
        const ScalarType type = dtype == "float32" ? ScalarType::Float32 : ScalarType::Float64;
        const double tol = type == ScalarType::Float32 ? 1e-6 : 1e-12;

        TensorList inputs;
        for (const Tensor& recorded : block.inputs) {  // fresh leaves: no .grad left from another run
            Tensor t = ops::detachedClone(recorded);
            ops::requiresGrad_(t, true);
            inputs.push_back(t);
        }
        Tensor out = it->second(inputs);
        QCOMPARE(out.dtype(), type);
        QString problem = compare("output", out, block.output, tol);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));

        backward({out}, {ops::fromValues(block.upstream.shape, block.upstream.values, type)});
        QCOMPARE(block.grads.size(), inputs.size());
        for (size_t k = 0; k < inputs.size(); ++k) {
            const QByteArray what = "grad" + QByteArray::number(qulonglong(k));
            if (block.grads[k].none) {
                QVERIFY2(!inputs[k].grad().defined(), what.constData());
                continue;
            }
            problem = compare(what.constData(), inputs[k].grad(), block.grads[k], tol);
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
        }
    }
};

QTEST_APPLESS_MAIN(TestGradValues)
#include "tst_grad_values.moc"
