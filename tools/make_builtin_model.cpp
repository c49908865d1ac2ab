// Writes an untrained built-in model: a byte-level BPE learned from a corpus, and GPT-2 weights
// drawn from GPT-2's initialisation (normal, std 0.02; residual projections scaled by
// 1/sqrt(2 * n_layer)) with a fixed seed, so the same command always gives the same bytes.
//
//   make_builtin_model --corpus assets/model/tokenizer-corpus.txt -o assets/model
#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "bpe_trainer.h"
#include "safetensors_writer.h"

namespace {

struct Rng {
    uint64_t s;
    double uniform() {
        uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        z ^= z >> 31;
        return (static_cast<double>(z >> 11) + 0.5) * 0x1.0p-53;
    }
    float normal(float std) {  // Box-Muller
        const double u1 = uniform(), u2 = uniform();
        return static_cast<float>(std * std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2));
    }
};

int usage() {
    std::fprintf(stderr,
                 "usage: make_builtin_model --corpus FILE -o DIR [--vocab-size N] [--layers N] "
                 "[--heads N] [--width N] [--positions N] [--seed N]\n");
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    std::string corpus_path, out_dir;
    int vocab = 1024, layers = 4, heads = 4, width = 256, positions = 2048;
    uint64_t seed = 20261130;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
        const char* v = (a == "--corpus" || a == "-o" || a == "--vocab-size" || a == "--layers" ||
                         a == "--heads" || a == "--width" || a == "--positions" || a == "--seed")
                            ? next()
                            : nullptr;
        if (!v)
            return usage();
        if (a == "--corpus")
            corpus_path = v;
        else if (a == "-o")
            out_dir = v;
        else if (a == "--vocab-size")
            vocab = std::atoi(v);
        else if (a == "--layers")
            layers = std::atoi(v);
        else if (a == "--heads")
            heads = std::atoi(v);
        else if (a == "--width")
            width = std::atoi(v);
        else if (a == "--positions")
            positions = std::atoi(v);
        else if (a == "--seed")
            seed = std::strtoull(v, nullptr, 10);
    }
    if (corpus_path.empty() || out_dir.empty() || width % heads != 0)
        return usage();
    std::ifstream in(corpus_path, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "make_builtin_model: %s: cannot open\n", corpus_path.c_str());
        return 2;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    const pl::BpeTrainResult bpe = pl::train_bpe(ss.str(), vocab);
    const std::filesystem::path dir(out_dir);
    std::filesystem::create_directories(dir);

    const int64_t V = bpe.vocab_size, C = width, P = positions;
    Rng rng{seed};
    std::vector<std::vector<float>> storage;
    std::vector<pl::TensorToWrite> tensors;
    auto add = [&](const std::string& name, std::vector<int64_t> shape, float std, float fill) {
        int64_t n = 1;
        for (int64_t d : shape)
            n *= d;
        std::vector<float> data(static_cast<std::size_t>(n), fill);
        if (std > 0) {
            for (auto& x : data)
                x = rng.normal(std);
        }
        storage.push_back(std::move(data));
        tensors.push_back({name, std::move(shape), nullptr});
    };
    const float proj_std = 0.02f / std::sqrt(2.0f * static_cast<float>(layers));
    add("wte.weight", {V, C}, 0.02f, 0);
    add("wpe.weight", {P, C}, 0.01f, 0);
    for (int l = 0; l < layers; ++l) {
        const std::string p = "h." + std::to_string(l) + ".";
        add(p + "ln_1.weight", {C}, 0, 1);
        add(p + "ln_1.bias", {C}, 0, 0);
        add(p + "attn.c_attn.weight", {C, 3 * C}, 0.02f, 0);
        add(p + "attn.c_attn.bias", {3 * C}, 0, 0);
        add(p + "attn.c_proj.weight", {C, C}, proj_std, 0);
        add(p + "attn.c_proj.bias", {C}, 0, 0);
        add(p + "ln_2.weight", {C}, 0, 1);
        add(p + "ln_2.bias", {C}, 0, 0);
        add(p + "mlp.c_fc.weight", {C, 4 * C}, 0.02f, 0);
        add(p + "mlp.c_fc.bias", {4 * C}, 0, 0);
        add(p + "mlp.c_proj.weight", {4 * C, C}, proj_std, 0);
        add(p + "mlp.c_proj.bias", {C}, 0, 0);
    }
    add("ln_f.weight", {C}, 0, 1);
    add("ln_f.bias", {C}, 0, 0);
    for (std::size_t i = 0; i < tensors.size(); ++i)
        tensors[i].data = storage[i].data();

    nlohmann::json config = {{"model_type", "gpt2"},
                             {"architectures", {"GPT2LMHeadModel"}},
                             {"n_layer", layers},
                             {"n_head", heads},
                             {"n_embd", width},
                             {"n_positions", positions},
                             {"n_ctx", positions},
                             {"vocab_size", V},
                             {"layer_norm_epsilon", 1e-5},
                             {"bos_token_id", V - 1},
                             {"eos_token_id", V - 1}};
    for (auto r : {pl::write_file_atomically(dir / "vocab.json", bpe.vocab_json),
                   pl::write_file_atomically(dir / "merges.txt", bpe.merges_txt),
                   pl::write_file_atomically(dir / "config.json", config.dump(2) + "\n"),
                   pl::write_safetensors(dir / "model.safetensors", tensors)}) {
        if (!r) {
            std::fprintf(stderr, "make_builtin_model: %s\n", r.error().message.c_str());
            return 2;
        }
    }
    std::printf("wrote %s: vocab %lld (%d merges), %d layers, width %d, %d positions\n",
                out_dir.c_str(), static_cast<long long>(V), bpe.merge_count, layers, width,
                positions);
    return 0;
}
