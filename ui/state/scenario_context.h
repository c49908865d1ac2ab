// The one owner of "the current step": the scenario, its latest run, the cursor on the event
// timeline, playback, and the selection. Every view observes it; views never talk to each other.
#pragma once

#include <QObject>
#include <QTimer>
#include <optional>

#include "state/scenario_run.h"

namespace pl::ui {

// Tokens [begin, end) of one request's prompt, e.g. what a lint finding points at.
struct TokenSelection {
    int request = 0;
    int begin = 0;
    int end = 0;
    bool operator==(const TokenSelection&) const = default;
};

class ScenarioContext : public QObject {
    Q_OBJECT
  public:
    explicit ScenarioContext(QObject* parent = nullptr);

    const Scenario& scenario() const { return scenario_; }
    bool hasScenario() const { return hasScenario_; }
    const ScenarioRunPtr& run() const { return run_; }
    // Events applied: 0 (nothing yet) .. run()->eventCount() (all).
    int cursor() const { return cursor_; }
    int eventCount() const { return run_ ? run_->eventCount() : 0; }
    // The request shown in detail: the selected one, else the one at the cursor.
    int currentRequest() const;
    int requestAtCursor() const;
    std::optional<int> selectedRequest() const { return selectedRequest_; }
    std::optional<BlockHash> selectedHash() const { return selectedHash_; }
    // At most one of selectedHash() and selectedTokens() is set: selecting one clears the other.
    std::optional<TokenSelection> selectedTokens() const { return selectedTokens_; }
    bool isPlaying() const { return timer_.isActive(); }
    double speed() const { return speed_; }
    bool awaitingRun() const { return awaiting_; }
    // Why the last play request produced no run (empty while one is awaited or shown).
    const QString& runError() const { return runError_; }

    // Sets a new scenario and asks for it to be played (playRequested). The cursor goes to 0.
    void setScenario(const Scenario& scenario);
    // Replaces the text at `pointer` (a JSON pointer into the request body, to a string) of
    // request `request` and re-plays; the cursor then goes to the end of that request.
    bool applyEdit(int request, const std::string& pointer, const std::string& text,
                   QString* error = nullptr);
    // The two-call exercise on any request: request `request` (with the text at `pointer`
    // replaced by `text` when a pointer is given) is sent once more after the scenario's last
    // request, against the pool the requests before it left, and the scenario re-plays; the
    // cursor then goes to the end of the new request.
    bool sendAgain(int request, const std::string& pointer = {}, const std::string& text = {},
                   QString* error = nullptr);
    // Edited or grown by Send again since setScenario().
    bool isModified() const { return modified_; }
    // Back to the scenario as setScenario() gave it, played again.
    void revert();
    void replay();

  public slots:
    void setRun(const pl::ui::ScenarioRunPtr& run);
    // The awaited play so far (ScenarioRun::partial): shown while the rest runs; the run is still
    // awaited. A cursor at the end of what was shown follows the new requests; playback that
    // reaches the end waits for them.
    void setPartialRun(const pl::ui::ScenarioRunPtr& run);
    // The engine could not play the scenario: the views stop saying a run is on its way.
    void setRunFailed(const QString& message);
    void setCursor(int cursor);
    void setCursorToRequestEnd(int request);
    void stepEvent(int delta);
    void stepRequest(int delta);
    void toStart();
    void toEnd();
    void setPlaying(bool playing);
    void togglePlaying();
    void setSpeed(double speed);  // 1.0 = kEventsPerSecond
    void selectRequest(std::optional<int> request);
    void selectHash(std::optional<pl::BlockHash> hash);
    void selectTokens(std::optional<pl::ui::TokenSelection> tokens);

  signals:
    void scenarioChanged();
    void playRequested(const pl::Scenario& scenario);
    void runChanged();
    void cursorChanged(int cursor);
    void selectionChanged();
    void playingChanged(bool playing);
    void speedChanged(double speed);

  public:
    // Paced playback at 1x: cache events at this rate, each decoded token on screen this long,
    // and a short pause when a prefill is done (the moment TTFT is measured).
    static constexpr double kEventsPerSecond = 30.0;
    static constexpr double kTokenSeconds = 0.3;
    static constexpr double kPrefillPauseSeconds = 0.4;
    static double eventSeconds(const RunnerEvent& e);
    // How many events from `cursor` on fit in `owedSeconds` of 1x playback; takes their time
    // from it (the remainder stays owed, for the next tick).
    static int paceEvents(const ScenarioRun& run, int cursor, double& owedSeconds);

  private:
    void tick();

    bool hasRequest(int request, QString* error) const;
    bool replaceText(ojson& body, const std::string& pointer, const std::string& text,
                     QString* error) const;
    void playEdited(int cursorRequest);

    Scenario scenario_;
    Scenario original_;  // as setScenario() gave it: what revert() goes back to
    bool modified_ = false;
    bool hasScenario_ = false;
    ScenarioRunPtr run_;
    int cursor_ = 0;
    std::optional<int> selectedRequest_;
    std::optional<BlockHash> selectedHash_;
    std::optional<TokenSelection> selectedTokens_;
    std::optional<int> cursorAfterRun_;  // set by applyEdit
    bool awaiting_ = false;
    QString runError_;
    double speed_ = 1.0;
    double carry_ = 0;  // fractional events owed by the playback timer
    QTimer timer_;
};

}  // namespace pl::ui
