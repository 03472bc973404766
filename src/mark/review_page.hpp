// Private to src/mark: the part of review.html where a teacher finishes the
// marking (review_page.cpp): what needs a person, each undecided question
// with a picture of its marks and the answers it may take, every answer read
// (to override any of them), and the decisions saved as the corrections file
// `--fix` reads. The page's behaviour is review.js; its look review.css.
#pragma once

#include <string>

#include "handout/mark.hpp"

namespace handout::mark {

/// The page's <style> element (review.css).
std::string review_style();

/// The bar at the top: progress and the buttons that save the decisions
/// (shown once the script runs).
std::string review_toolbar();

/// "Needs a person": every unread page (a picture and the reason, for
/// information) and every undecided question (a picture of its marks, what
/// was read and why a person must look, room for the answer buttons), then
/// "All answers", where any answer read may be overridden.
std::string review_items(const Results& results);

/// What the script works from, as a JSON <script> element: every sheet's
/// questions with their readings and choices (QuestionResult::choices), the
/// corrections the run started from, and the run's identity (where the page
/// keeps its decisions); then the script itself (review.js).
std::string review_data_and_script(const Results& results);

}  // namespace handout::mark
