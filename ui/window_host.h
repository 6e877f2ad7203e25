#pragma once
// Owns the main window and replaces it when the interface language changes: Qt Widgets
// set their texts once, so a window in the new language is built and takes over the
// old one's script, recording, step and layout (see MainWindow::handOver).

#include <QObject>

#include <memory>

namespace agv::ui {

class MainWindow;
class ScriptRunner;

class WindowHost : public QObject {
    Q_OBJECT
public:
    explicit WindowHost(std::shared_ptr<ScriptRunner> runner, QObject* parent = nullptr);
    ~WindowHost() override;

    MainWindow* window() const { return m_window.get(); }
    /// Applies `code` and moves everything into a new window in that language.
    void switchLanguage(const QString& code);

Q_SIGNALS:
    /// A new window replaced the old one (the old one is gone).
    void windowReplaced(MainWindow* window);

private:
    void adopt(std::unique_ptr<MainWindow> window);

    std::shared_ptr<ScriptRunner> m_runner;
    std::unique_ptr<MainWindow> m_window;
};

}  // namespace agv::ui
