#include "lint/linter.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <unordered_map>

#include "lint/cache_cost.h"
#include "lint/dynamic_values.h"
#include "lint/finding_tokens.h"
#include "lint/json_locator.h"
#include "lint/lint_renderer.h"
#include "lint/lint_report.h"
#include "lint/request_fixer.h"

namespace pl::lint {

namespace {

constexpr int kMaxLeafDepth = 64;
// Each request is compared with the one before it in the log, whatever its session: the
// provider's cache is shared by every request of the same key and model.
const char* const kLogKey = "";

std::string escape_pointer_token(const std::string& key) {
    std::string out;
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

// A string value the dynamic-value rules look at.
struct Leaf {
    std::string pointer;  // inside the body
    std::string text;
    bool in_tools = false;
};

void collect_strings(const ojson& j, const std::string& pointer, bool in_tools, int depth,
                     std::vector<Leaf>& out) {
    if (depth > kMaxLeafDepth)
        return;
    if (j.is_string()) {
        out.push_back({pointer, j.get<std::string>(), in_tools});
    } else if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (it.key() == "cache_control")
                continue;
            collect_strings(it.value(), pointer + "/" + escape_pointer_token(it.key()), in_tools,
                            depth + 1, out);
        }
    } else if (j.is_array()) {
        for (std::size_t i = 0; i < j.size(); ++i)
            collect_strings(j[i], pointer + "/" + std::to_string(i), in_tools, depth + 1, out);
    }
}

// Text composed by the client for each request: tools, system/developer text, and the user's
// messages before the final one. Assistant turns and tool results are recorded outputs that
// are resent verbatim, and the final user message is where dynamic text belongs.
std::vector<Leaf> checked_leaves(const ojson& body, const LintPrompt& p) {
    std::vector<Leaf> out;
    if (body.contains("tools") && body["tools"].is_array()) {
        const ojson& tools = body["tools"];
        for (std::size_t i = 0; i < tools.size(); ++i)
            collect_strings(tools[i], "/tools/" + std::to_string(i), true, 0, out);
    }
    auto text_content = [&](const ojson& c, const std::string& ptr) {
        if (c.is_string()) {
            out.push_back({ptr, c.get<std::string>(), false});
        } else if (c.is_array()) {
            for (std::size_t j = 0; j < c.size(); ++j) {
                const ojson& b = c[j];
                if (b.is_object() && b.contains("text") && b["text"].is_string())
                    out.push_back({ptr + "/" + std::to_string(j) + "/text",
                                   b["text"].get<std::string>(), false});
            }
        }
    };
    if (body.contains("system"))
        text_content(body["system"], "/system");
    if (body.contains("instructions") && body["instructions"].is_string())
        out.push_back({"/instructions", body["instructions"].get<std::string>(), false});
    const std::string& key = p.messages_key;
    if (!body.contains(key) || !body[key].is_array())
        return out;
    const ojson& msgs = body[key];
    for (std::size_t i = 0; i < msgs.size(); ++i) {
        if (p.tail_message >= 0 && static_cast<int>(i) >= p.tail_message)
            break;
        const ojson& m = msgs[i];
        if (!m.is_object() || !m.contains("role") || !m["role"].is_string() ||
            !m.contains("content"))
            continue;
        const std::string role = m["role"].get<std::string>();
        if (role == "user" || role == "system" || role == "developer")
            text_content(m["content"], "/" + key + "/" + std::to_string(i) + "/content");
    }
    return out;
}

ojson normalize_whitespace(const ojson& j) {
    if (j.is_string()) {
        std::string out;
        bool space = false;
        for (char c : j.get<std::string>()) {
            if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
                space = true;
                continue;
            }
            if (space && !out.empty())
                out += ' ';
            space = false;
            out += c;
        }
        return out;
    }
    if (j.is_object()) {
        ojson out = ojson::object();
        for (auto it = j.begin(); it != j.end(); ++it)
            out[it.key()] = normalize_whitespace(it.value());
        return out;
    }
    if (j.is_array()) {
        ojson out = ojson::array();
        for (const auto& v : j)
            out.push_back(normalize_whitespace(v));
        return out;
    }
    return j;
}

bool keys_sorted(const ojson& j, int depth = 0) {
    if (depth > kMaxLeafDepth)
        return true;
    if (j.is_object()) {
        const std::string* last = nullptr;
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (last && !(*last < it.key()))
                return false;
            last = &it.key();
            if (!keys_sorted(it.value(), depth + 1))
                return false;
        }
    } else if (j.is_array()) {
        for (const auto& v : j) {
            if (!keys_sorted(v, depth + 1))
                return false;
        }
    }
    return true;
}

