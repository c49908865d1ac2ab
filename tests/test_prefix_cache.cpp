// The chain hash (SPEC §3) and the prefix cache (SPEC §4): each test states what a user of
// `prefixlens run` would see go wrong if it failed.
#include <QCryptographicHash>
#include <QtTest>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "cache/chain_hasher.h"
#include "cache/prefix_cache.h"

using pl::Admission;
using pl::BlockHash;
using pl::BlockStatus;
using pl::ChainHasher;
using pl::Eviction;
using pl::EvictionReason;
using pl::PrefixCache;
using pl::PromptBlockState;

namespace {

// SPEC §3 spelled out independently of ChainHasher: the bytes are assembled here by hand.
QByteArray le32(const std::vector<int32_t>& tokens) {
    QByteArray out;
    for (const int32_t t : tokens) {
        const auto v = static_cast<uint32_t>(t);
        for (int shift = 0; shift < 32; shift += 8) {
            out.append(static_cast<char>((v >> shift) & 0xff));
        }
    }
    return out;
}

QByteArray spec_root(const std::optional<std::string>& salt) {
    if (!salt || salt->empty()) {
        return QByteArray(32, '\0');
    }
    return QCryptographicHash::hash(QByteArray::fromStdString(*salt), QCryptographicHash::Sha256);
}

std::vector<QByteArray> spec_chain(const std::vector<int32_t>& tokens, int block_size,
                                   const std::optional<std::string>& salt) {
    std::vector<QByteArray> out;
    QByteArray parent = spec_root(salt);
    for (std::size_t b = 0; (b + 1) * block_size <= tokens.size(); ++b) {
        const std::vector<int32_t> block(
            tokens.begin() + static_cast<std::ptrdiff_t>(b * block_size),
            tokens.begin() + static_cast<std::ptrdiff_t>((b + 1) * block_size));
        parent = QCryptographicHash::hash(parent + le32(block), QCryptographicHash::Sha256);
        out.push_back(parent);
    }
    return out;
}

QByteArray bytes_of(const BlockHash& h) {
    return QByteArray(reinterpret_cast<const char*>(h.data()), static_cast<qsizetype>(h.size()));
}

std::vector<int32_t> iota_tokens(int n, int32_t start = 100) {
    std::vector<int32_t> v(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        v[static_cast<std::size_t>(i)] = start + i;
    }
    return v;
}

PrefixCache make_cache(int capacity, int block_size, std::optional<double> ttl = std::nullopt) {
    auto r = PrefixCache::create(capacity, block_size, ttl);
    if (!r.ok()) {
        qFatal("%s", r.error().message.c_str());
    }
    return std::move(r).value();
}

// Runs a whole request the way a runner would: prefill, then decode `out_tokens` tokens.
Admission run_request(PrefixCache& cache, const std::vector<int32_t>& prompt, double now,
                      std::optional<std::string_view> salt = std::nullopt, int out_tokens = 0,
                      bool release = true) {
    auto adm = cache.begin(prompt, salt, now, out_tokens);
    if (!adm.ok()) {
        qFatal("%s", adm.error().message.c_str());
    }
    const pl::SequenceId seq = adm->sequence;
    if (!cache.commit(seq, static_cast<int>(prompt.size()), now).ok()) {
        qFatal("commit failed");
    }
    for (int i = 0; i < out_tokens; ++i) {
        if (!cache.append_token(seq, 9000 + i, now).ok() ||
            !cache.commit(seq, cache.num_tokens(seq), now).ok()) {
            qFatal("decode failed");
        }
    }
    if (release && !cache.release(seq, now).ok()) {
        qFatal("release failed");
    }
    return std::move(adm).value();
}

std::vector<int> eviction_ids(const std::vector<Eviction>& ev) {
    std::vector<int> ids;
    for (const Eviction& e : ev) {
        ids.push_back(e.block_id);
    }
    return ids;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// An obviously-correct model of SPEC §4 for the randomized test: blocks are identified by their
// salt and full token prefix (no hashing), the free queue is a vector, lookups are linear scans.

namespace {

struct RefKey {
    std::string salt;  // "" = no salt
    std::vector<int32_t> prefix;
    bool operator==(const RefKey&) const = default;
};

struct RefEviction {
    int block_id;
    bool ttl;
    RefKey key;
};

struct RefModel {
    struct Blk {
        int ref = 0;
        std::optional<RefKey> key;
        double last = 0.0;
    };
    struct Seq {
        std::string salt;
        std::vector<int32_t> tokens;
        std::vector<int> table;
        int computed = 0;
        int committed_blocks = 0;
    };
    struct BeginOut {
        int error = 0;  // 0 ok, 1 never fits, 2 busy
        int cached = 0;
        std::vector<int> table;
        std::vector<RefEviction> evicted;
    };
    struct AppendOut {
        bool ok = true;
        std::optional<int> new_block;
        std::vector<RefEviction> evicted;
    };

    int cap;
    int bs;
    std::optional<double> ttl;
    std::vector<Blk> blocks;
    std::vector<int> queue;
    std::map<int64_t, Seq> seqs;
    std::vector<RefEviction> pending;
    int64_t queries = 0;
    int64_t hits = 0;

    RefModel(int capacity, int block_size, std::optional<double> ttl_s)
        : cap(capacity), bs(block_size), ttl(ttl_s), blocks(static_cast<std::size_t>(capacity)) {
        for (int i = 0; i < capacity; ++i) {
            queue.push_back(i);
        }
    }

    int find(const RefKey& k) const {
        for (int i = 0; i < cap; ++i) {
            if (blocks[static_cast<std::size_t>(i)].key == k) {
                return i;
            }
        }
        return -1;
    }

    std::vector<RefEviction> expire(double now) {
        std::vector<RefEviction> out;
        if (!ttl) {
            return out;
        }
        for (const int id : queue) {
            Blk& b = blocks[static_cast<std::size_t>(id)];
            if (b.key && now - b.last >= *ttl) {
                out.push_back({id, true, *b.key});
                b.key.reset();
            }
        }
        return out;
    }

    std::vector<RefEviction> consult(double now) {
        std::vector<RefEviction> out = pending;
        pending.clear();
        for (RefEviction& e : expire(now)) {
            out.push_back(std::move(e));
        }
        return out;
    }

    int take(double now, std::vector<RefEviction>& ev) {
        const int id = queue.front();
        queue.erase(queue.begin());
        Blk& b = blocks[static_cast<std::size_t>(id)];
        if (b.key) {
            ev.push_back({id, false, *b.key});
            b.key.reset();
        }
        b.ref = 1;
        b.last = now;
        return id;
    }

    RefKey key_of(const std::string& salt, const std::vector<int32_t>& tokens, int block) const {
        return RefKey{salt,
                      std::vector<int32_t>(tokens.begin(), tokens.begin() + (block + 1) * bs)};
    }

    BeginOut begin(int64_t id, const std::vector<int32_t>& prompt, const std::string& salt,
                   double now, int reserve) {
        BeginOut out;
        const int p = static_cast<int>(prompt.size());
        const int needed = (p + reserve + bs - 1) / bs;
        if (needed > cap) {
            out.error = 1;
            return out;
        }
        out.evicted = consult(now);
        std::vector<int> hit;
        for (int b = 0; b < (p - 1) / bs; ++b) {
            const int found = find(key_of(salt, prompt, b));
            if (found < 0) {
                break;
            }
            hit.push_back(found);
        }
        int free_hits = 0;
        for (const int h : hit) {
            free_hits += blocks[static_cast<std::size_t>(h)].ref == 0 ? 1 : 0;
        }
        const int n_new = needed - static_cast<int>(hit.size());
        if (n_new > static_cast<int>(queue.size()) - free_hits) {
            pending = out.evicted;
            out.evicted.clear();
            out.error = 2;
            return out;
        }
        Seq s;
        s.salt = salt;
        s.tokens = prompt;
        for (const int h : hit) {
            Blk& b = blocks[static_cast<std::size_t>(h)];
            if (b.ref == 0) {
                queue.erase(std::find(queue.begin(), queue.end(), h));
            }
            ++b.ref;
            b.last = now;
            s.table.push_back(h);
        }
        for (int i = 0; i < n_new; ++i) {
            s.table.push_back(take(now, out.evicted));
        }
        s.computed = static_cast<int>(hit.size()) * bs;
        s.committed_blocks = static_cast<int>(hit.size());
        out.cached = s.computed;
        out.table = s.table;
        queries += p;
        hits += out.cached;
        seqs[id] = s;
        return out;
    }

    AppendOut append(int64_t id, int32_t token, double now) {
        AppendOut out;
        Seq& s = seqs.at(id);
        out.evicted = consult(now);
        if (static_cast<int>(s.tokens.size()) + 1 > static_cast<int>(s.table.size()) * bs) {
            if (static_cast<int>(s.table.size()) >= cap || queue.empty()) {
                pending = out.evicted;
                out.evicted.clear();
                out.ok = false;
                return out;
            }
            const int b = take(now, out.evicted);
            s.table.push_back(b);
            out.new_block = b;
        }
        s.tokens.push_back(token);
        return out;
    }

    // Returns (block index, registered) of each block stored.
    std::vector<std::pair<int, bool>> commit(int64_t id, int computed, double now) {
        std::vector<std::pair<int, bool>> out;
        Seq& s = seqs.at(id);
        s.computed = computed;
        for (int b = s.committed_blocks; b < computed / bs; ++b) {
            RefKey k = key_of(s.salt, s.tokens, b);
            const bool fresh = find(k) < 0;
            if (fresh) {
                Blk& blk = blocks[static_cast<std::size_t>(s.table[static_cast<std::size_t>(b)])];
                blk.key = std::move(k);
                blk.last = now;
            }
            out.emplace_back(b, fresh);
        }
        s.committed_blocks = std::max(s.committed_blocks, computed / bs);
        return out;
    }

    void release(int64_t id, double now) {
        const Seq& s = seqs.at(id);
        for (auto it = s.table.rbegin(); it != s.table.rend(); ++it) {
            Blk& b = blocks[static_cast<std::size_t>(*it)];
            --b.ref;
            b.last = now;
            if (b.ref == 0) {
                queue.push_back(*it);
            }
        }
        seqs.erase(id);
    }
};

// Hashes a reference key through the independent spec_chain, memoised: the randomized test
// compares thousands of evictions.
class KeyHasher {
  public:
    QByteArray operator()(const RefKey& k, int block_size) {
        auto it = memo_.find({k.salt, k.prefix});
        if (it != memo_.end()) {
            return it->second;
        }
        const std::optional<std::string> salt =
            k.salt.empty() ? std::nullopt : std::optional<std::string>(k.salt);
        const QByteArray h = spec_chain(k.prefix, block_size, salt).back();
        memo_.emplace(std::make_pair(k.salt, k.prefix), h);
        return h;
    }
    void clear() { memo_.clear(); }

  private:
    std::map<std::pair<std::string, std::vector<int32_t>>, QByteArray> memo_;
};

}  // namespace

class TestPrefixCache : public QObject {
    Q_OBJECT

  private slots:
    void hashMatchesSpecBytes();
    void hashKnownVectors();
    void hexIsLowercase64();
    void editChangesOnlyThatBlockAndLater();
    void saltChangesEveryHash();
    void partialBlocksNeverStored();
    void decodeBlocksAreStored();
    void oneTokenRule();
    void hitSharesPhysicalBlocks();
    void releaseIsLruTailFirst();
    void evictionOrderIsTailFirst();
    void blockInUseNeverEvicted();
    void fullPoolIsAClearError();
    void requestLargerThanPoolIsAClearError();
    void ttlExpiresAndHitRefreshes();
    void ttlExpiryFromFailedBeginIsNotLost();
    void saltIsolatesTenants();
    void duplicateBlockIsNotRegisteredTwice();
    void badArgumentsAreErrors();
    void randomizedAgainstReference();
    void measureHashAndLookup();
};

void TestPrefixCache::hashMatchesSpecBytes() {
    std::mt19937 rng(7);
    std::uniform_int_distribution<int32_t> tok(0, 50256);
    for (const int bs : {1, 3, 16, 17, 64, 100}) {
        for (const std::optional<std::string>& salt :
             {std::optional<std::string>(), std::optional<std::string>("tenant-α")}) {
            std::vector<int32_t> tokens(static_cast<std::size_t>(bs * 4 + bs / 2));
            for (int32_t& t : tokens) {
                t = tok(rng);
            }
            const auto got = pl::hash_blocks(
                tokens, bs, salt ? std::optional<std::string_view>(*salt) : std::nullopt);
            const auto want = spec_chain(tokens, bs, salt);
            QCOMPARE(got.size(), want.size());
            for (std::size_t i = 0; i < got.size(); ++i) {
                QCOMPARE(bytes_of(got[i]), want[i]);
            }
            // The incremental form continues the same chain.
            BlockHash h = ChainHasher::root_for(salt);
            QCOMPARE(bytes_of(h), spec_root(salt));
            for (std::size_t i = 0; i < got.size(); ++i) {
                h = ChainHasher::hash_next(
                    h, std::span(tokens).subspan(i * static_cast<std::size_t>(bs),
                                                 static_cast<std::size_t>(bs)));
                QCOMPARE(h, got[i]);
            }
        }
    }
}

void TestPrefixCache::hashKnownVectors() {
    // Digests computed once with Python's hashlib from the bytes SPEC §3 describes.
    std::vector<int32_t> b0, b1;
    for (int i = 0; i < 16; ++i) {
        b0.push_back(i * 3331 + 7);
        b1.push_back(50256 - i);
    }
    std::vector<int32_t> tokens = b0;
    tokens.insert(tokens.end(), b1.begin(), b1.end());
    tokens.push_back(1);  // a partial third block, which must not be hashed
    const auto h = pl::hash_blocks(tokens, 16, std::nullopt);
    QCOMPARE(h.size(), std::size_t{2});
    QCOMPARE(QString::fromStdString(pl::to_hex(h[0])),
             QStringLiteral("c4279705d061bbba518368ad4736a7cb825b561059fe95504fae7f8b6b824b46"));
    QCOMPARE(QString::fromStdString(pl::to_hex(h[1])),
             QStringLiteral("fee00e9aeb7e0e79e42baaf19f6952d65f1ddd455c46b2d5354a907489527bc4"));
    QCOMPARE(QString::fromStdString(pl::to_hex(ChainHasher::root_for("tenant-α"))),
             QStringLiteral("7cb3a41ec4bf527e16bb2beeb925c7c5027627622ee292f52a82e17fd47d6fc3"));
    QCOMPARE(QString::fromStdString(pl::to_hex(pl::hash_blocks(b0, 16, "tenant-α")[0])),
             QStringLiteral("f888bc15d84365de53688a61cb2abc0df0a4dbd8b0ad98895e414691d35ace50"));
}

void TestPrefixCache::hexIsLowercase64() {
    BlockHash h{};
    h[0] = 0xAB;
    h[31] = 0x0F;
    const std::string hex = pl::to_hex(h);
    QCOMPARE(hex.size(), std::size_t{64});
    QCOMPARE(hex.substr(0, 2), std::string("ab"));
    QCOMPARE(hex.substr(62), std::string("0f"));
    QCOMPARE(QString::fromStdString(hex), QString::fromLatin1(bytes_of(h).toHex()));
}

void TestPrefixCache::editChangesOnlyThatBlockAndLater() {
    const int bs = 16;
    const std::vector<int32_t> base = iota_tokens(bs * 6 + 5);
    const auto h_base = pl::hash_blocks(base, bs, std::nullopt);
    QCOMPARE(h_base.size(), std::size_t{6});
    for (int k = 0; k < 6; ++k) {
        for (const int offset : {0, 7, bs - 1}) {
            std::vector<int32_t> edited = base;
            edited[static_cast<std::size_t>(k * bs + offset)] += 1;
            const auto h = pl::hash_blocks(edited, bs, std::nullopt);
            for (int b = 0; b < 6; ++b) {
                if (b < k) {
                    QCOMPARE(h[static_cast<std::size_t>(b)], h_base[static_cast<std::size_t>(b)]);
                } else {
                    QVERIFY(h[static_cast<std::size_t>(b)] != h_base[static_cast<std::size_t>(b)]);
                }
            }
        }
    }
    // An edit in the trailing partial block changes nothing that is hashed.
    std::vector<int32_t> tail_edit = base;
    tail_edit.back() += 1;
    QCOMPARE(pl::hash_blocks(tail_edit, bs, std::nullopt), h_base);
}

void TestPrefixCache::saltChangesEveryHash() {
    const std::vector<int32_t> tokens = iota_tokens(16 * 5);
    const auto none = pl::hash_blocks(tokens, 16, std::nullopt);
    const auto alice = pl::hash_blocks(tokens, 16, "alice");
    const auto alice2 = pl::hash_blocks(tokens, 16, std::string("alice"));
    const auto bob = pl::hash_blocks(tokens, 16, "bob");
    QCOMPARE(alice, alice2);
    for (std::size_t i = 0; i < none.size(); ++i) {
        QVERIFY(alice[i] != none[i]);
        QVERIFY(bob[i] != none[i]);
        QVERIFY(alice[i] != bob[i]);
    }
    // An empty salt is no salt (vLLM treats cache_salt "" the same way).
    QCOMPARE(pl::hash_blocks(tokens, 16, ""), none);
}

void TestPrefixCache::partialBlocksNeverStored() {
    PrefixCache cache = make_cache(8, 16);
    const std::vector<int32_t> prompt = iota_tokens(20);
    const Admission a = run_request(cache, prompt, 0.0);
    QCOMPARE(a.blocks.size(), std::size_t{2});
    QCOMPARE(a.blocks[1].state, PromptBlockState::Partial);
    QVERIFY(!a.blocks[1].hash.has_value());
    QCOMPARE(a.blocks[1].num_tokens, 4);
    QCOMPARE(cache.num_cached(), 1);
    QCOMPARE(cache.block(a.blocks[1].block_id).status, BlockStatus::FreeEmpty);
    // The same 20 tokens again: only the full block can be reused.
    const Admission b = run_request(cache, prompt, 1.0);
    QCOMPARE(b.cached_tokens, 16);
    QCOMPARE(cache.num_cached(), 1);
}

void TestPrefixCache::decodeBlocksAreStored() {
    PrefixCache cache = make_cache(8, 4);
    const std::vector<int32_t> prompt = iota_tokens(6);
    auto adm = cache.begin(prompt, std::nullopt, 0.0, 6);
    QVERIFY(adm.ok());
    QCOMPARE(adm->block_table.size(), std::size_t{3});  // 6 prompt + 6 reserved
    auto c = cache.commit(adm->sequence, 6, 0.0);
    QVERIFY(c.ok());
    QCOMPARE(c->stored.size(), std::size_t{1});
    std::vector<int32_t> all = prompt;
    for (int32_t t = 500; t < 503; ++t) {
        auto ap = cache.append_token(adm->sequence, t, 0.0);
        QVERIFY(ap.ok());
        QVERIFY(!ap->new_block_id.has_value());  // reserved up front
        all.push_back(t);
        c = cache.commit(adm->sequence, static_cast<int>(all.size()), 0.0);
        QVERIFY(c.ok());
        // Token 8 fills block 1 (half prompt, half output): it is stored in decode.
        QCOMPARE(c->stored.size(), all.size() == 8 ? std::size_t{1} : std::size_t{0});
        if (all.size() == 8) {
            QCOMPARE(c->stored[0].index, 1);
            QCOMPARE(c->stored[0].hash, pl::hash_blocks(all, 4, std::nullopt)[1]);
            QCOMPARE(c->stored[0].parent, pl::hash_blocks(all, 4, std::nullopt)[0]);
        }
    }
    QVERIFY(cache.release(adm->sequence, 1.0).ok());
    // A follow-up turn that repeats prompt and output reuses the decode-filled block too.
    std::vector<int32_t> turn2 = all;
    turn2.push_back(7);
    const Admission b = run_request(cache, turn2, 2.0);
    QCOMPARE(b.cached_tokens, 8);
}

void TestPrefixCache::oneTokenRule() {
    PrefixCache cache = make_cache(16, 16);
    const std::vector<int32_t> prompt = iota_tokens(32);
    const Admission first = run_request(cache, prompt, 0.0);
    QCOMPARE(first.cached_tokens, 0);
    QCOMPARE(cache.num_cached(), 2);
    // Both blocks are cached, but the last token's logits must be computed.
    const Admission again = run_request(cache, prompt, 1.0);
    QCOMPARE(again.cached_tokens, 16);
    QCOMPARE(again.computed_tokens(), 16);
    QCOMPARE(again.blocks[0].state, PromptBlockState::Hit);
    QCOMPARE(again.blocks[1].state, PromptBlockState::Computed);
    QVERIFY(again.blocks[1].hash.has_value());
    // One more token and both blocks can be reused.
    std::vector<int32_t> longer = prompt;
    longer.push_back(1);
    const Admission more = run_request(cache, longer, 2.0);
    QCOMPARE(more.cached_tokens, 32);
    // A single-block prompt can never hit.
    const Admission tiny = run_request(cache, iota_tokens(16), 3.0);
    QCOMPARE(tiny.cached_tokens, 0);
    QCOMPARE(cache.counters().queries, int64_t{32 + 32 + 33 + 16});
    QCOMPARE(cache.counters().hits, int64_t{16 + 32});
}

void TestPrefixCache::hitSharesPhysicalBlocks() {
    PrefixCache cache = make_cache(16, 4);
    const std::vector<int32_t> prompt = iota_tokens(13);
    const Admission a = run_request(cache, prompt, 0.0, std::nullopt, 0, /*release=*/false);
    auto b = cache.begin(prompt, std::nullopt, 1.0);
    QVERIFY(b.ok());
    QCOMPARE(b->cached_tokens, 12);
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(b->block_table[static_cast<std::size_t>(i)],
                 a.block_table[static_cast<std::size_t>(i)]);
        QCOMPARE(cache.block(a.block_table[static_cast<std::size_t>(i)]).ref_count, 2);
    }
    QVERIFY(b->block_table[3] != a.block_table[3]);
    QCOMPARE(cache.num_in_use(), 5);
}

void TestPrefixCache::releaseIsLruTailFirst() {
    PrefixCache cache = make_cache(6, 2);
    QCOMPARE(cache.free_queue(), (std::vector<int>{0, 1, 2, 3, 4, 5}));
    const Admission a = run_request(cache, iota_tokens(6), 0.0);  // blocks 0,1,2
    QCOMPARE(a.block_table, (std::vector<int32_t>{0, 1, 2}));
    // Untouched blocks first, then the finished request's blocks tail first.
    QCOMPARE(cache.free_queue(), (std::vector<int>{3, 4, 5, 2, 1, 0}));
    QCOMPARE(cache.next_victim(), std::optional<int>(3));
    // A hit pulls blocks out of the queue; releasing puts them back at the tail, tail first.
    const Admission b = run_request(cache, iota_tokens(5), 1.0);  // hits 0,1; new block 3
    QCOMPARE(b.cached_tokens, 4);
    QCOMPARE(b.block_table, (std::vector<int32_t>{0, 1, 3}));
    QCOMPARE(cache.free_queue(), (std::vector<int>{4, 5, 2, 3, 1, 0}));
    QCOMPARE(cache.block(2).status, BlockStatus::CachedFree);
    QCOMPARE(cache.block(3).status, BlockStatus::FreeEmpty);
    QCOMPARE(cache.num_cached_free(), 3);
    QCOMPARE(cache.num_free_empty(), 3);
}

void TestPrefixCache::evictionOrderIsTailFirst() {
    PrefixCache cache = make_cache(4, 2);
    const Admission a = run_request(cache, iota_tokens(8), 0.0);  // fills all 4 blocks
    QCOMPARE(cache.num_cached(), 4);
    QCOMPARE(cache.free_queue(), (std::vector<int>{3, 2, 1, 0}));
    // An unrelated 4-token prompt takes two blocks: the deepest two of the chain go.
    const Admission b = run_request(cache, iota_tokens(4, 900), 1.0);
    QCOMPARE(b.evicted.size(), std::size_t{2});
    QCOMPARE(eviction_ids(b.evicted), (std::vector<int>{3, 2}));
    QCOMPARE(b.evicted[0].hash, *a.blocks[3].hash);
    QCOMPARE(b.evicted[1].hash, *a.blocks[2].hash);
    QCOMPARE(b.evicted[0].reason, EvictionReason::Capacity);
    // The surviving prefix still hits.
    const Admission c = run_request(cache, iota_tokens(5), 2.0);
    QCOMPARE(c.cached_tokens, 4);
}

void TestPrefixCache::blockInUseNeverEvicted() {
    PrefixCache cache = make_cache(4, 2);
    const Admission a = run_request(cache, iota_tokens(4), 0.0, std::nullopt, 0, false);
    // Two blocks are pinned; a stream of other prompts cycles through the other two only.
    for (int i = 0; i < 20; ++i) {
        const Admission x = run_request(cache, iota_tokens(4, 1000 + 10 * i), 1.0 + i);
        for (const int32_t id : x.block_table) {
            QVERIFY(id != a.block_table[0] && id != a.block_table[1]);
        }
        for (const Eviction& e : x.evicted) {
            QVERIFY(e.block_id != a.block_table[0] && e.block_id != a.block_table[1]);
        }
        QVERIFY(cache.num_in_use() + cache.num_free() == cache.capacity_blocks());
    }
    QCOMPARE(cache.lookup(*a.blocks[0].hash), std::optional<int>(a.block_table[0]));
    QCOMPARE(cache.block(a.block_table[1]).status, BlockStatus::InUse);
}

void TestPrefixCache::fullPoolIsAClearError() {
    PrefixCache cache = make_cache(4, 2);
    auto a = cache.begin(iota_tokens(6), std::nullopt, 0.0);  // 3 blocks
    QVERIFY(a.ok());
    auto b = cache.begin(iota_tokens(4, 500), std::nullopt, 0.0);  // needs 2, 1 free
    QVERIFY(!b.ok());
    QVERIFY(b.error().message.find("busy") != std::string::npos);
    QVERIFY(b.error().message.find("release") != std::string::npos);
    // Nothing changed for the running request, and the pool is intact.
    QCOMPARE(cache.num_in_use(), 3);
    QCOMPARE(cache.num_running(), 1);
    QVERIFY(cache.release(a->sequence, 1.0).ok());
    QVERIFY(cache.begin(iota_tokens(4, 500), std::nullopt, 1.0).ok());
    // Decode past the reservation with no free block is an error too, not an overrun.
    PrefixCache small = make_cache(2, 2);
    auto s = small.begin(iota_tokens(4), std::nullopt, 0.0);
    QVERIFY(s.ok());
    auto ap = small.append_token(s->sequence, 1, 0.0);
    QVERIFY(!ap.ok());
    QCOMPARE(small.num_tokens(s->sequence), 4);
    QCOMPARE(small.num_in_use(), 2);
}

void TestPrefixCache::requestLargerThanPoolIsAClearError() {
    PrefixCache cache = make_cache(4, 16);
    auto r = cache.begin(iota_tokens(65), std::nullopt, 0.0);
    QVERIFY(!r.ok());
    QVERIFY(r.error().message.find("needs 5 KV blocks") != std::string::npos);
    QVERIFY(r.error().message.find("only 4") != std::string::npos);
    // Reserved output tokens count too.
    auto r2 = cache.begin(iota_tokens(60), std::nullopt, 0.0, 10);
    QVERIFY(!r2.ok());
    QVERIFY(cache.begin(iota_tokens(64), std::nullopt, 0.0).ok());
}

void TestPrefixCache::ttlExpiresAndHitRefreshes() {
    PrefixCache cache = make_cache(8, 4, 300.0);
    const std::vector<int32_t> prompt = iota_tokens(9);
    run_request(cache, prompt, 0.0);
    QCOMPARE(cache.num_cached(), 2);
    // 299 s later: a hit, which restarts the clock.
    const Admission a = run_request(cache, prompt, 299.0);
    QCOMPARE(a.cached_tokens, 8);
    QVERIFY(a.evicted.empty());
    // 598 s after the start but only 299 s after the hit: still there.
    const Admission b = run_request(cache, prompt, 598.0);
    QCOMPARE(b.cached_tokens, 8);
    // Exactly ttl_s after the last use: gone, reported as TTL evictions, tail first.
    const Admission c = run_request(cache, prompt, 898.0);
    QCOMPARE(c.cached_tokens, 0);
    QCOMPARE(c.evicted.size(), std::size_t{2});
    QCOMPARE(c.evicted[0].reason, EvictionReason::Ttl);
    QCOMPARE(c.evicted[0].hash, *b.blocks[1].hash);
    QCOMPARE(c.evicted[1].hash, *b.blocks[0].hash);
    QCOMPARE(cache.counters().evicted_ttl, int64_t{2});
    // A block held by a running request never expires, however long it runs.
    PrefixCache pinned = make_cache(8, 4, 300.0);
    const Admission p = run_request(pinned, prompt, 0.0, std::nullopt, 0, false);
    QVERIFY(pinned.expire(10000.0).empty());
    QVERIFY(pinned.release(p.sequence, 10000.0).ok());
    QCOMPARE(run_request(pinned, prompt, 10100.0).cached_tokens, 8);
}

void TestPrefixCache::ttlExpiryFromFailedBeginIsNotLost() {
    PrefixCache cache = make_cache(3, 2, 10.0);
    run_request(cache, iota_tokens(3), 0.0);  // one cached block, one empty
    auto hold = cache.begin(iota_tokens(2, 700), std::nullopt, 1.0);
    QVERIFY(hold.ok());
    auto fail = cache.begin(iota_tokens(6, 800), std::nullopt, 20.0);  // 3 blocks: busy
    QVERIFY(!fail.ok());
    QVERIFY(cache.release(hold->sequence, 20.0).ok());
    const Admission ok = run_request(cache, iota_tokens(6, 800), 20.0);
    QCOMPARE(ok.evicted.size(), std::size_t{1});
    QCOMPARE(ok.evicted[0].reason, EvictionReason::Ttl);
}

void TestPrefixCache::saltIsolatesTenants() {
    PrefixCache cache = make_cache(16, 4);
    const std::vector<int32_t> prompt = iota_tokens(17);
    run_request(cache, prompt, 0.0, "alice");
    QCOMPARE(run_request(cache, prompt, 1.0, "bob").cached_tokens, 0);
    QCOMPARE(run_request(cache, prompt, 2.0).cached_tokens, 0);
    QCOMPARE(run_request(cache, prompt, 3.0, "alice").cached_tokens, 16);
    QCOMPARE(run_request(cache, prompt, 4.0, "bob").cached_tokens, 16);
    const Admission a = run_request(cache, prompt, 5.0, "alice");
    QCOMPARE(a.blocks[0].parent, ChainHasher::root_for("alice"));
    QCOMPARE(cache.probe(prompt, "carol"), 0);
    QCOMPARE(cache.probe(prompt, "alice"), 4);
}

void TestPrefixCache::duplicateBlockIsNotRegisteredTwice() {
    PrefixCache cache = make_cache(8, 4);
    const std::vector<int32_t> prompt = iota_tokens(9);
    // Two identical requests in flight before either stored anything: both compute.
    auto a = cache.begin(prompt, std::nullopt, 0.0);
    auto b = cache.begin(prompt, std::nullopt, 0.0);
    QVERIFY(a.ok() && b.ok());
    QCOMPARE(b->cached_tokens, 0);
    auto ca = cache.commit(a->sequence, 9, 0.0);
    auto cb = cache.commit(b->sequence, 9, 0.0);
    QVERIFY(ca.ok() && cb.ok());
    QVERIFY(ca->stored[0].registered && ca->stored[1].registered);
    QVERIFY(!cb->stored[0].registered && !cb->stored[1].registered);
    QCOMPARE(cache.num_cached(), 2);
    QCOMPARE(cache.lookup(ca->stored[0].hash), std::optional<int>(a->block_table[0]));
    QVERIFY(cache.release(b->sequence, 1.0).ok());
    QCOMPARE(cache.block(b->block_table[0]).status, BlockStatus::FreeEmpty);
    QCOMPARE(cache.counters().stored_blocks, int64_t{2});
}

void TestPrefixCache::badArgumentsAreErrors() {
    QVERIFY(!PrefixCache::create(0, 16).ok());
    QVERIFY(!PrefixCache::create(4, 0).ok());
    QVERIFY(!PrefixCache::create(4, 16, 0.0).ok());
    QVERIFY(!PrefixCache::create(4, 16, -5.0).ok());
    PrefixCache cache = make_cache(4, 4);
    QVERIFY(!cache.begin({}, std::nullopt, 0.0).ok());
    QVERIFY(!cache.begin(iota_tokens(3), std::nullopt, 0.0, -1).ok());
    QVERIFY(!cache.release(42, 0.0).ok());
    QVERIFY(!cache.append_token(42, 1, 0.0).ok());
    auto a = cache.begin(iota_tokens(5), std::nullopt, 0.0);
    QVERIFY(a.ok());
    QVERIFY(!cache.commit(a->sequence, 6, 0.0).ok());  // more than it has
    QVERIFY(cache.commit(a->sequence, 5, 0.0).ok());
    QVERIFY(!cache.commit(a->sequence, 4, 0.0).ok());  // going backwards
    QVERIFY(cache.release(a->sequence, 0.0).ok());
    QVERIFY(!cache.release(a->sequence, 0.0).ok());  // twice
    QVERIFY(cache.block_table(a->sequence).empty());
}

void TestPrefixCache::randomizedAgainstReference() {
    std::mt19937_64 rng(20240611);
    auto uni = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    auto chance = [&](double p) { return std::bernoulli_distribution(p)(rng); };
    KeyHasher key_hash;

    int64_t total_requests = 0, total_hits = 0, total_evictions = 0, total_busy = 0, total_ttl = 0,
            total_dups = 0, total_decode_allocs = 0;
    for (int trial = 0; trial < 200; ++trial) {
        const int bs = std::vector<int>{1, 2, 3, 4, 5, 8, 16}[static_cast<std::size_t>(uni(0, 6))];
        const int cap = uni(2, 40);
        const std::optional<double> ttl = chance(0.35)
                                              ? std::optional<double>(std::vector<double>{
                                                    5, 20, 60}[static_cast<std::size_t>(uni(0, 2))])
                                              : std::nullopt;
        PrefixCache cache = make_cache(cap, bs, ttl);
        RefModel ref(cap, bs, ttl);
        key_hash.clear();
        const QByteArray ctx = QByteArray("trial ") + QByteArray::number(trial);

        // A few long documents that prompts share prefixes of; small vocabularies make edits
        // sometimes restore the original token, which is a hit again.
        std::vector<std::vector<int32_t>> docs(4);
        for (auto& d : docs) {
            for (int i = 0; i < 160; ++i) {
                d.push_back(uni(0, 9));
            }
        }
        const std::vector<std::string> salts = {"", "", "t1", "t2"};
        struct Live {
            pl::SequenceId id;
            int prompt_len;
            int decode_left;
            int session;
        };
        std::vector<Live> live;
        std::vector<std::vector<int32_t>> session_history(3);
        double now = 0.0;
        const int max_tokens = cap * bs + bs;

        auto check_evictions = [&](const std::vector<Eviction>& got,
                                   const std::vector<RefEviction>& want) {
            QCOMPARE(got.size(), want.size());
            for (std::size_t i = 0; i < got.size(); ++i) {
                QCOMPARE(got[i].block_id, want[i].block_id);
                QCOMPARE(got[i].reason == EvictionReason::Ttl, want[i].ttl);
                QCOMPARE(bytes_of(got[i].hash), key_hash(want[i].key, bs));
                total_ttl += want[i].ttl ? 1 : 0;
            }
            total_evictions += static_cast<int64_t>(got.size());
        };

        for (int op = 0; op < 200; ++op) {
            if (chance(0.3)) {
                now += chance(0.5) ? uni(0, 3) : uni(0, 40) + 0.25;
            }
            const int kind = uni(0, 99);
            if (kind < 40 || live.empty()) {
                // A new request.
                std::vector<int32_t> prompt;
                int session = -1;
                const int shape = uni(0, 9);
                if (shape < 6) {
                    const auto& d = docs[static_cast<std::size_t>(uni(0, 3))];
                    const int longest =
                        std::min<int>(160, chance(0.2) ? max_tokens : max_tokens / 2 + 1);
                    prompt.assign(d.begin(), d.begin() + uni(1, longest));
                    if (chance(0.3)) {
                        prompt[static_cast<std::size_t>(
                            uni(0, static_cast<int>(prompt.size()) - 1))] = uni(0, 9);
                    }
                } else if (shape < 9) {
                    session = uni(0, 2);
                    prompt = session_history[static_cast<std::size_t>(session)];
                    const int extra = uni(1, 2 * bs);
                    for (int i = 0; i < extra; ++i) {
                        prompt.push_back(uni(0, 9));
                    }
                    if (static_cast<int>(prompt.size()) > max_tokens) {
                        prompt.resize(static_cast<std::size_t>(uni(1, bs)));
                    }
                } else {
                    for (int i = uni(1, 3 * bs); i > 0; --i) {
                        prompt.push_back(uni(100, 120));
                    }
                }
                const std::string salt = salts[static_cast<std::size_t>(uni(0, 3))];
                const int reserve = chance(0.5) ? uni(0, 2 * bs) : 0;
                const std::optional<std::string_view> salt_arg =
                    salt.empty() && chance(0.5) ? std::nullopt
                                                : std::optional<std::string_view>(salt);
                auto got = cache.begin(prompt, salt_arg, now, reserve);
                // The reference takes the real cache's id so the two can be addressed alike.
                const int64_t id = got.ok() ? got->sequence : -1;
                const RefModel::BeginOut want = ref.begin(id, prompt, salt, now, reserve);
                QVERIFY2(got.ok() == (want.error == 0), ctx.constData());
                if (!got.ok()) {
                    const bool never =
                        got.error().message.find("pool holds only") != std::string::npos;
                    QCOMPARE(never, want.error == 1);
                    total_busy += want.error == 2 ? 1 : 0;
                    // A scheduler would wait for a request to finish; finish one.
                    if (want.error == 2 && !live.empty()) {
                        QVERIFY(cache.release(live.front().id, now).ok());
                        ref.release(live.front().id, now);
                        live.erase(live.begin());
                    }
                    continue;
                }
                ++total_requests;
                QCOMPARE(got->cached_tokens, want.cached);
                total_hits += want.cached > 0 ? 1 : 0;
                QCOMPARE(got->block_table.size(), want.table.size());
                for (std::size_t i = 0; i < want.table.size(); ++i) {
                    QCOMPARE(got->block_table[i], want.table[i]);
                }
                check_evictions(got->evicted, want.evicted);
                // Per-block report: states and hashes line up with the prompt.
                const auto hashes = spec_chain(
                    prompt, bs, salt.empty() ? std::nullopt : std::optional<std::string>(salt));
                QCOMPARE(got->blocks.size(), (prompt.size() + bs - 1) / bs);
                for (const auto& pb : got->blocks) {
                    const auto idx = static_cast<std::size_t>(pb.index);
                    if (pb.state == PromptBlockState::Partial) {
                        QVERIFY(idx == got->blocks.size() - 1 && prompt.size() % bs != 0);
                        QVERIFY(!pb.hash);
                    } else {
                        QCOMPARE(bytes_of(*pb.hash), hashes[idx]);
                        QCOMPARE(pb.state == PromptBlockState::Hit, pb.index * bs < want.cached);
                    }
                }
                live.push_back({got->sequence, static_cast<int>(prompt.size()),
                                chance(0.2) ? uni(0, 3 * bs) : uni(0, 3), session});
                if (session >= 0) {
                    session_history[static_cast<std::size_t>(session)] = prompt;
                }
                // Usually prefill at once; sometimes leave it for a later step, so that two
                // identical prompts can be in flight before either is stored.
                if (chance(0.7)) {
                    auto c = cache.commit(got->sequence, static_cast<int>(prompt.size()), now);
                    QVERIFY(c.ok());
                    const auto wc = ref.commit(id, static_cast<int>(prompt.size()), now);
                    QCOMPARE(c->stored.size(), wc.size());
                    for (std::size_t i = 0; i < wc.size(); ++i) {
                        QCOMPARE(c->stored[i].index, wc[i].first);
                        QCOMPARE(c->stored[i].registered, wc[i].second);
                        total_dups += wc[i].second ? 0 : 1;
                    }
                }
            } else if (kind < 70) {
                // Advance a running request: finish its prefill (maybe in two chunks), or
                // decode one token. Outputs are a function of the sequence, so identical
                // prompts produce identical output blocks.
                Live& l = live[static_cast<std::size_t>(uni(0, static_cast<int>(live.size()) - 1))];
                const int computed = cache.num_computed(l.id);
                const int n = cache.num_tokens(l.id);
                QCOMPARE(computed, ref.seqs.at(l.id).computed);
                int target = n;
                if (computed < n) {
                    target = chance(0.5) ? uni(computed, n) : n;
                } else if (l.decode_left > 0) {
                    const auto& toks = ref.seqs.at(l.id).tokens;
                    const int32_t next =
                        static_cast<int32_t>((toks[toks.size() - 1] * 7 +
                                              (toks.size() > 1 ? toks[toks.size() - 2] : 3)) %
                                             10);
                    auto ap = cache.append_token(l.id, next, now);
                    const RefModel::AppendOut wa = ref.append(l.id, next, now);
                    QCOMPARE(ap.ok(), wa.ok);
                    if (!ap.ok()) {
                        l.decode_left = 0;
                        continue;
                    }
                    QCOMPARE(ap->new_block_id, wa.new_block);
                    total_decode_allocs += wa.new_block ? 1 : 0;
                    check_evictions(ap->evicted, wa.evicted);
                    --l.decode_left;
                    target = n + 1;
                    if (l.session >= 0) {
                        session_history[static_cast<std::size_t>(l.session)].push_back(next);
                    }
                }
                auto c = cache.commit(l.id, target, now);
                QVERIFY(c.ok());
                const auto wc = ref.commit(l.id, target, now);
                QCOMPARE(c->stored.size(), wc.size());
                for (std::size_t i = 0; i < wc.size(); ++i) {
                    QCOMPARE(c->stored[i].index, wc[i].first);
                    QCOMPARE(c->stored[i].registered, wc[i].second);
                    total_dups += wc[i].second ? 0 : 1;
                }
            } else if (kind < 95) {
                const std::size_t k =
                    static_cast<std::size_t>(uni(0, static_cast<int>(live.size()) - 1));
                QVERIFY(cache.release(live[k].id, now).ok());
                ref.release(live[k].id, now);
                live.erase(live.begin() + static_cast<std::ptrdiff_t>(k));
            } else {
                // A view asking what has expired by now.
                const auto got = cache.expire(now);
                const auto want = ref.expire(now);
                check_evictions(got, want);
            }

            // The whole pool agrees after every step.
            QCOMPARE(cache.free_queue(), ref.queue);
            QVERIFY(cache.num_in_use() + cache.num_free() == cap);
            int cached = 0;
            for (int id = 0; id < cap; ++id) {
                const auto& rb = ref.blocks[static_cast<std::size_t>(id)];
                const pl::BlockInfo bi = cache.block(id);
                QCOMPARE(bi.ref_count, rb.ref);
                QCOMPARE(bi.hash.has_value(), rb.key.has_value());
                QCOMPARE(bi.last_used, rb.last);
                if (rb.key) {
                    ++cached;
                    QCOMPARE(cache.lookup(*bi.hash), std::optional<int>(id));
                }
            }
            QCOMPARE(cache.num_cached(), cached);
            QCOMPARE(cache.num_running(), static_cast<int>(ref.seqs.size()));
            for (const auto& [id, s] : ref.seqs) {
                const auto table = cache.block_table(id);
                QCOMPARE(std::vector<int>(table.begin(), table.end()), s.table);
            }
        }
        QCOMPARE(cache.counters().queries, ref.queries);
        QCOMPARE(cache.counters().hits, ref.hits);
        // Every cached hash is the spec hash of the tokens the reference says it holds.
        for (int id = 0; id < cap; ++id) {
            const auto& rb = ref.blocks[static_cast<std::size_t>(id)];
            if (rb.key) {
                QCOMPARE(bytes_of(*cache.block(id).hash), key_hash(*rb.key, bs));
            }
        }
    }
    qInfo(
        "randomized: %lld requests admitted (%lld with hits), %lld busy refusals, %lld "
        "evictions (%lld ttl), %lld duplicate stores, %lld decode allocations",
        static_cast<long long>(total_requests), static_cast<long long>(total_hits),
        static_cast<long long>(total_busy), static_cast<long long>(total_evictions),
        static_cast<long long>(total_ttl), static_cast<long long>(total_dups),
        static_cast<long long>(total_decode_allocs));
    // The generator must actually reach the interesting paths.
    QVERIFY(total_requests > 3000);
    QVERIFY(total_hits > 500);
    QVERIFY(total_busy > 0);
    QVERIFY(total_ttl > 0);
    QVERIFY(total_dups > 0);
    QVERIFY(total_evictions > 1000);
    QVERIFY(total_decode_allocs > 0);
}

void TestPrefixCache::measureHashAndLookup() {
    // Reported, not asserted: benchmarks own speed. A 2,000-token prompt whose first 1,600
    // tokens are cached, in a 512-block pool with TTL on (so expiry scans the queue too).
    PrefixCache cache = make_cache(512, 16, 3600.0);
    std::vector<int32_t> prompt = iota_tokens(2000);
    run_request(cache, std::vector<int32_t>(prompt.begin(), prompt.begin() + 1600), 0.0);
    const int iters = 200;
    const auto t0 = std::chrono::steady_clock::now();
    int cached = 0;
    for (int i = 0; i < iters; ++i) {
        auto a = cache.begin(prompt, std::nullopt, 1.0);
        QVERIFY(a.ok());
        cached = a->cached_tokens;
        QVERIFY(cache.release(a->sequence, 1.0).ok());
    }
    const double us_begin =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() /
        iters;
    const auto t1 = std::chrono::steady_clock::now();
    for (int i = 0; i < iters; ++i) {
        const auto h = pl::hash_blocks(prompt, 16, std::nullopt);
        QCOMPARE(h.size(), std::size_t{125});
    }
    const double us_hash =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t1).count() /
        iters;
    QCOMPARE(cached, 1600);
    qInfo(
        "2,000 tokens: hash_blocks %.1f us; begin (hash + TTL sweep + lookup + allocate) + "
        "release %.1f us",
        us_hash, us_begin);
}

QTEST_GUILESS_MAIN(TestPrefixCache)
#include "test_prefix_cache.moc"
