// Script host benchmark (README table): whole processes, as users run them.
//  - a chain of small ops (`y = y * 1.0001 + 0.5`, two ops per iteration) forward and
//    backward, timed by the script itself with time.perf_counter, in
//    `autogradviz --run` (recording off), `autogradviz --run --trace FILE` (recorded,
//    and the trace written: whole-process time minus start-up is shown too), and in
//    real Python + PyTorch 1.13 (/usr/bin/python3) in the same minute;
//  - start-up to the first line of a script that only imports torch.
// Usage: bench_host [--quick]

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <unistd.h>

using Clock = std::chrono::steady_clock;

namespace {

constexpr const char* kPython = "/usr/bin/python3";

struct Timing {
    double forwardS = 0;
    double backwardS = 0;
    double wallS = 0;  ///< the whole process, start-up and trace writing included
    double total() const { return forwardS + backwardS; }
};

/// The scripts live in a folder of their own, as a learner's would: every entry of the
/// script's folder becomes a link in the run's folder, so a script in a crowded /tmp
/// would time that folder, not the host.
const std::string& benchFolder()
{
    static const std::string folder = [] {
        std::string pattern = "/tmp/agv_bench_host_XXXXXX";
        if (!mkdtemp(pattern.data())) {
            std::perror("bench_host: temporary folder");
            std::exit(1);
        }
        return pattern;
    }();
    return folder;
}

std::string writeTemp(const std::string& text, const char* suffix)
{
    std::string path = benchFolder() + "/script_XXXXXX" + suffix;
    const int fd = mkstemps(path.data(), int(std::strlen(suffix)));
    if (fd < 0 || write(fd, text.data(), text.size()) != ssize_t(text.size())) {
        std::perror("bench_host: temporary file");
        std::exit(1);
    }
    close(fd);
    return path;
}

/// Runs `command`; parses "forward backward" from its stdout when `parse` is set.
std::optional<Timing> runTimed(const std::string& command, bool parse)
{
    const auto start = Clock::now();
    FILE* pipe = popen((command + " 2>/dev/null").c_str(), "r");
    if (!pipe)
        return std::nullopt;
    Timing t;
    const bool parsed = !parse || std::fscanf(pipe, "%lf %lf", &t.forwardS, &t.backwardS) == 2;
    char sink[4096];
    while (std::fread(sink, 1, sizeof sink, pipe) > 0) {
    }
    const int status = pclose(pipe);
    t.wallS = std::chrono::duration<double>(Clock::now() - start).count();
    if (status != 0 || !parsed)
        return std::nullopt;
    return t;
}

/// Best (smallest total) of `reps` runs.
std::optional<Timing> best(const std::string& command, bool parse, int reps)
{
    std::optional<Timing> best;
    for (int r = 0; r < reps; ++r) {
        std::optional<Timing> t = runTimed(command, parse);
        if (!t)
            return std::nullopt;
        if (!best || (parse ? t->total() < best->total() : t->wallS < best->wallS))
            best = t;
    }
    return best;
}

void printRow(const char* name, const std::optional<Timing>& t, int ops, const std::optional<Timing>& reference,
              double startupS)
{
    if (!t) {
        std::printf("| %s | failed | | | | |\n", name);
        return;
    }
    std::printf("| %s | %.3f | %.3f | %.3f | %.2f | %.3f |", name, t->forwardS, t->backwardS, t->total(),
                t->forwardS * 1e6 / ops, t->wallS - startupS);
    if (reference)
        std::printf(" %.2fx | %.2fx |\n", t->total() / reference->total(),
                    (t->wallS - startupS) / (reference->wallS - startupS));
    else
        std::printf(" n/a | n/a |\n");
}

}  // namespace

int main(int argc, char** argv)
{
    const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
    const int n = quick ? 6'000 : 60'000;
    const int reps = quick ? 1 : 3;
    const int ops = 2 * n;
    const std::string bin = AGV_AUTOGRADVIZ_BIN;

    const std::string chain = writeTemp("import time\nimport torch\n"
                                        "x = torch.tensor(1.0, requires_grad=True)\ny = x\n"
                                        "t0 = time.perf_counter()\n"
                                        "for i in range(" + std::to_string(n) + "):\n"
                                        "    y = y * 1.0001 + 0.5\n"
                                        "t1 = time.perf_counter()\ny.backward()\nt2 = time.perf_counter()\n"
                                        "print(t1 - t0, t2 - t1)\n",
                                        ".py");
    const std::string empty = writeTemp("import torch\n", ".py");
    const std::string trace = writeTemp("", ".agvtrace");  // what the GUI streams and saves
    const bool havePyTorch = access(kPython, X_OK) == 0 && std::system("/usr/bin/python3 -c 'import torch' 2>/dev/null") == 0;

    const std::optional<Timing> startOurs = best(bin + " --run " + empty, false, quick ? 3 : 10);
    // What the window starts for every run: the host binary, streaming its recording.
    const std::optional<Timing> startHost =
        best(std::string(AGV_AUTOGRADVIZ_HOST_BIN) + " --host " + empty + " > /dev/null", false, quick ? 3 : 10);
    const std::optional<Timing> startPy = havePyTorch ? best(std::string(kPython) + " " + empty, false, quick ? 3 : 10)
                                                      : std::nullopt;
    const std::optional<Timing> pytorch =
        havePyTorch ? best(std::string(kPython) + " " + chain, true, reps) : std::nullopt;
    const std::optional<Timing> off = best(bin + " --run " + chain, true, reps);
    const std::optional<Timing> on = best(bin + " --run " + chain + " --trace " + trace, true, reps);

    std::printf("Script: `for i in range(%d): y = y * 1.0001 + 0.5` then `y.backward()` (%d ops), best of %d.\n"
                "Phases are timed inside the script; 'run s' is the whole process minus that program's start-up.\n\n",
                n, ops, reps);
    std::printf("| run | forward s | backward s | total s | forward us/op | run s | vs PyTorch (phases) | "
                "vs PyTorch (run) |\n|---|---|---|---|---|---|---|---|\n");
    const double pyStart = startPy ? startPy->wallS : 0;
    const double ourStart = startOurs ? startOurs->wallS : 0;
    if (pytorch)
        printRow("Python + PyTorch 1.13", pytorch, ops, pytorch, pyStart);
    printRow("autogradviz --run, recording off", off, ops, pytorch, ourStart);
    printRow("autogradviz --run --trace (recorded, trace written)", on, ops, pytorch, ourStart);
    std::printf("\n| start-up to the first line (`import torch`) | best of %d |\n|---|---|\n", quick ? 3 : 10);
    if (startOurs)
        std::printf("| autogradviz --run | %.1f ms |\n", startOurs->wallS * 1e3);
    if (startHost)
        std::printf("| autogradviz-host --host (what the window starts per run) | %.1f ms |\n", startHost->wallS * 1e3);
    if (startPy)
        std::printf("| Python + PyTorch 1.13 | %.1f ms |\n", startPy->wallS * 1e3);
    if (!havePyTorch)
        std::printf("\nPython + PyTorch skipped: %s cannot import torch (apt-get install python3-torch).\n", kPython);
    unlink(chain.c_str());
    unlink(empty.c_str());
    unlink(trace.c_str());
    rmdir(benchFolder().c_str());
    return 0;
}
