// Tests of printing as a school prints (issue 13): the label sets and their
// plural forms, `lang:` and `labels:` read back from real PDFs and quiz
// pages (French, Russian), and a school office's roster (German headings,
// 60-character names, a class column, extra columns) printed as a batch
// whose every page and every key names its student.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "handout/labels.hpp"
#include "handout/load.hpp"
#include "handout/points.hpp"
#include "handout/vars.hpp"
#include "support.hpp"

namespace fs = std::filesystem;
using namespace handout;
using handout::test::Proc;
using handout::test::quote;
using handout::test::run;

namespace {

const std::string source_dir = HANDOUT_SOURCE_DIR;
const std::string data_dir = HANDOUT_TEST_DATA;
const std::string handout_bin = HANDOUT_BINARY;

/// Points of `halves` half points labelled in the language of `tag`.
std::string label_of(const char* tag, int halves) {
    const Labels* labels = builtin_labels(tag);
    EXPECT_NE(labels, nullptr) << tag;
    return labels ? points_label(Points{halves}, labels->points) : "";
}

/// A fresh temporary folder per test, removed afterwards.
class Printed : public ::testing::Test {
protected:
    void SetUp() override {
        std::string tmpl = (fs::temp_directory_path() / "handout-labels-XXXXXX").string();
        ASSERT_NE(mkdtemp(tmpl.data()), nullptr);
        dir = tmpl;
    }
    void TearDown() override { fs::remove_all(dir); }
    std::string path(const std::string& name) const { return (fs::path(dir) / name).string(); }
    Proc handout(const std::string& args) const { return run(quote(handout_bin) + " " + args); }

    /// The text of each page (`pdftotext -raw`), whitespace runs (no-break
    /// spaces too) as one space.
    std::vector<std::string> pages(const std::string& pdf) const {
        Proc r = run("pdftotext -raw -enc UTF-8 " + quote(pdf) + " -");
        EXPECT_EQ(r.status, 0) << r.out;
        for (std::size_t at; (at = r.out.find("\u00a0")) != std::string::npos;) r.out.replace(at, 2, " ");
        std::vector<std::string> out(1);
        bool space = false;
        for (char c : r.out) {
            if (c == '\f') {
                out.emplace_back();
                space = false;
            } else if (c == ' ' || c == '\n' || c == '\t') {
                space = true;
            } else {
                if (space && !out.back().empty()) out.back() += ' ';
                out.back() += c;
                space = false;
            }
        }
        out.pop_back();  // after the last form feed
        return out;
    }

    std::string dir;
};

}  // namespace

// ---------------------------------------------------------------------------
// Label sets
// ---------------------------------------------------------------------------

// Proves the plural forms of the word for marks: English and German after
// ½ and 1, French and Portuguese below 2, and Russian and Polish with their
// one/few/many forms and the form after a half.
TEST(Labels, MarksTakeEachLanguagesPluralForms) {
    EXPECT_EQ(label_of("en", 1), "½ mark");
    EXPECT_EQ(label_of("en", 2), "1 mark");
    EXPECT_EQ(label_of("en", 3), "1½ marks");
    EXPECT_EQ(label_of("de", 4), "2 Punkte");
    EXPECT_EQ(label_of("fr", 3), "1½ point");
    EXPECT_EQ(label_of("fr", 4), "2 points");
    EXPECT_EQ(label_of("pt", 2), "1 ponto");
    EXPECT_EQ(label_of("ru", 2), "1 балл");
    EXPECT_EQ(label_of("ru", 4), "2 балла");
    EXPECT_EQ(label_of("ru", 10), "5 баллов");
    EXPECT_EQ(label_of("ru", 22), "11 баллов");
    EXPECT_EQ(label_of("ru", 42), "21 балл");
    EXPECT_EQ(label_of("ru", 44), "22 балла");
    EXPECT_EQ(label_of("ru", 3), "1½ балла");
    EXPECT_EQ(label_of("pl", 2), "1 punkt");
    EXPECT_EQ(label_of("pl", 6), "3 punkty");
    EXPECT_EQ(label_of("pl", 10), "5 punktów");
    EXPECT_EQ(label_of("pl", 24), "12 punktów");
    EXPECT_EQ(label_of("pl", 44), "22 punkty");
    EXPECT_EQ(label_of("pl", 1), "½ punktu");
    EXPECT_EQ(label_of("el", 4), "2 μονάδες");
}

