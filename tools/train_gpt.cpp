// Trains a small GPT-2 on the CPU and writes it in the SPEC §5 folder format: config.json,
// model.safetensors (GPT-2 tensor names, Conv1D layout), vocab.json and merges.txt.
//
//   train_gpt --corpus corpus.txt -o assets/model --work build/train-work --steps 700
//
// The pipeline: documents (separated by "<|endoftext|>\n" lines, see make_corpus) -> a byte-level
// BPE learned by our trainer -> token ids, every 20th document held out -> AdamW with a linear
// warmup and a cosine decay -> the model. The forward is the engine's CPU twin (cpu_ops.h) over
// contiguous K/V; the backward is engine/train/cpu_ops_backward.cpp.
//
// Deterministic: the batch of step s is drawn from a generator seeded by (seed, s), each worker
// thread owns a fixed slice of the batch and runs single-threaded BLAS, and the workers'
// gradients are summed in worker order. Same flags, same thread count -> same bytes. (A different
// --threads changes the summation order, so the last bits of the weights may differ.)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cpu/blas.h"
#include "model/safetensors_reader.h"
#include "prompt/framing.h"
#include "tokenizer/bpe_tokenizer.h"
#include "train/bpe_trainer.h"
#include "train/cpu_ops_backward.h"
#include "train/safetensors_writer.h"

namespace {

struct Rng {
    uint64_t s;
    uint64_t next() {  // splitmix64
        uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    double uniform() { return (static_cast<double>(next() >> 11) + 0.5) * 0x1.0p-53; }
    float normal(float std) {  // Box-Muller
        const double u1 = uniform(), u2 = uniform();
        return static_cast<float>(std * std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2));
    }
};

struct Options {
    std::string corpus, out_dir, work_dir = "train-work";
    int vocab = 2048, layers = 4, heads = 4, width = 256, positions = 2048;
    int seq = 256, batch = 8, steps = 600, warmup = 40, threads = 2;
    float lr = 2e-3f, min_lr_frac = 0.1f, weight_decay = 0.1f, clip = 1.0f;
    long bpe_bytes = 1500000;  // corpus bytes the BPE learns from (enough for a templated corpus)
    int eval_every = 100, eval_tokens = 32768, checkpoint_every = 100, log_every = 10;
    uint64_t seed = 1234;
    bool resume = false;
    bool answers_only = false;
    int stop_after = 0;  // --stop-after N: end after step N (a checkpoint), for a later --resume //
                         // --loss-on answers: in chats, learn the assistant turns only
    std::string tokenizer_dir;  // --tokenizer: reuse vocab.json/merges.txt instead of learning
    std::string init_from;      // --init: start from a checkpoint.safetensors or a model folder
};

int usage() {
    std::fprintf(
        stderr,
        "usage: train_gpt --corpus FILE -o DIR [--work DIR] [--vocab-size N] [--layers N]\n"
        "  [--heads N] [--width N] [--positions N] [--seq N] [--batch N] [--steps N]\n"
        "  [--warmup N] [--lr X] [--min-lr-frac X] [--weight-decay X] [--clip X]\n"
        "  [--threads N] [--seed N] [--bpe-bytes N] [--eval-every N] [--eval-tokens N]\n"
        "  [--checkpoint-every N] [--log-every N] [--resume] [--stop-after N]\n"
        "  [--tokenizer DIR] [--init CHECKPOINT.safetensors|MODEL_DIR] [--loss-on all|answers]\n"
        "--tokenizer DIR reuses DIR/vocab.json and DIR/merges.txt (no BPE learning); --init\n"
        "starts from the weights of an earlier run's checkpoint with a fresh schedule and fresh\n"
        "AdamW moments (a second stage on another corpus, same tokenizer). --loss-on answers:\n"
        "in documents with an assistant turn, only the assistant's tokens (its closing tag\n"
        "included) are predicted; documents without one (prose, FAQ pages) keep every token.\n"
        "--stop-after N ends after step N, schedule unchanged, with a checkpoint and the model\n"
        "of that step: --resume then goes on to --steps, e.g. on another corpus.\n");
    return 2;
}

bool parse(int argc, char** argv, Options& o) {
    bool loss_on_ok = true;
    std::map<std::string, std::function<void(const char*)>> flags = {
        {"--corpus", [&](const char* v) { o.corpus = v; }},
        {"-o", [&](const char* v) { o.out_dir = v; }},
        {"--work", [&](const char* v) { o.work_dir = v; }},
        {"--vocab-size", [&](const char* v) { o.vocab = std::atoi(v); }},
        {"--layers", [&](const char* v) { o.layers = std::atoi(v); }},
        {"--heads", [&](const char* v) { o.heads = std::atoi(v); }},
        {"--width", [&](const char* v) { o.width = std::atoi(v); }},
        {"--positions", [&](const char* v) { o.positions = std::atoi(v); }},
        {"--seq", [&](const char* v) { o.seq = std::atoi(v); }},
        {"--loss-on",
         [&](const char* v) {
             o.answers_only = std::string(v) == "answers";
             loss_on_ok = o.answers_only || std::string(v) == "all";
         }},
        {"--batch", [&](const char* v) { o.batch = std::atoi(v); }},
        {"--stop-after", [&](const char* v) { o.stop_after = std::atoi(v); }},
        {"--steps", [&](const char* v) { o.steps = std::atoi(v); }},
        {"--warmup", [&](const char* v) { o.warmup = std::atoi(v); }},
        {"--lr", [&](const char* v) { o.lr = std::strtof(v, nullptr); }},
        {"--min-lr-frac", [&](const char* v) { o.min_lr_frac = std::strtof(v, nullptr); }},
        {"--weight-decay", [&](const char* v) { o.weight_decay = std::strtof(v, nullptr); }},
        {"--clip", [&](const char* v) { o.clip = std::strtof(v, nullptr); }},
        {"--threads", [&](const char* v) { o.threads = std::atoi(v); }},
        {"--seed", [&](const char* v) { o.seed = std::strtoull(v, nullptr, 10); }},
        {"--bpe-bytes", [&](const char* v) { o.bpe_bytes = std::atol(v); }},
        {"--eval-every", [&](const char* v) { o.eval_every = std::atoi(v); }},
        {"--eval-tokens", [&](const char* v) { o.eval_tokens = std::atoi(v); }},
        {"--checkpoint-every", [&](const char* v) { o.checkpoint_every = std::atoi(v); }},
        {"--log-every", [&](const char* v) { o.log_every = std::atoi(v); }},
        {"--tokenizer", [&](const char* v) { o.tokenizer_dir = v; }},
        {"--init", [&](const char* v) { o.init_from = v; }},
    };
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--resume") {
            o.resume = true;
            continue;
        }
        auto it = flags.find(a);
        if (it == flags.end() || i + 1 >= argc)
            return false;
        it->second(argv[++i]);
    }
    return loss_on_ok && !o.corpus.empty() && !o.out_dir.empty() && o.width % o.heads == 0 &&
           o.seq >= 2 && o.seq <= o.positions && o.batch >= 1 && o.steps >= 1 && o.threads >= 1 &&
           o.threads <= o.batch;
}

