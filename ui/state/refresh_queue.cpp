#include "state/refresh_queue.h"

#include <QCoreApplication>

namespace pl::ui {

RefreshQueue::RefreshQueue(QObject* parent) : QObject(parent) {
    timer_.setSingleShot(true);
    timer_.setInterval(0);
    connect(&timer_, &QTimer::timeout, this, &RefreshQueue::runNext);
}

RefreshQueue* RefreshQueue::instance() {
    static QPointer<RefreshQueue> queue;
    if (!queue)
        queue = new RefreshQueue(QCoreApplication::instance());
    return queue;
}

void RefreshQueue::post(QObject* owner, int key, std::function<void()> fn) {
    for (Entry& e : queue_) {
        if (e.owner == owner && e.key == key) {
            e.fn = std::move(fn);
            return;
        }
    }
    queue_.push_back({owner, key, std::move(fn)});
    if (!timer_.isActive())
        timer_.start();
}

bool RefreshQueue::runFront() {
    Entry e = std::move(queue_.front());
    queue_.pop_front();
    if (!e.owner)
        return false;  // a closed view's entry: dropped (its QPointer went null)
    e.fn();
    return true;
}

void RefreshQueue::runNext() {
    // One live entry per turn.
    while (!queue_.empty() && !runFront()) {
    }
    if (!queue_.empty() && !timer_.isActive())
        timer_.start();
}

void RefreshQueue::flush() {
    timer_.stop();
    // An entry may post others (a refresh that moves the selection): run until none is left,
    // with a bound in case two views keep re-posting each other.
    for (std::size_t budget = 4 * queue_.size() + 64; !queue_.empty() && budget > 0; --budget)
        runFront();
    if (!queue_.empty())
        timer_.start();
}

}  // namespace pl::ui
