#include "state/scenario_context.h"

#include <algorithm>

#include "state/timeline_state.h"

namespace pl::ui {

namespace {
constexpr int kTickMs = 16;
}

ScenarioContext::ScenarioContext(QObject* parent) : QObject(parent) {
    timer_.setInterval(kTickMs);
    connect(&timer_, &QTimer::timeout, this, &ScenarioContext::tick);
}

int ScenarioContext::requestAtCursor() const {
    return run_ ? pl::ui::requestAtCursor(*run_, cursor_) : 0;
}

int ScenarioContext::currentRequest() const {
    return selectedRequest_ ? *selectedRequest_ : requestAtCursor();
}

void ScenarioContext::setScenario(const Scenario& scenario) {
    setPlaying(false);
    scenario_ = scenario;
    original_ = scenario;
    modified_ = false;
    hasScenario_ = true;
    run_.reset();
    cursor_ = 0;
    cursorAfterRun_.reset();
    selectedRequest_.reset();
    selectedHash_.reset();
    selectedTokens_.reset();
    awaiting_ = true;
    runError_.clear();
    emit scenarioChanged();
    emit runChanged();
    emit cursorChanged(cursor_);
    emit selectionChanged();
    emit playRequested(scenario_);
}

void ScenarioContext::replay() {
    if (!hasScenario_)
        return;
    awaiting_ = true;
    runError_.clear();
    emit playRequested(scenario_);
}

bool ScenarioContext::replaceText(ojson& body, const std::string& pointer, const std::string& text,
                                  QString* error) const {
    try {
        const ojson::json_pointer ptr(pointer);
        if (!body.contains(ptr) || !body.at(ptr).is_string()) {
            if (error)
                *error = tr("%1 is not a text field of the request.")
                             .arg(QString::fromStdString(pointer));
            return false;
        }
        body.at(ptr) = text;
    } catch (const nlohmann::json::exception& e) {
        if (error)
            *error = QString::fromUtf8(e.what());
        return false;
    }
    return true;
}

bool ScenarioContext::hasRequest(int request, QString* error) const {
    if (request >= 0 && request < static_cast<int>(scenario_.requests.size()))
        return true;
    if (error)
        *error = tr("There is no request %1.").arg(request);
    return false;
}

bool ScenarioContext::applyEdit(int request, const std::string& pointer, const std::string& text,
                                QString* error) {
    if (!hasRequest(request, error))
        return false;
    if (!replaceText(scenario_.requests[static_cast<std::size_t>(request)].body, pointer, text,
                     error))
        return false;
    playEdited(request);
    return true;
}

bool ScenarioContext::sendAgain(int request, const std::string& pointer, const std::string& text,
                                QString* error) {
    if (!hasRequest(request, error))
        return false;
    ScenarioRequest again = scenario_.requests[static_cast<std::size_t>(request)];
    if (!pointer.empty() && !replaceText(again.body, pointer, text, error))
        return false;
    // A second after the last request: well inside any cache lifetime, as a user's second call.
    again.at_s = scenario_.requests.back().at_s + 1.0;
    scenario_.requests.push_back(std::move(again));
    playEdited(static_cast<int>(scenario_.requests.size()) - 1);
    return true;
}

void ScenarioContext::revert() {
    if (!hasScenario_ || !modified_)
        return;
    scenario_ = original_;
    modified_ = false;
    playEdited(std::min(currentRequest(), static_cast<int>(scenario_.requests.size()) - 1));
}

void ScenarioContext::playEdited(int cursorRequest) {
    const auto same = [](const ScenarioRequest& a, const ScenarioRequest& b) {
        return a.body == b.body && a.at_s == b.at_s;
    };
    modified_ = !std::equal(scenario_.requests.begin(), scenario_.requests.end(),
                            original_.requests.begin(), original_.requests.end(), same);
    setPlaying(false);
    selectedTokens_.reset();  // token positions of the edited text no longer hold
    cursorAfterRun_ = cursorRequest;
    awaiting_ = true;
    runError_.clear();
    emit scenarioChanged();
    emit playRequested(scenario_);
}

void ScenarioContext::setRunFailed(const QString& message) {
    awaiting_ = false;
    runError_ = message;
    emit runChanged();
}

void ScenarioContext::setRun(const ScenarioRunPtr& run) {
    run_ = run;
    awaiting_ = false;
    runError_.clear();
    int cursor = std::clamp(cursor_, 0, eventCount());
    if (cursorAfterRun_ && run_) {
        const int end = run_->requestEndCursor(*cursorAfterRun_);
        cursor = end >= 0 ? end : eventCount();
        cursorAfterRun_.reset();
    }
    cursor_ = cursor;
    emit runChanged();
    emit cursorChanged(cursor_);
}

void ScenarioContext::setPartialRun(const ScenarioRunPtr& run) {
    if (!awaiting_ || !run || !run->partial)
        return;  // the whole run is already here, or a failure was
    // After an edit the window waits for the edited request: a run that has not reached it
    // would move the cursor, and the prompt editor with it, to an earlier request.
    if (cursorAfterRun_ && run->requestEndCursor(*cursorAfterRun_) < 0)
        return;
    const bool following = run_ && run_->partial && cursor_ > 0 && cursor_ == eventCount();
    run_ = run;
    int cursor = std::clamp(cursor_, 0, eventCount());
    if (cursorAfterRun_)
        cursor = run_->requestEndCursor(*cursorAfterRun_);  // setRun places it for good
    else if (following)
        cursor = eventCount();
    cursor_ = cursor;
    emit runChanged();
    emit cursorChanged(cursor_);
}

void ScenarioContext::setCursor(int cursor) {
    cursor = std::clamp(cursor, 0, eventCount());
    if (cursor == cursor_)
        return;
    cursor_ = cursor;
    if (selectedRequest_ && run_ && *selectedRequest_ != requestAtCursor()) {
        selectedRequest_.reset();
        emit selectionChanged();
    }
    emit cursorChanged(cursor_);
}

void ScenarioContext::setCursorToRequestEnd(int request) {
    if (!run_)
        return;
    const int end = run_->requestEndCursor(request);
    setCursor(end >= 0 ? end : eventCount());
}

void ScenarioContext::stepEvent(int delta) {
    setPlaying(false);
    setCursor(cursor_ + delta);
}

void ScenarioContext::stepRequest(int delta) {
    setPlaying(false);
    if (!run_ || run_->requestCount() == 0)
        return;
    // Request boundaries are the cursors right after each RequestFinishedEvent.
    std::vector<int> stops{0};
    for (int r = 0; r < run_->requestCount(); ++r) {
        const int end = run_->requestEndCursor(r);
        if (end >= 0)
            stops.push_back(end);
    }
    stops.push_back(eventCount());
    std::sort(stops.begin(), stops.end());
    stops.erase(std::unique(stops.begin(), stops.end()), stops.end());
    if (delta > 0) {
        const auto it = std::upper_bound(stops.begin(), stops.end(), cursor_);
        setCursor(it == stops.end() ? eventCount() : *it);
    } else {
        const auto it = std::lower_bound(stops.begin(), stops.end(), cursor_);
        setCursor(it == stops.begin() ? 0 : *std::prev(it));
    }
}

void ScenarioContext::toStart() {
    setPlaying(false);
    setCursor(0);
}

void ScenarioContext::toEnd() {
    setPlaying(false);
    setCursor(eventCount());
}

void ScenarioContext::setPlaying(bool playing) {
    if (playing && (!run_ || eventCount() == 0))
        playing = false;
    if (playing == timer_.isActive())
        return;
    if (playing) {
        if (cursor_ >= eventCount())
            setCursor(0);  // play again from the start
        carry_ = 0;
        timer_.start();
    } else {
        timer_.stop();
    }
    emit playingChanged(playing);
}

void ScenarioContext::togglePlaying() {
    setPlaying(!isPlaying());
}

void ScenarioContext::setSpeed(double speed) {
    speed = std::clamp(speed, 0.05, 100.0);
    if (speed == speed_)
        return;
    speed_ = speed;
    emit speedChanged(speed_);
}

double ScenarioContext::eventSeconds(const RunnerEvent& e) {
    // A decoded token is what the room reads: it stays long enough to be read. Hashes, hits,
    // stores and samples are the cache's bookkeeping and go by quickly.
    if (std::holds_alternative<TokenDecodedEvent>(e))
        return kTokenSeconds;
    if (std::holds_alternative<PrefillDoneEvent>(e))
        return kPrefillPauseSeconds;
    return 1.0 / kEventsPerSecond;
}

int ScenarioContext::paceEvents(const ScenarioRun& run, int cursor, double& owedSeconds) {
    int n = 0;
    while (cursor + n < run.eventCount()) {
        const double d = eventSeconds(run.events[static_cast<std::size_t>(cursor + n)]);
        if (owedSeconds < d)
            break;
        owedSeconds -= d;
        ++n;
    }
    if (cursor + n >= run.eventCount())
        owedSeconds = 0;
    return n;
}

void ScenarioContext::tick() {
    if (!run_) {
        setPlaying(false);
        return;
    }
    carry_ += speed_ * kTickMs / 1000.0;
    const int n = paceEvents(*run_, cursor_, carry_);
    if (n > 0)
        setCursor(cursor_ + n);
    if (cursor_ >= eventCount() && !run_->partial)
        setPlaying(false);  // a partial run's next requests are on their way: keep waiting
}

void ScenarioContext::selectRequest(std::optional<int> request) {
    if (request == selectedRequest_)
        return;
    selectedRequest_ = request;
    emit selectionChanged();
}

void ScenarioContext::selectHash(std::optional<BlockHash> hash) {
    if (hash == selectedHash_)
        return;
    selectedHash_ = hash;
    if (hash)
        selectedTokens_.reset();
    emit selectionChanged();
}

void ScenarioContext::selectTokens(std::optional<TokenSelection> tokens) {
    if (tokens == selectedTokens_)
        return;
    selectedTokens_ = tokens;
    if (tokens)
        selectedHash_.reset();
    emit selectionChanged();
}

}  // namespace pl::ui
