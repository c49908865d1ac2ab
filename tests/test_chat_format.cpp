// The chat formats of the model families served (prompt/chat_format.h): recognised from each
// family's tokenizer_config.json, and a multi-turn request with tools rendered exactly as that
// family's server renders it, token for token, special tokens as single ids.
#include <QTest>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "prompt/chat_format.h"
#include "prompt/py_json.h"
#include "tokenizer/bpe_tokenizer.h"

namespace {

std::filesystem::path data() {
    const char* env = std::getenv("PREFIXLENS_TEST_DATA");
    return std::filesystem::path(env ? env : "tests/data");
}

pl::ChatFormat format(const std::string& name) {
    auto f = pl::read_chat_format(data() / "chat_templates" / name / "tokenizer_config.json");
    if (!f.ok())
        qFatal("%s", f.error().message.c_str());
    return *f;
}

pl::BpeTokenizer tokenizer(const std::string& layout) {
    auto t =
        pl::BpeTokenizer::load_tokenizer_json(data() / "hf_tokenizers" / layout / "tokenizer.json");
    if (!t.ok())
        qFatal("%s", t.error().message.c_str());
    return std::move(t).value();
}

// A weather conversation: a system prompt, one tool, a tool call with text before it, its
// result, an answer, and a follow-up question that carries a cache_control breakpoint.
pl::ojson weather_request(bool with_system = true) {
    auto body = pl::ojson::parse(R"({
      "system": "You are a weather bot.",
      "tools": [{"name": "get_weather", "description": "Get the weather for a city",
                 "input_schema": {"type": "object",
                                  "properties": {"city": {"type": "string"}},
                                  "required": ["city"]}}],
      "messages": [
        {"role": "user", "content": "What's the weather in Paris?"},
        {"role": "assistant", "content": [
          {"type": "text", "text": "Let me check."},
          {"type": "tool_use", "id": "t1", "name": "get_weather", "input": {"city": "Paris"}}]},
        {"role": "user", "content": [
          {"type": "tool_result", "tool_use_id": "t1", "content": "18°C, \u0022sunny\u0022"}]},
        {"role": "assistant", "content": "It is 18°C and sunny in Paris."},
        {"role": "user", "content": [
          {"type": "text", "text": "And tomorrow?", "cache_control": {"type": "ephemeral"}}]}
      ]})");
    if (!with_system)
        body.erase("system");
    return body;
}

const std::string kQwenTools =
    "# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are "
    "provided with function signatures within <tools></tools> XML tags:\n<tools>\n"
    "{\"type\": \"function\", \"function\": {\"name\": \"get_weather\", \"description\": \"Get "
    "the weather for a city\", \"parameters\": {\"type\": \"object\", \"properties\": "
    "{\"city\": {\"type\": \"string\"}}, \"required\": [\"city\"]}}}\n</tools>\n\n"
    "For each function call, return a json object with function name and arguments within "
    "<tool_call></tool_call> XML tags:\n<tool_call>\n{\"name\": <function-name>, "
    "\"arguments\": <args-json-object>}\n</tool_call><|im_end|>\n";

const std::string kQwenTurns =
    "<|im_start|>user\nWhat's the weather in Paris?<|im_end|>\n"
    "<|im_start|>assistant\nLet me check.\n<tool_call>\n{\"name\": \"get_weather\", "
    "\"arguments\": {\"city\": \"Paris\"}}\n</tool_call><|im_end|>\n"
    "<|im_start|>user\n<tool_response>\n18°C, \"sunny\"\n</tool_response><|im_end|>\n"
    "<|im_start|>assistant\nIt is 18°C and sunny in Paris.<|im_end|>\n"
    "<|im_start|>user\nAnd tomorrow?<|im_end|>\n"
    "<|im_start|>assistant\n";

const std::string kLlamaTool =
    "{\n    \"type\": \"function\",\n    \"function\": {\n        \"name\": \"get_weather\",\n"
    "        \"description\": \"Get the weather for a city\",\n        \"parameters\": {\n"
    "            \"type\": \"object\",\n            \"properties\": {\n"
    "                \"city\": {\n                    \"type\": \"string\"\n"
    "                }\n            },\n            \"required\": [\n"
    "                \"city\"\n            ]\n        }\n    }\n}";