// The framing strings (prompt/framing.h) are tokenized as pieces of their own, as the renderer
// does. Tokenizing the training text the same way gives the model exactly the token boundaries
// the app will show it, e.g. "<tool>" then "{" rather than one ">{" pre-token.
//
// `learn` gets one flag per token: whether the token is a target under --loss-on answers. Inside
// an assistant turn (after "<assistant>\n", up to and including "\n</assistant>\n") it is 1,
// elsewhere 0; a document without an assistant turn is all 1s.
void encode_framed(const pl::BpeTokenizer& tok, const std::string& doc, std::vector<int32_t>& out,
                   std::vector<uint8_t>& learn) {
    static const std::string kOpen = pl::framing::turn_open("assistant");
    static const std::string kClose = pl::framing::turn_close("assistant");
    const std::size_t first = out.size();
    bool answer = false, any_answer = false;
    std::size_t piece = 0;
    auto push = [&](const std::vector<int32_t>& ids, bool target) {
        out.insert(out.end(), ids.begin(), ids.end());
        learn.insert(learn.end(), ids.size(), target ? 1 : 0);
    };
    auto flush = [&](std::size_t end) {
        if (end > piece)
            push(tok.encode(std::string_view(doc).substr(piece, end - piece)), answer);
    };
    for (std::size_t i = 0; i < doc.size();) {
        const std::string* hit = nullptr;
        for (const auto& f : pl::framing::trained_pieces()) {
            if (doc.compare(i, f.size(), f) == 0) {
                hit = &f;
                break;
            }
        }
        if (!hit) {
            ++i;
            continue;
        }
        flush(i);
        const bool close = answer && *hit == kClose;
        push(tok.encode(*hit), close);
        if (*hit == kOpen) {
            answer = true;
            any_answer = true;
        } else if (close) {
            answer = false;
        }
        i += hit->size();
        piece = i;
    }
    flush(doc.size());
    if (!any_answer)
        std::fill(learn.begin() + static_cast<long>(first), learn.end(), 1);
}

