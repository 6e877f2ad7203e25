#include "ui/compare/compare_runs_dialog.h"

#include <QComboBox>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ui/compare/memory_overlay_chart.h"
#include "ui/compare/tradeoff_chart.h"
#include "ui/panels/memory_chart.h"
#include "ui/theme.h"

namespace agv::ui {

namespace {

enum Column { ConfigurationColumn, StatusColumn, SavedColumn, TotalColumn, ForwardColumn, RecomputedColumn, ExtraColumn, ColumnCount };

bool hasMetrics(const ConfigurationRun& run)
{
    return run.recording && (run.state == ConfigurationRun::State::Done || run.state == ConfigurationRun::State::Failed);
}

/// Extra forward work as a share of the forward pass: "+46%", "none".
QString extraWork(const trace::RunMetrics& m)
{
    if (m.recomputedOps == 0)
        return CompareRunsDialog::tr("none");
    if (m.forwardOps == 0)
        return QStringLiteral("+%1").arg(m.recomputedOps);
    return QStringLiteral("+%1%").arg(std::llround(100.0 * double(m.recomputedOps) / double(m.forwardOps)));
}

QLabel* sectionTitle(const QString& text)
{
    auto* label = new QLabel(text);
    QFont font = label->font();
    font.setBold(true);
    font.setPointSizeF(font.pointSizeF() * 1.1);
    label->setFont(font);
    return label;
}

}  // namespace

CompareRunsDialog::CompareRunsDialog(QWidget* parent)
    : QDialog(parent),
      m_runs(new ConfigurationRuns(this)),
      m_title(new QLabel(this)),
      m_status(new QLabel(this)),
      m_progress(new QProgressBar(this)),
      m_again(new QPushButton(tr("Run &Again"), this)),
      m_cancel(new QPushButton(tr("&Cancel Runs"), this)),
      m_open(new QPushButton(tr("&Open in Main Window"), this)),
      m_table(new QTableWidget(0, ColumnCount, this)),
      m_errors(new QLabel(this)),
      m_tradeoff(new TradeoffChart(this)),
      m_memory(new MemoryOverlayChart(this)),
      m_first(new QComboBox(this)),
      m_second(new QComboBox(this)),
      m_comparison(new QLabel(this))
{
    setWindowTitle(tr("Compare Runs"));
    setObjectName(QStringLiteral("CompareRunsDialog"));
    const Theme& theme = Theme::current();

    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.35);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    auto* subtitle = new QLabel(tr("The same script as written, with checkpointing off and, where the script uses "
                                   "them, with each segment count checkpoint_sequential can take and with selective "
                                   "checkpointing recomputing or saving every op. Operations and bytes are counted, "
                                   "not timed: every machine gives the same numbers."),
                                this);
    subtitle->setWordWrap(true);
    subtitle->setStyleSheet(QStringLiteral("color: %1").arg(theme.mutedText.name()));
    m_status->setStyleSheet(QStringLiteral("color: %1").arg(theme.mutedText.name()));
    m_progress->setTextVisible(false);
    m_progress->setFixedWidth(180);
    m_progress->setFixedHeight(8);

    auto* header = new QHBoxLayout;
    auto* titles = new QVBoxLayout;
    titles->addWidget(m_title);
    titles->addWidget(subtitle);
    header->addLayout(titles, 1);
    header->addSpacing(24);
    header->addWidget(m_status);
    header->addWidget(m_progress);
    header->addWidget(m_again);
    header->addWidget(m_cancel);

