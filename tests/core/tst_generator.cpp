// Generator: reproducible streams, state save/restore, and sane distributions.

#include <QtTest>

#include <cmath>
#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include "core/error.h"
#include "core/random/generator.h"

using namespace agv;

namespace {

/// A mix of every kind of draw, so a state round trip is checked for all of them.
std::vector<double> mixedDraws(Generator& g, int count)
{
    std::vector<double> out;
    for (int i = 0; i < count; ++i) {
        out.push_back(g.uniformDouble());
        out.push_back(g.uniformFloat());
        out.push_back(g.normal());
        out.push_back(double(g.randint(-10, 10)));
        out.push_back(g.bernoulli(0.5) ? 1.0 : 0.0);
        out.push_back(double(g.random()));
    }
    return out;
}

}  // namespace

class TestGenerator : public QObject {
    Q_OBJECT

private slots:
    void engineIsTheStandardMersenneTwister()
    {
        Generator g(5489);
        std::mt19937 reference(5489);
        for (int i = 0; i < 10000; ++i)
            QCOMPARE(g.random(), uint32_t(reference()));
    }

    void sameSeedSameSequence()
    {
        Generator a(42);
        Generator b(7);
        b.manualSeed(42);
        QCOMPARE(mixedDraws(a, 500), mixedDraws(b, 500));

        Generator c(43);
        Generator d(42);
        QVERIFY(mixedDraws(c, 10) != mixedDraws(d, 10));
    }

    void manualSeedRestartsTheStream()
    {
        Generator g(1);
        const std::vector<double> first = mixedDraws(g, 20);
        g.normal();  // leaves a cached Box-Muller value behind
        g.manualSeed(1);
        QCOMPARE(mixedDraws(g, 20), first);
    }

    void initialSeed()
    {
        Generator g;
        QCOMPARE(g.initialSeed(), Generator::kDefaultSeed);
        g.manualSeed(123456789012345ULL);
        QCOMPARE(g.initialSeed(), 123456789012345ULL);

        const uint64_t fresh = g.seed();
        QCOMPARE(g.initialSeed(), fresh);
        Generator replay(fresh);
        QCOMPARE(mixedDraws(g, 10), mixedDraws(replay, 10));
    }

    void stateRestoresTheStream()
    {
        Generator g(2024);
        mixedDraws(g, 37);
        g.normal();  // an odd number of normals: the cached value must be saved too
        const std::vector<uint8_t> state = g.getState();
        const std::vector<double> expected = mixedDraws(g, 1000);  // crosses several twists

        g.setState(state);
        QCOMPARE(mixedDraws(g, 1000), expected);

        Generator other(99);
        other.setState(state);
        QCOMPARE(other.initialSeed(), uint64_t(2024));
        QCOMPARE(mixedDraws(other, 1000), expected);
        QCOMPARE(Generator(5).getState().size(), state.size());
    }

    void badStateIsRefusedAndChangesNothing()
    {
        Generator g(3);
        const std::vector<uint8_t> before = g.getState();
        QVERIFY_THROWS_EXCEPTION(Error, g.setState({1, 2, 3}));
        std::vector<uint8_t> corrupt = before;
        corrupt[0] = 77;
        QVERIFY_THROWS_EXCEPTION(Error, g.setState(corrupt));
        QCOMPARE(g.getState(), before);
    }

    void uniformRangeAndMoments()
    {
        Generator g(11);
        const int n = 100000;
        double sum = 0, sumF = 0;
        for (int i = 0; i < n; ++i) {
            const double u = g.uniformDouble();
            const float f = g.uniformFloat();
            QVERIFY(u >= 0.0 && u < 1.0);
            QVERIFY(f >= 0.0f && f < 1.0f);
            sum += u;
            sumF += f;
        }
        QVERIFY(std::fabs(sum / n - 0.5) < 0.01);
        QVERIFY(std::fabs(sumF / n - 0.5) < 0.01);
    }

    void normalMoments()
    {
        Generator g(12);
        const int n = 100000;
        double sum = 0, sumSq = 0;
        for (int i = 0; i < n; ++i) {
            const double x = g.normal();
            QVERIFY(std::isfinite(x));
            sum += x;
            sumSq += x * x;
        }
        const double mean = sum / n;
        const double variance = sumSq / n - mean * mean;
        QVERIFY2(std::fabs(mean) < 0.02, qPrintable(QString::number(mean)));
        QVERIFY2(std::fabs(variance - 1.0) < 0.02, qPrintable(QString::number(variance)));

        double shifted = 0;
        for (int i = 0; i < n; ++i)
            shifted += g.normal(3.0, 0.5);
        QVERIFY(std::fabs(shifted / n - 3.0) < 0.01);
    }

    void randintBounds()
    {
        Generator g(13);
        std::set<int64_t> seen;
        for (int i = 0; i < 10000; ++i) {
            const int64_t v = g.randint(-3, 4);
            QVERIFY(v >= -3 && v < 4);
            seen.insert(v);
        }
        QCOMPARE(seen.size(), size_t(7));

        for (int i = 0; i < 1000; ++i)
            QCOMPARE(g.randint(5, 6), int64_t(5));

        const int64_t low = INT64_MIN;
        const int64_t high = INT64_MAX;
        for (int i = 0; i < 1000; ++i) {
            const int64_t v = g.randint(low, high);
            QVERIFY(v < high);
        }
        for (int i = 0; i < 1000; ++i) {
            const int64_t v = g.randint(-(int64_t(1) << 40), int64_t(1) << 40);
            QVERIFY(v >= -(int64_t(1) << 40) && v < (int64_t(1) << 40));
        }
    }

    void randintEmptyRangeIsAnError()
    {
        Generator g(14);
        try {
            g.randint(5, 5);
            QFAIL("expected an error");
        } catch (const Error& e) {
            QCOMPARE(e.exc(), PyExc::RuntimeError);
            QCOMPARE(e.message(), std::string("random_ expects 'from' to be less than 'to', but got from=5 >= to=5"));
        }
    }

    void bernoulli()
    {
        Generator g(15);
        int hits = 0;
        const int n = 100000;
        for (int i = 0; i < n; ++i) {
            QVERIFY(!g.bernoulli(0.0));
            QVERIFY(g.bernoulli(1.0));
            hits += g.bernoulli(0.3) ? 1 : 0;
        }
        QVERIFY(std::fabs(double(hits) / n - 0.3) < 0.01);
        QVERIFY_THROWS_EXCEPTION(Error, g.bernoulli(1.5));
        QVERIFY_THROWS_EXCEPTION(Error, g.bernoulli(-0.1));
        QVERIFY_THROWS_EXCEPTION(Error, g.bernoulli(std::nan("")));
    }

    void defaultGeneratorIsShared()
    {
        QCOMPARE(&defaultGenerator(), &defaultGenerator());
        defaultGenerator().manualSeed(77);
        Generator local(77);
        QCOMPARE(mixedDraws(defaultGenerator(), 5), mixedDraws(local, 5));
    }
};

QTEST_APPLESS_MAIN(TestGenerator)
#include "tst_generator.moc"
