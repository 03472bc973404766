// Names of the scan enums, and the per-question summary of a read page.
// Plain C++: no image library here.

#include "handout/scan.hpp"
#include "scan/groups.hpp"

#include <algorithm>
#include <array>
#include <string>
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

std::string_view to_string(MarkShape shape) noexcept {
    switch (shape) {
        case MarkShape::none: return "none";
        case MarkShape::fill: return "fill";
        case MarkShape::light: return "light";
        case MarkShape::tick: return "tick";
        case MarkShape::slash: return "slash";
        case MarkShape::cross: return "cross";
        case MarkShape::circle: return "circle";
        case MarkShape::scribble: return "scribble";
        case MarkShape::around: return "around";
    }
    return "?";
}

namespace {

/// How a teacher would say a mark was made: "circled", "filled", "ticked".
std::string verb_of(const MarkReading& m) {
    if (m.state == MarkState::filled) {
        return m.shape == MarkShape::circle ? "circled" : m.shape == MarkShape::tick ? "ticked" : "filled";
    }
    switch (m.shape) {
        case MarkShape::light: return "marked lightly";
        case MarkShape::tick: return m.ink >= 0.45 ? "partly filled" : "ticked";
        case MarkShape::slash: return "slashed";
        case MarkShape::cross: return "crossed";
        case MarkShape::circle: return "circled";
        case MarkShape::scribble: return "scribbled over";
        case MarkShape::around: return "marked round the outside";
        case MarkShape::fill: return "filled";
        case MarkShape::none: break;
    }
    return "marked";
}

/// What the targets of one kind are to a teacher: "letter", "score", "digit".
std::string noun_of(TargetKind kind) {
    switch (kind) {
        case TargetKind::teacher_box: return "score";
        case TargetKind::digit:
        case TargetKind::student_id: return "digit";
        case TargetKind::bubble:
        case TargetKind::tick_box: break;
    }
    return "letter";
}

/// Why a person must look at an answer group, in a teacher's words: "a
/// letter is circled", "a score is circled and another filled", "two scores
/// filled", "a letter is marked lightly, another filled and another ticked".
std::string note_of(const Answer& a, const PageReading& reading) {
    std::vector<std::string> verbs;
    for (std::size_t i : a.targets) {
        const MarkReading& m = reading.marks[i];
        if (m.state == MarkState::filled || m.state == MarkState::unclear) {
            verbs.push_back(verb_of(m));
        }
    }
    if (verbs.empty()) {
        return {};
    }
    const std::string noun = noun_of(a.kind);
    const bool unseen = std::all_of(a.targets.begin(), a.targets.end(), [&](std::size_t i) {
        return reading.marks[i].state != MarkState::filled && reading.marks[i].shape == MarkShape::none;
    });
    if (unseen) {  // a question left blank on a 1-bit scan (judge_rules.cpp)
        return "nothing is marked, but a black-and-white scan can lose light pencil: look at the sheet";
    }
    if (verbs.size() > 1 &&
        std::all_of(verbs.begin(), verbs.end(), [&](const std::string& v) { return v == verbs[0]; })) {
        static const std::array<const char*, 4> counts = {"two", "three", "four", "five"};
        const std::string count =
            verbs.size() - 2 < counts.size() ? counts[verbs.size() - 2] : std::to_string(verbs.size());
        return count + " " + noun + "s " + verbs[0];
    }
    std::string note = "a " + noun + " is " + verbs[0];
    for (std::size_t k = 1; k < verbs.size(); ++k) {
        note += (k + 1 == verbs.size() ? " and another " : ", another ") + verbs[k];
    }
    return note;
}

}  // namespace

std::vector<Answer> summarize(const PageGeometry& geometry, const PageReading& reading,
                              const Thresholds& thresholds) {
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
            answers.push_back(Answer{t.question, t.kind, group, AnswerStatus::blank, {}, {}, {}});
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
        if (a.status == AnswerStatus::unclear || a.status == AnswerStatus::multiple) {
            a.note = note_of(a, reading);
        }
    }
    // Digits written in a column's box with no bubble of the column filled:
    // the student answered, a person reads it.
    for (std::size_t w = 0; w < geometry.write_ins.size() && w < reading.written.size(); ++w) {
        const WriteIn& box = geometry.write_ins[w];
        for (auto& a : answers) {
            if (a.question == box.question && a.kind == box.kind && a.group == box.group &&
                a.status == AnswerStatus::blank && reading.written[w] >= thresholds.written_ink) {
                a.status = AnswerStatus::unclear;
                a.note = "a digit is written in the box but no bubble filled";
            }
        }
    }
    return answers;
}

}  // namespace handout::scan
