// The recursive-descent parser of the LaTeX subset (parse.cpp) and of
// mhchem's `\ce{…}` (chem.cpp). Private to src/math.
#pragma once

#include <string>
#include <string_view>

#include "handout/math.hpp"

namespace handout::math {

/// How deep atoms may nest (`{{{…}}}`, `\sqrt{\sqrt{…}}`): deeper is an
/// error, so that no formula exhausts the stack of the parser, the
/// typesetter or the MathML writer.
inline constexpr int max_depth = 40;

class Parser {
public:
    explicit Parser(std::string_view src, std::size_t base = 0) : src_(src), base_(base) {}

    /// The whole source as one list.
    MathList parse_all();
    std::vector<MathProblem>& problems() { return problems_; }

private:
    enum class Stop { end, brace, right, cell, row, end_env, bracket };

    MathList parse_list(Stop& stopped, bool in_group, bool in_env, bool in_bracket);
    /// One atom (with no scripts); false at the end of a list.
    bool parse_atom(MathList& out, Stop& stop, bool in_group, bool in_env, bool in_bracket);
    void parse_command(MathList& out, std::size_t at, const std::string& name, Stop& stop, bool in_env);
    bool parse_structure(MathList& out, std::size_t at, const std::string& name);
    void parse_group(MathList& out, bool in_env);
    /// A command after `\\`; false when it ends the list (`\\\\`, `\\right`, `\\end`).
    bool parse_backslash(MathList& out, Stop& stop, bool in_env);
    void parse_char(MathList& out);
    void attach_script(MathList& out, bool sup);
    /// An argument: a braced group, a command or one character.
    MathList read_arg(std::size_t cmd_at, std::string_view cmd);
    /// The raw text of a braced argument (for \text, \ce, \begin).
    bool read_raw(std::string& out, std::size_t cmd_at, std::string_view cmd);
    bool read_delimiter(char32_t& cp, std::size_t cmd_at, std::string_view cmd);
    void parse_left(MathList& out, std::size_t at);
    void parse_env(MathList& out, std::size_t at);
    void parse_frac(MathList& out, std::size_t at, const std::string& name);
    void parse_sqrt(MathList& out, std::size_t at);
    void parse_chem(MathList& out, std::size_t at);
    std::string read_name();
    void skip_space();
    void error(std::size_t at, std::string message, std::string hint = {});

    std::string_view src_;
    std::size_t base_;
    std::size_t pos_ = 0;
    int depth_ = 0;  ///< atoms being parsed inside each other
    std::vector<MathProblem> problems_;
};

/// Parses mhchem notation (`2H2 + O2 -> 2H2O`, `SO4^2-`, `NaCl(aq)`) into
/// a maths list; `base` is the offset of `text` in the formula's source.
MathList parse_chemistry(std::string_view text, std::size_t base, std::vector<MathProblem>& problems);

}  // namespace handout::math
