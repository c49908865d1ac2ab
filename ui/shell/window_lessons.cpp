// What the lesson panel asks of the window (ViewDirectory): the widget each lesson target
// stands for, brought to the front, and the central area's tabs for a step on a scenario or on a
// request log.
#include <QDockWidget>

#include "panels/charts_panel.h"
#include "panels/lint_panel.h"
#include "panels/memory_scale_panel.h"
#include "panels/model_panel.h"
#include "panels/policies_panel.h"
#include "panels/usage_panel.h"
#include "shell/main_window.h"
#include "shell/transport_bar.h"
#include "shell/window_traffic.h"
#include "views/block_chain_view.h"
#include "views/output_view.h"
#include "views/pool_view.h"
#include "views/prompt_view.h"

namespace pl::ui {

QWidget* MainWindow::widgetFor(const QString& id) {
    if (id.isEmpty())
        return nullptr;
    // Lesson steps frame these (lessonTargets()). A dock's content is framed with its dock, whose
    // title names it; a closed or tabbed-away dock comes back to the front first.
    auto docked = [](QWidget* w) -> QWidget* {
        for (QWidget* p = w; p; p = p->parentWidget()) {
            if (auto* d = qobject_cast<QDockWidget*>(p)) {
                d->show();
                d->raise();
                return d;
            }
        }
        return w;
    };
    auto chart = [&](ChartsPanel::Chart c) {
        charts_->showChart(c);
        return docked(charts_);
    };
    if (id.startsWith(QLatin1String("traffic")))
        return traffic_->widgetFor(id);  // nullptr until a log is open
    if (id.startsWith(QLatin1String("chain")))
        traffic_->showChain();
    if (id == QLatin1String("chain")) {
        chain_->setAttentionShown(false);  // the plain chain; "chain.attention" turns it on
        return chain_;
    }
    if (id == QLatin1String("transport"))
        return transportBar();
    if (id == QLatin1String("prompt"))
        return docked(promptView());
    if (id == QLatin1String("output"))
        return docked(outputView());
    if (id == QLatin1String("lint"))
        return docked(lint_);
    if (id == QLatin1String("usage"))
        return docked(usagePanel());
    if (id == QLatin1String("pool"))
        return docked(poolView());
    if (id == QLatin1String("policies"))
        return docked(policies_);
    if (id == QLatin1String("memory"))
        return docked(memory_);
    if (id == QLatin1String("charts"))
        return docked(charts_);
    if (id == QLatin1String("charts.ttft"))
        return chart(ChartsPanel::Chart::Ttft);
    if (id == QLatin1String("charts.length"))
        return chart(ChartsPanel::Chart::TtftVsLength);
    if (id == QLatin1String("charts.kv"))
        return chart(ChartsPanel::Chart::KvMemory);
    if (id == QLatin1String("charts.hits"))
        return chart(ChartsPanel::Chart::HitRate);
    if (id == QLatin1String("model.decode") || id == QLatin1String("model.sweep")) {
        QWidget* d = docked(model_);
        model_->showTab(id.endsWith(QLatin1String("sweep")) ? ModelPanel::Tab::Sweep
                                                            : ModelPanel::Tab::Decode);
        return d;
    }
    if (id == QLatin1String("chain.attention")) {
        chain_->setAttentionShown(true);
        return chain_;
    }
    return nullptr;
}

TrafficPanel* MainWindow::showLog(const QString& path, std::optional<CachePolicy> policy) {
    return traffic_->show(path, policy);
}

void MainWindow::showChainTab() {
    traffic_->showChain();
}

}  // namespace pl::ui