// What fix_request would leave as it is: tools sorted by name, keys in canonical order, at most
// one breakpoint, on the last tool.
bool tools_in_canonical_form(const ojson& tools) {
    if (!tools.is_array())
        return true;
    std::string prev;
    for (std::size_t i = 0; i < tools.size(); ++i) {
        const std::string name = tool_name(tools[i]);
        if (i > 0 && name < prev)
            return false;
        prev = name;
        if (!keys_sorted(tools[i]))
            return false;
        if (i + 1 < tools.size() && tools[i].is_object() && tools[i].contains("cache_control"))
            return false;
    }
    return true;
}

struct PendingDynamic {
    Finding finding;
    std::string pointer;  // inside the body
    std::string value;
    bool confident = false;  // reported even when no neighbour confirms it
};

struct SessionState {
    LintPrompt prompt;
    ojson params;
    ojson tools;
    ojson schemas;
    std::unordered_map<std::string, std::string> leaves;
    std::optional<double> at_s;
    int index = 0;
    std::vector<PendingDynamic> pending;
};

ojson params_of(const ojson& body) {
    ojson p = ojson::object();
    for (const char* k : {"model", "tool_choice", "thinking"}) {
        if (body.contains(k))
            p[k] = body[k];
    }
    return p;
}

ojson schemas_of(const ojson& body) {
    ojson s = ojson::object();
    if (body.contains("response_format"))
        s["/response_format"] = body["response_format"];
    if (body.contains("text") && body["text"].is_object() && body["text"].contains("format"))
        s["/text/format"] = body["text"]["format"];
    return s;
}

int last_valid_breakpoint(const LintPrompt& p, int min_tokens, double* ttl = nullptr) {
    int last = 0;
    for (const Breakpoint& bp : p.breakpoints) {
        if (bp.token >= min_tokens) {
            last = bp.token;
            if (ttl)
                *ttl = std::max(*ttl, bp.ttl_s);
        }
    }
    return last;
}

int token_at_byte(const LintPrompt& p, int segment, std::size_t byte) {
    const PromptSegment& s = p.rendered.segments[static_cast<std::size_t>(segment)];
    int t = s.token_begin;
    for (int k = s.token_begin; k < s.token_end; ++k) {
        if (static_cast<std::size_t>(p.rendered.token_offset[static_cast<std::size_t>(k)]) > byte)
            break;
        t = k;
    }
    return t;
}

int block_of_token(const LintPrompt& p, int token) {
    for (std::size_t b = 0; b < p.blocks.size(); ++b) {
        if (token < p.blocks[b].token_end ||
            (b + 1 < p.blocks.size() && token < p.blocks[b + 1].token_begin))
            return static_cast<int>(b);
    }
    return p.blocks.empty() ? 0 : static_cast<int>(p.blocks.size()) - 1;
}

}  // namespace

struct Linter::Impl {
    const BpeTokenizer& tok;
    const LintTables& tables;
    LintOptions opts;
    SegmentTokenCache cache;
    SegmentTokenCache fix_cache;
    DynamicValueDetector detector;
    std::unordered_map<std::string, std::vector<DynamicSpan>> spans_cur, spans_prev;
    std::optional<Provider> provider;
    std::unordered_map<std::string, SessionState> sessions;
    std::vector<Finding> findings;
    std::unordered_map<std::string, std::size_t> dedupe;
    std::set<std::string> sticky_moves;
    std::unique_ptr<CacheCostModel> sim, sim_fixed;
    std::string first_model;
    LintSummary summary;
    const ojson* input_body = nullptr;  // the request being added (valid until the next add)
    std::optional<ojson> fixed_body;    // its rewrite, when it needs one
    // A single request is costed as `repeat` sends; these keep what that needs.
    std::optional<LintPrompt> first_prompt, first_fixed;
    int first_dynamic_token = std::numeric_limits<int>::max();
    int first_min_tokens = 1024;
    bool tools_unsorted_note = false;

    Impl(const BpeTokenizer& t, const LintTables& tb, LintOptions o)
        : tok(t), tables(tb), opts(o), cache(t), fix_cache(t) {}

    const std::vector<DynamicSpan>& spans_of(const std::string& text) {
        if (auto it = spans_cur.find(text); it != spans_cur.end())
            return it->second;
        if (auto it = spans_prev.find(text); it != spans_prev.end()) {
            auto node = spans_prev.extract(it);
            return spans_cur.insert(std::move(node)).position->second;
        }
        return spans_cur.emplace(text, detector.find(text)).first->second;
    }

    Finding make(const RequestInput& in, const std::string& rule, const std::string& abs_pointer,
                 std::size_t begin, std::size_t end, const std::string& message) {
        Finding f;
        f.rule = rule;
        const RuleInfo* info = find_rule(rule);
        f.severity = info ? info->severity : Severity::Warning;
        f.message = message;
        f.file = in.file;
        f.pointer = abs_pointer;
        f.request = summary.requests;
        const TextPosition pos = locate(in.text, abs_pointer, begin, end, in.first_line);
        f.line = pos.line;
        f.column = pos.column;
        f.excerpt = pos.excerpt;
        f.excerpt_column = pos.excerpt_column;
        f.underline = pos.underline;
        return f;
    }

