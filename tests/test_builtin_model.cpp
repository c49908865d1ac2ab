// The trained built-in model answers store-policy questions: the canonical system prompt and a
// customer question, rendered by the app's own template, decoded greedily on the paged CPU
// backend, give an answer with the words the policy would use, straight after "<assistant>\n",
// and different answers to different questions (returns vs refund timing vs warranty). The
// untrained model (or one that ignores the question) fails it.
#include <QTest>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <map>

#include "core/assets.h"
#include "cpu/cpu_backend.h"
#include "model/gpt_model.h"
#include "prompt/renderer.h"
#include "runner/generator.h"
#include "runner/scenario.h"
#include "test_support.h"

using namespace pl;

namespace {

// The Lumen Camera Store policy: the system prompt of the app's scenarios and of 45% of the chats
// in the training corpus (tools/make_corpus.cpp, Policy{}).
const char* kPolicy =
    "Lumen Camera Store: returns and exchanges policy.\n"
    "You are the support assistant of Lumen Camera Store. Answer politely, briefly and only from "
    "this policy. If the policy does not cover a question, say so and offer to connect the "
    "customer with a person.\n"
    "Returns. Cameras, lenses, flashes and accessories can be returned within 30 days of delivery "
    "for a full refund, as long as they are in the original packaging with every accessory, "
    "manual and cap included. A lens must come back with both caps, the hood and the pouch. "
    "Opened memory cards, cleaning kits and printed photo books cannot be returned, because they "
    "cannot be resold.\n"
    "Refunds. Refunds go back to the original payment method within 5 business days after the "
    "returned item arrives at our warehouse and passes inspection. Shipping costs are refunded "
    "only when the item was damaged or wrong.\n"
    "Exchanges. An exchange for another model is handled as a return plus a new order, so the "
    "price difference is charged or refunded. A faulty item is exchanged for the same model at no "
    "cost within 30 days.\n"
    "Warranty. Every new camera and lens has a two-year warranty against manufacturing defects. "
    "Drops, water damage, sand and broken screens are not covered. Used and refurbished items "
    "carry a one-year warranty.\n"
    "Rentals. Rented lenses must be returned by 6 p.m. on the last rental day. Late returns are "
    "charged one extra rental day per day.\n"
    "Price match. We match the price of an identical new item sold by an authorized dealer within "
    "14 days of purchase.\n"
    "Order status. Orders placed before 2 p.m. ship the same business day. Tracking numbers are "
    "sent by email.";

// A store the training corpus never names, with facts no corpus policy has (make_corpus draws
// return windows from 7-120 days without 40, 45 and 75, refunds without 9 days and warranties of
// one to six years): the model can only answer from the prompt. {RETURN} and {REFUND} are
// filled in by the test.
const char* kOtherPolicy =
    "You are the support assistant of Quillon Photo Works, an online shop for cameras, lenses and "
    "film. Answer briefly and only from the policy below.\n"
    "\n"
    "Shipping\n"
    "Orders placed before 1 p.m. leave our warehouse the same day. Standard delivery takes 2 to 4 "
    "business days and costs 6.50 euros; it is free above 120 euros.\n"
    "\n"
    "Returns\n"
    "Cameras, lenses and accessories can be returned within {RETURN} days of delivery for a full "
    "refund, unused and in the original box. Opened film cannot be returned.\n"
    "\n"
    "Refunds\n"
    "Refunds are paid to the original payment method within {REFUND} business days after the "
    "return reaches our warehouse.\n"
    "\n"
    "Warranty\n"
    "New cameras and lenses carry a seven-year warranty against defects in materials and "
    "workmanship. Drops, sand and water damage are not covered.\n";

std::string other_policy(int return_days, int refund_days) {
    std::string p = kOtherPolicy;
    auto put = [&](const std::string& key, int v) {
        p.replace(p.find(key), key.size(), std::to_string(v));
    };
    put("{RETURN}", return_days);
    put("{REFUND}", refund_days);
    return p;
}

// In-domain prose the corpus does not hold (written for this test): the loss the model gets on
// it, against the best any unigram model could do on the same tokens.
const char* kUnseenProse =
    "Our repair desk looks at every camera that comes back with a fault. A technician checks the "
    "shutter, the sensor and the battery door, and writes down what was found before any part is "
    "replaced. If the damage was caused by a drop or by water, we send you a quote first, and "
    "nothing is repaired until you agree to the price. Most repairs are finished within two "
    "weeks, and the camera is sent back to you with a short report and a new seal on the box.";

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

}  // namespace

class TestBuiltinModel : public QObject {
    Q_OBJECT

    std::shared_ptr<const GptModel> model_;

