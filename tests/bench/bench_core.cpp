// Core engine benchmarks (README table): per-op overhead of a long chain of small
// ops with the trace sink off and on, elementwise throughput against a memcpy
// roofline measured in the same run, and matmul GFLOP/s.
// Usage: bench_core [--quick]

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <vector>

#include "core/autograd/engine.h"
#include "core/ops/ops.h"
#include "core/trace/recording.h"

using namespace agv;
using Clock = std::chrono::steady_clock;

namespace {

double seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

/// Best of `reps` runs of fn(), in seconds.
double best(int reps, const std::function<void()>& fn)
{
    double bestTime = 1e30;
    for (int r = 0; r < reps; ++r) {
        auto t0 = Clock::now();
        fn();
        bestTime = std::min(bestTime, seconds(t0, Clock::now()));
    }
    return bestTime;
}

struct ChainResult {
    double forwardUs, backwardUs;
};

ChainResult chain(int n, bool withSink)
{
    trace::Recording recording;
    trace::ScopedSink sink(withSink ? &recording : nullptr);
    Tensor x = ops::full({}, 1.0);
    ops::requiresGrad_(x, true);
    Tensor y = x;
    auto t0 = Clock::now();
    for (int i = 0; i < n; ++i)
        y = (i % 2) ? ops::mul(y, 1.0001) : ops::add(y, 0.5);
    auto t1 = Clock::now();
    backward({y});
    auto t2 = Clock::now();
    return {seconds(t0, t1) * 1e6 / n, seconds(t1, t2) * 1e6 / n};
}

}  // namespace

int main(int argc, char** argv)
{
    const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
    const int chainLength = quick ? 30'000 : 300'000;

    std::printf("| benchmark | result |\n|---|---|\n");
    for (bool sinkOn : {false, true}) {
        ChainResult best{1e30, 1e30};
        for (int r = 0; r < 3; ++r) {
            ChainResult c = chain(chainLength, sinkOn);
            best.forwardUs = std::min(best.forwardUs, c.forwardUs);
            best.backwardUs = std::min(best.backwardUs, c.backwardUs);
        }
        std::printf("| chain of %d small ops, sink %s: forward | %.3f us/op |\n", chainLength, sinkOn ? "on" : "off",
                    best.forwardUs);
        std::printf("| chain of %d small ops, sink %s: backward | %.3f us/node |\n", chainLength,
                    sinkOn ? "on" : "off", best.backwardUs);
    }

    const int64_t n = quick ? (1 << 20) : (16 << 20);
    Tensor a = ops::rand({n}), b = ops::rand({n});
    std::vector<float> src(static_cast<size_t>(n), 1.0f), dst(static_cast<size_t>(n));
    const double copyTime = best(5, [&] { std::memcpy(dst.data(), src.data(), size_t(n) * sizeof(float)); });
    const double copyGBs = 2.0 * double(n) * 4 / copyTime / 1e9;  // read + write
    const double addTime = best(5, [&] { Tensor c = ops::add(a, b); });
    const double addGBs = 3.0 * double(n) * 4 / addTime / 1e9;  // two reads + one write
    const double expTime = best(5, [&] { Tensor c = ops::exp(a); });
    const double expGBs = 2.0 * double(n) * 4 / expTime / 1e9;
    std::printf("| memcpy roofline, %lld floats | %.1f GB/s |\n", (long long)n, copyGBs);
    std::printf("| add, %lld floats | %.1f GB/s (%.0f%% of roofline) |\n", (long long)n, addGBs,
                100.0 * addGBs / copyGBs);
    std::printf("| exp, %lld floats | %.1f GB/s (%.0f%% of roofline) |\n", (long long)n, expGBs,
                100.0 * expGBs / copyGBs);

    for (int64_t size : {int64_t(512), int64_t(1024)}) {
        Tensor m1 = ops::rand({size, size}), m2 = ops::rand({size, size});
        const double t = best(quick ? 1 : 3, [&] { Tensor c = ops::mm(m1, m2); });
        std::printf("| matmul %lldx%lld float32 | %.1f GFLOP/s |\n", (long long)size, (long long)size,
                    2.0 * double(size * size * size) / t / 1e9);
    }
    return 0;
}
