#include "core/script/lexer.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "core/script/syntax_error.h"

namespace agv::script {

namespace {

// CPython's tokenizer refuses more than 200 nested brackets (MAXLEVEL).
constexpr size_t kMaxBracketDepth = 200;
// CPython's tokenizer limit on nested blocks (MAXINDENT).
constexpr size_t kMaxIndentLevels = 100;

bool isIdentStart(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80; }
bool isIdentChar(unsigned char c) { return isIdentStart(c) || (c >= '0' && c <= '9'); }
bool isDigit(unsigned char c) { return c >= '0' && c <= '9'; }

class Lexer {
public:
    explicit Lexer(std::string_view source) : m_src(source) {}

    std::vector<Token> run()
    {
        bool atLineStart = true;
        while (true) {
            if (atLineStart && m_brackets.empty()) {
                if (!handleIndentation())
                    break;  // end of input
                atLineStart = false;
            }
            if (m_pos >= m_src.size())
                break;
            unsigned char c = static_cast<unsigned char>(m_src[m_pos]);
            if (c == ' ' || c == '\t' || c == '\f') {
                ++m_pos;
                continue;
            }
            if (c == '#') {
                skipComment();
                continue;
            }
            if (c == '\\') {
                size_t next = m_pos + 1;
                if (next < m_src.size() && (m_src[next] == '\n' || m_src[next] == '\r')) {
                    m_pos = next;
                    consumeNewlineChars();
                    continue;
                }
                if (next >= m_src.size())
                    fail("unexpected EOF while parsing", m_line, column());
                fail("unexpected character after line continuation character", m_line, column() + 1);
            }
            if (c == '\n' || c == '\r') {
                if (m_brackets.empty() && !m_tokens.empty() && m_tokens.back().kind != TokenKind::Newline) {
                    Token t = makeToken(TokenKind::Newline, column());
                    t.text = "\n";
                    m_tokens.push_back(t);
                }
                consumeNewlineChars();
                // Inside brackets a newline only joins lines: indentation is measured
                // at the start of the next logical line, never after a closing bracket.
                atLineStart = m_brackets.empty();
                continue;
            }
            if (isIdentStart(c)) {
                lexNameOrPrefixedString();
                continue;
            }
            if (isDigit(c) || (c == '.' && m_pos + 1 < m_src.size() && isDigit(static_cast<unsigned char>(m_src[m_pos + 1])))) {
                lexNumber();
                continue;
            }
            if (c == '"' || c == '\'') {
                lexString(m_pos, false, false);
                continue;
            }
            lexOperator();
        }
        if (!m_brackets.empty()) {
            const Bracket& b = m_brackets.back();
            fail(std::string("'") + b.ch + "' was never closed", b.line, b.column);
        }
        if (!m_tokens.empty() && m_tokens.back().kind != TokenKind::Newline) {
            Token t = makeToken(TokenKind::Newline, column());
            m_tokens.push_back(t);
        }
        while (m_indents.size() > 1) {
            m_indents.pop_back();
            m_tokens.push_back(makeToken(TokenKind::Dedent, 0));
        }
        m_tokens.push_back(makeToken(TokenKind::EndMarker, 0));
        return std::move(m_tokens);
    }

private:
    struct Bracket {
        char ch;
        int line;
        int column;
    };

    [[noreturn]] void fail(const std::string& message, int line, int col, const char* type = "SyntaxError")
    {
        throw ScriptSyntaxError(type, message, line, col);
    }

    int column() const { return static_cast<int>(m_pos - m_lineStart); }

    Token makeToken(TokenKind kind, int col) const
    {
        Token t;
        t.kind = kind;
        t.line = m_line;
        t.column = col;
        t.endLine = m_line;
        t.endColumn = column();
        return t;
    }

    void consumeNewlineChars()
    {
        if (m_src[m_pos] == '\r' && m_pos + 1 < m_src.size() && m_src[m_pos + 1] == '\n')
            ++m_pos;
        ++m_pos;
        ++m_line;
        m_lineStart = m_pos;
    }