    // Greedy answer to `question` under the policy, up to the end of the assistant turn.
    // `ended` tells whether the model closed the turn ("</assistant>" or <|endoftext|>).
    std::string answer(const std::string& question, bool* ended = nullptr,
                       const std::string& policy = kPolicy) {
        const ojson body = {
            {"system", policy},
            {"messages", ojson::array({{{"role", "user"}, {"content", question}}})}};
        auto prompt = render_prompt(body, model_->tokenizer(), "test");
        if (!prompt)
            qFatal("%s", prompt.error().message.c_str());
        CpuBackend be(model_, KvPoolLayout{16, 64, 0, 0});
        std::string text;
        bool closed = false;
        const int eot = model_->config().vocab_size - 1;
        auto r = generate(be, prompt->tokens, 80, SamplingParams{}, [&](int32_t id) {
            if (id == eot) {
                closed = true;
                return false;
            }
            text += model_->tokenizer().token_bytes(id);
            closed = text.find("</assistant>") != std::string::npos;
            return !closed;
        });
        if (ended)
            *ended = closed;
        if (!r)
            qFatal("%s", r.error().message.c_str());
        qInfo("Q: %s\nA: %s", question.c_str(), text.c_str());
        return text;
    }

  private slots:
    void initTestCase() {
        auto m = GptModel::load(builtin_model_dir());
        QVERIFY2(m.ok(), m ? "" : m.error().message.c_str());
        model_ = m.value();
        const GptConfig& c = model_->config();
        QCOMPARE(c.n_layer, 4);
        QCOMPARE(c.n_head, 4);
        QCOMPARE(c.n_embd, 256);
        QCOMPARE(c.n_positions, 2048);
        QVERIFY(c.vocab_size >= 1000 && c.vocab_size <= 4000);
    }

    void answersTheQuestion_data() {
        QTest::addColumn<QString>("question");
        QTest::addColumn<QStringList>("expected");    // every word must appear (case-insensitive)
        QTest::addColumn<QStringList>("unexpected");  // none may appear: another topic's answer
        QTest::newRow("return a lens") << "Can I return a lens?" << QStringList{"return", "30 days"}
                                       << QStringList{"warranty", "business days"};
        QTest::newRow("refund time")
            << "When will I get my refund?" << QStringList{"refund", "5 business days"}
            << QStringList{"warranty", "30 days"};
        QTest::newRow("dropped lens")
            << "Is a dropped lens covered by the warranty?" << QStringList{"warranty"}
            << QStringList{"30 days", "business days"};
    }

    void answersTheQuestion() {
        QFETCH(QString, question);
        QFETCH(QStringList, expected);
        QFETCH(QStringList, unexpected);
        bool ended = false;
        const std::string got = lower(answer(question.toStdString(), &ended));
        // The answer starts right after "<assistant>\n" (no repeated opening tag) and the model
        // closes its turn.
        QVERIFY2(got.find("<assistant>") == std::string::npos, got.c_str());
        std::string unclosed = "no </assistant> or <|endoftext|> within 80 tokens: ";
        unclosed += got;
        QVERIFY2(ended, unclosed.c_str());
        for (const QString& word : expected) {
            std::string why = "missing \"";  // built by appends: GCC 12's -Wrestrict misfires
            why += word.toStdString();       // on "literal" + std::string&&
            why += "\" in: ";
            why += got;
            QVERIFY2(got.find(lower(word.toStdString())) != std::string::npos, why.c_str());
        }
        for (const QString& word : unexpected) {
            std::string why = "unexpected \"";
            why += word.toStdString();
            why += "\" (another topic's answer) in: ";
            why += got;
            QVERIFY2(got.find(lower(word.toStdString())) == std::string::npos, why.c_str());
        }
    }

    // A policy written here, with facts the corpus never pairs with a store: the answers quote
    // this prompt's numbers, never the canonical Lumen ones the model has seen thousands of times.
    // A policy the corpus never saw, asked six ways: at least five answers carry its facts (the
    // number of days, or the warranty's length) and none of Lumen's; no answer recites Lumen's
    // return window, refund time or name.
    void readsAnotherPolicy() {
        const struct {
            const char* question;
            const char* expected;
        } asks[] = {
            {"Can I return a lens?", "75 days"},
            {"How long do I have to send back a camera?", "75 days"},
            {"What is your return window?", "75 days"},
            {"When will I get my refund?", "9 business days"},
            {"How long does a refund take?", "9 business days"},
            {"How long is the warranty on a new camera?", "seven-year"},
        };
        int right = 0;
        std::string missed;
        for (const auto& ask : asks) {
            const std::string got = lower(answer(ask.question, nullptr, other_policy(75, 9)));
            QVERIFY2(got.find(" 19 business") == std::string::npos, got.c_str());
            // Reciting Lumen's return window, refund time or name fails outright.
            for (const char* lumen : {"30 days", "5 business days", "lumen"}) {
                std::string w = "Lumen's \"";
                w += lumen;
                w += "\" in: ";
                w += got;
                QVERIFY2(got.find(lumen) == std::string::npos, w.c_str());
            }
            // Lumen's warranties (two years for new items, one for accessories) make a miss.
            const bool lumenWarranty = got.find("two-year") != std::string::npos ||
                                       got.find("one-year") != std::string::npos;
            if (got.find(ask.expected) != std::string::npos && !lumenWarranty)
                ++right;
            else
                missed += std::string("\n  ") + ask.question + " -> " + got;
        }
        qInfo("%d of 6 answers carry the policy's fact%s", right, missed.c_str());
        QVERIFY2(right >= 5, missed.c_str());
    }

