#include "ui/scene/graph_search_bar.h"

#include <QEvent>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QToolButton>

#include "ui/scene/graph_view.h"

namespace agv::ui {

GraphSearchBar::GraphSearchBar(GraphView* view) : QFrame(view), m_view(view)
{
    setObjectName(QStringLiteral("GraphSearchBar"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 4, 4, 4);
    m_field = new QLineEdit(this);
    m_field->setPlaceholderText(tr("Find a tensor, node or module"));
    m_field->setClearButtonEnabled(true);
    m_field->setMinimumWidth(m_field->fontMetrics().horizontalAdvance(QLatin1Char('x')) * 28);
    m_count = new QLabel(this);
    auto* close = new QToolButton(this);
    close->setText(QStringLiteral("\u2715"));
    close->setToolTip(tr("Close (Esc)"));
    close->setAutoRaise(true);
    layout->addWidget(m_field);
    layout->addWidget(m_count);
    layout->addWidget(close);
    connect(m_field, &QLineEdit::textChanged, this, &GraphSearchBar::search);
    m_field->installEventFilter(this);
    connect(close, &QToolButton::clicked, this, [this] {
        hide();
        m_view->setFocus();
    });
    view->installEventFilter(this);
    hide();
}

void GraphSearchBar::open()
{
    place();
    QFrame::show();
    raise();
    m_field->setFocus();
    m_field->selectAll();
    if (!m_field->text().isEmpty())
        search();
}

void GraphSearchBar::refresh()
{
    if (isVisible() && !m_field->text().isEmpty()) {
        const int keep = m_current;
        m_hits = m_view->scene() ? findInGraph(*m_view->scene(), m_field->text()) : std::vector<GraphSearchHit>{};
        m_current = m_hits.empty() ? -1 : std::min<int>(std::max(keep, 0), static_cast<int>(m_hits.size()) - 1);
        // The graph may have been rebuilt around the hit (a module call expanded to show
        // it): the selected item is the current hit.
        for (size_t i = 0; i < m_hits.size(); ++i)
            if (m_hits[i].item->isSelected())
                m_current = static_cast<int>(i);
        m_count->setText(m_hits.empty() ? tr("no match") : tr("%1 of %2").arg(m_current + 1).arg(m_hits.size()));
    }
}

void GraphSearchBar::search()
{
    m_hits = m_view->scene() ? findInGraph(*m_view->scene(), m_field->text()) : std::vector<GraphSearchHit>{};
    m_current = -1;
    if (m_hits.empty()) {
        m_count->setText(m_field->text().trimmed().isEmpty() ? QString() : tr("no match"));
        return;
    }
    show(0);
}

void GraphSearchBar::next()
{
    if (!m_hits.empty())
        show((m_current + 1) % static_cast<int>(m_hits.size()));
}

void GraphSearchBar::previous()
{
    if (!m_hits.empty())
        show((m_current + static_cast<int>(m_hits.size()) - 1) % static_cast<int>(m_hits.size()));
}

void GraphSearchBar::show(int index)
{
    m_current = index;
    const GraphSearchHit& hit = m_hits[static_cast<size_t>(index)];
    m_count->setText(tr("%1 of %2").arg(index + 1).arg(m_hits.size()));
    m_count->setToolTip(hit.description);
    if (hit.hiddenNode != 0) {
        // The window expands the module call and selects the node; the graph is rebuilt,
        // `hit` with it (refresh()).
        Q_EMIT nodeRevealRequested(hit.hiddenNode);
        return;
    }
    if (QGraphicsScene* scene = m_view->scene()) {
        scene->clearSelection();
        if (hit.item->flags() & QGraphicsItem::ItemIsSelectable)
            hit.item->setSelected(true);
    }
    m_view->reveal(hit.item->sceneBoundingRect());
}

void GraphSearchBar::place()
{
    adjustSize();
    const int margin = 10;
    move(m_view->width() - width() - margin - (m_view->verticalScrollBar()->isVisible() ? m_view->verticalScrollBar()->width() : 0),
         margin);
}

bool GraphSearchBar::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view && event->type() == QEvent::Resize && isVisible())
        place();
    // The line edit would take Shift+Enter as Enter: walk backwards before it sees the key.
    if (watched == m_field && event->type() == QEvent::KeyPress && handleKey(static_cast<QKeyEvent*>(event)))
        return true;
    return QFrame::eventFilter(watched, event);
}

bool GraphSearchBar::handleKey(QKeyEvent* event)
{
    const bool shift = event->modifiers() & Qt::ShiftModifier;
    switch (event->key()) {
    case Qt::Key_Escape:
        hide();
        m_view->setFocus();
        return true;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_F3:
        shift ? previous() : next();
        return true;
    default:
        return false;
    }
}

void GraphSearchBar::keyPressEvent(QKeyEvent* event)
{
    if (!handleKey(event))
        QFrame::keyPressEvent(event);
}

}  // namespace agv::ui
