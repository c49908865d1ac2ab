// What the Lint dock says, in the current language. The engine writes a finding's message and
// fix in English for the command line and also names them by key (lint::Phrase); the app looks
// the key up here and translates the template, so nothing parses English. The English templates
// are copies of the engine's sentences: test_i18n checks that, in English, every text here is
// byte for byte what `prefixlens lint` prints.
#pragma once

#include <QString>
#include <string>

#include "lint/lint_types.h"

namespace pl::ui {

// The finding's message; its English `message` when a key is unknown (a newer engine).
QString lintMessage(const lint::Finding& finding);
// Its fix, or an empty string when it has none.
QString lintFix(const lint::Finding& finding);
// The rule's one-line summary and its paragraph of explanation (rule_catalog()).
QString lintRuleSummary(const std::string& rule);
QString lintRuleExplanation(const std::string& rule);

}  // namespace pl::ui
