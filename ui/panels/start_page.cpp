#include "ui/panels/start_page.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include "ui/theme.h"

namespace agv::ui {

StartPage::StartPage(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("StartPage"));
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    outer->addWidget(scroll);
    auto* content = new QWidget(scroll);
    content->setObjectName(QStringLiteral("StartContent"));
    scroll->setWidget(content);
    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(48, 40, 48, 40);
    column->setSpacing(10);

    auto* title = new QLabel(tr("Autograd Visualizer"), content);
    QFont tf = title->font();
    tf.setPointSizeF(tf.pointSizeF() * 2.2);
    tf.setBold(true);
    title->setFont(tf);
    column->addWidget(title);
    auto* tagline = new QLabel(tr("Run a PyTorch script, then replay it: watch the graph being built during the "
                                  "forward pass, the tensors each node saves, and the gradients flowing back."),
                               content);
    tagline->setWordWrap(true);
    column->addWidget(tagline);

    auto* buttons = new QHBoxLayout;
    auto* open = new QPushButton(tr("Open script\u2026"), content);
    auto* trace = new QPushButton(tr("Open trace\u2026"), content);
    buttons->addWidget(open);
    buttons->addWidget(trace);
    buttons->addStretch(1);
    column->addSpacing(6);
    column->addLayout(buttons);
    connect(open, &QPushButton::clicked, this, &StartPage::openDialogRequested);
    connect(trace, &QPushButton::clicked, this, &StartPage::openTraceDialogRequested);

    m_list = new QVBoxLayout;
    m_list->setSpacing(8);
    column->addSpacing(12);
    column->addLayout(m_list);
    column->addStretch(1);
    rebuild();
}

void StartPage::setDemos(const QList<DemoInfo>& demos)
{
    m_demos = demos;
    rebuild();
}

void StartPage::setRecentFiles(const QStringList& files)
{
    m_recent = files;
    rebuild();
}

void StartPage::rebuild()
{
    while (QLayoutItem* item = m_list->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const Theme& theme = Theme::current();
    auto heading = [&](const QString& text) {
        auto* l = new QLabel(text);
        QFont f = l->font();
        f.setPointSizeF(f.pointSizeF() * 1.25);
        f.setBold(true);
        l->setFont(f);
        m_list->addWidget(l);
    };
    heading(tr("Demos"));
    if (m_demos.isEmpty()) {
        auto* none = new QLabel(tr("No demos installed. Open any PyTorch script, or drop a .py file here."));
        none->setStyleSheet(QStringLiteral("color: %1").arg(theme.mutedText.name()));
        m_list->addWidget(none);
    }
    for (const DemoInfo& demo : m_demos) {
        auto* card = new QPushButton;
        card->setObjectName(QStringLiteral("DemoCard"));
        card->setCursor(Qt::PointingHandCursor);
        card->setFlat(false);
        auto* layout = new QVBoxLayout(card);
        layout->setContentsMargins(14, 10, 14, 10);
        const QString gpuTag = demo.device.compare(QLatin1String("gpu"), Qt::CaseInsensitive) == 0
                                   ? QStringLiteral(" <span style='color:%1'>&nbsp;%2</span>")
                                         .arg(theme.recomputeBorder.name(), tr("wants a GPU (the simulated one will do)"))
                                   : QString();
        auto* t = new QLabel(QStringLiteral("<b>%1</b> <span style='color:%2'>&nbsp;%3</span>%4")
                                 .arg(demo.title.toHtmlEscaped(), theme.mutedText.name(), demo.fileName.toHtmlEscaped(),
                                      gpuTag));
        auto* w = new QLabel(demo.watch.isEmpty() ? QString() : tr("Watch: %1").arg(demo.watch.toHtmlEscaped()));
        w->setWordWrap(true);
        w->setStyleSheet(QStringLiteral("color: %1").arg(theme.mutedText.name()));
        t->setAttribute(Qt::WA_TransparentForMouseEvents);
        w->setAttribute(Qt::WA_TransparentForMouseEvents);
        layout->addWidget(t);
        if (!demo.watch.isEmpty())
            layout->addWidget(w);
        card->setMinimumHeight(layout->sizeHint().height() + 6);
        card->setStyleSheet(QStringLiteral("QPushButton#DemoCard { text-align: left; background: %1; border: 1px solid %2;"
                                           " border-radius: 8px; } QPushButton#DemoCard:hover { border-color: %3; }")
                                .arg(theme.panelBackground.name(), theme.gridDot.darker(110).name(), theme.accent.name()));
        const QString path = demo.path;
        connect(card, &QPushButton::clicked, this, [this, path] { Q_EMIT openPathRequested(path); });
        m_list->addWidget(card);
    }
    if (!m_recent.isEmpty()) {
        m_list->addSpacing(10);
        heading(tr("Recent"));
        for (const QString& file : m_recent) {
            auto* link = new QPushButton(QFileInfo(file).fileName() + QStringLiteral("   ") + file);
            link->setFlat(true);
            link->setStyleSheet(QStringLiteral("text-align: left; color: %1; padding: 2px;").arg(theme.accent.name()));
            link->setCursor(Qt::PointingHandCursor);
            connect(link, &QPushButton::clicked, this, [this, file] { Q_EMIT openPathRequested(file); });
            m_list->addWidget(link);
        }
    }
}

}  // namespace agv::ui
