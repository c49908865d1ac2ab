// The chat formats (prompt/chat_format.h) held to the model families' real chat templates. Each
// conversation of tests/data/chat_templates/conversations/ (an Anthropic request body and the
// families it is for) is rendered twice: by the family's own template run by
// @huggingface/jinja (tests/chat_templates/render_reference.mjs, under node), and by
// PrefixLens, which recognises the template and writes the format itself. The two must be the
// same text and, where the family's tokenizer is installed, the same tokens.
//
// The templates and the Jinja library are other people's code: the set-up installs them
// (tools/tokenizers/fetch.sh) into the tokenizers folder, and they are never committed.
// Without them, or without node on PATH, the suite skips and says what is missing; with
// PREFIXLENS_REQUIRE_TOKENIZERS=1 (CI) it fails instead.
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/json_util.h"
#include "count/token_counting.h"
#include "prompt/chat_format.h"
#include "tokenizer/bpe_tokenizer.h"

namespace fs = std::filesystem;

namespace {

// A family, the folders fetch.sh installs for it, and what PrefixLens must make of its template.
struct Family {
    const char* name;         // as the conversations name it
    const char* template_at;  // folder with chat_template.jinja or tokenizer_config.json
    const char* tokenizer;    // folder with tokenizer.json (and the bos/eos tokens); "": none
    // "Today Date" for the templates whose server writes the day it renders (Llama 3.2's calls
    // strftime_now): both sides are given the same day, as a caller passes the server's.
    const char* date_string;
    pl::ChatFamily kind;
    bool tools;
};

constexpr Family kFamilies[] = {
    {"qwen2.5", "qwen2_5", "qwen2_5", "", pl::ChatFamily::ChatML, true},
    {"qwen3", "qwen3", "qwen3", "", pl::ChatFamily::ChatML, true},
    // No npm package has SmolLM2's tokenizer: its prompts are compared as text.
    {"smollm2", "smollm2-chat-template", "", "", pl::ChatFamily::ChatML, false},
    {"llama3", "llama3", "llama3", "", pl::ChatFamily::Llama3, false},
    {"llama3.1", "llama3_1-chat-template", "llama3_1", "", pl::ChatFamily::Llama3, true},
    {"llama3.2", "llama3_2", "llama3_2", "01 Mar 2025", pl::ChatFamily::Llama3, true},
};

constexpr const char* kInstallHint =
    "(./quickstart installs node and runs tools/tokenizers/fetch.sh, which installs the rest)";

bool require_installed() {
    const char* v = std::getenv("PREFIXLENS_REQUIRE_TOKENIZERS");
    return v && std::string(v) == "1";
}

fs::path data() {
    const char* env = std::getenv("PREFIXLENS_TEST_DATA");
    return fs::path(env ? env : "tests/data");
}

fs::path reference_script() {
    const char* env = std::getenv("PREFIXLENS_CHAT_REFERENCE");
    return fs::path(env ? env : "tests/chat_templates/render_reference.mjs");
}

// A config's special token: a string, or {"content": ...}; "" when absent or null.
std::string token_of(const pl::ojson& config, const char* key) {
    if (!config.contains(key))
        return {};
    const pl::ojson& t = config[key];
    if (t.is_string())
        return t.get<std::string>();
    if (t.is_object() && t.contains("content") && t["content"].is_string())
        return t["content"].get<std::string>();
    return {};
}

// A family as installed: its template, the tokens the template is given, where they came from.
struct Installed {
    std::string chat_template;
    std::string bos_token;
    std::string eos_token;
    std::string template_file;
    fs::path tokenizer_json;  // empty: compared as text
};

// The installed template of `f`, or why there is none.
pl::Result<Installed> installed(const Family& f, const fs::path& dir) {
    Installed out;
    const fs::path jinja = dir / f.template_at / "chat_template.jinja";
    const fs::path templ_config = dir / f.template_at / "tokenizer_config.json";
    std::error_code ec;
    if (fs::exists(jinja, ec)) {
        auto text = pl::read_text_file(jinja.string());
        if (!text)
            return text.error();
        out.chat_template = *text;
        out.template_file = jinja.string();
    } else if (fs::exists(templ_config, ec)) {
        auto text = pl::read_text_file(templ_config.string());
        if (!text)
            return text.error();
        auto config = pl::parse_json_object(*text, templ_config.string());
        if (!config)
            return config.error();
        if (!config->contains("chat_template") || !(*config)["chat_template"].is_string())
            return pl::make_error(templ_config.string() + ": /chat_template: not a string");
        out.chat_template = (*config)["chat_template"].get<std::string>();
        out.template_file = templ_config.string();
    } else if (!fs::exists(dir / f.template_at, ec)) {
        return pl::make_error((dir / f.template_at).string() + " not installed");
    } else {
        return pl::make_error((dir / f.template_at).string() +
                              " has neither chat_template.jinja nor tokenizer_config.json");
    }
    // The special tokens come from the tokenizer's own config, as a server takes them.
    const fs::path tok_dir = dir / (*f.tokenizer ? f.tokenizer : f.template_at);
    const fs::path tok_config = tok_dir / "tokenizer_config.json";
    if (fs::exists(tok_config, ec)) {
        auto text = pl::read_text_file(tok_config.string());
        if (!text)
            return text.error();
        auto config = pl::parse_json_object(*text, tok_config.string());
        if (!config)
            return config.error();
        out.bos_token = token_of(*config, "bos_token");
        out.eos_token = token_of(*config, "eos_token");
    }
    if (*f.tokenizer) {
        out.tokenizer_json = dir / f.tokenizer / "tokenizer.json";
        if (!fs::exists(out.tokenizer_json, ec))
            return pl::make_error(out.tokenizer_json.string() + " missing");
    }
    return out;
}

struct Conversation {
    std::string name;  // the file's stem
    pl::ojson request;
    std::vector<std::string> families;
    bool add_generation_prompt = true;
};

pl::Result<std::vector<Conversation>> conversations(const fs::path& dir) {
    std::vector<fs::path> files;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec))
        if (e.path().extension() == ".json")
            files.push_back(e.path());
    if (ec || files.empty())
        return pl::make_error(dir.string() + ": no conversations");
    std::sort(files.begin(), files.end());
    std::vector<Conversation> out;
    for (const fs::path& p : files) {
        auto text = pl::read_text_file(p.string());
        if (!text)
            return text.error();
        auto doc = pl::parse_json_object(*text, p.string());
        if (!doc)
            return doc.error();
        Conversation c;
        c.name = p.stem().string();
        if (!doc->contains("request") || !(*doc)["request"].is_object() ||
            !doc->contains("families") || !(*doc)["families"].is_array())
            return pl::make_error(p.string() + ": expected \"request\" and \"families\"");
        c.request = (*doc)["request"];
        for (const pl::ojson& name : (*doc)["families"]) {
            const auto known = std::find_if(std::begin(kFamilies), std::end(kFamilies),
                                            [&](const Family& f) { return name == f.name; });
            if (!name.is_string() || known == std::end(kFamilies))
                return pl::make_error(p.string() + ": /families: unknown family " + name.dump());
            c.families.push_back(name.get<std::string>());
        }
        c.add_generation_prompt = doc->value("add_generation_prompt", true);
        out.push_back(std::move(c));
    }
    return out;
}

