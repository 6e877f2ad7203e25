#include "core/trace/trace_binary.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <istream>
#include <ostream>
#include <type_traits>
#include <utility>

#include "core/trace/event_fields.h"
#include "core/trace/footprint.h"

namespace agv::trace {

namespace {

using schema::fields;
using schema::hasFields;
using schema::IsVector;
using schema::enumCount;

constexpr size_t kHeaderSize = kBinaryTraceMagic.size() + 1;
/// No single record is this big (the largest are printed outputs, cut by the host's own
/// limits long before): a bigger length is corruption, not something to wait for.
constexpr uint64_t kMaxRecordBytes = 64ull << 20;
/// Strings longer than this are never interned, and the table stops growing here:
/// interning pays for the repeated names and dtypes, not for one-off text.
constexpr size_t kMaxInternedLength = 96;
constexpr size_t kMaxInternedStrings = 1u << 20;

enum StringTag : uint64_t { kEmpty = 0, kNewInterned = 1, kLiteral = 2, kFirstReference = 3 };

/// Fields that hold values or printed text: unique nearly every time, so not interned.
bool isOneOffText(const char* field)
{
    return std::strcmp(field, "preview") == 0 || std::strcmp(field, "text") == 0 ||
           std::strcmp(field, "message") == 0 || std::strcmp(field, "grad_inputs") == 0 ||
           std::strcmp(field, "grad_outputs") == 0;
}

void putVarint(std::string& out, uint64_t v)
{
    char buffer[10];
    size_t n = 0;
    while (v >= 0x80) {
        buffer[n++] = char(uint8_t(v) | 0x80);
        v >>= 7;
    }
    buffer[n++] = char(v);
    out.append(buffer, n);
}

uint64_t zigzag(int64_t v) { return (uint64_t(v) << 1) ^ uint64_t(v >> 63); }
int64_t unzigzag(uint64_t v) { return int64_t(v >> 1) ^ -int64_t(v & 1); }

/// Returns the number of bytes of the varint at `data`, 0 when it is incomplete and
/// -1 when it is malformed (more than 64 bits).
int readVarint(const char* data, size_t size, uint64_t& value)
{
    value = 0;
    for (size_t i = 0; i < size && i < 10; ++i) {
        const uint8_t byte = uint8_t(data[i]);
        if (i == 9 && byte > 1)
            return -1;
        value |= uint64_t(byte & 0x7f) << (7 * i);
        if (!(byte & 0x80))
            return int(i + 1);
    }
    return size >= 10 ? -1 : 0;
}

}  // namespace

struct BinaryFieldWriter {
    BinaryTraceEncoder& encoder;
    std::string& out;
    const char* field = "";

    template <class T> void value(const T& v)
    {
        if constexpr (std::is_same_v<T, bool>) {
            out += char(v ? 1 : 0);
        } else if constexpr (std::is_same_v<T, std::string>) {
            encoder.writeString(out, v, !isOneOffText(field));
        } else if constexpr (std::is_enum_v<T>) {
            out += char(uint8_t(v));
        } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
            putVarint(out, zigzag(int64_t(v)));
        } else if constexpr (std::is_integral_v<T>) {
            putVarint(out, uint64_t(v));
        } else if constexpr (IsVector<T>::value) {
            putVarint(out, v.size());
            for (const auto& item : v)
                value(item);
        } else if constexpr (hasFields<T>) {
            BinaryFieldWriter nested{encoder, out};
            fields(nested, const_cast<T&>(v));  // fields() takes T&; the writer only reads
        }
    }

    template <class T> void operator()(const char* name, const T& v)
    {
        field = name;
        value(v);
    }
};

void BinaryTraceEncoder::writeString(std::string& out, const std::string& s, bool intern)
{
    if (s.empty()) {
        putVarint(out, kEmpty);
        return;
    }
    if (intern && s.size() <= kMaxInternedLength) {
        if (auto it = m_interned.find(s); it != m_interned.end()) {
            putVarint(out, kFirstReference + it->second);
            return;
        }
        if (m_interned.size() < kMaxInternedStrings) {
            m_interned.emplace(s, m_interned.size());
            putVarint(out, kNewInterned);
            putVarint(out, s.size());
            out += s;
            return;
        }
    }
    putVarint(out, kLiteral);
    putVarint(out, s.size());
    out += s;
}

void BinaryTraceEncoder::writeHeader(std::string& out)
{
    out.append(kBinaryTraceMagic);
    out += char(kBinaryTraceVersion);
}

void BinaryTraceEncoder::writeEvent(std::string& out, const Payload& payload, int line)
{
    m_record.clear();
    m_record += char(uint8_t(payload.index()));
    putVarint(m_record, zigzag(line));
    std::visit(
        [&](const auto& p) {
            using T = std::decay_t<decltype(p)>;
            BinaryFieldWriter w{*this, m_record};
            fields(w, const_cast<T&>(p));  // the writer only reads
        },
        payload);
    putVarint(out, m_record.size());
    out += m_record;
}

