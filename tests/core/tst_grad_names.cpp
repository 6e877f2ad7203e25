// For every op configuration, the grad_fn graph (names down to depth 3, None for a
// missing edge), the output's _version and the root's _saved_* names must be what
// PyTorch 1.13 shows. Expectations: tests/conformance/gradients/grad_names.txt,
// written by generate_grad_names.py from real PyTorch.

#include <QtTest>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "core/autograd/node.h"
#include "core/ops/activations.h"
#include "core/ops/index_put.h"
#include "core/ops/inplace_arith.h"
#include "core/ops/log_sigmoid.h"
#include "core/ops/ops.h"
#include "core/ops/order_statistics.h"
#include "core/ops/rnn.h"
#include "core/ops/take_bincount.h"
#include "core/ops/unique.h"
#include "grad_test_support.h"

using namespace agv;
using agv::testing::leaf;
using agv::testing::longs;
using agv::testing::pos;

namespace {

using Build = std::function<Tensor()>;

std::string tree(const std::shared_ptr<Node>& fn, int depth)
{
    if (!fn)
        return "None";
    std::string out = fn->name();
    if (depth == 0 || fn->nextEdges().empty())
        return out;
    out += "(";
    for (size_t i = 0; i < fn->nextEdges().size(); ++i)
        out += (i ? "," : "") + tree(fn->nextEdges()[i].function, depth - 1);
    return out + ")";
}

std::string savedNames(const Node& fn)
{
    std::set<std::string> names;
    for (const SavedVariable* s : fn.savedVariables())
        names.insert(s->slot());
    for (const auto& [name, value] : fn.savedAttrs())
        names.insert(name);
    std::string out;
    for (const std::string& n : names)
        out += (out.empty() ? "" : ",") + n;
    return out;
}

Tensor nonleaf(const Tensor& t) { return ops::mul(t, 1); }

Build inplace(std::function<void(Tensor&)> f)
{
    return [f] {
        Tensor y = nonleaf(leaf({2, 3}));
        f(y);
        return y;
    };
}

Tensor gt0(const Tensor& t) { return ops::compare(t, Scalar(0), ops::CompareOp::Gt); }

const std::map<std::string, Build>& cases()
{
    using namespace ops;
    static const std::map<std::string, Build> table = {
        {"add", [] { return add(leaf({2, 3}), leaf({2, 3})); }},
        {"add_scalar", [] { return add(leaf({2, 3}), Scalar(2)); }},
        {"add_broadcast", [] { return add(leaf({2, 3}), leaf({3})); }},
        {"sub", [] { return sub(leaf({2, 3}), leaf({2, 3})); }},
        {"rsub", [] { return rsub(leaf({2, 3}), Scalar(2)); }},
        {"mul", [] { return mul(leaf({2, 3}), leaf({2, 3})); }},
        {"mul_scalar", [] { return mul(leaf({2, 3}), Scalar(3)); }},
        {"div", [] { return div(leaf({2, 3}), pos({2, 3})); }},
        {"rdiv", [] { return rdiv(pos({2, 3}), Scalar(2)); }},
        {"pow_scalar", [] { return pow(leaf({2, 3}), Scalar(2)); }},
        {"pow_tensor", [] { return pow(pos({2, 3}), leaf({2, 3})); }},
        {"rpow", [] { return rpow(leaf({2, 3}), Scalar(2)); }},
        {"pow_scalar_base", [] { return pow(Scalar(2.0), leaf({2, 3})); }},
        {"neg", [] { return neg(leaf({2, 3})); }},
        {"exp", [] { return exp(leaf({2, 3})); }},
        {"log", [] { return log(pos({2, 3})); }},
        {"sqrt", [] { return sqrt(pos({2, 3})); }},
        {"rsqrt", [] { return rsqrt(pos({2, 3})); }},
        {"abs", [] { return abs(leaf({2, 3})); }},
        {"sin", [] { return sin(leaf({2, 3})); }},
        {"cos", [] { return cos(leaf({2, 3})); }},
        {"tanh", [] { return tanh(leaf({2, 3})); }},
        {"sigmoid", [] { return sigmoid(leaf({2, 3})); }},
        {"relu", [] { return relu(leaf({2, 3})); }},
        {"leaky_relu", [] { return leakyRelu(leaf({2, 3}), 0.2); }},
        {"gelu", [] { return gelu(leaf({2, 3})); }},
        {"selu", [] { return elu(leaf({2, 3}), 1.6732632423543772848170429916717, 1.0507009873554804934193349852946); }},
        {"celu", [] { return celu(leaf({2, 3}), 0.5); }},
        {"threshold", [] { return threshold(leaf({2, 3}), 0.2, -1.0); }},
        {"hardshrink", [] { return hardshrink(leaf({2, 3})); }},
        {"softshrink", [] { return softshrink(leaf({2, 3}), 0.3); }},
        {"hardsigmoid", [] { return hardsigmoid(leaf({2, 3})); }},
        {"hardswish", [] { return hardswish(leaf({2, 3})); }},
        {"logsigmoid", [] { return logSigmoid(leaf({2, 3})); }},
        {"mish", [] { return mish(leaf({2, 3})); }},
        {"glu", [] { return glu(leaf({2, 4})); }},
        {"prelu", [] { return prelu(leaf({2, 3}), pos({3})); }},
        {"clamp", [] { return clamp(leaf({2, 3}), Scalar(-0.5), Scalar(0.5)); }},
        {"floor", [] { return floor(leaf({2, 3})); }},
        {"round_decimals", [] { return round(leaf({2, 3}), 1); }},
        {"frac", [] { return frac(leaf({2, 3})); }},
        {"sgn", [] { return sgn(leaf({2, 3})); }},
        {"log2", [] { return log2(pos({2, 3})); }},
        {"exp2", [] { return exp2(leaf({2, 3})); }},
        {"tan", [] { return tan(leaf({2, 3})); }},
        {"atan", [] { return atan(leaf({2, 3})); }},
        {"asin", [] { return asin(leaf({2, 3})); }},
        {"acos", [] { return acos(leaf({2, 3})); }},
        {"sinh", [] { return sinh(leaf({2, 3})); }},
        {"cosh", [] { return cosh(leaf({2, 3})); }},
        {"asinh", [] { return asinh(leaf({2, 3})); }},
        {"acosh", [] { return acosh(pos({2, 3})); }},
        {"atanh", [] { return atanh(leaf({2, 3})); }},
        {"fmod", [] { return fmod(leaf({2, 3}), pos({2, 3})); }},
        {"fmod_scalar", [] { return fmod(leaf({2, 3}), Scalar(0.7)); }},
        {"div_trunc", [] { return div(leaf({2, 3}), pos({2, 3}), std::string("trunc")); }},
        {"addcmul", [] { return addcmul(leaf({2, 3}), leaf({2, 3}), leaf({3}), Scalar(0.5)); }},
        {"addcdiv", [] { return addcdiv(leaf({2, 3}), leaf({2, 3}), pos({2, 3}), Scalar(int64_t(2))); }},
        {"where", [] { return where(gt0(leaf({2, 3})), leaf({2, 3}), leaf({2, 3})); }},
        {"masked_fill",
         [] {
             Tensor x = leaf({2, 3});
             return maskedFill(x, gt0(x), Scalar(0.0));
         }},
        {"sum", [] { return sum(leaf({2, 3})); }},
        {"sum_dim", [] { return sum(leaf({2, 3}), {1}); }},
        {"mean", [] { return mean(leaf({2, 3})); }},
        {"mean_dim_keepdim", [] { return mean(leaf({2, 3}), {0}, true); }},
        {"max", [] { return max(leaf({2, 3})); }},
        {"min", [] { return min(leaf({2, 3})); }},
        {"max_dim", [] { return max(leaf({2, 3}), 1).first; }},
        {"min_dim_keepdim", [] { return min(leaf({2, 3}), 1, true).first; }},
        {"kthvalue", [] { return kthvalue(leaf({2, 3}), 2, 1).first; }},
        {"median", [] { return median(leaf({2, 3})); }},
        {"median_dim_keepdim", [] { return median(leaf({2, 3}), 0, true).first; }},
        {"mode", [] { return mode(leaf({2, 3}), 1).first; }},
        {"cummax", [] { return cummax(leaf({2, 3}), 1).first; }},
        {"cummin", [] { return cummin(leaf({2, 3}), 0).first; }},
        {"index_add", [] { return indexAdd(leaf({3, 2}), 0, longs({2}, {2, 0}), leaf({2, 2}), Scalar(2)); }},
        {"softmax", [] { return softmax(leaf({2, 3}), 1); }},
        {"log_softmax", [] { return logSoftmax(leaf({2, 3}), -1); }},
        {"dot", [] { return matmul(leaf({3}), leaf({3})); }},
        {"mv", [] { return matmul(leaf({2, 3}), leaf({3})); }},
        {"vm", [] { return matmul(leaf({3}), leaf({3, 4})); }},
        {"mm", [] { return matmul(leaf({2, 3}), leaf({3, 4})); }},
        {"mm_transposed", [] { return matmul(t(leaf({3, 2})), t(leaf({4, 3}))); }},
        {"b3_at_m", [] { return matmul(leaf({2, 3, 4}), leaf({4, 5})); }},
        {"b3_at_v", [] { return matmul(leaf({2, 3, 4}), leaf({4})); }},
        {"v_at_c3", [] { return matmul(leaf({4}), leaf({2, 4, 5})); }},
        {"m_at_c3", [] { return matmul(leaf({3, 4}), leaf({2, 4, 5})); }},
        {"b3_at_c3", [] { return matmul(leaf({2, 3, 4}), leaf({2, 4, 5})); }},
        {"b4_at_c3", [] { return matmul(leaf({2, 2, 3, 4}), leaf({2, 4, 5})); }},
        {"b3perm_at_m", [] { return matmul(permute(leaf({2, 4, 3}), {0, 2, 1}), leaf({4, 5})); }},
        {"bmm", [] { return bmm(leaf({2, 3, 4}), leaf({2, 4, 5})); }},
        {"addmm", [] { return addmm(leaf({5}), leaf({3, 4}), leaf({4, 5})); }},
        {"linear_2d", [] { return linear(leaf({2, 4}), leaf({5, 4}), leaf({5})); }},
        {"linear_2d_nonleaf_bias", [] { return linear(leaf({2, 4}), leaf({5, 4}), clone(leaf({5}))); }},
        {"linear_2d_no_bias", [] { return linear(leaf({2, 4}), leaf({5, 4})); }},
        {"linear_1d", [] { return linear(leaf({4}), leaf({5, 4}), leaf({5})); }},
        {"linear_1d_no_bias", [] { return linear(leaf({4}), leaf({5, 4})); }},
        {"linear_3d", [] { return linear(leaf({2, 3, 4}), leaf({5, 4}), leaf({5})); }},
        {"linear_3d_no_bias", [] { return linear(leaf({2, 3, 4}), leaf({5, 4})); }},
        {"linear_3d_noncontiguous", [] { return linear(transpose(leaf({3, 2, 4}), 0, 1), leaf({5, 4}), leaf({5})); }},
        {"linear_4d", [] { return linear(leaf({2, 2, 3, 4}), leaf({5, 4}), leaf({5})); }},
        {"rnn_tanh",
         [] {
             return rnnTanh(leaf({2, 3, 4}), leaf({1, 3, 5}), {leaf({5, 4}), leaf({5, 5}), leaf({5}), leaf({5})},
                            RnnOptions{true, 1, 0.0, true, false, false})
                 .first;
         }},
        {"rnn_relu_batch_first",
         [] {
             return rnnRelu(leaf({3, 2, 4}), leaf({1, 3, 5}), {leaf({5, 4}), leaf({5, 5})},
                            RnnOptions{false, 1, 0.0, true, false, true})
                 .first;
         }},
        {"gru_bidirectional_batch_first",
         [] {
             const TensorList weights = {leaf({15, 4}), leaf({15, 5}), leaf({15}), leaf({15})};
             TensorList params = weights;
             params.insert(params.end(), weights.begin(), weights.end());
             return gru(leaf({3, 2, 4}), leaf({2, 3, 5}), params, RnnOptions{true, 1, 0.0, true, true, true}).first;
         }},
        {"lstm_batch_first",
         [] {
             return std::get<0>(lstm(leaf({3, 2, 4}), {leaf({1, 3, 5}), leaf({1, 3, 5})},
                                     {leaf({20, 4}), leaf({20, 5}), leaf({20}), leaf({20})},
                                     RnnOptions{true, 1, 0.0, true, false, true}));
         }},
        {"dropout", [] { return dropout(leaf({2, 3}), 0.5, true); }},
        {"dropout_p1", [] { return dropout(leaf({2, 3}), 1.0, true); }},
        {"mse", [] { return mseLoss(leaf({2, 3}), leaf({2, 3})); }},
        {"mse_none", [] { return mseLoss(leaf({2, 3}), leaf({2, 3}), Reduction::None); }},
        {"mse_broadcast", [] { return mseLoss(leaf({2, 3}), leaf({3})); }},
        {"nll", [] { return nllLoss(leaf({2, 3}), longs({2}, {0, 2})); }},
        {"nll_1d", [] { return nllLoss(leaf({3}), longs({}, {1})); }},
        {"cross_entropy", [] { return crossEntropy(leaf({2, 3}), longs({2}, {0, 2})); }},
        {"cross_entropy_1d", [] { return crossEntropy(leaf({3}), longs({}, {1})); }},
        {"cat", [] { return cat({leaf({2, 3}), leaf({2, 2})}, 1); }},
        {"stack", [] { return stack({leaf({3}), leaf({3})}); }},
        {"index", [] { return indexWithTensor(leaf({3, 2}), longs({3}, {1, 0, 1})); }},
        {"index_mask",
         [] {
             Tensor x = leaf({2, 3});
             return indexWithTensor(x, gt0(x));
         }},
        {"index_0d", [] { return indexWithTensor(leaf({3, 2}), longs({}, {1})); }},
        {"reshape_view", [] { return reshape(leaf({2, 3}), {3, 2}); }},
        {"reshape_copy", [] { return reshape(t(leaf({2, 3})), {6}); }},
        {"view", [] { return view(leaf({2, 3}), {6}); }},
        {"flatten", [] { return flatten(leaf({2, 3})); }},
        {"transpose", [] { return transpose(leaf({2, 3}), 0, 1); }},
        {"t", [] { return t(leaf({2, 3})); }},
        {"permute", [] { return permute(leaf({2, 3, 4}), {2, 0, 1}); }},
        {"unsqueeze", [] { return unsqueeze(leaf({2, 3}), 1); }},
        {"squeeze", [] { return squeeze(leaf({2, 1})); }},
        {"squeeze_dim", [] { return squeeze(leaf({2, 1}), 1); }},
        {"expand", [] { return expand(leaf({1, 3}), {2, 3}); }},
        {"select_slice", [] { return select(slice(leaf({2, 3}), 0, std::nullopt, std::nullopt), 1, 1); }},
        {"narrow", [] { return narrow(leaf({2, 3}), 1, 1, 2); }},
        {"clone", [] { return clone(leaf({2, 3})); }},
        {"to_float32", [] { return toDtype(leaf({2, 3}), ScalarType::Float32); }},
        {"fill_", inplace([](Tensor& y) { fillInplace(y, Scalar(2.0)); })},
        {"copy_", inplace([](Tensor& y) { copyInplace(y, leaf({2, 3})); })},
        {"zero_", inplace([](Tensor& y) { zeroInplace(y); })},
        {"add_", inplace([](Tensor& y) { addInplace(y, leaf({2, 3})); })},
        {"mul_", inplace([](Tensor& y) { mulInplace(y, leaf({2, 3})); })},
        {"relu_", inplace([](Tensor& y) { reluInplace(y); })},
        {"tan_", inplace([](Tensor& y) { tanInplace(y); })},
        {"asin_", inplace([](Tensor& y) { asinInplace(y); })},
        {"cosh_", inplace([](Tensor& y) { coshInplace(y); })},
        {"atanh_", inplace([](Tensor& y) { atanhInplace(y); })},
        {"abs_", inplace([](Tensor& y) { absInplace(y); })},
        {"neg_", inplace([](Tensor& y) { negInplace(y); })},
        {"sqrt_", inplace([](Tensor& y) { sqrtInplace(y); })},
        {"log_", inplace([](Tensor& y) { logInplace(y); })},
        {"reciprocal_", inplace([](Tensor& y) { reciprocalInplace(y); })},
        {"sin_", inplace([](Tensor& y) { sinInplace(y); })},
        {"floor_", inplace([](Tensor& y) { floorInplace(y); })},
        {"frac_", inplace([](Tensor& y) { fracInplace(y); })},
        {"round_decimals_", inplace([](Tensor& y) { roundInplace(y, 1); })},
        {"addcmul_", inplace([](Tensor& y) { addcmulInplace(y, leaf({2, 3}), leaf({2, 3})); })},
        {"index_add_", inplace([](Tensor& y) { indexAddInplace(y, 1, longs({2}, {2, 0}), leaf({2, 2})); })},
        {"index_assign",
         inplace([](Tensor& y) {
             // y[0] = 5.0: Python copies a 0-d tensor made from the number into the row.
             Tensor row = select(y, 0, 0);
             copyInplace(row, fromValues({}, {5.0}, ScalarType::Float64));
         })},
        {"leaky_relu_", inplace([](Tensor& y) { leakyReluInplace(y, 0.2); })},
        {"index_put", [] { return indexPut(leaf({3, 2}), {longs({2}, {2, 0})}, leaf({2, 2}), false); }},
        {"index_put_", inplace([](Tensor& y) { indexPutInplace(y, {longs({2}, {1, 1})}, leaf({3}), true); })},
        {"index_put_mask_",
         inplace([](Tensor& y) {
             indexPutInplace(y, {fromValues({2}, {1.0, 0.0}, ScalarType::Bool)}, leaf({}), false);
         })},
        {"index_after_slice", [] { return index(slice(leaf({2, 3}), 0, {}, {}, 1), {Tensor(), longs({2}, {2, 0})}); }},
        {"index_apart",
         [] { return index(slice(leaf({3, 2, 4}), 1, {}, {}, 1), {longs({2}, {1, 1}), Tensor(), longs({2}, {3, 0})}); }},
        {"remainder_", inplace([](Tensor& y) { remainderInplace(y, pos({2, 3})); })},
        {"fmod_", inplace([](Tensor& y) { fmodInplace(y, pos({2, 3})); })},
        {"pow_tensor_", inplace([](Tensor& y) { powInplace(y, leaf({2, 3})); })},
        {"cumsum_", inplace([](Tensor& y) { cumsumInplace(y, 1); })},
        {"cumprod_", inplace([](Tensor& y) { cumprodInplace(y, 0); })},
        {"take", [] { return take(leaf({2, 3}), longs({3}, {5, 0, 5})); }},
        {"unique", [] { return unique2(leaf({2, 3}), true, false, false).values; }},
    };
    return table;
}

}  // namespace

