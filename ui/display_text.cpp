#include "ui/display_text.h"

#include <QStringList>

namespace agv::ui {

QString shapeText(const std::vector<int64_t>& shape)
{
    constexpr size_t kShownDims = 8;
    QStringList dims;
    const bool shortened = shape.size() > kShownDims;
    for (size_t i = 0; i < shape.size() && i < (shortened ? kShownDims - 2 : kShownDims); ++i)
        dims << QString::number(shape[i]);
    if (!shortened)
        return QStringLiteral("[%1]").arg(dims.join(QStringLiteral(", ")));
    dims << QStringLiteral("\u2026") << QString::number(shape.back());
    return QStringLiteral("[%1] (%2 dims)").arg(dims.join(QStringLiteral(", "))).arg(shape.size());
}

QString elidedLabel(const std::string& label, int maxChars)
{
    // Cut the UTF-8 first, so a huge label is never converted whole.
    const size_t budget = static_cast<size_t>(maxChars) * 4 + 8;
    if (label.size() <= static_cast<size_t>(maxChars))
        return QString::fromStdString(label);
    QString head = QString::fromUtf8(label.data(), static_cast<qsizetype>(std::min(label.size(), budget)));
    QString tail = QString::fromUtf8(label.data() + (label.size() > budget ? label.size() - budget : 0),
                                     static_cast<qsizetype>(std::min(label.size(), budget)));
    if (label.size() <= budget && head.size() <= maxChars)
        return head;
    const int half = (maxChars - 1) / 2;
    return head.left(half) + QStringLiteral("\u2026") + tail.right(maxChars - 1 - half);
}

QString sourceLine(const QStringList& lines, int line)
{
    return line > 0 && line <= lines.size() ? lines[line - 1].trimmed() : QString();
}

}  // namespace agv::ui
