#pragma once
// The interface language: English, Simplified Chinese or Russian. Chosen from the
// system locale unless the user picked one in View > Language (remembered).
// PyTorch's own messages are never translated: learners search for them word for word.

#include <QList>
#include <QLocale>
#include <QString>

namespace agv::ui {

struct InterfaceLanguage {
    QString code;        ///< "en", "zh_CN", "ru": the suffix of resources/i18n/autogradviz_<code>.ts
    QString nativeName;  ///< how the language names itself, shown in the menu
};

/// Every language the interface is translated into, English first.
QList<InterfaceLanguage> interfaceLanguages();

/// The language for a system locale: any Chinese reads the Simplified translation,
/// Russian reads Russian, everything else English.
QString languageForLocale(const QLocale& locale);

/// The user's choice from the settings when valid, else the system locale's language.
QString preferredLanguage();
void rememberLanguage(const QString& code);

/// Installs the translators for `code` (ours and Qt's own dialogs); returns false and
/// keeps English for an unknown code or a missing catalogue.
bool applyLanguage(const QString& code);
/// The language applied last ("en" before any).
QString currentLanguage();

}  // namespace agv::ui
