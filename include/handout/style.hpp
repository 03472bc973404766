// A page style ("template" in the worksheet format): page size, margins,
// fonts, sizes, spacing and gray levels. Loaded from templates/<name>.yaml.
#pragma once

#include <algorithm>
#include <string>

#include "handout/diagnostic.hpp"
#include "handout/labels.hpp"
#include "handout/paper.hpp"

namespace handout {

/// All lengths in PDF points (1/72 inch); gray levels 0 = black … 1 = white.
struct PageStyle {
    std::string name = "classic";
    Loc loc;
    /// `labels`: printed labels this page style overrides for every
    /// worksheet printed in it (the worksheet's own `labels:` win).
    std::vector<LabelOverride> labels;

    double page_width = paper_a4.width;  ///< A4 portrait
    double page_height = paper_a4.height;
    double margin_top = 48;
    double margin_bottom = 46;
    double margin_left = 56;
    double margin_right = 56;

    /// Font files, relative to the fonts folder.
    std::string font_regular = "Lato-Light.ttf";
    std::string font_bold = "Lato-Regular.ttf";
    std::string font_italic = "Lato-LightItalic.ttf";
    std::string font_bold_italic = "Lato-Italic.ttf";
    std::string font_mono = "LiberationMono-Regular.ttf";  ///< `code` spans

    double title_size = 18;
    double subtitle_size = 11.5;
    double meta_size = 9.5;
    double body_size = 11;      ///< prompts, options, instructions
    double key_size = 11;       ///< key lines
    double footer_size = 8;
    double line_gap = 1.28;     ///< baseline distance as a multiple of font size
    double question_gap = 13;   ///< extra space between questions
    double option_gap = 2.5;    ///< extra space between options in a column
    double image_scale = 1;     ///< pictures' printed width × this (never wider than the text)
    /// The body size when printed on A3 (`--paper a3`); every length
    /// scales with it. 0: everything enlarged as a copier does A4 to A3 (×√2).
    double a3_body_size = 0;
    /// Bubbles, tick boxes and digit grids, and the letters in them, × this
    /// (their size follows body_size; large print asks for more).
    double mark_scale = 1;

    int columns = 1;            ///< 2: questions flow in two columns (compact)
    /// Off: student pages print without corner marks, QR page code and
    /// marking note, for sheets that will never be scanned (`handout mark`
    /// cannot read them; answer sheets keep their marks).
    bool page_marks = true;
    double column_gap = 20;     ///< space between the two columns

    double text_gray = 0.12;    ///< body text (88 % black: a tenth less ink, whole under a 50 % cut)
    double muted_gray = 0.55;   ///< meta line, footer, hints
    double rule_gray = 0;       ///< write-in lines, boxes and bubbles (≤ 0.5: a copier keeps them)
    double rule_width = 0.5;
    double explain_gray = 0.25;  ///< explanations in the key (not read from templates yet)

    /// The word bank's frame: a step lighter than the rules.
    double bank_gray() const { return std::min(1.0, rule_gray + 0.15); }
    /// Small print a student relies on (gap numbers, the hints under a
    /// prompt, match row numbers, "Answer:"): muted_gray, but never so
    /// light that a copier or a scanner's 50 % threshold drops it (defined
    /// in layout/marks.cpp). The letters in bubbles and boxes print bold
    /// in text_gray: at 6 pt even gray 0.15 loses their thin strokes.
    double cue_gray() const;
};

/// `style` printed on `paper` (the `--paper` option): the page size
/// replaced and every length — margins, font sizes, gaps, rules, pictures —
/// scaled by one factor, so the page keeps its look: on A3 the style's
/// `a3_body_size` over its body size, otherwise the enlargement a copier
/// uses between the two papers (the square root of their areas' ratio, ×√2
/// from A4 to A3), and no scaling between papers of about the same size
/// (A4 and letter). The same style and paper always give the same result.
PageStyle on_paper(const PageStyle& style, const PaperSize& paper);

}  // namespace handout
