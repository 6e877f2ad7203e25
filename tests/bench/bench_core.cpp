// Core engine benchmarks (README table): per-op overhead of a long chain of small
// ops with the trace sink off and on, elementwise throughput against a memcpy
// roofline measured in the same run, and matmul GFLOP/s. It allocates through the
// program's own heap (jemalloc, app/heap.cpp) set up as for a script run, so an op's
// fresh output reuses pages as it does under `autogradviz --run`.
// Usage: bench_core [--quick]

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <vector>

#include "app/heap.h"
#include "core/autograd/engine.h"
#include "core/ops/ops.h"
#include "core/trace/recording.h"
#include "core/trace/trace_binary.h"
#include "core/trace/trace_jsonl.h"

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
    keepFreedPages();  // as a script run does (Note [Freed pages stay with a script run])
    const int chainLength = quick ? 30'000 : 300'000;

    std::printf("heap: %s\n\n| benchmark | result |\n|---|---|\n", heapReport().c_str());
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
    std::vector<float> src(size_t(n), 1.0f);
    std::vector<float> dst(size_t(n), 0.0f);
    const double copyTime = best(5, [&] { std::memcpy(dst.data(), src.data(), size_t(n) * sizeof(float)); });
    const double copyGBs = 2.0 * double(n) * 4 / copyTime / 1e9;  // read + write
    // An op allocates its output; a plain loop into a buffer freshly taken from the same
    // heap is the ceiling for that.
    const float* pa = a.data<float>();
    const float* pb = b.data<float>();
    const double freshTime = best(5, [&] {
        auto* out = static_cast<float*>(std::malloc(size_t(n) * sizeof(float)));
        for (int64_t i = 0; i < n; ++i)
            out[i] = pa[i] + pb[i];
        volatile float sink = out[n / 2];
        (void)sink;
        std::free(out);
    });
    const double freshGBs = 3.0 * double(n) * 4 / freshTime / 1e9;
    const double addTime = best(5, [&] { Tensor c = ops::add(a, b); });
    const double addGBs = 3.0 * double(n) * 4 / addTime / 1e9;  // two reads + one write
    const double expTime = best(5, [&] { Tensor c = ops::exp(a); });
    const double expGBs = 2.0 * double(n) * 4 / expTime / 1e9;
    std::printf("| memcpy roofline, %lld floats | %.1f GB/s |\n", (long long)n, copyGBs);
    std::printf("| plain C++ a+b into a buffer from the heap, %lld floats | %.1f GB/s |\n", (long long)n, freshGBs);
    std::printf("| add, %lld floats | %.1f GB/s (%.0f%% of roofline, %.0f%% of the plain loop) |\n",
                (long long)n, addGBs, 100.0 * addGBs / copyGBs, 100.0 * addGBs / freshGBs);
    std::printf("| exp, %lld floats | %.1f GB/s (%.0f%% of roofline) |\n", (long long)n, expGBs,
                100.0 * expGBs / copyGBs);

    for (int64_t size : {int64_t(512), int64_t(1024)}) {
        Tensor m1 = ops::rand({size, size}), m2 = ops::rand({size, size});
        const double t = best(quick ? 1 : 3, [&] { Tensor c = ops::mm(m1, m2); });
        std::printf("| matmul %lldx%lld float32 | %.1f GFLOP/s |\n", (long long)size, (long long)size,
                    2.0 * double(size * size * size) / t / 1e9);
    }

    // The host -> GUI stream: a real recording (the chain above, sink on) encoded by the
    // host and decoded by the GUI, in the binary trace they use and in JSON lines.
    {
        trace::Recording recording;
        {
            trace::ScopedSink sink(&recording);
            Tensor x = ops::scalarTensor(1.0);
            ops::requiresGrad_(x, true);
            Tensor y = x;
            for (int i = 0; i < (quick ? 5'000 : 50'000); ++i)
                y = ops::add(ops::mul(y, 1.0001), 0.5);
            agv::backward({y});
        }
        {
            trace::BinaryTraceEncoder encoder;
            std::string stream;
            const auto b0 = Clock::now();
            trace::BinaryTraceEncoder::writeHeader(stream);
            for (const trace::Event& e : recording.events())
                encoder.writeEvent(stream, e.payload, e.line);
            const auto b1 = Clock::now();
            trace::Recording decoded;
            trace::BinaryTraceDecoder decoder(decoded);
            // In 64 KiB pieces, as the GUI reads the pipe.
            for (size_t at = 0; at < stream.size(); at += 65536)
                decoder.feed(std::string_view(stream).substr(at, 65536));
            const auto b2 = Clock::now();
            if (!decoder.finish() || decoded.size() != recording.size())
                return 1;
            const double events = double(recording.size());
            std::printf("| binary stream, %zu events (%.1f bytes each): encode | %.2f M events/s |\n",
                        recording.size(), double(stream.size()) / events, events / seconds(b0, b1) / 1e6);
            std::printf("| binary stream: decode | %.2f M events/s |\n", events / seconds(b1, b2) / 1e6);
        }
        std::vector<std::string> lines;
        lines.reserve(recording.size());
        const auto t0 = Clock::now();
        for (const trace::Event& e : recording.events())
            lines.push_back(trace::eventToJson(e));
        const auto t1 = Clock::now();
        size_t bytes = 0;
        for (const std::string& line : lines) {
            bytes += line.size() + 1;
            if (!trace::eventFromJson(line))
                return 1;
        }
        const auto t2 = Clock::now();
        const double events = double(recording.size());
        std::printf("| JSONL stream, %zu events (%.0f bytes each): encode | %.2f M events/s |\n", recording.size(),
                    double(bytes) / events, events / std::chrono::duration<double>(t1 - t0).count() / 1e6);
        std::printf("| JSONL stream: decode | %.2f M events/s |\n",
                    events / std::chrono::duration<double>(t2 - t1).count() / 1e6);
    }
    return 0;
}
