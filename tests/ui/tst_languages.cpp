// The interface in English, Simplified Chinese and Russian: the choice from the system
// locale and the View menu, complete catalogues whose placeholders and markup match the
// English, a window that keeps its script, recording and step when the language changes,
// and PyTorch's own messages left in English beside translated explanations.

#include <QtTest>

#include <QAction>
#include <QApplication>
#include <QDirIterator>
#include <QFontDatabase>
#include <QLibraryInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QXmlStreamReader>

#include "tests/common/synthetic_recordings.h"
#include "ui/demo_catalog.h"
#include "ui/i18n/language.h"
#include "ui/main_window.h"
#include "ui/panels/code_editor.h"
#include "ui/panels/error_panel.h"
#include "ui/playback/player.h"
#include "ui/window_host.h"

using namespace agv;
using namespace agv::testing;
using namespace agv::ui;

namespace {

struct CatalogueMessage {
    QString context;
    QString source;
    QStringList translations;  ///< one per numerus form, or one
    bool unfinished = false;
    bool numerus = false;
};

QList<CatalogueMessage> readCatalogue(const QString& path, QString* error)
{
    QList<CatalogueMessage> messages;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot open ") + path;
        return messages;
    }
    QXmlStreamReader xml(&file);
    QString context;
    CatalogueMessage current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            current = {};
            current.context = context;
            current.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (name == QLatin1String("source")) {
            current.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            const auto type = xml.attributes().value(QLatin1String("type"));
            current.unfinished = type == QLatin1String("unfinished") || type == QLatin1String("vanished") ||
                                 type == QLatin1String("obsolete");
            if (!current.numerus) {
                current.translations << xml.readElementText();
                messages << current;
            } else {
                while (xml.readNextStartElement())
                    current.translations << xml.readElementText();
                messages << current;
            }
        }
    }
    if (xml.hasError())
        *error = path + QStringLiteral(": ") + xml.errorString();
    return messages;
}

QStringList placeholders(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("%(\\d+|n)"));
    QStringList found;
    for (const auto& m : re.globalMatch(text))
        found << m.captured(0);
    found.sort();
    found.removeDuplicates();
    return found;
}

QMap<QString, int> tags(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("<(/?[a-z]+)[^>]*>"));
    QMap<QString, int> counts;
    for (const auto& m : re.globalMatch(text))
        ++counts[m.captured(1)];
    return counts;
}

QString catalogue(const QString& code)
{
    return QStringLiteral(AGV_SOURCE_DIR "/resources/i18n/autogradviz_%1.ts").arg(code);
}

QMenu* topMenu(MainWindow& w, int index) { return w.menuBar()->actions().at(index)->menu(); }

QAction* languageAction(MainWindow& w, const QString& code)
{
    auto* menu = w.findChild<QMenu*>(QStringLiteral("LanguageMenu"));
    if (!menu)
        return nullptr;
    for (QAction* a : menu->actions())
        if (a->data().toString() == code)
            return a;
    return nullptr;
}

}  // namespace