struct Stream {
    std::vector<int32_t> tokens;
    std::vector<uint8_t> learn;  // per token: a target under --loss-on answers
    std::vector<std::size_t> doc_starts;
};

double valid_targets(const std::vector<int32_t>& targets) {
    const auto n = std::count_if(targets.begin(), targets.end(), [](int32_t y) { return y >= 0; });
    return static_cast<double>(std::max<long>(1, n));
}

double lr_at(const Options& o, long step) {  // step counts from 1
    if (step <= o.warmup)
        return o.lr * static_cast<double>(step) / o.warmup;
    const double t = static_cast<double>(step - o.warmup) / std::max(1, o.steps - o.warmup);
    const double min_lr = o.lr * o.min_lr_frac;
    return min_lr + 0.5 * (o.lr - min_lr) * (1.0 + std::cos(M_PI * std::min(1.0, t)));
}

struct Trainer {
    const Options& o;
    pl::GptConfig cfg;
    pl::train::ParamLayout layout;
    std::vector<float> params, m, v;
    std::vector<std::vector<float>> grads;  // one per worker
    std::vector<pl::train::Workspace> ws;

    // Loss summed over the B rows of (inputs, targets) [B, T], split across the workers; the
    // gradient of the MEAN loss over the valid targets (>= 0) lands in grads[0] when train is set.
    double run(const std::vector<int32_t>& inputs, const std::vector<int32_t>& targets, int B,
               int T, bool train) {
        const int W = std::min(o.threads, B);
        std::vector<double> loss(static_cast<std::size_t>(W), 0.0);
        const auto scale = static_cast<float>(1.0 / valid_targets(targets));
        auto work = [&](int w) {
            pl::blas::set_threads(1);
            const int b0 = w * B / W, b1 = (w + 1) * B / W;
            float* g = nullptr;
            if (train) {
                auto& gw = grads[static_cast<std::size_t>(w)];
                std::fill(gw.begin(), gw.end(), 0.0f);
                g = gw.data();
            }
            loss[static_cast<std::size_t>(w)] = pl::train::gpt_forward_backward(
                cfg, layout.offsets, params.data(), g, inputs.data() + static_cast<long>(b0) * T,
                targets.data() + static_cast<long>(b0) * T, b1 - b0, T, scale,
                ws[static_cast<std::size_t>(w)]);
        };
        std::vector<std::thread> pool;
        for (int w = 1; w < W; ++w)
            pool.emplace_back(work, w);
        work(0);
        for (auto& t : pool)
            t.join();
        double total = 0.0;
        for (int w = 0; w < W; ++w) {
            total += loss[static_cast<std::size_t>(w)];
            if (train && w > 0) {
                float* g0 = grads[0].data();
                const float* gw = grads[static_cast<std::size_t>(w)].data();
                for (std::size_t i = 0; i < layout.total; ++i)
                    g0[i] += gw[i];
            }
        }
        return total;
    }
};

void init_params(const Options& o, const pl::train::ParamLayout& layout, std::vector<float>& p) {
    // GPT-2's initialisation, as tools/make_builtin_model.cpp draws it.
    Rng rng{o.seed};
    const float proj_std = 0.02f / std::sqrt(2.0f * static_cast<float>(o.layers));
    for (const auto& t : layout.tensors) {
        float* x = p.data() + t.offset;
        const bool is_w = t.name.size() > 7 && t.name.compare(t.name.size() - 7, 7, ".weight") == 0;
        const bool ln = t.name.find("ln_") != std::string::npos;
        float std = 0.0f, fill = 0.0f;
        if (ln)
            fill = is_w ? 1.0f : 0.0f;
        else if (t.name == "wpe.weight")
            std = 0.01f;
        else if (is_w)
            std = t.name.find("c_proj") != std::string::npos ? proj_std : 0.02f;
        for (std::size_t i = 0; i < t.numel; ++i)
            x[i] = std > 0 ? rng.normal(std) : fill;
    }
}

