#pragma once
// Run > Compare Runs: the open script run as written, with checkpointing off and with
// each checkpoint_sequential segment count (ConfigurationRuns), then set side by side: a
// table of the counts each run cost, the trade-off chart (recomputed work against peak
// saved bytes; a click opens that run in the main window) and two chosen runs' memory
// overlaid with a sentence saying what the one trades against the other.

#include <QDialog>

#include <memory>

#include "core/trace/recording.h"
#include "ui/compare/configuration_runs.h"

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace agv::ui {

class MemoryOverlayChart;
class TradeoffChart;

class CompareRunsDialog : public QDialog {
    Q_OBJECT
public:
    explicit CompareRunsDialog(QWidget* parent = nullptr);

    /// Runs `source` in every configuration with `runner` (cancelling what is in flight).
    void start(std::shared_ptr<ScriptRunner> runner, const QString& source, const QString& fileName);
    /// Asks the main window to show run `index`'s recording (no-op until it has one).
    void openRun(int index);

    ConfigurationRuns* runs() const { return m_runs; }
    TradeoffChart* tradeoffChart() const { return m_tradeoff; }
    MemoryOverlayChart* memoryChart() const { return m_memory; }
    QTableWidget* table() const { return m_table; }
    QComboBox* firstRunBox() const { return m_first; }
    QComboBox* secondRunBox() const { return m_second; }
    QLabel* comparisonText() const { return m_comparison; }
    QLabel* errorText() const { return m_errors; }
    QPushButton* cancelButton() const { return m_cancel; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

Q_SIGNALS:
    void recordingRequested(std::shared_ptr<const agv::trace::Recording> recording, const QString& source,
                            const QString& fileName);

private:
    void rebuildRows();
    void fitColumns();
    void updateRow(int index);
    void updateStatus();
    void updateChart();
    void updateComparison();
    void updateErrors();
    void rebuildRunBoxes();

    ConfigurationRuns* m_runs;
    std::shared_ptr<ScriptRunner> m_runner;
    QLabel* m_title;
    QLabel* m_status;
    QProgressBar* m_progress;
    QPushButton* m_again;
    QPushButton* m_cancel;
    QPushButton* m_open;
    QTableWidget* m_table;
    QLabel* m_errors;
    TradeoffChart* m_tradeoff;
    MemoryOverlayChart* m_memory;
    QComboBox* m_first;
    QComboBox* m_second;
    QLabel* m_comparison;
    QString m_firstWanted = QStringLiteral("as-written");  ///< the configurations the memory chart compares
    QString m_secondWanted = QStringLiteral("off");
};

}  // namespace agv::ui