    // Left: what each run cost, and the errors of those that failed.
    m_table->setHorizontalHeaderLabels({tr("Configuration"), tr("Status"), tr("Peak saved"), tr("Peak allocated"),
                                        tr("Forward ops"), tr("Recomputed ops"), tr("Extra work")});
    m_table->horizontalHeaderItem(SavedColumn)
        ->setToolTip(tr("The most bytes the autograd graph held for backward at once (saved activations)"));
    m_table->horizontalHeaderItem(TotalColumn)->setToolTip(tr("The most bytes allocated at once, all devices together"));
    m_table->horizontalHeaderItem(RecomputedColumn)
        ->setToolTip(tr("Operations run again by checkpoint recomputes during backward"));
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setShowGrid(false);
    m_table->setWordWrap(false);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_table->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Maximum);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->viewport()->installEventFilter(this);
    // Headers sit over their values: names to the left, numbers to the right.
    for (int column = 0; column < ColumnCount; ++column)
        m_table->horizontalHeaderItem(column)->setTextAlignment(
            (column <= StatusColumn ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 10);
    m_errors->setWordWrap(true);
    m_errors->setTextFormat(Qt::RichText);
    m_errors->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errors->hide();
    auto* hint = new QLabel(tr("Double-click a run, or click its point in the chart, to open its graph, steps and "
                               "console in the main window."),
                            this);
    hint->setWordWrap(true);
    hint->setStyleSheet(QStringLiteral("color: %1").arg(theme.mutedText.name()));

    auto* reading = new QLabel(
        tr("<p><b>Peak saved</b> — the most bytes the autograd graph held for backward at once: tensors saved "
           "by grad_fn nodes, the inputs a checkpoint keeps included. Parameters and the script's own inputs do not "
           "count: they stay alive anyway.</p>"
           "<p><b>Peak allocated</b> — the most bytes allocated at once on all devices, as the memory chart "
           "shows them (a checkpoint's stashed random state included).</p>"
           "<p><b>Forward ops</b> — operations the forward pass ran. <b>Recomputed ops</b> — operations "
           "backward ran again to rebuild what checkpointing did not keep: the extra forward work, also shown as a "
           "share of the forward pass.</p>"
           "<p>More segments do not always keep less: every checkpointed segment keeps its input, so many short "
           "segments can keep more than no checkpointing at all.</p>"),
        this);
    reading->setWordWrap(true);
    reading->setTextFormat(Qt::RichText);
    reading->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    reading->setStyleSheet(QStringLiteral("QLabel { color: %1; background: %2; border: 1px solid %3; border-radius: 6px;"
                                          " padding: 4px 12px; }")
                               .arg(theme.text.name(), theme.panelBackground.name(), theme.gridDot.name()));

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 8, 0);
    leftLayout->setSpacing(10);
    leftLayout->addWidget(sectionTitle(tr("Runs")));
    leftLayout->addWidget(m_table);
    auto* openRow = new QHBoxLayout;
    openRow->addWidget(hint, 1);
    openRow->addWidget(m_open);
    leftLayout->addLayout(openRow);
    leftLayout->addWidget(m_errors);
    leftLayout->addWidget(reading);
    leftLayout->addStretch(1);

    // Right: the trade-off, then two runs' memory side by side in one chart.
    auto* tradeoffBox = new QWidget(this);
    auto* tradeoffLayout = new QVBoxLayout(tradeoffBox);
    tradeoffLayout->setContentsMargins(8, 0, 0, 8);
    tradeoffLayout->addWidget(sectionTitle(tr("Trade-off: memory kept against work done again")));
    tradeoffLayout->addWidget(m_tradeoff, 1);

    auto* memoryBox = new QWidget(this);
    auto* memoryLayout = new QVBoxLayout(memoryBox);
    memoryLayout->setContentsMargins(0, 8, 0, 0);
    auto* chooser = new QHBoxLayout;
    chooser->addWidget(sectionTitle(tr("Memory over time")));
    chooser->addStretch(1);
    chooser->addWidget(m_first);
    chooser->addWidget(new QLabel(tr("against"), this));
    chooser->addWidget(m_second);
    memoryLayout->addLayout(chooser);
    m_comparison->setWordWrap(true);
    m_comparison->setTextFormat(Qt::RichText);
    memoryLayout->addWidget(m_comparison);
    memoryLayout->addWidget(m_memory, 1);
    m_first->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_second->setSizeAdjustPolicy(QComboBox::AdjustToContents);

    // Above: the runs beside their trade-off; below, across the whole width, memory over time.
    auto* top = new QSplitter(Qt::Horizontal, this);
    top->addWidget(left);
    top->addWidget(tradeoffBox);
    top->setStretchFactor(0, 1);
    top->setStretchFactor(1, 1);
    top->setChildrenCollapsible(false);
    top->setSizes({780, 720});
    auto* body = new QSplitter(Qt::Vertical, this);
    body->addWidget(top);
    body->addWidget(memoryBox);
    body->setStretchFactor(0, 1);
    body->setStretchFactor(1, 1);
    body->setChildrenCollapsible(false);
    body->setSizes({540, 400});

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(18, 14, 18, 16);
    layout->setSpacing(12);
    layout->addLayout(header);
    layout->addWidget(body, 1);
    resize(1500, 900);

    connect(m_runs, &ConfigurationRuns::configurationsChanged, this, [this] {
        rebuildRows();
        updateStatus();
    });
    connect(m_runs, &ConfigurationRuns::runChanged, this, [this](int index) {
        updateRow(index);
        updateStatus();
        updateChart();
        updateErrors();
        rebuildRunBoxes();
    });
    connect(m_runs, &ConfigurationRuns::finished, this, &CompareRunsDialog::updateStatus);
    connect(m_cancel, &QPushButton::clicked, m_runs, &ConfigurationRuns::cancel);
    connect(m_again, &QPushButton::clicked, this, [this] {
        if (m_runner)
            start(m_runner, m_runs->source(), m_runs->fileName());
    });
    connect(m_open, &QPushButton::clicked, this, [this] { openRun(m_table->currentRow()); });
    connect(m_table, &QTableWidget::cellDoubleClicked, this, [this](int row, int) { openRun(row); });
    connect(m_table, &QTableWidget::currentCellChanged, this, [this](int row) {
        m_tradeoff->setSelectedRun(row);
        updateStatus();
    });
    connect(m_tradeoff, &TradeoffChart::pointActivated, this, [this](int index) {
        m_table->selectRow(index);
        openRun(index);
    });
    connect(m_first, &QComboBox::currentIndexChanged, this, &CompareRunsDialog::updateComparison);
    connect(m_second, &QComboBox::currentIndexChanged, this, &CompareRunsDialog::updateComparison);
    connect(m_first, &QComboBox::activated, this, [this] { m_firstWanted = m_first->currentData().toString(); });
    connect(m_second, &QComboBox::activated, this, [this] { m_secondWanted = m_second->currentData().toString(); });
    updateStatus();
}