void BinaryTraceEncoder::writeNote(std::string& out, const Note& note)
{
    m_record.clear();
    m_record += char(kNoteKind);
    BinaryFieldWriter w{*this, m_record};
    fields(w, const_cast<Note&>(note));  // the writer only reads
    putVarint(out, m_record.size());
    out += m_record;
}

bool looksLikeBinaryTrace(std::string_view bytes)
{
    return bytes.size() >= kBinaryTraceMagic.size() && bytes.substr(0, kBinaryTraceMagic.size()) == kBinaryTraceMagic;
}

/// Reads one record's fields. A record that ends at a field boundary leaves the later
/// fields at their defaults (an older writer); one that ends inside a field is corrupt.
struct BinaryFieldReader {
    BinaryTraceDecoder& decoder;
    const char* at;
    const char* end;
    uint64_t& decodedBytes;  ///< of the whole record: references to interned strings expand
    const char* error = nullptr;
    bool ended = false;  ///< the record had no more fields

    bool varint(uint64_t& v)
    {
        const int n = readVarint(at, size_t(end - at), v);
        if (n <= 0) {
            error = "malformed number";
            return false;
        }
        at += n;
        return true;
    }

    bool bytes(std::string& s, uint64_t length)
    {
        if (length > uint64_t(end - at)) {
            error = "string longer than its record";
            return false;
        }
        s.assign(at, size_t(length));
        at += length;
        return true;
    }

    /// Counts memory as it is decoded, so one record cannot blow past the budget.
    bool spend(uint64_t bytes)
    {
        decodedBytes += bytes;
        if (decoder.m_footprint + decodedBytes > decoder.m_budget) {
            error = "over budget";
            return false;
        }
        return true;
    }

    bool string(std::string& s)
    {
        uint64_t tag = 0;
        if (!varint(tag))
            return false;
        if (tag == kEmpty) {
            s.clear();
        } else if (tag == kNewInterned || tag == kLiteral) {
            uint64_t length = 0;
            if (!varint(length) || !bytes(s, length))
                return false;
            if (tag == kNewInterned) {
                if (decoder.m_interned.size() >= kMaxInternedStrings || s.size() > kMaxInternedLength) {
                    error = "bad interned string";
                    return false;
                }
                decoder.m_interned.push_back(s);
                decoder.m_footprint += sizeof(std::string) + s.size();
            }
        } else {
            const uint64_t id = tag - kFirstReference;
            if (id >= decoder.m_interned.size()) {
                error = "reference to an unknown string";
                return false;
            }
            s = decoder.m_interned[size_t(id)];
        }
        return spend(s.size());
    }

    template <class T> bool value(T& v)
    {
        if constexpr (std::is_same_v<T, bool> || std::is_enum_v<T>) {
            if (at == end) {
                error = "record cut inside a field";
                return false;
            }
            const uint8_t byte = uint8_t(*at++);
            if constexpr (std::is_same_v<T, bool>) {
                if (byte > 1) {
                    error = "bad boolean";
                    return false;
                }
                v = byte != 0;
            } else {
                if (byte >= enumCount<T>()) {
                    error = "bad enumeration value";
                    return false;
                }
                v = static_cast<T>(byte);
            }
            return true;
        } else if constexpr (std::is_same_v<T, std::string>) {
            return string(v);
        } else if constexpr (std::is_integral_v<T>) {
            uint64_t raw = 0;
            if (!varint(raw))
                return false;
            if constexpr (std::is_signed_v<T>) {
                const int64_t s = unzigzag(raw);
                if (s < int64_t(std::numeric_limits<T>::min()) || s > int64_t(std::numeric_limits<T>::max())) {
                    error = "number out of range";
                    return false;
                }
                v = T(s);
            } else {
                if (raw > uint64_t(std::numeric_limits<T>::max())) {
                    error = "number out of range";
                    return false;
                }
                v = T(raw);
            }
            return true;
        } else if constexpr (IsVector<T>::value) {
            uint64_t count = 0;
            if (!varint(count))
                return false;
            // Every item takes at least one byte, so a count beyond the record is corrupt
            // (and never turns into a huge allocation).
            if (count > uint64_t(end - at)) {
                error = "list longer than its record";
                return false;
            }
            if (!spend(count * sizeof(typename T::value_type)))
                return false;
            v.clear();
            v.resize(size_t(count));
            for (auto& item : v)
                if (!value(item))
                    return false;
            return true;
        } else if constexpr (hasFields<T>) {
            BinaryFieldReader nested{decoder, at, end, decodedBytes};
            fields(nested, v);
            at = nested.at;
            error = nested.error;
            if (!error && nested.ended)
                ended = true;
            return !error;
        }
    }

    template <class T> void operator()(const char*, T& v)
    {
        if (error || ended)
            return;
        if (at == end) {
            ended = true;
            return;
        }
        value(v);
    }
};

BinaryTraceDecoder::BinaryTraceDecoder(Recording& recording, uint64_t budgetBytes)
    : m_recording(recording), m_budget(budgetBytes)
{
}

bool BinaryTraceDecoder::fail(std::string message)
{
    if (m_error.empty())
        m_error = std::move(message);
    return false;
}

