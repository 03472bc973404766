// A worksheet as a QTI 2.1 content package: a zip (stored, fixed dates, so
// the same worksheet gives the same bytes) with imsmanifest.xml, one
// assessmentItem per question and its picture. `explain` is a modal feedback
// shown after answering.
#include "handout/convert.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <sstream>

#include "handout/image.hpp"
#include "handout/io.hpp"
#include "convert/support.hpp"
#include "handout/markup.hpp"
#include "text/utf8_path.hpp"

namespace handout {

using namespace convert;

namespace {

// ---- a stored zip -----------------------------------------------------------

std::uint32_t crc32(std::string_view bytes) {
    static const auto table = [] {
        std::array<std::uint32_t, 256> t{};
        for (std::uint32_t i = 0; i < 256; ++i) {
            std::uint32_t c = i;
            for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            t[i] = c;
        }
        return t;
    }();
    std::uint32_t c = 0xFFFFFFFFu;
    for (const char b : bytes) c = table[(c ^ static_cast<unsigned char>(b)) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

void put16(std::string& out, std::uint32_t v) {
    out += static_cast<char>(v & 0xFF);
    out += static_cast<char>((v >> 8) & 0xFF);
}
void put32(std::string& out, std::uint32_t v) {
    put16(out, v & 0xFFFF);
    put16(out, v >> 16);
}

std::string zip(const std::vector<std::pair<std::string, std::string>>& files) {
    std::string out, central;
    const std::uint32_t dos_time = 0, dos_date = (0 << 9) | (1 << 5) | 1;  // 1980-01-01 00:00
    for (const auto& [name, data] : files) {
        const auto offset = static_cast<std::uint32_t>(out.size());
        const std::uint32_t crc = crc32(data);
        const auto size = static_cast<std::uint32_t>(data.size());
        const auto name_len = static_cast<std::uint32_t>(name.size());
        put32(out, 0x04034b50);
        put16(out, 20), put16(out, 0x0800), put16(out, 0), put16(out, dos_time), put16(out, dos_date);
        put32(out, crc), put32(out, size), put32(out, size);
        put16(out, name_len), put16(out, 0);
        out += name + data;
        put32(central, 0x02014b50);
        put16(central, 20), put16(central, 20), put16(central, 0x0800), put16(central, 0);
        put16(central, dos_time), put16(central, dos_date);
        put32(central, crc), put32(central, size), put32(central, size);
        put16(central, name_len), put16(central, 0), put16(central, 0), put16(central, 0), put16(central, 0);
        put32(central, 0), put32(central, offset);
        central += name;
    }
    const auto central_offset = static_cast<std::uint32_t>(out.size());
    out += central;
    put32(out, 0x06054b50);
    put16(out, 0), put16(out, 0);
    put16(out, static_cast<std::uint32_t>(files.size())), put16(out, static_cast<std::uint32_t>(files.size()));
    put32(out, static_cast<std::uint32_t>(central.size())), put32(out, central_offset), put16(out, 0);
    return out;
}

// ---- items --------------------------------------------------------------------

// Appends HTML made from markup as XHTML children (text, strong, em, code, br).
void add_markup(pugi::xml_node parent, const std::string& markup) {
    pugi::xml_document frag;
    const std::string xhtml = "<r>" + markup_to_mathml_xhtml(markup) + "</r>";
    std::string fixed;
    for (std::size_t i = 0; i < xhtml.size(); ++i) fixed += xhtml.compare(i, 4, "<br>") == 0 ? (i += 3, "<br/>") : std::string(1, xhtml[i]);
    if (frag.load_string(fixed.c_str()))
        for (auto c : frag.child("r").children()) parent.append_copy(c);
}

pugi::xml_node declare(pugi::xml_node item, const char* id, const char* cardinality, const char* base) {
    auto d = item.append_child("responseDeclaration");
    d.append_attribute("identifier") = id;
    d.append_attribute("cardinality") = cardinality;
    d.append_attribute("baseType") = base;
    return d;
}

// A document that starts <?xml version="1.0" encoding="UTF-8"?>.
void declare_utf8(pugi::xml_document& doc) {
    auto decl = doc.append_child(pugi::node_declaration);
    decl.append_attribute("version") = "1.0";
    decl.append_attribute("encoding") = "UTF-8";
}

std::string saved(const pugi::xml_document& doc) {
    std::ostringstream out;
    doc.save(out, "  ", pugi::format_default, pugi::encoding_utf8);
    return out.str();
}

void value(pugi::xml_node parent, const std::string& v) { parent.append_child("value").text() = v.c_str(); }

pugi::xml_node outcome(pugi::xml_node item, const char* id, const char* base, const std::string& def) {
    auto o = item.insert_child_before("outcomeDeclaration", item.child("itemBody"));
    o.append_attribute("identifier") = id;
    o.append_attribute("cardinality") = "single";
    o.append_attribute("baseType") = base;
    if (!def.empty()) value(o.append_child("defaultValue"), def);
    return o;
}

// One choice element `tag` per text, identified `prefix`1, `prefix`2, …: a
// pinned option of a choice question stays fixed when the rest shuffle.
void add_choices(pugi::xml_node interaction, const Question& q, const std::vector<std::string>& texts,
                 const char* tag, const std::string& prefix) {
    for (std::size_t i = 0; i < texts.size(); ++i) {
        auto c = interaction.append_child(tag);
        c.append_attribute("identifier") = (prefix + std::to_string(i + 1)).c_str();
        if (std::string(tag) == "simpleAssociableChoice") c.append_attribute("matchMax") = "1";
        else c.append_attribute("fixed") = (i < options_of(q).size() && options_of(q)[i].pin) ? "true" : "false";
        add_markup(c, texts[i]);
    }
}

// choice, multi and truefalse: a choiceInteraction.
void write_choice_interaction(pugi::xml_node item, pugi::xml_node body, const Question& q, bool shuffle,
                              Diagnostics& w) {
    const bool multi = q.type() == QuestionType::multi;
    if (multi && q.scoring == Scoring::partial)
        w.warning(q.loc, "the QTI item scores all-or-nothing, not 'scoring: partial'",
                  "the package gives the points only for exactly the right ticks");
    auto d = declare(item, "RESPONSE", multi ? "multiple" : "single", "identifier");
    auto correct = d.append_child("correctResponse");
    std::vector<std::string> texts;
    if (q.type() == QuestionType::truefalse) {
        texts = {"True", "False"};
        value(correct, q.as<TrueFalse>().truth ? "C1" : "C2");
    } else {
        texts.reserve(options_of(q).size());
        for (const auto& o : options_of(q)) texts.push_back(o.text);
        if (multi)
            for (std::size_t i : q.as<Multi>().answers) value(correct, "C" + std::to_string(i + 1));
        else value(correct, "C" + std::to_string(q.as<Choice>().answer + 1));
    }
    auto ci = body.append_child("choiceInteraction");
    ci.append_attribute("responseIdentifier") = "RESPONSE";
    ci.append_attribute("shuffle") = q.type() != QuestionType::truefalse && shuffle ? "true" : "false";
    ci.append_attribute("maxChoices") = multi ? "0" : "1";
    add_choices(ci, q, texts, "simpleChoice", "C");
}

void write_order_interaction(pugi::xml_node item, pugi::xml_node body, const Question& q) {
    auto d = declare(item, "RESPONSE", "ordered", "identifier");
    auto correct = d.append_child("correctResponse");
    std::vector<std::string> texts;
    const auto& items = q.as<Order>().items;
    texts.reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) texts.push_back(items[i].text), value(correct, "I" + std::to_string(i + 1));
    auto oi = body.append_child("orderInteraction");
    oi.append_attribute("responseIdentifier") = "RESPONSE";
    oi.append_attribute("shuffle") = "true";
    add_choices(oi, q, texts, "simpleChoice", "I");
}

void write_match_interaction(pugi::xml_node item, pugi::xml_node body, const Question& q, bool shuffle) {
    auto d = declare(item, "RESPONSE", "multiple", "directedPair");
    auto correct = d.append_child("correctResponse");
    std::vector<std::string> left, right;
    const Match& match = q.as<Match>();
    const auto& pairs = match.pairs;
    const std::vector<std::size_t> right_of = match.right_of();
    for (std::size_t k : match.right_items()) right.push_back(pairs[k].right.text);
    std::vector<std::size_t> uses(right.size(), 0);
    left.reserve(pairs.size());
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        left.push_back(pairs[i].left.text);
        ++uses[right_of[i]];
        value(correct, "L" + std::to_string(i + 1) + " R" + std::to_string(right_of[i] + 1));
    }
    auto mi = body.append_child("matchInteraction");
    mi.append_attribute("responseIdentifier") = "RESPONSE";
    mi.append_attribute("shuffle") = shuffle ? "true" : "false";
    mi.append_attribute("maxAssociations") = std::to_string(pairs.size()).c_str();
    add_choices(mi.append_child("simpleMatchSet"), q, left, "simpleAssociableChoice", "L");
    auto rights = mi.append_child("simpleMatchSet");
    add_choices(rights, q, right, "simpleAssociableChoice", "R");
    // A right item that several pairs share takes as many associations.
    std::size_t k = 0;
    for (auto c : rights.children("simpleAssociableChoice"))
        c.attribute("matchMax") = std::to_string(uses[k++]).c_str();
}

void write_numeric_interaction(pugi::xml_node item, pugi::xml_node body, const Numeric& num) {
    auto d = declare(item, "RESPONSE", "single", "float");
    value(d.append_child("correctResponse"), number_text(num.value));  // `70,000` is 70000
    auto p = body.append_child("p");
    auto te = p.append_child("textEntryInteraction");
    te.append_attribute("responseIdentifier") = "RESPONSE";
    if (!num.unit.empty()) p.append_child(pugi::node_pcdata).set_value((" " + num.unit.text).c_str());
}

// fill: the prompt, then the text with a textEntryInteraction per gap
// (RESPONSE1, RESPONSE2, …).
void write_fill_interaction(pugi::xml_node item, pugi::xml_node body, const Question& q, Diagnostics& w) {
    if (!q.prompt.empty()) add_markup(body.append_child("p"), q.prompt.text);
    if (q.as<Fill>().bank) w.warning(q.loc, "QTI text entries have no word bank: the gaps are typed", "");
    std::size_t gaps = 0;
    for (const auto& part : q.as<Fill>().parts) gaps += part.gap;
    if (gaps > 1)
        w.warning(q.loc,
                  "a QTI item with " + std::to_string(gaps) +
                      " text entries: not every importer takes more than one",
                  "for one that refuses it (Canvas has been reported to), export to Moodle XML or GIFT, or "
                  "give each "
                  "gap a question of its own (docs/import-export.md)");
    auto p = body.append_child("p");
    std::size_t g = 0;
    for (const auto& part : q.as<Fill>().parts) {
        if (!part.gap) {
            add_markup(p, part.text);
            continue;
        }
        const std::string id = "RESPONSE" + std::to_string(++g);
        auto d = declare(item, id.c_str(), "single", "string");
        value(d.append_child("correctResponse"), plain_text(part.text));
        auto te = p.append_child("textEntryInteraction");
        te.append_attribute("responseIdentifier") = id.c_str();
    }
}

// The interaction of a question in `body`, its response declarations in
// `item`; false when QTI cannot mark it (a written answer).
bool write_interaction(pugi::xml_node item, pugi::xml_node body, const Worksheet& sheet, const Question& q,
                       Diagnostics& w) {
    const bool shuffle = q.shuffle_options && sheet.shuffle_options;
    switch (q.type()) {
    case QuestionType::choice:
    case QuestionType::multi:
    case QuestionType::truefalse: write_choice_interaction(item, body, q, shuffle, w); break;
    case QuestionType::order: write_order_interaction(item, body, q); break;
    case QuestionType::match: write_match_interaction(item, body, q, shuffle); break;
    case QuestionType::short_answer: {
        declare(item, "RESPONSE", "single", "string");
        auto ei = body.append_child("extendedTextInteraction");
        ei.append_attribute("responseIdentifier") = "RESPONSE";
        ei.append_attribute("expectedLines") = std::to_string(q.as<ShortAnswer>().lines).c_str();
        w.warning(q.loc, "QTI marks no written answer: the model answer is shown as feedback", "");
        return false;
    }
    case QuestionType::numeric: write_numeric_interaction(item, body, q.as<Numeric>()); break;
    case QuestionType::fill: write_fill_interaction(item, body, q, w); break;
    }
    return true;
}

std::string item_xml(const Worksheet& sheet, const Question& q, std::size_t n, const std::string& image_href,
                     Diagnostics& w) {
    pugi::xml_document doc;
    declare_utf8(doc);
    auto item = doc.append_child("assessmentItem");
    item.append_attribute("xmlns") = "http://www.imsglobal.org/xsd/imsqti_v2p1";
    item.append_attribute("identifier") = ("item-" + std::to_string(n)).c_str();
    item.append_attribute("title") = question_name(q, n).c_str();
    item.append_attribute("adaptive") = "false";
    item.append_attribute("timeDependent") = "false";
    auto body = item.append_child("itemBody");
    outcome(item, "SCORE", "float", "0");
    outcome(item, "MAXSCORE", "float", points_decimal(q.points));
    outcome(item, "FEEDBACK", "identifier", "");
    if (!q.prompt.empty() && q.type() != QuestionType::fill) add_markup(body.append_child("p"), q.prompt.text);
    if (!image_href.empty()) {
        auto img = body.append_child("p").append_child("img");
        img.append_attribute("src") = image_href.c_str();
        img.append_attribute("alt") = "";
    }
    const bool scored = write_interaction(item, body, sheet, q, w);
    // Declarations come first, in QTI's order.
    std::vector<pugi::xml_node> decls;
    for (auto d : item.children("responseDeclaration")) decls.push_back(d);
    for (auto it = decls.rbegin(); it != decls.rend(); ++it) item.prepend_move(*it);

    // Scoring: all responses right → MAXSCORE; the explanation always shows.
    auto rp = item.append_child("responseProcessing");
    if (scored) {
        auto cond = rp.append_child("responseCondition").append_child("responseIf");
        auto all = cond.append_child("and");
        for (const auto& d : decls) {
            const std::string id = d.attribute("identifier").as_string();
            pugi::xml_node test;
            if (q.type() == QuestionType::numeric) {
                test = all.append_child("equal");
                test.append_attribute("toleranceMode") = "absolute";
                const std::string t = number_text(q.as<Numeric>().tolerance);
                std::string both = t;  // "t t": the same tolerance below and above the value
                both += ' ';
                both += t;
                test.append_attribute("tolerance") = both.c_str();
            } else {
                test = all.append_child("match");
            }
            test.append_child("variable").append_attribute("identifier") = id.c_str();
            test.append_child("correct").append_attribute("identifier") = id.c_str();
        }
        auto set = cond.append_child("setOutcomeValue");
        set.append_attribute("identifier") = "SCORE";
        set.append_child("variable").append_attribute("identifier") = "MAXSCORE";
    }
    std::string feedback = q.explain.text;
    if (q.type() == QuestionType::short_answer) feedback = "Model answer: " + q.as<ShortAnswer>().model_answer.text + (feedback.empty() ? "" : " " + feedback);
    if (!feedback.empty()) {
        auto set = rp.append_child("setOutcomeValue");
        set.append_attribute("identifier") = "FEEDBACK";
        auto bv = set.append_child("baseValue");
        bv.append_attribute("baseType") = "identifier";
        bv.text() = "EXPLAIN";
        auto mf = item.append_child("modalFeedback");
        mf.append_attribute("outcomeIdentifier") = "FEEDBACK";
        mf.append_attribute("identifier") = "EXPLAIN";
        mf.append_attribute("showHide") = "show";
        add_markup(mf, feedback);
    }
    return saved(doc);
}

/// The package's test: a section of the worksheet each (a pool's `pick` as
/// its selection), referring to the items in order.
std::string test_xml(const Worksheet& sheet) {
    pugi::xml_document doc;
    declare_utf8(doc);
    auto test = doc.append_child("assessmentTest");
    test.append_attribute("xmlns") = "http://www.imsglobal.org/xsd/imsqti_v2p1";
    test.append_attribute("identifier") = "test";
    test.append_attribute("title") = sheet.title.text.c_str();
    auto part = test.append_child("testPart");
    part.append_attribute("identifier") = "part-1";
    part.append_attribute("navigationMode") = "nonlinear";
    part.append_attribute("submissionMode") = "individual";
    std::size_t n = 0, k = 0;
    for (const auto& s : sheet.sections) {
        auto section = part.append_child("assessmentSection");
        section.append_attribute("identifier") = ("section-" + std::to_string(++k)).c_str();
        section.append_attribute("title") = (s.title.empty() ? sheet.title.text : s.title.text).c_str();
        section.append_attribute("visible") = sheet.uses_sections ? "true" : "false";
        if (s.is_pool())
            section.append_child("selection").append_attribute("select") = std::to_string(s.pick).c_str();
        for (std::size_t i = 0; i < s.questions.size(); ++i) {
            auto ref = section.append_child("assessmentItemRef");
            ref.append_attribute("identifier") = ("item-" + std::to_string(++n)).c_str();
            ref.append_attribute("href") = ("items/item-" + std::to_string(n) + ".xml").c_str();
        }
    }
    return saved(doc);
}

/// A question's tags as keywords of its resource's metadata (IMS Metadata
/// 1.2, the LOM of IMS Content Packaging 1.1).
void add_tags(pugi::xml_node resource, const Question& q) {
    if (q.tags.empty()) return;
    auto general = resource.append_child("metadata").append_child("imsmd:lom").append_child("imsmd:general");
    for (const Text& tag : q.tags) {
        auto keyword = general.append_child("imsmd:keyword").append_child("imsmd:langstring");
        keyword.append_attribute("xml:lang") = "x-none";
        keyword.text() = tag.text.c_str();
    }
}

}  // namespace

std::string export_qti(const Worksheet& sheet, Diagnostics& warnings) {
    if (!vars_drawn(sheet, warnings)) return {};
    std::vector<std::pair<std::string, std::string>> files;
    pugi::xml_document manifest;
    declare_utf8(manifest);
    auto root = manifest.append_child("manifest");
    root.append_attribute("xmlns") = "http://www.imsglobal.org/xsd/imscp_v1p1";
    root.append_attribute("xmlns:imsmd") = "http://www.imsglobal.org/xsd/imsmd_v1p2";
    root.append_attribute("identifier") = ("handout-" + sheet.id.text).c_str();
    root.append_child("metadata").append_child("schema").text() = "QTIv2.1 Package";
    root.child("metadata").append_child("schemaversion").text() = "1.0.0";
    root.append_child("organizations");
    auto resources = root.append_child("resources");
    auto test = resources.append_child("resource");
    test.append_attribute("identifier") = "test";
    test.append_attribute("type") = "imsqti_test_xmlv2p1";
    test.append_attribute("href") = "test.xml";
    test.append_child("file").append_attribute("href") = "test.xml";
    std::size_t n = 0;
    for (const auto& s : sheet.sections) {
        for (const auto& q : s.questions) {
            ++n;
            const std::string href = "items/item-" + std::to_string(n) + ".xml";
            std::string image_href;
            if (!q.image.empty()) {
                const std::string name = utf8_path(q.image.text).filename().string();
                image_href = "images/" + std::to_string(n) + "-" + name;
                files.push_back({"items/" + image_href, read_file(q.image.text, max_image_file_bytes)});
            }
            files.push_back({href, item_xml(sheet, q, n, image_href, warnings)});
            auto r = resources.append_child("resource");
            r.append_attribute("identifier") = ("item-" + std::to_string(n)).c_str();
            r.append_attribute("type") = "imsqti_item_xmlv2p1";
            r.append_attribute("href") = href.c_str();
            add_tags(r, q);
            r.append_child("file").append_attribute("href") = href.c_str();
            if (!image_href.empty()) r.append_child("file").append_attribute("href") = ("items/" + image_href).c_str();
            test.append_child("dependency").append_attribute("identifierref") =
                ("item-" + std::to_string(n)).c_str();
        }
    }
    for (const auto& s : sheet.sections)
        if (s.is_pool() && (s.one_per_tag || s.pool_points))
            warnings.warning(s.pick_loc,
                             "QTI's selection has no 'one_per_tag' or 'points': the test draws any " +
                                 std::to_string(s.pick) + " of the pool's questions",
                             "");
    files.insert(files.begin(), {"test.xml", test_xml(sheet)});
    files.insert(files.begin(), {"imsmanifest.xml", saved(manifest)});
    return zip(files);
}

}  // namespace handout