// Where two renderings part: the byte offset, its line, and a few characters of each around it.
std::string first_difference(const std::string& reference, const std::string& ours) {
    size_t at = 0;
    while (at < reference.size() && at < ours.size() && reference[at] == ours[at])
        ++at;
    size_t from = at > 60 ? at - 60 : 0;
    while (from > 0 && (static_cast<unsigned char>(reference[from]) & 0xC0) == 0x80)
        --from;
    const auto around = [&](const std::string& s) {
        return pl::quote(from < s.size() ? s.substr(from, at - from + 60) : std::string(), 160);
    };
    const long line = std::count(reference.begin(), reference.begin() + at, '\n') + 1;
    return "first difference at byte " + std::to_string(at) + " (line " + std::to_string(line) +
           " of " + std::to_string(reference.size()) + " vs " + std::to_string(ours.size()) +
           " bytes)\n   template:   " + around(reference) + "\n   PrefixLens: " + around(ours);
}

std::string ids_around(const pl::BpeTokenizer& tok, const std::vector<int32_t>& ids, size_t at) {
    std::string s;
    for (size_t i = at > 3 ? at - 3 : 0; i < ids.size() && i < at + 4; ++i) {
        const int32_t one[] = {ids[i]};
        s += (s.empty() ? "" : " ") + std::to_string(ids[i]) + "=" + pl::quote(tok.decode(one));
    }
    return s;
}

}  // namespace

class TestChatTemplates : public QObject {
    Q_OBJECT

