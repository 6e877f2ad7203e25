#include "core/script/format.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

#include "core/script/exceptions.h"
#include "core/script/lexer.h"

namespace agv::script {

namespace {

struct Decomposed {
    bool negative = false;
    std::string digits;  ///< significant digits, no leading zeros
    int exponent = 0;    ///< value = 0.d1d2... * 10^(exponent+1), i.e. d1 is at 10^exponent
};

/// Splits to_chars' scientific output ("-1.2345e+02") into digits and exponent.
Decomposed decompose(const char* begin, const char* end)
{
    Decomposed d;
    const char* p = begin;
    if (*p == '-') {
        d.negative = true;
        ++p;
    }
    for (; p < end && *p != 'e'; ++p)
        if (*p != '.')
            d.digits += *p;
    if (p < end) {
        const char* e = p + 1;
        if (e < end && *e == '+')
            ++e;
        std::from_chars(e, end, d.exponent);
    }
    return d;
}

std::string exponentSuffix(int exponent, char e)
{
    std::string s(1, e);
    s += exponent < 0 ? '-' : '+';
    int a = std::abs(exponent);
    if (a < 10)
        s += '0';
    s += std::to_string(a);
    return s;
}

/// digits/exponent -> fixed notation (no trailing-zero handling).
std::string fixedFromDigits(const std::string& digits, int exponent)
{
    std::string out;
    if (exponent >= 0) {
        size_t intLen = static_cast<size_t>(exponent) + 1;
        if (digits.size() <= intLen) {
            out = digits + std::string(intLen - digits.size(), '0');
        } else {
            out = digits.substr(0, intLen) + "." + digits.substr(intLen);
        }
    } else {
        out = "0." + std::string(static_cast<size_t>(-exponent - 1), '0') + digits;
    }
    return out;
}

// A double has at most 309 integer digits; sign, point and exponent fit in the slack.
constexpr size_t kCharsSlack = 330;

std::string toCharsFixed(double v, int precision)
{
    std::string out(kCharsSlack + static_cast<size_t>(std::max(precision, 0)), '\0');
    auto r = std::to_chars(out.data(), out.data() + out.size(), v, std::chars_format::fixed, precision);
    out.resize(static_cast<size_t>(r.ptr - out.data()));
    return out;
}

std::string toCharsScientific(double v, int precision)
{
    std::string out(kCharsSlack + static_cast<size_t>(std::max(precision, 0)), '\0');
    auto r = std::to_chars(out.data(), out.data() + out.size(), v, std::chars_format::scientific, precision);
    out.resize(static_cast<size_t>(r.ptr - out.data()));
    return out;
}

/// Inserts a thousands separator into the integer part of a plain digit string.
std::string groupThousands(const std::string& number, char separator)
{
    size_t intEnd = number.find_first_not_of("0123456789");
    if (intEnd == std::string::npos)
        intEnd = number.size();
    std::string intPart = number.substr(0, intEnd);
    std::string grouped;
    int count = 0;
    for (size_t i = intPart.size(); i-- > 0;) {
        grouped.insert(grouped.begin(), intPart[i]);
        if (++count % 3 == 0 && i > 0)
            grouped.insert(grouped.begin(), separator);
    }
    return grouped + number.substr(intEnd);
}

std::string stripTrailingZeros(std::string s)
{
    size_t e = s.find_first_of("eE");
    std::string mantissa = e == std::string::npos ? s : s.substr(0, e);
    std::string suffix = e == std::string::npos ? "" : s.substr(e);
    if (mantissa.find('.') != std::string::npos) {
        while (!mantissa.empty() && mantissa.back() == '0')
            mantissa.pop_back();
        if (!mantissa.empty() && mantissa.back() == '.')
            mantissa.pop_back();
    }
    return mantissa + suffix;
}

/// Python's 'g' (and the empty type when `emptyType`), for a finite non-negative value.
std::string formatGeneral(double v, int precision, bool alternate, bool emptyType, char e)
{
    if (precision == 0)
        precision = 1;
    std::string sci = toCharsScientific(v, precision - 1);
    Decomposed d = decompose(sci.data(), sci.data() + sci.size());
    int exp = d.exponent;
    std::string out;
    if (-4 <= exp && exp < precision) {
        out = toCharsFixed(v, precision - 1 - exp);
        if (!alternate)
            out = stripTrailingZeros(out);
        if (emptyType && out.find('.') == std::string::npos)
            out += ".0";
    } else {
        out = sci;
        size_t epos = out.find('e');
        std::string mantissa = out.substr(0, epos);
        if (!alternate)
            mantissa = stripTrailingZeros(mantissa);
        out = mantissa + exponentSuffix(exp, e);
    }
    return out;
}

}  // namespace

size_t utf8Length(std::string_view text)
{
    size_t n = 0;
    for (unsigned char c : text)
        if ((c & 0xC0) != 0x80)
            ++n;
    return n;
}

std::string floatRepr(double value)
{
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value < 0 ? "-inf" : "inf";
    if (value == 0.0)
        return std::signbit(value) ? "-0.0" : "0.0";
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
    Decomposed d = decompose(buf, r.ptr);
    std::string out = d.negative ? "-" : "";
    if (-4 <= d.exponent && d.exponent < 16) {
        std::string fixed = fixedFromDigits(d.digits, d.exponent);
        if (fixed.find('.') == std::string::npos)
            fixed += ".0";
        return out + fixed;
    }
    out += d.digits.substr(0, 1);
    if (d.digits.size() > 1)
        out += "." + d.digits.substr(1);
    return out + exponentSuffix(d.exponent, 'e');
}

FormatSpec parseFormatSpec(std::string_view s)
{
    FormatSpec spec;
    size_t i = 0;
    auto isAlign = [](char c) { return c == '<' || c == '>' || c == '^' || c == '='; };
    // The fill may be any (UTF-8) character when followed by an alignment char.
    if (!s.empty()) {
        size_t charLen = 1;
        unsigned char c0 = static_cast<unsigned char>(s[0]);
        if (c0 >= 0xF0) charLen = 4;
        else if (c0 >= 0xE0) charLen = 3;
        else if (c0 >= 0xC0) charLen = 2;
        if (charLen < s.size() && isAlign(s[charLen])) {
            spec.fill = std::string(s.substr(0, charLen));
            spec.align = s[charLen];
            i = charLen + 1;
        } else if (isAlign(s[0])) {
            spec.align = s[0];
            i = 1;
        }
    }
    if (i < s.size() && (s[i] == '+' || s[i] == '-' || s[i] == ' '))
        spec.sign = s[i++];
    if (i < s.size() && s[i] == '#') {
        spec.alternate = true;
        ++i;
    }
    if (i < s.size() && s[i] == '0') {
        spec.zeroPad = true;
        ++i;
    }
    auto readInt = [&](int& out) {
        size_t start = i;
        int64_t v = 0;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
            v = v * 10 + (s[i] - '0');
            if (v > 100000)
                throw PyError(BuiltinExc::ValueError, "Too many decimal digits in format string");
            ++i;
        }
        if (i > start)
            out = static_cast<int>(v);
        return i > start;
    };
    readInt(spec.width);
    if (i < s.size() && (s[i] == ',' || s[i] == '_'))
        spec.thousands = s[i++];
    if (i < s.size() && s[i] == '.') {
        ++i;
        if (!readInt(spec.precision))
            throw PyError(BuiltinExc::ValueError, "Format specifier missing precision");
    }
    if (i < s.size())
        spec.type = s[i++];
    if (i != s.size())
        throw PyError(BuiltinExc::ValueError, "Invalid format specifier '" + std::string(s) + "'");
    if (spec.zeroPad && spec.align == 0) {
        spec.fill = "0";
        spec.align = '=';
    }
    return spec;
}

