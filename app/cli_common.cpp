#include "cli_common.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "core/assets.h"
#include "runner/scenario.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace pl::cli {

void keep_freed_heap() {
#if defined(__GLIBC__)
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);  // glibc's largest
#endif
}

Result<LintSetup> load_lint_setup(const ParsedArgs& args, const std::string& command) {
    const auto model_dir = model_dir_or_builtin(args.get("--model").value_or(""));
    auto tokenizer = BpeTokenizer::load(model_dir / "vocab.json", model_dir / "merges.txt");
    if (!tokenizer)
        return tokenizer.error();
    auto tables = lint::LintTables::load(assets_dir() / "lint");
    if (!tables)
        return tables.error();
    if (auto pricing = args.get("--pricing")) {
        if (auto r = tables->apply_pricing_overrides(*pricing); !r)
            return make_error(command + ": --pricing " + r.error().message);
    }
    std::string name = args.has("--model")
                           ? model_dir.string() + " tokenizer"
                           : "built-in model tokenizer (" +
                                 std::to_string(tokenizer->vocab_size()) + "-token BPE)";
    return LintSetup{std::move(tokenizer.value()), std::move(tables.value()), std::move(name)};
}

Result<std::unique_ptr<count::TokenCounters>> make_counters(const ParsedArgs& args,
                                                            const LintSetup& setup,
                                                            const std::string& command) {
    auto counters = std::make_unique<count::TokenCounters>(setup.tokenizer);
    const std::string mode = args.get("--count").value_or(count::default_count_mode());
    if (mode != "provider" && mode != "builtin")
        return make_error(command + ": --count must be provider or builtin, not '" + mode + "'" +
                          (args.has("--count") ? "" : " (from PREFIXLENS_COUNT)"));
    if (mode == "builtin") {
        if (args.has("--tokenizer"))
            return make_error(command + ": --count builtin and --tokenizer do not go together");
        // The built-in tokenizer alone, as before there were counters: no counters at all.
        return std::unique_ptr<count::TokenCounters>();
    }
    const std::string dir = args.get("--tokenizer").value_or(count::default_served_tokenizer());
    if (!dir.empty()) {
        if (auto r = counters->use_served(dir); !r)
            return make_error(command + ": --tokenizer " + r.error().message);
    }
    return counters;
}

Result<std::string> input_file(const std::string& arg) {
    std::error_code ec;
    const std::filesystem::path path(arg);
    if (std::filesystem::exists(path, ec) || arg.find('/') != std::string::npos ||
        path.has_extension())
        return arg;
    const std::filesystem::path builtin = builtin_scenarios_dir() / (arg + ".json");
    if (std::filesystem::is_regular_file(builtin, ec))
        return builtin.string();
    std::string names;
    for (const std::string& n : builtin_scenario_names())
        names += (names.empty() ? "" : ", ") + n;
    return make_error(arg + ": no such file, nor a built-in scenario's name (" + names + ")");
}

std::string parse_backend_flags(const ParsedArgs& args, BackendRequest& out) {
    if (auto b = args.get("--backend")) {
        auto kind = parse_backend_kind(*b);
        if (!kind)
            return kind.error().message;
        out.kind = kind->kind;
        out.explicit_kind = kind->explicit_kind;
    }
    if (auto d = args.get("--device")) {
        long v = 0;
        if (auto err = parse_int("--device", *d, 0, 64, v); !err.empty())
            return err;
        out.device_index = static_cast<int>(v);
    }
    return {};
}

namespace {

// "repetition_penalty" as a flag: "--repetition-penalty".
std::string flag_of(std::string_view field) {
    std::string f = "--" + std::string(field);
    for (char& c : f)
        c = c == '_' ? '-' : c;
    return f;
}

}  // namespace

std::string parse_sampling_flags(const ParsedArgs& args, SamplingOverrides& out) {
    for (std::string_view field : kSamplingFields) {
        const std::string flag = flag_of(field);
        const auto text = args.get(flag);
        if (!text)
            continue;
        errno = 0;
        char* end = nullptr;
        const double v = std::strtod(text->c_str(), &end);
        const bool number = !text->empty() && *end == '\0' && errno != ERANGE && std::isfinite(v);
        if (!number || !sampling_value_ok(field, v))
            return flag + " must be " + sampling_range(field) + ", not '" + *text + "'";
        set_sampling_field(out, field, v);
    }
    return {};
}

Result<EngineSetup> setup_engine(const ParsedArgs& args, int block_size, int capacity_blocks) {
    BackendRequest req;
    if (auto err = parse_backend_flags(args, req); !err.empty())
        return make_error(err);
    auto model = GptModel::load(model_dir_or_builtin(args.get("--model").value_or("")));
    if (!model)
        return model.error();
    KvPoolLayout layout;
    layout.block_size = block_size;
    layout.capacity_blocks =
        capacity_blocks > 0 ? capacity_blocks
                            : (model.value()->config().n_positions + block_size - 1) / block_size;
    auto backend = create_backend(model.value(), layout, req);
    if (!backend)
        return backend.error();
    if (!backend->fallback_reason.empty()) {
        std::fprintf(stderr, "prefixlens: Vulkan unavailable (%s); using the CPU backend\n",
                     backend->fallback_reason.c_str());
    }
    return EngineSetup{model.value(), std::move(backend->backend)};
}

int finish(const EngineSetup& engine, int status) {
    if (!engine.backend)
        return status;
    const int n = engine.backend->validation_message_count();
    if (n == 0)
        return status;
    const auto messages = engine.backend->validation_messages();
    std::fprintf(stderr, "prefixlens: %d Vulkan validation message(s); first: %s\n", n,
                 messages.empty() ? "?" : messages.front().c_str());
    return status == 0 ? 1 : status;
}

}  // namespace pl::cli
