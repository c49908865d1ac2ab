// The UI in Japanese and Polish. The catalogues are complete and say the same things as the
// sources (placeholders, markup, shortcut keys, one mnemonic); no UI text is missing from them
// (lupdate over ui/ finds nothing new or gone); the window switches language while it runs and
// back; Japanese text finds Japanese glyphs; and a token cut inside a UTF-8 character shows as
// its bytes or as the whole character, never as U+FFFD.
#include <QAbstractButton>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QGlyphRun>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QMenuBar>
#include <QProcess>
#include <QRawFont>
#include <QRegularExpression>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextLayout>
#include <QToolButton>
#include <QXmlStreamReader>
#include <QtTest>
#include <memory>
#include <set>

#include "common/elided_label.h"
#include "common/i18n.h"
#include "common/text_util.h"
#include "core/assets.h"
#include "gui_test_support.h"
#include "lessons/lesson_panel.h"
#include "lint/lint_tables.h"
#include "logs/lint_input.h"
#include "panels/charts_panel.h"
#include "panels/lint_panel.h"
#include "panels/lint_text.h"
#include "panels/usage_panel.h"
#include "runner/scenario.h"
#include "session/scenario_import.h"
#include "shell/main_window.h"
#include "state/scenario_context.h"
#include "state/timeline_state.h"
#include "test_support.h"
#include "tokenizer/bpe_tokenizer.h"
#include "views/block_chain_view.h"
#include "views/prompt_view.h"

using namespace pl;
using namespace pl::ui;

