#pragma once
// A Python number passed to an op (x * 2, x + 0.5): it takes part in type
// promotion only by category (an int tensor times a float scalar is float).

#include <cstdint>

#include "core/tensor/dtype.h"

namespace agv {

class Scalar {
public:
    Scalar(double v) : m_double(v), m_type(ScalarType::Float64) {}
    Scalar(float v) : m_double(v), m_type(ScalarType::Float64) {}
    Scalar(int64_t v) : m_double(double(v)), m_int(v), m_type(ScalarType::Int64) {}
    Scalar(int v) : Scalar(int64_t(v)) {}
    Scalar(bool v) : m_double(v ? 1.0 : 0.0), m_int(v ? 1 : 0), m_type(ScalarType::Bool) {}

    double toDouble() const { return m_double; }
    int64_t toInt() const { return m_type == ScalarType::Float64 ? int64_t(m_double) : m_int; }
    bool isFloating() const { return m_type == ScalarType::Float64; }
    bool isIntegral() const { return m_type == ScalarType::Int64; }
    bool isBool() const { return m_type == ScalarType::Bool; }
    /// Float64 / Int64 / Bool: the dtype a 0-d tensor wrapping it would get.
    ScalarType type() const { return m_type; }

private:
    double m_double = 0;
    int64_t m_int = 0;
    ScalarType m_type;
};

}  // namespace agv
