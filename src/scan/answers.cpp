// Names of the scan enums, and the per-question summary of a read page.
// Plain C++: no image library here.

#include "handout/scan.hpp"
#include "scan/groups.hpp"

#include <array>
#include <utility>

namespace handout::scan {

std::string_view to_string(MarkState state) noexcept {
    switch (state) {
        case MarkState::empty: return "empty";
        case MarkState::filled: return "filled";
        case MarkState::unclear: return "unclear";
        case MarkState::cancelled: return "cancelled";
    }
    return "?";
}

std::string_view to_string(AnswerStatus status) noexcept {
    switch (status) {
        case AnswerStatus::ok: return "ok";
        case AnswerStatus::blank: return "blank";
        case AnswerStatus::multiple: return "multiple";
        case AnswerStatus::unclear: return "unclear";
    }
    return "?";
}

std::vector<Answer> summarize(const PageGeometry& geometry, const PageReading& reading) {
    std::vector<Answer> answers;
    if (!reading.ok() || reading.marks.size() != geometry.targets.size()) {
        return answers;
    }
    for (std::size_t i = 0; i < geometry.targets.size(); ++i) {
        const Target& t = geometry.targets[i];
        const std::string group = detail::group_of(t.value);
        Answer* answer = nullptr;
        for (auto& a : answers) {
            if (a.question == t.question && a.kind == t.kind && a.group == group) {
                answer = &a;
            }
        }
        if (answer == nullptr) {
            answers.push_back(Answer{t.question, t.kind, group, AnswerStatus::blank, {}, {}});
            answer = &answers.back();
        }
        answer->targets.push_back(i);
    }
    for (auto& a : answers) {
        bool unclear = false;
        for (std::size_t i : a.targets) {
            const MarkState state = reading.marks[i].state;
            unclear = unclear || state == MarkState::unclear;
            if (state == MarkState::filled) {
                a.marked.push_back(geometry.targets[i].value);
            }
        }
        if (unclear) {
            a.status = AnswerStatus::unclear;
        } else if (a.marked.empty()) {
            a.status = AnswerStatus::blank;
        } else if (a.marked.size() > 1 && a.kind != TargetKind::tick_box) {
            a.status = AnswerStatus::multiple;
        } else {
            a.status = AnswerStatus::ok;
        }
    }
    return answers;
}

}  // namespace handout::scan
