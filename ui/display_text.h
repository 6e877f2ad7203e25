#pragma once
// Texts made from trace data for drawing: a trace file can carry a 100,000-dimension
// shape, a megabyte-long label or a node with 96,000 inputs, and the picture must stay
// small and readable whatever it says (the inspector shows the full value in a tooltip).

#include <QString>
#include <QStringList>

#include <cstdint>
#include <string>
#include <vector>

namespace agv::ui {

/// "[2, 3]"; beyond 8 dims, "[1, 1, 1, 1, 1, 1, …, 1] (100000 dims)".
QString shapeText(const std::vector<int64_t>& shape);
/// A label shortened to at most `maxChars` characters with "…" in the middle.
QString elidedLabel(const std::string& label, int maxChars = 40);
/// The stripped text of script line `line` (1-based) of `lines`; "" when out of range.
QString sourceLine(const QStringList& lines, int line);
/// The most inputs of one node the graph draws edges for (the rest are summarised).
constexpr size_t kMaxDrawnInputs = 64;

}  // namespace agv::ui
