#include "tokenizer/hf_pretokenizer.h"

#include <cstdint>

#include "tokenizer/nfc.h"
#include "tokenizer/pretokenizer.h"
#include "tokenizer/unicode_class.h"

namespace pl {
namespace {

constexpr std::string_view kGpt2Regex =
    R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";
constexpr std::string_view kLlama3Regex =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";
constexpr std::string_view kQwen2Regex =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";

// One character of the input: a valid UTF-8 sequence, or a single invalid byte (of class Other,
// so pieces always concatenate back to the text).
struct Unit {
    uint32_t offset;
    UnicodeClass cls;
    char32_t cp;  // 0xFFFFFFFF for an invalid byte
};

std::vector<Unit> units_of(std::string_view text) {
    std::vector<Unit> units;
    units.reserve(text.size());
    for (size_t i = 0; i < text.size();) {
        char32_t cp = 0;
        const size_t len = decode_utf8(text, i, &cp);
        if (len == 0) {
            units.push_back({static_cast<uint32_t>(i), UnicodeClass::Other, 0xFFFFFFFF});
            ++i;
        } else {
            units.push_back({static_cast<uint32_t>(i), unicode_class(cp), cp});
            i += len;
        }
    }
    return units;
}

bool is_cr_lf(const Unit& u) {
    return u.cp == U'\r' || u.cp == U'\n';
}

char32_t ascii_lower(char32_t c) {
    return c >= U'A' && c <= U'Z' ? c + 32 : c;
}

// Units of a case-insensitive contraction at i ('s 't 're 've 'm 'll 'd), or 0.
size_t contraction_units(const std::vector<Unit>& u, size_t i) {
    if (u[i].cp != U'\'' || i + 1 >= u.size())
        return 0;
    const char32_t a = ascii_lower(u[i + 1].cp);
    if (a == U's' || a == U't' || a == U'm' || a == U'd')
        return 2;
    if (i + 2 >= u.size())
        return 0;
    const char32_t b = ascii_lower(u[i + 2].cp);
    if ((a == U'r' || a == U'v') && b == U'e')
        return 3;
    if (a == U'l' && b == U'l')
        return 3;
    return 0;
}

// The end of the run of units from i on that satisfy pred.
template <class Pred>
size_t run_end(const std::vector<Unit>& u, size_t i, Pred pred) {
    while (i < u.size() && pred(u[i]))
        ++i;
    return i;
}

bool is_letter(const Unit& x) {
    return x.cls == UnicodeClass::Letter;
}
bool is_number(const Unit& x) {
    return x.cls == UnicodeClass::Number;
}
bool is_space(const Unit& x) {
    return x.cls == UnicodeClass::Space;
}
bool is_other(const Unit& x) {
    return x.cls == UnicodeClass::Other;
}

// The end (in units) of the pattern's first matching alternative at i; alternatives are tried
// in order and the first that matches wins, as in the regex engines the tokenizers use.
size_t llama3_match(const std::vector<Unit>& u, size_t i, int max_digits) {
    const size_t n = u.size();
    if (const size_t c = contraction_units(u, i); c > 0)
        return i + c;
    // [^\r\n\p{L}\p{N}]?\p{L}+
    if (is_letter(u[i]))
        return run_end(u, i, is_letter);
    if (!is_number(u[i]) && !is_cr_lf(u[i]) && i + 1 < n && is_letter(u[i + 1]))
        return run_end(u, i + 1, is_letter);
    // \p{N}{1,D}
    if (is_number(u[i])) {
        const size_t end = run_end(u, i, is_number);
        return std::min(end, i + static_cast<size_t>(max_digits));
    }
    // " ?[^\s\p{L}\p{N}]+[\r\n]*"
    const size_t first = (u[i].cp == U' ' && i + 1 < n && is_other(u[i + 1])) ? i + 1 : i;
    if (is_other(u[first])) {
        const size_t end = run_end(u, first, is_other);
        return run_end(u, end, is_cr_lf);
    }
    // Only whitespace is left. "\s*[\r\n]+": up to the run's last \r or \n.
    const size_t end = run_end(u, i, is_space);
    for (size_t k = end; k > i; --k) {
        if (is_cr_lf(u[k - 1]))
            return k;
    }
    // "\s+(?!\S)": the whole run at the end of the text, else all but its last character
    // (which goes with the word after it); a single one falls through to "\s+".
    if (end == n)
        return end;
    if (end - i >= 2)
        return end - 1;
    return end;
}

void split_digits(std::string_view text, DigitSplit mode, std::vector<std::string_view>& out) {
    const std::vector<Unit> u = units_of(text);
    const auto offset = [&](size_t k) { return k < u.size() ? u[k].offset : text.size(); };
    for (size_t i = 0; i < u.size();) {
        size_t end = 0;
        if (is_number(u[i]))
            end = mode == DigitSplit::Individual ? i + 1 : run_end(u, i, is_number);
        else
            end = run_end(u, i, [](const Unit& x) { return !is_number(x); });
        out.push_back(text.substr(offset(i), offset(end) - offset(i)));
        i = end;
    }
}

bool is_true(const ojson& j, const char* key, bool missing) {
    if (!j.contains(key) || j[key].is_null())
        return missing;
    return j[key].is_boolean() && j[key].get<bool>();
}

Result<void> check_byte_level(const ojson& bl, const std::string& file, const std::string& at,
                              bool use_regex) {
    if (!bl.is_object() || !bl.contains("type") || bl["type"] != "ByteLevel")
        return make_error(file + ": " + at + "/type: expected ByteLevel");
    if (is_true(bl, "add_prefix_space", false))
        return make_error(file + ": " + at +
                          "/add_prefix_space: is true; the families read (GPT-2, Llama 3, "
                          "Qwen, SmolLM2) add no prefix space");
    if (is_true(bl, "use_regex", true) != use_regex)
        return make_error(file + ": " + at + "/use_regex: expected " +
                          (use_regex ? "true" : "false") + " in this layout");
    return {};
}

std::string type_of(const ojson& j) {
    return j.is_object() && j.contains("type") ? j["type"].dump() : std::string("null");
}

}  // namespace

std::string_view split_pattern_regex(SplitPattern pattern) {
    switch (pattern) {
        case SplitPattern::Gpt2:
            return kGpt2Regex;
        case SplitPattern::Llama3:
            return kLlama3Regex;
        case SplitPattern::Qwen2:
            return kQwen2Regex;
    }
    return kGpt2Regex;
}

std::vector<std::string_view> llama3_pretokenize(std::string_view text, int max_digits) {
    const std::vector<Unit> u = units_of(text);
    const auto offset = [&](size_t k) { return k < u.size() ? u[k].offset : text.size(); };
    std::vector<std::string_view> pieces;
    for (size_t i = 0; i < u.size();) {
        const size_t end = llama3_match(u, i, max_digits);
        pieces.push_back(text.substr(offset(i), offset(end) - offset(i)));
        i = end;
    }
    return pieces;
}

SplitStep regex_split_step(std::shared_ptr<const Regex> regex) {
    SplitStep step;
    step.kind = SplitStep::Kind::Regex;
    step.regex = std::move(regex);
    return step;
}

namespace {

// One generic step over one piece: the pieces it cuts `text` into, in order, concatenating
// back to it.
void apply_step(const SplitStep& step, std::string_view text, std::vector<std::string_view>& out) {
    if (text.empty())
        return;
    if (step.kind == SplitStep::Kind::Digits) {
        split_digits(text, step.individual_digits ? DigitSplit::Individual : DigitSplit::Runs, out);
        return;
    }
    // Matches as [begin, end) byte ranges, left to right.
    std::vector<std::pair<std::size_t, std::size_t>> matches;
    if (step.kind == SplitStep::Kind::Literal) {
        for (std::size_t at = text.find(step.literal);
             at != std::string_view::npos && !step.literal.empty();
             at = text.find(step.literal, at + step.literal.size()))
            matches.emplace_back(at, at + step.literal.size());
    } else {
        for (auto it = step.regex->global_match(text); it.has_next();) {
            const RegexMatch m = it.next();
            if (m.captured_length() > 0)
                matches.emplace_back(m.captured_start(), m.captured_end());
        }
    }
    std::size_t done = 0;
    for (const auto& [b, e] : matches) {
        if (step.behavior == SplitStep::Behavior::MergedWithPrevious) {
            out.push_back(text.substr(done, e - done));  // the match ends the piece before it
        } else {
            if (b > done)
                out.push_back(text.substr(done, b - done));
            out.push_back(text.substr(b, e - b));
        }
        done = e;
    }
    if (done < text.size())
        out.push_back(text.substr(done));
}

}  // namespace

std::vector<std::string_view> pretokenize(const PreTokenizerSpec& spec, std::string_view text) {
    if (spec.generic()) {
        std::vector<std::string_view> pieces{text}, next;
        for (const SplitStep& step : spec.steps) {
            next.clear();
            for (const std::string_view piece : pieces)
                apply_step(step, piece, next);
            pieces.swap(next);
        }
        return pieces;
    }
    switch (spec.pattern) {
        case SplitPattern::Llama3:
            return llama3_pretokenize(text, 3);
        case SplitPattern::Qwen2:
            return llama3_pretokenize(text, 1);
        case SplitPattern::Gpt2:
            break;
    }
    if (spec.digits == DigitSplit::None)
        return gpt2_pretokenize(text);
    std::vector<std::string_view> parts;
    split_digits(text, spec.digits, parts);
    std::vector<std::string_view> pieces;
    for (const std::string_view part : parts) {
        for (const std::string_view piece : gpt2_pretokenize(part))
            pieces.push_back(piece);
    }
    return pieces;
}

// The families' own layouts, matched by hand (below).
Result<PreTokenizerSpec> read_families(const ojson& pre, const std::string& file);

namespace {

// A pre-tokenizer none of the hand-made paths covers, read step by step (see the header).
Result<PreTokenizerSpec> read_generic(const ojson& pre, const std::string& file) {
    PreTokenizerSpec spec;
    std::vector<std::pair<ojson, std::string>> steps;
    if (pre.is_object() && pre.contains("type") && pre["type"] == "Sequence") {
        if (!pre.contains("pretokenizers") || !pre["pretokenizers"].is_array())
            return make_error(file + ": /pre_tokenizer/pretokenizers: expected an array");
        const ojson& list = pre["pretokenizers"];
        for (std::size_t i = 0; i < list.size(); ++i)
            steps.emplace_back(list[i], "/pre_tokenizer/pretokenizers/" + std::to_string(i));
    } else {
        steps.emplace_back(pre, "/pre_tokenizer");
    }
    spec.byte_level = false;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const ojson& st = steps[i].first;
        const std::string& at = steps[i].second;
        const std::string type = type_of(st);
        if (type == "\"ByteLevel\"") {
            if (i + 1 != steps.size())
                return make_error(file + ": " + at + ": ByteLevel is read only as the last step");
            PL_TRY(check_byte_level(st, file, at, false));
            spec.byte_level = true;
            continue;
        }
        if (type == "\"Digits\"") {
            SplitStep d;
            d.kind = SplitStep::Kind::Digits;
            d.individual_digits = is_true(st, "individual_digits", false);
            spec.steps.push_back(std::move(d));
            continue;
        }
        if (type != "\"Split\"")
            return make_error(file + ": " + at + "/type: is " + quote(type) +
                              ": only Split, Digits and a final ByteLevel are read");
        const ojson& pattern = st.contains("pattern") ? st["pattern"] : ojson();
        SplitStep step;
        if (pattern.is_object() && pattern.contains("Regex") && pattern["Regex"].is_string()) {
            auto re = std::make_shared<Regex>(pattern["Regex"].get<std::string>());
            if (!re->valid())
                return make_error(file + ": " + at + "/pattern/Regex: does not compile (" +
                                  re->error() + ")");
            step.regex = std::move(re);
        } else if (pattern.is_object() && pattern.contains("String") &&
                   pattern["String"].is_string() && !pattern["String"].get<std::string>().empty()) {
            step.kind = SplitStep::Kind::Literal;
            step.literal = pattern["String"].get<std::string>();
        } else {
            return make_error(file + ": " + at +
                              "/pattern: expected {\"Regex\": ...} or {\"String\": ...}");
        }
        const std::string behavior = st.contains("behavior") && st["behavior"].is_string()
                                         ? st["behavior"].get<std::string>()
                                         : "";
        const bool invert = is_true(st, "invert", false);
        if (behavior == "Isolated" && !invert) {
            step.behavior = SplitStep::Behavior::Isolated;
        } else if (behavior == "Removed" && invert) {
            // The matches are kept and what lies between them dropped; the patterns that use it
            // (tiktoken's, converted) match every character, so nothing is dropped: as Isolated.
            step.behavior = SplitStep::Behavior::Isolated;
        } else if (behavior == "MergedWithPrevious" && !invert) {
            step.behavior = SplitStep::Behavior::MergedWithPrevious;
        } else {
            return make_error(
                file + ": " + at + "/behavior: " + quote(behavior) +
                (invert ? " with invert" : "") +
                " is not read (Isolated, MergedWithPrevious, or Removed with invert)");
        }
        spec.steps.push_back(std::move(step));
    }
    if (spec.steps.empty()) {
        // Nothing but ByteLevel without its regex: the text is one word. A step that never
        // matches keeps it so.
        SplitStep whole;
        whole.kind = SplitStep::Kind::Literal;
        whole.literal = std::string(1, '\0');
        spec.steps.push_back(std::move(whole));
    }
    return spec;
}

}  // namespace