std::string BinaryTraceDecoder::readerError(const char* what)
{
    if (std::strcmp(what, "over budget") != 0)
        return what;
    m_overBudget = true;
    return overBudgetMessage(m_budget);
}

bool BinaryTraceDecoder::decodeRecord(std::string_view body)
{
    const uint8_t kind = uint8_t(body[0]);
    uint64_t decodedBytes = 0;
    BinaryFieldReader reader{*this, body.data() + 1, body.data() + body.size(), decodedBytes};
    if (kind == kNoteKind) {
        Note note;
        fields(reader, note);
        if (reader.error)
            return fail(readerError(reader.error));
        m_footprint += trace::footprint(note);
        if (m_footprint > m_budget)
            return fail(readerError("over budget"));
        m_recording.addNote(std::move(note));
        return true;
    }
    if (kind >= std::variant_size_v<Payload>)
        return true;  // a kind from a newer writer: skipped whole
    uint64_t rawLine = 0;
    if (!reader.varint(rawLine))
        return fail(reader.error);
    const int64_t line = unzigzag(rawLine);
    if (line < 0 || line > std::numeric_limits<int>::max())
        return fail("line number out of range");
    Payload payload = schema::payloadOfIndex(kind);
    std::visit([&](auto& p) { fields(reader, p); }, payload);
    if (reader.error)
        return fail(readerError(reader.error));
    m_footprint += trace::footprint(payload);
    if (m_footprint > m_budget)
        return fail(readerError("over budget"));
    m_recording.record(std::move(payload), int(line));
    return true;
}

bool BinaryTraceDecoder::feed(std::string_view bytes)
{
    if (failed())
        return false;
    // Decode straight from `bytes` when nothing is pending (the common case: a file read
    // in big blocks); keep only an incomplete tail.
    std::string_view data = bytes;
    if (!m_pending.empty()) {
        m_pending.append(bytes);
        data = m_pending;
    }
    size_t pos = 0;
    auto offsetError = [&](const std::string& what) {
        return fail(what + " at byte " + std::to_string(m_consumed + pos));
    };
    if (!m_headerSeen) {
        const size_t have = std::min(data.size(), kHeaderSize);
        if (data.substr(0, std::min(have, kBinaryTraceMagic.size())) !=
            kBinaryTraceMagic.substr(0, std::min(have, kBinaryTraceMagic.size())))
            return offsetError("not an autogradviz trace (bad magic)");
        if (have < kHeaderSize) {
            if (m_pending.empty())
                m_pending.assign(data);
            return true;
        }
        if (uint8_t(data[kBinaryTraceMagic.size()]) != kBinaryTraceVersion)
            return offsetError("unsupported trace version " + std::to_string(uint8_t(data[kBinaryTraceMagic.size()])));
        m_headerSeen = true;
        pos = kHeaderSize;
    }
    while (pos < data.size()) {
        uint64_t length = 0;
        const int n = readVarint(data.data() + pos, data.size() - pos, length);
        if (n < 0)
            return offsetError("malformed record length");
        if (n == 0)
            break;
        if (length == 0 || length > kMaxRecordBytes)
            return offsetError("bad record length " + std::to_string(length));
        if (data.size() - pos - size_t(n) < length)
            break;
        if (!decodeRecord(data.substr(pos + size_t(n), size_t(length)))) {
            m_error += " (record at byte " + std::to_string(m_consumed + pos) + ")";
            return false;
        }
        pos += size_t(n) + size_t(length);
    }
    m_consumed += pos;
    if (m_pending.empty())
        m_pending.assign(data.substr(pos));
    else
        m_pending.erase(0, pos);
    return true;
}

bool BinaryTraceDecoder::finish()
{
    if (failed())
        return false;
    if (!m_headerSeen)
        return fail("not an autogradviz trace (too short)");
    if (!m_pending.empty())
        return fail("the trace ends inside a record at byte " + std::to_string(m_consumed));
    return true;
}

void writeBinaryTrace(const Recording& recording, std::ostream& out, const std::vector<Note>* notes)
{
    BinaryTraceEncoder encoder;
    std::string buffer;
    BinaryTraceEncoder::writeHeader(buffer);
    for (const Event& e : recording.events()) {
        encoder.writeEvent(buffer, e.payload, e.line);
        if (buffer.size() >= (1u << 20)) {
            out.write(buffer.data(), std::streamsize(buffer.size()));
            buffer.clear();
        }
    }
    for (const Note& note : notes ? *notes : recording.notes())
        encoder.writeNote(buffer, note);
    out.write(buffer.data(), std::streamsize(buffer.size()));
}

bool readBinaryTrace(std::istream& in, Recording& recording, std::string* error, uint64_t budgetBytes)
{
    BinaryTraceDecoder decoder(recording, budgetBytes);
    std::string block(1u << 20, '\0');
    while (in) {
        in.read(block.data(), std::streamsize(block.size()));
        const std::streamsize got = in.gcount();
        if (got <= 0)
            break;
        if (!decoder.feed(std::string_view(block.data(), size_t(got))))
            break;
    }
    if (decoder.finish())
        return true;
    if (error)
        *error = decoder.error();
    return false;
}

}  // namespace agv::trace