    // Change a fact in the prompt and the answer follows it.
    void answerFollowsTheFact() {
        const std::string a = lower(answer("Can I return a lens?", nullptr, other_policy(52, 9)));
        QVERIFY2(a.find("52 days") != std::string::npos && a.find("75") == std::string::npos,
                 a.c_str());
        const std::string b =
            lower(answer("When will I get my refund?", nullptr, other_policy(75, 12)));
        QVERIFY2(b.find("12 business days") != std::string::npos, b.c_str());
    }

    // On in-domain prose it never saw, the model predicts far better than a unigram model of
    // in-domain text (token frequencies over every built-in scenario's prompt, add-one smoothed),
    // and better than even the text's own token frequencies, the best any unigram model could do
    // on it.
    void predictsUnseenProse() {
        const BpeTokenizer& tok = model_->tokenizer();
        const std::vector<int32_t> ids = tok.encode(kUnseenProse);
        const int n = static_cast<int>(ids.size());
        QVERIFY(n > 50 && n < 16 * 64);
        CpuBackend be(model_, KvPoolLayout{16, 64, 0, 0});
        std::vector<int32_t> table(64);
        for (int i = 0; i < 64; ++i)
            table[static_cast<std::size_t>(i)] = i;
        const int V = model_->config().vocab_size;
        std::vector<float> logits(static_cast<std::size_t>(V));
        double nats = 0.0;
        for (int i = 0; i + 1 < n; ++i) {
            const int32_t t = ids[static_cast<std::size_t>(i)];
            auto r = be.forward(table, i, std::span<const int32_t>(&t, 1), logits);
            QVERIFY2(r.ok(), r ? "" : r.error().message.c_str());
            const float mx = *std::max_element(logits.begin(), logits.end());
            double sum = 0.0;
            for (float z : logits)
                sum += std::exp(static_cast<double>(z - mx));
            nats += std::log(sum) -
                    static_cast<double>(logits[static_cast<std::size_t>(ids[i + 1])] - mx);
        }
        // The in-domain unigram model: every built-in scenario's prompts, as the app renders them.
        std::vector<double> counts(static_cast<std::size_t>(V), 1.0);
        double total = V;
        for (const auto& name : builtin_scenario_names()) {
            auto sc = load_scenario(name);
            QVERIFY(sc.ok());
            for (const auto& req : sc->requests) {
                auto prompt = render_prompt(req.body, tok, req.where);
                QVERIFY(prompt.ok());
                for (int32_t id : prompt->tokens) {
                    counts[static_cast<std::size_t>(id)] += 1;
                    total += 1;
                }
            }
        }
        double unigram = 0.0;
        std::map<int32_t, int> own;
        for (int i = 1; i < n; ++i) {
            unigram -= std::log(counts[static_cast<std::size_t>(ids[i])] / total);
            ++own[ids[static_cast<std::size_t>(i)]];
        }
        double oracle = 0.0;
        for (const auto& [id, c] : own)
            oracle -= c * std::log(static_cast<double>(c) / (n - 1));
        const double bytes = static_cast<double>(std::strlen(kUnseenProse));
        auto bpb = [&](double total_nats) { return total_nats / std::log(2.0) / bytes; };
        qInfo(
            "unseen prose, %d tokens: model %.3f nats/token (%.3f bits/byte); in-domain unigram "
            "%.3f (%.3f); the text's own unigram %.3f (%.3f); uniform %.3f",
            n - 1, nats / (n - 1), bpb(nats), unigram / (n - 1), bpb(unigram), oracle / (n - 1),
            bpb(oracle), std::log(static_cast<double>(V)));
        QVERIFY2(nats < 0.8 * unigram, "not well below the in-domain unigram model");
        QVERIFY2(nats < oracle, "not below the text's own unigram model");
    }
};

QTEST_GUILESS_MAIN(TestBuiltinModel)
#include "test_builtin_model.moc"
