// File > Connect to a server…: a dock that shows what a vLLM or SGLang server holds, live. The
// prefix forest (hottest subtrees first, collapsible; a block's text with a tokenizer), the
// branch points where cached prompts diverge, blocks stored and evicted, and the hit rate and
// KV usage from the server's metrics over time. Frames come from LiveSession, off the UI thread.
#pragma once

#include <QDockWidget>
#include <QPointer>
#include <QSet>

#include "session/live_session.h"

class QAction;
class QLabel;
class QMenu;
class QPushButton;
class QTreeWidget;
class QLineSeries;

namespace pl::ui {

class LiveChart;

class LiveDock : public QDockWidget {
    Q_OBJECT
  public:
    // Adds "Connect to a server…" and "Disconnect" to fileMenu (before its last separator) and
    // the dock's toggle to viewMenu; the dock stays hidden until a connection starts.
    LiveDock(QWidget* window, QMenu* fileMenu, QMenu* viewMenu);
    ~LiveDock() override;

    // Connects without the dialog (the command line's --connect); returns an error or empty.
    QString connectTo(const LiveConnectSpec& spec);
    void disconnectServer();
    const LiveFrame& lastFrame() const { return last_; }
    int framesShown() const { return frames_; }

  protected:
    void changeEvent(QEvent* e) override;

  private:
    void openDialog();
    void showFrame(const LiveFrame& f);
    void retranslate();
    QString matchText(const LiveMatch& m) const;  // "your request 2's system prompt, block 3"

    LiveSession session_;
    LiveConnectSpec spec_;
    QAction* connectAction_ = nullptr;
    QAction* disconnectAction_ = nullptr;
    QLabel* header_ = nullptr;
    QLabel* counts_ = nullptr;
    QTreeWidget* tree_ = nullptr;
    QLabel* branches_ = nullptr;
    QLabel* notices_ = nullptr;
    LiveChart* chart_ = nullptr;
    QSet<QString> collapsed_;  // blocks the user folded: kept folded across frames
    LiveFrame last_;
    int frames_ = 0;
    bool tabified_ = false;
    QStringList recentNotices_;
};

}  // namespace pl::ui