namespace {

constexpr int kRunTimeoutMs = 300000;

struct TsMessage {
    QString context;
    QString source;
    QString type;  // the translation's type attribute: "", "unfinished", "vanished", "obsolete"
    QStringList translations;  // one, or one per plural form
};

QString env(const char* name) {
    return QString::fromLocal8Bit(qgetenv(name));
}

QString tsPath(const QString& language) {
    return env("PREFIXLENS_UI_SOURCES") +
           QStringLiteral("/translations/prefixlens_%1.ts").arg(language);
}

std::vector<TsMessage> readTs(const QString& path, QString* error) {
    std::vector<TsMessage> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = path + QStringLiteral(": ") + f.errorString();
        return out;
    }
    QXmlStreamReader xml(&f);
    QString context;
    TsMessage* m = nullptr;
    bool numerus = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("context")) {
            m = nullptr;
        } else if (name == QLatin1String("name") && !m) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            out.push_back({context, {}, {}, {}});
            m = &out.back();
            numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (m && name == QLatin1String("source")) {
            m->source = xml.readElementText();
        } else if (m && name == QLatin1String("translation")) {
            m->type = xml.attributes().value(QLatin1String("type")).toString();
            if (!numerus)
                m->translations << xml.readElementText();
        } else if (m && name == QLatin1String("numerusform")) {
            m->translations << xml.readElementText();
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("%1:%2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return out;
}

QString where(const TsMessage& m) {
    return m.context + QStringLiteral(" \"") + m.source + QStringLiteral("\"");
}

QStringList sortedMatches(const QRegularExpression& re, const QString& text) {
    QStringList found;
    auto it = re.globalMatch(text);
    while (it.hasNext())
        found << it.next().captured(0);
    found.sort();
    return found;
}

// Placeholders, each once however often it is used: a translation may repeat or reorder them.
QStringList placeholders(const QString& text) {
    QStringList p = sortedMatches(QRegularExpression(QStringLiteral("%(\\d+|n)")), text);
    p.removeDuplicates();
    return p;
}

// Rich-text tags, by name and in any order: word order changes, markup must not.
QStringList tags(const QString& text) {
    return sortedMatches(QRegularExpression(QStringLiteral("</?[a-z]+")), text);
}

// Key names the text tells the user to press.
QStringList keys(const QString& text) {
    return sortedMatches(QRegularExpression(QStringLiteral("(Ctrl|Shift|Alt)\\+\\S")), text);
}

// Menu mnemonics: & before a character, not an HTML entity (&nbsp;) nor a literal &&.
int mnemonics(const QString& text) {
    return static_cast<int>(
        sortedMatches(QRegularExpression(QStringLiteral("(?<!&)&(?![&\\s]|[a-z]+;)")), text)
            .size());
}

bool runLupdate(const QStringList& args, QString* output) {
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(env("PREFIXLENS_LUPDATE"), args);
    if (!p.waitForFinished(120000)) {
        *output = p.errorString();
        return false;
    }
    *output = QString::fromLocal8Bit(p.readAll());
    return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

std::unique_ptr<MainWindow> makeWindow() {
    MainWindowOptions o;
    o.engine = test::cpu_engine();
    o.useSettings = false;
    o.loadInitialScenario = false;
    auto w = std::make_unique<MainWindow>(o);
    w->resize(1280, 800);
    w->show();
    return w;
}

// The window as a first launch opens it on a screen of `screen`: its size and its docks' are
// the app's own (shell/window_layout.h), not set by the test.
std::unique_ptr<MainWindow> makeFirstLaunch(const QSize& screen) {
    // One run store for every window of the suite: a scenario is played once, and the other
    // screens and languages show the same run from the store, as a second launch would.
    static QTemporaryDir runs;
    MainWindowOptions o;
    o.engine = test::cpu_engine();
    o.engine.run_store_dir = runs.path().toStdString();
    o.useSettings = false;
    o.loadInitialScenario = false;
    o.screenArea = QRect(QPoint(0, 0), screen);
    auto w = std::make_unique<MainWindow>(o);
    w->show();
    return w;
}

QStringList menuTitles(const MainWindow& w) {
    QStringList t;
    for (QAction* a : w.menuBar()->actions())
        t << a->text();
    return t;
}

QString dockTitle(const MainWindow& w, const char* name) {
    const auto* d = w.findChild<QDockWidget*>(QLatin1String(name));
    return d ? d->windowTitle() : QString();
}

QStringList lintTabs(const MainWindow& w) {
    QStringList t;
    const auto* tabs = w.lintPanel()->findChild<QTabWidget*>();
    for (int i = 0; tabs && i < tabs->count(); ++i)
        t << tabs->tabText(i);
    return t;
}

QStringList chartTabs(const MainWindow& w) {
    QStringList t;
    const auto* tabs = w.chartsPanel()->findChild<QTabWidget*>();
    for (int i = 0; tabs && i < tabs->count(); ++i)
        t << tabs->tabText(i);
    return t;
}

// Every chart's one-row legend: the entries it lists fit the chart at the legend's font (Qt
// Charts would elide them), each as a marker, a gap and its label.
QStringList cutLegends(ChartsPanel& charts) {
    QStringList out;
    for (auto which : {ChartsPanel::Chart::Ttft, ChartsPanel::Chart::TtftVsLength,
                       ChartsPanel::Chart::KvMemory, ChartsPanel::Chart::HitRate}) {
        charts.showChart(which);
        QCoreApplication::processEvents();
        auto* view = qobject_cast<QChartView*>(charts.chartView(which));
        if (!view || !view->chart()->legend()->isVisible())
            continue;
        const QLegend* legend = view->chart()->legend();
        const QFontMetrics fm(legend->font());
        int need = fm.height() * 2;
        QStringList labels;
        for (QLegendMarker* m : legend->markers()) {
            if (m->isVisible()) {
                need += fm.height() * 2 + fm.horizontalAdvance(m->label());
                labels << m->label();
            }
        }
        if (need > view->width())
            out << QStringLiteral("chart \"%1\": legend needs %2 of %3 px: %4")
                       .arg(view->chart()->title())
                       .arg(need)
                       .arg(view->width())
                       .arg(labels.join(QStringLiteral(" | ")));
    }
    return out;
}

// The TTFT chart's category labels ("#3", or "#3" over "1062 tok"): each line fits its bar's
// column of the plot area at the axis font, so Qt Charts draws it whole instead of "1062…".
QStringList cutCategoryLabels(ChartsPanel& charts) {
    QStringList out;
    charts.showChart(ChartsPanel::Chart::Ttft);
    QCoreApplication::processEvents();
    QChart* chart = charts.ttftChart();
    const auto axes = chart->axes(Qt::Horizontal);
    auto* cx = axes.isEmpty() ? nullptr : qobject_cast<QBarCategoryAxis*>(axes.first());
    if (!cx || cx->count() == 0)
        return out;
    const qreal column = chart->plotArea().width() / cx->count();
    const QFontMetrics fm(cx->labelsFont());
    for (const QString& category : cx->categories()) {
        for (const QString& line : category.split(QStringLiteral("<br>"))) {
            if (fm.horizontalAdvance(line) > column)
                out << QStringLiteral("chart \"%1\": bar label \"%2\" needs %3 of %4 px")
                           .arg(chart->title(), line)
                           .arg(fm.horizontalAdvance(line))
                           .arg(column);
        }
    }
    return out;
}

// Every visible text of the window that is cut: a label wider or taller than its rectangle
// (unless it is an ElidedLabel, which says its whole text in a tooltip), a button or check box
// narrower than its text, a tab narrower than its text without a tooltip, a dock title that
// does not fit its title bar. "where: text" for each.
// When the window outgrew the screen: the docks and the widest minimum widths inside them, so a
// failure names the widget that pushed it.
QString widestMinimums(QWidget& root) {
    std::vector<std::pair<int, QString>> rows;
    for (QWidget* w : root.findChildren<QWidget*>()) {
        if (!w->isVisible())
            continue;
        const int need = std::max(w->minimumWidth(), w->minimumSizeHint().width());
        QString name = QString::fromLatin1(w->metaObject()->className());
        if (!w->objectName().isEmpty())
            name += QLatin1Char('#') + w->objectName();
        if (QWidget* p = w->parentWidget())
            name += QStringLiteral(" in ") + QString::fromLatin1(p->metaObject()->className()) +
                    QLatin1Char('#') + p->objectName();
        rows.emplace_back(need, name);
    }
    std::sort(rows.begin(), rows.end(),
              [](const auto& a, const auto& b) { return a.first > b.first; });
    QStringList out;
    out << QStringLiteral("window minimum %1, hint %2")
               .arg(root.minimumWidth())
               .arg(root.minimumSizeHint().width());
    for (QDockWidget* d : root.findChildren<QDockWidget*>()) {
        if (d->isVisible())
            out << QStringLiteral("dock %1 at %2,%3 %4x%5 min %6")
                       .arg(d->objectName())
                       .arg(d->x())
                       .arg(d->y())
                       .arg(d->width())
                       .arg(d->height())
                       .arg(d->minimumSizeHint().width());
    }
    for (std::size_t i = 0; i < rows.size() && i < 12; ++i)
        out << QStringLiteral("%1 %2").arg(rows[i].first).arg(rows[i].second);
    return out.join(QLatin1Char('\n'));
}

QStringList cutTexts(QWidget& root) {
    QStringList out;
    auto where = [&](const QWidget* w) {
        QString path;
        for (const QWidget* p = w; p && p != &root; p = p->parentWidget()) {
            if (!p->objectName().isEmpty()) {
                path = p->objectName();
                break;
            }
        }
        return QStringLiteral("%1 %2 (%3x%4)")
            .arg(QString::fromLatin1(w->metaObject()->className()), path)
            .arg(w->width())
            .arg(w->height());
    };
    auto shown = [&](const QWidget* w) {
        return w->isVisible() && !w->visibleRegion().isEmpty() && w->width() > 0;
    };
    for (QLabel* l : root.findChildren<QLabel*>()) {
        if (!shown(l) || l->text().isEmpty() || !l->pixmap().isNull())
            continue;
        // A label wider than what its scroll area or dock shows of it has text out of sight
        // (a number at the end of a row, under a scroll bar): never allowed.
        if (const QRect vis = l->visibleRegion().boundingRect(); vis.width() + 1 < l->width()) {
            out << where(l) +
                       QStringLiteral(": only %1 of %2 px wide in sight: ")
                           .arg(vis.width())
                           .arg(l->width()) +
                       l->text();
            continue;
        }
        if (const auto* e = qobject_cast<ElidedLabel*>(l)) {
            if (e->isElided() && e->toolTip().isEmpty())
                out << where(l) + QStringLiteral(": elided without a tooltip: ") + l->text();
            continue;
        }
        const QRect r =
            l->contentsRect().adjusted(l->margin(), l->margin(), -l->margin(), -l->margin());
        const bool rich = l->textFormat() == Qt::RichText ||
                          (l->textFormat() == Qt::AutoText && Qt::mightBeRichText(l->text()));
        if (l->wordWrap() || rich) {
            const int need = l->heightForWidth(l->width());
            if (need > l->height() + 1)
                out << where(l) + QStringLiteral(": needs %1 px high: ").arg(need) + l->text();
            continue;
        }
        const QFontMetrics fm(l->font());
        const QStringList lines = l->text().split(QLatin1Char('\n'));
        int wide = 0;
        for (const QString& line : lines)
            wide = std::max(wide, fm.horizontalAdvance(line));
        if (wide > r.width() + 1)
            out << where(l) + QStringLiteral(": needs %1 px wide: ").arg(wide) + l->text();
        else if (fm.height() * static_cast<int>(lines.size()) > r.height() + 2)
            out << where(l) + QStringLiteral(": needs %1 px high: ").arg(fm.height()) + l->text();
    }
    for (QAbstractButton* b : root.findChildren<QAbstractButton*>()) {
        if (!shown(b) || b->text().isEmpty())
            continue;
        if (const auto* t = qobject_cast<QToolButton*>(b);
            t && t->toolButtonStyle() == Qt::ToolButtonIconOnly)
            continue;
        if (qobject_cast<QTabBar*>(b->parentWidget()))
            continue;  // a tab's close or scroll button
        const QFontMetrics fm(b->font());
        QString text = b->text();
        text.remove(QLatin1Char('&'));
        if (fm.horizontalAdvance(text) > b->width())
            out << where(b) +
                       QStringLiteral(": button needs %1 px: ").arg(fm.horizontalAdvance(text)) +
                       text;
    }
    for (QTabBar* t : root.findChildren<QTabBar*>()) {
        if (!shown(t))
            continue;
        for (int i = 0; i < t->count(); ++i) {
            const QRect r = t->tabRect(i);
            const QString text = t->tabText(i).remove(QLatin1Char('&'));
            if (r.width() < t->fontMetrics().horizontalAdvance(text) && t->tabToolTip(i).isEmpty())
                out << where(t) + QStringLiteral(": tab %1 cut: ").arg(i) + text;
            if (r.right() > t->width() && !t->usesScrollButtons())
                out << where(t) + QStringLiteral(": tab %1 off the bar: ").arg(i) + text;
        }
    }
    for (QDockWidget* d : root.findChildren<QDockWidget*>()) {
        if (!shown(d) || d->isFloating())
            continue;
        // The title bar's text room: the width less the float and close buttons.
        const int room = d->width() - 2 * d->style()->pixelMetric(QStyle::PM_TitleBarHeight);
        if (d->fontMetrics().horizontalAdvance(d->windowTitle()) > room)
            out << where(d) + QStringLiteral(": dock title cut: ") + d->windowTitle();
    }
    return out;
}

// The mnemonic letters of a menu bar or a menu must not collide, in any language.
void checkMnemonicsUnique(const QList<QAction*>& actions, const QString& where) {
    QStringList seen;
    for (QAction* a : actions) {
        const QString text = a->text();
        const qsizetype at = text.indexOf(QRegularExpression(QStringLiteral("&(?!&)")));
        if (at < 0 || at + 1 >= text.size())
            continue;
        const QString key = text.mid(at + 1, 1).toLower();
        QVERIFY2(
            !seen.contains(key),
            qPrintable(QStringLiteral("%1: mnemonic %2 used twice (%3)").arg(where, key, text)));
        seen << key;
    }
}

// Lays out `text` in `font` and reports any glyph no font had (glyph 0: an empty box on screen),
// and the families that drew it.
bool allGlyphsFound(QString text, const QFont& font, QStringList* families) {
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    QTextLayout layout(text, font);
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine())
        line.setLineWidth(100000);
    layout.endLayout();
    for (const QGlyphRun& run : layout.glyphRuns()) {
        if (families && !families->contains(run.rawFont().familyName()))
            *families << run.rawFont().familyName();
        for (quint32 g : run.glyphIndexes()) {
            if (g == 0)
                return false;
        }
    }
    return true;
}

// Kana or kanji: Japanese text, not English left in place.
bool hasJapanese(const QString& s) {
    return std::any_of(s.begin(), s.end(), [](QChar c) {
        return (c.unicode() >= 0x3040 && c.unicode() <= 0x30ff) ||
               (c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff);
    });
}

// A finding the Lint dock would show, and where it came from.
struct CorpusFinding {
    std::string source;
    lint::Finding finding;
};

// The findings of every built-in scenario and every request and scenario fixture of
// tests/data/lint, linted as the app's worker lints what it opens (lint_scenario_for_views on
// loadScenarioFile's scenario), plus the fixture logs the app cannot open, linted as the CLI
// does: those give the log-only rules and the suffixes a merged finding carries.
std::vector<CorpusFinding> lintCorpus(QStringList& errors) {
    std::vector<CorpusFinding> out;
    const auto dir = builtin_model_dir();
    auto tok = BpeTokenizer::load(dir / "vocab.json", dir / "merges.txt");
    auto tables = lint::LintTables::load(assets_dir() / "lint");
    if (!tok || !tables) {
        errors << QStringLiteral("no tokenizer or lint tables");
        return out;
    }
    // A file the app cannot open or lint shows no findings: the banner or the dock shows the
    // reader's error (English, like the CLI's), which a fixture such as bad-shape.json is for.
    auto add = [&](const std::string& source, const Result<Scenario>& sc, bool must_lint) {
        if (!sc) {
            if (must_lint)
                errors << QString::fromStdString(sc.error().message);
            return;
        }
        const lint::ScenarioLint l = lint::lint_scenario_for_views(sc.value(), *tok, *tables);
        if (!l.error.empty() && must_lint)
            errors << QString::fromStdString(source + ": " + l.error);
        for (const lint::LintedFinding& lf : l.findings)
            out.push_back({source, lf.finding});
    };
    for (const std::string& name : builtin_scenario_names())
        add(name, load_scenario(name), true);
    const QDir fixtures(QString::fromStdString((test::data_dir() / "lint").string()));
    // Each request is also linted as a file, as the traffic view lints it: the only way the
    // app reads a Gemini, Converse or DeepSeek body.
    auto lint_as_file = [&](const QString& file) {
        lint::Linter linter(*tok, *tables, {});
        if (!lint::lint_file(fixtures.filePath(file).toStdString(), linter, nullptr))
            return;
        for (lint::Finding& f : linter.finish().findings)
            out.push_back({file.toStdString(), std::move(f)});
    };
    for (const QString& file : fixtures.entryList({QStringLiteral("*.json")}, QDir::Files)) {
        if (file.endsWith(QLatin1String(".expected.json")) || file.startsWith(u"sarif"))
            continue;
        add(file.toStdString(), loadScenarioFile(fixtures.filePath(file)), false);
        lint_as_file(file);
    }
    for (const QString& file : fixtures.entryList({QStringLiteral("*.jsonl")}, QDir::Files)) {
        lint::Linter linter(*tok, *tables, {});
        if (!lint::lint_file(fixtures.filePath(file).toStdString(), linter, nullptr))
            errors << file + QStringLiteral(": not linted");
        for (lint::Finding& f : linter.finish().findings)
            out.push_back({file.toStdString(), std::move(f)});
    }
    return out;
}

// Three English words in a row ("the prefix up", "sort tools by") of `english` that `shown`
// still holds: a sentence left untranslated. Identifiers (cache_control, tool names), pointers
// and numbers are not words here, so quoting them is fine.
QString englishLeftIn(const QString& shown, const QString& english) {
    static const QRegularExpression word(QStringLiteral("^[a-z]{2,}$"));
    QStringList words;
    for (const QString& w : english.split(u' ', Qt::SkipEmptyParts)) {
        QString bare = w;
        while (!bare.isEmpty() && !bare.back().isLetter())
            bare.chop(1);
        words << bare;
    }
    for (qsizetype i = 0; i + 2 < words.size(); ++i) {
        if (!word.match(words[i]).hasMatch() || !word.match(words[i + 1]).hasMatch() ||
            !word.match(words[i + 2]).hasMatch())
            continue;
        const QString three = words.mid(i, 3).join(u' ');
        if (shown.contains(three))
            return three;
    }
    return {};
}

}  // namespace

