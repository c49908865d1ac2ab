#include "common/i18n.h"

#include <QCoreApplication>
#include <QEvent>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QLibraryInfo>
#include <QTranslator>
#include <memory>

namespace pl::ui {

namespace {

// The installed translators are children of the application with this name, and the language
// is a property of it: no state of our own outlives the QApplication.
constexpr char kTranslatorName[] = "prefixlens-translator";
constexpr char kLanguageProperty[] = "prefixlensLanguage";
constexpr char kBaseFontProperty[] = "prefixlensBaseFont";

// Key names in menus and tooltips come from Qt's own catalogue (QKeySequence::NativeText), and
// Qt's Polish one calls the Home key "Katalog domowy", a home folder. Ours is installed after
// Qt's, so it is asked first: these entries correct that, and show the arrow keys as the arrows
// our texts use ("Shift+→"). Listed here for lupdate; QKeySequence looks them up itself.
[[maybe_unused]] const char* const kKeyNames[] = {
    QT_TRANSLATE_NOOP("QShortcut", "Home"),
    QT_TRANSLATE_NOOP("QShortcut", "Left"),
    QT_TRANSLATE_NOOP("QShortcut", "Right"),
};

// Han characters are shared by Chinese and Japanese, and a font fallback chosen without a
// language may draw them in their Chinese forms (or, with no CJK font, as empty boxes). Naming
// the Japanese cut of Noto CJK (fonts-noto-cjk) after the normal family keeps Latin text as it
// was and draws kana and kanji the Japanese way.
QStringList withJapaneseFallback(const QFont& font, const char* cjkFamily) {
    QStringList families = font.families();
    if (families.isEmpty())
        families << font.family();
    const QString cjk = QString::fromLatin1(cjkFamily);
    if (QFontDatabase::hasFamily(cjk) && !families.contains(cjk))
        families << cjk;
    return families;
}

void applyFonts(const QString& code) {
    auto* app = qobject_cast<QGuiApplication*>(QCoreApplication::instance());
    if (!app)
        return;
    QVariant base = app->property(kBaseFontProperty);
    if (!base.isValid()) {
        base = QVariant::fromValue(QGuiApplication::font());
        app->setProperty(kBaseFontProperty, base);
    }
    QFont f = base.value<QFont>();
    if (code == QLatin1String("ja"))
        f.setFamilies(withJapaneseFallback(f, "Noto Sans CJK JP"));
    if (QGuiApplication::font() != f)
        QGuiApplication::setFont(f);
}

}  // namespace

QStringList availableLanguages() {
    return {QStringLiteral("en"), QStringLiteral("ja"), QStringLiteral("pl")};
}

QString languageEndonym(const QString& code) {
    if (code == QLatin1String("ja"))
        return QStringLiteral("日本語");
    if (code == QLatin1String("pl"))
        return QStringLiteral("Polski");
    if (code == QLatin1String("en"))
        return QStringLiteral("English");
    return code;
}

QString currentLanguage() {
    const QCoreApplication* app = QCoreApplication::instance();
    const QString code = app ? app->property(kLanguageProperty).toString() : QString();
    return code.isEmpty() ? QStringLiteral("en") : code;
}

bool setLanguage(const QString& code, QString* error) {
    auto fail = [&](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    if (!availableLanguages().contains(code))
        return fail(QStringLiteral("unknown language '%1' (use en, ja or pl)").arg(code));
    QCoreApplication* app = QCoreApplication::instance();
    if (!app)
        return fail(QStringLiteral("no application to translate yet"));

    // Installed in this order; the last installed is asked first, so ours goes last.
    std::vector<std::unique_ptr<QTranslator>> fresh;
    if (code != QLatin1String("en")) {
        // Qt's own strings (OK/Cancel, a text field's context menu): welcome, not required.
        auto qt = std::make_unique<QTranslator>();
        if (qt->load(QStringLiteral("qtbase_%1").arg(code),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            fresh.push_back(std::move(qt));
        auto own = std::make_unique<QTranslator>();
        const QString qm = QStringLiteral(":/i18n/prefixlens_%1.qm").arg(code);
        if (!own->load(qm))
            return fail(QStringLiteral("the %1 catalogue %2 is missing from the build")
                            .arg(languageEndonym(code), qm));
        fresh.push_back(std::move(own));
    }

    applyFonts(code);
    for (QTranslator* old : app->findChildren<QTranslator*>(QLatin1String(kTranslatorName),
                                                            Qt::FindDirectChildrenOnly)) {
        QCoreApplication::removeTranslator(old);
        delete old;
    }
    for (auto& t : fresh) {
        QTranslator* raw = t.release();
        raw->setObjectName(QLatin1String(kTranslatorName));
        raw->setParent(app);
        QCoreApplication::installTranslator(raw);
    }
    app->setProperty(kLanguageProperty, code);
    QLocale::setDefault(QLocale(code));
    // QApplication posts LanguageChange to the windows; deliver it now, so that a caller (the
    // language menu, `shot`, a test) sees the new texts as soon as this returns. An English
    // start with nothing installed or removed posts nothing, and this is a no-op.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    return true;
}

QString languageForLocale(const QLocale& locale) {
    switch (locale.language()) {
        case QLocale::Japanese:
            return QStringLiteral("ja");
        case QLocale::Polish:
            return QStringLiteral("pl");
        default:
            return QStringLiteral("en");
    }
}

QString chooseLanguage(const QString& requested, const QString& saved, const QLocale& system) {
    if (availableLanguages().contains(requested))
        return requested;
    if (availableLanguages().contains(saved))
        return saved;
    return languageForLocale(system);
}

QString languageSettingsKey() {
    return QStringLiteral("language");
}

QFont monospaceFont() {
    QFont f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (currentLanguage() == QLatin1String("ja"))
        f.setFamilies(withJapaneseFallback(f, "Noto Sans Mono CJK JP"));
    return f;
}

}  // namespace pl::ui
