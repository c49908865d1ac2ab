// Spreads the views' refreshes over turns of the UI event loop.
//
// A finished run arriving, or the cursor jumping to the end of a long scenario, dirties every
// view at once. Refreshed in one go (each view's own work, then one layout and paint of the whole
// window) that held the UI thread for 30-60 ms on lavapipe machines, a visible stutter. Queued
// here, each view refreshes in its own turn of the event loop, so input, timers and paints get
// their turn in between and the longest stall is one view's work.
//
// Entries coalesce: posting (owner, key) again while it waits replaces its function and keeps
// its place in the line, so a view refreshes once per turn of the queue however often the cursor
// moved meanwhile. Refresh functions must therefore render the current state, not a delta.
#pragma once

#include <QObject>
#include <QPointer>
#include <QTimer>
#include <deque>
#include <functional>

namespace pl::ui {

class RefreshQueue : public QObject {
  public:
    // The queue of the application's UI thread (created on first use, owned by the app).
    static RefreshQueue* instance();

    void post(QObject* owner, int key, std::function<void()> fn);
    // Runs everything queued, now and in order: for code that reads the views right after
    // moving the cursor (tests, screenshots).
    void flush();
    bool pending() const { return !queue_.empty(); }

    // A slot that posts `fn` under (owner, key): connect(ctx, &C::cursorChanged, this,
    // RefreshQueue::deferred(this, 0, [this] { refresh(); })).
    static std::function<void()> deferred(QObject* owner, int key, std::function<void()> fn) {
        return [owner, key, fn = std::move(fn)] { instance()->post(owner, key, fn); };
    }

  private:
    explicit RefreshQueue(QObject* parent);
    void runNext();
    bool runFront();  // pops the first entry and runs it if its owner lives

    struct Entry {
        QPointer<QObject> owner;
        int key = 0;
        std::function<void()> fn;
    };
    std::deque<Entry> queue_;
    QTimer timer_;
};

}  // namespace pl::ui