void CompareRunsDialog::start(std::shared_ptr<ScriptRunner> runner, const QString& source, const QString& fileName)
{
    m_runner = runner;
    const QString name = fileName.isEmpty() ? tr("untitled script") : QFileInfo(fileName).fileName();
    m_title->setText(tr("Compare runs of %1").arg(name));
    m_runs->start(std::move(runner), source, fileName);
    updateChart();
    rebuildRunBoxes();
    updateErrors();
}

void CompareRunsDialog::openRun(int index)
{
    const auto& runs = m_runs->runs();
    if (index < 0 || size_t(index) >= runs.size() || !runs[size_t(index)].recording)
        return;
    Q_EMIT recordingRequested(runs[size_t(index)].recording, m_runs->source(), m_runs->fileName());
}

void CompareRunsDialog::rebuildRows()
{
    m_table->setRowCount(int(m_runs->runs().size()));
    for (int i = 0; i < m_table->rowCount(); ++i)
        updateRow(i);
}

void CompareRunsDialog::updateRow(int index)
{
    if (index >= m_table->rowCount())
        m_table->setRowCount(index + 1);
    const ConfigurationRun& run = m_runs->runs()[size_t(index)];
    const Theme& theme = Theme::current();
    auto set = [&](int column, const QString& text, Qt::Alignment alignment = Qt::AlignRight | Qt::AlignVCenter) {
        auto* item = m_table->item(index, column);
        if (!item) {
            item = new QTableWidgetItem;
            m_table->setItem(index, column, item);
        }
        item->setText(text);
        item->setTextAlignment(alignment);
        item->setForeground(theme.text);
        item->setToolTip(QString());
        return item;
    };
    QTableWidgetItem* name = set(ConfigurationColumn, configurationTitle(run.configuration), Qt::AlignLeft | Qt::AlignVCenter);
    name->setToolTip(QStringLiteral("--checkpoint-config %1").arg(run.configuration));
    QString status;
    switch (run.state) {
    case ConfigurationRun::State::Waiting: status = tr("waiting"); break;
    case ConfigurationRun::State::Running: status = tr("running\u2026"); break;
    case ConfigurationRun::State::Done: status = tr("done"); break;
    case ConfigurationRun::State::Failed: status = tr("failed"); break;
    case ConfigurationRun::State::Cancelled: status = tr("cancelled"); break;
    }
    QTableWidgetItem* statusItem = set(StatusColumn, status, Qt::AlignLeft | Qt::AlignVCenter);
    if (run.state == ConfigurationRun::State::Failed) {
        statusItem->setForeground(theme.stale);
        statusItem->setToolTip(run.error);
    } else if (run.state != ConfigurationRun::State::Done) {
        statusItem->setForeground(theme.mutedText);
    }
    const bool known = hasMetrics(run);
    const trace::RunMetrics& m = run.metrics;
    const QString none = QStringLiteral("\u2014");
    set(SavedColumn, known ? formatBytes(m.peakSavedBytes) : none);
    set(TotalColumn, known ? formatBytes(m.peakTotalBytes) : none);
    set(ForwardColumn, known ? QString::number(m.forwardOps) : none);
    set(RecomputedColumn, known ? QString::number(m.recomputedOps) : none);
    set(ExtraColumn, known ? extraWork(m) : none);
    fitColumns();
}

