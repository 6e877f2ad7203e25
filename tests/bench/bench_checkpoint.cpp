// Checkpointing and saved-tensor hooks benchmark (README table): one training step
// (forward + backward) of a 16-layer MLP (Linear(128, 128) + ReLU, batch 1024), plain,
// under checkpoint_sequential (4 segments, reentrant), under non-reentrant checkpoints
// of the same 4 segments, under identity saved_tensors_hooks and under save_on_cpu.
// Each is timed inside the script (best of N steps) in real Python + PyTorch 1.13
// and in `autogradviz --run` (recording off) and `--run --trace` (recorded; the peak of
// cpu memory the step added is read from that trace, in units of one 512 KiB
// activation). The recompute should cost about one extra forward.
// Usage: bench_checkpoint [--quick]

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <unistd.h>

namespace {

constexpr const char* kPython = "/usr/bin/python3";

const char* const kScript = R"(import time
import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint, checkpoint_sequential

torch.manual_seed(0)
layers = []
for i in range(16):
    layers += [nn.Linear(128, 128), nn.ReLU()]
model = nn.Sequential(*layers)
x = torch.ones(1024, 128, requires_grad=True)
segments = [nn.Sequential(*layers[i:i + 8]) for i in range(0, 32, 8)]


def step():
    MODE = "MODE_NAME"
    if MODE == "plain":
        out = model(x)
    elif MODE == "checkpoint_sequential":
        out = checkpoint_sequential(model, 4, x)
    elif MODE == "non_reentrant":
        out = x
        for segment in segments:
            out = checkpoint(segment, out, use_reentrant=False)
    elif MODE == "hooks":
        with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
            out = model(x)
    else:
        with torch.autograd.graph.save_on_cpu():
            out = model(x)
    t1 = time.perf_counter()
    out.sum().backward()
    return t1


best_forward = best_backward = None
for i in range(REPS):
    t0 = time.perf_counter()
    t1 = step()
    t2 = time.perf_counter()
    if best_forward is None or t2 - t0 < best_forward + best_backward:
        best_forward, best_backward = t1 - t0, t2 - t1
print(best_forward, best_backward)
)";

struct Timing {
    double forwardS = 0, backwardS = 0;
    double total() const { return forwardS + backwardS; }
};

std::string writeScript(const std::string& mode, int reps)
{
    std::string text = kScript;
    text.replace(text.find("MODE_NAME"), 9, mode);
    text.replace(text.find("REPS"), 4, std::to_string(reps));
    char path[] = "/tmp/agv_bench_checkpoint_XXXXXX.py";
    const int fd = mkstemps(path, 3);
    if (fd < 0 || write(fd, text.data(), text.size()) != ssize_t(text.size())) {
        std::perror("bench_checkpoint: temporary file");
        std::exit(1);
    }
    close(fd);
    return path;
}

std::optional<Timing> run(const std::string& command)
{
    FILE* pipe = popen((command + " 2>/dev/null").c_str(), "r");
    if (!pipe)
        return std::nullopt;
    Timing t;
    const bool parsed = std::fscanf(pipe, "%lf %lf", &t.forwardS, &t.backwardS) == 2;
    char sink[4096];
    while (std::fread(sink, 1, sizeof sink, pipe) > 0) {
    }
    if (pclose(pipe) != 0 || !parsed)
        return std::nullopt;
    return t;
}

/// The script line of `MODE = ...`, the step's first line.
int stepLine()
{
    const std::string text = kScript;
    const size_t at = text.find("    MODE = ");
    int line = 1;
    for (size_t i = 0; i < at; ++i)
        line += text[i] == '\n';
    return line;
}

/// Peak cpu bytes in use minus the bytes in use when the step's first line ran, read
/// from the JSONL trace.
double peakActivations(const std::string& tracePath)
{
    std::ifstream in(tracePath);
    std::string line;
    bool started = false;
    unsigned long long current = 0, base = 0, peak = 0;
    const std::string marker = "\"line\":" + std::to_string(stepLine()) + ",";
    while (std::getline(in, line)) {
        if (!started && line.find(marker) != std::string::npos) {
            started = true;
            base = peak = current;
        }
        if (line.find("\"type\":\"MemoryChanged\"") == std::string::npos ||
            line.find("\"device\":\"cpu\"") == std::string::npos)
            continue;
        const size_t at = line.find("\"current\":");
        if (at == std::string::npos)
            continue;
        current = std::strtoull(line.c_str() + at + 10, nullptr, 10);
        if (started && current > peak)
            peak = current;
    }
    return started ? double(peak - base) / (1024.0 * 128.0 * 4.0) : 0.0;
}

}  // namespace

int main(int argc, char** argv)
{
    const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
    const int reps = quick ? 2 : 5;
    const std::string bin = AGV_AUTOGRADVIZ_BIN;
    const bool havePyTorch =
        access(kPython, X_OK) == 0 && std::system("/usr/bin/python3 -c 'import torch' 2>/dev/null") == 0;
    const char* modes[] = {"plain", "checkpoint_sequential", "non_reentrant", "hooks", "save_on_cpu"};

    std::printf("One step of a 16-layer MLP (Linear(128, 128) + ReLU, batch 1024), best of %d steps; "
                "'peak' is the cpu memory the step added, in 512 KiB activations (from the trace).\n\n",
                reps);
    std::printf("| run | PyTorch 1.13 s | vs plain | autogradviz s | vs plain | vs PyTorch | recorded s | "
                "vs plain | peak (activations) |\n|---|---|---|---|---|---|---|---|---|\n");
    std::optional<Timing> plainPy, plainOurs, plainRecorded;
    for (const char* mode : modes) {
        const std::string script = writeScript(mode, reps);
        const std::string tracePath = script + ".jsonl";
        const std::optional<Timing> py = havePyTorch ? run(std::string(kPython) + " " + script) : std::nullopt;
        const std::optional<Timing> ours = run(bin + " --run " + script);
        const std::optional<Timing> recorded = run(bin + " --run " + script + " --trace " + tracePath);
        const double peak = recorded ? peakActivations(tracePath) : 0.0;
        if (std::strcmp(mode, "plain") == 0) {
            plainPy = py;
            plainOurs = ours;
            plainRecorded = recorded;
        }
        std::ostringstream row;
        row.setf(std::ios::fixed);
        row.precision(3);
        row << "| " << mode << " | ";
        if (py)
            row << py->total() << " | " << py->total() / plainPy->total() << "x | ";
        else
            row << "n/a | n/a | ";
        if (ours)
            row << ours->total() << " | " << ours->total() / plainOurs->total() << "x | ";
        else
            row << "failed | | ";
        if (py && ours)
            row << ours->total() / py->total() << "x | ";
        else
            row << "n/a | ";
        if (recorded)
            row << recorded->total() << " | " << recorded->total() / plainRecorded->total() << "x | ";
        else
            row << "failed | | ";
        row.precision(1);
        row << peak << " |";
        std::printf("%s\n", row.str().c_str());
        unlink(script.c_str());
        unlink(tracePath.c_str());
    }
    if (!havePyTorch)
        std::printf("\nPython + PyTorch skipped: %s cannot import torch (apt-get install python3-torch).\n", kPython);
    return 0;
}
