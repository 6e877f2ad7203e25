#pragma once
// Recording <-> JSON lines (README.md, "Trace schema"): one event per line,
// {"step":0,"line":3,"type":"TensorCreated",...fields}. Self-contained: a small
// writer and a strict parser, no external JSON library.

#include <iosfwd>
#include <optional>
#include <string>

#include "core/trace/footprint.h"
#include "core/trace/recording.h"

namespace agv::trace {

/// One event as a single JSON object (no trailing newline).
std::string eventToJson(const Event& event);

/// Parses one line. Returns std::nullopt and sets `error` on malformed input or an
/// unknown event type. Unknown fields are ignored so newer writers stay readable.
std::optional<Event> eventFromJson(const std::string& line, std::string* error = nullptr);

/// One note as the single JSON line writeJsonl writes for it (no trailing newline).
std::string noteToJson(const Note& note);

/// The events, then the notes as lines {"type":"Note","step":..,"node":..,"text":..}
/// (the recording's own unless others are given: the GUI edits its notes apart).
void writeJsonl(const Recording& recording, std::ostream& out, const std::vector<Note>* notes = nullptr);

/// Reads a whole stream; blank lines are skipped. On the first bad line returns false
/// with `error` naming the line number; so does a stream whose events would take more
/// memory than the budget. Steps are renumbered in reading order.
bool readJsonl(std::istream& in, Recording& recording, std::string* error = nullptr,
               uint64_t budgetBytes = kDefaultTraceBudgetBytes);

// Files: saveTrace / loadTrace (trace_file.h) write JSON lines for a ".jsonl" name.

}  // namespace agv::trace