bool CompareRunsDialog::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_table->viewport() && event->type() == QEvent::Resize)
        fitColumns();
    return QDialog::eventFilter(watched, event);
}

void CompareRunsDialog::fitColumns()
{
    // Every column as wide as its longest text (translations run long), then the spare
    // width shared out, so that no column is cut and none is a gap.
    m_table->resizeColumnsToContents();
    int used = 0;
    for (int column = 0; column < ColumnCount; ++column)
        used += m_table->columnWidth(column);
    const int spare = m_table->viewport()->width() - used;
    if (spare <= 0)
        return;
    for (int column = 0; column < ColumnCount; ++column)
        m_table->setColumnWidth(column, m_table->columnWidth(column) + spare / ColumnCount +
                                            (column == ConfigurationColumn ? spare % ColumnCount : 0));
}

void CompareRunsDialog::updateStatus()
{
    const auto& runs = m_runs->runs();
    int finished = 0, failed = 0, running = -1;
    for (size_t i = 0; i < runs.size(); ++i) {
        if (runs[i].state == ConfigurationRun::State::Done || runs[i].state == ConfigurationRun::State::Failed)
            ++finished;
        if (runs[i].state == ConfigurationRun::State::Failed)
            ++failed;
        if (runs[i].state == ConfigurationRun::State::Running)
            running = int(i);
    }
    m_progress->setRange(0, std::max<int>(1, int(runs.size())));
    m_progress->setValue(finished);
    m_progress->setVisible(m_runs->isRunning());
    m_cancel->setEnabled(m_runs->isRunning());
    m_again->setEnabled(!m_runs->isRunning() && m_runner != nullptr);
    if (runs.empty())
        m_status->setText(tr("No runs yet"));
    else if (running >= 0)
        m_status->setText(tr("Running %1 (%2 of %3)")
                              .arg(configurationTitle(runs[size_t(running)].configuration))
                              .arg(running + 1)
                              .arg(runs.size()));
    else if (failed > 0)
        m_status->setText(tr("%1 of %2 runs finished, %3 failed").arg(finished).arg(runs.size()).arg(failed));
    else
        m_status->setText(tr("%1 of %2 runs finished").arg(finished).arg(runs.size()));
    m_open->setEnabled(m_table->currentRow() >= 0 && size_t(m_table->currentRow()) < runs.size() &&
                       runs[size_t(m_table->currentRow())].recording);
}

void CompareRunsDialog::updateChart()
{
    std::vector<TradeoffPoint> points;
    std::vector<int> index;
    const auto& runs = m_runs->runs();
    for (size_t i = 0; i < runs.size(); ++i) {
        // A failed run's counts stop where it stopped: they are no point on the trade-off.
        if (runs[i].state != ConfigurationRun::State::Done || !runs[i].recording)
            continue;
        const QString title = configurationTitle(runs[i].configuration);
        const double x = double(runs[i].metrics.recomputedOps), y = double(runs[i].metrics.peakSavedBytes);
        // Configurations that cost the same share one point (its click opens the first).
        const auto same = std::find_if(points.begin(), points.end(),
                                       [&](const TradeoffPoint& p) { return p.recomputedOps == x && p.peakSavedBytes == y; });
        if (same != points.end()) {
            same->label += QStringLiteral(", ") + title;
            continue;
        }
        points.push_back({title, x, y});
        index.push_back(int(i));
    }
    m_tradeoff->setPoints(std::move(points), std::move(index));
}

void CompareRunsDialog::updateErrors()
{
    QStringList lines;
    for (const ConfigurationRun& run : m_runs->runs())
        if (run.state == ConfigurationRun::State::Failed)
            lines << tr("<b>%1</b> failed: %2").arg(configurationTitle(run.configuration), run.error.toHtmlEscaped());
    m_errors->setText(lines.join(QStringLiteral("<br>")));
    m_errors->setStyleSheet(QStringLiteral("color: %1").arg(Theme::current().stale.name()));
    m_errors->setVisible(!lines.isEmpty());
}

