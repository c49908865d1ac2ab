#include "count/token_counting.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>

#include "core/assets.h"
#include "prompt/framing.h"

namespace pl::count {

const char* method_name(Method m) {
    switch (m) {
        case Method::Exact:
            return "exact";
        case Method::Calibrated:
            return "calibrated";
        case Method::Estimate:
            break;
    }
    return "estimate";
}

std::string openai_encoding_for(const std::string& model) {
    std::string m = model;
    std::transform(m.begin(), m.end(), m.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (const auto slash = m.rfind('/'); slash != std::string::npos)
        m = m.substr(slash + 1);  // "openai/gpt-4" as a router names it
    const auto starts = [&](std::string_view p) { return m.rfind(p, 0) == 0; };
    const bool gpt4_family =
        starts("gpt-4") && !starts("gpt-4o") && !starts("gpt-4.1") && !starts("gpt-4.5");
    if (gpt4_family || starts("gpt-3.5") || starts("gpt-35") || starts("text-embedding-3") ||
        starts("text-embedding-ada-002"))
        return "cl100k_base";
    return "o200k_base";
}

std::string default_count_mode() {
    if (const char* env = std::getenv("PREFIXLENS_COUNT"); env && *env)
        return env;
    return "provider";
}

std::string default_served_tokenizer() {
    const char* env = std::getenv("PREFIXLENS_TOKENIZER");
    return env ? env : "";
}

std::filesystem::path tokenizers_dir() {
    if (const char* env = std::getenv("PREFIXLENS_TOKENIZERS"); env && *env)
        return env;
    const std::filesystem::path beside_assets = assets_dir() / "tokenizers";
    std::error_code ec;
    if (std::filesystem::is_directory(beside_assets, ec))
        return beside_assets;
    // An installed package ships none: fetch.sh DIR puts them in the user's data folder.
    if (const char* data = std::getenv("XDG_DATA_HOME"); data && *data)
        return std::filesystem::path(data) / "prefixlens" / "tokenizers";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".local" / "share" / "prefixlens" / "tokenizers";
    return beside_assets;
}

namespace {

// Provider tokens per o200k_base token, and the relative error of that prior, for the providers
// whose tokenizer is not public (or not installed). Claude's tokenizer counts English prose and
// code at about 1.1 to 1.35 times o200k's; Nova's, Gemma's and DeepSeek's close to it. A log's
// usage replaces the prior (calibrated).
struct Prior {
    double per_o200k;
    double error;
};
Prior prior_for(Provider p, const std::string& model) {
    switch (p) {
        case Provider::Anthropic:
            return {1.2, 0.15};
        case Provider::Bedrock:
            return model.find("nova") != std::string::npos ? Prior{1.1, 0.2} : Prior{1.2, 0.15};
        case Provider::Gemini:
        case Provider::DeepSeek:
            return {1.05, 0.15};
        case Provider::OpenAI:
            break;
    }
    return {1.0, 0.1};
}

// o200k_base tokens per token of the built-in model's 2,048-entry vocabulary, measured on the
// shipped agent log and the lint fixtures (English prose, JSON and code): about 0.42, spread
// widely by the kind of text.
constexpr double kO200kPerBuiltin = 0.42;
constexpr double kBuiltinError = 0.3;

}  // namespace

struct TokenCounters::Impl {
    const BpeTokenizer& builtin;
    std::filesystem::path dir;
    bool builtin_only = false;
    std::optional<BpeTokenizer> served;
    std::string served_name;
    framing::FramingStyle served_framing;

    mutable std::mutex mu;
    std::map<std::string, std::unique_ptr<BpeTokenizer>> loaded;  // by name; null: could not
    std::map<std::string, std::string> failures;                  // name -> why
    std::map<std::string, Counter> counters;                      // "provider\x1fmodel-key"
    std::vector<std::string> notes;
    std::set<std::string> noted;

    Impl(const BpeTokenizer& b, std::filesystem::path d) : builtin(b), dir(std::move(d)) {}

    // The named tokenizer under dir, loaded once; null when it is missing or broken.
    const BpeTokenizer* get(const std::string& name) {
        if (auto it = loaded.find(name); it != loaded.end())
            return it->second.get();
        std::unique_ptr<BpeTokenizer> tok;
        const std::filesystem::path folder = dir / name;
        std::error_code ec;
        if (!std::filesystem::is_directory(folder, ec)) {
            failures[name] = "not installed in " + dir.string() + " (tools/tokenizers/fetch.sh)";
        } else {
            auto r = BpeTokenizer::load_folder(folder);
            if (r)
                tok = std::make_unique<BpeTokenizer>(std::move(r.value()));
            else
                failures[name] = r.error().message;
        }
        return loaded.emplace(name, std::move(tok)).first->second.get();
    }

    void note_once(const std::string& line) {
        if (noted.insert(line).second)
            notes.push_back(line);
    }

    Counter proxy(Provider p, const std::string& model, const std::string& why) {
        Counter c;
        c.method = Method::Estimate;
        c.framing.name = "prefixlens";
        const Prior prior = prior_for(p, model);
        if (const BpeTokenizer* o200k = builtin_only ? nullptr : get("o200k_base")) {
            c.tok = o200k;
            c.tokenizer = "o200k_base";
            c.ratio = prior.per_o200k;
            c.error = prior.error;
        } else {
            c.tok = &builtin;
            c.tokenizer = "built-in model tokenizer";
            c.ratio = prior.per_o200k * kO200kPerBuiltin;
            c.error = std::sqrt(prior.error * prior.error + kBuiltinError * kBuiltinError);
        }
        c.note = why;
        return c;
    }

    Counter exact(Provider p, const std::string& model, const std::string& name,
                  const std::string& framing, const char* who) {
        if (const BpeTokenizer* t = get(name)) {
            Counter c;
            c.method = Method::Exact;
            c.tok = t;
            c.tokenizer = name;
            c.framing.name = framing;
            return c;
        }
        const std::string why = name + " could not be loaded (" + failures[name] + "): " + who +
                                " counts are estimates";
        note_once(why);
        return proxy(p, model, why);
    }

    Counter choose(Provider p, const std::string& model) {
        if (builtin_only) {
            Counter c;
            c.method = Method::Exact;  // the built-in model's own tokens, as it plays them
            c.tok = &builtin;
            c.tokenizer = "built-in model tokenizer";
            c.framing.name = "prefixlens";
            return c;
        }
        if (served) {
            Counter c;
            c.method = Method::Exact;
            c.tok = &*served;
            c.tokenizer = served_name;
            c.framing = served_framing;
            return c;
        }
        switch (p) {
            case Provider::OpenAI:
                return exact(p, model, openai_encoding_for(model), "openai-chat", "OpenAI");
            case Provider::DeepSeek:
                return exact(p, model, "deepseek-v3", "deepseek-v3", "DeepSeek");
            case Provider::Gemini:
                return exact(p, model, "gemma3", "gemma3", "Gemini");
            case Provider::Anthropic:
            case Provider::Bedrock:
                break;
        }
        const bool nova = p == Provider::Bedrock && model.find("nova") != std::string::npos;
        return proxy(p, model,
                     std::string(nova ? "Nova's" : "Claude's") +
                         " tokenizer is not public: counted by a proxy tokenizer and scaled");
    }
};

TokenCounters::TokenCounters(const BpeTokenizer& builtin, std::filesystem::path dir)
    : impl_(std::make_unique<Impl>(builtin, std::move(dir))) {}
TokenCounters::~TokenCounters() = default;

Result<void> TokenCounters::use_served(const std::filesystem::path& dir) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec))
        return make_error(dir.string() +
                          ": not a folder (a model's tokenizer folder: tokenizer.json, or "
                          "vocab.json and merges.txt, or a .tiktoken rank file)");
    auto tok = BpeTokenizer::load_folder(dir);
    if (!tok)
        return tok.error();
    std::lock_guard lock(impl_->mu);
    impl_->served.emplace(std::move(tok.value()));
    impl_->served_name = "served model (" + dir.filename().string() + ")";
    framing::FramingStyle f;
    if (impl_->served->token_id("<|im_start|>"))
        f.name = "chatml";
    else if (impl_->served->token_id("<|start_header_id|>"))
        f.name = "llama3";
    else
        f.name = "prefixlens";
    impl_->served_framing = f;
    impl_->counters.clear();
    return {};
}