class TestGradNames : public QObject {
    Q_OBJECT

private slots:
    void graphMatchesPyTorch_data()
    {
        QTest::addColumn<QString>("expectedTree");
        QTest::addColumn<int>("expectedVersion");
        QTest::addColumn<QString>("expectedSaved");
        const auto rows = agv::testing::readTable("grad_names.txt");
        QVERIFY2(rows.size() >= 90, "grad_names.txt missing or truncated");
        for (const QStringList& row : rows) {
            QVERIFY(row.size() == 4);
            QTest::newRow(qPrintable(row[0])) << row[1] << row[2].toInt() << row[3];
        }
    }

    void graphMatchesPyTorch()
    {
        QFETCH(QString, expectedTree);
        QFETCH(int, expectedVersion);
        QFETCH(QString, expectedSaved);
        const std::string name = QTest::currentDataTag();
        auto it = cases().find(name);
        QVERIFY2(it != cases().end(), ("no C++ case for " + name).c_str());
        Tensor out = it->second();
        QCOMPARE(QString::fromStdString(tree(out.gradFn(), 3)), expectedTree);
        QCOMPARE(int(out.version()), expectedVersion);
        QCOMPARE(QString::fromStdString(savedNames(*out.gradFn())), expectedSaved);
    }

    void everyCaseIsInTheDataFile()
    {
        std::set<std::string> names;
        for (const QStringList& row : agv::testing::readTable("grad_names.txt"))
            names.insert(row[0].toStdString());
        for (const auto& [name, build] : cases())
            QVERIFY2(names.count(name), ("case not generated by PyTorch: " + name).c_str());
    }
};

QTEST_APPLESS_MAIN(TestGradNames)
#include "tst_grad_names.moc"