// Proves that a tag's language subtag chooses the set, in any case and with
// any region, that an unknown language has none, and that every language has
// every label (no set left half English by mistake, except where the word is
// the same).
TEST(Labels, ATagChoosesItsLanguagesSetAndEverySetIsComplete) {
    ASSERT_NE(builtin_labels("fr-CA"), nullptr);
    EXPECT_EQ(builtin_labels("fr-CA")->answer_key, "Corrigé");
    EXPECT_EQ(builtin_labels("DE_at")->class_name, "Klasse");
    EXPECT_EQ(builtin_labels("fy"), nullptr);
    EXPECT_EQ(label_languages().size(), 19u);
    const Labels english;
    for (std::string_view lang : label_languages()) {
        SCOPED_TRACE(std::string(lang));
        const Labels* labels = builtin_labels(lang);
        ASSERT_NE(labels, nullptr);
        EXPECT_EQ(labels->lang, lang);
        int same = 0;
        for (std::string_view name : label_names()) {
            const std::string text = label_text(*labels, name), in_english = label_text(english, name);
            EXPECT_FALSE(text.empty()) << name;
            same += text == in_english;
            // Every number English fills in ({n}, {m}, or with its word
            // {n_marks}, {m_marks}) is filled in this language too.
            for (const char* number : {"{n", "{m"}) {
                if (in_english.find(number) != std::string::npos) {
                    EXPECT_NE(text.find(number), std::string::npos) << name << ": " << text;
                }
            }
        }
        if (lang != "en") {
            EXPECT_LE(same, 8) << "too many labels left in English";
        }
        EXPECT_NE(labels->page.find("{n}"), std::string::npos);
        EXPECT_NE(labels->page.find("{m}"), std::string::npos);
        EXPECT_NE(labels->true_letter, labels->false_letter);
    }
    EXPECT_EQ(builtin_labels("ru")->page_of(2, 3), "стр. 2 из 3");
}

// Proves how a tag picks Chinese, Japanese or Korean: Chinese by its script
// (Hant, Hans) first, else by its region (Taiwan, Hong Kong and Macao write
// traditional characters, China and Singapore simplified), in any case and
// with - or _; a region picks nothing for another language; and each set
// prints page n of m its own way.
TEST(Labels, AChineseTagChoosesSimplifiedOrTraditionalCharacters) {
    const auto lang_of = [](const char* tag) {
        const Labels* labels = builtin_labels(tag);
        return labels ? labels->lang : "(none)";
    };
    for (const char* simplified : {"zh", "ZH", "zh-CN", "zh-SG", "zh-Hans", "zh_hans_TW", "zh-Hans-HK"})
        EXPECT_EQ(lang_of(simplified), "zh") << simplified;
    for (const char* traditional : {"zh-Hant", "zh-TW", "zh_tw", "zh-HK", "zh-MO", "zh-Hant-CN", "ZH-HANT"})
        EXPECT_EQ(lang_of(traditional), "zh-Hant") << traditional;
    EXPECT_EQ(lang_of("ja-JP"), "ja");
    EXPECT_EQ(lang_of("ko-KR"), "ko");
    EXPECT_EQ(lang_of("en-TW"), "en");
    EXPECT_EQ(lang_of("fr-CA"), "fr");
    EXPECT_EQ(lang_of("yue-HK"), "(none)");
    EXPECT_EQ(builtin_labels("zh-CN")->answer_key, "参考答案");
    EXPECT_EQ(builtin_labels("zh-TW")->answer_key, "參考答案");
    EXPECT_EQ(builtin_labels("zh")->page_of(2, 3), "第2页，共3页");
    EXPECT_EQ(builtin_labels("zh-HK")->page_of(2, 3), "第2頁，共3頁");
    EXPECT_EQ(builtin_labels("ja")->page_of(2, 3), "2/3ページ");
    EXPECT_EQ(builtin_labels("ko")->page_of(2, 3), "2/3쪽");
    EXPECT_EQ(builtin_labels("ko")->still_open_of(2), "채점 대기 2문항");
}

