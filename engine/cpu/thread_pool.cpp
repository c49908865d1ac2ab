#include "cpu/thread_pool.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>

namespace pl::cpu {

ThreadPool::ThreadPool(int threads) {
    for (int i = 1; i < threads; ++i)
        workers_.emplace_back([this] { work(); });
}

ThreadPool::~ThreadPool() {
    {
        std::lock_guard<std::mutex> lock(mu_);
        stop_ = true;
    }
    wake_.notify_all();
    for (auto& t : workers_)
        t.join();
}

void ThreadPool::drain() {
    for (;;) {
        int i;
        {
            std::lock_guard<std::mutex> lock(mu_);
            if (next_ >= n_)
                return;
            i = next_++;
        }
        (*fn_)(i);
        std::lock_guard<std::mutex> lock(mu_);
        if (--pending_ == 0)
            done_.notify_all();
    }
}

void ThreadPool::work() {
    unsigned long seen = 0;
    for (;;) {
        {
            std::unique_lock<std::mutex> lock(mu_);
            wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
            if (stop_)
                return;
            seen = generation_;
        }
        drain();
    }
}

void ThreadPool::run(int n, const std::function<void(int)>& fn) {
    if (n <= 0)
        return;
    if (workers_.empty() || n == 1) {
        for (int i = 0; i < n; ++i)
            fn(i);
        return;
    }
    {
        std::lock_guard<std::mutex> lock(mu_);
        fn_ = &fn;
        n_ = n;
        next_ = 0;
        pending_ = n;
        ++generation_;
    }
    wake_.notify_all();
    drain();
    std::unique_lock<std::mutex> lock(mu_);
    done_.wait(lock, [&] { return pending_ == 0; });
    fn_ = nullptr;
    n_ = 0;
}

namespace {
thread_local ThreadPool* t_pool = nullptr;
std::atomic<int> g_default_threads{0};  // 0: not set
}  // namespace

ThreadPool* current_pool() {
    return t_pool;
}

PoolScope::PoolScope(ThreadPool* pool) : saved_(t_pool) {
    t_pool = pool;
}

PoolScope::~PoolScope() {
    t_pool = saved_;
}

void parallel_for(int n, const std::function<void(int)>& fn) {
    if (ThreadPool* p = t_pool) {
        // Inside a task the pool is busy: nested loops run serially on the task's thread.
        t_pool = nullptr;
        p->run(n, fn);
        t_pool = p;
        return;
    }
    for (int i = 0; i < n; ++i)
        fn(i);
}

int default_threads() {
    const int set = g_default_threads.load();
    if (set > 0)
        return set;
    if (const char* env = std::getenv("PREFIXLENS_CPU_THREADS"); env && *env) {
        const int n = std::atoi(env);
        if (n >= 1)
            return std::min(n, 64);
    }
    const auto hw = static_cast<int>(std::thread::hardware_concurrency());
    return std::clamp(hw, 1, 8);
}

void set_default_threads(int threads) {
    g_default_threads.store(std::max(1, threads));
}

}  // namespace pl::cpu
