#include "core/trace/run_configuration.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>

#include "core/trace/stream_sink.h"

namespace agv::trace {

namespace {
// Both notes start with fixed words that the readers below look for; the rest is prose.
constexpr std::string_view kConfigurationPrefix = "Run configuration: --checkpoint-config ";
constexpr std::string_view kSequentialPrefix = "checkpoint_sequential: ";

std::string segmentsText(int segments) { return std::to_string(segments) + (segments == 1 ? " segment" : " segments"); }

int leadingNumber(std::string_view text)
{
    int value = 0;
    std::from_chars(text.data(), text.data() + text.size(), value);
    return value;
}
}  // namespace

std::optional<Note> runConfigurationNote(const CheckpointOverride& configuration)
{
    std::string what;
    switch (configuration.mode) {
    case CheckpointOverride::Mode::AsWritten: return std::nullopt;
    case CheckpointOverride::Mode::Off:
        what = "checkpoint(fn, *args) calls fn directly and checkpoint_sequential runs its functions in order: "
               "nothing is checkpointed, whatever the script asks.";
        break;
    case CheckpointOverride::Mode::Segments:
        what = "checkpoint_sequential splits its functions into " + segmentsText(configuration.segments) +
               ", whatever the script asks; checkpoint() runs as written.";
        break;
    case CheckpointOverride::Mode::SacRecomputeAll:
        what = "selective checkpointing's policy is replaced by one that answers PREFER_RECOMPUTE for every op "
               "(plain checkpointing).";
        break;
    case CheckpointOverride::Mode::SacSaveAll:
        what = "selective checkpointing's policy is replaced by one that answers PREFER_SAVE for every op.";
        break;
    }
    Note note;
    note.text = std::string(kConfigurationPrefix) + configuration.text() + " (not as written). " + what;
    return note;
}

Note sequentialOverrideNote(uint64_t step, const CheckpointOverride& configuration, int functions, int segmentsAsked,
                            int segmentsUsed)
{
    Note note;
    note.step = step;
    const std::string asked = " (the script asks for " + std::to_string(segmentsAsked) + "; --checkpoint-config " +
                              configuration.text() + ").";
    if (configuration.mode == CheckpointOverride::Mode::Off)
        note.text = std::string(kSequentialPrefix) + std::to_string(functions) +
                    " functions run in order without checkpointing" + asked;
    else
        note.text = std::string(kSequentialPrefix) + std::to_string(functions) + " functions in " +
                    segmentsText(segmentsUsed) + asked;
    return note;
}

CheckpointOverride recordedCheckpointOverride(const Recording& recording)
{
    for (const Note& note : recording.notes()) {
        std::string_view text = note.text;
        if (!text.starts_with(kConfigurationPrefix))
            continue;
        text.remove_prefix(kConfigurationPrefix.size());
        if (const auto parsed = CheckpointOverride::parse(text.substr(0, text.find(' '))))
            return *parsed;
    }
    return {};
}

int recordedSequentialFunctions(const Recording& recording)
{
    int functions = 0;
    for (const Note& note : recording.notes())
        if (std::string_view(note.text).starts_with(kSequentialPrefix))
            functions = std::max(functions, leadingNumber(std::string_view(note.text).substr(kSequentialPrefix.size())));
    return functions;
}

bool addNoteToSink(Sink* sink, Note note)
{
    if (auto* recording = dynamic_cast<Recording*>(sink)) {
        note.step = std::min<uint64_t>(note.step, recording->size());
        recording->addNote(std::move(note));
        return true;
    }
    if (auto* stream = dynamic_cast<StreamSink*>(sink)) {
        stream->writeNote(note);
        return true;
    }
    return false;
}

uint64_t sinkStep(const Sink* sink)
{
    if (const auto* recording = dynamic_cast<const Recording*>(sink))
        return recording->size();
    if (const auto* stream = dynamic_cast<const StreamSink*>(sink))
        return stream->eventCount();
    return 0;
}

std::vector<int> segmentCountsToCompare(int functions)
{
    constexpr int kMostRuns = 12;
    std::vector<int> counts;
    if (functions <= kMostRuns) {
        for (int k = 1; k <= functions; ++k)
            counts.push_back(k);
        return counts;
    }
    const int root = static_cast<int>(std::lround(std::sqrt(double(functions))));
    counts = {1, 2, 3, 4, root - 1, root, root + 1, functions};
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    for (int power = 8; power < functions && int(counts.size()) < kMostRuns; power *= 2)
        if (!std::binary_search(counts.begin(), counts.end(), power))
            counts.insert(std::lower_bound(counts.begin(), counts.end(), power), power);
    return counts;
}

}  // namespace agv::trace