    // Adds a finding; with `dedupe_key` (and merge_repeats), a repeat of the same finding only
    // counts requests.
    void emit(Finding f, const std::string& dedupe_key = "") {
        if (!dedupe_key.empty() && opts.merge_repeats) {
            if (auto it = dedupe.find(dedupe_key); it != dedupe.end()) {
                Finding& first = findings[it->second];
                first.details["requests"] = first.details.value("requests", 1) + 1;
                return;
            }
            dedupe.emplace(dedupe_key, findings.size());
        }
        findings.push_back(std::move(f));
    }

    // One finding per place and kind across a log; later requests only add to its count.
    void confirm_dynamic(PendingDynamic p) {
        const std::string key =
            p.finding.rule + "\x1f" + p.pointer + "\x1f" + p.finding.details.value("kind", "");
        emit(std::move(p.finding), key);
    }

    Result<void> add(const RequestInput& in);
    LintReport finish();
};

Result<void> Linter::Impl::add(const RequestInput& in) {
    if (!provider)
        provider = opts.provider ? *opts.provider : detect_provider(in.body);
    auto rendered = render_for_lint(in.body, *provider, cache, "");
    cache.next_request();
    if (!rendered) {
        // "<pointer>: expected ...": place it in the file.
        const std::string& msg = rendered.error().message;
        const std::size_t colon = msg.find(": ");
        const std::string ptr = in.body_pointer + msg.substr(0, colon);
        const TextPosition pos = locate(in.text, ptr, std::string_view::npos, 0, in.first_line);
        return make_error(in.file + ":" + std::to_string(pos.line) + ":" +
                          std::to_string(pos.column) + ": " + (ptr.empty() ? "/" : ptr) + ": " +
                          (colon == std::string::npos ? msg : msg.substr(colon + 2)));
    }
    LintPrompt cur = std::move(rendered.value());
    const Provider prov = *provider;
    const std::string model = cur.model;
    if (first_model.empty())
        first_model = model;
    const int min_tokens = opts.min_tokens.value_or(tables.min_tokens(prov, model));
    const ProviderPrices& pp = tables.prices(prov);
    const int request_index = summary.requests;
    summary.prompt_tokens += cur.size();
    SessionState* prev = nullptr;
    if (auto it = sessions.find(kLogKey); it != sessions.end())
        prev = &it->second;

    // ---- dynamic values in the cacheable prefix ----
    auto automatic = [&](const LintPrompt& p) {
        return prov == Provider::OpenAI || (opts.automatic_caching && p.breakpoints.empty());
    };
    const int cacheable_end =
        automatic(cur) ? std::min(cur.tail_begin_token, cur.size()) : last_valid_breakpoint(cur, 0);
    std::unordered_map<std::string, int> segment_by_pointer;
    for (std::size_t s = 0; s < cur.rendered.segments.size(); ++s) {
        const std::string& p = cur.rendered.segments[s].pointer;
        if (!p.empty())
            segment_by_pointer.emplace(p, static_cast<int>(s));
    }
    std::vector<Leaf> leaves = checked_leaves(in.body, cur);
    std::unordered_map<std::string, std::string> leaf_texts;
    for (const Leaf& leaf : leaves)
        leaf_texts.emplace(leaf.pointer, leaf.text);
    // Pending values of the previous request: dynamic when this request differs there.
    if (prev) {
        for (PendingDynamic& pd : prev->pending) {
            auto it = leaf_texts.find(pd.pointer);
            if (it == leaf_texts.end() || it->second.find(pd.value) == std::string::npos)
                confirm_dynamic(std::move(pd));
        }
        prev->pending.clear();
    }

    std::vector<PendingDynamic> new_pending;
    std::vector<MoveSpan> moves;
    int first_dynamic = std::numeric_limits<int>::max();
    for (Leaf& leaf : leaves) {
        const auto& spans = spans_of(leaf.text);
        if (!spans.empty()) {
            // Which segment holds it: the string itself, or the JSON dump of a tool around it.
            int seg = -1;
            std::size_t base = 0;
            std::string p = leaf.pointer;
            while (true) {
                if (auto it = segment_by_pointer.find(p); it != segment_by_pointer.end()) {
                    seg = it->second;
                    break;
                }
                if (p.empty())
                    break;
                p = p.substr(0, p.rfind('/'));
            }
            if (seg >= 0 && p != leaf.pointer) {
                const std::string quoted = ojson(leaf.text).dump();
                const std::size_t at =
                    cur.rendered.segments[static_cast<std::size_t>(seg)].text.find(quoted);
                base = at == std::string::npos ? 0 : at + 1;
            }
            for (const DynamicSpan& span : spans) {
                const int token =
                    seg < 0 ? 0
                            : token_at_byte(cur, seg, base + (p == leaf.pointer ? span.begin : 0));
                if (token >= cacheable_end)
                    continue;
                const std::string value = leaf.text.substr(span.begin, span.end - span.begin);
                bool changed_vs_prev = false, known = false;
                if (prev) {
                    if (auto it = prev->leaves.find(leaf.pointer); it != prev->leaves.end()) {
                        known = true;
                        changed_vs_prev = it->second.find(value) == std::string::npos;
                    }
                }
                const bool sticky = sticky_moves.count(leaf.pointer) > 0;
                if (known && !changed_vs_prev && !sticky)
                    continue;  // stable across the log: a static document's own date
                if (sticky || changed_vs_prev || span.confident)
                    moves.push_back({leaf.pointer, span.begin, span.end});
                if (known && !changed_vs_prev)
                    continue;
                if (changed_vs_prev || span.confident)
                    first_dynamic = std::min(first_dynamic, token);
                int blocks_after = 0;
                for (const ContentBlock& b : cur.blocks) {
                    if (b.token_end > token && b.token_begin < cacheable_end)
                        ++blocks_after;
                }
                const long long tokens_after = cacheable_end - token;
                const std::string rule = leaf.in_tools ? "dynamic-tools" : "dynamic-prefix";
                std::string msg =
                    std::string(leaf.in_tools ? "tool definition" : "cached prefix") +
                    " contains a " + span.kind + " value '" + value +
                    "' that changes per request: the ~" + with_commas(tokens_after) +
                    " tokens (estimated) in " + std::to_string(blocks_after) + " block" +
                    (blocks_after == 1 ? "" : "s") + " from here to the " +
                    (prov == Provider::Anthropic ? "last cache breakpoint" : "final user message") +
                    " can never be reused";
                Finding f =
                    make(in, rule, in.body_pointer + leaf.pointer, span.begin, span.end, msg);
                f.fix = "move it into the final user message (prefixlens lint --fix)";
                f.details = {{"kind", span.kind},
                             {"value", value},
                             {"token_offset", token},
                             {"tokens_never_reused", tokens_after},
                             {"blocks_never_reused", blocks_after}};
                PendingDynamic pd{std::move(f), leaf.pointer, value, span.confident};
                if (changed_vs_prev)
                    confirm_dynamic(std::move(pd));
                else
                    new_pending.push_back(std::move(pd));
            }
        }
    }
    for (const MoveSpan& m : moves)
        sticky_moves.insert(m.pointer);

    // ---- breakpoints ----
    if (prov == Provider::Anthropic) {
        if (cur.breakpoints.size() > 4) {
            const Breakpoint& bp = cur.breakpoints[4];
            Finding f = make(in, "too-many-breakpoints", in.body_pointer + bp.pointer,
                             std::string_view::npos, 0,
                             std::to_string(cur.breakpoints.size()) +
                                 " cache_control breakpoints; the API accepts at most 4 and "
                                 "rejects this request");
            f.fix = "keep at most 4: one at the end of each part that changes at its own rate";
            f.details = {{"breakpoints", cur.breakpoints.size()}};
            emit(std::move(f), "too-many-breakpoints\x1f" + bp.pointer);
        }
        for (const Breakpoint& bp : cur.breakpoints) {
            if (bp.token >= min_tokens)
                continue;
            Finding f = make(
                in, "below-min-cacheable", in.body_pointer + bp.pointer, std::string_view::npos, 0,
                "the prefix up to this breakpoint is ~" + with_commas(bp.token) +
                    " tokens (estimated), below the minimum of " + with_commas(min_tokens) +
                    " for " + (model.empty() ? std::string("this model") : model) +
                    ": it is silently not cached");
            f.fix = "move the breakpoint after more stable content, or drop it";
            f.details = {{"prefix_tokens", bp.token}, {"min_tokens", min_tokens}};
            emit(std::move(f), "below-min-cacheable\x1f" + bp.pointer);
        }
        for (std::size_t k = 1; k < cur.breakpoints.size(); ++k) {
            const Breakpoint& a = cur.breakpoints[k - 1];
            const Breakpoint& b = cur.breakpoints[k];
            const int gap = b.block - a.block;
            if (gap <= CacheCostModel::kLookbackBlocks)
                continue;
            Finding f = make(in, "breakpoint-lookback", in.body_pointer + b.pointer,
                             std::string_view::npos, 0,
                             "this breakpoint is " + std::to_string(gap) +
                                 " blocks after the previous one (block " +
                                 std::to_string(a.block) + "); the API looks back only " +
                                 std::to_string(CacheCostModel::kLookbackBlocks) +
                                 " blocks, so a change between them misses every earlier entry");
            f.fix = "add a breakpoint within 20 blocks of the previous one";
            f.details = {{"gap_blocks", gap},
                         {"previous_block", a.block},
                         {"block", b.block},
                         {"single_request", true}};
            emit(std::move(f), "breakpoint-lookback\x1f" + b.pointer);
        }
    }

    // ---- tools in a stable order ----
    const ojson tools =
        in.body.contains("tools") && in.body["tools"].is_array() ? in.body["tools"] : ojson();
    if (request_index == 0 && tools.is_array() && tools.size() > 1) {
        std::vector<std::string> names;
        for (const auto& t : tools)
            names.push_back(tool_name(t));
        if (!std::is_sorted(names.begin(), names.end())) {
            Finding f = make(in, "unstable-serialization", in.body_pointer + "/tools",
                             std::string_view::npos, 0,
                             "tools are not in a stable (sorted) order; if they are built from a "
                             "map or set, their order can change between requests and void the "
                             "whole cache");
            f.severity = Severity::Note;
            f.fix = "sort tools by name (prefixlens lint --fix)";
            f.details = {{"single_request", true}};
            tools_unsorted_note = true;
            emit(std::move(f));
        }
    }

    // ---- sequence rules: this request against the previous one ----
    if (prev) {
        const LintPrompt& pp_prompt = prev->prompt;
        const auto& a = pp_prompt.rendered.tokens;
        const auto& b = cur.rendered.tokens;
        int n = 0;
        const int m = static_cast<int>(std::min(a.size(), b.size()));
        while (n < m && a[static_cast<std::size_t>(n)] == b[static_cast<std::size_t>(n)])
            ++n;

        // Serialization of equal tools and schemas.
        if (tools.is_array() && prev->tools.is_array()) {
            std::vector<std::string> now, before;
            std::map<std::string, std::size_t> before_index;
            for (std::size_t i = 0; i < prev->tools.size(); ++i) {
                before.push_back(tool_name(prev->tools[i]));
                before_index.emplace(before.back(), i);
            }
            for (const auto& t : tools)
                now.push_back(tool_name(t));
            auto sorted_now = now, sorted_before = before;
            std::sort(sorted_now.begin(), sorted_now.end());
            std::sort(sorted_before.begin(), sorted_before.end());
            if (now != before && sorted_now == sorted_before) {
                Finding f = make(in, "unstable-serialization", in.body_pointer + "/tools",
                                 std::string_view::npos, 0,
                                 "the same tools come in a different order than in the previous "
                                 "request; every token from the first tool on is new");
                f.fix = "sort tools by name (prefixlens lint --fix)";
                emit(std::move(f), "unstable-serialization\x1f/tools-order");
            }
            for (std::size_t i = 0; i < tools.size(); ++i) {
                auto it = before_index.find(now[i]);
                if (it == before_index.end())
                    continue;
                const ojson& old = prev->tools[it->second];
                if (old.dump() == tools[i].dump())
                    continue;
                const bool same_keys_sorted =
                    canonical_keys(old).dump() == canonical_keys(tools[i]).dump();
                const bool same_but_space = normalize_whitespace(canonical_keys(old)).dump() ==
                                            normalize_whitespace(canonical_keys(tools[i])).dump();
                if (!same_keys_sorted && !same_but_space)
                    continue;
                const std::string ptr = "/tools/" + std::to_string(i);
                Finding f = make(
                    in, "unstable-serialization", in.body_pointer + ptr, std::string_view::npos, 0,
                    "tool '" + now[i] + "' is the same as in the previous request but " +
                        (same_keys_sorted ? "its keys are in a different order"
                                          : "its whitespace differs") +
                        "; the cache sees a different tool");
                f.fix = "serialize tools with a canonical key order (prefixlens lint --fix)";
                emit(std::move(f), "unstable-serialization\x1f" + ptr);
            }
        }
        const ojson schemas = schemas_of(in.body);
        for (auto it = schemas.begin(); it != schemas.end(); ++it) {
            if (!prev->schemas.contains(it.key()))
                continue;
            const ojson& old = prev->schemas[it.key()];
            if (old.dump() != it.value().dump() &&
                canonical_keys(old).dump() == canonical_keys(it.value()).dump()) {
                Finding f = make(in, "unstable-serialization", in.body_pointer + it.key(),
                                 std::string_view::npos, 0,
                                 "this schema equals the previous request's but its keys are in "
                                 "a different order");
                f.fix = "serialize schemas with a canonical key order";
                emit(std::move(f), "unstable-serialization\x1f" + it.key());
            }
        }

        // What the previous request left in the cache for this one.
        double prev_ttl = 0;
        int prev_cached = 0;
        // With automatic caching, what matters is the part before the final user message: a
        // new question in place of the last one is the expected use of a shared prefix.
        if (prov == Provider::OpenAI)
            prev_cached = openai_cacheable(pp_prompt.tail_begin_token, pp.min_cached, pp.increment);
        else if (automatic(pp_prompt))
            prev_cached = pp_prompt.tail_begin_token;
        else
            prev_cached = last_valid_breakpoint(pp_prompt, min_tokens, &prev_ttl);
        if (prov == Provider::Anthropic && automatic(pp_prompt))
            prev_ttl = opts.automatic_ttl_s;
        if (prov == Provider::OpenAI) {
            prev_ttl = 300;
            if (in.body.contains("prompt_cache_retention") &&
                in.body["prompt_cache_retention"] == "24h")
                prev_ttl = 86400;
        }

        // Parameters that void the cache.
        const ojson params = params_of(in.body);
        int void_from = std::numeric_limits<int>::max();
        std::string void_param;
        for (const char* k : {"model", "tool_choice", "thinking"}) {
            const bool changed = params.contains(k) != prev->params.contains(k) ||
                                 (params.contains(k) && params[k] != prev->params[k]);
            if (!changed)
                continue;
            const std::string key = k;
            if (key != "model" && prov == Provider::OpenAI)
                continue;
            const int from = key == "model" ? 0 : cur.messages_begin_token;
            if (from < void_from) {
                void_from = from;
                void_param = key;
            }
        }
        const int effective = std::min(n, void_from);
        const int reusable = prov == Provider::Anthropic
                                 ? std::min(effective, prev_cached)
                                 : openai_cacheable(effective, pp.min_cached, pp.increment);
        const int lost = prev_cached - reusable;
        if (lost > 0 && (effective < prev_cached)) {
            std::string cause, part, ptr;
            std::size_t byte = std::string_view::npos;
            int char_offset = 0;
            if (void_from <= n && !void_param.empty()) {
                cause = "params-changed";
                part = "params";
                ptr = "/" + void_param;
            } else {
                const bool cur_has = n < cur.size();
                const LintPrompt& side = cur_has ? cur : pp_prompt;
                const int at = cur_has ? n : std::max(0, std::min(n, pp_prompt.size() - 1));
                const int seg_index = side.rendered.token_segment[static_cast<std::size_t>(at)];
                const PromptSegment& seg =
                    side.rendered.segments[static_cast<std::size_t>(seg_index)];
                part = part_kind_name(seg.kind);
                cause = seg.kind == PartKind::Tool     ? "tools-changed"
                        : seg.kind == PartKind::System ? "system-changed"
                                                       : "history-rewritten";
                if (cur_has && !seg.pointer.empty()) {
                    ptr = seg.pointer;
                    if (n < pp_prompt.size()) {
                        const int ps =
                            pp_prompt.rendered.token_segment[static_cast<std::size_t>(n)];
                        const PromptSegment& pseg =
                            pp_prompt.rendered.segments[static_cast<std::size_t>(ps)];
                        if (pseg.pointer == seg.pointer) {
                            std::size_t d = 0;
                            while (d < seg.text.size() && d < pseg.text.size() &&
                                   seg.text[d] == pseg.text[d])
                                ++d;
                            byte = d;
                        } else {
                            byte = static_cast<std::size_t>(
                                cur.rendered.token_offset[static_cast<std::size_t>(n)]);
                        }
                    } else {
                        byte = static_cast<std::size_t>(
                            cur.rendered.token_offset[static_cast<std::size_t>(n)]);
                    }
                    char_offset = static_cast<int>(utf8_chars(seg.text, byte));
                } else if (cur_has) {
                    ptr = cur.segment_container[static_cast<std::size_t>(seg_index)];
                } else {
                    ptr = "/" + cur.messages_key;
                }
            }
            const int block = block_of_token(cur, std::min(effective, std::max(0, cur.size() - 1)));
            std::string msg = "prefix changed (" + cause + ") at " + (ptr.empty() ? "/" : ptr);
            if (byte != std::string_view::npos) {
                msg += ", character " + std::to_string(char_offset);
                const ojson::json_pointer jp(ptr);
                if (in.body.contains(jp) && !in.body[jp].is_string())
                    msg += " of its JSON";
            }
            msg += ", token " + std::to_string(effective) + ", block " + std::to_string(block) +
                   ": ~" + with_commas(lost) +
                   " tokens (estimated) the previous request cached cannot be reused";
            Finding f = make(in, "prefix-changed", in.body_pointer + ptr, byte,
                             byte == std::string_view::npos ? 0 : byte + 1, msg);
            f.fix = cause == "history-rewritten"
                        ? "append to the conversation instead of editing earlier turns"
                    : cause == "params-changed" ? "keep model, tool_choice and thinking fixed"
                                                : "keep tools and system constant across requests";
            f.details = {{"cause", cause},
                         {"part", part},
                         {"pointer", ptr},
                         {"char_offset", char_offset},
                         {"token_offset", effective},
                         {"block", block},
                         {"tokens_lost", lost},
                         {"previous_request", prev->index}};
            emit(std::move(f));
        }

        // The previous entry may be out of the lookback window of this request's breakpoints.
        if (prov == Provider::Anthropic && prev_cached > 0 && n >= prev_cached) {
            bool covered = false;
            int target_block = block_of_token(cur, std::max(0, prev_cached - 1));
            for (std::size_t j = 0; j < cur.blocks.size(); ++j) {
                if (cur.blocks[j].token_end == prev_cached)
                    target_block = static_cast<int>(j);
            }
            const Breakpoint* after = nullptr;
            for (const Breakpoint& bp : cur.breakpoints) {
                if (bp.token == prev_cached ||
                    (bp.token > prev_cached &&
                     bp.block - target_block <= CacheCostModel::kLookbackBlocks))
                    covered = true;
                if (bp.token > prev_cached && !after)
                    after = &bp;
            }
            if (!covered && after) {
                const int gap = after->block - target_block;
                Finding f =
                    make(in, "breakpoint-lookback", in.body_pointer + after->pointer,
                         std::string_view::npos, 0,
                         "the previous request cached ~" + with_commas(prev_cached) +
                             " tokens ending at block " + std::to_string(target_block) +
                             ", but this breakpoint is " + std::to_string(gap) +
                             " blocks later; the API looks back only 20 blocks, so it writes the "
                             "whole prefix again instead of reading it");
                f.fix =
                    "also mark the end of the previous turn, or keep breakpoints within 20 "
                    "blocks of each other";
                f.details = {{"gap_blocks", gap}, {"previous_cached_tokens", prev_cached}};
                emit(std::move(f));
            }
        }

        // Time between requests.
        if (in.at_s && prev->at_s && prev_cached > 0) {
            const double gap = *in.at_s - *prev->at_s;
            const int would_reuse = prov == Provider::Anthropic
                                        ? std::min(n, prev_cached)
                                        : openai_cacheable(n, pp.min_cached, pp.increment);
            if (gap > prev_ttl && would_reuse >= std::min(min_tokens, prev_cached) &&
                would_reuse > 0) {
                char buf[64];
                std::snprintf(buf, sizeof buf, "%.0f", gap);
                const std::string ttl_name = prev_ttl >= 86400  ? "24-hour"
                                             : prev_ttl >= 3600 ? "1-hour"
                                                                : "5-minute";
                Finding f =
                    make(in, "ttl-gap", in.at_pointer, std::string_view::npos, 0,
                         std::string(buf) +
                             " s since the previous request, longer than "
                             "the " +
                             ttl_name + " cache lifetime: the ~" + with_commas(would_reuse) +
                             " tokens (estimated) it cached have expired and are "
                             "written again");
                f.fix = prov == Provider::Anthropic
                            ? "use \"cache_control\": {\"type\": \"ephemeral\", \"ttl\": \"1h\"} "
                              "for sparse traffic"
                            : "use prompt_cache_retention \"24h\" where the model supports it";
                f.details = {{"gap_s", gap}, {"ttl_s", prev_ttl}, {"tokens_expired", would_reuse}};
                emit(std::move(f));
            }
        }
    }

    // ---- cost ----
    if (!sim) {
        const double ttl = prov == Provider::OpenAI && in.body.contains("prompt_cache_retention") &&
                                   in.body["prompt_cache_retention"] == "24h"
                               ? 86400
                               : 300;
        sim = std::make_unique<CacheCostModel>(prov, tables, min_tokens, ttl);
        sim_fixed = std::make_unique<CacheCostModel>(prov, tables, min_tokens, ttl);
        first_min_tokens = min_tokens;
    }
    const double at = in.at_s.value_or(0.0);
    // Most requests of a clean log need no rewrite: then the input stands for its fixed form.
    input_body = &in.body;
    fixed_body.reset();
    std::optional<LintPrompt> fixed;
    if (!moves.empty() || !tools_in_canonical_form(tools)) {
        fixed_body = fix_request(in.body, prov, moves);
        auto r = render_for_lint(*fixed_body, prov, fix_cache, "");
        fix_cache.next_request();
        if (r)
            fixed = std::move(r.value());
    }
    if (opts.estimate_cost) {
        sim->add(cur, model, at);
        sim_fixed->add(fixed ? *fixed : cur, model, at);
    }
    if (request_index == 0) {
        first_prompt = cur;
        first_fixed = fixed ? std::move(*fixed) : cur;
        first_dynamic_token = first_dynamic;
    } else {
        first_prompt.reset();
        first_fixed.reset();
    }

    // ---- this request's findings are all made: where they sit in its tokens ----
    place_in_prompt(findings, request_index, cur.rendered, in.body_pointer);
    for (PendingDynamic& pd : new_pending)
        place_in_prompt(pd.finding, cur.rendered, in.body_pointer);

    // ---- remember this request for the next one of its session ----
    SessionState& st = sessions[kLogKey];
    st.prompt = std::move(cur);
    st.params = params_of(in.body);
    st.tools = tools;
    st.schemas = schemas_of(in.body);
    st.leaves = std::move(leaf_texts);
    st.at_s = in.at_s;
    st.index = request_index;
    st.pending = std::move(new_pending);
    spans_prev = std::move(spans_cur);
    spans_cur.clear();
    ++summary.requests;
    return {};
}

