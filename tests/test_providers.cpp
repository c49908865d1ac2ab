// Gemini, Bedrock (Converse) and DeepSeek bodies: which provider a body is for, how each shape is
// read into the one prompt layout (every token knows its part and JSON pointer), where Converse
// cachePoint elements cut, and what images count in each.
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "core/assets.h"
#include "prompt/media_tokens.h"
#include "prompt/renderer.h"
#include "test_support.h"
#include "tokenizer/bpe_tokenizer.h"

using namespace pl;

namespace {

BpeTokenizer builtin_tokenizer() {
    const auto dir = builtin_model_dir();
    auto t = BpeTokenizer::load(dir / "vocab.json", dir / "merges.txt");
    if (!t)
        qFatal("%s", t.error().message.c_str());
    return std::move(t.value());
}

// The text of the segment that comes from `pointer`, or "" when none does.
std::string text_at(const RenderedRequest& r, const std::string& pointer) {
    for (const PromptSegment& s : r.rendered.segments) {
        if (s.pointer == pointer)
            return s.text;
    }
    return {};
}

// A 1x1... PNG header of the given size (enough for image_size()), base64.
std::string png_base64(int w, int h) {
    std::string b("\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR", 16);
    for (int v : {w, h}) {
        for (int s = 24; s >= 0; s -= 8)
            b += static_cast<char>((v >> s) & 0xFF);
    }
    b += std::string(8, '\0');
    static const char* kAlphabet =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (std::size_t i = 0; i < b.size(); i += 3) {
        uint32_t n = static_cast<uint8_t>(b[i]) << 16;
        if (i + 1 < b.size())
            n |= static_cast<uint8_t>(b[i + 1]) << 8;
        if (i + 2 < b.size())
            n |= static_cast<uint8_t>(b[i + 2]);
        out += kAlphabet[(n >> 18) & 63];
        out += kAlphabet[(n >> 12) & 63];
        out += i + 1 < b.size() ? kAlphabet[(n >> 6) & 63] : '=';
        out += i + 2 < b.size() ? kAlphabet[n & 63] : '=';
    }
    return out;
}

const ojson kGemini = ojson::parse(R"({
  "systemInstruction": {"parts": [{"text": "You are a support agent for Acme."}]},
  "tools": [{"functionDeclarations": [
      {"name": "lookup_order", "description": "Find an order", "parameters": {"type": "object"}},
      {"name": "refund", "description": "Refund an order", "parameters": {"type": "object"}}]}],
  "contents": [
    {"role": "user", "parts": [{"text": "Where is order 17?"}]},
    {"role": "model", "parts": [{"functionCall": {"name": "lookup_order", "args": {"id": 17}}}]},
    {"role": "user", "parts": [{"functionResponse": {"name": "lookup_order",
                                                     "response": {"status": "shipped"}}}]},
    {"role": "user", "parts": [{"text": "Thanks, and order 18?"}]}],
  "generationConfig": {"temperature": 0}
})");

const ojson kConverse = ojson::parse(R"({
  "modelId": "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
  "toolConfig": {"tools": [
      {"toolSpec": {"name": "search", "description": "Search the docs",
                    "inputSchema": {"json": {"type": "object"}}}},
      {"cachePoint": {"type": "default", "ttl": "1h"}}]},
  "system": [{"text": "You answer questions about the Acme API."},
             {"cachePoint": {"type": "default"}}],
  "messages": [
    {"role": "user", "content": [{"text": "How do I page results?"}]},
    {"role": "assistant", "content": [{"toolUse": {"toolUseId": "t1", "name": "search",
                                                   "input": {"q": "paging"}}}]},
    {"role": "user", "content": [{"toolResult": {"toolUseId": "t1",
                                                 "content": [{"text": "Use the cursor field."}]}},
                                 {"cachePoint": {"type": "default"}},
                                 {"text": "And sorting?"}]}]
})");

}  // namespace

class TestProviders : public QObject {
    Q_OBJECT

