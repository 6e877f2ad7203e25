#include "ui/i18n/language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QSettings>
#include <QTranslator>

// The compiled catalogues live in the static agv_ui library (see ui/CMakeLists.txt).
static void initTranslationResources() { Q_INIT_RESOURCE(i18n); }

namespace agv::ui {

namespace {

const QString kSettingsKey = QStringLiteral("language");

struct Installed {
    QString code = QStringLiteral("en");
    QTranslator* app = nullptr;
    QTranslator* qt = nullptr;
};

Installed& installed()
{
    static Installed state;
    return state;
}

bool isKnown(const QString& code)
{
    for (const InterfaceLanguage& l : interfaceLanguages())
        if (l.code == code)
            return true;
    return false;
}

void removeTranslator(QTranslator*& t)
{
    if (!t)
        return;
    QCoreApplication::removeTranslator(t);
    delete t;
    t = nullptr;
}

}  // namespace

QList<InterfaceLanguage> interfaceLanguages()
{
    return {{QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("zh_CN"), QStringLiteral("简体中文")},
            {QStringLiteral("ru"), QStringLiteral("Русский")}};
}

QString languageForLocale(const QLocale& locale)
{
    switch (locale.language()) {
    case QLocale::Chinese: return QStringLiteral("zh_CN");
    case QLocale::Russian: return QStringLiteral("ru");
    default: return QStringLiteral("en");
    }
}

QString preferredLanguage()
{
    const QString saved = QSettings().value(kSettingsKey).toString();
    return isKnown(saved) ? saved : languageForLocale(QLocale::system());
}

void rememberLanguage(const QString& code) { QSettings().setValue(kSettingsKey, code); }

bool applyLanguage(const QString& code)
{
    static const bool resources = (initTranslationResources(), true);
    Q_UNUSED(resources);
    Installed& state = installed();
    if (!isKnown(code))
        return false;
    if (code == state.code)
        return true;
    removeTranslator(state.app);
    removeTranslator(state.qt);
    state.code = QStringLiteral("en");
    if (code == QLatin1String("en"))
        return true;
    auto* app = new QTranslator;
    if (!app->load(QStringLiteral(":/i18n/autogradviz_%1.qm").arg(code))) {
        delete app;
        return false;
    }
    QCoreApplication::installTranslator(app);
    state.app = app;
    // Qt's own strings (the buttons of message boxes and file dialogs), from Debian's
    // qt6-translations-l10n; without it those stay English and the rest still works.
    auto* qt = new QTranslator;
    if (qt->load(QStringLiteral("qtbase_%1").arg(code), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
        state.qt = qt;
    } else {
        delete qt;
    }
    state.code = code;
    return true;
}

QString currentLanguage() { return installed().code; }

}  // namespace agv::ui