// Proves Chinese, Japanese and Korean count marks with one form of their
// counter set against the number (1分 and 2分, no space), in the slips'
// "earned" too; and that a label takes its colon the language's way: the
// full-width colon with no space after it in Chinese and Japanese, a colon
// and a space in Korean and English, a no-break space first in French.
TEST(Labels, ChineseJapaneseAndKoreanMarksAreOneCounterAgainstTheNumber) {
    EXPECT_EQ(label_of("zh", 1), "½分");
    EXPECT_EQ(label_of("zh", 2), "1分");
    EXPECT_EQ(label_of("zh", 4), "2分");
    EXPECT_EQ(label_of("zh-TW", 3), "1½分");
    EXPECT_EQ(label_of("ja", 2), "1点");
    EXPECT_EQ(label_of("ja", 4), "2点");
    EXPECT_EQ(label_of("ko", 2), "1점");
    EXPECT_EQ(label_of("ko", 42), "21점");
    const auto earned = [](const char* tag, std::optional<double> n, int halves) {
        return builtin_labels(tag)->earned_of(n, Points{halves});
    };
    EXPECT_EQ(earned("zh", 3, 10), "3/5分");
    EXPECT_EQ(earned("zh", std::nullopt, 2), "?/1分");
    EXPECT_EQ(earned("ja", 1, 4), "2点中1点");
    EXPECT_EQ(earned("ja", 2.0 / 3, 2), "1点中0.67点");
    EXPECT_EQ(earned("ko", 0.5, 2), "1점 중 ½점");
    EXPECT_EQ(builtin_labels("zh")->with_colon("总分"), "总分：");
    EXPECT_EQ(builtin_labels("ja")->with_colon("合計"), "合計：");
    EXPECT_EQ(builtin_labels("ko")->with_colon("총점"), "총점: ");
    EXPECT_EQ(builtin_labels("en")->with_colon("Total"), "Total: ");
    EXPECT_EQ(builtin_labels("fr")->with_colon("Total"), "Total\u00a0: ");
    // Numbers keep their decimal point (2.5), where French writes 2,5.
    for (const char* lang : {"zh", "zh-TW", "ja", "ko", "fr"}) {
        Diagnostics diags;
        const auto ws =
            parse_worksheet(std::string("id: x\ntitle: X\nlang: ") + lang +
                                "\nquestions:\n  - prompt: 2.5?\n    type: truefalse\n    answer: true\n",
                            "x.yaml", diags);
        ASSERT_TRUE(ws) << diags.format();
        EXPECT_EQ(decimal_comma(*ws), std::string_view(lang) == "fr") << lang;
    }
}