  private slots:
    // The provider each body is for: by model id first, then by the keys only one shape has.
    void detectsTheProvider() {
        QCOMPARE(detect_provider(kGemini), Provider::Gemini);
        QCOMPARE(detect_provider(kConverse), Provider::Bedrock);
        const ojson deepseek = {{"model", "deepseek-chat"},
                                {"messages", {{{"role", "user"}, {"content", "hi"}}}}};
        QCOMPARE(detect_provider(deepseek), Provider::DeepSeek);
        QCOMPARE(detect_provider(ojson{{"model", "deepseek/deepseek-reasoner"}}),
                 Provider::DeepSeek);
        // Gemini's OpenAI-compatible endpoint: Gemini's rules, OpenAI's shape.
        const ojson compat = {{"model", "gemini-2.5-flash"},
                              {"messages", {{{"role", "user"}, {"content", "hi"}}}}};
        QCOMPARE(detect_provider(compat), Provider::Gemini);
        QCOMPARE(body_shape(compat, Provider::Gemini), BodyShape::OpenAI);
        QCOMPARE(body_shape(kGemini, Provider::Gemini), BodyShape::Gemini);
        // Nova by its id; Claude on Bedrock through InvokeModel keeps Anthropic's body.
        QCOMPARE(detect_provider(
                     ojson{{"modelId", "us.amazon.nova-pro-v1:0"}, {"messages", ojson::array()}}),
                 Provider::Bedrock);
        const ojson invoke = {{"anthropic_version", "bedrock-2023-05-31"},
                              {"messages", {{{"role", "user"}, {"content", "hi"}}}}};
        QCOMPARE(body_shape(invoke, Provider::Bedrock), BodyShape::Anthropic);
        // What was detected before stays so.
        QCOMPARE(detect_provider(ojson{{"model", "claude-sonnet-4-5"}}), Provider::Anthropic);
        QCOMPARE(detect_provider(ojson{{"model", "gpt-4o"}}), Provider::OpenAI);
        QCOMPARE(detect_provider(ojson{{"messages", {{{"role", "user"}, {"content", "x"}}}}}),
                 Provider::Anthropic);
        for (Provider p : kAllProviders)
            QCOMPARE(parse_provider(provider_id(p)), std::optional<Provider>(p));
        QVERIFY(!parse_provider("vertex"));
    }

