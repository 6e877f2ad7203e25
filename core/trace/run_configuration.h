#pragma once
// A run made with a checkpoint override (core/autograd/checkpoint_override.h) says so in
// its own recording, so that no picture of it claims what the run did not do: it starts
// with a note naming the configuration, and each checkpoint_sequential the override
// changed leaves a note saying how it split its functions. A run as written carries
// neither: its trace is what it always was.
//
// Notes, not events: they are saved with the trace and shown in the caption, and older
// readers keep reading the file.

#include <cstdint>
#include <optional>
#include <vector>

#include "core/autograd/checkpoint_override.h"
#include "core/trace/recording.h"

namespace agv::trace {

/// The note a run with `configuration` starts with (none for as-written).
std::optional<Note> runConfigurationNote(const CheckpointOverride& configuration);

/// What checkpoint_sequential did under `configuration` at `step`: `functions` split into
/// `segmentsUsed` parts where the script asked for `segmentsAsked`.
Note sequentialOverrideNote(uint64_t step, const CheckpointOverride& configuration, int functions, int segmentsAsked,
                            int segmentsUsed);

/// The configuration a recording was made with: as-written when it has no configuration note.
CheckpointOverride recordedCheckpointOverride(const Recording& recording);

/// How many functions the run's checkpoint_sequential was given, when an override touched
/// it (0: no checkpoint_sequential ran under an override). The most when it ran on several.
int recordedSequentialFunctions(const Recording& recording);

/// The checkpoint_sequential segment counts Compare Runs tries for `functions` functions:
/// every count up to 12 functions; beyond, at most 12 (1-4, the classic sqrt(n) and its
/// neighbours, powers of two, and n), so a 100-layer model is not run 100 times.
std::vector<int> segmentCountsToCompare(int functions);

/// Adds `note` at the sink's current step when the sink keeps notes (a Recording or a
/// StreamSink; Sink itself carries events only). Returns false when it cannot.
bool addNoteToSink(Sink* sink, Note note);

/// The number of events the sink has received (its current step), 0 when unknown.
uint64_t sinkStep(const Sink* sink);

}  // namespace agv::trace
