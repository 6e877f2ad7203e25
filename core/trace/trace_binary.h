#pragma once
// The compact binary trace: what the script host streams to the GUI and what the GUI
// saves (JSON lines stay as an export, trace_jsonl.h). Layout (README "Trace schema"):
//
//   trace   := "AGVTRACE" version:u8 record*
//   record  := length:varint kind:u8 field*          length counts kind and fields
//   kind    := the payload's index in trace::Payload (an event; its step is its position
//              among the events) | kNoteKind (a pinned note, not an event)
//   event   := line:zigzag, then the payload's fields in schema order (event_fields.h)
//   fields  := unsigned integers as LEB128 varints, signed ones zigzagged, bools and
//              enums one byte, vectors a varint count then the items, nested records
//              their own fields; strings a varint tag: 0 empty, 1 a new interned string
//              (length, bytes; it takes the next id), 2 a string used once (length,
//              bytes), n >= 3 the interned string n - 3.
//
// Names, dtypes, labels and source lines repeat in every run and are interned; value
// previews and printed text are not. Readers skip records of kinds they do not know
// and fields past the ones they know, and give missing trailing fields their
// defaults, so newer and older writers stay readable.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/trace/footprint.h"
#include "core/trace/recording.h"

namespace agv::trace {

inline constexpr std::string_view kBinaryTraceMagic = "AGVTRACE";
inline constexpr uint8_t kBinaryTraceVersion = 1;
inline constexpr uint8_t kNoteKind = 0xF0;

/// True when `bytes` starts like a binary trace (at least the magic is needed).
bool looksLikeBinaryTrace(std::string_view bytes);

/// Encodes events and notes, appending to a caller's buffer (the stream sink flushes
/// it to a pipe or file as it fills). Keeps the table of interned strings.
class BinaryTraceEncoder {
public:
    /// The magic and version; once, before the first record.
    static void writeHeader(std::string& out);
    void writeEvent(std::string& out, const Payload& payload, int line);
    void writeNote(std::string& out, const Note& note);

private:
    friend struct BinaryFieldWriter;
    void writeString(std::string& out, const std::string& s, bool intern);

    std::unordered_map<std::string, uint64_t> m_interned;
    std::string m_record;  ///< scratch: one record's body before its length is known
};

/// Decodes a binary trace fed in pieces of any size (a pipe's reads, a file's blocks):
/// complete records go into the recording, a partial one waits for more bytes. Malformed
/// input stops it with an error naming the byte offset; so does a trace whose events
/// would take more memory than the budget.
class BinaryTraceDecoder {
public:
    explicit BinaryTraceDecoder(Recording& recording, uint64_t budgetBytes = kDefaultTraceBudgetBytes);

    /// False once the input is malformed or over budget (see error()).
    bool feed(std::string_view bytes);
    /// Call at the end of a file: a record cut short is an error there (not in a pipe
    /// whose writer was killed, where what came whole is kept).
    bool finish();

    bool failed() const { return !m_error.empty(); }
    /// Failed because the events would outgrow the budget (the input itself was fine).
    bool overBudget() const { return m_overBudget; }
    const std::string& error() const { return m_error; }
    /// The estimated memory of what was decoded so far.
    uint64_t footprint() const { return m_footprint; }

private:
    friend struct BinaryFieldReader;
    bool decodeRecord(std::string_view body);
    bool fail(std::string message);
    std::string readerError(const char* what);

    Recording& m_recording;
    uint64_t m_budget;
    uint64_t m_footprint = 0;
    uint64_t m_consumed = 0;  ///< bytes before m_pending, for error offsets
    bool m_headerSeen = false;
    bool m_overBudget = false;
    std::string m_pending;
    std::vector<std::string> m_interned;
    std::string m_error;
};

void writeBinaryTrace(const Recording& recording, std::ostream& out, const std::vector<Note>* notes = nullptr);
bool readBinaryTrace(std::istream& in, Recording& recording, std::string* error = nullptr,
                     uint64_t budgetBytes = kDefaultTraceBudgetBytes);

}  // namespace agv::trace
