#pragma once
// Python's number and string formatting: float repr (shortest round-trip) and the
// format-spec mini-language of format()/f-strings/str.format. Locale independent:
// the GUI may run under a locale whose decimal point is a comma.

#include <cstdint>
#include <string>
#include <string_view>

namespace agv::script {

/// repr(float) / str(float): 0.1 -> "0.1", 1e16 -> "1e+16", 1.0 -> "1.0", nan, inf.
std::string floatRepr(double value);

/// Parsed `[[fill]align][sign][#][0][width][,|_][.precision][type]`.
struct FormatSpec {
    std::string fill = " ";  ///< one character (UTF-8)
    char align = 0;          ///< '<', '>', '^', '=' or 0 (type default)
    char sign = '-';
    bool alternate = false;
    bool zeroPad = false;
    int width = -1;
    char thousands = 0;  ///< ',' or '_'
    int precision = -1;
    char type = 0;
};

/// Throws PyError(ValueError) for malformed specs.
FormatSpec parseFormatSpec(std::string_view spec);

/// format(value, spec) for int (and bool with a non-empty spec).
std::string formatInt(int64_t value, const FormatSpec& spec);
/// format(value, spec) for float.
std::string formatFloat(double value, const FormatSpec& spec);
/// format(value, spec) for str.
std::string formatString(const std::string& value, const FormatSpec& spec);

/// Applies width/fill/alignment to an already formatted body.
std::string padFormatted(const std::string& body, const FormatSpec& spec, char defaultAlign);

/// Number of code points in UTF-8 text.
size_t utf8Length(std::string_view text);

}  // namespace agv::script
