#include "core/trace/trace_jsonl.h"

#include <charconv>
#include <cstring>
#include <istream>
#include <ostream>
#include <type_traits>
#include <utility>

#include "core/trace/event_fields.h"

namespace agv::trace {

namespace {

using schema::fields;

// ---------------------------------------------------------------------------------
// Enum names

using schema::EnumNames;
using schema::enumCount;

template <class E> const char* enumName(E e)
{
    if constexpr (std::is_same_v<E, ErrorKind>)
        return errorKindName(e);
    else
        return EnumNames<E>::names[static_cast<size_t>(e)];
}

template <class E> bool enumFromName(const std::string& name, E& out)
{
    if constexpr (std::is_same_v<E, ErrorKind>) {
        for (size_t i = 0; i < enumCount<ErrorKind>(); ++i)
            if (name == errorKindName(static_cast<ErrorKind>(i))) {
                out = static_cast<ErrorKind>(i);
                return true;
            }
        return false;
    } else {
        const auto& names = EnumNames<E>::names;
        for (size_t i = 0; i < std::size(names); ++i)
            if (name == names[i]) {
                out = static_cast<E>(i);
                return true;
            }
        return false;
    }
}

template <class T> constexpr bool isEnum = std::is_enum_v<T>;
using schema::hasFields;
using schema::IsVector;

// ---------------------------------------------------------------------------------
// Writer

void writeString(std::string& out, const std::string& s)
{
    out += '"';
    for (unsigned char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default:
            if (c < 0x20 || c == 0x7f) {
                static constexpr char hex[] = "0123456789abcdef";
                out += "\\u00";
                out += hex[c >> 4];
                out += hex[c & 0xf];
            } else {
                out += static_cast<char>(c);  // UTF-8 passes through unchanged
            }
        }
    }
    out += '"';
}

struct Writer {
    std::string& out;
    bool first = true;

    template <class T> void value(const T& v)
    {
        if constexpr (std::is_same_v<T, bool>) {
            out += v ? "true" : "false";
        } else if constexpr (std::is_same_v<T, std::string>) {
            writeString(out, v);
        } else if constexpr (isEnum<T>) {
            writeString(out, enumName(v));
        } else if constexpr (std::is_integral_v<T>) {
            out += std::to_string(v);
        } else if constexpr (IsVector<T>::value) {
            out += '[';
            for (size_t i = 0; i < v.size(); ++i) {
                if (i)
                    out += ',';
                value(v[i]);
            }
            out += ']';
        } else if constexpr (hasFields<T>) {
            out += '{';
            Writer nested{out};
            fields(nested, const_cast<T&>(v));  // fields() takes T&; the writer only reads
            out += '}';
        }
    }

    template <class T> void operator()(const char* name, const T& v)
    {
        if (!first)
            out += ',';
        first = false;
        writeString(out, name);
        out += ':';
        value(v);
    }
};

// ---------------------------------------------------------------------------------
// Parser: a small DOM, strict JSON (RFC 8259), depth-limited.

struct JsonMember;

struct Json {
    enum class Kind { Null, Bool, Number, String, Array, Object } kind = Kind::Null;
    bool boolean = false;
    std::string text;  ///< string value, or the number's literal text
    std::vector<Json> items;
    // Not std::pair<std::string, Json>: a pair of an incomplete type is undefined (clang
    // refuses it); a vector of one is allowed.
    std::vector<JsonMember> members;

    const Json* member(const char* name) const;
};

struct JsonMember {
    std::string key;
    Json value;
};

const Json* Json::member(const char* name) const
{
    for (const JsonMember& m : members)
        if (m.key == name)
            return &m.value;
    return nullptr;
}

class Parser {
public:
    explicit Parser(const std::string& s) : m_s(s) {}

    bool parse(Json& out, std::string& error)
    {
        skipSpace();
        if (!value(out, 0)) {
            error = m_error + " at column " + std::to_string(m_pos + 1);
            return false;
        }
        skipSpace();
        if (m_pos != m_s.size()) {
            error = "trailing characters at column " + std::to_string(m_pos + 1);
            return false;
        }
        return true;
    }

private:
    const std::string& m_s;
    size_t m_pos = 0;
    std::string m_error;