LintReport Linter::Impl::finish() {
    for (auto& [name, st] : sessions) {
        for (PendingDynamic& pd : st.pending) {
            if (pd.confident)
                confirm_dynamic(std::move(pd));
        }
        st.pending.clear();
    }
    LintReport r;
    for (Finding& f : findings) {
        if (summary.requests > 1 && f.details.value("single_request", false))
            continue;  // in a log, order and lookback are judged between requests
        const int n = f.details.value("requests", 1);
        if (n > 1)
            f.message += " (in " + std::to_string(n) + " requests)";
        r.findings.push_back(std::move(f));
    }
    std::stable_sort(r.findings.begin(), r.findings.end(), [](const Finding& a, const Finding& b) {
        return a.line != b.line ? a.line < b.line : a.column < b.column;
    });
    for (const Finding& f : r.findings) {
        if (f.severity == Severity::Error)
            ++summary.errors;
        else if (f.severity == Severity::Warning)
            ++summary.warnings;
        else
            ++summary.notes;
    }
    summary.provider = provider.value_or(Provider::Anthropic);
    if (sim && opts.estimate_cost) {
        CostSummary& c = summary.cost;
        c.available = true;
        const Provider prov = summary.provider;
        c.model = tables.price(prov, first_model).name;
        c.price_source = tables.prices(prov).source;
        c.price_date = tables.as_of;
        if (summary.requests == 1 && first_prompt && opts.repeat > 1) {
            // One request sent `repeat` times: its dynamic values differ each time.
            CacheCostModel as_is(prov, tables, first_min_tokens, 300);
            CacheCostModel fixed(prov, tables, first_min_tokens, 300);
            for (int k = 0; k < opts.repeat; ++k) {
                as_is.add(*first_prompt, first_model, 0.0, static_cast<uint64_t>(k) + 1,
                          first_dynamic_token);
                fixed.add(*first_fixed, first_model, 0.0);
            }
            c.requests = opts.repeat;
            c.as_is = as_is.totals();
            c.with_fixes = fixed.totals();
            c.no_cache_usd = as_is.no_cache_usd();
        } else {
            c.requests = summary.requests;
            c.as_is = sim->totals();
            c.with_fixes = sim_fixed->totals();
            c.no_cache_usd = sim->no_cache_usd();
        }
    }
    r.summary = summary;
    return r;
}

