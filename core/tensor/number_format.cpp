#include "core/tensor/number_format.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <system_error>

namespace agv {

namespace {

// Python never prints a sign on nan, whatever its sign bit; to_chars would.
bool nonFiniteText(double value, std::string& out)
{
    if (std::isnan(value)) {
        out = "nan";
        return true;
    }
    if (std::isinf(value)) {
        out = value < 0 ? "-inf" : "inf";
        return true;
    }
    return false;
}

std::string toChars(double value, std::chars_format format, int precision)
{
    // Fixed notation of 1.8e308 needs 309 digits before the point.
    std::string buffer(static_cast<size_t>(340 + precision), '\0');
    const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value, format, precision);
    buffer.resize(result.ec == std::errc() ? static_cast<size_t>(result.ptr - buffer.data()) : 0);
    return buffer;
}

}  // namespace

std::string pyFloatRepr(double value)
{
    std::string text;
    if (nonFiniteText(value, text))
        return text;

    // Shortest round-trip digits in scientific form: "-d.ddde±XX".
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
    const std::string sci(buffer, result.ptr);
    const size_t ePos = sci.find('e');
    const bool negative = sci[0] == '-';
    std::string digits;
    for (size_t i = negative ? 1 : 0; i < ePos; ++i)
        if (sci[i] != '.')
            digits += sci[i];
    const int exponent = std::atoi(sci.c_str() + ePos + 1);

    // Python's repr switches to exponent notation outside 1e-4 <= |x| < 1e16.
    if (exponent < -4 || exponent >= 16) {
        text = digits.substr(0, 1);
        if (digits.size() > 1)
            text += "." + digits.substr(1);
        text += exponent < 0 ? "e-" : "e+";
        const int magnitude = std::abs(exponent);
        if (magnitude < 10)
            text += '0';
        text += std::to_string(magnitude);
    } else if (exponent < 0) {
        text = "0." + std::string(static_cast<size_t>(-exponent - 1), '0') + digits;
    } else {
        const size_t intDigits = static_cast<size_t>(exponent) + 1;
        if (digits.size() <= intDigits)
            text = digits + std::string(intDigits - digits.size(), '0') + ".0";
        else
            text = digits.substr(0, intDigits) + "." + digits.substr(intDigits);
    }
    return negative ? "-" + text : text;
}

std::string pyFormatFixed(double value, int precision)
{
    std::string text;
    if (nonFiniteText(value, text))
        return text;
    return toChars(value, std::chars_format::fixed, precision);
}

std::string pyFormatExponent(double value, int precision)
{
    std::string text;
    if (nonFiniteText(value, text))
        return text;
    return toChars(value, std::chars_format::scientific, precision);
}

}  // namespace agv