    bool fail(const char* what)
    {
        m_error = what;
        return false;
    }
    void skipSpace()
    {
        while (m_pos < m_s.size() && (m_s[m_pos] == ' ' || m_s[m_pos] == '\t' || m_s[m_pos] == '\n' || m_s[m_pos] == '\r'))
            ++m_pos;
    }
    bool literal(const char* word)
    {
        const size_t n = std::strlen(word);
        if (m_s.compare(m_pos, n, word) != 0)
            return fail("invalid literal");
        m_pos += n;
        return true;
    }

    bool value(Json& out, int depth)
    {
        if (depth > 64)
            return fail("nesting too deep");
        if (m_pos >= m_s.size())
            return fail("unexpected end of line");
        const char c = m_s[m_pos];
        switch (c) {
        case '{': return object(out, depth);
        case '[': return array(out, depth);
        case '"': out.kind = Json::Kind::String; return string(out.text);
        case 't': out.kind = Json::Kind::Bool; out.boolean = true; return literal("true");
        case 'f': out.kind = Json::Kind::Bool; out.boolean = false; return literal("false");
        case 'n': out.kind = Json::Kind::Null; return literal("null");
        default:
            if (c == '-' || (c >= '0' && c <= '9'))
                return number(out);
            return fail("unexpected character");
        }
    }

    bool number(Json& out)
    {
        const size_t start = m_pos;
        if (m_s[m_pos] == '-')
            ++m_pos;
        auto digits = [&] {
            const size_t d = m_pos;
            while (m_pos < m_s.size() && m_s[m_pos] >= '0' && m_s[m_pos] <= '9')
                ++m_pos;
            return m_pos > d;
        };
        if (!digits())
            return fail("invalid number");
        if (m_pos < m_s.size() && m_s[m_pos] == '.') {
            ++m_pos;
            if (!digits())
                return fail("invalid number");
        }
        if (m_pos < m_s.size() && (m_s[m_pos] == 'e' || m_s[m_pos] == 'E')) {
            ++m_pos;
            if (m_pos < m_s.size() && (m_s[m_pos] == '+' || m_s[m_pos] == '-'))
                ++m_pos;
            if (!digits())
                return fail("invalid number");
        }
        out.kind = Json::Kind::Number;
        out.text = m_s.substr(start, m_pos - start);
        return true;
    }

    static void appendUtf8(std::string& out, uint32_t cp)
    {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }

    bool hex4(uint32_t& out)
    {
        if (m_pos + 4 > m_s.size())
            return fail("truncated \\u escape");
        out = 0;
        for (int i = 0; i < 4; ++i) {
            const char h = m_s[m_pos++];
            out <<= 4;
            if (h >= '0' && h <= '9') out |= h - '0';
            else if (h >= 'a' && h <= 'f') out |= h - 'a' + 10;
            else if (h >= 'A' && h <= 'F') out |= h - 'A' + 10;
            else return fail("invalid \\u escape");
        }
        return true;
    }

    bool string(std::string& out)
    {
        ++m_pos;  // opening quote
        out.clear();
        while (true) {
            if (m_pos >= m_s.size())
                return fail("unterminated string");
            const unsigned char c = static_cast<unsigned char>(m_s[m_pos++]);
            if (c == '"')
                return true;
            if (c < 0x20)
                return fail("control character in string");
            if (c != '\\') {
                out += static_cast<char>(c);
                continue;
            }
            if (m_pos >= m_s.size())
                return fail("unterminated escape");
            const char esc = m_s[m_pos++];
            switch (esc) {
            case '"': out += '"'; break;
            case '\\': out += '\\'; break;
            case '/': out += '/'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'u': {
                uint32_t cp = 0;
                if (!hex4(cp))
                    return false;
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    uint32_t low = 0;
                    if (m_s.compare(m_pos, 2, "\\u") != 0)
                        return fail("unpaired surrogate");
                    m_pos += 2;
                    if (!hex4(low) || low < 0xDC00 || low > 0xDFFF)
                        return fail("unpaired surrogate");
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    return fail("unpaired surrogate");
                }
                appendUtf8(out, cp);
                break;
            }
            default: return fail("invalid escape");
            }
        }
    }