int count(const std::vector<int32_t>& ids, int32_t id) {
    return static_cast<int>(std::count(ids.begin(), ids.end(), id));
}

}  // namespace

class TestChatFormat : public QObject {
    Q_OBJECT

    // The rendering's text is `expected`, and its tokens are the tokenizer's for that text
    // (special tokens as one id each): what the model's server would feed the model.
    static void expect_prompt(const pl::ojson& body, const pl::ChatFormat& f,
                              const pl::BpeTokenizer& tok, const std::string& expected,
                              const pl::ChatOptions& options = {}) {
        auto text = pl::render_chat_text(body, f, "request.json", options);
        QVERIFY2(text.ok(), text.ok() ? "" : text.error().message.c_str());
        QCOMPARE(text->text, expected);
        auto r = pl::render_chat(body, f, tok, "request.json", options);
        QVERIFY(r.ok());
        QCOMPARE(r->tokens, tok.encode(expected));
        // Segments cover the text in order, and each token lies in the segment it starts in.
        std::string joined;
        for (const auto& s : r->segments)
            joined += s.text;
        QCOMPARE(joined, expected);
        QCOMPARE(r->token_segment.size(), r->tokens.size());
        for (size_t t = 0; t < r->tokens.size(); ++t) {
            const auto& seg = r->segments[static_cast<size_t>(r->token_segment[t])];
            QVERIFY(seg.token_begin <= static_cast<int>(t) && static_cast<int>(t) < seg.token_end);
            QVERIFY(r->token_offset[t] >= 0 &&
                    static_cast<size_t>(r->token_offset[t]) < seg.text.size());
        }
    }

  private slots:
    void recognises() {
        const pl::ChatFormat qwen25 = format("qwen2.5");
        QCOMPARE(qwen25.family, pl::ChatFamily::ChatML);
        QVERIFY(qwen25.tools);
        QCOMPARE(
            qwen25.default_system,
            std::string("You are Qwen, created by Alibaba Cloud. You are a helpful assistant."));
        const pl::ChatFormat qwen3 = format("qwen3");
        QVERIFY(qwen3.tools && qwen3.think_tags);
        QCOMPARE(qwen3.default_system, std::string());
        const pl::ChatFormat smol = format("smollm2");
        QVERIFY(!smol.tools);
        QCOMPARE(
            smol.default_system,
            std::string("You are a helpful AI assistant named SmolLM, trained by Hugging Face"));
        const pl::ChatFormat llama31 = format("llama3.1");
        QCOMPARE(llama31.family, pl::ChatFamily::Llama3);
        QVERIFY(llama31.tools && llama31.dated_prelude && !llama31.date_from_clock);
        QCOMPARE(llama31.bos, std::string("<|begin_of_text|>"));
        QCOMPARE(llama31.knowledge_date, std::string("December 2023"));
        QCOMPARE(llama31.default_date, std::string("26 Jul 2024"));
        QVERIFY(format("llama3.2").date_from_clock);
        const pl::ChatFormat llama3 = format("llama3");
        QVERIFY(!llama3.tools && !llama3.dated_prelude);
        QCOMPARE(llama3.bos, std::string("<|begin_of_text|>"));
    }

