// The engine dropped Qt (a -DPREFIXLENS_GUI=OFF build has none) for its own SHA-256, a generated
// Unicode class table and a PCRE2 wrapper. Here, where Qt is present, each agrees with the Qt
// code it replaced: QChar on every code point, QCryptographicHash on random messages, and
// QRegularExpression (the same PCRE2, on UTF-16) on the detector's kinds of patterns over
// random mixed-script text, offsets mapped from UTF-16 units to UTF-8 bytes.
#include <QCryptographicHash>
#include <QRegularExpression>
#include <QTest>
#include <random>
#include <string>
#include <vector>

#include "cache/chain_hasher.h"
#include "core/regex.h"
#include "core/sha256.h"
#include "tokenizer/unicode_class.h"

using namespace pl;

namespace {

UnicodeClass qt_class(char32_t cp) {
    if (QChar::isLetter(cp))
        return UnicodeClass::Letter;
    if (QChar::isNumber(cp))
        return UnicodeClass::Number;
    if (QChar::isSpace(cp))
        return UnicodeClass::Space;
    return UnicodeClass::Other;
}

// Each match as [begin,end) in UTF-8 bytes, from Qt's UTF-16 offsets.
std::vector<std::pair<std::size_t, std::size_t>> qt_matches(const QRegularExpression& re,
                                                            const std::string& text) {
    const QString q = QString::fromStdString(text);
    std::vector<std::size_t> to_byte(static_cast<std::size_t>(q.size()) + 1);
    std::size_t b = 0;
    for (qsizetype i = 0; i < q.size(); ++i) {
        to_byte[static_cast<std::size_t>(i)] = b;
        const char16_t c = q.at(i).unicode();
        b += c < 0x80                    ? 1
             : c < 0x800                 ? 2
             : QChar::isHighSurrogate(c) ? 4
             : QChar::isLowSurrogate(c)  ? 0
                                         : 3;
    }
    to_byte[static_cast<std::size_t>(q.size())] = b;
    std::vector<std::pair<std::size_t, std::size_t>> out;
    auto it = re.globalMatch(q);
    while (it.hasNext()) {
        const auto m = it.next();
        out.emplace_back(to_byte[static_cast<std::size_t>(m.capturedStart())],
                         to_byte[static_cast<std::size_t>(m.capturedEnd())]);
    }
    return out;
}

std::vector<std::pair<std::size_t, std::size_t>> our_matches(const Regex& re,
                                                             const std::string& text) {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    auto it = re.global_match(text);
    while (it.has_next()) {
        const auto m = it.next();
        out.emplace_back(m.captured_start(), m.captured_end());
    }
    return out;
}

}  // namespace

class TestQtParity : public QObject {
    Q_OBJECT