    void skipComment()
    {
        while (m_pos < m_src.size() && m_src[m_pos] != '\n' && m_src[m_pos] != '\r')
            ++m_pos;
    }

    /// Measures the indentation of a logical line and emits INDENT/DEDENT.
    /// Returns false at end of input.
    bool handleIndentation()
    {
        while (true) {
            int width = 0;
            while (m_pos < m_src.size()) {
                char c = m_src[m_pos];
                if (c == ' ')
                    ++width;
                else if (c == '\t')
                    width = (width / 8 + 1) * 8;
                else if (c == '\f')
                    width = 0;
                else
                    break;
                ++m_pos;
            }
            if (m_pos >= m_src.size())
                return false;
            char c = m_src[m_pos];
            if (c == '#') {
                skipComment();
                if (m_pos >= m_src.size())
                    return false;
            }
            c = m_src[m_pos];
            if (c == '\n' || c == '\r') {
                consumeNewlineChars();
                continue;  // blank line: no tokens, no indentation change
            }
            if (c == '\\' && m_pos + 1 < m_src.size() && (m_src[m_pos + 1] == '\n' || m_src[m_pos + 1] == '\r'))
                return true;  // the continuation is handled by the main loop
            if (width > m_indents.back()) {
                if (m_indents.size() > kMaxIndentLevels)
                    fail("too many levels of indentation", m_line, column(), "IndentationError");
                m_indents.push_back(width);
                m_tokens.push_back(makeToken(TokenKind::Indent, column()));
            } else {
                while (width < m_indents.back()) {
                    m_indents.pop_back();
                    m_tokens.push_back(makeToken(TokenKind::Dedent, column()));
                }
                if (width != m_indents.back()) {
                    size_t end = m_pos;
                    while (end < m_src.size() && m_src[end] != '\n' && m_src[end] != '\r')
                        ++end;
                    fail("unindent does not match any outer indentation level", m_line,
                         static_cast<int>(end - m_lineStart), "IndentationError");
                }
            }
            return true;
        }
    }

    void lexNameOrPrefixedString()
    {
        size_t start = m_pos;
        while (m_pos < m_src.size() && isIdentChar(static_cast<unsigned char>(m_src[m_pos])))
            ++m_pos;
        std::string_view word = m_src.substr(start, m_pos - start);
        if (m_pos < m_src.size() && (m_src[m_pos] == '"' || m_src[m_pos] == '\'') && word.size() <= 2) {
            bool raw = false, fstring = false, bytes = false, valid = true;
            for (char ch : word) {
                switch (ch) {
                case 'r': case 'R': raw = true; break;
                case 'f': case 'F': fstring = true; break;
                case 'b': case 'B': bytes = true; break;
                case 'u': case 'U': valid = word.size() == 1; break;
                default: valid = false;
                }
            }
            if (valid) {
                if (bytes)
                    fail("bytes literals are not supported by this interpreter", m_line, static_cast<int>(start - m_lineStart));
                lexString(start, raw, fstring);
                return;
            }
        }
        Token t = makeToken(TokenKind::Name, static_cast<int>(start - m_lineStart));
        t.text = std::string(word);
        m_tokens.push_back(std::move(t));
    }