    fs::path dir_;
    std::vector<std::optional<Installed>> families_;  // by kFamilies index; empty: missing
    std::vector<std::string> missing_;                // what is missing, one line each
    std::vector<Conversation> conversations_;
    pl::ojson renders_;  // the reference renderings by "family/conversation"
    std::map<std::string, pl::BpeTokenizer> tokenizers_;
    std::map<std::string, int> rows_;     // conversations per family
    std::map<std::string, int> matched_;  // of those, the ones PrefixLens renders the same

    // What is missing, one indented line each.
    static std::string missing_text(const std::vector<std::string>& what) {
        std::string s;
        for (const std::string& w : what)
            s += "\n   " + w;
        return s;
    }

    const pl::BpeTokenizer* tokenizer(const fs::path& json) {
        auto it = tokenizers_.find(json.string());
        if (it == tokenizers_.end()) {
            auto t = pl::BpeTokenizer::load_tokenizer_json(json);
            if (!t)
                return nullptr;
            it = tokenizers_.emplace(json.string(), std::move(t).value()).first;
        }
        return &it->second;
    }

  private slots:
    void initTestCase() {
        dir_ = pl::count::tokenizers_dir();
        auto convs = conversations(data() / "chat_templates" / "conversations");
        QVERIFY2(convs.ok(), convs.ok() ? "" : convs.error().message.c_str());
        conversations_ = std::move(*convs);

        const QString node = QStandardPaths::findExecutable("node");
        if (node.isEmpty())
            missing_.push_back("node: not found on PATH (Debian's nodejs package; npm brings it)");
        const fs::path jinja = dir_ / "huggingface-jinja";
        std::error_code ec;
        if (!fs::exists(jinja / "dist" / "index.js", ec))
            missing_.push_back("@huggingface/jinja: " + (jinja / "dist" / "index.js").string() +
                               " missing");
        for (const Family& f : kFamilies) {
            auto got = installed(f, dir_);
            if (got.ok()) {
                families_.emplace_back(std::move(*got));
            } else {
                families_.emplace_back();
                missing_.push_back(std::string(f.name) + ": " + got.error().message);
            }
        }
        const std::string what = missing_text(missing_) + "\n   " + kInstallHint;
        if (!missing_.empty() && require_installed())
            QFAIL(("PREFIXLENS_REQUIRE_TOKENIZERS=1, but not every real chat template can run:" +
                   what)
                      .c_str());
        if (node.isEmpty() || !fs::exists(jinja / "dist" / "index.js", ec))
            QSKIP(("cannot run the real chat templates:" + what).c_str());
        if (!missing_.empty())
            qWarning("families not installed are skipped:%s", what.c_str());

        // One run of the reference renderer for every conversation of every installed family.
        pl::ojson jobs = pl::ojson::array();
        for (size_t i = 0; i < std::size(kFamilies); ++i) {
            if (!families_[i])
                continue;
            const Family& f = kFamilies[i];
            for (const Conversation& c : conversations_) {
                if (std::find(c.families.begin(), c.families.end(), f.name) == c.families.end())
                    continue;
                pl::ojson job = pl::ojson::object();
                job["id"] = std::string(f.name) + "/" + c.name;
                job["chat_template"] = families_[i]->chat_template;
                job["bos_token"] = families_[i]->bos_token;
                job["eos_token"] = families_[i]->eos_token;
                job["request"] = c.request;
                job["add_generation_prompt"] = c.add_generation_prompt;
                if (*f.date_string)
                    job["date_string"] = f.date_string;
                jobs.push_back(std::move(job));
            }
        }
        QProcess p;
        p.start(node, {QString::fromStdString(reference_script().string()),
                       QString::fromStdString(jinja.string())});
        QVERIFY2(p.waitForStarted(), qPrintable(QStringLiteral("cannot start ") + node));
        p.write(QByteArray::fromStdString(jobs.dump()));
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(120000));
        const std::string err = p.readAllStandardError().toStdString();
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                 (reference_script().string() + " failed: " + err).c_str());
        auto renders = pl::parse_json_object(p.readAllStandardOutput().toStdString(),
                                             "render_reference.mjs's output");
        QVERIFY2(renders.ok(), renders.ok() ? "" : renders.error().message.c_str());
        renders_ = std::move(*renders);
    }

    // Each family's real template is recognised as the format it is.
    void recognised() {
        for (size_t i = 0; i < std::size(kFamilies); ++i) {
            const Family& f = kFamilies[i];
            if (!families_[i])
                continue;
            auto format = pl::recognise_chat_template(
                families_[i]->chat_template, families_[i]->bos_token, families_[i]->template_file);
            QVERIFY2(format.ok(), format.ok() ? "" : format.error().message.c_str());
            QVERIFY2(format->family == f.kind && format->tools == f.tools,
                     qPrintable(QString("%1: recognised as %2").arg(f.name, format->name.c_str())));
            qInfo("%s: %s", f.name, format->name.c_str());
        }
    }

    void matchesReference_data() {
        QTest::addColumn<int>("family");
        QTest::addColumn<int>("conversation");
        for (size_t i = 0; i < std::size(kFamilies); ++i) {
            for (size_t c = 0; c < conversations_.size(); ++c) {
                const auto& fams = conversations_[c].families;
                if (std::find(fams.begin(), fams.end(), kFamilies[i].name) == fams.end())
                    continue;
                const std::string row =
                    std::string(kFamilies[i].name) + "/" + conversations_[c].name;
                QTest::newRow(row.c_str()) << static_cast<int>(i) << static_cast<int>(c);
                ++rows_[kFamilies[i].name];
            }
        }
    }

    // The conversation rendered by PrefixLens is the template's rendering, byte for byte and,
    // with the family's tokenizer, token for token.
    void matchesReference() {
        QFETCH(int, family);
        QFETCH(int, conversation);
        const Family& f = kFamilies[static_cast<size_t>(family)];
        const Conversation& c = conversations_[static_cast<size_t>(conversation)];
        const std::string id = std::string(f.name) + "/" + c.name;
        if (!families_[static_cast<size_t>(family)])
            QSKIP(qPrintable(QString("%1 is not installed").arg(f.name)));
        const Installed& in = *families_[static_cast<size_t>(family)];
        QVERIFY2(renders_.contains(id),
                 qPrintable(QString("no reference rendering of ") + id.c_str()));
        const pl::ojson& ref = renders_[id];
        QVERIFY2(ref.contains("text"),
                 qPrintable(QString("the template refused: ") + ref.value("error", "").c_str()));
        const std::string reference = ref["text"].get<std::string>();

        auto format = pl::recognise_chat_template(in.chat_template, in.bos_token, in.template_file);
        QVERIFY2(format.ok(), format.ok() ? "" : format.error().message.c_str());
        pl::ChatOptions options;
        options.date_string = f.date_string;
        options.add_generation_prompt = c.add_generation_prompt;
        const std::string where = c.name + ".json";
        auto ours = pl::render_chat_text(c.request, *format, where, options);
        if (!ours.ok())
            QFAIL(("the template renders it, PrefixLens refuses: " + ours.error().message).c_str());
        if (ours->text != reference)
            QFAIL((id + " (" + format->name + "): " + first_difference(reference, ours->text))
                      .c_str());

        if (!in.tokenizer_json.empty()) {
            const pl::BpeTokenizer* tok = tokenizer(in.tokenizer_json);
            QVERIFY2(tok, qPrintable(QString("cannot load ") + in.tokenizer_json.c_str()));
            auto rendered = pl::render_chat(c.request, *format, *tok, where, options);
            QVERIFY(rendered.ok());
            const std::vector<int32_t> expected = tok->encode(reference);
            const std::vector<int32_t>& got = rendered->tokens;
            size_t at = 0;
            while (at < expected.size() && at < got.size() && expected[at] == got[at])
                ++at;
            if (at != expected.size() || at != got.size())
                QFAIL((id + ": token " + std::to_string(at) + " of " +
                       std::to_string(expected.size()) +
                       " differs\n   template:   " + ids_around(*tok, expected, at) +
                       "\n   PrefixLens: " + ids_around(*tok, got, at))
                          .c_str());
        }
        ++matched_[f.name];
    }

    void cleanupTestCase() {
        for (size_t i = 0; i < std::size(kFamilies); ++i) {
            const Family& f = kFamilies[i];
            if (!renders_.empty() && families_[i])
                qInfo("%s: %d of %d conversations match the template, %s", f.name, matched_[f.name],
                      rows_[f.name],
                      families_[i]->tokenizer_json.empty()
                          ? "as text (no tokenizer installed)"
                          : ("text and tokens (" + families_[i]->tokenizer_json.string() + ")")
                                .c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestChatTemplates)
#include "test_chat_templates.moc"