class TestI18n : public QObject {
    Q_OBJECT

  private slots:
    // The Prompt dock marks dynamic text with the linter's detector, so it finds times and
    // dates written in Japanese and Polish, and leaves plain numbers alone, as the Lint dock
    // does for a single request.
    void promptDockFindsDynamicTextInEveryLanguage() {
        struct Case {
            const char* text;
            const char* marked;  // the text that must be marked, or nullptr for none
        };
        const Case cases[] = {
            {"Current time: 2026-11-30T09:41:07Z. You are a helpful assistant.",
             "2026-11-30T09:41:07Z"},
            {"現在の日時: 2026年11月30日 09:41:07 です。", "2026年11月30日 09:41:07"},
            {"Dziś jest poniedziałek, 30 listopada 2026, godz. 09:41:07.", "09:41:07"},
            {"Request id: 3f2b9c1e-8d4a-4b7e-9f0c-2a6d5e8b1c70.",
             "3f2b9c1e-8d4a-4b7e-9f0c-2a6d5e8b1c70"},
            {"Returns are accepted within 30 days; open 9 to 5, Monday to Friday.", nullptr},
        };
        for (const Case& c : cases) {
            const QString text = QString::fromUtf8(c.text);
            const auto ranges = ui::dynamicRanges(text);
            if (!c.marked) {
                QVERIFY2(ranges.empty(), c.text);
                continue;
            }
            QString marked;
            for (const auto& [b, e] : ranges)
                marked += text.mid(b, e - b);
            QVERIFY2(marked.contains(QString::fromUtf8(c.marked)),
                     qPrintable(QStringLiteral("%1: marked '%2'").arg(text, marked)));
        }
    }