void CompareRunsDialog::rebuildRunBoxes()
{
    // Only finished runs can be drawn; the runs wanted (as written against off, until the
    // user picks others) are chosen as soon as they have finished.
    const QString first = m_firstWanted;
    const QString second = m_secondWanted;
    QSignalBlocker blockFirst(m_first), blockSecond(m_second);
    m_first->clear();
    m_second->clear();
    for (const ConfigurationRun& run : m_runs->runs())
        if (run.state == ConfigurationRun::State::Done) {
            m_first->addItem(configurationTitle(run.configuration), run.configuration);
            m_second->addItem(configurationTitle(run.configuration), run.configuration);
        }
    auto choose = [](QComboBox* box, const QString& wanted, int fallbackIndex) {
        int at = box->findData(wanted);
        if (at < 0)
            at = std::min(fallbackIndex, box->count() - 1);
        box->setCurrentIndex(at);
    };
    choose(m_first, first, 0);
    choose(m_second, second, 1);
    updateComparison();
}

void CompareRunsDialog::updateComparison()
{
    const Theme& theme = Theme::current();
    const QColor colors[] = {theme.accent, theme.executing};
    const ConfigurationRun* chosen[2] = {nullptr, nullptr};
    QComboBox* boxes[] = {m_first, m_second};
    for (int i = 0; i < 2; ++i)
        for (const ConfigurationRun& run : m_runs->runs())
            if (run.state == ConfigurationRun::State::Done && run.configuration == boxes[i]->currentData().toString())
                chosen[i] = &run;
    std::vector<MemorySeries> series;
    QStringList sentences;
    for (int i = 0; i < 2; ++i) {
        const ConfigurationRun* run = chosen[i];
        if (!run || (i == 1 && chosen[0] == chosen[1]))
            continue;
        series.push_back({configurationTitle(run->configuration), colors[i], run->totalBytes, run->savedBytes});
        const trace::RunMetrics& m = run->metrics;
        const QString work = m.recomputedOps == 0 ? tr("recomputes nothing")
                             : m.recomputedOps == 1
                                 ? tr("recomputes 1 operation (%1 extra forward work)").arg(extraWork(m))
                                 : tr("recomputes %1 operations (%2 extra forward work)").arg(m.recomputedOps).arg(extraWork(m));
        sentences << tr("<span style='color:%1'>\u25A0</span> <b>%2</b> keeps at most %3 for backward "
                        "(%4 allocated at the peak) and %5.")
                         .arg(colors[i].name(), configurationTitle(run->configuration), formatBytes(m.peakSavedBytes),
                              formatBytes(m.peakTotalBytes), work);
    }
    if (series.size() == 2) {
        const trace::RunMetrics& a = chosen[0]->metrics;
        const trace::RunMetrics& b = chosen[1]->metrics;
        if (a.peakSavedBytes != b.peakSavedBytes && std::max(a.peakSavedBytes, b.peakSavedBytes) > 0) {
            const bool firstKeepsLess = a.peakSavedBytes < b.peakSavedBytes;
            const uint64_t less = firstKeepsLess ? a.peakSavedBytes : b.peakSavedBytes;
            const uint64_t more = firstKeepsLess ? b.peakSavedBytes : a.peakSavedBytes;
            const long long extra = (long long)(firstKeepsLess ? a.recomputedOps : b.recomputedOps) -
                                    (long long)(firstKeepsLess ? b.recomputedOps : a.recomputedOps);
            const QString who = configurationTitle((firstKeepsLess ? chosen[0] : chosen[1])->configuration);
            const QString cost = extra > 0 ? tr("for %1 more recomputed operations").arg(extra)
                                 : extra < 0 ? tr("and recomputes %1 fewer operations").arg(-extra)
                                             : tr("for the same work");
            sentences << tr("<b>%1</b> keeps %2% less for backward %3.")
                             .arg(who)
                             .arg(std::llround(100.0 * double(more - less) / double(more)))
                             .arg(cost);
        } else if (a.peakSavedBytes == b.peakSavedBytes) {
            sentences << tr("Both keep the same bytes for backward at the peak.");
        }
    }
    m_comparison->setText(sentences.join(QStringLiteral("<br>")));
    m_memory->setSeries(std::move(series));
}

}  // namespace agv::ui
