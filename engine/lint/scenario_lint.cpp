#include "lint/scenario_lint.h"

#include <optional>

#include "lint/finding_tokens.h"
#include "logs/lint_input.h"
#include "prompt/renderer.h"

namespace pl::lint {

ScenarioLint lint_scenario_for_views(const Scenario& sc, const BpeTokenizer& tokenizer,
                                     const LintTables& tables) {
    ScenarioLint out;
    LintOptions options;
    options.merge_repeats = false;  // the panel lists one request's findings
    Linter linter(tokenizer, tables, options);
    auto linted = lint_scenario(sc, linter, &out.fixed);
    if (!linted) {
        out.error = linted.error().message;
        out.fixed = Scenario{};
        return out;
    }
    LintReport report = linter.finish();
    out.provider = report.summary.provider;
    out.fixed.name = sc.name + " (fixed)";
    for (std::size_t i = 0; i < sc.requests.size(); ++i)
        out.fix_changes_layout |= out.fixed.requests[i].body != sc.requests[i].body;
    // The views show the prompt the model plays (render_prompt). The linter renders Anthropic
    // bodies the same way; a body it reads as OpenAI's it renders with that provider's template,
    // so such findings are placed in the played prompt here (none where the model cannot play it).
    std::vector<std::optional<RenderedPrompt>> played(sc.requests.size());
    for (Finding& f : report.findings) {
        const int r = f.request;
        LintedFinding lf;
        if (r >= 0 && r < static_cast<int>(sc.requests.size())) {
            // lint_scenario places request r's body at /requests/r.
            const std::string pointer =
                pointer_in_body(f.pointer, "/requests/" + std::to_string(r));
            lf.pointer = pointer.empty() ? "/" : pointer;
            if (out.provider != Provider::Anthropic) {
                auto& prompt = played[static_cast<std::size_t>(r)];
                if (!prompt) {
                    auto rendered =
                        render_prompt(sc.requests[static_cast<std::size_t>(r)].body, tokenizer, "");
                    prompt = rendered ? std::move(rendered.value()) : RenderedPrompt{};
                }
                f.tokens = tokens_of_finding(f, pointer, *prompt);
            }
        } else {
            f.tokens.reset();  // not in any request's prompt
        }
        lf.finding = std::move(f);
        out.findings.push_back(std::move(lf));
    }
    std::string model;
    if (!sc.requests.empty() && sc.requests.front().body.contains("model") &&
        sc.requests.front().body["model"].is_string())
        model = sc.requests.front().body["model"].get<std::string>();
    out.prices = tables.input_prices(out.provider, model);
    out.billing = std::move(report.billing);
    return out;
}

}  // namespace pl::lint
