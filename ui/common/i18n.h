// The app's languages: English (the source text), Japanese and Polish. The catalogues are
// compiled from ui/translations/*.ts at build time and embedded as resources, so switching needs
// no files at run time. Widgets retranslate themselves on QEvent::LanguageChange.
#pragma once

#include <QFont>
#include <QLocale>
#include <QString>
#include <QStringList>

namespace pl::ui {

// "en", "ja", "pl", in menu order.
QStringList availableLanguages();
// The language's own name ("日本語", "Polski"), as a language menu shows it: a reader who cannot
// read the current language must still find their own.
QString languageEndonym(const QString& code);

// Installs the catalogue of `code` (one of availableLanguages()) into the running application,
// with Qt's own translations (dialog buttons, context menus) where the system has them, and
// delivers QEvent::LanguageChange to every widget before it returns. False, with a one-line
// message, for an unknown code, no QApplication or a missing catalogue; the language is then
// unchanged.
bool setLanguage(const QString& code, QString* error = nullptr);
QString currentLanguage();

// "ja" or "pl" when the locale is Japanese or Polish, else "en".
QString languageForLocale(const QLocale& locale);
// The language to start in: the one asked for (--lang), else the saved choice, else the system's
// (ja, pl), else English. An empty or unknown saved value is skipped.
QString chooseLanguage(const QString& requested, const QString& saved, const QLocale& system);
// The QSettings key under which the language menu keeps the choice.
QString languageSettingsKey();

// The fixed-pitch font for token text, with a Japanese fallback while Japanese is the language
// (see setLanguage for why).
QFont monospaceFont();

}  // namespace pl::ui
