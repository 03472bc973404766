// The built-in label sets, one per language (labels.hpp). Each was written
// for a school sheet: the words a teacher of that language prints on a
// worksheet ("Corrigé", "Lösungen", "Ответы"), the grammatical person
// usual on worksheets there, and the plural forms of the word for marks.
#include "handout/labels.hpp"

#include <array>
#include <utility>

#include "handout/model.hpp"
#include "handout/text.hpp"

namespace handout {

namespace {

/// A set from its words, in the order of Labels' members.
struct Words {
    const char *lang, *name, *class_name, *date, *true_word, *false_word, *true_letter, *false_letter, *multi_hint,
        *order_hint, *digits_hint, *answer, *teacher, *page, *answer_key, *key_note, *answer_sheet, *marking_note,
        *student_number, *on_question_sheet, *item, *ages;
    const char *mark, *marks, *marks_few, *marks_fraction;
    PluralRule rule;
    const char *total, *points, *partial;
};

Labels make(const Words& w) {
    Labels l;
    l.lang = w.lang, l.name = w.name, l.class_name = w.class_name, l.date = w.date;
    l.true_word = w.true_word, l.false_word = w.false_word, l.true_letter = w.true_letter;
    l.false_letter = w.false_letter, l.multi_hint = w.multi_hint, l.order_hint = w.order_hint;
    l.digits_hint = w.digits_hint, l.answer = w.answer, l.teacher = w.teacher, l.page = w.page;
    l.answer_key = w.answer_key, l.key_note = w.key_note, l.answer_sheet = w.answer_sheet;
    l.marking_note = w.marking_note, l.student_number = w.student_number;
    l.on_question_sheet = w.on_question_sheet, l.item = w.item, l.ages = w.ages;
    l.points = {w.mark, w.marks, w.marks_few, w.marks_fraction, w.rule, w.total, w.points, w.partial};
    if (l.lang == "fr") l.colon = "\u00a0:";
    return l;
}

// French typography: a no-break space (U+00A0) before a colon.
const std::array<Words, 10> sets = {{
    {"en", "Name", "Class", "Date", "True", "False", "T", "F", "Fill the box of every answer that applies.",
     "Put them in order: fill bubble 1 for the first, 2 for the next, and so on.",
     "Write one character in each box, from the left, then fill the bubble under it.", "Answer:", "Teacher",
     "page {n} of {m}", "Answer key", "For grown-ups. Fold this page away before handing over the rest.",
     "Answer sheet", "Fill bubbles and boxes completely. To change an answer, cross it out with a large X.",
     "Student number: write it in the boxes, then fill a bubble under each digit.", "on the question sheet", "item",
     "ages", "mark", "marks", "marks", "marks", PluralRule::one_to_one, "Total", "Points", "partial"},
    {"fr", "Nom", "Classe", "Date", "Vrai", "Faux", "V", "F", "Remplis la case de chaque réponse qui convient.",
     "Remets-les dans l’ordre\u00a0: remplis la bulle 1 pour le premier, 2 pour le suivant, et ainsi de suite.",
     "Écris un caractère par case, en partant de la gauche, puis remplis la bulle en dessous.", "Réponse\u00a0:",
     "Enseignant", "page {n} sur {m}", "Corrigé",
     "Réservé aux adultes. Pliez cette page avant de distribuer le reste.", "Feuille de réponses",
     "Remplis complètement les bulles et les cases. Pour changer une réponse, barre-la d’une grande croix (X).",
     "Numéro d’élève\u00a0: écris-le dans les cases, puis remplis une bulle sous chaque chiffre.",
     "sur la feuille de questions", "élément", "âge", "point", "points", "points", "points",
     PluralRule::one_below_two, "Total", "Points", "partiel"},
    {"de", "Name", "Klasse", "Datum", "Wahr", "Falsch", "W", "F", "Das Kästchen jeder zutreffenden Antwort ausfüllen.",
     "In die richtige Reihenfolge bringen: Kreis 1 beim Ersten ausfüllen, 2 beim Nächsten und so weiter.",
     "Ein Zeichen pro Kästchen von links eintragen, dann den Kreis darunter ausfüllen.", "Antwort:", "Lehrkraft",
     "Seite {n} von {m}", "Lösungen", "Für Erwachsene. Diese Seite umknicken, bevor der Rest ausgeteilt wird.",
     "Antwortbogen",
     "Kreise und Kästchen vollständig ausfüllen. Um eine Antwort zu ändern, sie mit einem großen X durchstreichen.",
     "Schülernummer: in die Kästchen schreiben, dann unter jeder Ziffer einen Kreis ausfüllen.",
     "auf dem Aufgabenblatt", "Eintrag", "Alter", "Punkt", "Punkte", "Punkte", "Punkte", PluralRule::one_to_one,
     "Gesamt", "Punkte", "teilweise"},
    {"es", "Nombre", "Clase", "Fecha", "Verdadero", "Falso", "V", "F",
     "Rellena la casilla de cada respuesta que corresponda.",
     "Ordénalos: rellena el círculo 1 para el primero, el 2 para el siguiente, y así sucesivamente.",
     "Escribe un carácter en cada casilla, empezando por la izquierda, y rellena el círculo de debajo.",
     "Respuesta:", "Docente", "página {n} de {m}", "Soluciones",
     "Para adultos. Dobla esta página antes de repartir el resto.", "Hoja de respuestas",
     "Rellena completamente los círculos y las casillas. Para cambiar una respuesta, táchala con una X grande.",
     "Número de alumno: escríbelo en las casillas y rellena un círculo debajo de cada cifra.",
     "en la hoja de preguntas", "elemento", "edad", "punto", "puntos", "puntos", "puntos", PluralRule::one_to_one,
     "Total", "Puntos", "parcial"},
    {"it", "Nome", "Classe", "Data", "Vero", "Falso", "V", "F", "Riempi la casella di ogni risposta corretta.",
     "Mettili in ordine: riempi il cerchio 1 per il primo, 2 per il successivo, e così via.",
     "Scrivi un carattere in ogni casella, partendo da sinistra, poi riempi il cerchio sotto.", "Risposta:",
     "Docente", "pagina {n} di {m}", "Soluzioni", "Per gli adulti. Piegate questa pagina prima di distribuire il resto.",
     "Foglio delle risposte",
     "Riempi completamente cerchi e caselle. Per cambiare una risposta, barrala con una grande X.",
     "Numero dello studente: scrivilo nelle caselle, poi riempi un cerchio sotto ogni cifra.",
     "sul foglio delle domande", "elemento", "età", "punto", "punti", "punti", "punti", PluralRule::one_to_one,
     "Totale", "Punti", "parziale"},
    {"pt", "Nome", "Turma", "Data", "Verdadeiro", "Falso", "V", "F", "Preencha a caixa de cada resposta correta.",
     "Ordene-os: preencha o círculo 1 para o primeiro, 2 para o seguinte, e assim por diante.",
     "Escreva um algarismo ou letra em cada caixa, a partir da esquerda, e preencha o círculo por baixo.",
     "Resposta:", "Professor", "página {n} de {m}", "Soluções",
     "Para adultos. Dobre esta página antes de distribuir o resto.", "Folha de respostas",
     "Preencha completamente círculos e caixas. Para mudar uma resposta, risque-a com um X grande.",
     "Número do aluno: escreva-o nas caixas e preencha um círculo por baixo de cada algarismo.",
     "na folha de perguntas", "item", "idade", "ponto", "pontos", "pontos", "pontos", PluralRule::one_below_two,
     "Total", "Pontos", "parcial"},
    {"nl", "Naam", "Klas", "Datum", "Juist", "Onjuist", "J", "O", "Kleur het vakje in van elk antwoord dat juist is.",
     "Zet ze in de goede volgorde: kleur rondje 1 in bij de eerste, 2 bij de volgende, enzovoort.",
     "Schrijf één teken in elk vakje, van links af, en kleur dan het rondje eronder in.", "Antwoord:", "Docent",
     "pagina {n} van {m}", "Antwoordmodel", "Voor volwassenen. Vouw deze pagina weg voordat je de rest uitdeelt.",
     "Antwoordblad",
     "Kleur rondjes en vakjes helemaal in. Wil je een antwoord veranderen, zet er dan een groot kruis (X) door.",
     "Leerlingnummer: schrijf het in de vakjes en kleur onder elk cijfer een rondje in.", "op het vragenblad",
     "onderdeel", "leeftijd", "punt", "punten", "punten", "punten", PluralRule::one_to_one, "Totaal", "Punten",
     "gedeeltelijk"},
    {"pl", "Imię i nazwisko", "Klasa", "Data", "Prawda", "Fałsz", "P", "F",
     "Zamaluj kratkę przy każdej poprawnej odpowiedzi.",
     "Ustaw je w kolejności: zamaluj kółko 1 przy pierwszym, 2 przy następnym i tak dalej.",
     "Wpisz po jednym znaku w każdą kratkę, od lewej, a potem zamaluj kółko pod nią.", "Odpowiedź:", "Nauczyciel",
     "strona {n} z {m}", "Klucz odpowiedzi", "Dla dorosłych. Złóżcie tę stronę przed rozdaniem reszty.",
     "Karta odpowiedzi",
     "Zamaluj kółka i kratki całkowicie. Aby zmienić odpowiedź, przekreśl ją dużym X.",
     "Numer ucznia: wpisz go w kratki, a potem zamaluj kółko pod każdą cyfrą.", "na arkuszu z pytaniami",
     "element", "wiek", "punkt", "punktów", "punkty", "punktu", PluralRule::polish, "Razem", "Punkty", "częściowo"},
    {"ru", "Фамилия, имя", "Класс", "Дата", "Верно", "Неверно", "В", "Н", "Закрасьте клетку каждого верного ответа.",
     "Расставьте по порядку: закрасьте кружок 1 у первого, 2 у следующего и так далее.",
     "Впишите по одному знаку в каждую клетку, начиная слева, затем закрасьте кружок под ней.", "Ответ:",
     "Учитель", "стр. {n} из {m}", "Ответы", "Для взрослых. Сложите эту страницу, прежде чем раздавать остальные.",
     "Бланк ответов",
     "Закрашивайте кружки и клетки полностью. Чтобы изменить ответ, зачеркните его большим крестом (X).",
     "Номер ученика: впишите его в клетки, затем закрасьте кружок под каждой цифрой.", "на листе с заданиями",
     "пункт", "возраст", "балл", "баллов", "балла", "балла", PluralRule::russian, "Итого", "Баллы", "частично"},
    {"el", "Ονοματεπώνυμο", "Τμήμα", "Ημερομηνία", "Σωστό", "Λάθος", "Σ", "Λ",
     "Γέμισε το τετραγωνάκι κάθε σωστής απάντησης.",
     "Βάλε τα στη σειρά: γέμισε τον κύκλο 1 για το πρώτο, 2 για το επόμενο και ούτω καθεξής.",
     "Γράψε έναν χαρακτήρα σε κάθε τετραγωνάκι, από αριστερά, και μετά γέμισε τον κύκλο από κάτω.", "Απάντηση:",
     "Εκπαιδευτικός", "σελίδα {n} από {m}", "Απαντήσεις",
     "Για ενήλικες. Διπλώστε αυτή τη σελίδα πριν μοιράσετε τις υπόλοιπες.", "Φύλλο απαντήσεων",
     "Γέμισε εντελώς κύκλους και τετραγωνάκια. Για να αλλάξεις μια απάντηση, διάγραψέ την με ένα μεγάλο X.",
     "Αριθμός μαθητή: γράψε τον στα τετραγωνάκια και γέμισε έναν κύκλο κάτω από κάθε ψηφίο.",
     "στο φύλλο ερωτήσεων", "στοιχείο", "ηλικίες", "μονάδα", "μονάδες", "μονάδες", "μονάδες",
     PluralRule::one_to_one, "Σύνολο", "Μονάδες", "μερική"},
}};

/// Every overridable label: its YAML name and member.
const std::array<std::pair<std::string_view, std::string Labels::*>, 21> text_members = {{
    {"name", &Labels::name},
    {"class", &Labels::class_name},
    {"date", &Labels::date},
    {"true", &Labels::true_word},
    {"false", &Labels::false_word},
    {"true_letter", &Labels::true_letter},
    {"false_letter", &Labels::false_letter},
    {"multi_hint", &Labels::multi_hint},
    {"order_hint", &Labels::order_hint},
    {"digits_hint", &Labels::digits_hint},
    {"answer", &Labels::answer},
    {"teacher", &Labels::teacher},
    {"page", &Labels::page},
    {"answer_key", &Labels::answer_key},
    {"key_note", &Labels::key_note},
    {"answer_sheet", &Labels::answer_sheet},
    {"marking_note", &Labels::marking_note},
    {"student_number", &Labels::student_number},
    {"on_question_sheet", &Labels::on_question_sheet},
    {"item", &Labels::item},
    {"ages", &Labels::ages},
}};

const std::array<std::pair<std::string_view, std::string PointsWords::*>, 7> points_members = {{
    {"mark", &PointsWords::mark},
    {"marks", &PointsWords::marks},
    {"marks_few", &PointsWords::marks_few},
    {"marks_fraction", &PointsWords::marks_fraction},
    {"total", &PointsWords::total},
    {"points", &PointsWords::points},
    {"partial", &PointsWords::partial},
}};

}  // namespace

std::string Labels::page_of(std::size_t n, std::size_t m) const {
    std::string out;
    for (std::size_t i = 0; i < page.size(); ++i) {
        if (page.compare(i, 3, "{n}") == 0) out += std::to_string(n), i += 2;
        else if (page.compare(i, 3, "{m}") == 0) out += std::to_string(m), i += 2;
        else out += page[i];
    }
    return out;
}

const std::vector<std::string_view>& label_languages() {
    static const std::vector<std::string_view> langs = [] {
        std::vector<std::string_view> out;
        for (const Words& w : sets) out.push_back(w.lang);
        return out;
    }();
    return langs;
}

const Labels* builtin_labels(std::string_view tag) {
    static const std::vector<Labels> built = [] {
        std::vector<Labels> out;
        for (const Words& w : sets) out.push_back(make(w));
        return out;
    }();
    const std::string language = ascii_lower(tag.substr(0, tag.find_first_of("-_")));
    for (const Labels& l : built)
        if (l.lang == language) return &l;
    return nullptr;
}

const std::vector<std::string_view>& label_names() {
    static const std::vector<std::string_view> names = [] {
        std::vector<std::string_view> out;
        for (const auto& [name, member] : text_members) out.push_back(name);
        for (const auto& [name, member] : points_members) out.push_back(name);
        return out;
    }();
    return names;
}

std::string label_text(const Labels& labels, std::string_view name) {
    for (const auto& [key, member] : text_members)
        if (key == name) return labels.*member;
    for (const auto& [key, member] : points_members)
        if (key == name) return labels.points.*member;
    return {};
}

bool set_label(Labels& labels, std::string_view name, const std::string& text) {
    for (const auto& [key, member] : text_members)
        if (key == name) return labels.*member = text, true;
    for (const auto& [key, member] : points_members)
        if (key == name) return labels.points.*member = text, true;
    return false;
}

Labels resolve_labels(const Worksheet& ws, const std::vector<LabelOverride>* style) {
    const Labels* builtin = builtin_labels(ws.lang.text);
    Labels labels = builtin ? *builtin : Labels{};
    for (const auto* list : {style, &ws.labels})
        if (list)
            for (const LabelOverride& o : *list) set_label(labels, o.name, o.text);
    if (ws.key_title.loc.line > 0) labels.answer_key = ws.key_title.text;
    if (ws.key_note.loc.line > 0) labels.key_note = ws.key_note.text;
    return labels;
}

std::vector<std::string> field_labels(const Worksheet& ws, const Labels& labels) {
    if (ws.fields_written) {
        std::vector<std::string> out;
        for (const Text& field : ws.fields) out.push_back(field.text);
        return out;
    }
    return {labels.name, labels.date};
}

}  // namespace handout
