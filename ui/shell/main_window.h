// The PrefixLens window: a scenario picker, the block chain in the middle, the transport below,
// and docks for the prompt, the output, usage, charts and the KV pool. It wires the views to the
// one ScenarioContext and the context to the engine; it draws nothing itself.
#pragma once

#include <QMainWindow>
#include <QPointer>
#include <QRect>
#include <functional>
#include <vector>

#include "common/palette.h"
#include "panels/view_directory.h"
#include "runner/scenario.h"
#include "session/engine_session.h"
#include "shell/window_layout.h"

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;

namespace pl::ui {

class BlockChainView;
class ChartsPanel;
class ModelPanel;
class LintPanel;
class LessonPanel;
class OutputView;
class PoolView;
class PoliciesPanel;
class MemoryScalePanel;
class PromptView;
class ScenarioContext;
class TrafficPanel;
class TransportBar;
class WindowActions;
class WindowTraffic;
class UsagePanel;

struct MainWindowOptions {
    EngineOptions engine;
    bool useSettings = true;  // read and write QSettings (off in tests and `shot`)
    QString initialScenario;  // a built-in name or a file; empty: the last one, else the default
    bool loadInitialScenario = true;
    // The same pixels on every run (`shot --deterministic`): TTFTs from the engine's cost model,
    // and no wall-clock time or device name in the status bar.
    bool deterministic = false;
    // The area of the screen the window opens on, in logical pixels; empty: the available
    // geometry of the screen it is on. `shot --size WxH` sets a WxH screen, so that a shot is
    // laid out exactly as a first launch on such a screen.
    QRect screenArea;
};

class MainWindow : public QMainWindow, public ViewDirectory {
    Q_OBJECT
  public:
    explicit MainWindow(MainWindowOptions options = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    // For `shot`, tests and scripting.
    void loadScenario(const Scenario& scenario) override;
    bool loadScenarioNameOrFile(const QString& nameOrPath, QString* error = nullptr);
    void setCursorToRequestEnd(int request);
    void setTheme(Theme theme);
    Theme theme() const { return theme_; }
    void setZoom(double zoom);  // 1.0 = normal; fonts and block sizes scale with it
    double zoom() const { return zoom_; }
    // Views follow the cursor one per turn of the event loop (refresh_queue.h); this brings them
    // all up to date now (setCursorToRequestEnd, waitForRun, settle and grabToImage do it too).
    void syncViews();
    // View > Reset layout: every dock back in its default place and size for the window's size
    // (the right-hand column tabbed below 800 px of height). A first launch does the same once
    // the window is shown.
    void resetLayout();
    // Spins the event loop until the latest play's run is shown; false on timeout or failure.
    bool waitForRun(int timeoutMs);
    // Brings everything that completes over time to its end state, so that a grab shows the
    // step and nothing of the timing: the pool's eviction flash, the prompt view's token text
    // (filled in slices), text laid out in the background (visible in scroll bars), the docks'
    // default shares for what they now hold, and the pulse of a lesson's spotlight.
    void settle();
    // The window as drawn, at `scale` device pixels per logical pixel (2: crisp on a HiDPI page;
    // 0: the screen's own ratio), so round(width·scale) × round(height·scale) pixels.
    QImage grabToImage(double scale = 0.0);
    QString lastError() const { return lastError_; }

    ScenarioContext* context() const override { return context_; }
    QWidget* widgetFor(const QString& id) override;  // shell/window_lessons.cpp, as these two
    TrafficPanel* showLog(const QString& path, std::optional<CachePolicy> policy) override;
    void showChainTab() override;
    void prepareScenarios(const std::vector<Scenario>& scenarios) override;
    QWidget* dialogParent() override;
    EngineHost* engine() const { return engine_; }
    BlockChainView* blockChainView() const { return chain_; }
    PoolView* poolView() const { return pool_; }
    PromptView* promptView() const { return prompt_; }
    ChartsPanel* chartsPanel() const { return charts_; }
    ModelPanel* modelPanel() const { return model_; }
    UsagePanel* usagePanel() const { return usage_; }
    PoliciesPanel* policiesPanel() const { return policies_; }
    MemoryScalePanel* memoryScalePanel() const { return memory_; }
    OutputView* outputView() const { return output_; }
    LintPanel* lintPanel() const { return lint_; }
    TransportBar* transportBar() const { return transport_; }
    QComboBox* scenarioPicker() const { return picker_; }
    LessonPanel* lessonPanel() const { return lessons_; }
    // The central tabs and the traffic view of a log (loadScenarioNameOrFile opens logs there).
    WindowTraffic* traffic() const { return traffic_; }
    // By object name: "undo", "redo", "sendAgain", "revert", "firstLesson", "shortcuts", ...
    QAction* action(const QString& name) const;

    static QString defaultScenarioName();

  signals:
    void runShown();  // the context now holds the latest run
    void runFailed(const QString& message);

  protected:
    void changeEvent(QEvent* e) override;
    void closeEvent(QCloseEvent* e) override;
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dropEvent(QDropEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void setVisible(bool visible) override;

  private:
    void connectActions();  // each menu action to what it does
    void buildDocks();
    // The docks in their default places (tabbed on the right when `compact`), all shown.
    void arrangeDocks(bool compact);
    // The docks' default sizes for the window's size and text (shell/window_layout.h), in
    // whatever arrangement they are.
    void applyDockShares();
    DockLayout currentDockLayout() const;
    // The default shares again, on the next turn, while the user has not moved a dock or a
    // separator since the last reset: the window's size, its zoom and its content change what
    // the docks need, and the first layout must not stay fitted to an empty window.
    void keepDockShares();
    std::vector<QDockWidget*> mainDocks() const;
    QRect screenArea() const;
    void fitFrameToScreen();
    // Every text the window sets itself, again in the current language (QEvent::LanguageChange).
    void retranslateUi();
    void switchLanguage(const QString& code);
    // The status line, kept as a function so that it can be said again in another language.
    void setProgress(std::function<QString()> text);
    void buildLessons();
    void applyTheme();
    void updateIcons();
    void refreshBanner();
    void refreshStatus();
    void openFile();
    void connectEditActions();
    void restoreSettings();
    void saveSettings();

    MainWindowOptions options_;
    ScenarioContext* context_ = nullptr;
    QPointer<EngineHost> engine_;
    BlockChainView* chain_ = nullptr;
    PoolView* pool_ = nullptr;
    PoliciesPanel* policies_ = nullptr;
    MemoryScalePanel* memory_ = nullptr;
    PromptView* prompt_ = nullptr;
    ChartsPanel* charts_ = nullptr;
    ModelPanel* model_ = nullptr;
    UsagePanel* usage_ = nullptr;
    OutputView* output_ = nullptr;
    LintPanel* lint_ = nullptr;
    TransportBar* transport_ = nullptr;
    LessonPanel* lessons_ = nullptr;
    QComboBox* picker_ = nullptr;
    // The picker's scenarios without their requests: their titles in every language.
    std::vector<Scenario> builtinTitles_;
    QLabel* title_ = nullptr;
    QLabel* description_ = nullptr;
    QLabel* progress_ = nullptr;
    QLabel* engineLabel_ = nullptr;
    QLabel* fallbackLabel_ = nullptr;
    WindowActions* actions_ = nullptr;
    WindowTraffic* traffic_ = nullptr;
    QLabel* welcome_ = nullptr;  // names the Lessons until one is opened
    QDockWidget* promptDock_ = nullptr;
    QDockWidget* outputDock_ = nullptr;
    QDockWidget* usageDock_ = nullptr;
    QDockWidget* chartsDock_ = nullptr;
    QDockWidget* poolDock_ = nullptr;
    QDockWidget* policiesDock_ = nullptr;
    QDockWidget* memoryDock_ = nullptr;
    QDockWidget* lintDock_ = nullptr;
    QDockWidget* lessonDock_ = nullptr;
    QDockWidget* modelDock_ = nullptr;
    QAction* showLintAction_ = nullptr;
    std::function<QString()> progressText_;
    Theme theme_ = Theme::Light;
    double zoom_ = 1.0;
    double baseFontPt_ = 10.0;
    QString scenarioSource_;  // what to reopen next start
    QString lastError_;
    bool runFailed_ = false;
    bool defaultLayoutPending_ = true;  // no dock state restored: resetLayout() once shown
    bool layoutTouched_ = false;        // a dock or separator moved by the user since then
    bool arranging_ = false;            // arrangeDocks() is moving the docks, not the user
    bool sharesQueued_ = false;
};

}  // namespace pl::ui
