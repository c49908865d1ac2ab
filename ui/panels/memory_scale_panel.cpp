#include "panels/memory_scale_panel.h"

#include "common/scroll_body.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <filesystem>

#include "core/assets.h"

namespace pl::ui {

// The card as one bar: the weights, then one segment per session's KV cache, then what is left.
class MemoryBar : public QWidget {
  public:
    explicit MemoryBar(QWidget* parent) : QWidget(parent) {
        setMinimumHeight(34);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    }
    void set(double card, double weights, double per_session, int64_t sessions, Theme theme) {
        card_ = card;
        weights_ = weights;
        perSession_ = per_session;
        sessions_ = sessions;
        theme_ = theme;
        update();
    }
    QSize sizeHint() const override { return {240, 34}; }

  protected:
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        const Palette& pal = Palette::get(theme_);
        const QRectF r = QRectF(rect()).adjusted(1, 1, -1, -1);
        p.fillRect(r, pal.poolFree);
        p.setPen(pal.grid);
        p.drawRect(r);
        if (card_ <= 0)
            return;
        const double scale = r.width() / card_;
        const double w = std::min(r.width(), weights_ * scale);
        p.fillRect(QRectF(r.left(), r.top(), w, r.height()), pal.system);
        // Sessions: one segment each, drawn as one band with separators when they get thin.
        double x = r.left() + w;
        const double seg = perSession_ * scale;
        for (int64_t i = 0; i < sessions_ && x < r.right(); ++i) {
            const double right = std::min(r.right(), x + seg);
            p.fillRect(QRectF(x, r.top(), right - x, r.height()),
                       pal.session(static_cast<int>(i % 2)));
            x = right;
        }
    }

  private:
    double card_ = 0, weights_ = 0, perSession_ = 0;
    int64_t sessions_ = 0;
    Theme theme_ = Theme::Light;
};

MemoryScalePanel::MemoryScalePanel(QWidget* parent) : ScrollPanel(nullptr, parent) {
    QVBoxLayout* layout = frame_.layout;
    // The answer first (the bar and how many sessions fill the card), the knobs below it.
    bar_ = new MemoryBar(frame_.body);
    layout->addWidget(bar_);
    result_ = new QLabel(frame_.body);
    result_->setObjectName(QStringLiteral("memoryResult"));
    result_->setTextFormat(Qt::RichText);
    result_->setWordWrap(true);
    layout->addWidget(result_);
    auto* form = new QFormLayout();
    form->setRowWrapPolicy(QFormLayout::WrapAllRows);
    model_ = new QComboBox(frame_.body);
    model_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    model_->setMinimumContentsLength(6);  // the names elide; the list shows them whole
    card_ = new QSpinBox(frame_.body);
    card_->setRange(1, 4096);
    card_->setValue(80);
    card_->setSuffix(QStringLiteral(" GiB"));
    length_ = new QSpinBox(frame_.body);
    length_->setRange(1, 1 << 20);
    length_->setSingleStep(1024);
    length_->setValue(24576);
    modelLabel_ = new QLabel(frame_.body);
    cardLabel_ = new QLabel(frame_.body);
    lengthLabel_ = new QLabel(frame_.body);
    form->addRow(modelLabel_, model_);
    form->addRow(cardLabel_, card_);
    form->addRow(lengthLabel_, length_);
    layout->addLayout(form);
    summary_ = new QLabel(frame_.body);
    summary_->setObjectName(QStringLiteral("memorySummary"));
    summary_->setTextFormat(Qt::RichText);
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(summary_);
    layout->addStretch(1);
    loadShapes();
    // The articles' picture to start with: an 8B model with grouped-query attention on an
    // 80 GiB card, about twenty long sessions.
    for (int k = 0; k < static_cast<int>(shapes_.size()); ++k) {
        if (QString::fromStdString(shapes_[static_cast<std::size_t>(k)].name).contains("8B"))
            model_->setCurrentIndex(k);
    }
    connect(model_, &QComboBox::currentIndexChanged, this, &MemoryScalePanel::refresh);
    connect(card_, &QSpinBox::valueChanged, this, &MemoryScalePanel::refresh);
    connect(length_, &QSpinBox::valueChanged, this, &MemoryScalePanel::refresh);
    refresh();
}

void MemoryScalePanel::loadShapes() {
    // A few small JSON files, read once: sizes only, no weights.
    shapes_.clear();
    QStringList errors;
    auto builtin = load_model_shape(builtin_model_dir() / "config.json");
    if (builtin) {
        builtin->name = "built-in";
        shapes_.push_back(builtin.value());
    } else {
        errors << QString::fromStdString(builtin.error().message);
    }
    for (const auto& path : builtin_model_shapes()) {
        auto s = load_model_shape(path);
        if (s)
            shapes_.push_back(s.value());
        else
            errors << QString::fromStdString(s.error().message);
    }
    loadErrors_ = errors.join(QLatin1Char('\n'));
    model_->clear();
    for (const ModelShape& s : shapes_)
        model_->addItem(QString::fromStdString(s.name));
}