void TokenCounters::use_builtin_only() {
    std::lock_guard lock(impl_->mu);
    impl_->builtin_only = true;
    impl_->counters.clear();
}

const Counter& TokenCounters::for_request(Provider provider, const std::string& model) {
    std::lock_guard lock(impl_->mu);
    // The counter depends on the model only through OpenAI's encoding and Nova's prior.
    std::string key = provider_id(provider);
    if (provider == Provider::OpenAI)
        key += "\x1f" + openai_encoding_for(model);
    else if (provider == Provider::Bedrock)
        key += model.find("nova") != std::string::npos ? "\x1fnova" : "\x1f";
    auto it = impl_->counters.find(key);
    if (it == impl_->counters.end())
        it = impl_->counters.emplace(key, impl_->choose(provider, model)).first;
    return it->second;
}

std::vector<std::string> TokenCounters::notes() const {
    std::lock_guard lock(impl_->mu);
    return impl_->notes;
}

void Calibration::add(double provider_tokens, double counted_tokens) {
    provider_ += provider_tokens;
    counted_ += counted_tokens;
    const double r = provider_tokens / counted_tokens;
    ++n_;
    const double d = r - mean_;
    mean_ += d / n_;
    m2_ += d * (r - mean_);
}

double Calibration::error(double prior) const {
    if (n_ < 2 || mean_ <= 0)
        return prior;
    return std::max(0.01, std::sqrt(m2_ / (n_ - 1)) / mean_);
}

