// The measuring stick of handout's maths (not part of the product): every
// formula of tests/data/math/formulas.tsv typeset by handout and by pdflatex
// (Debian's texlive-latex-base, used here only), their boxes compared.
//
//   math_bench FORMULAS.tsv FONTS_DIR OUT_DIR
//
// Writes OUT_DIR/tex.tex (pdflatex's side: each formula in an \hbox whose
// width, height and depth it logs, then all of them printed one per line),
// runs pdflatex there, and prints for each formula handout's width, height
// and depth beside TeX's (both at 10 pt), the ratios of the widths and of
// height+depth, and how many agree within 10 %. Also writes OUT_DIR/sheet.yaml, a worksheet with one formula
// per question, to look at beside tex.pdf.
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "handout/math.hpp"

namespace {

struct Formula {
    std::string source, handout, latex;
};

std::vector<Formula> read_formulas(const std::string& path) {
    std::ifstream in(path);
    std::vector<Formula> out;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> cols;
        std::stringstream ss(line);
        for (std::string col; std::getline(ss, col, '\t');) cols.push_back(col);
        if (cols.size() < 2) continue;
        Formula f{cols[0], cols[1], cols.size() > 2 && !cols[2].empty() ? cols[2] : cols[1]};
        out.push_back(f);
    }
    return out;
}

/// pdflatex's boxes by formula number: width, height, depth in points.
std::map<int, std::array<double, 3>> tex_boxes(const std::string& dir) {
    std::map<int, std::array<double, 3>> out;
    std::ifstream log(dir + "/tex.log");
    for (std::string line; std::getline(log, line);) {
        int i = 0;
        double w = 0, h = 0, d = 0;
        if (std::sscanf(line.c_str(), "BOX:%d:%lfpt:%lfpt:%lfpt", &i, &w, &h, &d) == 4) out[i] = {w, h, d};
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 4) {
        std::cerr << "usage: math_bench FORMULAS.tsv FONTS_DIR OUT_DIR\n";
        return 2;
    }
    const auto formulas = read_formulas(argv[1]);
    const std::string dir = argv[3];
    const std::string math_path = handout::MathFonts::find(argv[2]);
    if (math_path.empty()) {
        std::cerr << "math_bench: no " << handout::MathFonts::file_name << " in " << argv[2]
                  << " nor in the build tree\n";
        return 1;
    }
    const auto fonts = handout::MathFonts::load(math_path);

    std::ofstream tex(dir + "/tex.tex");
    tex << "\\documentclass[10pt]{article}\n\\usepackage{amsmath}\n\\pagestyle{empty}\n\\begin{document}\n";
    std::ofstream sheet(dir + "/sheet.yaml");
    sheet << "id: math-bench\ntitle: Formulas beside pdflatex\nlang: en\nshuffle: {questions: false, "
             "options: false}\n"
             "questions:\n";
    for (std::size_t i = 0; i < formulas.size(); ++i) {
        tex << "\\setbox0=\\hbox{$" << formulas[i].latex << "$}\\typeout{BOX:" << i + 1
            << ":\\the\\wd0:\\the\\ht0:\\the\\dp0}\n"
            << "\\noindent " << i + 1 << ". \\box0\\par\n";
        // Ten formulas a question, one a line, numbered as in tex.pdf.
        if (i % 10 == 0) sheet << "  - type: short\n    answer: x\n    lines: 1\n    prompt: |\n";
        sheet << "      " << i + 1 << ". $" << formulas[i].handout << "$\n";
    }
    tex << "\\end{document}\n";
    tex.close();
    const std::string cmd = "cd '" + dir + "' && pdflatex -interaction=batchmode tex.tex > /dev/null 2>&1";
    if (std::system(cmd.c_str()) != 0) std::cerr << "pdflatex failed: see " << dir << "/tex.log\n";
    const auto boxes = tex_boxes(dir);

    // Height and depth apart too, to tell a script's shift from a glyph's size.
    int width_ok = 0, height_ok = 0, both_ok = 0, measured = 0;
    std::printf("%-4s %-30s %7s %7s %6s %6s %6s %6s %6s %6s\n", "no", "source", "w", "w(TeX)", "ratio", "h",
                "d", "h(TeX)", "d(TeX)", "ratio");
    for (std::size_t i = 0; i < formulas.size(); ++i) {
        const auto it = boxes.find(static_cast<int>(i + 1));
        if (it == boxes.end()) continue;
        const handout::MathBox b = fonts->typeset(formulas[i].handout, false, 10);
        const auto& [tw, th, td] = it->second;
        const double rw = b.width / tw, rh = (b.height + b.depth) / (th + td);
        const bool w_in = std::abs(rw - 1) <= 0.10, h_in = std::abs(rh - 1) <= 0.10;
        width_ok += w_in;
        height_ok += h_in;
        both_ok += w_in && h_in;
        ++measured;
        std::printf("%-4zu %-30.30s %7.2f %7.2f %5.2f%s %6.2f %6.2f %6.2f %6.2f %5.2f%s\n", i + 1,
                    formulas[i].source.c_str(), b.width, tw, rw, w_in ? " " : "*", b.height, b.depth, th, td,
                    rh, h_in ? " " : "*");
    }
    std::printf("\n%d formulas measured: width within 10 %%: %d, height+depth within 10 %%: %d, both: %d\n",
                measured, width_ok, height_ok, both_ok);
    return 0;
}