Linter::Linter(const BpeTokenizer& tokenizer, const LintTables& tables, LintOptions options)
    : impl_(std::make_unique<Impl>(tokenizer, tables, options)) {}
Linter::~Linter() = default;

Result<void> Linter::add(const RequestInput& input) {
    try {
        return impl_->add(input);
    } catch (const std::exception& e) {
        impl_->input_body = &input.body;
        impl_->fixed_body.reset();
        return make_error(input.file + ":" + std::to_string(input.first_line) + ": " + e.what());
    }
}

void Linter::set_automatic_caching(bool on, double ttl_s) {
    impl_->opts.automatic_caching = on;
    impl_->opts.automatic_ttl_s = ttl_s;
}

void Linter::add_input_error(Finding finding) {
    ++impl_->summary.input_errors;
    impl_->findings.push_back(std::move(finding));
}

const ojson& Linter::last_fixed() const {
    static const ojson empty = ojson::object();
    if (impl_->fixed_body)
        return *impl_->fixed_body;
    return impl_->input_body ? *impl_->input_body : empty;
}

LintReport Linter::finish() {
    return impl_->finish();
}

Result<LintReport> lint_request(const RequestInput& input, const BpeTokenizer& tokenizer,
                                const LintTables& tables, const LintOptions& options) {
    Linter l(tokenizer, tables, options);
    PL_TRY(l.add(input));
    return l.finish();
}

LintReport lint_log(const std::vector<RequestInput>& inputs, const BpeTokenizer& tokenizer,
                    const LintTables& tables, const LintOptions& options) {
    Linter l(tokenizer, tables, options);
    for (const RequestInput& in : inputs) {
        if (auto r = l.add(in); !r) {
            Finding f;
            f.rule = "invalid-input";
            f.severity = Severity::Error;
            f.message = r.error().message;
            f.file = in.file;
            f.line = in.first_line;
            f.column = 1;
            f.pointer = in.body_pointer;
            l.add_input_error(std::move(f));
        }
    }
    return l.finish();
}

}  // namespace pl::lint