    // Tools (one per function declaration), the system instruction, then the contents, each
    // piece under its own pointer; "model" turns are the assistant's.
    void rendersGemini() {
        const BpeTokenizer tok = builtin_tokenizer();
        SegmentTokenCache cache(tok);
        auto r = render_request(kGemini, Provider::Gemini, cache, "g.json");
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->messages_key, std::string("contents"));
        QCOMPARE(text_at(*r, "/systemInstruction/parts/0/text"),
                 std::string("You are a support agent for Acme."));
        QVERIFY(ojson::parse(text_at(*r, "/tools/0/functionDeclarations/1"))["name"] ==
                ojson("refund"));
        QCOMPARE(text_at(*r, "/contents/3/parts/0/text"), std::string("Thanks, and order 18?"));
        QVERIFY(ojson::parse(text_at(*r, "/contents/1/parts/0"))["functionCall"]["args"]["id"] ==
                ojson(17));
        int tools = 0;
        for (const ContentBlock& b : r->blocks) {
            if (b.kind == PartKind::Tool)
                ++tools;
            if (b.pointer == "/contents/1")
                QCOMPARE(b.role, std::string("assistant"));
        }
        QCOMPARE(tools, 2);
        // Order: tools, then system, then the contents; the last user turn is the tail.
        QVERIFY(r->system_begin_token > 0 && r->messages_begin_token > r->system_begin_token);
        QCOMPARE(r->tail_message, 3);
        QVERIFY(r->breakpoints.empty());
        QVERIFY(r->cached_content.empty());
        // The SDKs' snake_case names and a named explicit cache.
        ojson snake = {{"system_instruction", {{"parts", {{{"text", "Be brief."}}}}}},
                       {"cached_content", "cachedContents/abc123"},
                       {"contents", {{{"role", "user"}, {"parts", {{{"text", "hi"}}}}}}}};
        auto s = render_request(snake, Provider::Gemini, cache, "s.json");
        QVERIFY(s.ok());
        QCOMPARE(text_at(*s, "/system_instruction/parts/0/text"), std::string("Be brief."));
        QCOMPARE(s->cached_content, std::string("cachedContents/abc123"));
        // A bad role names its place.
        ojson bad = kGemini;
        bad["contents"][1]["role"] = "robot";
        auto e = render_request(bad, Provider::Gemini, cache, "g.json");
        QVERIFY(!e.ok());
        QVERIFY2(e.error().message.find("g.json/contents/1/role") != std::string::npos,
                 e.error().message.c_str());
    }

    // Each cachePoint cuts right after what precedes it, with its TTL; the tools, the system
    // blocks and the message contents are read as the other shapes read them.
    void rendersConverseWithCachePoints() {
        const BpeTokenizer tok = builtin_tokenizer();
        SegmentTokenCache cache(tok);
        auto r = render_request(kConverse, Provider::Bedrock, cache, "c.json");
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->model, std::string("us.anthropic.claude-sonnet-4-5-20250929-v1:0"));
        QCOMPARE(r->breakpoints.size(), std::size_t{3});
        QCOMPARE(r->breakpoints[0].pointer, std::string("/toolConfig/tools/1/cachePoint"));
        QCOMPARE(r->breakpoints[0].ttl_s, 3600.0);
        QCOMPARE(r->breakpoints[0].token, r->system_begin_token);  // right after the tools
        QCOMPARE(r->breakpoints[1].pointer, std::string("/system/1/cachePoint"));
        QCOMPARE(r->breakpoints[1].ttl_s, 300.0);
        QCOMPARE(r->breakpoints[2].pointer, std::string("/messages/2/content/1/cachePoint"));
        // The third cuts after the tool result's text, before "And sorting?".
        const auto& segs = r->rendered.segments;
        const auto result = std::find_if(segs.begin(), segs.end(), [](const PromptSegment& s) {
            return s.pointer == "/messages/2/content/0/toolResult/content/0/text";
        });
        QVERIFY(result != segs.end());
        QCOMPARE(result->text, std::string("Use the cursor field."));
        QCOMPARE(r->breakpoints[2].token, result->token_end);
        QVERIFY(result->cache_breakpoint);
        QVERIFY(ojson::parse(text_at(*r, "/messages/1/content/0/toolUse/input"))["q"] ==
                ojson("paging"));
        QCOMPARE(r->tail_message, 2);
        // A TTL Bedrock does not take names its place.
        ojson bad = kConverse;
        bad["system"][1]["cachePoint"]["ttl"] = "2h";
        auto e = render_request(bad, Provider::Bedrock, cache, "c.json");
        QVERIFY(!e.ok());
        QVERIFY2(e.error().message.find("c.json/system/1/cachePoint/ttl") != std::string::npos,
                 e.error().message.c_str());
    }

    // DeepSeek bodies are OpenAI chat bodies: the same tokens, only the provider differs.
    void deepSeekReadsAsOpenAI() {
        const BpeTokenizer tok = builtin_tokenizer();
        SegmentTokenCache cache(tok);
        const ojson body = {{"model", "deepseek-chat"},
                            {"messages",
                             {{{"role", "system"}, {"content", "You are terse."}},
                              {{"role", "user"}, {"content", "Hi"}}}}};
        auto d = render_request(body, Provider::DeepSeek, cache, "");
        auto o = render_request(body, Provider::OpenAI, cache, "");
        QVERIFY(d.ok() && o.ok());
        QVERIFY(d->rendered.tokens == o->rendered.tokens);
        QCOMPARE(d->provider, Provider::DeepSeek);
    }

    // Images count as each provider counts them, not as their base64 text.
    void mediaPerProvider() {
        const std::string small = png_base64(300, 200), large = png_base64(1600, 800);
        auto g = estimate_media(ojson{{"inlineData", {{"mimeType", "image/png"}, {"data", small}}}},
                                Provider::Gemini);
        QVERIFY(g);
        QCOMPARE(g->tokens, 258);  // at most 384x384: one tile
        auto gl =
            estimate_media(ojson{{"inline_data", {{"mime_type", "image/png"}, {"data", large}}}},
                           Provider::Gemini);
        QVERIFY(gl);
        QCOMPARE(gl->tokens, 258 * 3 * 2);  // 768-pixel tiles: 3 across, 2 down
        auto c =
            estimate_media(ojson{{"image", {{"format", "png"}, {"source", {{"bytes", small}}}}}},
                           Provider::Bedrock);
        QVERIFY(c);
        QCOMPARE(c->tokens, claude_image_tokens(300, 200));
        QVERIFY(!estimate_media(ojson{{"text", "hi"}}, Provider::Gemini));
    }
    // replay echoes each provider's own usage, normalised to input / cache read / cache write
    // (SPEC §8): Gemini's promptTokenCount includes its cachedContentTokenCount, Converse's
    // inputTokens do not include its cache reads and writes, DeepSeek's prompt tokens are its
    // cache hits plus misses.
    void replayNormalisesEachProvidersUsage_data() {
        QTest::addColumn<QString>("log");
        QTest::addColumn<QString>("provider");
        QTest::addColumn<int>("input");
        QTest::addColumn<int>("read");
        QTest::addColumn<int>("write");
        QTest::newRow("gemini") << "gemini-log.jsonl"
                                << "gemini" << 51 << 2609 << 0;
        QTest::newRow("gemini explicit") << "gemini-cache-log.jsonl"
                                         << "gemini" << 1090 << 1050 << 0;
        QTest::newRow("bedrock") << "bedrock-log.jsonl"
                                 << "bedrock" << 49 << 0 << 1012;
        QTest::newRow("deepseek") << "deepseek-log.jsonl"
                                  << "deepseek" << 1081 << 0 << 0;
        // Hits and misses apart: input is the misses (101), not the prompt (1,061), nor the
        // prompt less the hits counted twice.
        QTest::newRow("deepseek hits") << "deepseek-hits.jsonl"
                                       << "deepseek" << 101 << 960 << 0;
    }
    void replayNormalisesEachProvidersUsage() {
        QFETCH(QString, log);
        QFETCH(QString, provider);
        QFETCH(int, input);
        QFETCH(int, read);
        QFETCH(int, write);
        const QString dir = QString::fromStdString((test::data_dir() / "lint").string());
        const auto r = test::run_cli({"replay", "--json", log}, dir);
        QVERIFY2(r.exit_code == 0, qPrintable(r.err));
        std::vector<nlohmann::json> rows;
        for (const QString& l : r.out.split('\n', Qt::SkipEmptyParts))
            rows.push_back(nlohmann::json::parse(l.toStdString()));
        QCOMPARE(rows.size(), std::size_t{3});  // two requests, then the summary
        for (std::size_t i = 0; i < 2; ++i)
            QCOMPARE(QString::fromStdString(rows[i]["provider"].get<std::string>()), provider);
        const auto& rep = rows[1]["reported"];
        QVERIFY2(rep.is_object(), rows[1].dump().c_str());
        QCOMPARE(rep["input_tokens"].get<int>(), input);
        QCOMPARE(rep["cache_read_tokens"].get<int>(), read);
        QCOMPARE(rep["cache_write_tokens"].get<int>(), write);
        QVERIFY(rows[2]["summary"].contains("reported_cost_usd"));
    }

    // A DeepSeek usage that gives prompt_tokens and the hits but not the misses: the input is
    // the prompt less the hits; and the bill of the reported usage is the misses at $0.56 and
    // the hits at $0.07 per million (deepseek-chat's list prices).
    void deepSeekUsageWithoutMisses() {
        QTemporaryDir tmp;
        std::string text;
        for (const std::string& l :
             test::read_lines(test::data_dir() / "lint" / "deepseek-hits.jsonl")) {
            auto j = nlohmann::ordered_json::parse(l);
            j["response"]["usage"].erase("prompt_cache_miss_tokens");
            text += j.dump() + "\n";
        }
        const QString log = tmp.filePath(QStringLiteral("no-miss.jsonl"));
        test::write_file(log.toStdString(), text);
        const auto r = test::run_cli({"replay", "--json", log});
        QVERIFY2(r.exit_code == 0, qPrintable(r.err));
        const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        const auto row = nlohmann::json::parse(lines[1].toStdString());
        QCOMPARE(row["reported"]["input_tokens"].get<int>(), 1061 - 960);
        QCOMPARE(row["reported"]["cache_read_tokens"].get<int>(), 960);
        const auto summary = nlohmann::json::parse(lines[2].toStdString())["summary"];
        const double bill = ((1010 + 101) * 0.56 + 960 * 0.07) / 1e6;
        QVERIFY2(std::abs(summary["reported_cost_usd"].get<double>() - bill) < 1e-12,
                 summary.dump().c_str());
    }

    // Under the gemini policy a cachedContents.create record writes its contents to a cache of
    // their own (billed with an hour's storage), and a request naming that cache reads all of it
    // before its own tokens; past the cache's ttl it reads nothing.
    void replayReadsGeminiExplicitCaches() {
        const QString dir = QString::fromStdString((test::data_dir() / "lint").string());
        auto replay = [&](const QString& log) {
            const auto r = test::run_cli({"replay", "--json", log}, dir);
            std::vector<nlohmann::json> rows;
            for (const QString& l : r.out.split('\n', Qt::SkipEmptyParts))
                rows.push_back(nlohmann::json::parse(l.toStdString()));
            return rows;
        };
        auto rows = replay(QStringLiteral("gemini-cache-log.jsonl"));
        QCOMPARE(rows.size(), std::size_t{3});
        const auto& create = rows[0];
        const int cached = create["prompt_tokens"].get<int>();
        QVERIFY(cached > 1000);
        QCOMPARE(create["written_tokens"].get<int>(), cached);
        QVERIFY(create["cost_usd"].get<double>() > create["uncached_cost_usd"].get<double>());
        const auto& read = rows[1];
        QCOMPARE(read["reused_tokens"].get<int>(), cached);
        QCOMPARE(read["prompt_tokens"].get<int>(), cached + read["uncached_tokens"].get<int>());
        QVERIFY(read["cost_usd"].get<double>() < read["uncached_cost_usd"].get<double>());

        // The same request two hours after the cache was made (its ttl is 3600 s).
        std::vector<std::string> lines;
        for (const std::string& l :
             test::read_lines(test::data_dir() / "lint" / "gemini-cache-log.jsonl")) {
            auto j = nlohmann::ordered_json::parse(l);
            if (lines.size() == 1)
                j["timestamp"] = "2026-12-04T12:02:00Z";
            lines.push_back(j.dump());
        }
        QTemporaryDir tmp;
        const QString late = tmp.filePath(QStringLiteral("late.jsonl"));
        test::write_file(late.toStdString(), lines[0] + "\n" + lines[1] + "\n");
        rows = replay(late);
        QCOMPARE(rows.size(), std::size_t{3});
        QCOMPARE(rows[1]["reused_tokens"].get<int>(), 0);
    }

    // --provider takes the five names, and says which when given another.
    void providerOption() {
        const QString dir = QString::fromStdString((test::data_dir() / "lint").string());
        const auto ok = test::run_cli(
            {"lint", "--provider", "gemini", "--format", "json", "gemini-clean.json"}, dir);
        QVERIFY2(ok.exit_code == 0, qPrintable(ok.err + ok.out));
        QCOMPARE(QString::fromStdString(
                     nlohmann::json::parse(ok.out.toStdString())["summary"]["files"][0]["provider"]
                         .get<std::string>()),
                 QString("gemini"));
        const auto bad = test::run_cli({"lint", "--provider", "vertex", "gemini-clean.json"}, dir);
        QCOMPARE(bad.exit_code, 2);
        QVERIFY2(bad.err.contains("gemini, bedrock or deepseek, not 'vertex'"),
                 qPrintable(bad.err));
    }
};

QTEST_APPLESS_MAIN(TestProviders)
#include "test_providers.moc"
