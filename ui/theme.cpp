#include "ui/theme.h"

#include <algorithm>

#include <QApplication>
#include <QFontDatabase>
#include <QPalette>
#include <QStyleFactory>

namespace agv::ui {

namespace {
Theme& currentTheme()
{
    static Theme theme = Theme::make(false, false);
    return theme;
}
}  // namespace

QFont Theme::titleFont() const
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPointSizeF(10.5 * fontScale);
    f.setWeight(QFont::DemiBold);
    return f;
}

QFont Theme::bodyFont() const
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPointSizeF(9 * fontScale);
    return f;
}

QFont Theme::monoFont(qreal pointSize) const
{
    QFont f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    f.setFamily(QStringLiteral("DejaVu Sans Mono"));
    f.setPointSizeF(pointSize * fontScale);
    return f;
}

Theme Theme::make(bool dark, bool presenter, qreal textScale)
{
    Theme t;
    t.dark = dark;
    t.presenter = presenter;
    t.fontScale = (presenter ? 1.5 : 1.0) * std::clamp<qreal>(textScale, kMinTextScale, kMaxTextScale);
    t.stroke = presenter ? 2.4 : 1.4;
    if (!dark) {
        t.sceneBackground = QColor("#f6f7f9");
        t.gridDot = QColor("#e3e6eb");
        t.text = QColor("#1f2430");
        t.mutedText = QColor("#5c6573");
        t.edge = QColor("#8a94a6");
        t.parameterFill = QColor("#dbeafe");
        t.parameterBorder = QColor("#2f6fd0");
        t.inputFill = QColor("#ffffff");
        t.inputBorder = QColor("#9aa4b2");
        t.functionFill = QColor("#eceff3");
        t.functionBorder = QColor("#6b7585");
        t.accumulateFill = QColor("#dcf5e3");
        t.accumulateBorder = QColor("#2f9e5b");
        t.rootFill = QColor("#fff0d1");
        t.rootBorder = QColor("#d38a12");
        t.recomputeBorder = QColor("#7048e8");
        t.executing = QColor("#ff9f1c");
        t.gradient = QColor("#e8590c");
        t.stale = QColor("#e03131");
        t.released = QColor("#b4bbc6");
        t.badgeFill = QColor("#ffffff");
        t.accent = QColor("#2f6fd0");
        t.panelBackground = QColor("#ffffff");
        t.currentLine = QColor("#fff3bf");
        t.errorLine = QColor("#ffe3e3");
    } else {
        t.sceneBackground = QColor("#1a1d23");
        t.gridDot = QColor("#2a2f38");
        t.text = QColor("#e6e9ef");
        t.mutedText = QColor("#9aa3b2");
        t.edge = QColor("#6f7a8c");
        t.parameterFill = QColor("#1d3557");
        t.parameterBorder = QColor("#5b9bf0");
        t.inputFill = QColor("#242830");
        t.inputBorder = QColor("#6f7a8c");
        t.functionFill = QColor("#2b3039");
        t.functionBorder = QColor("#8d97a8");
        t.accumulateFill = QColor("#183a27");
        t.accumulateBorder = QColor("#4cc47f");
        t.rootFill = QColor("#3d2e12");
        t.rootBorder = QColor("#f0a93b");
        t.recomputeBorder = QColor("#9775fa");
        t.executing = QColor("#ffb347");
        t.gradient = QColor("#ff7a3d");
        t.stale = QColor("#ff6b6b");
        t.released = QColor("#5a616d");
        t.badgeFill = QColor("#20242b");
        t.accent = QColor("#5b9bf0");
        t.panelBackground = QColor("#20242b");
        t.currentLine = QColor("#3a3520");
        t.errorLine = QColor("#4a2326");
    }
    return t;
}

const Theme& Theme::current() { return currentTheme(); }

void Theme::applyToApplication(QApplication& app, const Theme& theme)
{
    currentTheme() = theme;
    app.setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QPalette p;
    if (theme.dark) {
        p.setColor(QPalette::Window, QColor("#23272e"));
        p.setColor(QPalette::WindowText, theme.text);
        p.setColor(QPalette::Base, theme.panelBackground);
        p.setColor(QPalette::AlternateBase, QColor("#272b33"));
        p.setColor(QPalette::Text, theme.text);
        p.setColor(QPalette::Button, QColor("#2b3039"));
        p.setColor(QPalette::ButtonText, theme.text);
        p.setColor(QPalette::ToolTipBase, QColor("#2b3039"));
        p.setColor(QPalette::ToolTipText, theme.text);
        p.setColor(QPalette::PlaceholderText, theme.mutedText);
        p.setColor(QPalette::Disabled, QPalette::Text, theme.mutedText);
        p.setColor(QPalette::Disabled, QPalette::ButtonText, theme.mutedText);
    } else {
        p.setColor(QPalette::Window, QColor("#eef0f3"));
        p.setColor(QPalette::WindowText, theme.text);
        p.setColor(QPalette::Base, theme.panelBackground);
        p.setColor(QPalette::AlternateBase, QColor("#f5f6f8"));
        p.setColor(QPalette::Text, theme.text);
        p.setColor(QPalette::Button, QColor("#f7f8fa"));
        p.setColor(QPalette::ButtonText, theme.text);
        p.setColor(QPalette::ToolTipBase, QColor("#ffffff"));
        p.setColor(QPalette::ToolTipText, theme.text);
    }
    p.setColor(QPalette::Highlight, theme.accent);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, theme.accent);
    app.setPalette(p);
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPointSizeF(9.5 * theme.fontScale);
    app.setFont(f);
}

}  // namespace agv::ui
