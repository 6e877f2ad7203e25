#pragma once
// Python's float formatting, reproduced exactly and locale-independently, for the
// tensor printer. Python formats with correctly rounded decimal conversion; so does
// std::to_chars, which (unlike printf) also ignores the C locale that Qt sets from
// the environment — a German desktop must still print "1.5000", not "1,5000".

#include <string>

namespace agv {

/// Python's repr(float): the shortest string that round-trips, in Python's layout
/// ("0.30000000000000004", "1e-05", "1e+16", "100.0", "-0.0", "nan", "inf").
std::string pyFloatRepr(double value);

/// Python's "{:.<precision>f}".format(value) ("-0.0000", "nan", "-inf").
std::string pyFormatFixed(double value, int precision);

/// Python's "{:.<precision>e}".format(value) ("1.0000e-05", "nan", "-inf").
std::string pyFormatExponent(double value, int precision);

}  // namespace agv