// Proves the CLDR plural categories of Arabic (six), Hebrew (one, two,
// other) and Hindi (one for 0 and 1, other) for 0, 1, 2, 3, 11 and 100 and
// a half, the word each category prints, and that the older rules keep
// their categories (English's ½ mark, Russian's few and many).
TEST(Labels, ArabicHebrewAndHindiMarksFollowCldrsPluralRules) {
    using C = PluralCategory;
    const auto category = [](PluralRule rule, int whole) {
        return plural_category(rule, Points::whole(whole));
    };
    const std::vector<int> counts = {0, 1, 2, 3, 11, 100};
    const std::vector<C> arabic = {C::zero, C::one, C::two, C::few, C::many, C::other};
    const std::vector<C> hebrew = {C::other, C::one, C::two, C::other, C::other, C::other};
    const std::vector<C> hindi = {C::one, C::one, C::other, C::other, C::other, C::other};
    for (std::size_t i = 0; i < counts.size(); ++i) {
        EXPECT_EQ(category(PluralRule::arabic, counts[i]), arabic[i]) << counts[i];
        EXPECT_EQ(category(PluralRule::hebrew, counts[i]), hebrew[i]) << counts[i];
        EXPECT_EQ(category(PluralRule::hindi, counts[i]), hindi[i]) << counts[i];
    }
    // Past 100 Arabic counts its last two digits again; a half is a
    // fraction digit: Arabic other, Hebrew one below 1, Hindi one below 1.
    EXPECT_EQ(category(PluralRule::arabic, 103), C::few);
    EXPECT_EQ(category(PluralRule::arabic, 111), C::many);
    EXPECT_EQ(category(PluralRule::arabic, 102), C::other);
    EXPECT_EQ(plural_category(PluralRule::arabic, Points{1}), C::other);
    EXPECT_EQ(plural_category(PluralRule::hebrew, Points{1}), C::one);
    EXPECT_EQ(plural_category(PluralRule::hebrew, Points{3}), C::other);
    EXPECT_EQ(plural_category(PluralRule::hindi, Points{1}), C::one);
    EXPECT_EQ(plural_category(PluralRule::hindi, Points{3}), C::other);
    EXPECT_EQ(plural_category(PluralRule::one_to_one, Points{1}), C::one);
    EXPECT_EQ(category(PluralRule::russian, 21), C::one);
    EXPECT_EQ(category(PluralRule::russian, 22), C::few);
    EXPECT_EQ(category(PluralRule::polish, 12), C::many);

    const std::vector<std::string> ar = {"0 درجة", "1 درجة", "2 درجتان", "3 درجات", "11 درجة", "100 درجة"};
    const std::vector<std::string> he = {"0 נקודות", "1 נקודה",   "2 נקודות",
                                         "3 נקודות", "11 נקודות", "100 נקודות"};
    const std::vector<std::string> hi = {"0 अंक", "1 अंक", "2 अंक", "3 अंक", "11 अंक", "100 अंक"};
    for (std::size_t i = 0; i < counts.size(); ++i) {
        EXPECT_EQ(label_of("ar", 2 * counts[i]), ar[i]);
        EXPECT_EQ(label_of("he", 2 * counts[i]), he[i]);
        EXPECT_EQ(label_of("hi", 2 * counts[i]), hi[i]);
    }
    EXPECT_EQ(label_of("ar", 20), "10 درجات");
    // Arabic and Hebrew write halves as decimals (a ½ after its whole
    // number would be set apart from it, right to left: "½1").
    EXPECT_EQ(label_of("ar", 1), "0.5 درجة");
    EXPECT_EQ(label_of("ar", 3), "1.5 درجة");
    EXPECT_EQ(label_of("he", 1), "0.5 נקודה");
    EXPECT_EQ(label_of("he", 3), "1.5 נקודות");
    EXPECT_EQ(label_of("hi", 3), "1½ अंक");
    // A form only Arabic writes differently: a teacher's `marks_two` and
    // `marks_few` are the ones that print after 2 and after 3–10.
    Labels custom = *builtin_labels("ar");
    ASSERT_TRUE(set_label(custom, "marks_two", "TWO"));
    ASSERT_TRUE(set_label(custom, "marks_few", "FEW"));
    EXPECT_EQ(points_label(Points::whole(2), custom.points), "2 TWO");
    EXPECT_EQ(points_label(Points::whole(7), custom.points), "7 FEW");
    EXPECT_EQ(points_label(Points::whole(12), custom.points), "12 درجة");
    EXPECT_EQ(label_text(custom, "marks_two"), "TWO");
}