Scale scale_for(const Counter& c, Calibration& cal, long long reported_total, long long counted) {
    Scale s;
    if (c.exact())
        return s;
    // A total 20 times the counted tokens or a twentieth of them is not this prompt's count
    // (another request's usage, a broken record): it calibrates nothing.
    const double own =
        counted > 0 ? static_cast<double>(reported_total) / static_cast<double>(counted) : 0.0;
    if (reported_total > 0 && counted > 0 && own > 0.05 && own < 20.0) {
        cal.add(static_cast<double>(reported_total), static_cast<double>(counted));
        s.ratio = static_cast<double>(reported_total) / static_cast<double>(counted);
        s.method = Method::Calibrated;
    } else if (cal.any()) {
        s.ratio = cal.ratio();
        s.method = Method::Calibrated;
    } else {
        s.ratio = c.ratio;
        s.method = Method::Estimate;
        s.error = c.error;
        return s;
    }
    s.error = cal.error(c.error);
    return s;
}

Range scaled(long long counted, const Scale& s) {
    Range r;
    const double v = static_cast<double>(counted) * s.ratio;
    r.value = std::llround(v);
    r.low = std::llround(std::floor(v * (1.0 - s.error)));
    r.high = std::llround(std::ceil(v * (1.0 + s.error)));
    if (s.error == 0.0)
        r.low = r.high = r.value;
    return r;
}

std::string range_text(const Range& r) {
    const auto commas = [](long long v) {
        std::string s = std::to_string(v < 0 ? -v : v);
        for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3)
            s.insert(static_cast<std::size_t>(i), ",");
        return v < 0 ? "-" + s : s;
    };
    if (r.low == r.high)
        return commas(r.value);
    return commas(r.low) + "-" + commas(r.high);
}

}  // namespace pl::count