    void lexNumber()
    {
        size_t start = m_pos;
        int col = column();
        std::string digits;
        auto readDigits = [&](auto isValid) {
            while (m_pos < m_src.size()) {
                char c = m_src[m_pos];
                if (c == '_' && m_pos + 1 < m_src.size() && isValid(m_src[m_pos + 1])) {
                    ++m_pos;
                    continue;
                }
                if (!isValid(c))
                    break;
                digits += c;
                ++m_pos;
            }
        };
        auto decimal = [](char c) { return c >= '0' && c <= '9'; };
        Token t = makeToken(TokenKind::Int, col);
        char c0 = m_src[m_pos];
        char c1 = m_pos + 1 < m_src.size() ? m_src[m_pos + 1] : '\0';
        if (c0 == '0' && (c1 == 'x' || c1 == 'X' || c1 == 'o' || c1 == 'O' || c1 == 'b' || c1 == 'B')) {
            int base = (c1 == 'x' || c1 == 'X') ? 16 : (c1 == 'o' || c1 == 'O') ? 8 : 2;
            m_pos += 2;
            if (m_pos < m_src.size() && m_src[m_pos] == '_')
                ++m_pos;
            readDigits([base](char c) {
                if (base == 16)
                    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
                if (base == 8)
                    return c >= '0' && c <= '7';
                return c == '0' || c == '1';
            });
            const char* kind = base == 16 ? "hexadecimal" : base == 8 ? "octal" : "binary";
            if (digits.empty() || (m_pos < m_src.size() && isIdentChar(static_cast<unsigned char>(m_src[m_pos]))))
                fail(std::string("invalid ") + kind + " literal", m_line, column());
            uint64_t value = 0;
            auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value, base);
            if (ec != std::errc() || value > static_cast<uint64_t>(INT64_MAX))
                fail("integer literal too large (this interpreter uses 64-bit integers)", t.line, col, "OverflowError");
            t.intValue = static_cast<int64_t>(value);
        } else {
            bool isFloat = false;
            readDigits(decimal);
            if (m_pos < m_src.size() && m_src[m_pos] == '.') {
                isFloat = true;
                digits += '.';
                ++m_pos;
                readDigits(decimal);
            }
            if (m_pos < m_src.size() && (m_src[m_pos] == 'e' || m_src[m_pos] == 'E')) {
                size_t save = m_pos;
                std::string saveDigits = digits;
                digits += 'e';
                ++m_pos;
                if (m_pos < m_src.size() && (m_src[m_pos] == '+' || m_src[m_pos] == '-'))
                    digits += m_src[m_pos++];
                size_t before = digits.size();
                readDigits(decimal);
                if (digits.size() == before) {
                    m_pos = save;
                    digits = saveDigits;
                    fail("invalid decimal literal", m_line, column());
                }
                isFloat = true;
            }
            if (m_pos < m_src.size() && (m_src[m_pos] == 'j' || m_src[m_pos] == 'J'))
                fail("complex literals are not supported by this interpreter", m_line, col);
            if (m_pos < m_src.size() && isIdentChar(static_cast<unsigned char>(m_src[m_pos])))
                fail("invalid decimal literal", m_line, column());
            if (isFloat) {
                t.kind = TokenKind::Float;
                if (digits.front() == '.')
                    digits.insert(digits.begin(), '0');
                double value = 0.0;
                auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
                if (ec == std::errc::result_out_of_range) {
                    // Python reads overflowing literals as inf and underflowing ones as 0.0.
                    size_t e = digits.find_first_of("eE");
                    bool negativeExponent = e != std::string::npos && e + 1 < digits.size() && digits[e + 1] == '-';
                    value = negativeExponent ? 0.0 : HUGE_VAL;
                }
                t.floatValue = value;
            } else {
                if (digits.size() > 1 && digits[0] == '0' && digits.find_first_not_of('0') != std::string::npos)
                    fail("leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers",
                         t.line, col);
                uint64_t value = 0;
                auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
                if (ec != std::errc() || value > static_cast<uint64_t>(INT64_MAX))
                    fail("integer literal too large (this interpreter uses 64-bit integers)", t.line, col, "OverflowError");
                t.intValue = static_cast<int64_t>(value);
            }
        }
        t.text = std::string(m_src.substr(start, m_pos - start));
        t.endColumn = column();
        m_tokens.push_back(std::move(t));
    }

