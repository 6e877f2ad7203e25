// Deep graphs: a 1,000,000-node chain runs backward and is freed without
// recursion (a recursive engine or destructor would overflow the stack).

#include <QtTest>

#include "core/autograd/engine.h"
#include "core/ops/ops.h"

using namespace agv;

class TestEngineDeep : public QObject {
    Q_OBJECT

private slots:
    void millionNodeChainBackwardAndFree()
    {
        constexpr int kChain = 1'000'000;
        Tensor x = ops::ones({});
        ops::requiresGrad_(x, true);
        Tensor y = x;
        for (int i = 0; i < kChain; ++i)
            y = ops::add(y, 1.0);
        QCOMPARE(y.item(), double(float(1.0 + kChain)));
        backward({y});
        QCOMPARE(x.grad().item(), 1.0);
        y = Tensor();  // drops the whole chain: must not recurse
        QVERIFY(x.grad().defined());
    }

    void millionNodeChainFreedWithoutBackward()
    {
        Tensor x = ops::ones({});
        ops::requiresGrad_(x, true);
        Tensor y = x;
        for (int i = 0; i < 1'000'000; ++i)
            y = ops::mul(y, 1.0);
        y = Tensor();
        QVERIFY(x.isLeaf());
    }

    void diamondGradientsSumWhereEdgesMeet()
    {
        Tensor x = ops::full({2}, 3.0);
        ops::requiresGrad_(x, true);
        Tensor a = ops::mul(x, 2);
        Tensor b = ops::mul(x, x);
        Tensor c = ops::add(a, b);
        backward({ops::sum(c)});
        QCOMPARE(x.grad().valueAt(0), 8.0);  // 2 + 2x
        QCOMPARE(x.grad().valueAt(1), 8.0);
    }
};

QTEST_APPLESS_MAIN(TestEngineDeep)
#include "tst_engine_deep.moc"