    bool array(Json& out, int depth)
    {
        out.kind = Json::Kind::Array;
        ++m_pos;
        skipSpace();
        if (m_pos < m_s.size() && m_s[m_pos] == ']') {
            ++m_pos;
            return true;
        }
        while (true) {
            skipSpace();
            out.items.emplace_back();
            if (!value(out.items.back(), depth + 1))
                return false;
            skipSpace();
            if (m_pos >= m_s.size())
                return fail("unterminated array");
            if (m_s[m_pos] == ',') {
                ++m_pos;
                continue;
            }
            if (m_s[m_pos] == ']') {
                ++m_pos;
                return true;
            }
            return fail("expected ',' or ']'");
        }
    }

    bool object(Json& out, int depth)
    {
        out.kind = Json::Kind::Object;
        ++m_pos;
        skipSpace();
        if (m_pos < m_s.size() && m_s[m_pos] == '}') {
            ++m_pos;
            return true;
        }
        while (true) {
            skipSpace();
            if (m_pos >= m_s.size() || m_s[m_pos] != '"')
                return fail("expected a key");
            std::string key;
            if (!string(key))
                return false;
            skipSpace();
            if (m_pos >= m_s.size() || m_s[m_pos] != ':')
                return fail("expected ':'");
            ++m_pos;
            skipSpace();
            out.members.push_back({std::move(key), Json{}});
            if (!value(out.members.back().value, depth + 1))
                return false;
            skipSpace();
            if (m_pos >= m_s.size())
                return fail("unterminated object");
            if (m_s[m_pos] == ',') {
                ++m_pos;
                continue;
            }
            if (m_s[m_pos] == '}') {
                ++m_pos;
                return true;
            }
            return fail("expected ',' or '}'");
        }
    }
};

// ---------------------------------------------------------------------------------
// Reader: fills a payload from a parsed object. Missing fields keep their defaults.

struct Reader {
    const Json& obj;
    std::string error;

    template <class T> bool value(const Json& j, T& v)
    {
        if constexpr (std::is_same_v<T, bool>) {
            if (j.kind != Json::Kind::Bool)
                return false;
            v = j.boolean;
            return true;
        } else if constexpr (std::is_same_v<T, std::string>) {
            if (j.kind != Json::Kind::String)
                return false;
            v = j.text;
            return true;
        } else if constexpr (isEnum<T>) {
            return j.kind == Json::Kind::String && enumFromName(j.text, v);
        } else if constexpr (std::is_integral_v<T>) {
            if (j.kind != Json::Kind::Number)
                return false;
            const char* b = j.text.data();
            const char* e = b + j.text.size();
            auto [ptr, ec] = std::from_chars(b, e, v);
            return ec == std::errc() && ptr == e;  // rejects fractions and out-of-range values
        } else if constexpr (IsVector<T>::value) {
            if (j.kind != Json::Kind::Array)
                return false;
            v.clear();
            v.resize(j.items.size());
            for (size_t i = 0; i < j.items.size(); ++i)
                if (!value(j.items[i], v[i]))
                    return false;
            return true;
        } else if constexpr (hasFields<T>) {
            if (j.kind != Json::Kind::Object)
                return false;
            Reader nested{j, {}};
            fields(nested, v);
            if (!nested.error.empty()) {
                error = nested.error;
                return false;
            }
            return true;
        }
        return false;
    }

    template <class T> void operator()(const char* name, T& v)
    {
        if (!error.empty())
            return;
        if (const Json* j = obj.member(name))
            if (!value(*j, v) && error.empty())
                error = std::string("bad value for field \"") + name + "\"";
    }
};

bool payloadForName(const std::string& name, Payload& out)
{
    constexpr size_t n = std::variant_size_v<Payload>;
    for (size_t i = 0; i < n; ++i) {
        Payload p = schema::payloadOfIndex(i);
        if (name == eventName(p)) {
            out = std::move(p);
            return true;
        }
    }
    return false;
}

}  // namespace

