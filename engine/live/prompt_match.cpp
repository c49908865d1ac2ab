#include "live/prompt_match.h"

#include <filesystem>

#include "core/json_util.h"
#include "prompt/renderer.h"
#include "runner/scenario.h"

namespace pl::live {

const char* hash_scheme_name(HashScheme scheme) {
    return scheme == HashScheme::SglangPage ? "sglang" : "vllm-sha256-cbor";
}

const char* part_phrase(const std::string& part) {
    if (part == "system")
        return "system prompt";
    if (part == "tools")
        return "tools";
    return "messages";
}

namespace {

// The part a token came from, as --json names it: the generation tag counts as messages.
std::string part_of(const RenderedPrompt& p, std::size_t token) {
    const auto seg = static_cast<std::size_t>(p.token_segment[token]);
    switch (p.segments[seg].kind) {
        case PartKind::Tool:
            return "tools";
        case PartKind::System:
            return "system";
        case PartKind::Message:
        case PartKind::Generation:
            break;
    }
    return "messages";
}

}  // namespace

PromptMatcher::PromptMatcher(const std::vector<RenderedPrompt>& prompts, int block_size,
                             const std::optional<std::string>& vllm_seed) {
    for (const HashScheme scheme : {HashScheme::SglangPage, HashScheme::VllmSha256Cbor}) {
        if (scheme == HashScheme::VllmSha256Cbor && !vllm_seed)
            continue;
        for (std::size_t r = 0; r < prompts.size(); ++r) {
            const auto& p = prompts[r];
            const auto digests =
                remote_block_hashes(scheme, p.tokens, block_size, vllm_seed.value_or(""));
            if (scheme == HashScheme::SglangPage)
                blocks_ += digests.size();
            for (std::size_t b = 0; b < digests.size(); ++b) {
                LocalBlock lb{static_cast<int>(r) + 1, static_cast<int>(b) + 1,
                              part_of(p, (b + 1) * static_cast<std::size_t>(block_size) - 1),
                              scheme};
                by_hash_.try_emplace(published_form(scheme, digests[b], true), lb);
                if (scheme == HashScheme::VllmSha256Cbor)
                    by_hash_.try_emplace(published_form(scheme, digests[b], false), lb);
            }
        }
    }
}

const LocalBlock* PromptMatcher::find(const RemoteHash& received) const {
    const auto it = by_hash_.find(received);
    return it == by_hash_.end() ? nullptr : &it->second;
}

Result<std::vector<RenderedPrompt>> load_match_prompts(const std::string& path_or_name,
                                                       const BpeTokenizer& tokenizer,
                                                       const std::optional<ChatFormat>& format,
                                                       const ChatOptions& options) {
    std::vector<RenderedPrompt> out;
    std::error_code ec;
    const bool is_file = std::filesystem::is_regular_file(path_or_name, ec);
    std::vector<std::pair<ojson, std::string>> bodies;  // body, where
    if (is_file) {
        auto text = read_text_file(path_or_name);
        if (!text)
            return text.error();
        auto j = parse_json(*text, path_or_name);
        if (!j)
            return j.error();
        if (!j->is_object())
            return make_error(path_or_name +
                              ": expected a scenario (an object with \"requests\") or an "
                              "Anthropic request body (an object with \"messages\")");
        if (!j->contains("requests")) {
            if (!j->contains("messages"))
                return make_error(path_or_name +
                                  ": neither a scenario (no \"requests\") nor an Anthropic request "
                                  "body (no \"messages\")");
            bodies.emplace_back(std::move(*j), path_or_name);
        }
    }
    if (bodies.empty()) {
        auto sc = load_scenario(path_or_name);
        if (!sc)
            return sc.error();
        for (auto& req : sc->requests)
            bodies.emplace_back(std::move(req.body), req.where);
    }
    for (const auto& [body, where] : bodies) {
        auto p = format ? render_chat(body, *format, tokenizer, where, options)
                        : render_prompt(body, tokenizer, where);
        if (!p)
            return p.error();
        out.push_back(std::move(*p));
    }
    if (out.empty())
        return make_error(path_or_name + ": no requests to match");
    return out;
}

}  // namespace pl::live
