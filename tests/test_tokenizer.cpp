// BpeTokenizer against GPT-2's own encodings, byte-exact round trips of arbitrary input,
// one-line errors for broken tokenizer files, and the BPE trainer.
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "prompt/renderer.h"
#include "tokenizer/bpe_tokenizer.h"
#include "tokenizer/hf_pretokenizer.h"
#include "tokenizer/nfc.h"
#include "tokenizer/pretokenizer.h"
#include "train/bpe_trainer.h"

namespace {

std::filesystem::path data_dir() {
    const char* env = std::getenv("PREFIXLENS_TEST_DATA");
    return std::filesystem::path(env ? env : "tests/data") / "gpt2-tokenizer";
}

// The small tokenizer.json files of tests/data/hf_tokenizers (make_tokenizers.py), one per
// pre-tokenizer layout of the families served.
std::filesystem::path hf_dir() {
    const char* env = std::getenv("PREFIXLENS_TEST_DATA");
    return std::filesystem::path(env ? env : "tests/data") / "hf_tokenizers";
}

std::filesystem::path reference_script() {
    return hf_dir().parent_path().parent_path() / "golden" / "bpe_reference.py";
}

std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return std::move(buffer).str();
}

void write_text(const std::filesystem::path& path, std::string_view text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

QByteArray printable(std::string_view s) {
    return QByteArray(s.data(), static_cast<qsizetype>(s.size())).toPercentEncoding(" ");
}

QByteArray ids_text(const std::vector<int32_t>& ids) {
    QByteArray out = "[";
    for (size_t i = 0; i < ids.size(); ++i) {
        out += (i ? "," : "") + QByteArray::number(ids[i]);
    }
    return out + "]";
}

void append_utf8(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// Bytes drawn mostly from the characters the pre-tokenizer treats specially, so short strings
// hit contractions, blank-led words and whitespace runs often.
std::string random_bytes(std::mt19937& rng) {
    static constexpr std::string_view kSpecial = " \t\n\r'sStTlLdDmrve09aZ.,!\xC3\xA9\xE3\x81";
    std::uniform_int_distribution<int> length(0, 40);
    std::uniform_int_distribution<int> any(0, 255);
    std::uniform_int_distribution<int> coin(0, 2);
    std::uniform_int_distribution<size_t> special(0, kSpecial.size() - 1);
    std::string s;
    const int n = length(rng);
    for (int i = 0; i < n; ++i) {
        s += coin(rng) == 0 ? static_cast<char>(any(rng)) : kSpecial[special(rng)];
    }
    return s;
}

std::string random_utf8(std::mt19937& rng) {
    // Scripts, digits of several systems, combining marks, Unicode spaces, emoji.
    static constexpr std::pair<char32_t, char32_t> kRanges[] = {
        {0x20, 0x7E},     {0x09, 0x0D},     {0xA0, 0xFF},       {0x100, 0x17F},    {0x300, 0x36F},
        {0x400, 0x4FF},   {0x660, 0x669},   {0x2000, 0x206F},   {0x3000, 0x30FF},  {0x4E00, 0x9FFF},
        {0xAC00, 0xD7A3}, {0xFE00, 0xFE0F}, {0x1F300, 0x1F6FF}, {0x1F900, 0x1F9FF}};
    std::uniform_int_distribution<int> length(0, 30);
    std::uniform_int_distribution<size_t> range(0, std::size(kRanges) - 1);
    std::string s;
    const int n = length(rng);
    for (int i = 0; i < n; ++i) {
        const auto [lo, hi] = kRanges[range(rng)];
        append_utf8(s, std::uniform_int_distribution<char32_t>(lo, hi)(rng));
    }
    return s;
}

// GPT-2's encoder.py loop, written plainly over token strings: merge every occurrence of the
// lowest-ranked pair, repeat. Slow but obviously right; the oracle for the heap version.
class ReferenceBpe {
  public:
    explicit ReferenceBpe(const std::filesystem::path& merges_txt) {
        std::istringstream in(read_text(merges_txt));
        std::string line;
        std::getline(in, line);  // #version
        int rank = 0;
        while (std::getline(in, line)) {
            const size_t space = line.find(' ');
            if (space == std::string::npos)
                continue;
            ranks_[{line.substr(0, space), line.substr(space + 1)}] = rank++;
        }
    }

    std::vector<std::string> encode_word(std::string_view bytes) const {
        std::vector<std::string> word;
        for (const char ch : bytes)
            word.push_back(pl::gpt2_token_string(std::string(1, ch)));
        while (word.size() > 1) {
            int best = -1;
            std::pair<std::string, std::string> best_pair;
            for (size_t i = 0; i + 1 < word.size(); ++i) {
                const auto it = ranks_.find({word[i], word[i + 1]});
                if (it != ranks_.end() && (best < 0 || it->second < best)) {
                    best = it->second;
                    best_pair = it->first;
                }
            }
            if (best < 0)
                break;
            std::vector<std::string> merged;
            for (size_t i = 0; i < word.size(); ++i) {
                if (i + 1 < word.size() && word[i] == best_pair.first &&
                    word[i + 1] == best_pair.second) {
                    merged.push_back(word[i] + word[i + 1]);
                    ++i;
                } else {
                    merged.push_back(word[i]);
                }
            }
            word = std::move(merged);
        }
        return word;
    }

  private:
    std::map<std::pair<std::string, std::string>, int> ranks_;
};

std::string sample_corpus(int sentences, uint32_t seed) {
    static constexpr std::string_view kWords[] = {
        "the",   "the",    "the",     "cache", "prefix", "token", "model", "request",
        "block", "hits",   "misses",  "of",    "and",    "a",     "is",    "warm",
        "cold",  "prompt", "latency", "GPU",   "12",     "2048",  "it's",  "we'll"};
    std::mt19937 rng(seed);
    std::uniform_int_distribution<size_t> pick(0, std::size(kWords) + 3);
    std::uniform_int_distribution<int> length(3, 12);
    std::uniform_int_distribution<int> letters(2, 8);
    std::uniform_int_distribution<int> letter('a', 'z');
    std::string corpus;
    for (int s = 0; s < sentences; ++s) {
        const int n = length(rng);
        for (int w = 0; w < n; ++w) {
            corpus += (w ? " " : "");
            // Mostly known words, sometimes a made-up one so there is plenty left to learn.
            if (const size_t k = pick(rng); k < std::size(kWords)) {
                corpus += kWords[k];
            } else {
                for (int c = letters(rng); c > 0; --c)
                    corpus += static_cast<char>(letter(rng));
            }
        }
        corpus += s % 5 == 4 ? ".\n\n" : ". ";
    }
    return corpus;
}

}  // namespace

class TestTokenizer : public QObject {
    Q_OBJECT

  private:
    std::optional<pl::BpeTokenizer> gpt2_;
    QTemporaryDir tmp_;

    // Writes a vocab/merges pair into the temporary folder and loads it.
    pl::Result<pl::BpeTokenizer> load_files(const std::string& name, std::string_view vocab,
                                            std::string_view merges) {
        const std::filesystem::path dir = tmp_.path().toStdString();
        write_text(dir / (name + ".json"), vocab);
        write_text(dir / (name + ".txt"), merges);
        return pl::BpeTokenizer::load(dir / (name + ".json"), dir / (name + ".txt"));
    }

    // The 256 byte tokens and <|endoftext|>, with extra tokens appended.
    static std::string byte_vocab(const std::vector<std::string>& extra) {
        nlohmann::ordered_json vocab =
            nlohmann::ordered_json::parse(pl::train_bpe("", 0).vocab_json);
        for (const std::string& token : extra)
            vocab[token] = static_cast<int>(vocab.size());
        return vocab.dump(1);
    }

    static void expect_error(const pl::Result<pl::BpeTokenizer>& r, const std::string& file,
                             const std::string& place) {
        QVERIFY2(!r.ok(), "loading should have failed");
        const std::string& message = r.error().message;
        QVERIFY2(message.find(file + place) == 0, message.c_str());
        QVERIFY2(message.find('\n') == std::string::npos, message.c_str());
    }

  private slots:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        auto r = pl::BpeTokenizer::load(data_dir() / "vocab.json", data_dir() / "merges.txt");
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        gpt2_ = std::move(r).value();
    }

    void byteAlphabet() {
        QCOMPARE(pl::gpt2_byte_to_char(' '), char32_t(0x120));
        QCOMPARE(pl::gpt2_byte_to_char('\n'), char32_t(0x10A));
        QCOMPARE(pl::gpt2_byte_to_char('A'), char32_t('A'));
        for (int b = 0; b < 256; ++b) {
            QCOMPARE(pl::gpt2_char_to_byte(pl::gpt2_byte_to_char(static_cast<uint8_t>(b))), b);
        }
        const auto order = pl::gpt2_byte_order();
        QCOMPARE(order[0], uint8_t('!'));
        QCOMPARE(order[188], uint8_t(0));
        for (int id = 0; id < 256; ++id) {
            const std::string byte(1, static_cast<char>(order[id]));
            QCOMPARE(gpt2_->token_id(pl::gpt2_token_string(byte)), std::optional<int32_t>(id));
        }
    }

    void pretokenizer_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArrayList>("pieces");
        QTest::newRow("words") << QByteArray("Hello world") << QByteArrayList{"Hello", " world"};
        QTest::newRow("contractions") << QByteArray("I'm we'll it'S")
                                      << QByteArrayList{"I", "'m", " we", "'ll", " it", "'", "S"};
        QTest::newRow("spaces") << QByteArray("a  b   c")
                                << QByteArrayList{"a", " ", " b", "  ", " c"};
        QTest::newRow("trailing") << QByteArray("a  \n") << QByteArrayList{"a", "  \n"};
        QTest::newRow("newlines") << QByteArray("a\n\nb") << QByteArrayList{"a", "\n", "\n", "b"};
        QTest::newRow("tab") << QByteArray("a\tb") << QByteArrayList{"a", "\t", "b"};
        QTest::newRow("numbers") << QByteArray("x12 345,6")
                                 << QByteArrayList{"x", "12", " 345", ",", "6"};
        QTest::newRow("punct") << QByteArray("f(x)?! ...")
                               << QByteArrayList{"f", "(", "x", ")?!", " ..."};
        QTest::newRow("utf8") << QByteArray("za\xC5\xBC\xC3\xB3\xC5\x82\xC4\x87 \xE6\x97\xA5")
                              << QByteArrayList{"za\xC5\xBC\xC3\xB3\xC5\x82\xC4\x87",
                                                " \xE6\x97\xA5"};
        QTest::newRow("invalid") << QByteArray("ab\xFF\xFE!cd \x80")
                                 << QByteArrayList{"ab", "\xFF\xFE!", "cd", " \x80"};
        QTest::newRow("truncated") << QByteArray("a\xE6\x97") << QByteArrayList{"a", "\xE6\x97"};
        QTest::newRow("unicode space") << QByteArray(
                                              "a\xE3\x80\x80\xE3\x80\x80"
                                              "b")
                                       << QByteArrayList{"a", "\xE3\x80\x80", "\xE3\x80\x80", "b"};
    }

    void pretokenizer() {
        QFETCH(QByteArray, text);
        QFETCH(QByteArrayList, pieces);
        QByteArrayList got;
        for (const std::string_view p :
             pl::gpt2_pretokenize(std::string_view(text.constData(), text.size()))) {
            got << QByteArray(p.data(), static_cast<qsizetype>(p.size()));
        }
        QCOMPARE(got, pieces);
    }

    void gpt2Vocabulary() {
        QCOMPARE(gpt2_->vocab_size(), 50257);
        QCOMPARE(gpt2_->token_string(15496), std::string("Hello"));
        QCOMPARE(gpt2_->token_string(995), std::string("\xC4\xA0world"));  // "Ġworld"
        QCOMPARE(gpt2_->token_bytes(995), std::string(" world"));
        QCOMPARE(gpt2_->token_id("<|endoftext|>"), std::optional<int32_t>(50256));
        QCOMPARE(gpt2_->token_id("no such token"), std::optional<int32_t>());
        QCOMPARE(gpt2_->token_bytes(-1), std::string());
        QCOMPARE(gpt2_->token_bytes(50257), std::string());
        QVERIFY(gpt2_->encode("").empty());
    }

    // Token ids from the gpt-3-encoder npm package's own encoder (see data/.../README.md).
    void gpt2Expected() {
        const auto cases = nlohmann::json::parse(read_text(data_dir() / "expected.json"));
        QVERIFY(cases.size() >= 12);
        for (const auto& c : cases) {
            const std::string text = c.at("text").get<std::string>();
            const std::vector<int32_t> expected = c.at("ids").get<std::vector<int32_t>>();
            const std::vector<int32_t> got = gpt2_->encode(text);
            if (got != expected) {
                QFAIL(("\"" + printable(text) + "\": got " + ids_text(got) + ", expected " +
                       ids_text(expected))
                          .constData());
            }
            QCOMPARE(gpt2_->decode(got), text);
        }
        QCOMPARE(gpt2_->encode("Hello world"), (std::vector<int32_t>{15496, 995}));
    }

    void roundTripRandomBytes() {
        std::mt19937 rng(1234);
        for (int i = 0; i < 4000; ++i) {
            const std::string s = random_bytes(rng);
            const std::vector<int32_t> ids = gpt2_->encode(s);
            if (gpt2_->decode(ids) != s)
                QFAIL(("round trip failed for " + printable(s)).constData());
        }
    }

    void roundTripRandomUtf8() {
        std::mt19937 rng(5678);
        for (int i = 0; i < 4000; ++i) {
            const std::string s = random_utf8(rng);
            std::string joined;
            for (const std::string_view p : pl::gpt2_pretokenize(s)) {
                QVERIFY(!p.empty());
                joined += p;
            }
            QCOMPARE(joined, s);
            if (gpt2_->decode(gpt2_->encode(s)) != s)
                QFAIL(("round trip failed for " + printable(s)).constData());
        }
    }

    // The heap-based merge order must give what GPT-2's plain loop gives.
    void matchesReferenceBpe() {
        const ReferenceBpe reference(data_dir() / "merges.txt");
        std::mt19937 rng(42);
        for (int i = 0; i < 1500; ++i) {
            const std::string s = i % 2 ? random_utf8(rng) : random_bytes(rng);
            std::vector<int32_t> expected;
            for (const std::string_view word : pl::gpt2_pretokenize(s)) {
                for (const std::string& token : reference.encode_word(word)) {
                    const auto id = gpt2_->token_id(token);
                    QVERIFY(id.has_value());
                    expected.push_back(*id);
                }
            }
            const std::vector<int32_t> got = gpt2_->encode(s);
            if (got != expected) {
                QFAIL(("\"" + printable(s) + "\": got " + ids_text(got) + ", reference " +
                       ids_text(expected))
                          .constData());
            }
        }
    }

    // A paragraph without spaces is one pre-token; it must not take quadratic time.
    void longUnspacedRun() {
        std::string text;
        for (int i = 0; i < 20000; ++i)
            text += "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E";  // 日本語
        const auto start = std::chrono::steady_clock::now();
        const std::vector<int32_t> ids = gpt2_->encode(text);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        QCOMPARE(gpt2_->decode(ids), text);
        QVERIFY2(seconds < 10.0, QByteArray::number(seconds).constData());
    }

    void badVocabJson() {
        const std::string merges = "#version: 0.2\n";
        const std::string f = tmp_.path().toStdString() + "/";
        expect_error(load_files("syntax", "{\n  \"a\": 0,\n  \"b\" 1\n}\n", merges),
                     f + "syntax.json", ":3:7: malformed JSON");
        expect_error(load_files("truncated", "{\"a\": 0,", merges), f + "truncated.json", ":1:");
        expect_error(load_files("array", "[1, 2]", merges), f + "array.json", ":1: expected");
        expect_error(load_files("string_id", "{\n\"a\": 0,\n\"b\": \"1\"\n}", merges),
                     f + "string_id.json", ":3: the id of token \"b\" is not an integer");
        expect_error(load_files("float_id", "{\"a\": 0,\n\"b\": 1.5}", merges), f + "float_id.json",
                     ":2:");
        expect_error(load_files("range", "{\"a\": 0,\n\"b\": 7}", merges), f + "range.json",
                     ":2: id 7");
        expect_error(load_files("negative", "{\"a\": -1}", merges), f + "negative.json", ":1:");
        expect_error(load_files("dup_id", "{\"a\": 0,\n\"b\": 1,\n\"c\": 1}", merges),
                     f + "dup_id.json", ":3: id 1 of token \"c\" is already used");
        expect_error(load_files("dup_token", "{\"a\": 0,\n\"a\": 1}", merges), f + "dup_token.json",
                     ":2:");
        expect_error(load_files("empty", "{}", merges), f + "empty.json", ":1: the vocabulary");
        expect_error(load_files("no_bytes", "{\"a\": 0}", merges), f + "no_bytes.json",
                     ": no token for byte");
    }

    void badMergesTxt() {
        const std::string vocab = byte_vocab({"\xC4\xA0t"});  // "Ġt"
        const std::string f = tmp_.path().toStdString() + "/";
        const std::string header = "#version: 0.2\n";
        QVERIFY(load_files("good", vocab, header + "\xC4\xA0 t\n").ok());
        expect_error(load_files("one_part", vocab, header + "\xC4\xA0 t\n\xC4\xA0t\n"),
                     f + "one_part.txt", ":3: expected two tokens");
        expect_error(load_files("three_parts", vocab, header + "\xC4\xA0 t x\n"),
                     f + "three_parts.txt", ":2: expected two tokens");
        expect_error(load_files("unknown", vocab, header + "\xC4\xA0x h\n"), f + "unknown.txt",
                     ":2: token \"\xC4\xA0x\" of merge");
        expect_error(load_files("no_result", vocab, header + "t h\n"), f + "no_result.txt",
                     ":2: the result \"th\"");
        expect_error(load_files("repeat", vocab, header + "\xC4\xA0 t\n\xC4\xA0 t\n"),
                     f + "repeat.txt", ":3: merge");
    }

    // A Hugging Face tokenizer.json holding GPT-2's vocabulary and merges (half as "a b"
    // strings, half as [a, b] pairs, as newer files write them) and one added token past a gap:
    // the same tokens both ways as vocab.json and merges.txt give.
    void tokenizerJsonMatchesVocabAndMerges() {
        nlohmann::ordered_json vocab =
            nlohmann::ordered_json::parse(read_text(data_dir() / "vocab.json"));
        nlohmann::ordered_json merges = nlohmann::ordered_json::array();
        std::istringstream lines(read_text(data_dir() / "merges.txt"));
        std::size_t n = 0;
        for (std::string line; std::getline(lines, line);) {
            if (line.empty() || line.starts_with("#version"))
                continue;
            const std::size_t space = line.find(' ');
            if (n++ % 2 == 0)
                merges.push_back(line);
            else
                merges.push_back({line.substr(0, space), line.substr(space + 1)});
        }
        auto doc = [&](const nlohmann::ordered_json& pre, const nlohmann::ordered_json& decoder) {
            nlohmann::ordered_json j;
            j["version"] = "1.0";
            j["added_tokens"] = {{{"id", 50300}, {"content", "<|extra|>"}, {"special", true}}};
            j["pre_tokenizer"] = pre;
            j["decoder"] = decoder;
            j["model"] = {{"type", "BPE"}, {"vocab", vocab}, {"merges", merges}};
            return j.dump();
        };
        const nlohmann::ordered_json byte_level = {
            {"type", "ByteLevel"}, {"add_prefix_space", false}, {"use_regex", true}};
        const std::filesystem::path dir = std::filesystem::path(tmp_.path().toStdString()) / "hf";
        std::filesystem::create_directories(dir);
        write_text(dir / "tokenizer.json", doc(byte_level, {{"type", "ByteLevel"}}));
        auto r = pl::BpeTokenizer::load_folder(dir);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        const pl::BpeTokenizer& hf = r.value();
        QVERIFY(hf.encodes_exactly());
        QCOMPARE(hf.vocab_size(), 50301);
        QCOMPARE(hf.token_id("<|extra|>"), std::optional<int32_t>(50300));
        QCOMPARE(hf.token_bytes(50280), std::string());  // in the gap: nothing
        const auto cases = nlohmann::json::parse(read_text(data_dir() / "expected.json"));
        for (const auto& c : cases) {
            const std::string text = c.at("text").get<std::string>();
            const auto ids = hf.encode(text);
            QCOMPARE(ids, gpt2_->encode(text));
            QCOMPARE(hf.decode(ids), text);
        }
        const std::vector<int32_t> with_gap{15496, 50280, 995, 50300};
        QCOMPARE(hf.decode(with_gap), std::string("Hello world<|extra|>"));

        // A split pattern that is none of the families' is read as the tokenizers library reads
        // it (a Split step with PCRE2): digits in runs of three, each run a word of its own.
        nlohmann::ordered_json split = {{"type", "Sequence"},
                                        {"pretokenizers",
                                         {{{"type", "Split"},
                                           {"pattern", {{"Regex", "\\p{N}{1,3}"}}},
                                           {"behavior", "Isolated"},
                                           {"invert", false}},
                                          {{"type", "ByteLevel"}, {"use_regex", false}}}}};
        write_text(dir / "tokenizer.json", doc(split, {{"type", "ByteLevel"}}));
        r = pl::BpeTokenizer::load_folder(dir);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        const auto digits = r.value().encode("1234567");
        QCOMPARE(r.value().decode(digits), std::string("1234567"));
        QCOMPARE(digits, [&] {
            std::vector<int32_t> want;
            for (const char* run : {"123", "456", "7"})
                for (const int32_t id : gpt2_->encode(run))
                    want.push_back(id);
            return want;
        }());
        // A Split whose behavior is missing or one not read is refused, naming the field.
        split["pretokenizers"][0].erase("behavior");
        write_text(dir / "tokenizer.json", doc(split, {{"type", "ByteLevel"}}));
        r = pl::BpeTokenizer::load_folder(dir);
        expect_error(r, (dir / "tokenizer.json").string(),
                     ": /pre_tokenizer/pretokenizers/0/behavior: ");

        // A folder with vocab.json and merges.txt is read as before, whatever else it holds.
        std::filesystem::copy_file(data_dir() / "vocab.json", dir / "vocab.json");
        std::filesystem::copy_file(data_dir() / "merges.txt", dir / "merges.txt");
        r = pl::BpeTokenizer::load_folder(dir);
        QVERIFY(r.ok());
        QCOMPARE(r.value().vocab_size(), 50257);
    }

    void badTokenizerJson() {
        const std::filesystem::path dir = std::filesystem::path(tmp_.path().toStdString()) / "bad";
        std::filesystem::create_directories(dir);
        const std::filesystem::path f = dir / "tokenizer.json";
        const std::string byte_vocab_json = byte_vocab({"\xC4\xA0t"});
        auto with = [&](const std::string& text) {
            write_text(f, text);
            return pl::BpeTokenizer::load_folder(dir);
        };
        auto body = [&](const std::string& decoder, const std::string& model_type,
                        const std::string& merges) {
            return "{\"decoder\": " + decoder + ", \"pre_tokenizer\": {\"type\": \"ByteLevel\"}" +
                   ",\n\"model\": {\"type\": " + model_type + ", \"vocab\": " + byte_vocab_json +
                   ", \"merges\": " + merges + "}}";
        };
        const std::string bl = "{\"type\": \"ByteLevel\"}";
        QVERIFY(with(body(bl, "\"BPE\"", "[\"\xC4\xA0 t\"]")).ok());
        expect_error(with("{\n  \"model\": {\n  \"vocab\" 1}\n}"), f.string(), ":3:");
        expect_error(with(body("{\"type\": \"Metaspace\"}", "\"BPE\"", "[]")), f.string(),
                     ": /decoder/type: is");
        expect_error(with(body(bl, "\"WordPiece\"", "[]")), f.string(), ": /model/type: is");
        expect_error(with(body(bl, "\"BPE\"", "[\"\xC4\xA0x h\"]")), f.string(),
                     ": /model/merges/0: merge");
        expect_error(with(body(bl, "\"BPE\"", "[[1, 2]]")), f.string(),
                     ": /model/merges/0: expected");
        expect_error(
            with("{\"decoder\": " + bl + ", \"model\": {\"vocab\": {\"a\": 0, \"b\": 4000000}}}"),
            f.string(), ": /model/vocab: id 4000000");
        expect_error(with("[]"), f.string(), ": /model: missing");
        std::filesystem::remove(f);
        auto none = pl::BpeTokenizer::load_folder(dir);
        QVERIFY(!none.ok());
        QVERIFY2(none.error().message.find("tokenizer.json") != std::string::npos,
                 none.error().message.c_str());
    }

    // Each layout's ids against bpe_reference.py, an independent Python encoder, over texts
    // chosen where the layouts differ: digit runs, contractions, CJK, emoji, newlines, mixed
    // whitespace, NFC, added tokens inside text.
    void hfLayoutsMatchReference_data() {
        QTest::addColumn<QString>("layout");
        for (const char* layout : {"gpt2", "llama3", "qwen2", "smollm2"})
            QTest::newRow(layout) << QString(layout);
    }

    void hfLayoutsMatchReference() {
        QFETCH(QString, layout);
        const std::filesystem::path file = hf_dir() / layout.toStdString() / "tokenizer.json";
        auto r = pl::BpeTokenizer::load_tokenizer_json(file);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QVERIFY(r->encodes_exactly());
        QProcess py;
        py.start("/usr/bin/python3", {QString::fromStdString(reference_script().string()),
                                      QString::fromStdString(file.string()),
                                      QString::fromStdString((hf_dir() / "texts.json").string())});
        QVERIFY2(py.waitForFinished(60000), "bpe_reference.py did not finish");
        QVERIFY2(py.exitCode() == 0, py.readAllStandardError().constData());
        const auto expected = nlohmann::json::parse(py.readAllStandardOutput().toStdString());
        const auto texts = nlohmann::json::parse(read_text(hf_dir() / "texts.json"));
        QCOMPARE(expected.size(), texts.size());
        QVERIFY(texts.size() > 40);
        for (size_t i = 0; i < texts.size(); ++i) {
            const std::string text = texts[i].get<std::string>();
            const auto ids = r->encode(text);
            const auto want = expected[i].get<std::vector<int32_t>>();
            QVERIFY2(ids == want,
                     (printable(text) + ": " + ids_text(ids) + " != reference " + ids_text(want))
                         .constData());
            // NFC changes the text, and <mask> takes the spaces around it; the rest decodes
            // back exactly.
            if (layout != "qwen2" && !(layout == "smollm2" && text.find("<mask>") != text.npos))
                QCOMPARE(r->decode(ids), text);
        }
    }

    // What a user of each family would see: its chat tokens are single ids wherever they sit
    // in the text, digits group as the family groups them, and Llama 3's ignore_merges keeps a
    // word of the vocabulary whole.
    void hfFamilyBehaviour() {
        auto load = [](const char* layout) {
            auto r = pl::BpeTokenizer::load_tokenizer_json(hf_dir() / layout / "tokenizer.json");
            if (!r.ok())
                qFatal("%s", r.error().message.c_str());
            return std::move(r).value();
        };
        const pl::BpeTokenizer llama = load("llama3");
        const pl::BpeTokenizer qwen = load("qwen2");
        const pl::BpeTokenizer smol = load("smollm2");
        const int32_t header = *llama.token_id("<|start_header_id|>");
        const int32_t eot = *llama.token_id("<|eot_id|>");
        auto ids = llama.encode("a<|start_header_id|>user<|end_header_id|>b<|eot_id|>");
        QCOMPARE(ids.size(), size_t(6));
        QCOMPARE(ids[1], header);
        QCOMPARE(ids[5], eot);
        const int32_t im_start = *qwen.token_id("<|im_start|>");
        QCOMPARE(qwen.encode("<|im_start|>"), std::vector<int32_t>{im_start});
        QCOMPARE(qwen.encode("<|im_start|><|im_start|>"),
                 (std::vector<int32_t>{im_start, im_start}));
        QVERIFY(qwen.encode("<|im_star").size() > 1);
        QCOMPARE(qwen.encode("<tool_call>"), std::vector<int32_t>{*qwen.token_id("<tool_call>")});
        // <mask> takes the spaces around it (lstrip, rstrip).
        const int32_t mask = *smol.token_id("<mask>");
        ids = smol.encode("a  <mask>  b");
        QCOMPARE(ids.size(), size_t(3));
        QCOMPARE(ids[1], mask);

        using Pieces = std::vector<std::string_view>;
        QCOMPARE(pl::llama3_pretokenize("x 12345", 3), (Pieces{"x", " ", "123", "45"}));
        QCOMPARE(pl::llama3_pretokenize("x 12345", 1), (Pieces{"x", " ", "1", "2", "3", "4", "5"}));
        QCOMPARE(pl::llama3_pretokenize("I'M here\n\n  ok!\n", 3),
                 (Pieces{"I", "'M", " here", "\n\n", " ", " ok", "!\n"}));
        pl::PreTokenizerSpec digits;
        digits.digits = pl::DigitSplit::Individual;
        QCOMPARE(pl::pretokenize(digits, "ab 42x"), (Pieces{"ab", " ", "4", "2", "x"}));

        QCOMPARE(llama.encode(" zyxwv"), std::vector<int32_t>{*llama.token_id("\xC4\xA0zyxwv")});
        auto doc = nlohmann::ordered_json::parse(read_text(hf_dir() / "llama3" / "tokenizer.json"));
        doc["model"]["ignore_merges"] = false;
        const std::filesystem::path merged = tmp_.path().toStdString() + "/merges_only.json";
        write_text(merged, doc.dump());
        auto without = pl::BpeTokenizer::load_tokenizer_json(merged);
        QVERIFY(without.ok());
        QCOMPARE(without->encode(" zyxwv").size(), size_t(6));
    }

    // The renderer's token cache tokenizes a grown text from the last word boundary of the
    // remembered one; with Llama 3's pattern a run of punctuation takes the newlines after it
    // (")\n\n" is one word), so a newline there is no boundary.
    void segmentCacheExtendsAsWhole() {
        auto r = pl::BpeTokenizer::load_tokenizer_json(hf_dir() / "llama3" / "tokenizer.json");
        QVERIFY(r.ok());
        QVERIFY(!r->newline_ends_words());
        for (const char* end : {")", ".", "!", ":", "\"}}"}) {
            pl::SegmentTokenCache cache(*r);
            const std::string first =
                std::string("for i in range(100): print(i * 3.14159) and then, once more, ") +
                "again" + end + "\n";
            cache.encode(first);
            cache.next_request();
            const std::string grown = first + "\nThe end.";
            QCOMPARE(cache.encode(grown).ids, r->encode(grown));
        }
    }

    void nfc() {
        QCOMPARE(pl::nfc_normalize("cafe\u0301"), std::string("caf\u00e9"));
        QCOMPARE(pl::nfc_normalize("\u1100\u1161\u11a8"), std::string("\uac01"));
        QCOMPARE(pl::nfc_normalize("e\u0301\u0323"), std::string("\u1eb9\u0301"));
        QCOMPARE(pl::nfc_normalize("\u212b \u0344"), std::string("\u00c5 \u0308\u0301"));
        QCOMPARE(pl::nfc_normalize("a\xFF\u0301"), std::string("a\xFF\u0301"));
        // Against Python's unicodedata over every composed and combining character, each after
        // a starter and in pairs, in random order.
        std::mt19937 rng(7);
        std::vector<char32_t> pool;
        for (char32_t cp = 0xC0; cp < 0x2FA1E; ++cp) {
            if ((cp >= 0xD800 && cp < 0xE000) || cp % 7 != 0)
                continue;
            pool.push_back(cp);
        }
        for (char32_t cp = 0x300; cp < 0x370; ++cp)
            pool.push_back(cp);
        for (char32_t cp = 0x1100; cp < 0x1200; ++cp)
            pool.push_back(cp);
        std::uniform_int_distribution<size_t> pick(0, pool.size() - 1);
        nlohmann::json texts = nlohmann::json::array();
        for (int t = 0; t < 3000; ++t) {
            std::string s;
            for (int k = 0; k < 4; ++k)
                append_utf8(s, pool[pick(rng)]);
            texts.push_back(s);
        }
        QProcess py;
        py.start("/usr/bin/python3",
                 {"-c",
                  "import json,sys,unicodedata as u;"
                  "print(json.dumps([u.normalize('NFC',t) for t in json.load(sys.stdin)]))"});
        QVERIFY(py.waitForStarted());
        py.write(QByteArray::fromStdString(texts.dump()));
        py.closeWriteChannel();
        QVERIFY(py.waitForFinished(60000));
        const auto want = nlohmann::json::parse(py.readAllStandardOutput().toStdString());
        QCOMPARE(want.size(), texts.size());
        int wrong = 0;
        for (size_t i = 0; i < texts.size(); ++i) {
            const std::string got = pl::nfc_normalize(texts[i].get<std::string>());
            if (got != want[i].get<std::string>() && ++wrong <= 3)
                qWarning() << printable(texts[i].get<std::string>()) << "->" << printable(got);
        }
        QCOMPARE(wrong, 0);
    }

    // Layouts no family uses are refused in one line naming the file and the field.
    void hfRefusals() {
        const std::filesystem::path dir = std::filesystem::path(tmp_.path().toStdString()) / "ref";
        std::filesystem::create_directories(dir);
        const std::filesystem::path f = dir / "tokenizer.json";
        const auto base =
            nlohmann::ordered_json::parse(read_text(hf_dir() / "qwen2" / "tokenizer.json"));
        auto with = [&](const std::function<void(nlohmann::ordered_json&)>& edit) {
            nlohmann::ordered_json j = base;
            edit(j);
            write_text(f, j.dump());
            return pl::BpeTokenizer::load_tokenizer_json(f);
        };
        QVERIFY(with([](auto&) {}).ok());
        expect_error(with([](auto& j) {
                         j["pre_tokenizer"] = {{"type", "Metaspace"}, {"replacement", "\u2581"}};
                     }),
                     f.string(), ": /pre_tokenizer/type: is");
        expect_error(with([](auto& j) {
                         j["pre_tokenizer"]["pretokenizers"][0]["pattern"]["Regex"] = "(\\s+";
                     }),
                     f.string(),
                     ": /pre_tokenizer/pretokenizers/0/pattern/Regex: does not compile");
        expect_error(
            with([](auto& j) { j["pre_tokenizer"]["pretokenizers"][0]["behavior"] = "Removed"; }),
            f.string(), ": /pre_tokenizer/pretokenizers/0/behavior: ");
        expect_error(with([](auto& j) {
                         j["normalizer"] = {{"type", "NFKC"}};
                     }),
                     f.string(), ": /normalizer: is");
        expect_error(with([](auto& j) {
                         j["pre_tokenizer"]["pretokenizers"][1]["add_prefix_space"] = true;
                     }),
                     f.string(), ": /pre_tokenizer/pretokenizers/1/add_prefix_space: ");
        expect_error(with([](auto& j) { j["added_tokens"][0]["single_word"] = true; }), f.string(),
                     ": /added_tokens/0/single_word: ");
        expect_error(with([](auto& j) { j["model"]["byte_fallback"] = true; }), f.string(),
                     ": /model/byte_fallback: ");
    }

    void missingFiles() {
        const std::filesystem::path missing = tmp_.path().toStdString() + "/missing.json";
        auto r = pl::BpeTokenizer::load(missing, data_dir() / "merges.txt");
        expect_error(r, missing.string(), ": cannot open");
        const std::filesystem::path missing_merges = tmp_.path().toStdString() + "/missing.txt";
        r = pl::BpeTokenizer::load(data_dir() / "vocab.json", missing_merges);
        expect_error(r, missing_merges.string(), ": cannot open");
    }

    void trainer() {
        const std::string corpus = sample_corpus(3000, 7);
        const pl::BpeTrainResult first = pl::train_bpe(corpus, 400);
        const pl::BpeTrainResult second = pl::train_bpe(corpus, 400);
        QCOMPARE(first.vocab_json, second.vocab_json);
        QCOMPARE(first.merges_txt, second.merges_txt);
        QCOMPARE(first.vocab_size, 400);
        QVERIFY(first.merges_txt.starts_with("#version: 0.2\n"));

        auto r = load_files("trained", first.vocab_json, first.merges_txt);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        const pl::BpeTokenizer& tok = *r;
        QCOMPARE(tok.vocab_size(), 400);
        QCOMPARE(tok.token_id("<|endoftext|>"), std::optional<int32_t>(399));
        QCOMPARE(tok.token_id("!"), std::optional<int32_t>(0));
        QCOMPARE(tok.encode(" the").size(), size_t(1));
        QCOMPARE(tok.encode(" latency").size(), size_t(1));

        const std::vector<int32_t> ids = tok.encode(corpus);
        QCOMPARE(tok.decode(ids), corpus);
        QVERIFY(ids.size() * 3 < corpus.size());
        std::mt19937 rng(99);
        for (int i = 0; i < 1000; ++i) {
            const std::string s = i % 2 ? random_utf8(rng) : random_bytes(rng);
            if (tok.decode(tok.encode(s)) != s)
                QFAIL(("round trip failed for " + printable(s)).constData());
        }
    }

    void trainerSmallCorpus() {
        const pl::BpeTrainResult empty = pl::train_bpe("", 1000);
        QCOMPARE(empty.vocab_size, 257);
        QCOMPARE(empty.merge_count, 0);
        // "aaaa" has only a+a then aa+aa to learn before it runs out of pairs.
        const pl::BpeTrainResult tiny = pl::train_bpe("aaaa", 1000);
        QCOMPARE(tiny.merge_count, 2);
        QCOMPARE(tiny.vocab_size, 259);
        auto r = load_files("tiny", tiny.vocab_json, tiny.merges_txt);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->encode("aaaa").size(), size_t(1));
        QCOMPARE(r->encode("aaaaa").size(), size_t(2));
    }
};

QTEST_APPLESS_MAIN(TestTokenizer)
#include "test_tokenizer.moc"
