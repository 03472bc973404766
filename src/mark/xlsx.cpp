// `mark --format xlsx`: the scores and the per-question analysis as a
// spreadsheet, written with libxlsxwriter. libxlsxwriter 1.1.4 (Debian 12)
// writes only to a named file, so the workbook is written to a private
// temporary file, read back and removed; its errors are recorded at the C
// boundary and thrown as IoError once the C calls are done.
#include <xlsxwriter.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <memory>

#include "handout/io.hpp"
#include "handout/mark.hpp"
#include "mark/score_table.hpp"

namespace handout::mark {

namespace {

/// A file created for this process in the temporary folder, removed when done.
class TempFile {
public:
    TempFile() {
        std::string pattern = (std::filesystem::temp_directory_path() / "handout-xlsx-XXXXXX").string();
        const int fd = ::mkstemp(pattern.data());
        if (fd < 0) throw IoError("cannot create a temporary file for the spreadsheet in " + pattern);
        ::close(fd);
        path_ = pattern;
    }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
    ~TempFile() {
        std::error_code ec;
        std::filesystem::remove(path_, ec);
    }
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

/// The workbook's creation date: fixed, so that the same results give the
/// same bytes (2000-01-01 00:00 UTC).
constexpr time_t fixed_created = 946684800;

/// The cell formats of a workbook.
struct Formats {
    lxw_format* heading;
    lxw_format* percent;
};

/// Writes `table` to `sheet`, the header row bold and frozen; records the
/// first libxlsxwriter error in `error`.
void write_table(lxw_worksheet* sheet, const ScoreTable& table, const Formats& f, lxw_error& error) {
    const auto check = [&](lxw_error e) {
        if (error == LXW_NO_ERROR) error = e;
    };
    for (std::size_t k = 0; k < table.header.size(); ++k)
        check(
            worksheet_write_string(sheet, 0, static_cast<lxw_col_t>(k), table.header[k].c_str(), f.heading));
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const auto row = static_cast<lxw_row_t>(r + 1);
        for (std::size_t k = 0; k < table.rows[r].size(); ++k) {
            const TableCell& c = table.rows[r][k];
            const auto col = static_cast<lxw_col_t>(k);
            if (c.number)
                check(worksheet_write_number(sheet, row, col, *c.number, c.percent ? f.percent : nullptr));
            else if (!c.text.empty())
                check(worksheet_write_string(sheet, row, col, c.text.c_str(), nullptr));
        }
    }
    worksheet_freeze_panes(sheet, 1, 0);
}

}  // namespace

std::string results_xlsx(const Results& results) {
    TempFile file;
    lxw_workbook_options options{};
    options.constant_memory = LXW_FALSE;
    lxw_workbook* book = workbook_new_opt(file.path().c_str(), &options);
    if (!book) throw IoError("cannot start the spreadsheet (libxlsxwriter)");
    lxw_doc_properties properties{};
    char title[] = "Results";
    char creator[] = "handout";
    properties.title = title;
    properties.author = creator;
    properties.created = fixed_created;
    lxw_error error = workbook_set_properties(book, &properties);

    Formats f{workbook_add_format(book), workbook_add_format(book)};
    format_set_bold(f.heading);
    format_set_num_format(f.percent, "0.0%");
    lxw_worksheet* scores = workbook_add_worksheet(book, "Scores");
    lxw_worksheet* questions = workbook_add_worksheet(book, "Questions");
    if (!scores || !questions)
        error = error ? error : LXW_ERROR_MEMORY_MALLOC_FAILED;
    else {
        write_table(scores, score_table(results), f, error);
        write_table(questions, question_table(results), f, error);
        // Scores per tag, only when the worksheets tag their questions.
        if (const ScoreTable tags = tag_table(results); !tags.rows.empty()) {
            lxw_worksheet* sheet = workbook_add_worksheet(book, "Tags");
            if (!sheet)
                error = error ? error : LXW_ERROR_MEMORY_MALLOC_FAILED;
            else
                write_table(sheet, tags, f, error);
        }
    }
    const lxw_error closed = workbook_close(book);  // frees the workbook whatever happens
    if (error == LXW_NO_ERROR) error = closed;
    if (error != LXW_NO_ERROR)
        throw IoError(std::string("cannot write the spreadsheet: ") + lxw_strerror(error));
    return read_file(file.path());
}

}  // namespace handout::mark