    /// `start` is the first byte of the literal (its prefix, if any); m_pos is at the quote.
    void lexString(size_t start, bool raw, bool fstring)
    {
        int startLine = m_line;
        int startCol = static_cast<int>(start - m_lineStart);
        char quote = m_src[m_pos];
        bool triple = m_pos + 2 < m_src.size() && m_src[m_pos + 1] == quote && m_src[m_pos + 2] == quote;
        m_pos += triple ? 3 : 1;
        size_t bodyStart = m_pos;
        size_t bodyEnd = 0;
        while (true) {
            if (m_pos >= m_src.size()) {
                if (triple)
                    fail("unterminated triple-quoted string literal (detected at line " + std::to_string(m_line) + ")",
                         startLine, startCol);
                fail("unterminated string literal (detected at line " + std::to_string(m_line) + ")", startLine,
                     startCol);
            }
            char c = m_src[m_pos];
            if (c == '\\') {
                if (m_pos + 1 < m_src.size()) {
                    ++m_pos;
                    if (m_src[m_pos] == '\n' || m_src[m_pos] == '\r') {
                        consumeNewlineChars();
                        continue;
                    }
                }
                ++m_pos;
                continue;
            }
            if (c == '\n' || c == '\r') {
                if (!triple)
                    fail("unterminated string literal (detected at line " + std::to_string(m_line) + ")", startLine,
                         startCol);
                consumeNewlineChars();
                continue;
            }
            if (c == quote) {
                if (!triple) {
                    bodyEnd = m_pos;
                    ++m_pos;
                    break;
                }
                if (m_pos + 2 < m_src.size() && m_src[m_pos + 1] == quote && m_src[m_pos + 2] == quote) {
                    bodyEnd = m_pos;
                    m_pos += 3;
                    break;
                }
            }
            ++m_pos;
        }
        Token t;
        t.kind = fstring ? TokenKind::FString : TokenKind::String;
        t.line = startLine;
        t.column = startCol;
        t.endLine = m_line;
        t.endColumn = column();
        t.rawString = raw;
        std::string_view body = m_src.substr(bodyStart, bodyEnd - bodyStart);
        if (fstring || raw)
            t.text = std::string(body);
        else
            t.text = decodeStringEscapes(body, startLine, startCol);
        // Python normalises newlines inside literals.
        if (t.text.find('\r') != std::string::npos) {
            std::string normalised;
            for (size_t i = 0; i < t.text.size(); ++i) {
                if (t.text[i] == '\r') {
                    normalised += '\n';
                    if (i + 1 < t.text.size() && t.text[i + 1] == '\n')
                        ++i;
                } else {
                    normalised += t.text[i];
                }
            }
            t.text = std::move(normalised);
        }
        m_tokens.push_back(std::move(t));
    }

    void lexOperator()
    {
        static constexpr std::string_view three[] = {"**=", "//=", ">>=", "<<=", "..."};
        static constexpr std::string_view two[] = {"**", "//", "<<", ">>", "<=", ">=", "==", "!=", "->", "+=", "-=",
                                                   "*=", "/=", "%=", "&=", "|=", "^=", "@=", ":="};
        std::string_view rest = m_src.substr(m_pos);
        int col = column();
        std::string_view op;
        for (std::string_view candidate : three)
            if (rest.starts_with(candidate)) {
                op = candidate;
                break;
            }
        if (op.empty())
            for (std::string_view candidate : two)
                if (rest.starts_with(candidate)) {
                    op = candidate;
                    break;
                }
        if (op.empty()) {
            char c = rest[0];
            if (std::string_view("+-*/%@&|^~<>()[]{},:.;=").find(c) == std::string_view::npos)
                invalidCharacter();
            op = rest.substr(0, 1);
        }
        m_pos += op.size();
        char c = op[0];
        if (op.size() == 1 && (c == '(' || c == '[' || c == '{')) {
            if (m_brackets.size() >= kMaxBracketDepth)
                fail("too many nested parentheses", m_line, col);
            m_brackets.push_back({c, m_line, col});
        } else if (op.size() == 1 && (c == ')' || c == ']' || c == '}')) {
            if (m_brackets.empty())
                fail(std::string("unmatched '") + c + "'", m_line, col);
            char open = m_brackets.back().ch;
            char expected = open == '(' ? ')' : open == '[' ? ']' : '}';
            if (c != expected) {
                const Bracket& b = m_brackets.back();
                if (b.line != m_line)
                    fail(std::string("closing parenthesis '") + c + "' does not match opening parenthesis '" + open +
                             "' on line " + std::to_string(b.line),
                         m_line, col);
                fail(std::string("closing parenthesis '") + c + "' does not match opening parenthesis '" + open + "'",
                     m_line, col);
            }
            m_brackets.pop_back();
        }
        Token t = makeToken(TokenKind::Op, col);
        t.text = std::string(op);
        m_tokens.push_back(std::move(t));
    }

