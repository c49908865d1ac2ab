// A small pool of threads for the CPU backend's ops, with BLAS itself single-threaded.
//
// OpenBLAS's own threads spin while they wait for work, so on a busy laptop they fight the other
// processes for the cores and a forward pass can take ten times longer. Here the waiting is on a
// condition variable: a thread that has nothing to do sleeps, and a thread the scheduler takes
// away delays only its own share. Work is split the same way whatever the load, by rows of a
// GEMM or by attention heads, and every row is computed by the same single-threaded kernel, so
// the results do not depend on the thread count.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace pl::cpu {

class ThreadPool {
  public:
    // `threads` counts the caller: a pool of 1 runs everything on the calling thread.
    explicit ThreadPool(int threads);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    int size() const { return static_cast<int>(workers_.size()) + 1; }

    // Runs fn(0) .. fn(n - 1), on the pool's threads and the caller, and returns when all have
    // finished. Not reentrant: fn must not call run() on the same pool.
    void run(int n, const std::function<void(int)>& fn);

  private:
    void work();
    void drain();  // takes indices of the current job until none is left

    std::vector<std::thread> workers_;
    std::mutex mu_;
    std::condition_variable wake_, done_;
    const std::function<void(int)>* fn_ = nullptr;
    int n_ = 0, next_ = 0, pending_ = 0;
    unsigned long generation_ = 0;
    bool stop_ = false;
};

// The pool the CPU ops on this thread split their work over, or null (run serially). Set for the
// length of a CpuBackend::forward by a PoolScope; the trainer never sets one.
ThreadPool* current_pool();

class PoolScope {
  public:
    explicit PoolScope(ThreadPool* pool);
    ~PoolScope();
    PoolScope(const PoolScope&) = delete;
    PoolScope& operator=(const PoolScope&) = delete;

  private:
    ThreadPool* saved_;
};

// fn(i) for i in [0, n) on the current pool, or in order on this thread without one.
void parallel_for(int n, const std::function<void(int)>& fn);

// Threads a new CpuBackend uses: set_default_threads(n) if called, else PREFIXLENS_CPU_THREADS
// if set, else the hardware threads capped at 8 (the model is small). The results are the same
// bits for every count.
int default_threads();
void set_default_threads(int threads);

}  // namespace pl::cpu
