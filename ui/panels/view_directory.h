// What a panel may ask of the window it lives in, without knowing the window's class: the
// scenario being shown, to play another, a request log to show, and the widget that shows a part
// of the window. The main window implements it; a panel gets it at construction, so no panel
// includes main_window.h and no panel drives another panel directly.
#pragma once

#include <QString>
#include <optional>
#include <vector>

#include "runner/policy_types.h"

class QWidget;

namespace pl {
struct Scenario;
}

namespace pl::ui {

class ScenarioContext;
class TrafficPanel;

class ViewDirectory {
  public:
    virtual ScenarioContext* context() const = 0;
    // Shows and plays `scenario` (the views follow when its run arrives).
    virtual void loadScenario(const Scenario& scenario) = 0;
    // Plays these in the background, so that showing one later is immediate.
    virtual void prepareScenarios(const std::vector<Scenario>& scenarios) = 0;
    // The widget that shows `id`, one of lessonTargets() ("prompt", "charts.kv", ...), brought
    // to the front: a dock raised, a chart's tab selected. nullptr for an unknown id.
    virtual QWidget* widgetFor(const QString& id) = 0;
    // The Traffic tab in front, showing the request log `path` under `policy` (unset: the
    // provider's own); the log is read only when the tab does not already show it so. The panel
    // may still be reading it (TrafficPanel::loaded follows).
    virtual TrafficPanel* showLog(const QString& path, std::optional<CachePolicy> policy) = 0;
    // The block chain's tab in front of the Traffic tab (a step on a scenario).
    virtual void showChainTab() = 0;
    // The top-level widget dialogs and overlays belong to.
    virtual QWidget* dialogParent() = 0;

  protected:
    ~ViewDirectory() = default;
};

}  // namespace pl::ui
