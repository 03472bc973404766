// The question types whose answer arranges what is printed: match (pairs
// of left and right items) and order (items in their correct order).
#include "load/worksheet_reader.hpp"

#include "handout/markup.hpp"

namespace handout::load {

// match: 2–12 pairs [left, right]; lefts distinct; a right item shared by
// several pairs is written alike, and there are at least two.
void WorksheetReader::read_match(const Entries& keys, Question& question) {
    Match& body = question.body.emplace<Match>();
    const Entry* e = keys.find("pairs");
    read_question_shuffle(keys, question);
    if (!e) {
        error(question.loc, "the match question has no 'pairs'",
              "add 'pairs:' with 2 to 12 pairs, each written [left, right]");
        return;
    }
    if (!is_list(*e, "pairs", "write each pair on its own line as '- [left, right]'")) return;
    if (e->value.size() > max_pairs) {  // reported before reading them, as for options
        check_count(*e, e->value.size(), min_pairs, max_pairs, "pairs", "match");
        return;
    }
    const std::string pair_hint = "write each pair as [left, right], for example [Paris, France]";
    for (const auto& node : e->value) {
        if (!node.IsSequence() || node.size() != 2) {
            const std::string found = node.IsSequence()
                                          ? "a list of " + std::to_string(node.size())
                                          : describe(node);
            error(node.IsNull() ? src_.at(e->value) : src_.at(node),
                  "a pair must be a list of two texts [left, right], found " + found, pair_hint);
            continue;
        }
        auto left = text(node[0], "the left item of a pair", true);
        auto right = text(node[1], "the right item of a pair", true);
        if (!left || !right) continue;
        bool twice = false;
        const std::string left_form = printed_form(left->text), right_form = printed_form(right->text);
        for (const auto& pair : body.pairs) {
            if (printed_form(pair.left.text) == left_form) {
                error(left->loc, twice_message("left item", *left, pair.left),
                      "the left items of a match question must all differ");
                twice = true;
            }
            // Pairs may share a right item (it is printed once), written
            // alike, so that each letter means one item.
            if (printed_form(pair.right.text) == right_form && pair.right.text != right->text) {
                error(right->loc, twice_message("right item", *right, pair.right),
                      "pairs that share a right item write it the same way each time (it is printed once)");
                twice = true;
            }
        }
        if (!twice) body.pairs.push_back({*left, *right});
    }
    check_count(*e, e->value.size(), min_pairs, max_pairs, "pairs", "match");
    if (body.pairs.size() == e->value.size() && body.pairs.size() >= min_pairs &&
        body.right_items().size() < 2)
        error(src_.at(e->value), "every pair has the same right item, so there is nothing to match",
              "give the pairs at least two different right items");
}

// order: 2–12 distinct items, written in the correct order.
void WorksheetReader::read_order(const Entries& keys, Question& question) {
    Order& body = question.body.emplace<Order>();
    read_question_shuffle(keys, question);
    const Entry* e = keys.find("items");
    if (!e) {
        error(question.loc, "the order question has no 'items'",
              "add 'items:' with 2 to 12 items, written in the correct order");
        return;
    }
    if (e->value.IsSequence() && e->value.size() > max_items) {  // reported before reading them
        check_count(*e, e->value.size(), min_items, max_items, "items", "order");
        return;
    }
    body.items = text_list(*e, "item", "items", "write each item on its own line starting with '- '");
    if (e->value.IsSequence()) check_count(*e, e->value.size(), min_items, max_items, "items", "order");
}

}  // namespace handout::load