// Proves the tags of Arabic, Hebrew and Hindi with their regions (and
// Hebrew's withdrawn tag iw) choose their sets; that each set writes its
// own page n of m, score and still-open count; and that the first letters
// of true and false are the bubble letters.
TEST(Labels, ArabicHebrewAndHindiTagsChooseTheirSets) {
    const auto lang_of = [](const char* tag) {
        const Labels* labels = builtin_labels(tag);
        return labels ? labels->lang : "(none)";
    };
    for (const char* tag : {"ar", "ar-EG", "AR_sa", "ar-Arab-JO"}) EXPECT_EQ(lang_of(tag), "ar") << tag;
    for (const char* tag : {"he", "he-IL", "iw", "IW-il"}) EXPECT_EQ(lang_of(tag), "he") << tag;
    for (const char* tag : {"hi", "hi-IN", "hi-Deva"}) EXPECT_EQ(lang_of(tag), "hi") << tag;
    EXPECT_EQ(lang_of("yi"), "(none)");
    EXPECT_EQ(builtin_labels("ar-EG")->page_of(2, 3), "صفحة 2 من 3");
    EXPECT_EQ(builtin_labels("he-IL")->page_of(2, 3), "עמוד 2 מתוך 3");
    EXPECT_EQ(builtin_labels("hi-IN")->page_of(2, 3), "पृष्ठ 2 / 3");
    EXPECT_EQ(builtin_labels("ar")->answer_key, "مفتاح الإجابة");
    EXPECT_EQ(builtin_labels("he")->answer_sheet, "דף תשובות");
    EXPECT_EQ(builtin_labels("hi")->name, "नाम");
    EXPECT_EQ(builtin_labels("ar")->earned_of(3, Points::whole(5)), "3 من 5 درجات");
    EXPECT_EQ(builtin_labels("ar")->earned_of(1, Points::whole(2)), "1 من 2 درجتان");
    EXPECT_EQ(builtin_labels("he")->earned_of(0.5, Points::whole(1)), "0.5 מתוך 1 נקודה");
    EXPECT_EQ(builtin_labels("hi")->earned_of(3, Points::whole(5)), "5 में से 3 अंक");
    EXPECT_EQ(builtin_labels("ar")->still_open_of(2), "بقي للتصحيح: 2");
    EXPECT_EQ(builtin_labels("ar")->with_colon("المجموع"), "المجموع: ");
    for (const char* lang : {"ar", "he", "hi"}) {
        const Labels& l = *builtin_labels(lang);
        EXPECT_EQ(l.true_word.rfind(l.true_letter, 0), 0u) << lang;
        EXPECT_EQ(l.false_word.rfind(l.false_letter, 0), 0u) << lang;
    }
}

// Proves Persian's and Urdu's sets: their tags with regions choose them;
// CLDR's plural rules (Persian one for 0, ½ and 1 as Hindi; Urdu one for 1
// alone, not ½: "i = 1 and v = 0"), with one word in every form (نمره,
// نمبر) and halves as decimals, as in Arabic; Persian and Urdu letters (ی,
// ک, Urdu ہ and ے), never Arabic's ي, ك or ه in Urdu; and the first letters
// of true and false as the bubble letters.
TEST(Labels, PersianAndUrduHaveTheirOwnSets) {
    using C = PluralCategory;
    for (const char* tag : {"fa", "fa-IR", "FA_af"}) EXPECT_EQ(builtin_labels(tag)->lang, "fa") << tag;
    for (const char* tag : {"ur", "ur-PK", "ur-Arab-IN"}) EXPECT_EQ(builtin_labels(tag)->lang, "ur") << tag;
    const Labels &fa = *builtin_labels("fa"), &ur = *builtin_labels("ur");
    EXPECT_EQ(fa.points.rule, PluralRule::hindi);
    EXPECT_EQ(ur.points.rule, PluralRule::urdu);
    EXPECT_EQ(plural_category(PluralRule::urdu, Points::whole(1)), C::one);
    EXPECT_EQ(plural_category(PluralRule::urdu, Points{1}), C::other);  // ½
    EXPECT_EQ(plural_category(PluralRule::urdu, Points{3}), C::other);  // 1½
    EXPECT_EQ(plural_category(PluralRule::urdu, Points::whole(0)), C::other);
    EXPECT_EQ(plural_category(PluralRule::urdu, Points::whole(2)), C::other);
    EXPECT_EQ(label_of("fa", 2), "1 نمره");
    EXPECT_EQ(label_of("fa", 6), "3 نمره");
    EXPECT_EQ(label_of("fa", 3), "1.5 نمره");
    EXPECT_EQ(label_of("ur", 2), "1 نمبر");
    EXPECT_EQ(label_of("ur", 8), "4 نمبر");
    EXPECT_EQ(label_of("ur", 1), "0.5 نمبر");
    EXPECT_EQ(fa.page_of(2, 3), "صفحه 2 از 3");
    EXPECT_EQ(ur.page_of(2, 3), "صفحہ 2 از 3");
    EXPECT_EQ(fa.answer_sheet, "پاسخ\u200cنامه");
    EXPECT_EQ(ur.answer_key, "جوابی کلید");
    EXPECT_EQ(fa.earned_of(3, Points::whole(5)), "3 از 5 نمره");
    EXPECT_EQ(ur.earned_of(3, Points::whole(5)), "5 میں سے 3 نمبر");
    EXPECT_EQ(fa.points.total, "جمع");
    EXPECT_EQ(ur.points.total, "کل");
    for (const Labels* l : {&fa, &ur}) {
        EXPECT_EQ(l->true_word.rfind(l->true_letter, 0), 0u) << l->lang;
        EXPECT_EQ(l->false_word.rfind(l->false_letter, 0), 0u) << l->lang;
        for (const std::string* text :
             {&l->name, &l->class_name, &l->multi_hint, &l->key_note, &l->marking_note, &l->student_number,
              &l->marking_grid, &l->to_be_marked}) {
            EXPECT_EQ(text->find("\u064a"), std::string::npos) << *text;  // Arabic yeh
            EXPECT_EQ(text->find("\u0643"), std::string::npos) << *text;  // Arabic kaf
            if (l == &ur) {
                EXPECT_EQ(text->find("\u0647"), std::string::npos) << *text;  // Arabic heh
            }
        }
    }
}

