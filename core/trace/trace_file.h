#pragma once
// Saving and opening recordings as files, in either encoding: the compact binary
// trace (trace_binary.h, ".agvtrace", what the GUI saves) or JSON lines
// (trace_jsonl.h, ".jsonl", the export people read and script). Opening looks at the
// file's first bytes, not its name.

#include <string>
#include <vector>

#include "core/trace/footprint.h"
#include "core/trace/recording.h"

namespace agv::trace {

enum class TraceFormat { Binary, Jsonl };

/// JSON lines for a ".jsonl" or ".json" name, the binary trace for anything else.
TraceFormat traceFormatForPath(const std::string& path);
/// A name that opens as a recording rather than a script: ".agvtrace", ".jsonl", ".json".
bool isTracePath(const std::string& path);

bool saveTrace(const Recording& recording, const std::string& path, std::string* error = nullptr,
               const std::vector<Note>* notes = nullptr);
bool loadTrace(const std::string& path, Recording& recording, std::string* error = nullptr,
               uint64_t budgetBytes = kDefaultTraceBudgetBytes);

}  // namespace agv::trace
