#pragma once
// One coherent palette for the graph and the panels, light or dark, optionally in
// presenter mode (bigger type and strokes for a 1920x1080 projector).

#include <QColor>
#include <QFont>

class QApplication;

namespace agv::ui {

struct Theme {
    bool dark = false;
    bool presenter = false;

    QColor sceneBackground;
    QColor gridDot;
    QColor text;
    QColor mutedText;
    QColor edge;
    QColor parameterFill, parameterBorder;  ///< leaf tensors with requires_grad (blue)
    QColor inputFill, inputBorder;          ///< plain inputs (neutral)
    QColor functionFill, functionBorder;    ///< grad_fn nodes (grey)
    QColor accumulateFill, accumulateBorder;  ///< AccumulateGrad (green)
    QColor rootFill, rootBorder;            ///< the tensor backward() starts from (amber)
    QColor recomputeBorder;                 ///< checkpoint recompute (violet)
    QColor executing;                       ///< glow of the node running now (orange)
    QColor gradient;                        ///< gradient tokens and active edges
    QColor stale;                           ///< stale saved tensor, failing node (red)
    QColor released;                        ///< freed saved variables (grey)
    QColor badgeFill;
    QColor accent;                          ///< current line, selection
    QColor panelBackground;
    QColor currentLine;
    QColor errorLine;

    qreal stroke = 1.4;       ///< base pen width in scene units
    qreal fontScale = 1.0;    ///< 1.0 normal, larger in presenter mode

    QFont titleFont() const;
    QFont bodyFont() const;
    QFont monoFont(qreal pointSize = 10) const;

    /// `textScale` is the user's Larger/Smaller Text setting on top of the mode's own size.
    static Theme make(bool dark, bool presenter, qreal textScale = 1.0);
    static constexpr qreal kMinTextScale = 0.7;
    static constexpr qreal kMaxTextScale = 2.0;
    /// The theme the app currently uses (set by applyToApplication).
    static const Theme& current();
    static void applyToApplication(QApplication& app, const Theme& theme);
};

}  // namespace agv::ui