pl::Result<void> write_model(const std::filesystem::path& dir, const Trainer& tr,
                             const pl::BpeTrainResult& bpe) {
    std::filesystem::create_directories(dir);
    std::vector<pl::TensorToWrite> tensors;
    for (const auto& t : tr.layout.tensors)
        tensors.push_back({t.name, t.shape, tr.params.data() + t.offset});
    const int V = tr.cfg.vocab_size;
    nlohmann::json config = {{"model_type", "gpt2"},        {"architectures", {"GPT2LMHeadModel"}},
                             {"n_layer", tr.cfg.n_layer},   {"n_head", tr.cfg.n_head},
                             {"n_embd", tr.cfg.n_embd},     {"n_positions", tr.cfg.n_positions},
                             {"n_ctx", tr.cfg.n_positions}, {"vocab_size", V},
                             {"layer_norm_epsilon", 1e-5},  {"bos_token_id", V - 1},
                             {"eos_token_id", V - 1}};
    PL_TRY(pl::write_file_atomically(dir / "vocab.json", bpe.vocab_json));
    PL_TRY(pl::write_file_atomically(dir / "merges.txt", bpe.merges_txt));
    PL_TRY(pl::write_file_atomically(dir / "config.json", config.dump(2) + "\n"));
    return pl::write_safetensors(dir / "model.safetensors", tensors);
}

pl::Result<void> save_checkpoint(const std::filesystem::path& work, const Trainer& tr, long step) {
    const auto n = static_cast<int64_t>(tr.layout.total);
    PL_TRY(
        pl::write_safetensors(work / "checkpoint.safetensors", {{"params", {n}, tr.params.data()},
                                                                {"adam_m", {n}, tr.m.data()},
                                                                {"adam_v", {n}, tr.v.data()}}));
    // Written after the tensors: a checkpoint.json always names a complete checkpoint.
    return pl::write_file_atomically(work / "checkpoint.json",
                                     nlohmann::json{{"step", step}}.dump() + "\n");
}

pl::Result<long> load_checkpoint(const std::filesystem::path& work, Trainer& tr) {
    std::ifstream in(work / "checkpoint.json");
    if (!in)
        return pl::make_error((work / "checkpoint.json").string() + ": cannot open");
    const auto j = nlohmann::json::parse(in, nullptr, false);
    if (!j.is_object() || !j.contains("step"))
        return pl::make_error((work / "checkpoint.json").string() + ": no /step");
    auto st = pl::SafetensorsReader::open(work / "checkpoint.safetensors");
    if (!st)
        return st.error();
    for (auto [name, dst] : {std::pair<const char*, float*>{"params", tr.params.data()},
                             {"adam_m", tr.m.data()},
                             {"adam_v", tr.v.data()}}) {
        const pl::TensorInfo* t = st->find(name);
        if (!t || t->numel() != static_cast<int64_t>(tr.layout.total))
            return pl::make_error("checkpoint: tensor '" + std::string(name) +
                                  "' missing or of another size (different model flags?)");
        PL_TRY(st->read_f32(*t, dst));
    }
    return j["step"].get<long>();
}