    void refuses() {
        const auto mistral = data() / "chat_templates" / "mistral" / "tokenizer_config.json";
        auto f = pl::read_chat_format(mistral);
        QVERIFY(!f.ok());
        QVERIFY2(f.error().message.starts_with(mistral.string() + ": /chat_template: "),
                 f.error().message.c_str());
        auto none = pl::recognise_chat_template("", "", "tokenizer_config.json");
        QVERIFY(!none.ok());
        // SmolLM2's template has no place for tools: refused, naming the config and the field.
        auto r = pl::render_chat_text(weather_request(), format("smollm2"), "request.json");
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.find("tokenizer_config.json: /chat_template: has no place "
                                        "for tools") != std::string::npos,
                 r.error().message.c_str());
        QVERIFY(r.error().message.find('\n') == std::string::npos);
        // Two tool calls in one Llama 3 turn: the template raises; so do we, naming the call.
        auto body = weather_request();
        body["messages"][1]["content"].push_back(body["messages"][1]["content"][1]);
        auto two = pl::render_chat_text(body, format("llama3.1"), "request.json");
        QVERIFY(!two.ok());
        QVERIFY2(two.error().message.starts_with("request.json: /messages/1/content/2: "),
                 two.error().message.c_str());
        // A block the format has no place for.
        body = weather_request();
        body["messages"][0]["content"] = pl::ojson::parse(R"([{"type": "image", "source": {}}])");
        auto image = pl::render_chat_text(body, format("qwen2.5"), "request.json");
        QVERIFY(!image.ok());
        QVERIFY2(image.error().message.starts_with("request.json: /messages/0/content/0: "),
                 image.error().message.c_str());
    }

    // A model folder: its tokenizer_config.json decides; without one, PrefixLens's own template.
    void folder() {
        auto none = pl::chat_format_of_folder(data() / "hf_tokenizers" / "qwen2");
        QVERIFY(none.ok() && !none->has_value());
        auto qwen = pl::chat_format_of_folder(data() / "chat_templates" / "qwen2.5");
        QVERIFY(qwen.ok() && qwen->has_value() && (*qwen)->tools);
        auto mistral = pl::chat_format_of_folder(data() / "chat_templates" / "mistral");
        QVERIFY(!mistral.ok());
        QVERIFY2(mistral.error().message.find("tokenizer_config.json: /chat_template: ") !=
                     std::string::npos,
                 mistral.error().message.c_str());
    }

    void qwen25WithTools() {
        const pl::BpeTokenizer tok = tokenizer("qwen2");
        const std::string expected =
            "<|im_start|>system\nYou are a weather bot.\n\n" + kQwenTools + kQwenTurns;
        expect_prompt(weather_request(), format("qwen2.5"), tok, expected);
        // Without a system prompt the template's default takes its place.
        expect_prompt(weather_request(false), format("qwen2.5"), tok,
                      "<|im_start|>system\nYou are Qwen, created by Alibaba Cloud. You are a "
                      "helpful assistant.\n\n" +
                          kQwenTools + kQwenTurns);
        auto r = pl::render_chat(weather_request(), format("qwen2.5"), tok, "request.json");
        QVERIFY(r.ok());
        const int32_t im_start = *tok.token_id("<|im_start|>");
        const int32_t im_end = *tok.token_id("<|im_end|>");
        QCOMPARE(count(r->tokens, im_start), 7);
        QCOMPARE(count(r->tokens, im_end), 6);
        // Two in the instructions after the tools, one in the assistant's call.
        QCOMPARE(count(r->tokens, *tok.token_id("<tool_call>")), 3);
        QCOMPARE(r->tokens.front(), im_start);
        // The tool's JSON is its own part of the request, and the breakpoint ends right after
        // the marked text's tokens.
        bool tool_seen = false;
        for (const auto& s : r->segments) {
            if (s.pointer == "/tools/0") {
                tool_seen = true;
                QCOMPARE(s.kind, pl::PartKind::Tool);
                QVERIFY(s.text.starts_with("{\"type\": \"function\""));
            }
        }
        QVERIFY(tool_seen);
        QCOMPARE(r->breakpoints.size(), size_t(1));
        const auto& marked = r->segments[static_cast<size_t>(
            r->token_segment[static_cast<size_t>(r->breakpoints[0]) - 1])];
        QCOMPARE(marked.pointer, std::string("/messages/4/content/0/text"));
    }

    void qwen3() {
        const pl::BpeTokenizer tok = tokenizer("qwen2");
        // No default system prompt: the tools open the system turn.
        expect_prompt(weather_request(false), format("qwen3"), tok,
                      "<|im_start|>system\n" + kQwenTools + kQwenTurns);
        // An assistant turn after the last query, last in the request, gets empty <think> tags.
        auto body = pl::ojson::parse(R"({"messages": [
            {"role": "user", "content": "Hi"},
            {"role": "assistant", "content": "Hello!"},
            {"role": "user", "content": "Count to 3."},
            {"role": "assistant", "content": "\n1, 2"}]})");
        expect_prompt(body, format("qwen3"), tok,
                      "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\nHello!<|im_end|>\n"
                      "<|im_start|>user\nCount to 3.<|im_end|>\n"
                      "<|im_start|>assistant\n<think>\n\n</think>\n\n1, 2<|im_end|>\n"
                      "<|im_start|>assistant\n");
        // A text of newlines before a call loses them, but the call still gets the newline a
        // text gives it.
        body = weather_request(false);
        body["messages"] = pl::ojson::parse(R"([
            {"role": "user", "content": "Paris?"},
            {"role": "assistant", "content": [
              {"type": "text", "text": "\n"},
              {"type": "tool_use", "id": "t1", "name": "get_weather", "input": {"city": "Paris"}}]}])");
        expect_prompt(
            body, format("qwen3"), tok,
            "<|im_start|>system\n" + kQwenTools +
                "<|im_start|>user\nParis?<|im_end|>\n<|im_start|>assistant\n<think>\n\n"
                "</think>\n\n\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": "
                "{\"city\": \"Paris\"}}\n</tool_call><|im_end|>\n<|im_start|>assistant\n");
    }

    // Qwen3 drops the reasoning of assistant turns before the last query: a conversation's
    // next request does not start with the text the previous one was served with.
    void qwen3Reasoning() {
        const pl::BpeTokenizer tok = tokenizer("qwen2");
        auto body = pl::ojson::parse(R"({"messages": [
            {"role": "user", "content": "Hi"},
            {"role": "assistant", "content": "<think>\nGreet back.\n</think>\n\nHello!"},
            {"role": "user", "content": "Weather?"},
            {"role": "assistant", "content": "<think>\nNeed a tool.\n</think>\n\nChecking."},
            {"role": "user", "content": [{"type": "text", "text": "Thanks"}]},
            {"role": "assistant", "content": "<think>\nSay bye.\n</think>\n\nBye"}]})");
        expect_prompt(body, format("qwen3"), tok,
                      "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\nHello!<|im_end|>\n"
                      "<|im_start|>user\nWeather?<|im_end|>\n"
                      "<|im_start|>assistant\nChecking.<|im_end|>\n"
                      "<|im_start|>user\nThanks<|im_end|>\n"
                      "<|im_start|>assistant\n<think>\nSay bye.\n</think>\n\nBye<|im_end|>\n"
                      "<|im_start|>assistant\n");
        // A tool result sent back as user text in <tool_response> tags is no query: the
        // reasoning of the call before it stays.
        body = pl::ojson::parse(R"({"messages": [
            {"role": "user", "content": "17 * 23?"},
            {"role": "assistant", "content": "<think>\nUse calc.\n</think>\n\n<tool_call>x</tool_call>"},
            {"role": "user", "content": "<tool_response>\n391\n</tool_response>"}]})");
        expect_prompt(body, format("qwen3"), tok,
                      "<|im_start|>user\n17 * 23?<|im_end|>\n<|im_start|>assistant\n<think>\nUse "
                      "calc.\n</think>\n\n<tool_call>x</tool_call><|im_end|>\n<|im_start|>user\n"
                      "<tool_response>\n391\n</tool_response><|im_end|>\n<|im_start|>assistant\n");
    }

    void smollm2() {
        const pl::BpeTokenizer tok = tokenizer("smollm2");
        auto body = pl::ojson::parse(R"({"messages": [
            {"role": "user", "content": "Hi"},
            {"role": "assistant", "content": "Hello! How can I help?"},
            {"role": "user", "content": [{"type": "text", "text": "What is 12+30?"},
                                         {"type": "text", "text": " Be brief."}]}]})");
        expect_prompt(body, format("smollm2"), tok,
                      "<|im_start|>system\nYou are a helpful AI assistant named SmolLM, trained "
                      "by Hugging Face<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n"
                      "<|im_start|>assistant\nHello! How can I help?<|im_end|>\n"
                      "<|im_start|>user\nWhat is 12+30? Be brief.<|im_end|>\n"
                      "<|im_start|>assistant\n");
        // A system prompt of no blocks is a system turn, empty, and takes the default's place.
        body["system"] = pl::ojson::array();
        expect_prompt(body, format("smollm2"), tok,
                      "<|im_start|>system\n<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n"
                      "<|im_start|>assistant\nHello! How can I help?<|im_end|>\n"
                      "<|im_start|>user\nWhat is 12+30? Be brief.<|im_end|>\n"
                      "<|im_start|>assistant\n");
    }

    void llama31WithTools() {
        const pl::BpeTokenizer tok = tokenizer("llama3");
        const std::string turns =
            "<|start_header_id|>assistant<|end_header_id|>\n\n{\"name\": \"get_weather\", "
            "\"parameters\": {\"city\": \"Paris\"}}<|eot_id|>"
            "<|start_header_id|>ipython<|end_header_id|>\n\n\"18°C, \\\"sunny\\\"\"<|eot_id|>"
            "<|start_header_id|>assistant<|end_header_id|>\n\nIt is 18°C and sunny in "
            "Paris.<|eot_id|>"
            "<|start_header_id|>user<|end_header_id|>\n\nAnd tomorrow?<|eot_id|>"
            "<|start_header_id|>assistant<|end_header_id|>\n\n";
        const std::string first_user =
            "<|start_header_id|>user<|end_header_id|>\n\nGiven the following functions, please "
            "respond with a JSON for a function call with its proper arguments that best answers "
            "the given prompt.\n\nRespond in the format {\"name\": function name, \"parameters\": "
            "dictionary of argument name and its value}.Do not use variables.\n\n" +
            kLlamaTool + "\n\nWhat's the weather in Paris?<|eot_id|>";
        auto body = weather_request();
        body["system"] = "  You are a weather bot.\n";  // the template trims it
        expect_prompt(body, format("llama3.1"), tok,
                      "<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\n"
                      "Environment: ipython\nCutting Knowledge Date: December 2023\n"
                      "Today Date: 26 Jul 2024\n\nYou are a weather bot.<|eot_id|>" +
                          first_user + turns);
        // A 3.2 server writes its own date: the caller passes it.
        pl::ChatOptions today;
        today.date_string = "04 Dec 2026";
        expect_prompt(weather_request(false), format("llama3.2"), tok,
                      "<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\n"
                      "Environment: ipython\nCutting Knowledge Date: December 2023\n"
                      "Today Date: 04 Dec 2026\n\n<|eot_id|>" +
                          first_user + turns,
                      today);
        auto r = pl::render_chat(weather_request(), format("llama3.1"), tok, "request.json");
        QVERIFY(r.ok());
        QCOMPARE(r->tokens.front(), *tok.token_id("<|begin_of_text|>"));
        QCOMPARE(count(r->tokens, *tok.token_id("<|start_header_id|>")), 7);
        QCOMPARE(count(r->tokens, *tok.token_id("<|eot_id|>")), 6);
    }

    void llama3Plain() {
        const pl::BpeTokenizer tok = tokenizer("llama3");
        auto body = pl::ojson::parse(R"({"system": "Be brief.", "messages": [
            {"role": "user", "content": "  Hi there \n"},
            {"role": "assistant", "content": "Hello."},
            {"role": "user", "content": "2024 or 2025?"}]})");
        expect_prompt(body, format("llama3"), tok,
                      "<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nBe "
                      "brief.<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nHi "
                      "there<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\nHello."
                      "<|eot_id|><|start_header_id|>user<|end_header_id|>\n\n2024 or "
                      "2025?<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n");
    }

    // Templates write JSON with Python's json.dumps: ", " and ": ", floats as Python prints them.
    void pythonJson() {
        const auto j = pl::ojson::parse(
            "{\"b\": [1, 2.5, 1e-05, 1e16, 3.0, -0.0001, 123456789012.25], \"a\": {}, \"c\": [], "
            "\"s\": \"\u00e9\\n\\\"\\\\\\u0001\", \"t\": true, \"n\": null}");
        QCOMPARE(pl::python_json(j),
                 std::string("{\"b\": [1, 2.5, 1e-05, 1e+16, 3.0, -0.0001, 123456789012.25], "
                             "\"a\": {}, \"c\": [], \"s\": \"é\\n\\\"\\\\\\u0001\", \"t\": true, "
                             "\"n\": null}"));
        QCOMPARE(pl::python_json(pl::ojson::parse(R"({"a": [1, {"b": 2}]})"), 2),
                 std::string("{\n  \"a\": [\n    1,\n    {\n      \"b\": 2\n    }\n  ]\n}"));
    }
};

QTEST_APPLESS_MAIN(TestChatFormat)
#include "test_chat_format.moc"