void MemoryScalePanel::setRunningModel(const QString& folder) {
    if (folder.isEmpty() || shapes_.empty())
        return;
    const std::filesystem::path dir = folder.toStdString();
    auto s = load_model_shape(dir / "config.json");
    if (!s) {
        loadErrors_ = QString::fromStdString(s.error().message);
        refresh();
        return;
    }
    QString name = QString::fromStdString(dir.filename().string());
    if (name.isEmpty())
        name = QString::fromStdString(dir.parent_path().filename().string());
    s->name = tr("%1 (this model)").arg(name).toStdString();
    shapes_.front() = s.value();
    const QSignalBlocker block(model_);
    model_->setItemText(0, QString::fromStdString(s->name));
    model_->setCurrentIndex(0);
    refresh();
}

void MemoryScalePanel::select(int shape, int card_gib, int session_tokens) {
    model_->setCurrentIndex(std::clamp(shape, 0, std::max(0, model_->count() - 1)));
    card_->setValue(card_gib);
    length_->setValue(session_tokens);
    refresh();
}

QString MemoryScalePanel::summaryText() const {
    return result_->text() + summary_->text();
}

namespace {

QString bytesText(double bytes) {
    const QLocale loc;
    // "80 GiB" for a whole number, "15.0 GiB" otherwise.
    auto num = [&](double v) {
        return v == static_cast<double>(static_cast<int64_t>(v)) ? loc.toString(v, 'f', 0)
                                                                 : loc.toString(v, 'f', 1);
    };
    if (bytes >= double(1LL << 30))
        return MemoryScalePanel::tr("%1 GiB").arg(num(bytes / double(1LL << 30)));
    if (bytes >= double(1 << 20))
        return MemoryScalePanel::tr("%1 MiB").arg(num(bytes / double(1 << 20)));
    return MemoryScalePanel::tr("%1 KiB").arg(num(bytes / 1024.0));
}

}  // namespace

void MemoryScalePanel::refresh() {
    const Palette& pal = Palette::get(theme_);
    title_->setText(
        tr("<b>Memory to scale</b>: the weights stay, the KV cache grows with "
           "every token of every session."));
    modelLabel_->setText(tr("Model"));
    cardLabel_->setText(tr("Card"));
    lengthLabel_->setText(tr("Tokens per session"));
    length_->setSuffix(QString());
    const int i = model_->currentIndex();
    if (i < 0 || i >= static_cast<int>(shapes_.size())) {
        summary_->setText(loadErrors_.toHtmlEscaped());
        bar_->set(0, 0, 0, 0, theme_);
        sessions_ = 0;
        fitBody();
        return;
    }
    const ModelShape& s = shapes_[static_cast<std::size_t>(i)];
    const int64_t card = static_cast<int64_t>(card_->value()) << 30;
    const int64_t tokens = length_->value();
    sessions_ = sessions_that_fit(s, card, tokens);
    const double perSession = static_cast<double>(s.kv_bytes_per_token()) * tokens;
    bar_->set(static_cast<double>(card), static_cast<double>(s.weight_bytes()), perSession,
              sessions_, theme_);
    const QLocale loc;
    const auto swatch = [](const QColor& c) {
        return QStringLiteral("<span style='color:%1'>■</span>").arg(c.name());
    };
    QString text =
        tr("%1 weights: %2 (%3 parameters, %4). %5 KV cache: %6 per token (%7 layers × %8 "
           "key/value heads × %9 values, K and V), %10 per session of %11 tokens.")
            .arg(swatch(pal.system), bytesText(static_cast<double>(s.weight_bytes())),
                 loc.toString(static_cast<qlonglong>(s.parameters())),
                 QString::fromStdString(s.dtype), swatch(pal.session(0)),
                 bytesText(static_cast<double>(s.kv_bytes_per_token())))
            .arg(s.n_layer)
            .arg(s.n_kv_head)
            .arg(s.head_dim)
            .arg(bytesText(perSession), loc.toString(static_cast<qlonglong>(tokens)));
    if (s.n_kv_head < s.n_head) {
        text += QLatin1Char(' ') + tr("Grouped-query attention: %1 query heads share %2 key/value "
                                      "heads, so each token costs %3× less KV.")
                                       .arg(s.n_head)
                                       .arg(s.n_kv_head)
                                       .arg(s.n_head / s.n_kv_head);
    }
    result_->setText(QStringLiteral("<b>") +
                     (sessions_ > 0
                          ? tr("Sessions of this length that fill the %1 card: %2")
                                .arg(bytesText(static_cast<double>(card)))
                                .arg(QLocale().toString(static_cast<qlonglong>(sessions_)))
                          : tr("The weights alone do not fit the %1 card.")
                                .arg(bytesText(static_cast<double>(card)))) +
                     QStringLiteral("</b>"));
    summary_->setText(text);
    fitBody();
}

}  // namespace pl::ui