// --init: a checkpoint's flat "params", or a model folder's tensors by their GPT-2 names.
bool init_from(const std::string& path, Trainer& tr) {
    const bool folder = std::filesystem::is_directory(path);
    auto st = pl::SafetensorsReader::open(folder ? std::filesystem::path(path) / "model.safetensors"
                                                 : std::filesystem::path(path));
    if (!st)
        return false;
    if (!folder) {
        const pl::TensorInfo* t = st->find("params");
        return t && t->numel() == static_cast<int64_t>(tr.layout.total) &&
               st->read_f32(*t, tr.params.data());
    }
    for (const auto& pt : tr.layout.tensors) {
        const pl::TensorInfo* t = st->find(pt.name);
        if (!t || t->numel() != static_cast<int64_t>(pt.numel) ||
            !st->read_f32(*t, tr.params.data() + pt.offset))
            return false;
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    if (!parse(argc, argv, o))
        return usage();
    if (auto blas = pl::blas::load(); !blas) {
        std::fprintf(stderr, "train_gpt: %s\n", blas.error().message.c_str());
        return 1;
    }
    pl::blas::set_threads(1);
    const auto t_start = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count();
    };

    std::ifstream in(o.corpus, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "train_gpt: %s: cannot open\n", o.corpus.c_str());
        return 2;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string corpus = ss.str();
    std::vector<std::string> docs;
    static const std::string kSep = "<|endoftext|>\n";
    for (std::size_t at = 0; at < corpus.size();) {
        std::size_t end = corpus.find(kSep, at);
        if (end == std::string::npos)
            end = corpus.size();
        if (end > at)
            docs.push_back(corpus.substr(at, end - at));
        at = end + kSep.size();
    }

    // Tokenizer: learned from the first bpe_bytes of the documents (the separator lines left
    // out, so "<|endoftext|>" stays one special token and never becomes merges).
    std::string bpe_text;
    for (const auto& d : docs) {
        if (static_cast<long>(bpe_text.size()) >= o.bpe_bytes)
            break;
        bpe_text += d;
    }
    pl::BpeTrainResult bpe;
    if (o.tokenizer_dir.empty()) {
        bpe = pl::train_bpe(bpe_text, o.vocab);
    } else {
        auto slurp = [](const std::filesystem::path& f) {
            std::ifstream fin(f, std::ios::binary);
            std::stringstream b;
            b << fin.rdbuf();
            return b.str();
        };
        const std::filesystem::path td(o.tokenizer_dir);
        bpe.vocab_json = slurp(td / "vocab.json");
        bpe.merges_txt = slurp(td / "merges.txt");
        const auto vj = nlohmann::json::parse(bpe.vocab_json, nullptr, false);
        if (!vj.is_object() || bpe.merges_txt.empty()) {
            std::fprintf(stderr, "train_gpt: %s: no vocab.json/merges.txt\n",
                         o.tokenizer_dir.c_str());
            return 2;
        }
        bpe.vocab_size = static_cast<int>(vj.size());
        bpe.merge_count =
            static_cast<int>(std::count(bpe.merges_txt.begin(), bpe.merges_txt.end(), '\n')) - 1;
    }
    const std::filesystem::path work(o.work_dir);
    std::filesystem::create_directories(work);
    for (auto r : {pl::write_file_atomically(work / "vocab.json", bpe.vocab_json),
                   pl::write_file_atomically(work / "merges.txt", bpe.merges_txt)}) {
        if (!r) {
            std::fprintf(stderr, "train_gpt: %s\n", r.error().message.c_str());
            return 2;
        }
    }
    auto tok_r = pl::BpeTokenizer::load(work / "vocab.json", work / "merges.txt");
    if (!tok_r) {
        std::fprintf(stderr, "train_gpt: %s\n", tok_r.error().message.c_str());
        return 2;
    }
    const pl::BpeTokenizer& tok = tok_r.value();
    const auto eot = static_cast<int32_t>(bpe.vocab_size - 1);
    std::printf("corpus: %zu documents, %zu bytes; BPE: %d tokens (%.1f s)\n", docs.size(),
                corpus.size(), bpe.vocab_size, seconds());

    // Every 20th document is held out; each document ends with <|endoftext|>.
    Stream train, val;
    for (std::size_t d = 0; d < docs.size(); ++d) {
        Stream& s = d % 20 == 19 ? val : train;
        s.doc_starts.push_back(s.tokens.size());
        encode_framed(tok, docs[d], s.tokens, s.learn);
        s.learn.push_back(s.learn.back());  // <|endoftext|>: learnt where the document's end is
        s.tokens.push_back(eot);
    }
    const int T = o.seq, B = o.batch;
    // Token i as a target: -1 (ignored by the loss) where --loss-on answers leaves it out.
    auto target = [&](const Stream& st, std::size_t i) -> int32_t {
        return o.answers_only && st.learn[i] == 0 ? -1 : st.tokens[i];
    };
    if (train.tokens.size() < static_cast<std::size_t>(T + 1) * 2 ||
        val.tokens.size() < static_cast<std::size_t>(T + 1)) {
        std::fprintf(stderr, "train_gpt: corpus too small for --seq %d\n", T);
        return 2;
    }
    // Windows start at a document start so that, as in the app, "<tool>" or "<system>" often
    // sits at position 0; those that would run off the end are left out.
    std::vector<std::size_t> starts;
    for (std::size_t s : train.doc_starts) {
        if (s + T + 1 <= train.tokens.size())
            starts.push_back(s);
    }

    // Unigram baseline: held-out cross-entropy under the training set's token frequencies
    // (add-one smoothed), the loss of a model that ignores context.
    std::vector<double> counts(static_cast<std::size_t>(bpe.vocab_size), 1.0);
    for (int32_t t : train.tokens)
        counts[static_cast<std::size_t>(t)] += 1.0;
    double total_count = 0.0;
    for (double c : counts)
        total_count += c;
    double unigram = 0.0;
    for (int32_t t : val.tokens)
        unigram -= std::log(counts[static_cast<std::size_t>(t)] / total_count);
    unigram /= static_cast<double>(val.tokens.size());
    std::printf("tokens: train %zu, held-out %zu; unigram baseline %.4f nats/token\n",
                train.tokens.size(), val.tokens.size(), unigram);
    if (o.answers_only) {
        const auto n = std::count(train.learn.begin(), train.learn.end(), uint8_t{1});
        std::printf("--loss-on answers: %.1f%% of the training tokens are targets\n",
                    100.0 * static_cast<double>(n) / static_cast<double>(train.tokens.size()));
    }

    Trainer tr{o, {}, {}, {}, {}, {}, {}, {}};
    tr.cfg.n_layer = o.layers;
    tr.cfg.n_head = o.heads;
    tr.cfg.n_embd = o.width;
    tr.cfg.n_positions = o.positions;
    tr.cfg.vocab_size = bpe.vocab_size;
    tr.cfg.layer_norm_epsilon = 1e-5f;
    tr.layout = pl::train::make_param_layout(tr.cfg);
    tr.params.assign(tr.layout.total, 0.0f);
    tr.m.assign(tr.layout.total, 0.0f);
    tr.v.assign(tr.layout.total, 0.0f);
    tr.grads.assign(static_cast<std::size_t>(o.threads), std::vector<float>(tr.layout.total));
    tr.ws.resize(static_cast<std::size_t>(o.threads));
    init_params(o, tr.layout, tr.params);
    long step = 0;
    if (!o.init_from.empty()) {
        if (!init_from(o.init_from, tr)) {
            std::fprintf(stderr, "train_gpt: --init %s: not a checkpoint or model of this shape\n",
                         o.init_from.c_str());
            return 2;
        }
        std::printf("initialised from %s\n", o.init_from.c_str());
    }
    if (o.resume) {
        auto r = load_checkpoint(work, tr);
        if (!r) {
            std::fprintf(stderr, "train_gpt: %s\n", r.error().message.c_str());
            return 2;
        }
        step = r.value();
        std::printf("resumed at step %ld\n", step);
    }
    std::printf("model: %zu parameters; %d steps of %d x %d tokens, %d threads\n", tr.layout.total,
                o.steps, B, T, o.threads);

    // The held-out set: consecutive windows, the same every time.
    std::vector<int32_t> val_in, val_tg;
    const int val_rows =
        std::max(1, std::min(o.eval_tokens / T, static_cast<int>((val.tokens.size() - 1) / T)));
    for (int r = 0; r < val_rows; ++r) {
        const std::size_t s = static_cast<std::size_t>(r) * T;
        val_in.insert(val_in.end(), val.tokens.begin() + static_cast<long>(s),
                      val.tokens.begin() + static_cast<long>(s + T));
        for (std::size_t i = s + 1; i <= s + T; ++i)
            val_tg.push_back(target(val, i));
    }
    auto evaluate = [&] {
        double sum = 0.0;
        for (int r0 = 0; r0 < val_rows; r0 += B) {
            const int rows = std::min(B, val_rows - r0);
            const std::vector<int32_t> in_r(val_in.begin() + static_cast<long>(r0) * T,
                                            val_in.begin() + static_cast<long>(r0 + rows) * T);
            const std::vector<int32_t> tg_r(val_tg.begin() + static_cast<long>(r0) * T,
                                            val_tg.begin() + static_cast<long>(r0 + rows) * T);
            sum += tr.run(in_r, tg_r, rows, T, false);
        }
        return sum / valid_targets(val_tg);
    };

    std::vector<int32_t> inputs(static_cast<std::size_t>(B) * T), targets(inputs.size());
    double last_train = 0.0, last_val = evaluate(), ema = 0.0;
    std::printf("step %ld: held-out loss %.4f%s\n", step, last_val,
                o.answers_only ? " (assistant turns and plain documents)" : "");
    std::fflush(stdout);
    long tokens_done = 0;
    const double t_loop = seconds();
    const long last = o.stop_after > 0 ? std::min<long>(o.stop_after, o.steps) : o.steps;
    for (++step; step <= last; ++step) {
        Rng batch_rng{o.seed * 0x100000001b3ull + static_cast<uint64_t>(step)};
        for (int b = 0; b < B; ++b) {
            const std::size_t s = starts[batch_rng.next() % starts.size()];
            for (int t = 0; t < T; ++t) {
                inputs[static_cast<std::size_t>(b) * T + t] = train.tokens[s + t];
                targets[static_cast<std::size_t>(b) * T + t] = target(train, s + t + 1);
            }
        }
        const double loss = tr.run(inputs, targets, B, T, true) / valid_targets(targets);
        float* g = tr.grads[0].data();
        double norm2 = 0.0;
        for (std::size_t i = 0; i < tr.layout.total; ++i)
            norm2 += static_cast<double>(g[i]) * g[i];
        const double norm = std::sqrt(norm2);
        if (o.clip > 0 && norm > o.clip) {
            const auto s = static_cast<float>(o.clip / norm);
            for (std::size_t i = 0; i < tr.layout.total; ++i)
                g[i] *= s;
        }
        const auto lr = static_cast<float>(lr_at(o, step));
        for (const auto& t : tr.layout.tensors) {
            pl::train::adamw(tr.params.data() + t.offset, g + t.offset, tr.m.data() + t.offset,
                             tr.v.data() + t.offset, t.numel, lr, 0.9f, 0.95f, 1e-8f,
                             t.decay ? o.weight_decay : 0.0f, step);
        }
        tokens_done += static_cast<long>(B) * T;
        last_train = loss;
        ema = ema == 0.0 ? loss : 0.9 * ema + 0.1 * loss;
        if (step % o.log_every == 0 || step == o.steps) {
            const double el = seconds() - t_loop;
            std::printf(
                "step %ld/%d | loss %.4f (avg %.4f) | grad norm %.3f | lr %.2e | %.0f tok/s "
                "| %.0f s\n",
                step, o.steps, loss, ema, norm, lr, tokens_done / el, seconds());
            std::fflush(stdout);
        }
        if ((o.eval_every > 0 && step % o.eval_every == 0) || step == o.steps) {
            last_val = evaluate();
            std::printf("step %ld: held-out loss %.4f (unigram %.4f)\n", step, last_val, unigram);
            std::fflush(stdout);
        }
        if (o.checkpoint_every > 0 && step % o.checkpoint_every == 0) {
            if (auto r = save_checkpoint(work, tr, step); !r)
                std::fprintf(stderr, "train_gpt: checkpoint: %s\n", r.error().message.c_str());
        }
    }
    if (last < o.steps) {
        if (auto r = save_checkpoint(work, tr, last); !r) {
            std::fprintf(stderr, "train_gpt: checkpoint: %s\n", r.error().message.c_str());
            return 2;
        }
        std::printf("stopped after step %ld of %d: %s/checkpoint.json\n", last, o.steps,
                    work.string().c_str());
    }
    if (auto r = write_model(o.out_dir, tr, bpe); !r) {
        std::fprintf(stderr, "train_gpt: %s\n", r.error().message.c_str());
        return 2;
    }
    const double loop_s = seconds() - t_loop;
    const nlohmann::json summary = {{"steps", last},
                                    {"schedule_steps", o.steps},
                                    {"batch", B},
                                    {"seq", T},
                                    {"threads", o.threads},
                                    {"seed", o.seed},
                                    {"lr", o.lr},
                                    {"documents", docs.size()},
                                    {"corpus_bytes", corpus.size()},
                                    {"vocab_size", bpe.vocab_size},
                                    {"train_tokens", train.tokens.size()},
                                    {"heldout_tokens", val.tokens.size()},
                                    {"parameters", tr.layout.total},
                                    {"final_train_loss", last_train},
                                    {"final_train_loss_avg", ema},
                                    {"final_heldout_loss", last_val},
                                    {"unigram_heldout_loss", unigram},
                                    {"train_seconds", loop_s},
                                    {"tokens_per_second", tokens_done / loop_s}};
    if (auto r = pl::write_file_atomically(work / "summary.json", summary.dump(2) + "\n"); !r)
        std::fprintf(stderr, "train_gpt: %s\n", r.error().message.c_str());
    std::printf(
        "wrote %s: train loss %.4f (avg %.4f), held-out %.4f, unigram %.4f nats/token; "
        "%.0f s\n",
        o.out_dir.c_str(), last_train, ema, last_val, unigram, seconds());
    return 0;
}