    void initTestCase() {
        pl::test::quietOffscreenNoise();
        QCoreApplication::setOrganizationName(QStringLiteral("PrefixLensTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_i18n"));
        registerUiMetaTypes();
        QVERIFY2(!env("PREFIXLENS_UI_SOURCES").isEmpty(), "run through ctest");
    }

    void cleanup() { QVERIFY(setLanguage(QStringLiteral("en"))); }

    void catalogueIsComplete_data() {
        QTest::addColumn<QString>("language");
        QTest::newRow("ja") << QStringLiteral("ja");
        QTest::newRow("pl") << QStringLiteral("pl");
    }

    // Every message translated, and saying the same things as its source.
    void catalogueIsComplete() {
        QFETCH(QString, language);
        QString error;
        const auto messages = readTs(tsPath(language), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(messages.size() > 100);
        QStringList problems;
        for (const TsMessage& m : messages) {
            if (!m.type.isEmpty()) {
                problems << m.type + QStringLiteral(": ") + where(m);
                continue;
            }
            if (m.translations.isEmpty())
                problems << QStringLiteral("no translation: ") + where(m);
            for (const QString& t : m.translations) {
                if (t.trimmed().isEmpty())
                    problems << QStringLiteral("empty: ") + where(m);
                else if (placeholders(t) != placeholders(m.source))
                    problems << QStringLiteral("placeholders %1 vs %2: ")
                                        .arg(placeholders(t).join(u','),
                                             placeholders(m.source).join(u',')) +
                                    where(m);
                else if (tags(t) != tags(m.source))
                    problems << QStringLiteral("markup differs: ") + where(m) +
                                    QStringLiteral(" -> ") + t;
                else if (keys(t) != keys(m.source))
                    problems << QStringLiteral("shortcut keys differ: ") + where(m) +
                                    QStringLiteral(" -> ") + t;
                else if (mnemonics(t) != mnemonics(m.source))
                    problems << QStringLiteral("mnemonic (&) count differs: ") + where(m) +
                                    QStringLiteral(" -> ") + t;
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

    void catalogueIsUpToDate_data() { catalogueIsComplete_data(); }

    // lupdate over the UI sources into a copy of the catalogue: a text added to the UI comes in
    // as "unfinished", a text no longer in the UI is marked "vanished". Either fails here, so
    // nobody ships a string that shows in English to a Japanese or Polish audience.
    void catalogueIsUpToDate() {
        QFETCH(QString, language);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString copy = dir.filePath(QStringLiteral("prefixlens_%1.ts").arg(language));
        QVERIFY(QFile::copy(tsPath(language), copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        QString output;
        QVERIFY2(runLupdate({env("PREFIXLENS_UI_SOURCES"), QStringLiteral("-extensions"),
                             QStringLiteral("cpp,h"), QStringLiteral("-locations"),
                             QStringLiteral("none"), QStringLiteral("-ts"), copy},
                            &output),
                 qPrintable(output));
        QString error;
        const auto messages = readTs(copy, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QStringList stale;
        for (const TsMessage& m : messages) {
            if (m.type == QLatin1String("unfinished"))
                stale << QStringLiteral("new in the UI, not translated: ") + where(m);
            else if (!m.type.isEmpty())
                stale << QStringLiteral("no longer in the UI (%1): ").arg(m.type) + where(m);
        }
        QVERIFY2(stale.isEmpty(),
                 qPrintable(QStringLiteral("ui/translations/prefixlens_%1.ts is out of date; run "
                                           "`cmake --build build --target update_translations` "
                                           "and translate:\n")
                                .arg(language) +
                            stale.join(u'\n')));
    }

    void builtinScenariosAreTranslated_data() { catalogueIsComplete_data(); }

    // What the banner and the scenario picker say about every built-in scenario is in the
    // presenter's language, not the English that scripts read from the file.
    void builtinScenariosAreTranslated() {
        QFETCH(QString, language);
        const auto names = builtin_scenario_names();
        QCOMPARE(names.size(), std::size_t{12});
        QVERIFY(setLanguage(language));
        QStringList untranslated;
        for (const std::string& name : names) {
            auto sc = load_scenario(name);
            QVERIFY2(sc, sc ? "" : sc.error().message.c_str());
            const QString title = scenarioTitle(sc.value());
            const QString description = scenarioDescription(sc.value());
            const QString en = QString::fromStdString(name) + QStringLiteral(": ");
            auto check = [&](const QString& shown, const std::string& english, const char* what) {
                if (shown.trimmed().isEmpty() || shown == QString::fromStdString(english) ||
                    (language == QLatin1String("ja") && !hasJapanese(shown)))
                    untranslated << en + QLatin1String(what) + QStringLiteral(" = ") + shown;
            };
            check(title, sc->title, "title");
            check(description, sc->description, "description");
        }
        QVERIFY2(untranslated.isEmpty(), qPrintable(untranslated.join(u'\n')));
        // English stays the file's own text.
        QVERIFY(setLanguage(QStringLiteral("en")));
        auto sc = load_scenario(names.front());
        QVERIFY(sc);
        QCOMPARE(scenarioTitle(sc.value()), QString::fromStdString(sc->title));
        QCOMPARE(scenarioDescription(sc.value()), QString::fromStdString(sc->description));
    }

    // A translation is optional, field by field; a malformed one is a one-line error that names
    // the file and the JSON pointer.
    void scenarioTranslationsParse() {
        const std::string head =
            R"({"name": "t", "title": "Title", "description": "Text", "requests": )"
            R"([{"messages": [{"role": "user", "content": "hi"}]}], "translations": )";
        auto ok = parse_scenario(head + R"({"ja": {"title": "題"}, "pt_BR": {}}})", "t.json");
        QVERIFY2(ok, ok ? "" : ok.error().message.c_str());
        QCOMPARE(ok->translations.size(), std::size_t{2});
        QVERIFY(setLanguage(QStringLiteral("ja")));
        QCOMPARE(scenarioTitle(ok.value()), QStringLiteral("題"));
        QCOMPARE(scenarioDescription(ok.value()), QStringLiteral("Text"));  // none: English
        const std::pair<const char*, const char*> bad[] = {
            {R"([])", "t.json: /translations: expected an object of languages"},
            {R"({"ja\n": {}})", "t.json: /translations: expected language codes"},
            {R"({"ja": "題"})", "t.json: /translations/ja: expected an object"},
            {R"({"pl": {"tytul": "x"}})", "t.json: /translations/pl: unknown field"},
            {R"({"pl": {"description": 3}})",
             "t.json: /translations/pl/description: expected a string"},
        };
        for (const auto& [json, want] : bad) {
            auto r = parse_scenario(head + json + "}", "t.json");
            QVERIFY2(!r, json);
            const std::string& msg = r.error().message;
            QVERIFY2(msg.rfind(want, 0) == 0 && msg.find('\n') == std::string::npos, msg.c_str());
        }
    }

    void lintTextIsTranslated_data() { catalogueIsComplete_data(); }

    // What the Lint dock says of every finding the built-in scenarios and the lint fixtures give:
    // in English word for word what `prefixlens lint` prints (the dock's templates are copies of
    // the engine's), and in Japanese and Polish a translation with no English sentence left.
    void lintTextIsTranslated() {
        QFETCH(QString, language);
        QStringList errors;
        const std::vector<CorpusFinding> corpus = lintCorpus(errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
        QVERIFY(corpus.size() > 50);
        std::set<std::string> rules;
        QStringList problems;
        QVERIFY(setLanguage(QStringLiteral("en")));
        for (const auto& [source, f] : corpus) {
            rules.insert(f.rule);
            const QString where = QString::fromStdString(source + " " + f.rule + ": ");
            if (f.message_parts.empty() && f.rule != lint::rule::kInvalidInput)
                problems << where + QStringLiteral("no message key: ") +
                                QString::fromStdString(f.message);
            if (lintMessage(f) != QString::fromStdString(f.message))
                problems << where + QStringLiteral("the dock says\n  ") + lintMessage(f) +
                                QStringLiteral("\nwhere the CLI says\n  ") +
                                QString::fromStdString(f.message);
            if (f.fix && (f.fix_key.empty() || lintFix(f) != QString::fromStdString(*f.fix)))
                problems << where + QStringLiteral("fix: ") + lintFix(f);
        }
        for (const lint::RuleInfo& r : lint::rule_catalog()) {
            if (lintRuleSummary(r.name) != QString::fromUtf8(r.summary) ||
                lintRuleExplanation(r.name) != QString::fromUtf8(r.explanation))
                problems << QStringLiteral(
                                "%1: the dock's summary or explanation is not the "
                                "engine's")
                                .arg(QLatin1String(r.name));
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
        std::set<std::string> keys;
        for (const auto& [source, f] : corpus) {
            for (const lint::Phrase& p : f.message_parts)
                keys.insert(p.key);
        }
        qInfo("%zu findings, %zu rules, %zu message keys", corpus.size(), rules.size(),
              keys.size());
        // Every rule but invalid-input (its message is the reader's error) shows up somewhere.
        QCOMPARE(rules.size() + (rules.count(lint::rule::kInvalidInput) ? 0 : 1),
                 lint::rule_catalog().size());

        QVERIFY(setLanguage(language));
        auto check = [&](const QString& where, const QString& shown, const QString& english) {
            if (shown.trimmed().isEmpty() || shown == english)
                problems << where + QStringLiteral("untranslated: ") + english;
            else if (const QString left = englishLeftIn(shown, english); !left.isEmpty())
                problems << where + QStringLiteral("English \"%1\" left in: ").arg(left) + shown;
        };
        for (const auto& [source, f] : corpus) {
            if (f.rule == lint::rule::kInvalidInput)
                continue;
            const QString where = QString::fromStdString(source + " " + f.rule + ": ");
            check(where, lintMessage(f), QString::fromStdString(f.message));
            if (f.fix)
                check(where + QStringLiteral("fix: "), lintFix(f), QString::fromStdString(*f.fix));
        }
        for (const lint::RuleInfo& r : lint::rule_catalog()) {
            const QString where = QLatin1String(r.name) + QStringLiteral(": ");
            check(where, lintRuleSummary(r.name), QString::fromUtf8(r.summary));
            check(where, lintRuleExplanation(r.name), QString::fromUtf8(r.explanation));
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

    void chooseLanguageInOrder() {
        const QLocale japanese(QLocale::Japanese, QLocale::Japan);
        const QLocale polish(QLocale::Polish, QLocale::Poland);
        const QLocale german(QLocale::German, QLocale::Germany);
        QCOMPARE(chooseLanguage(QStringLiteral("en"), QStringLiteral("pl"), japanese),
                 QStringLiteral("en"));
        QCOMPARE(chooseLanguage(QString(), QStringLiteral("pl"), japanese), QStringLiteral("pl"));
        QCOMPARE(chooseLanguage(QString(), QString(), japanese), QStringLiteral("ja"));
        QCOMPARE(chooseLanguage(QString(), QStringLiteral("xx"), polish), QStringLiteral("pl"));
        QCOMPARE(chooseLanguage(QString(), QString(), german), QStringLiteral("en"));
        QCOMPARE(languageForLocale(QLocale(QStringLiteral("ja_JP"))), QStringLiteral("ja"));
        QCOMPARE(languageForLocale(QLocale(QStringLiteral("pl_PL"))), QStringLiteral("pl"));
        QCOMPARE(languageForLocale(QLocale(QStringLiteral("en_GB"))), QStringLiteral("en"));
    }

    void langFlagIsChecked() {
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(env("PREFIXLENS_BIN"),
                {QStringLiteral("gui"), QStringLiteral("--lang"), QStringLiteral("de")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(p.readAll().contains("--lang must be 'en', 'ja' or 'pl'"), "usage message");
        p.start(env("PREFIXLENS_BIN"), {QStringLiteral("help")});
        QVERIFY(p.waitForFinished(60000));
        QVERIFY(p.readAll().contains("[--lang en|ja|pl]"));
    }

    // On the layout a first launch gives on the screens presenters have (a 1366x768 laptop, a
    // 1280x720 or 1280x800 projector, a 1920x1080 monitor), in each language, every visible
    // text of every dock fits its rectangle or is elided with a tooltip; at 1280x800 also at
    // zoom +1 and +2 (Ctrl+=).
    void everyTextFitsOnFirstLaunch_data() {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QSize>("screen");
        QTest::addColumn<int>("zoomSteps");
        // Under the sanitizers (tools/check.sh) each layout runs in one language, in turn: they
        // look for memory errors, which the other two languages' strings would not add, and the
        // whole matrix runs in the plain build.
        const bool sanitized = qEnvironmentVariableIsSet("PREFIXLENS_SANITIZED");
        int row = 0;
        auto add = [&](int lang, const QSize& screen, int zoom) {
            static const char* const langs[] = {"en", "ja", "pl"};
            if (sanitized && (row++ % 3) != lang)
                return;
            const QString name =
                QStringLiteral("%1 %2x%3")
                    .arg(QLatin1String(langs[lang]))
                    .arg(screen.width())
                    .arg(screen.height()) +
                (screen == QSize(1280, 800) ? QStringLiteral(" zoom %1").arg(zoom) : QString());
            QTest::newRow(qPrintable(name)) << QString::fromLatin1(langs[lang]) << screen << zoom;
        };
        for (int lang = 0; lang < 3; ++lang) {
            row = 0;  // layout k runs in language k mod 3
            for (int z = 0; z <= 2; ++z)
                add(lang, QSize(1280, 800), z);
            for (const QSize screen : {QSize(1366, 768), QSize(1280, 720), QSize(1920, 1080)})
                add(lang, screen, 0);
        }
    }
    void everyTextFitsOnFirstLaunch() {
        QFETCH(QString, language);
        QFETCH(QSize, screen);
        QFETCH(int, zoomSteps);
        QVERIFY(setLanguage(language));
        auto w = makeFirstLaunch(screen);
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        QAction* zoomIn = w->action(QStringLiteral("zoomIn"));
        QVERIFY(zoomIn != nullptr);
        for (int i = 0; i < zoomSteps; ++i)
            zoomIn->trigger();
        // Two requests with different text to fit: a short one, and an agent step whose usage
        // rows carry four-digit numbers.
        for (const auto& [scenario, request] :
             {std::pair{"shared-system-prompt", 1}, std::pair{"agent-loop", 4}}) {
            QVERIFY(w->loadScenarioNameOrFile(QString::fromLatin1(scenario)));
            QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
            w->setCursorToRequestEnd(request);
            w->settle();
            QVERIFY2(w->size() == screen,
                     qPrintable(QStringLiteral("%1: the window is %2x%3; widest minimums:\n%4")
                                    .arg(QString::fromLatin1(scenario))
                                    .arg(w->width())
                                    .arg(w->height())
                                    .arg(widestMinimums(*w))));
            QStringList cut = cutTexts(*w);
            cut += cutLegends(*w->chartsPanel());
            cut += cutCategoryLabels(*w->chartsPanel());
            QVERIFY2(cut.isEmpty(),
                     qPrintable(QString::fromLatin1(scenario) + QStringLiteral(":\n") +
                                cut.join(QStringLiteral("\n"))));
            // The docks behind tabs (Policies, Memory, the Model dock's two charts; on a short
            // screen Prompt, Lint and Output too), brought to the front as a lesson step does.
            for (const char* dock : {"policies", "memory", "model.decode", "model.sweep", "lint",
                                     "output", "prompt"}) {
                QVERIFY(w->widgetFor(QString::fromLatin1(dock)) != nullptr);
                w->settle();
                QVERIFY2(w->size() == screen,
                         qPrintable(QStringLiteral("%1 raised: the window is %2x%3; widest "
                                                   "minimums:\n%4")
                                        .arg(QString::fromLatin1(dock))
                                        .arg(w->width())
                                        .arg(w->height())
                                        .arg(widestMinimums(*w))));
                const QStringList hidden = cutTexts(*w);
                QVERIFY2(hidden.isEmpty(),
                         qPrintable(QString::fromLatin1(dock) + QStringLiteral(":\n") +
                                    hidden.join(QStringLiteral("\n"))));
            }
            w->widgetFor(QStringLiteral("charts"));
            w->widgetFor(QStringLiteral("pool"));
        }
    }

    void unknownLanguageIsRefused() {
        QVERIFY(setLanguage(QStringLiteral("pl")));
        QString error;
        QVERIFY(!setLanguage(QStringLiteral("de"), &error));
        QVERIFY(error.contains(QLatin1String("de")));
        QCOMPARE(currentLanguage(), QStringLiteral("pl"));
    }

    // The running window says everything again in the new language, keeps what it shows, and
    // comes back to exactly the English it started with.
    void windowSwitchesLanguageWhileRunning() {
        auto w = makeWindow();
        QVERIFY(w->loadScenarioNameOrFile(QStringLiteral("shared-system-prompt")));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        w->setCursorToRequestEnd(1);
        w->setTheme(Theme::Dark);
        w->setZoom(1.3);
        const int cursor = w->context()->cursor();

        const QStringList enMenus = menuTitles(*w);
        QCOMPARE(enMenus, QStringList({QStringLiteral("&File"), QStringLiteral("&Edit"),
                                       QStringLiteral("&Playback"), QStringLiteral("&View"),
                                       QStringLiteral("&Lessons"), QStringLiteral("&Help")}));
        QCOMPARE(dockTitle(*w, "poolDock"), QStringLiteral("KV pool"));
        QCOMPARE(dockTitle(*w, "lessonDock"), QStringLiteral("Lesson"));
        const QStringList enTabs = chartTabs(*w);
        // The lint panel shows request 1's findings; the lesson panel waits for a lesson.
        LintPanel* lint = w->lintPanel();
        LessonPanel* lesson = w->lessonPanel();
        const QStringList enLintTabs = lintTabs(*w);
        QCOMPARE(enLintTabs.front(), QStringLiteral("Findings"));
        const QString enLintHeader = lint->headerText();
        QVERIFY2(enLintHeader.contains(QLatin1String("Request 1")), qPrintable(enLintHeader));
        const int enFindings = lint->findingCount();
        const QString enLessonTitle = lesson->stepTitleText();
        QCOMPARE(enLessonTitle, QStringLiteral("No lesson running"));
        const QString enNext = lesson->nextAction()->text();
        auto status = [&] { return w->findChild<QLabel*>(QStringLiteral("progress"))->text(); };
        const QString enStatus = status();
        const QString enTokensTab = w->promptView()->findChild<QTabWidget*>()->tabText(0);
        QCOMPARE(enTokensTab, QStringLiteral("Tokens"));
        // PREFIXLENS_I18N_SHOTS=DIR keeps a picture of each language, to look at.
        const QString shots = env("PREFIXLENS_I18N_SHOTS");
        if (!shots.isEmpty()) {
            QDir().mkpath(shots);
            QVERIFY(w->grabToImage().save(shots + QStringLiteral("/main-en.png")));
        }

        struct Expect {
            QString code;
            QStringList menus;
            QString poolDock, promptDock, tokensTab, ttftTab;
            QString lessonDock, findingsTab, lintRequest, noLesson;
        };
        const Expect expects[] = {
            {QStringLiteral("ja"),
             {QStringLiteral("ファイル(&F)"), QStringLiteral("編集(&E)"),
              QStringLiteral("再生(&P)"), QStringLiteral("表示(&V)"),
              QStringLiteral("レッスン(&L)"), QStringLiteral("ヘルプ(&H)")},
             QStringLiteral("KVプール"),
             QStringLiteral("プロンプト"),
             QStringLiteral("トークン"),
             QStringLiteral("長さ別"),
             QStringLiteral("レッスン"),
             QStringLiteral("指摘"),
             QStringLiteral("リクエスト 1"),
             QStringLiteral("実行中のレッスンはありません")},
            {QStringLiteral("pl"),
             {QStringLiteral("&Plik"), QStringLiteral("&Edycja"), QStringLiteral("&Odtwarzanie"),
              QStringLiteral("&Widok"), QStringLiteral("&Lekcje"), QStringLiteral("Pomo&c")},
             QStringLiteral("Pula KV"),
             QStringLiteral("Prompt"),
             QStringLiteral("Tokeny"),
             QStringLiteral("Wg długości"),
             QStringLiteral("Lekcja"),
             QStringLiteral("Zgłoszenia"),
             QStringLiteral("Żądanie 1"),
             QStringLiteral("Brak trwającej lekcji")},
        };
        for (const Expect& e : expects) {
            // Through the menu, as a presenter would.
            QAction* item = w->findChild<QAction*>(QStringLiteral("language-") + e.code);
            QVERIFY(item);
            item->trigger();
            QCOMPARE(currentLanguage(), e.code);
            QVERIFY(item->isChecked());
            QCOMPARE(menuTitles(*w), e.menus);
            QCOMPARE(dockTitle(*w, "poolDock"), e.poolDock);
            QCOMPARE(dockTitle(*w, "promptDock"), e.promptDock);
            QCOMPARE(w->promptView()->findChild<QTabWidget*>()->tabText(0), e.tokensTab);
            QCOMPARE(chartTabs(*w).at(1), e.ttftTab);  // the second tab: "By length"
            QCOMPARE(dockTitle(*w, "lessonDock"), e.lessonDock);
            QCOMPARE(lintTabs(*w).front(), e.findingsTab);
            QVERIFY(lintTabs(*w).back() != enLintTabs.back());
            QVERIFY2(lint->headerText().contains(e.lintRequest), qPrintable(lint->headerText()));
            QCOMPARE(lint->findingCount(), enFindings);
            QCOMPARE(lesson->stepTitleText(), e.noLesson);
            QVERIFY(lesson->nextAction()->text() != enNext);
            QVERIFY(status() != enStatus);
            QVERIFY(w->usagePanel()->correctnessText().contains(QLatin1String("max |diff|")));
            checkMnemonicsUnique(w->menuBar()->actions(), e.code + QStringLiteral(" menu bar"));
            for (QAction* m : w->menuBar()->actions())
                checkMnemonicsUnique(m->menu()->actions(),
                                     e.code + QStringLiteral(" ") + m->text());
            // What the window showed is still what it shows.
            QCOMPARE(w->theme(), Theme::Dark);
            QCOMPARE(w->zoom(), 1.3);
            QCOMPARE(w->context()->cursor(), cursor);
            QCOMPARE(w->context()->scenario().name, std::string("shared-system-prompt"));
            const QImage shot = w->grabToImage();
            QVERIFY(!shot.isNull());
            if (!shots.isEmpty()) {
                QVERIFY(shot.save(shots + QStringLiteral("/main-%1.png").arg(e.code)));
                QVERIFY(w->findChild<QDockWidget*>(QStringLiteral("lintDock"))
                            ->grab()
                            .save(shots + QStringLiteral("/lint-%1.png").arg(e.code)));
                auto* tabs = w->promptView()->findChild<QTabWidget*>();
                tabs->setCurrentIndex(1);
                QVERIFY(w->promptView()->grab().save(
                    shots + QStringLiteral("/prompt-edit-%1.png").arg(e.code)));
                tabs->setCurrentIndex(0);
                int i = 0;
                for (QAction* m : w->menuBar()->actions()) {
                    m->menu()->adjustSize();
                    QVERIFY(m->menu()->grab().save(
                        shots + QStringLiteral("/menu-%1-%2.png").arg(e.code).arg(i++)));
                }
            }
        }
        w->findChild<QAction*>(QStringLiteral("language-en"))->trigger();
        QCOMPARE(menuTitles(*w), enMenus);
        QCOMPARE(chartTabs(*w), enTabs);
        QCOMPARE(dockTitle(*w, "poolDock"), QStringLiteral("KV pool"));
        QCOMPARE(status(), enStatus);
        QCOMPARE(w->promptView()->findChild<QTabWidget*>()->tabText(0), enTokensTab);
        QCOMPARE(lintTabs(*w), enLintTabs);
        QCOMPARE(lint->headerText(), enLintHeader);
        QCOMPARE(lesson->stepTitleText(), enLessonTitle);
        QCOMPARE(lesson->nextAction()->text(), enNext);
    }

    // Every Japanese text of the catalogue is drawn with real glyphs, kanji in the Japanese cut.
    void japaneseHasGlyphs() {
        QVERIFY(setLanguage(QStringLiteral("ja")));
        QString error;
        const auto messages = readTs(tsPath(QStringLiteral("ja")), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QStringList families;
        for (const TsMessage& m : messages) {
            for (const QString& t : m.translations) {
                QVERIFY2(allGlyphsFound(t, QGuiApplication::font(), &families),
                         qPrintable(QStringLiteral("no font draws \"%1\" (install "
                                                   "fonts-noto-cjk)")
                                        .arg(t)));
            }
        }
        QStringList kanji;
        QVERIFY(allGlyphsFound(QStringLiteral("直"), QGuiApplication::font(), &kanji));
        QVERIFY2(kanji.join(u',').contains(QLatin1String("JP")), qPrintable(kanji.join(u',')));
        QStringList mono;
        QVERIFY(allGlyphsFound(QStringLiteral("こんにちは、世界"), monospaceFont(), &mono));
    }

    void cutCharactersShowAsBytes() {
        QCOMPARE(decodeUtf8Visible("a\xe3\x81\x82z"), QStringLiteral("aあz"));
        QCOMPARE(decodeUtf8Visible("\xe3\x81"), QStringLiteral("‹e3 81›"));
        QCOMPARE(decodeUtf8Visible("\x81\x82xyz\xe3"), QStringLiteral("‹81 82›xyz‹e3›"));
        QCOMPARE(decodeUtf8Visible("\xc0\xaf"), QStringLiteral("‹c0 af›"));  // overlong '/'
        QCOMPARE(decodeUtf8Visible("\xef\xbf\xbd"), QString(QChar::ReplacementCharacter));
        QCOMPARE(decodeUtf8Visible("\xf0\x9f\x98\x80"), QStringLiteral("😀"));
    }

    void tokensSharingACharacterAreOneRun() {
        const std::vector<std::string_view> tokens{"\xe3\x81",         "\x82", " ab",     "\xe3",
                                                   "\x81\x84\xe3\x81", "\x86", "\xe3\x81"};
        const auto runs = tokenRuns(tokens);
        QCOMPARE(runs.size(), std::size_t{4});
        QCOMPARE(runs[0].first, 0);
        QCOMPARE(runs[0].count, 2);
        QCOMPARE(runs[0].text, QStringLiteral("あ"));
        QCOMPARE(runs[1].count, 1);
        QCOMPARE(runs[1].text, QStringLiteral(" ab"));
        QCOMPARE(runs[2].first, 3);
        QCOMPARE(runs[2].count, 3);
        QCOMPARE(runs[2].text, QStringLiteral("いう"));
        QCOMPARE(runs[3].text, QStringLiteral("‹e3 81›"));  // cut off at the end
    }

    // The built-in tokenizer on Japanese text: the runs put the text back together exactly.
    void builtinTokenizerRunsRebuildJapanese() {
        const auto dir = builtin_model_dir();
        auto tok = BpeTokenizer::load(dir / "vocab.json", dir / "merges.txt");
        QVERIFY2(tok, tok ? "" : tok.error().message.c_str());
        const QString text =
            QStringLiteral("プロンプトキャッシュは先頭のブロックから一致を探します。");
        const QByteArray utf8 = text.toUtf8();
        const auto ids = tok->encode(std::string_view(utf8.constData(), utf8.size()));
        std::vector<std::string> bytes;
        for (int32_t id : ids)
            bytes.push_back(tok->token_bytes(id));
        std::vector<std::string_view> views(bytes.begin(), bytes.end());
        QString joined;
        int merged = 0;
        for (const TokenRun& r : tokenRuns(views)) {
            joined += r.text;
            merged += r.count > 1 ? 1 : 0;
        }
        QCOMPARE(joined, text);
        QVERIFY2(merged > 0, "expected the small vocabulary to cut some characters");
    }

    // A Japanese request in the prompt view: every character, no U+FFFD, no stray bytes.
    void promptViewShowsJapaneseWhole() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ja-request.json"));
        const QString question =
            QStringLiteral("キャッシュされたプレフィックスは再利用されますか？");
        test::write_file(
            path.toStdString(),
            QStringLiteral("{\"max_tokens\": 2, \"system\": \"簡潔に答えてください。\", "
                           "\"messages\": [{\"role\": \"user\", \"content\": \"%1\"}]}")
                .arg(question)
                .toStdString());
        auto w = makeWindow();
        QVERIFY2(w->loadScenarioNameOrFile(path), qPrintable(w->lastError()));
        QVERIFY2(w->waitForRun(kRunTimeoutMs), qPrintable(w->lastError()));
        w->setCursorToRequestEnd(0);
        QTRY_VERIFY(w->promptView()->shownTokenText().contains(question));
        const QString shown = w->promptView()->shownTokenText();
        QVERIFY2(!shown.contains(QChar::ReplacementCharacter), qPrintable(shown));
        QVERIFY2(!shown.contains(QStringLiteral("‹")), qPrintable(shown));
        QVERIFY(shown.contains(QStringLiteral("簡潔に答えてください。")));
        // The block tooltips: a character cut by a block boundary shows as its bytes.
        const RequestProgress* rp = w->blockChainView()->drawnRequest(0);
        QVERIFY(rp);
        bool cutShown = false;
        for (const CellView& c : rp->cells) {
            const QString tip = w->blockChainView()->tooltipFor(0, c.index);
            QVERIFY2(!tip.isEmpty() && !tip.contains(QChar::ReplacementCharacter), qPrintable(tip));
            cutShown |= tip.contains(QStringLiteral("‹"));
        }
        QVERIFY2(cutShown, "expected a block boundary inside a Japanese character");
    }
};

QTEST_MAIN(TestI18n)
#include "test_i18n.moc"