// Proves the order of precedence: the language's set, then the page
// style's labels, then the worksheet's; a key title the worksheet writes
// wins; written fields are kept, else Name and Date come in the language.
TEST(Labels, WorksheetLabelsOverrideTheStylesWhichOverrideTheLanguage) {
    Diagnostics diags;
    auto ws = parse_worksheet("id: x\ntitle: X\nlang: de\nlabels: {date: Tag, teacher: Lehrerin}\n"
                              "questions:\n  - prompt: Ja?\n    type: truefalse\n    answer: true\n",
                              "x.yaml", diags);
    ASSERT_TRUE(ws) << diags.format();
    const std::vector<LabelOverride> style = {{"teacher", "Lehrer", {}}, {"name", "Schüler/in", {}}};
    const Labels labels = resolve_labels(*ws, &style);
    EXPECT_EQ(labels.teacher, "Lehrerin");
    EXPECT_EQ(labels.name, "Schüler/in");
    EXPECT_EQ(labels.answer_key, "Lösungen");
    EXPECT_EQ(field_labels(*ws, labels), (std::vector<std::string>{"Schüler/in", "Tag"}));
    EXPECT_EQ(ws->labels.at(0).loc.line, 4);
}

// Proves the slips' "earned" template in each language's grammar (the word
// for marks after the number it agrees with: "0 of 2 marks", "2 балла из 5"),
// with a share of a partial multi and an undecided "?", and that `labels:`
// overrides the marking pack's and slips' words like any other label.
TEST(Labels, TheSlipsWordsFollowTheLanguageAndCanBeOverridden) {
    const auto earned = [](const char* tag, std::optional<double> n, int halves) {
        return builtin_labels(tag)->earned_of(n, Points{halves});
    };
    EXPECT_EQ(earned("en", 0.5, 2), "½ of 1 mark");
    EXPECT_EQ(earned("en", 0, 4), "0 of 2 marks");
    EXPECT_EQ(earned("en", std::nullopt, 4), "? of 2 marks");
    EXPECT_EQ(earned("fr", 1.5, 3), "1½ sur 1½ point");
    EXPECT_EQ(earned("de", 2, 10), "2 / 5 Punkte");
    EXPECT_EQ(earned("ru", 2, 10), "2 балла из 5");
    EXPECT_EQ(earned("ru", 0, 4), "0 баллов из 2");
    EXPECT_EQ(earned("ru", 2.0 / 3, 2), "0.67 балла из 1");
    EXPECT_EQ(earned("ru", std::nullopt, 4), "? из 2");
    EXPECT_EQ(earned("pl", 1, 4), "1 punkt z 2");
    EXPECT_EQ(earned("el", 0, 4), "0 από 2 μονάδες");
    EXPECT_EQ(builtin_labels("fr")->still_open_of(3), "reste à corriger\u00a0: 3");

    Diagnostics diags;
    auto ws = parse_worksheet("id: x\ntitle: X\nlang: fr\nlabels: {your_answer: Ta copie, earned: \"{n}/{m}\"}\n"
                              "questions:\n  - prompt: Oui ?\n    type: truefalse\n    answer: true\n",
                              "x.yaml", diags);
    ASSERT_TRUE(ws) << diags.format();
    const Labels labels = resolve_labels(*ws, nullptr);
    EXPECT_EQ(labels.your_answer, "Ta copie");
    EXPECT_EQ(labels.right_answer, "Bonne réponse");
    EXPECT_EQ(labels.earned_of(1, Points{4}), "1/2");
    EXPECT_EQ(labels.marking_grid, "Grille de correction");
}