  private slots:
    void unicodeClassesMatchQCharEverywhere() {
        int mismatches = 0;
        QString first;
        for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
            if (unicode_class(cp) != qt_class(cp)) {
                if (mismatches++ < 5)
                    first += QString(" U+%1").arg(static_cast<uint>(cp), 4, 16, QChar('0'));
            }
        }
        QVERIFY2(mismatches == 0, qPrintable(QString("%1 code points differ from QChar (Qt %2, "
                                                     "table from Unicode %3):%4")
                                                 .arg(mismatches)
                                                 .arg(qVersion())
                                                 .arg(unicode_class_version())
                                                 .arg(first)));
    }

    void sha256MatchesQCryptographicHash() {
        std::mt19937 rng(7);
        for (int n = 0; n < 600; ++n) {
            const std::size_t len = n < 300 ? static_cast<std::size_t>(n) : rng() % 20000;
            std::string msg(len, '\0');
            for (char& c : msg)
                c = static_cast<char>(rng());
            const QByteArray qt = QCryptographicHash::hash(QByteArray::fromStdString(msg),
                                                           QCryptographicHash::Sha256);
            QCOMPARE(QString::fromStdString(to_hex(Sha256::of(msg))),
                     QString::fromLatin1(qt.toHex()));
        }
    }

    void regexMatchesQRegularExpression_data() {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<bool>("caseless");
        // The constructs the dynamic-value detector (engine/lint/dynamic_values.cpp) uses.
        const char* const patterns[] = {
            R"(\b\d{4}-\d{2}-\d{2}[T ]\d{1,2}:\d{2}(?::\d{2})?)",
            R"(\b\d{1,2}:\d{2}(?:\s?[ap]\.?m\.?)?(?![:\d]))",
            R"(\b(?:Jan(?:uary)?|Mar(?:ch)?|maja|września)\.?\s+\d{1,2}\b)",
            R"((?:\d{4}|[０-９]{4}|令和\d{1,2})年\d{1,2}月\d{1,2}日)",
            R"((?:午前|午後)?\d{1,2}時(?:\d{1,2}分)?)",
            R"(\b(?:poniedziałek|środa|środę|piątek|niedziela)\b)",
            R"([月火水木金土日]曜日|[（(][月火水木金土日][)）])",
            R"(\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{6,}\b)",
            R"((?<![\w+/-])(?=[\w+/-]*\d)(?=[\w+/-]*[a-z])[A-Za-z0-9_+/-]{5,}={0,2})",
            R"((?:\b(?:request|żądanie|krok)|リクエスト)\s*(?:#|nr\.?|番号)\s*\d+)",
            R"(\w+)",
            R"(\s+)",
            R"(\d*)",
            R"([^\n]{0,5}$)",
            R"(^[\s,.;:()（）、。\-–—]{0,4}$)",
        };
        for (const char* p : patterns) {
            QTest::addRow("%s", p) << QString::fromUtf8(p) << true;
            QTest::addRow("%s (case-sensitive)", p) << QString::fromUtf8(p) << false;
        }
    }

    void regexMatchesQRegularExpression() {
        QFETCH(QString, pattern);
        QFETCH(bool, caseless);
        QRegularExpression::PatternOptions opts = QRegularExpression::UseUnicodePropertiesOption;
        if (caseless)
            opts |= QRegularExpression::CaseInsensitiveOption;
        const QRegularExpression qt(pattern, opts);
        QVERIFY(qt.isValid());
        const Regex ours(pattern.toStdString(), caseless ? Regex::CaseInsensitive : Regex::None);
        QVERIFY2(ours.valid(), ours.error().c_str());
        // Pieces that make the patterns match, miss and meet at odd places.
        const char* const pieces[] = {"2026", "-",     "11",      ":",       "09",
                                      " ",    "T",     "a",       "B",       "f",
                                      "9",    "Z",     "ż",       "Ż",       "ą",
                                      "Ą",    "ś",     "Ś",       "ę",       "年",
                                      "月",   "日",    "時",      "分",      "午前",
                                      "令和", "０",    "７",      "٣",       "½",
                                      "(",    "（",    "）",      "、",      "。",
                                      "\n",   "\t",    "\u3000",  "\u00a0",  "😀",
                                      "𝒳",    "_",     "+",       "/",       "=",
                                      "#",    "nr",    "request", "ŻĄDANIE", "リクエスト",
                                      "番号", "March", "maja",    "Środę",   "poniedziałek",
                                      "p.m.", "Mar",   "é",       "É",       "ﬀ",
                                      "ß",    "ẞ",     "K"};
        std::mt19937 rng(static_cast<unsigned>(qHash(pattern)) ^ (caseless ? 1u : 0u));
        for (int round = 0; round < 400; ++round) {
            std::string text;
            const int n = static_cast<int>(rng() % 40);
            for (int i = 0; i < n; ++i)
                text += pieces[rng() % std::size(pieces)];
            const auto want = qt_matches(qt, text);
            const auto got = our_matches(ours, text);
            if (want != got) {
                QString w, g;
                for (const auto& [b, e] : want)
                    w += QString(" [%1,%2)").arg(b).arg(e);
                for (const auto& [b, e] : got)
                    g += QString(" [%1,%2)").arg(b).arg(e);
                QFAIL(qPrintable(QString("text \"%1\":\n  Qt:  %2\n  ours:%3")
                                     .arg(QString::fromStdString(text), w, g)));
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestQtParity)
#include "test_qt_parity.moc"
