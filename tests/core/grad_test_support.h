#pragma once
// Shared by the gradient test suites: the deterministic inputs the conformance
// generators also build, and readers for their data files.

#include <QFile>
#include <QString>
#include <QStringList>
#include <QTextStream>

#include <string>
#include <vector>

#include "core/ops/ops.h"

namespace agv::testing {

/// Same values as leaf() in tests/conformance/gradients/generate_grad_names.py: i * 0.37 - 1.1.
inline Tensor leaf(const IntList& shape, ScalarType dtype = ScalarType::Float64, bool requiresGrad = true)
{
    std::vector<double> values(size_t(computeNumel(shape)));
    for (size_t i = 0; i < values.size(); ++i)
        values[i] = double(i) * 0.37 - 1.1;
    Tensor t = ops::fromValues(shape, values, dtype);
    if (requiresGrad)
        ops::requiresGrad_(t, true);
    return t;
}

/// Same values as pos() in the generator: 0.5 + i * 0.25 (strictly positive).
inline Tensor pos(const IntList& shape, ScalarType dtype = ScalarType::Float64)
{
    std::vector<double> values(size_t(computeNumel(shape)));
    for (size_t i = 0; i < values.size(); ++i)
        values[i] = 0.5 + double(i) * 0.25;
    Tensor t = ops::fromValues(shape, values, dtype);
    ops::requiresGrad_(t, true);
    return t;
}

inline Tensor longs(const IntList& shape, const std::vector<int64_t>& values)
{
    return ops::fromInts(shape, values, ScalarType::Int64);
}

/// Non-comment, non-empty lines of a file under tests/conformance/gradients, split at tabs.
inline std::vector<QStringList> readTable(const QString& name)
{
    QFile file(QStringLiteral(AGV_SOURCE_DIR "/tests/conformance/gradients/") + name);
    std::vector<QStringList> rows;
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return rows;
    QTextStream in(&file);
    while (!in.atEnd()) {
        const QString line = in.readLine();
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        rows.push_back(line.split('\t'));
    }
    return rows;
}

}  // namespace agv::testing