// ---------------------------------------------------------------------------
// Printed sheets, keys and quiz pages
// ---------------------------------------------------------------------------

// Proves a French worksheet prints French labels on the sheet (fields,
// True/False with V/F bubbles, the multi and order hints, the numeric
// answer, points, the teacher box, page n of m, the marking note) and on
// the key (title, note, total, Vrai/Faux), and nothing of the English set.
TEST_F(Printed, AFrenchWorksheetPrintsFrenchLabelsOnTheSheetAndTheKey) {
    const std::string pdf = path("fr.pdf");
    Proc r = handout("render " + quote(data_dir + "/lang/forces-fr.yaml") + " -o " + quote(pdf));
    ASSERT_EQ(r.status, 0) << r.out;
    const auto text = pages(pdf);
    ASSERT_EQ(text.size(), 2u);
    const std::string& sheet = text[0];
    for (const char* label : {"Nom", "Date", "Total :", "Vrai", "Faux", "Remplis la case de chaque réponse qui convient.",
                              "Remets-les dans l’ordre", "Réponse :", "Enseignant", "1 point", "1½ point",
                              "2 points", "page 1 sur 1", "Remplis complètement les bulles", "âge 11-12"})
        EXPECT_NE(sheet.find(label), std::string::npos) << label << "\n" << sheet;
    for (const char* english : {"Name", "True", "False", "Teacher", "Answer", "mark", "page 1 of"})
        EXPECT_EQ(sheet.find(english), std::string::npos) << english << "\n" << sheet;
    const std::string& key = text[1];
    for (const char* label : {"Corrigé", "Réservé aux adultes.", "Total : 7½ points", "Faux", "Corrigé ·"})
        EXPECT_NE(key.find(label), std::string::npos) << label << "\n" << key;
    EXPECT_EQ(key.find("False"), std::string::npos) << key;
}

// Proves a Russian worksheet prints Russian labels (Cyrillic, extracted
// exactly) with the right plural forms, and its quiz page is in Russian:
// `<html lang="ru">`, its buttons and messages.
TEST_F(Printed, ARussianWorksheetPrintsRussianLabelsOnTheSheetTheKeyAndTheQuiz) {
    const std::string pdf = path("ru.pdf");
    const std::string source = quote(data_dir + "/lang/forces-ru.yaml");
    Proc r = handout("render " + source + " -o " + quote(pdf));
    ASSERT_EQ(r.status, 0) << r.out;
    const auto text = pages(pdf);
    ASSERT_EQ(text.size(), 2u);
    for (const char* label : {"Фамилия, имя", "Дата", "Итого:", "Верно", "Неверно", "Закрасьте клетку", "Ответ:",
                              "Учитель", "1 балл", "1½ балла", "2 балла", "5 баллов", "(4½ балла)", "стр. 1 из 1"})
        EXPECT_NE(text[0].find(label), std::string::npos) << label << "\n" << text[0];
    for (const char* label : {"Ответы", "Для взрослых.", "Итого: 10½ балла", "Неверно"})
        EXPECT_NE(text[1].find(label), std::string::npos) << label << "\n" << text[1];

    const std::string html = path("ru.html");
    ASSERT_EQ(handout("html " + source + " -o " + quote(html)).status, 0);
    const std::string page = test::slurp(html);
    EXPECT_NE(page.find("<html lang=\"ru\">"), std::string::npos);
    for (const char* label : {"Прежде чем начать", "Начать заново", "Открыть этот лист", "Код листа"})
        EXPECT_NE(page.find(label), std::string::npos) << label;
    // The script's words come with the page, in Russian.
    for (const char* label : {"\"check\":\"Проверить\"", "\"tryAgain\":\"Ещё раз\"", "\"true\":\"Верно\""})
        EXPECT_NE(page.find(label), std::string::npos) << label;
}