std::string eventToJson(const Event& event)
{
    std::string out;
    out.reserve(128);
    out += "{\"step\":";
    out += std::to_string(event.step);
    out += ",\"line\":";
    out += std::to_string(event.line);
    out += ",\"type\":";
    writeString(out, eventName(event.payload));
    std::visit(
        [&](const auto& p) {
            using T = std::decay_t<decltype(p)>;
            Writer w{out, false};
            fields(w, const_cast<T&>(p));  // the writer only reads
        },
        event.payload);
    out += '}';
    return out;
}

std::optional<Event> eventFromJson(const std::string& line, std::string* error)
{
    auto setError = [&](std::string msg) {
        if (error)
            *error = std::move(msg);
        return std::nullopt;
    };
    Json root;
    std::string parseError;
    if (!Parser(line).parse(root, parseError))
        return setError(parseError);
    if (root.kind != Json::Kind::Object)
        return setError("an event must be a JSON object");
    const Json* type = root.member("type");
    if (!type || type->kind != Json::Kind::String)
        return setError("missing \"type\"");
    Event event;
    if (!payloadForName(type->text, event.payload))
        return setError("unknown event type \"" + type->text + "\"");
    Reader reader{root, {}};
    reader("step", event.step);
    reader("line", event.line);
    std::visit([&](auto& p) { fields(reader, p); }, event.payload);
    if (!reader.error.empty())
        return setError(reader.error);
    return event;
}

std::string noteToJson(const Note& note)
{
    std::string line = "{\"type\":\"Note\"";
    Writer w{line, false};
    fields(w, const_cast<Note&>(note));  // the writer only reads
    return line + "}";
}

void writeJsonl(const Recording& recording, std::ostream& out, const std::vector<Note>* notes)
{
    for (const Event& e : recording.events())
        out << eventToJson(e) << '\n';
    for (const Note& note : notes ? *notes : recording.notes())
        out << noteToJson(note) << '\n';
}

namespace {

/// Reads `line` as a "Note" line (see writeJsonl). Returns false when it is not one;
/// `error` is set when it is one but malformed.
bool noteFromJson(const std::string& line, Note& note, std::string& error)
{
    if (line.find("\"Note\"") == std::string::npos)  // cheap: notes are a handful of lines
        return false;
    Json root;
    std::string parseError;
    if (!Parser(line).parse(root, parseError) || root.kind != Json::Kind::Object)
        return false;  // the event parser reports it
    const Json* type = root.member("type");
    if (!type || type->kind != Json::Kind::String || type->text != "Note")
        return false;
    Reader reader{root, {}};
    fields(reader, note);
    error = reader.error.empty() ? std::string() : reader.error;
    return true;
}

}  // namespace

bool readJsonl(std::istream& in, Recording& recording, std::string* error, uint64_t budgetBytes)
{
    std::string line;
    size_t lineNumber = 0;
    uint64_t used = 0;
    auto overBudget = [&](uint64_t bytes) {
        used += bytes;
        if (used <= budgetBytes)
            return false;
        if (error)
            *error = "line " + std::to_string(lineNumber) + ": " + overBudgetMessage(budgetBytes);
        return true;
    };
    while (std::getline(in, line)) {
        ++lineNumber;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos)
            continue;
        std::string why;
        if (Note note; noteFromJson(line, note, why)) {
            if (!why.empty()) {
                if (error)
                    *error = "line " + std::to_string(lineNumber) + ": " + why;
                return false;
            }
            if (overBudget(footprint(note)))
                return false;
            recording.addNote(std::move(note));
            continue;
        }
        std::optional<Event> e = eventFromJson(line, &why);
        if (!e) {
            if (error)
                *error = "line " + std::to_string(lineNumber) + ": " + why;
            return false;
        }
        if (overBudget(footprint(e->payload)))
            return false;
        recording.record(std::move(e->payload), e->line);
    }
    return true;
}

}  // namespace agv::trace