std::string padFormatted(const std::string& body, const FormatSpec& spec, char defaultAlign)
{
    size_t len = utf8Length(body);
    if (spec.width < 0 || len >= static_cast<size_t>(spec.width))
        return body;
    size_t pad = static_cast<size_t>(spec.width) - len;
    char align = spec.align ? spec.align : defaultAlign;
    auto fill = [&](size_t n) {
        std::string out;
        for (size_t k = 0; k < n; ++k)
            out += spec.fill;
        return out;
    };
    switch (align) {
    case '<': return body + fill(pad);
    case '^': return fill(pad / 2) + body + fill(pad - pad / 2);
    case '=': {
        size_t signLen = (!body.empty() && (body[0] == '-' || body[0] == '+' || body[0] == ' ')) ? 1 : 0;
        if (body.size() >= signLen + 2 && body[signLen] == '0' &&
            (body[signLen + 1] == 'x' || body[signLen + 1] == 'X' || body[signLen + 1] == 'o' || body[signLen + 1] == 'b'))
            signLen += 2;
        return body.substr(0, signLen) + fill(pad) + body.substr(signLen);
    }
    default: return fill(pad) + body;
    }
}

namespace {
std::string applySign(bool negative, const std::string& magnitude, char sign)
{
    if (negative)
        return "-" + magnitude;
    if (sign == '+')
        return "+" + magnitude;
    if (sign == ' ')
        return " " + magnitude;
    return magnitude;
}
}  // namespace

