// Interpreter benchmark (README table): one script of many small tensor ops,
// forward then backward, run in-process exactly as `autogradviz --run` runs it
// (runScript, recording off and on), and the same script in real Python + PyTorch
// (/usr/bin/python3, launched from here so both are measured on the same machine
// in the same minute). Prints a markdown table with the ratio.
// Usage: bench_script [--quick]

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <unistd.h>

#include "core/script/script_runner.h"

using Clock = std::chrono::steady_clock;

namespace {

constexpr const char* kPython = "/usr/bin/python3";

/// `n` iterations of two small ops (mul, add): 2n graph nodes for backward.
std::string forwardLoop(int n)
{
    return "import torch\n"
           "x = torch.tensor(1.0, requires_grad=True)\n"
           "y = x\n"
           "for i in range(" +
           std::to_string(n) + "):\n    y = y * 1.0001 + 0.5\n";
}

struct Timing {
    double forwardS = 0;
    double backwardS = 0;
    double total() const { return forwardS + backwardS; }
};

/// Seconds of one runScript call; exits on a script error (the numbers would lie).
double timeRun(const std::string& source, bool record)
{
    agv::script::ScriptRunOptions options;
    options.record = record;
    const auto start = Clock::now();
    agv::script::ScriptRunOutcome outcome = agv::script::runScript(source, "bench.py", options);
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (outcome.exitCode != 0) {
        std::fprintf(stderr, "bench script failed:\n%s", outcome.stderrText.c_str());
        std::exit(1);
    }
    return seconds;
}

/// Best of `reps`. Without a clock inside scripts, the phases are differences of
/// runs: setup (interpreter + torch prelude), + forward loop, + backward.
Timing timeOurs(int n, bool record, int reps)
{
    const std::string setup = "import torch\nx = torch.tensor(1.0, requires_grad=True)\n";
    const std::string forward = forwardLoop(n);
    const std::string full = forward + "y.backward()\n";
    double setupS = 1e30, forwardS = 1e30, fullS = 1e30;
    for (int r = 0; r < reps; ++r) {
        setupS = std::min(setupS, timeRun(setup, record));
        forwardS = std::min(forwardS, timeRun(forward, record));
        fullS = std::min(fullS, timeRun(full, record));
    }
    return {std::max(0.0, forwardS - setupS), std::max(0.0, fullS - forwardS)};
}

/// Runs the same loop in real PyTorch, which times itself (startup and
/// `import torch` excluded). nullopt when python3 or torch is missing.
std::optional<Timing> timePyTorch(int n, int reps)
{
    char path[] = "/tmp/agv_bench_script_XXXXXX";
    const int fd = mkstemp(path);
    if (fd < 0)
        return std::nullopt;
    const std::string script = "import sys, time\n"
                               "try:\n    import torch\nexcept ImportError:\n    sys.exit(3)\n"
                               "n = int(sys.argv[1])\nbest_f = best_b = 1e30\n"
                               "for rep in range(" +
                               std::to_string(reps) +
                               "):\n"
                               "    x = torch.tensor(1.0, requires_grad=True)\n    y = x\n"
                               "    t0 = time.perf_counter()\n"
                               "    for i in range(n):\n        y = y * 1.0001 + 0.5\n"
                               "    t1 = time.perf_counter()\n    y.backward()\n    t2 = time.perf_counter()\n"
                               "    best_f, best_b = min(best_f, t1 - t0), min(best_b, t2 - t1)\n"
                               "    del x, y\n"
                               "print(best_f, best_b)\n";
    const bool written = write(fd, script.data(), script.size()) == static_cast<ssize_t>(script.size());
    close(fd);
    std::optional<Timing> timing;
    if (written && access(kPython, X_OK) == 0) {
        const std::string command = std::string(kPython) + " " + path + " " + std::to_string(n) + " 2>/dev/null";
        if (FILE* pipe = popen(command.c_str(), "r")) {
            Timing t;
            const bool parsed = std::fscanf(pipe, "%lf %lf", &t.forwardS, &t.backwardS) == 2;
            if (pclose(pipe) == 0 && parsed)
                timing = t;
        }
    }
    unlink(path);
    return timing;
}

void printRow(const char* name, const Timing& t, int ops, const std::optional<Timing>& reference)
{
    std::printf("| %s | %.3f | %.3f | %.3f | %.2f |", name, t.forwardS, t.backwardS, t.total(),
                t.forwardS * 1e6 / ops);
    if (reference)
        std::printf(" %.2fx |\n", t.total() / reference->total());
    else
        std::printf(" n/a |\n");
}

}  // namespace

int main(int argc, char** argv)
{
    const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
    const int n = quick ? 10'000 : 100'000;
    const int reps = quick ? 1 : 3;
    const int ops = 2 * n;

    const std::optional<Timing> pytorch = timePyTorch(n, reps);
    const Timing recordOff = timeOurs(n, false, reps);
    const Timing recordOn = timeOurs(n, true, reps);

    std::printf("Script: `for i in range(%d): y = y * 1.0001 + 0.5` then `y.backward()` (%d ops), best of %d\n\n",
                n, ops, reps);
    std::printf("| run | forward s | backward s | total s | forward us/op | vs PyTorch |\n|---|---|---|---|---|---|\n");
    if (pytorch)
        printRow("Python + PyTorch (/usr/bin/python3)", *pytorch, ops, pytorch);
    printRow("autogradviz --run, record off", recordOff, ops, pytorch);
    printRow("autogradviz --run, record on", recordOn, ops, pytorch);
    if (!pytorch)
        std::printf("\nPython + PyTorch skipped: %s cannot import torch.\n", kPython);
    return 0;
}