Result<PreTokenizerSpec> read_pre_tokenizer(const ojson& pre, const std::string& file) {
    if (pre.is_null()) {
        // No pre-tokenizer: the whole text is one word (a SentencePiece-style BPE).
        PreTokenizerSpec spec;
        spec.byte_level = false;
        spec.words_end_at_spaces = false;
        SplitStep whole;
        whole.kind = SplitStep::Kind::Literal;
        whole.literal = std::string(1, '\0');
        spec.steps.push_back(std::move(whole));
        return spec;
    }
    auto hand = read_families(pre, file);
    if (hand)
        return hand;
    auto generic = read_generic(pre, file);
    if (generic)
        return generic;
    // Neither: the generic reader's message says what it could not read.
    return generic.error();
}

Result<PreTokenizerSpec> read_families(const ojson& pre, const std::string& file) {
    const std::string recognised =
        ": not a pre-tokenizer of the families read (ByteLevel as GPT-2; Split with Llama 3's "
        "or Qwen2's pattern, then ByteLevel; Digits, then ByteLevel as SmolLM2)";
    PreTokenizerSpec spec;
    if (!pre.is_object())
        return make_error(file + ": /pre_tokenizer: is " + quote(pre.dump()) + recognised);
    if (pre.contains("type") && pre["type"] == "ByteLevel") {
        PL_TRY(check_byte_level(pre, file, "/pre_tokenizer", true));
        return spec;
    }
    if (!pre.contains("type") || pre["type"] != "Sequence")
        return make_error(file + ": /pre_tokenizer/type: is " + quote(type_of(pre)) + recognised);
    const ojson& list = pre.contains("pretokenizers") ? pre["pretokenizers"] : ojson();
    if (!list.is_array() || list.size() != 2)
        return make_error(file + ": /pre_tokenizer/pretokenizers: expected two steps" + recognised);
    const ojson& first = list[0];
    const std::string at0 = "/pre_tokenizer/pretokenizers/0";
    const std::string at1 = "/pre_tokenizer/pretokenizers/1";
    if (first.is_object() && first.contains("type") && first["type"] == "Digits") {
        spec.digits =
            is_true(first, "individual_digits", false) ? DigitSplit::Individual : DigitSplit::Runs;
        PL_TRY(check_byte_level(list[1], file, at1, true));
        return spec;
    }
    if (!first.is_object() || !first.contains("type") || first["type"] != "Split")
        return make_error(file + ": " + at0 + "/type: is " + quote(type_of(first)) + recognised);
    const ojson& pattern = first.contains("pattern") ? first["pattern"] : ojson();
    if (!pattern.is_object() || !pattern.contains("Regex") || !pattern["Regex"].is_string())
        return make_error(file + ": " + at0 + "/pattern/Regex: missing" + recognised);
    const std::string& regex = pattern["Regex"].get_ref<const std::string&>();
    if (regex == kLlama3Regex)
        spec.pattern = SplitPattern::Llama3;
    else if (regex == kQwen2Regex)
        spec.pattern = SplitPattern::Qwen2;
    else if (regex == kGpt2Regex)
        spec.pattern = SplitPattern::Gpt2;
    else
        return make_error(file + ": " + at0 + "/pattern/Regex: " + quote(regex, 120) +
                          " is not Llama 3's, Qwen2's or GPT-2's pattern");
    if (!first.contains("behavior") || first["behavior"] != "Isolated")
        return make_error(file + ": " + at0 + "/behavior: expected \"Isolated\"");
    if (is_true(first, "invert", false))
        return make_error(file + ": " + at0 + "/invert: expected false");
    PL_TRY(check_byte_level(list[1], file, at1, false));
    return spec;
}

