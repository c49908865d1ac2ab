// A log's requests as the caching policy treated them: one row per request, grouped by
// conversation under a header line with its totals. Each row is a bar across the prompt's length
// (scaled to the longest prompt) in the segments the policy made of it — read from the cache,
// lost to a TTL gap (expired), written, left uncached — with the point where the prompt left the
// previous one of its conversation marked and its cause named, and a mark where the provider's
// own usage disagrees. Painted, and only the rows in sight: thousands of rows scroll smoothly.
#pragma once

#include <QAbstractScrollArea>
#include <vector>

#include "common/palette.h"
#include "traffic/traffic_data.h"

namespace pl::ui {

// The sources say "%n request(s)"; a catalogue gives each language its plural forms, and
// English, which has none, gets "1 request" and "2 requests" here.
QString englishPlural(QString text, int n);

class TrafficView : public QAbstractScrollArea {
    Q_OBJECT
  public:
    explicit TrafficView(QWidget* parent = nullptr);

    void clear();
    void addRows(const std::vector<TrafficRow>& rows);
    void setTheme(Theme theme);

    int rowCount() const { return static_cast<int>(rows_.size()); }
    int conversationCount() const { return static_cast<int>(conversations_.size()); }
    const TrafficRow& row(int i) const { return rows_[static_cast<std::size_t>(i)]; }
    const TrafficConversation& conversation(int i) const {
        return conversations_[static_cast<std::size_t>(i)];
    }
    // The request shown before `row` in its conversation, or -1.
    int previousInConversation(int row) const;
    int selectedRow() const { return selected_; }
    void selectRow(int row);  // scrolls it into sight; -1: none
    // Selects `row` and scrolls it to the middle of the view, where it stays while the view
    // changes size, until it is scrolled by hand or another row is selected (a lesson step's
    // request, in the middle of what the room sees).
    void centerRow(int row);
    // For tests and `shot`: the rectangle of a row's bar in the viewport, and the text of its
    // tooltip; an invalid rectangle when the row is out of sight.
    QRect barRect(int row) const;
    QString toolTipFor(int row) const;
    // What each segment's colour means, for the legend beside the view.
    struct Swatch {
        QColor color;
        QString name;
    };
    std::vector<Swatch> legend() const;

  signals:
    void rowSelected(int row);
    void rowActivated(int row);  // a click or Enter: open it in the window

  protected:
    void paintEvent(QPaintEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    bool viewportEvent(QEvent* e) override;
    void changeEvent(QEvent* e) override;

  private:
    // A line of the view: a conversation's header (row -1) or a request.
    struct Line {
        int conversation = 0;
        int row = -1;
    };
    void relayout();
    int lineHeight() const;
    int lineAt(int y) const;  // in viewport coordinates; -1 when none
    int lineOfRow(int row) const;
    int labelWidth() const;
    int figuresWidth() const;
    QRect barArea(int lineIndex) const;
    void paintHeader(QPainter& p, const QRect& r, const TrafficConversation& c, int index) const;
    void paintRow(QPainter& p, const QRect& r, const TrafficRow& row) const;

    Theme theme_ = Theme::Light;
    std::vector<TrafficRow> rows_;
    std::vector<TrafficConversation> conversations_;
    std::vector<std::vector<int>> rowsOf_;  // by conversation, in log order
    std::vector<Line> lines_;
    std::vector<int> lineOfRow_;
    int maxPrompt_ = 1;
    int selected_ = -1;
    int centered_ = -1;       // the row centerRow() keeps in the middle; -1: none
    bool centering_ = false;  // the scroll bar is moved by centerRow(), not by hand
};

}  // namespace pl::ui