// Proves that a label the fonts cannot print is a located error at its
// `labels:` entry, and nothing is written.
TEST_F(Printed, ALabelOutsideTheFontIsALocatedError) {
    const std::string source = path("runes.yaml");
    std::ofstream(source) << "id: runes\ntitle: Runes\nlabels:\n  answer_key: ᚠᚢᚦ\n"
                             "questions:\n  - prompt: Right?\n    type: truefalse\n    answer: true\n";
    Proc r = handout("render " + quote(source) + " -o " + quote(path("never.pdf")));
    EXPECT_EQ(r.status, 1) << r.out;
    EXPECT_NE(r.out.find(source + ":4:15: error:"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("ᚠ"), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(path("never.pdf")));
}

// Proves a school office's roster prints right: German headings (Vorname,
// Nachname, Klasse), extra columns left alone with a note, 60-character and
// 200-byte names; every page of every sheet and every key names its
// student (the name in the footer, the class in the Class field).
TEST_F(Printed, ASchoolRosterNamesTheStudentOnEveryPageAndEveryKey) {
    const std::string first = "Maximiliane Alexandra Friederike";
    const std::string last = "von Hohenzollern-Sigmaringen";  // 61 characters with the space
    const std::string widest(99, 'W');
    const std::string roster = path("7b.csv");
    std::ofstream(roster) << "\xEF\xBB\xBFNr.;Vorname;Nachname;Klasse;E-Mail\r\n"
                          << "1;" << first << ";" << last << ";7b;m@example.org\r\n"
                          << "2;Jörg;Müller;7b;\r\n"
                          << "3;" << widest << ";" << widest << "W;7c;\r\n";
    const std::string sheets = path("7b.pdf"), keys = path("7b-keys.pdf");
    Proc r = handout("batch " + quote(source_dir + "/worksheets/forces-and-motion.yaml") + " --roster " +
                     quote(roster) + " -o " + quote(sheets) + " --keys " + quote(keys));
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find(roster + ":1:1: warning: column(s) not read: 'Nr.'"), std::string::npos) << r.out;

    const std::vector<std::string> names = {first + " " + last, "Jörg Müller", widest + " " + widest + "W"};
    const auto text = pages(sheets);
    ASSERT_EQ(text.size() % names.size(), 0u);
    const std::size_t per_sheet = text.size() / names.size();
    ASSERT_GE(per_sheet, 2u);  // so that "every page" means more than the first
    for (std::size_t i = 0; i < text.size(); ++i) {
        const std::string& name = names[i / per_sheet];
        // The longest name is cut short in the footer ("…"), never dropped.
        const std::string shown = name.size() > 100 ? name.substr(0, 20) : name;
        EXPECT_NE(text[i].find(shown), std::string::npos) << "page " << i + 1 << "\n" << text[i];
    }
    EXPECT_NE(text[0].find("Class 7b"), std::string::npos) << text[0];
    EXPECT_NE(text[2 * per_sheet].find("Class 7c"), std::string::npos) << text[2 * per_sheet];

    // The marking pack: each key's heading and footer name its student.
    const auto pack = pages(keys);
    std::size_t keyed = 0;
    for (const std::string& page : pack) {
        if (page.find("Answer key") == std::string::npos) continue;
        const std::string& name = names[keyed++];
        EXPECT_NE(page.find(name.size() > 100 ? name.substr(0, 20) : name + " · Forces and motion"),
                  std::string::npos)
            << page;
    }
    EXPECT_EQ(keyed, names.size());
}