std::string formatInt(int64_t value, const FormatSpec& spec)
{
    char type = spec.type ? spec.type : 'd';
    switch (type) {
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%':
        return formatFloat(static_cast<double>(value), spec);
    default: break;
    }
    if (spec.precision >= 0)
        throw PyError(BuiltinExc::ValueError, "Precision not allowed in integer format specifier");
    bool negative = value < 0;
    uint64_t magnitude = negative ? static_cast<uint64_t>(0) - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
    std::string digits;
    char buf[80];
    switch (type) {
    case 'd':
    case 'n': {
        auto r = std::to_chars(buf, buf + sizeof buf, magnitude);
        digits.assign(buf, r.ptr);
        if (spec.thousands)
            digits = groupThousands(digits, spec.thousands);
        break;
    }
    case 'x':
    case 'X':
    case 'o':
    case 'b': {
        int base = type == 'o' ? 8 : type == 'b' ? 2 : 16;
        auto r = std::to_chars(buf, buf + sizeof buf, magnitude, base);
        digits.assign(buf, r.ptr);
        if (type == 'X')
            for (char& c : digits)
                c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        if (spec.alternate)
            digits = std::string("0") + type + digits;
        break;
    }
    case 'c': {
        std::string out;
        if (value < 0 || value > 0x10FFFF)
            throw PyError(BuiltinExc::OverflowError, "%c arg not in range(0x110000)");
        appendUtf8(out, static_cast<uint32_t>(value));
        return padFormatted(out, spec, '<');
    }
    default:
        throw PyError(BuiltinExc::ValueError,
                      std::string("Unknown format code '") + type + "' for object of type 'int'");
    }
    return padFormatted(applySign(negative, digits, spec.sign), spec, '>');
}

std::string formatFloat(double value, const FormatSpec& spec)
{
    char type = spec.type;
    bool negative = std::signbit(value) && !std::isnan(value);
    double magnitude = std::fabs(value);
    std::string body;
    if (std::isnan(value) || std::isinf(value)) {
        body = std::isnan(value) ? "nan" : "inf";
        if (type == 'F' || type == 'E' || type == 'G')
            body = std::isnan(value) ? "NAN" : "INF";
        if (type == '%')
            body += "%";
    } else {
        switch (type) {
        case 0:
            if (spec.precision < 0) {
                body = floatRepr(magnitude);
            } else {
                body = formatGeneral(magnitude, spec.precision, spec.alternate, true, 'e');
            }
            break;
        case 'f':
        case 'F':
            body = toCharsFixed(magnitude, spec.precision < 0 ? 6 : spec.precision);
            if (spec.alternate && body.find('.') == std::string::npos)
                body += '.';
            break;
        case 'e':
        case 'E': {
            std::string sci = toCharsScientific(magnitude, spec.precision < 0 ? 6 : spec.precision);
            Decomposed d = decompose(sci.data(), sci.data() + sci.size());
            body = sci.substr(0, sci.find('e')) + exponentSuffix(d.exponent, type);
            break;
        }
        case 'g':
        case 'G':
        case 'n':
            body = formatGeneral(magnitude, spec.precision < 0 ? 6 : spec.precision, spec.alternate, false,
                                 type == 'G' ? 'E' : 'e');
            break;
        case '%':
            body = toCharsFixed(magnitude * 100.0, spec.precision < 0 ? 6 : spec.precision) + "%";
            break;
        default:
            throw PyError(BuiltinExc::ValueError,
                          std::string("Unknown format code '") + type + "' for object of type 'float'");
        }
        if (spec.thousands)
            body = groupThousands(body, spec.thousands);
    }
    return padFormatted(applySign(negative, body, spec.sign), spec, '>');
}

std::string formatString(const std::string& value, const FormatSpec& spec)
{
    if (spec.type && spec.type != 's')
        throw PyError(BuiltinExc::ValueError,
                      std::string("Unknown format code '") + spec.type + "' for object of type 'str'");
    if (spec.sign != '-')
        throw PyError(BuiltinExc::ValueError, "Sign not allowed in string format specifier");
    if (spec.align == '=')
        throw PyError(BuiltinExc::ValueError, "'=' alignment not allowed in string format specifier");
    std::string body = value;
    if (spec.precision >= 0 && utf8Length(body) > static_cast<size_t>(spec.precision)) {
        size_t count = 0, i = 0;
        for (; i < body.size(); ++i) {
            if ((static_cast<unsigned char>(body[i]) & 0xC0) != 0x80) {
                if (count == static_cast<size_t>(spec.precision))
                    break;
                ++count;
            }
        }
        body.resize(i);
    }
    return padFormatted(body, spec, '<');
}

}  // namespace agv::script
