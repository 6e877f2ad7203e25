#include "ui/window_host.h"

#include "ui/i18n/language.h"
#include "ui/main_window.h"

namespace agv::ui {

WindowHost::WindowHost(std::shared_ptr<ScriptRunner> runner, QObject* parent) : QObject(parent), m_runner(std::move(runner))
{
    adopt(std::make_unique<MainWindow>(m_runner));
}

WindowHost::~WindowHost() = default;

void WindowHost::adopt(std::unique_ptr<MainWindow> window)
{
    m_window = std::move(window);
    // Queued: the request comes from inside the old window's menu, which must not be
    // deleted under its own feet.
    connect(m_window.get(), &MainWindow::languageChangeRequested, this, &WindowHost::switchLanguage, Qt::QueuedConnection);
}

void WindowHost::switchLanguage(const QString& code)
{
    const WindowHandover handover = m_window->handOver();
    const QRect geometry = m_window->geometry();
    const Qt::WindowStates states = m_window->windowState();
    const bool visible = m_window->isVisible();
    applyLanguage(code);
    auto next = std::make_unique<MainWindow>(m_runner);
    next->setGeometry(geometry);
    next->setWindowState(states);
    next->takeOver(handover);
    if (visible)
        next->show();
    std::unique_ptr<MainWindow> old = std::move(m_window);
    adopt(std::move(next));
    old->hide();
    old.reset();
    Q_EMIT windowReplaced(m_window.get());
}

}  // namespace agv::ui