    [[noreturn]] void invalidCharacter()
    {
        unsigned char c = static_cast<unsigned char>(m_src[m_pos]);
        char buf[64];
        if (c == '!')
            fail("invalid syntax", m_line, column());
        std::snprintf(buf, sizeof buf, "invalid character '%c' (U+%04X)", c, c);
        if (c < 0x20 || c == 0x7f)
            std::snprintf(buf, sizeof buf, "invalid non-printable character U+%04X", c);
        fail(buf, m_line, column());
    }

    std::string_view m_src;
    size_t m_pos = 0;
    size_t m_lineStart = 0;
    int m_line = 1;
    std::vector<int> m_indents{0};
    std::vector<Bracket> m_brackets;
    std::vector<Token> m_tokens;
};

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

}  // namespace

void appendUtf8(std::string& out, uint32_t cp)
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

std::string decodeStringEscapes(std::string_view body, int line, int column)
{
    std::string out;
    out.reserve(body.size());
    for (size_t i = 0; i < body.size(); ++i) {
        char c = body[i];
        if (c != '\\' || i + 1 >= body.size()) {
            out += c;
            continue;
        }
        char e = body[++i];
        switch (e) {
        case '\n': break;  // line continuation inside the literal
        case '\r':
            if (i + 1 < body.size() && body[i + 1] == '\n')
                ++i;
            break;
        case '\\': out += '\\'; break;
        case '\'': out += '\''; break;
        case '"': out += '"'; break;
        case 'a': out += '\a'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'v': out += '\v'; break;
        case 'x':
        case 'u':
        case 'U': {
            size_t digits = e == 'x' ? 2 : e == 'u' ? 4 : 8;
            uint32_t cp = 0;
            for (size_t k = 0; k < digits; ++k) {
                int h = i + 1 + k < body.size() ? hexValue(body[i + 1 + k]) : -1;
                if (h < 0) {
                    const char* what = e == 'x' ? "truncated \\xXX escape" : e == 'u' ? "truncated \\uXXXX escape"
                                                                                    : "truncated \\UXXXXXXXX escape";
                    throw ScriptSyntaxError("SyntaxError",
                                            std::string("(unicode error) 'unicodeescape' codec can't decode bytes in position ") +
                                                std::to_string(i - 1) + "-" + std::to_string(i + k) + ": " + what,
                                            line, column);
                }
                cp = cp * 16 + static_cast<uint32_t>(h);
            }
            i += digits;
            if (cp > 0x10FFFF)
                throw ScriptSyntaxError("SyntaxError", "(unicode error) 'unicodeescape' codec can't decode bytes: illegal Unicode character",
                                        line, column);
            appendUtf8(out, cp);
            break;
        }
        default:
            if (e >= '0' && e <= '7') {
                uint32_t cp = static_cast<uint32_t>(e - '0');
                for (int k = 0; k < 2 && i + 1 < body.size() && body[i + 1] >= '0' && body[i + 1] <= '7'; ++k)
                    cp = cp * 8 + static_cast<uint32_t>(body[++i] - '0');
                appendUtf8(out, cp);
            } else {
                out += '\\';  // unknown escapes are kept verbatim, as Python does
                out += e;
            }
        }
    }
    return out;
}

bool isKeyword(std::string_view w)
{
    static constexpr std::string_view keywords[] = {
        "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
        "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
        "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield"};
    for (std::string_view k : keywords)
        if (k == w)
            return true;
    return false;
}

std::vector<Token> tokenize(std::string_view source) { return Lexer(source).run(); }

}  // namespace agv::script
