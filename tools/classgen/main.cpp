// classgen: a real class's filled pile, and its score on `handout mark`.
//
//   handout batch WS.yaml --roster R.csv --answer-sheet -o class.pdf
//   build/classgen make --class class.pdf --worksheet WS.yaml --roster R.csv -o pile/ [--dpi 200] [--seed 1]
//                       [--master-dpi 300] [--pens] [--no-phone] [--previews N] [--template T] [--duplex]
//   build/classgen score pile/ --handout build/handout --worksheet WS.yaml --roster R.csv
//
// `make` marks every answer page of the printed class set as its student
// and the teacher would (see students.hpp), keeps the truth, and writes the
// pile as three scans (pile.hpp). `score` runs `handout mark` on each scan,
// compares responses.csv with the truth, prints a Markdown table and exits 1
// when any answer was read wrong without a flag (score.hpp). See
// docs/scanning.md, "A real class's pile".

#include <CLI/CLI.hpp>

#include <iostream>

#include "class_set.hpp"
#include "pile.hpp"
#include "score.hpp"

namespace {

int run(int argc, char** argv) {
    CLI::App app{"A real class's filled pile with its truth, and how `handout mark` reads it"};
    app.require_subcommand(1);
    classgen::ClassSpec spec;
    classgen::PileOptions pile;
    auto* make = app.add_subcommand("make", "mark a printed class set and scan it three ways");
    make->add_option("--class", pile.class_pdf,
                     "the class set PDF from `handout batch --roster … --answer-sheet`")
        ->required();
    make->add_option("--worksheet", spec.worksheet, "its worksheet")->required();
    make->add_option("--roster", spec.roster, "its roster")->required();
    make->add_option("--template", spec.template_name, "its --template, if batch had one");
    make->add_flag("--duplex", spec.duplex, "batch had --duplex");
    make->add_option("-o,--output", pile.out_dir, "the folder to write")->required();
    make->add_option("--seed", pile.seed, "seed of every random choice");
    make->add_option("--dpi", pile.dpi, "the copiers' resolution")->check(CLI::Range(100.0, 600.0));
    make->add_option("--master-dpi", pile.master_dpi, "resolution pages are rendered and marked at")
        ->check(CLI::Range(100.0, 600.0));
    make->add_flag("--pens", pile.pens_only, "a class that uses pens (default: a mix of habits)");
    bool no_phone = false;
    make->add_flag("--no-phone", no_phone, "no phone photos");
    make->add_option("--previews", pile.previews, "PNGs of this many marked pages, to look at");

    classgen::ScoreOptions score;
    auto* sc =
        app.add_subcommand("score", "run handout mark on each scan of a pile and compare with the truth");
    sc->add_option("pile", score.dir, "the folder `make` wrote")->required();
    sc->add_option("--handout", score.handout, "the handout program")->required();
    sc->add_option("--worksheet", score.worksheet, "the worksheet")->required();
    sc->add_option("--roster", score.roster, "the roster")->required();
    CLI11_PARSE(app, argc, argv);

    try {
        if (*make) {
            pile.phone = !no_phone;
            classgen::make_pile(classgen::lay_out_class(spec), pile);
            return 0;
        }
        return classgen::score(score, std::cout);
    } catch (const std::exception& e) {
        std::cerr << "classgen: " << e.what() << '\n';
        return 3;
    }
}

}  // namespace

int main(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (...) {
        return 3;
    }
}