Result<NormalizerSpec> read_normalizer(const ojson& normalizer, const std::string& file) {
    NormalizerSpec spec;
    if (normalizer.is_null())
        return spec;
    std::vector<std::pair<const ojson*, std::string>> steps;
    if (normalizer.is_object() && normalizer.contains("type") && normalizer["type"] == "Sequence") {
        if (!normalizer.contains("normalizers") || !normalizer["normalizers"].is_array())
            return make_error(file + ": /normalizer/normalizers: expected an array");
        const ojson& list = normalizer["normalizers"];
        for (std::size_t i = 0; i < list.size(); ++i)
            steps.emplace_back(&list[i], "/normalizer/normalizers/" + std::to_string(i));
    } else {
        steps.emplace_back(&normalizer, "/normalizer");
    }
    for (const auto& [step, at] : steps) {
        const std::string type = type_of(*step);
        if (type == "\"NFC\"" && spec.replace.empty()) {
            spec.nfc = true;
            continue;
        }
        if (type == "\"Replace\"") {
            const ojson& pattern = step->contains("pattern") ? (*step)["pattern"] : ojson();
            if (pattern.is_object() && pattern.contains("String") &&
                pattern["String"].is_string() && !pattern["String"].get<std::string>().empty() &&
                step->contains("content") && (*step)["content"].is_string()) {
                spec.replace.emplace_back(pattern["String"].get<std::string>(),
                                          (*step)["content"].get<std::string>());
                continue;
            }
            return make_error(file + ": " + at +
                              "/pattern: only a Replace of a String is read, not a Regex");
        }
        return make_error(file + ": " + at + ": is " + quote(step->dump(), 120) +
                          "; read are none, NFC, Replace of a string, or a Sequence of those");
    }
    return spec;
}

std::string normalize(const NormalizerSpec& spec, std::string_view text) {
    std::string out = spec.nfc ? nfc_normalize(text) : std::string(text);
    for (const auto& [from, to] : spec.replace) {
        std::string next;
        next.reserve(out.size());
        std::size_t done = 0;
        for (std::size_t at = out.find(from); at != std::string::npos; at = out.find(from, done)) {
            next.append(out, done, at - done);
            next += to;
            done = at + from.size();
        }
        next.append(out, done, std::string::npos);
        out.swap(next);
    }
    return out;
}

}  // namespace pl
