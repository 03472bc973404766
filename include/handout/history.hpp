// Item history (issue 35): every question known by its content, not its
// number or worksheet, and what marked classes did with it, kept in a
// SQLite file beside the bank (docs/marking.md, "Item history"): `handout
// mark --history` adds a class, `handout bank` and `handout check
// --history` show each item's figures when writing the next worksheet.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "handout/model.hpp"

namespace handout {

/// A question's identity across worksheets: `q-` and 12 hex digits of a
/// 64-bit FNV-1a hash of its type, prompt (markup removed) and options (fill:
/// its parts; match: its pairs; order: its items), as written (before any
/// vars are drawn). The same as `handout stats` names it.
std::string item_id(const Question& q);

/// What the history keeps of an item: how to show it.
struct ItemRecord {
    std::string item;                  ///< item_id
    std::string type, prompt;          ///< type name, prompt as printed (markup removed)
    std::vector<std::string> options;  ///< choice, multi: option texts; truefalse: True, False
    std::vector<std::size_t> key;      ///< the right options (indices into options)
};

/// One student's answer to one item, as `handout mark` decided it.
struct ItemAnswer {
    std::string item;                 ///< item_id
    std::string sheet;                ///< the sheet code
    std::string worksheet;            ///< the worksheet's id
    int question = 0;                 ///< its source index there
    std::string vars;                 ///< the values drawn for it, `m = 4 · a = 2.5` ("" without vars)
    std::vector<std::string> chosen;  ///< source options chosen ("2"; "T"), for choice, multi, truefalse
    double points = 0, max = 0;
    double sheet_share = 0;  ///< the sheet's total as a share of its maximum
};

/// An item's figures over every class in the history.
struct ItemHistory {
    std::size_t answers = 0;  ///< students who answered it (sheets fully decided)
    std::size_t classes = 0;
    std::size_t right = 0;  ///< with full points
    /// Share right in the top 27 % of all its answers by sheet total minus the
    /// bottom 27 % (from 6 answers; as `mark --analysis`); nullopt: too few.
    std::optional<double> discrimination;
    std::size_t strongest = 0;  ///< the top group's size (0 without a discrimination index)
    /// Choice, multi, truefalse: how often each option was chosen (source
    /// order; truefalse T then F), over all answers and in the top group.
    std::vector<std::size_t> chosen, chosen_by_strongest;
    /// Per value of its vars (for a question with `vars`), in sorted order.
    struct ByVars {
        std::string vars;
        std::size_t answers = 0, right = 0;
    };
    std::vector<ByVars> by_vars;
};

/// "answered by 143 students in 5 classes, 61 % right, discrimination
/// +0.32, option 3 (Paris) chosen by 30 % of the strongest": the wrong
/// option most chosen in the top group, when any was.
std::string history_sentence(const ItemRecord& item, const ItemHistory& h);

/// A history file, open. Not copyable; closed by its destructor.
class ItemHistoryFile {
public:
    /// Opens the SQLite file at `path`; with `create`, makes it (and its
    /// tables) when missing. Throws IoError when it cannot be opened or is
    /// not a handout history.
    ItemHistoryFile(const std::string& path, bool create);
    ~ItemHistoryFile();
    ItemHistoryFile(const ItemHistoryFile&) = delete;
    ItemHistoryFile& operator=(const ItemHistoryFile&) = delete;

    /// Replaces class `label`'s answers with `answers`, and adds or updates
    /// `items`, in one transaction: marking a class again never counts it
    /// twice. Throws IoError when the file cannot be written.
    void record_class(const std::string& label, const std::vector<ItemRecord>& items,
                      const std::vector<ItemAnswer>& answers);

    /// The figures of item `item` with `options` options (0 for a type
    /// without), or nullopt when no class answered it.
    std::optional<ItemHistory> history(const std::string& item, std::size_t options) const;

    /// The classes recorded, sorted.
    std::vector<std::string> classes() const;

private:
    struct Db;
    std::unique_ptr<Db> db_;
};

}  // namespace handout