class TestLanguages : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("autogradviz-tests-languages"));
        QSettings().clear();
    }

    void cleanup() { applyLanguage(QStringLiteral("en")); }

    void languageFollowsTheSystemLocale()
    {
        QCOMPARE(languageForLocale(QLocale(QStringLiteral("zh_CN"))), QStringLiteral("zh_CN"));
        QCOMPARE(languageForLocale(QLocale(QStringLiteral("zh_TW"))), QStringLiteral("zh_CN"));
        QCOMPARE(languageForLocale(QLocale(QStringLiteral("ru_RU"))), QStringLiteral("ru"));
        QCOMPARE(languageForLocale(QLocale(QStringLiteral("de_DE"))), QStringLiteral("en"));
        QCOMPARE(languageForLocale(QLocale::c()), QStringLiteral("en"));
    }

    void theMenuChoiceIsRememberedAndWins()
    {
        QSettings().remove(QStringLiteral("language"));
        QCOMPARE(preferredLanguage(), languageForLocale(QLocale::system()));
        rememberLanguage(QStringLiteral("ru"));
        QCOMPARE(preferredLanguage(), QStringLiteral("ru"));
        rememberLanguage(QStringLiteral("klingon"));  // a stale or hand-edited value
        QCOMPARE(preferredLanguage(), languageForLocale(QLocale::system()));
        QSettings().remove(QStringLiteral("language"));
        QVERIFY(!applyLanguage(QStringLiteral("klingon")));
        QCOMPARE(currentLanguage(), QStringLiteral("en"));
    }

    void cataloguesAreCompleteAndKeepPlaceholders_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<int>("pluralForms");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << 1;
        QTest::newRow("ru") << QStringLiteral("ru") << 3;
    }

    void cataloguesAreCompleteAndKeepPlaceholders()
    {
        QFETCH(QString, code);
        QFETCH(int, pluralForms);
        QString error;
        const QList<CatalogueMessage> messages = readCatalogue(catalogue(code), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(messages.size() > 300);
        static const QRegularExpression shortcut(QStringLiteral("^(Ctrl|Shift|Alt|F\\d)"));
        for (const CatalogueMessage& m : messages) {
            const QString where = m.context + QStringLiteral(": ") + m.source.left(60);
            QVERIFY2(!m.unfinished, qPrintable(QStringLiteral("unfinished: ") + where));
            QCOMPARE(m.translations.size(), m.numerus ? pluralForms : 1);
            for (const QString& t : m.translations) {
                if (!m.source.trimmed().isEmpty())
                    QVERIFY2(!t.trimmed().isEmpty(), qPrintable(QStringLiteral("empty: ") + where));
                else
                    QVERIFY2(!t.isEmpty(), qPrintable(QStringLiteral("empty: ") + where));  // lrelease drops ""
                QVERIFY2(placeholders(t) == placeholders(m.source), qPrintable(QStringLiteral("placeholders differ: ") + where));
                QVERIFY2(tags(t) == tags(m.source), qPrintable(QStringLiteral("markup differs: ") + where));
                if (shortcut.match(m.source).hasMatch())
                    QCOMPARE(t, m.source);
                QCOMPARE(t.count(QLatin1Char('&')) - t.count(QLatin1String("&amp;")) - t.count(QLatin1String("&lt;")) -
                             t.count(QLatin1String("&gt;")),
                         m.source.count(QLatin1Char('&')) - m.source.count(QLatin1String("&amp;")) -
                             m.source.count(QLatin1String("&lt;")) - m.source.count(QLatin1String("&gt;")));
            }
        }
    }

    void everyInterfaceStringIsInTheCatalogues()
    {
        // lupdate over today's sources into a fresh catalogue: every string it finds must
        // be translated in ours (by text: a directory scan names contexts differently
        // from the build's project scan), so a tr() added without a translation fails.
        const QString lupdate = QLibraryInfo::path(QLibraryInfo::BinariesPath) + QStringLiteral("/lupdate");
        QVERIFY2(QFileInfo::exists(lupdate), "lupdate (Debian qt6-l10n-tools) is missing");
        QTemporaryDir dir;
        const QString fresh = dir.filePath(QStringLiteral("fresh.ts"));
        QProcess p;
        p.start(lupdate, {QStringLiteral(AGV_SOURCE_DIR "/ui"), QStringLiteral("-locations"), QStringLiteral("none"),
                          QStringLiteral("-silent"), QStringLiteral("-ts"), fresh});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        QString error;
        const QList<CatalogueMessage> found = readCatalogue(fresh, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(found.size() > 300);
        for (const QString& code : {QStringLiteral("zh_CN"), QStringLiteral("ru")}) {
            QSet<QString> translated;
            for (const CatalogueMessage& m : readCatalogue(catalogue(code), &error))
                if (!m.unfinished)
                    translated.insert(m.source);
            for (const CatalogueMessage& m : found)
                QVERIFY2(translated.contains(m.source), qPrintable(code + QStringLiteral(" lacks: ") + m.source));
        }
    }

    void translationsAreInstalled()
    {
        QVERIFY(applyLanguage(QStringLiteral("zh_CN")));
        QCOMPARE(currentLanguage(), QStringLiteral("zh_CN"));
        QVERIFY(MainWindow::tr("&View").contains(QStringLiteral("视图")));
        QVERIFY(applyLanguage(QStringLiteral("ru")));
        QVERIFY(MainWindow::tr("&View").contains(QStringLiteral("Вид")));
        // Plurals follow Russian grammar: 1 событие, 3 события, 5 событий.
        const QString one = MainWindow::tr("Run cancelled after %n event(s)", nullptr, 1);
        const QString few = MainWindow::tr("Run cancelled after %n event(s)", nullptr, 3);
        const QString many = MainWindow::tr("Run cancelled after %n event(s)", nullptr, 5);
        QVERIFY(one != few && few != many);
        QVERIFY(applyLanguage(QStringLiteral("en")));
        QCOMPARE(MainWindow::tr("&View"), QStringLiteral("&View"));
    }

    void chineseAndCyrillicHaveAFont()
    {
        // The classroom machine renders what we ship: Debian's fonts-wqy-microhei and DejaVu.
        QVERIFY(!QFontDatabase::families(QFontDatabase::SimplifiedChinese).isEmpty());
        QVERIFY(!QFontDatabase::families(QFontDatabase::Cyrillic).isEmpty());
    }

    void demoNotesComeInTheChosenLanguage()
    {
        const QString header = QStringLiteral("# Title: Backward twice\n"
                                              "# Watch: the saved tensors are freed\n"
                                              "#   after the first pass.\n"
                                              "# Title[zh_CN]: 两次反向传播\n"
                                              "# Watch[zh_CN]: 第一次反向传播后\n"
                                              "#   保存的张量被释放。\n"
                                              "# Level: beginner\n"
                                              "# Title[ru]: Дважды обратный проход\n"
                                              "import torch\n");
        const DemoInfo en = parseDemoHeader(header, QStringLiteral("x.py"), QStringLiteral("en"));
        QCOMPARE(en.title, QStringLiteral("Backward twice"));
        QCOMPARE(en.watch, QStringLiteral("the saved tensors are freed after the first pass."));
        QCOMPARE(en.level, QStringLiteral("beginner"));
        const DemoInfo zh = parseDemoHeader(header, QStringLiteral("x.py"), QStringLiteral("zh_CN"));
        QCOMPARE(zh.title, QStringLiteral("两次反向传播"));
        QCOMPARE(zh.watch, QStringLiteral("第一次反向传播后保存的张量被释放。"));  // no space inside Chinese
        const DemoInfo ru = parseDemoHeader(header, QStringLiteral("x.py"), QStringLiteral("ru"));
        QCOMPARE(ru.title, QStringLiteral("Дважды обратный проход"));
        QCOMPARE(ru.watch, en.watch);  // no Russian note: the English one, not nothing
    }

    void everyBundledDemoIsTranslated()
    {
        for (const QString& code : {QStringLiteral("zh_CN"), QStringLiteral("ru")}) {
            const QList<DemoInfo> english = scanDemos(QStringLiteral(":/demos"), QStringLiteral("en"));
            const QList<DemoInfo> local = scanDemos(QStringLiteral(":/demos"), code);
            QVERIFY(english.size() >= 19);
            QCOMPARE(local.size(), english.size());
            for (int i = 0; i < english.size(); ++i) {
                QVERIFY2(local[i].title != english[i].title, qPrintable(code + QStringLiteral(" title: ") + english[i].fileName));
                QVERIFY2(local[i].watch != english[i].watch, qPrintable(code + QStringLiteral(" watch: ") + english[i].fileName));
            }
        }
    }

    void switchingKeepsTheScriptRecordingAndStep()
    {
        WindowHost host(nullptr);
        MainWindow* w = host.window();
        w->resize(1400, 900);
        w->show();
        const SyntheticRun run = classicRun(true);
        auto recording = std::make_shared<trace::Recording>(run.recording);
        w->loadRecording(recording, QString::fromStdString(run.source), QString::fromStdString(run.fileName));
        w->player()->goToEnd();
        const size_t step = w->player()->step();
        QVERIFY(w->errorPanel()->hasError());
        const QString englishExplanation = w->errorPanel()->toPlainText();
        QVERIFY(englishExplanation.contains(QStringLiteral("A saved tensor was modified in place")));
        w->editor()->appendPlainText(QStringLiteral("# a note typed before switching"));
        const QString editedSource = w->editor()->toPlainText();
        QCOMPARE(topMenu(*w, 0)->title(), MainWindow::tr("&File"));

        QSignalSpy replaced(&host, &WindowHost::windowReplaced);
        QAction* russian = languageAction(*w, QStringLiteral("ru"));
        QVERIFY(russian);
        QVERIFY(!russian->isChecked());
        russian->trigger();
        QCOMPARE(replaced.count(), 0);  // queued: the old window's menu is still on the stack
        QCoreApplication::sendPostedEvents();
        QCOMPARE(replaced.count(), 1);

        MainWindow* ru = host.window();
        QVERIFY(ru != w);
        QCOMPARE(currentLanguage(), QStringLiteral("ru"));
        QCOMPARE(QSettings().value(QStringLiteral("language")).toString(), QStringLiteral("ru"));
        QVERIFY(ru->isVisible());
        QCOMPARE(ru->size(), QSize(1400, 900));
        QVERIFY(ru->player()->recording().get() == recording.get());
        QCOMPARE(ru->player()->step(), step);
        QCOMPARE(ru->editor()->toPlainText(), editedSource);
        QVERIFY(ru->windowTitle().contains(QString::fromStdString(run.fileName)));
        QVERIFY(topMenu(*ru, 0)->title().contains(QStringLiteral("Файл")));
        QVERIFY(languageAction(*ru, QStringLiteral("ru"))->isChecked());
        // The explanation is Russian; PyTorch's message stays word for word.
        const QString text = ru->errorPanel()->toPlainText();
        QVERIFY(!text.contains(QStringLiteral("A saved tensor was modified in place")));
        QVERIFY(text.contains(QStringLiteral("one of the variables needed for gradient computation has been modified by "
                                             "an inplace operation")));
        QVERIFY(text.contains(QRegularExpression(QStringLiteral("[А-Яа-я]{5,}"))));

        // And back: the same action list, in a third window.
        languageAction(*ru, QStringLiteral("en"))->trigger();
        QCoreApplication::sendPostedEvents();
        QCOMPARE(host.window()->player()->step(), step);
        QCOMPARE(topMenu(*host.window(), 0)->title(), QStringLiteral("&File"));
        QSettings().remove(QStringLiteral("language"));
    }
};

QTEST_MAIN(TestLanguages)
#include "tst_languages.moc"
