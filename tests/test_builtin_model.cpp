// The trained built-in model answers store-policy questions: the canonical system prompt and a
// customer question, rendered by the app's own template, decoded greedily on the paged CPU
// backend, give an answer with the words the policy would use, straight after "<assistant>\n",
// and different answers to different questions (returns vs refund timing vs warranty). The
// untrained model (or one that ignores the question) fails it.
#include <QTest>
#include <algorithm>
#include <cctype>

#include "core/assets.h"
#include "cpu/cpu_backend.h"
#include "model/gpt_model.h"
#include "prompt/renderer.h"
#include "runner/generator.h"
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
    std::string answer(const std::string& question, bool* ended = nullptr) {
        const ojson body = {
            {"system", kPolicy},
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
};

QTEST_GUILESS_MAIN(TestBuiltinModel)
#include "test_builtin_model.moc"
