// The built-in label sets, one per language (labels.hpp). Each was written
// for a school sheet: the words a teacher of that language prints on a
// worksheet ("Corrigé", "Lösungen", "Ответы"), the grammatical person
// usual on worksheets there, and the plural forms of the word for marks.
// Chinese, Japanese and Korean are in labels_cjk.cpp; Arabic, Hebrew,
// Persian, Urdu and Hindi in labels_rtl.cpp.
#include "handout/labels.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <utility>

#include "handout/model.hpp"
#include "handout/text.hpp"
#include "model/label_words.hpp"

namespace handout {

namespace {

using label_words::MarkingWords;
using label_words::Words;

Labels make(const Words& w, const MarkingWords& k) {
    Labels l;
    l.lang = w.lang, l.name = w.name, l.class_name = w.class_name, l.date = w.date;
    l.true_word = w.true_word, l.false_word = w.false_word, l.true_letter = w.true_letter;
    l.false_letter = w.false_letter, l.multi_hint = w.multi_hint, l.order_hint = w.order_hint;
    l.digits_hint = w.digits_hint, l.answer = w.answer, l.teacher = w.teacher, l.page = w.page;
    l.answer_key = w.answer_key, l.key_note = w.key_note, l.answer_sheet = w.answer_sheet;
    l.marking_note = w.marking_note, l.student_number = w.student_number;
    l.on_question_sheet = w.on_question_sheet, l.item = w.item, l.ages = w.ages;
    l.points = {w.mark, w.marks, w.marks_few, w.marks_fraction, w.marks_two,
                w.rule, w.total, w.points,    w.partial};
    l.marking_grid = k.marking_grid, l.sheet_code = k.sheet_code, l.answer_spread = k.answer_spread;
    l.see_key = k.see_key, l.marking_pack = k.marking_pack, l.booklet = k.booklet, l.feedback = k.feedback;
    l.your_answer = k.your_answer, l.right_answer = k.right_answer, l.not_answered = k.not_answered;
    l.teacher_marked = k.teacher_marked, l.to_be_marked = k.to_be_marked, l.score = k.score;
    l.score_so_far = k.score_so_far, l.still_open = k.still_open, l.earned = k.earned;
    if (l.lang == "fr") l.colon = "\u00a0:";
    // Chinese and Japanese: the full-width colon, and a counter set against
    // its number ("总分：10分"); Korean writes a colon as Latin text does,
    // and its counter against the number too ("총점: 10점").
    if (l.lang == "zh" || l.lang == "zh-Hant" || l.lang == "ja") l.colon = "\uff1a";
    if (l.lang == "zh" || l.lang == "zh-Hant" || l.lang == "ja" || l.lang == "ko") l.points.gap = "";
    if (l.lang == "ar" || l.lang == "he" || l.lang == "fa" || l.lang == "ur") l.points.decimal_halves = true;
    return l;
}

// French typography: a no-break space (U+00A0) before a colon.
const std::array<Words, 10> sets = {{
    {"en",
     "Name",
     "Class",
     "Date",
     "True",
     "False",
     "T",
     "F",
     "Fill the box of every answer that applies.",
     "Put them in order: fill bubble 1 for the first, 2 for the next, and so on.",
     "Write one character in each box, from the left, then fill the bubble under it.",
     "Answer:",
     "Teacher",
     "page {n} of {m}",
     "Answer key",
     "For grown-ups. Fold this page away before handing over the rest.",
     "Answer sheet",
     "Fill bubbles and boxes completely. To change an answer, cross it out with a large X.",
     "Student number: write it in the boxes, then fill a bubble under each digit.",
     "on the question sheet",
     "item",
     "ages",
     "mark",
     "marks",
     "marks",
     "marks",
     "marks",
     PluralRule::one_to_one,
     "Total",
     "Points",
     "partial"},
    {"fr",
     "Nom",
     "Classe",
     "Date",
     "Vrai",
     "Faux",
     "V",
     "F",
     "Remplis la case de chaque réponse qui convient.",
     "Remets-les dans l’ordre\u00a0: remplis la bulle 1 pour le premier, 2 pour le suivant, et ainsi de "
     "suite.",
     "Écris un caractère par case, en partant de la gauche, puis remplis la bulle en dessous.",
     "Réponse\u00a0:",
     "Enseignant",
     "page {n} sur {m}",
     "Corrigé",
     "Réservé aux adultes. Pliez cette page avant de distribuer le reste.",
     "Feuille de réponses",
     "Remplis complètement les bulles et les cases. Pour changer une réponse, barre-la d’une grande croix "
     "(X).",
     "Numéro d’élève\u00a0: écris-le dans les cases, puis remplis une bulle sous chaque chiffre.",
     "sur la feuille de questions",
     "élément",
     "âge",
     "point",
     "points",
     "points",
     "points",
     "points",
     PluralRule::one_below_two,
     "Total",
     "Points",
     "partiel"},
    {"de",
     "Name",
     "Klasse",
     "Datum",
     "Wahr",
     "Falsch",
     "W",
     "F",
     "Das Kästchen jeder zutreffenden Antwort ausfüllen.",
     "In die richtige Reihenfolge bringen: Kreis 1 beim Ersten ausfüllen, 2 beim Nächsten und so weiter.",
     "Ein Zeichen pro Kästchen von links eintragen, dann den Kreis darunter ausfüllen.",
     "Antwort:",
     "Lehrkraft",
     "Seite {n} von {m}",
     "Lösungen",
     "Für Erwachsene. Diese Seite umknicken, bevor der Rest ausgeteilt wird.",
     "Antwortbogen",
     "Kreise und Kästchen vollständig ausfüllen. Um eine Antwort zu ändern, sie mit einem großen X "
     "durchstreichen.",
     "Schülernummer: in die Kästchen schreiben, dann unter jeder Ziffer einen Kreis ausfüllen.",
     "auf dem Aufgabenblatt",
     "Eintrag",
     "Alter",
     "Punkt",
     "Punkte",
     "Punkte",
     "Punkte",
     "Punkte",
     PluralRule::one_to_one,
     "Gesamt",
     "Punkte",
     "teilweise"},
    {"es",
     "Nombre",
     "Clase",
     "Fecha",
     "Verdadero",
     "Falso",
     "V",
     "F",
     "Rellena la casilla de cada respuesta que corresponda.",
     "Ordénalos: rellena el círculo 1 para el primero, el 2 para el siguiente, y así sucesivamente.",
     "Escribe un carácter en cada casilla, empezando por la izquierda, y rellena el círculo de debajo.",
     "Respuesta:",
     "Docente",
     "página {n} de {m}",
     "Soluciones",
     "Para adultos. Dobla esta página antes de repartir el resto.",
     "Hoja de respuestas",
     "Rellena completamente los círculos y las casillas. Para cambiar una respuesta, táchala con una X "
     "grande.",
     "Número de alumno: escríbelo en las casillas y rellena un círculo debajo de cada cifra.",
     "en la hoja de preguntas",
     "elemento",
     "edad",
     "punto",
     "puntos",
     "puntos",
     "puntos",
     "puntos",
     PluralRule::one_to_one,
     "Total",
     "Puntos",
     "parcial"},
    {"it",
     "Nome",
     "Classe",
     "Data",
     "Vero",
     "Falso",
     "V",
     "F",
     "Riempi la casella di ogni risposta corretta.",
     "Mettili in ordine: riempi il cerchio 1 per il primo, 2 per il successivo, e così via.",
     "Scrivi un carattere in ogni casella, partendo da sinistra, poi riempi il cerchio sotto.",
     "Risposta:",
     "Docente",
     "pagina {n} di {m}",
     "Soluzioni",
     "Per gli adulti. Piegate questa pagina prima di distribuire il resto.",
     "Foglio delle risposte",
     "Riempi completamente cerchi e caselle. Per cambiare una risposta, barrala con una grande X.",
     "Numero dello studente: scrivilo nelle caselle, poi riempi un cerchio sotto ogni cifra.",
     "sul foglio delle domande",
     "elemento",
     "età",
     "punto",
     "punti",
     "punti",
     "punti",
     "punti",
     PluralRule::one_to_one,
     "Totale",
     "Punti",
     "parziale"},
    {"pt",
     "Nome",
     "Turma",
     "Data",
     "Verdadeiro",
     "Falso",
     "V",
     "F",
     "Preencha a caixa de cada resposta correta.",
     "Ordene-os: preencha o círculo 1 para o primeiro, 2 para o seguinte, e assim por diante.",
     "Escreva um algarismo ou letra em cada caixa, a partir da esquerda, e preencha o círculo por baixo.",
     "Resposta:",
     "Professor",
     "página {n} de {m}",
     "Soluções",
     "Para adultos. Dobre esta página antes de distribuir o resto.",
     "Folha de respostas",
     "Preencha completamente círculos e caixas. Para mudar uma resposta, risque-a com um X grande.",
     "Número do aluno: escreva-o nas caixas e preencha um círculo por baixo de cada algarismo.",
     "na folha de perguntas",
     "item",
     "idade",
     "ponto",
     "pontos",
     "pontos",
     "pontos",
     "pontos",
     PluralRule::one_below_two,
     "Total",
     "Pontos",
     "parcial"},
    {"nl",
     "Naam",
     "Klas",
     "Datum",
     "Juist",
     "Onjuist",
     "J",
     "O",
     "Kleur het vakje in van elk antwoord dat juist is.",
     "Zet ze in de goede volgorde: kleur rondje 1 in bij de eerste, 2 bij de volgende, enzovoort.",
     "Schrijf één teken in elk vakje, van links af, en kleur dan het rondje eronder in.",
     "Antwoord:",
     "Docent",
     "pagina {n} van {m}",
     "Antwoordmodel",
     "Voor volwassenen. Vouw deze pagina weg voordat je de rest uitdeelt.",
     "Antwoordblad",
     "Kleur rondjes en vakjes helemaal in. Wil je een antwoord veranderen, zet er dan een groot kruis (X) "
     "door.",
     "Leerlingnummer: schrijf het in de vakjes en kleur onder elk cijfer een rondje in.",
     "op het vragenblad",
     "onderdeel",
     "leeftijd",
     "punt",
     "punten",
     "punten",
     "punten",
     "punten",
     PluralRule::one_to_one,
     "Totaal",
     "Punten",
     "gedeeltelijk"},
    {"pl",
     "Imię i nazwisko",
     "Klasa",
     "Data",
     "Prawda",
     "Fałsz",
     "P",
     "F",
     "Zamaluj kratkę przy każdej poprawnej odpowiedzi.",
     "Ustaw je w kolejności: zamaluj kółko 1 przy pierwszym, 2 przy następnym i tak dalej.",
     "Wpisz po jednym znaku w każdą kratkę, od lewej, a potem zamaluj kółko pod nią.",
     "Odpowiedź:",
     "Nauczyciel",
     "strona {n} z {m}",
     "Klucz odpowiedzi",
     "Dla dorosłych. Złóżcie tę stronę przed rozdaniem reszty.",
     "Karta odpowiedzi",
     "Zamaluj kółka i kratki całkowicie. Aby zmienić odpowiedź, przekreśl ją dużym X.",
     "Numer ucznia: wpisz go w kratki, a potem zamaluj kółko pod każdą cyfrą.",
     "na arkuszu z pytaniami",
     "element",
     "wiek",
     "punkt",
     "punktów",
     "punkty",
     "punktu",
     "punktów",
     PluralRule::polish,
     "Razem",
     "Punkty",
     "częściowo"},
    {"ru",
     "Фамилия, имя",
     "Класс",
     "Дата",
     "Верно",
     "Неверно",
     "В",
     "Н",
     "Закрасьте клетку каждого верного ответа.",
     "Расставьте по порядку: закрасьте кружок 1 у первого, 2 у следующего и так далее.",
     "Впишите по одному знаку в каждую клетку, начиная слева, затем закрасьте кружок под ней.",
     "Ответ:",
     "Учитель",
     "стр. {n} из {m}",
     "Ответы",
     "Для взрослых. Сложите эту страницу, прежде чем раздавать остальные.",
     "Бланк ответов",
     "Закрашивайте кружки и клетки полностью. Чтобы изменить ответ, зачеркните его большим крестом (X).",
     "Номер ученика: впишите его в клетки, затем закрасьте кружок под каждой цифрой.",
     "на листе с заданиями",
     "пункт",
     "возраст",
     "балл",
     "баллов",
     "балла",
     "балла",
     "баллов",
     PluralRule::russian,
     "Итого",
     "Баллы",
     "частично"},
    {"el",
     "Ονοματεπώνυμο",
     "Τμήμα",
     "Ημερομηνία",
     "Σωστό",
     "Λάθος",
     "Σ",
     "Λ",
     "Γέμισε το τετραγωνάκι κάθε σωστής απάντησης.",
     "Βάλε τα στη σειρά: γέμισε τον κύκλο 1 για το πρώτο, 2 για το επόμενο και ούτω καθεξής.",
     "Γράψε έναν χαρακτήρα σε κάθε τετραγωνάκι, από αριστερά, και μετά γέμισε τον κύκλο από κάτω.",
     "Απάντηση:",
     "Εκπαιδευτικός",
     "σελίδα {n} από {m}",
     "Απαντήσεις",
     "Για ενήλικες. Διπλώστε αυτή τη σελίδα πριν μοιράσετε τις υπόλοιπες.",
     "Φύλλο απαντήσεων",
     "Γέμισε εντελώς κύκλους και τετραγωνάκια. Για να αλλάξεις μια απάντηση, διάγραψέ την με ένα μεγάλο X.",
     "Αριθμός μαθητή: γράψε τον στα τετραγωνάκια και γέμισε έναν κύκλο κάτω από κάθε ψηφίο.",
     "στο φύλλο ερωτήσεων",
     "στοιχείο",
     "ηλικίες",
     "μονάδα",
     "μονάδες",
     "μονάδες",
     "μονάδες",
     "μονάδες",
     PluralRule::one_to_one,
     "Σύνολο",
     "Μονάδες",
     "μερική"},
}};

// In the order of `sets`. The slips speak to the student as the sheet does
// (tu in French, Sie-less du in German, Вы in Russian); `earned` puts the
// word for marks where the language's grammar lets it agree with its
// number ("0 of 2 marks", but "2 балла из 5": "из" would want another case).
const std::array<MarkingWords, 10> marking_sets = {{
    {"Marking grid", "Sheet code", "Where the correct answer falls, per question", "key", "Marking pack", "Booklet",
     "Feedback", "Your answer", "Right answer", "not answered", "marked by your teacher",
     "your teacher will look at this answer", "Score", "Score so far", "{n} still to be marked", "{n} of {m_marks}"},
    {"Grille de correction", "Code de la copie", "Place de la bonne réponse, par question", "corrigé",
     "Dossier de correction", "Livret", "Bilan", "Ta réponse", "Bonne réponse", "sans réponse",
     "corrigée par ton professeur", "ton professeur regardera cette réponse", "Note", "Note provisoire",
     "reste à corriger\u00a0: {n}", "{n} sur {m_marks}"},
    {"Korrekturtabelle", "Bogencode", "Wo die richtige Antwort liegt, je Aufgabe", "Lösung", "Korrekturmappe",
     "Aufgabenheft", "Rückmeldung", "Deine Antwort", "Richtige Antwort", "nicht beantwortet",
     "von deiner Lehrkraft bewertet", "deine Lehrkraft sieht sich diese Antwort an", "Ergebnis",
     "Bisheriges Ergebnis", "noch zu bewerten: {n}", "{n} / {m_marks}"},
    {"Tabla de corrección", "Código de hoja", "Dónde cae la respuesta correcta, por pregunta", "solución",
     "Carpeta de corrección", "Cuadernillo", "Corrección", "Tu respuesta", "Respuesta correcta", "sin responder",
     "corregida por tu docente", "tu docente revisará esta respuesta", "Nota", "Nota provisional",
     "por corregir: {n}", "{n} de {m_marks}"},
    {"Griglia di correzione", "Codice del foglio", "Dove cade la risposta corretta, per domanda", "soluzione",
     "Materiale di correzione", "Fascicolo", "Esito", "La tua risposta", "Risposta corretta", "senza risposta",
     "corretta dal tuo docente", "il tuo docente valuterà questa risposta", "Punteggio", "Punteggio provvisorio",
     "da correggere: {n}", "{n} su {m_marks}"},
    {"Grelha de correção", "Código da folha", "Onde fica a resposta certa, por pergunta", "soluções",
     "Pasta de correção", "Caderno", "Resultados", "A sua resposta", "Resposta certa", "sem resposta",
     "corrigida pelo professor", "o professor vai ver esta resposta", "Nota", "Nota provisória",
     "por corrigir: {n}", "{n} de {m_marks}"},
    {"Nakijkoverzicht", "Bladcode", "Waar het goede antwoord valt, per vraag", "antwoordmodel", "Nakijkmap",
     "Opgavenboekje", "Terugkoppeling", "Jouw antwoord", "Goed antwoord", "niet beantwoord",
     "nagekeken door je docent", "je docent kijkt dit antwoord na", "Score", "Score tot nu toe",
     "nog na te kijken: {n}", "{n} van {m_marks}"},
    {"Tabela sprawdzania", "Kod arkusza", "Gdzie wypada poprawna odpowiedź, w każdym zadaniu", "klucz",
     "Materiały do sprawdzania", "Zeszyt zadań", "Informacja zwrotna", "Twoja odpowiedź", "Poprawna odpowiedź",
     "brak odpowiedzi", "sprawdzona przez nauczyciela", "nauczyciel sprawdzi tę odpowiedź", "Wynik",
     "Wynik wstępny", "do sprawdzenia: {n}", "{n_marks} z {m}"},
    {"Таблица проверки", "Код листа", "Где правильный ответ, по заданиям", "см. ответы", "Материалы для проверки",
     "Тетрадь заданий", "Результаты", "Ваш ответ", "Правильный ответ", "нет ответа", "проверен учителем",
     "учитель проверит этот ответ", "Результат", "Предварительный результат", "ещё не проверено: {n}",
     "{n_marks} из {m}"},
    {"Πίνακας διόρθωσης", "Κωδικός φύλλου", "Πού πέφτει η σωστή απάντηση, ανά ερώτηση", "απαντήσεις",
     "Φάκελος διόρθωσης", "Τετράδιο ερωτήσεων", "Ανατροφοδότηση", "Η απάντησή σου", "Σωστή απάντηση",
     "χωρίς απάντηση", "βαθμολογήθηκε από τον εκπαιδευτικό σου", "ο εκπαιδευτικός σου θα εξετάσει αυτή την απάντηση",
     "Βαθμολογία", "Προσωρινή βαθμολογία", "μένουν για διόρθωση: {n}", "{n} από {m_marks}"},
}};

/// Every overridable label: its YAML name and member.
const std::array<std::pair<std::string_view, std::string Labels::*>, 37> text_members = {{
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
    {"marking_grid", &Labels::marking_grid},
    {"sheet_code", &Labels::sheet_code},
    {"answer_spread", &Labels::answer_spread},
    {"see_key", &Labels::see_key},
    {"marking_pack", &Labels::marking_pack},
    {"booklet", &Labels::booklet},
    {"feedback", &Labels::feedback},
    {"your_answer", &Labels::your_answer},
    {"right_answer", &Labels::right_answer},
    {"not_answered", &Labels::not_answered},
    {"teacher_marked", &Labels::teacher_marked},
    {"to_be_marked", &Labels::to_be_marked},
    {"score", &Labels::score},
    {"score_so_far", &Labels::score_so_far},
    {"still_open", &Labels::still_open},
    {"earned", &Labels::earned},
}};

const std::array<std::pair<std::string_view, std::string PointsWords::*>, 8> points_members = {{
    {"mark", &PointsWords::mark},
    {"marks", &PointsWords::marks},
    {"marks_few", &PointsWords::marks_few},
    {"marks_fraction", &PointsWords::marks_fraction},
    {"marks_two", &PointsWords::marks_two},
    {"total", &PointsWords::total},
    {"points", &PointsWords::points},
    {"partial", &PointsWords::partial},
}};

/// `text` with each `{name}` of `fills` replaced by its value.
std::string filled(const std::string& text, std::initializer_list<std::pair<std::string_view, std::string>> fills) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        bool done = false;
        for (const auto& [name, value] : fills)
            if (text.compare(i, name.size(), name) == 0) {
                out += value, i += name.size() - 1, done = true;
                break;
            }
        if (!done) out += text[i];
    }
    return out;
}

// "1" for one point, "½" ("0.5" with decimal halves), "0.67" for a share of
// a partial multi, "?" undecided.
std::string earned_number(std::optional<double> points, bool decimal_halves) {
    if (!points) return "?";
    const double halves = *points * 2;
    if (std::abs(halves - std::round(halves)) < 1e-9) {
        const Points p{static_cast<int>(std::lround(halves))};
        return decimal_halves ? points_decimal(p) : format_points(p);
    }
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f", *points);
    return buffer;
}

/// The `lang` of the set that BCP 47 `tag` names: its language subtag in
/// lower case ("iw", Hebrew's withdrawn tag, gives "he"), but for Chinese "zh-Hant" (traditional characters) when its
/// script says Hant, or, with no script, its region is Taiwan, Hong Kong or
/// Macao; else "zh" (simplified: Hans, CN, SG or nothing).
std::string set_language(std::string_view tag) {
    std::vector<std::string> subtags;
    for (std::size_t from = 0;;) {
        const std::size_t to = tag.find_first_of("-_", from);
        subtags.push_back(ascii_lower(tag.substr(from, to == std::string_view::npos ? to : to - from)));
        if (to == std::string_view::npos) break;
        from = to + 1;
    }
    if (subtags[0] == "iw") return "he";  // Hebrew's tag before 1989, still sent by old Java and Android
    if (subtags[0] != "zh") return subtags[0];
    const auto has = [&](std::initializer_list<std::string_view> names) {
        return std::any_of(subtags.begin() + 1, subtags.end(), [&](const std::string& s) {
            return std::find(names.begin(), names.end(), s) != names.end();
        });
    };
    if (has({"hant"})) return "zh-Hant";
    if (has({"hans"})) return "zh";
    return has({"tw", "hk", "mo"}) ? "zh-Hant" : "zh";
}

}  // namespace

std::string Labels::with_colon(std::string_view label) const {
    return std::string(label) + colon + (colon == "\uff1a" ? "" : " ");
}

std::string Labels::page_of(std::size_t n, std::size_t m) const {
    return filled(page, {{"{n}", std::to_string(n)}, {"{m}", std::to_string(m)}});
}

std::string Labels::still_open_of(std::size_t n) const { return filled(still_open, {{"{n}", std::to_string(n)}}); }

std::string Labels::earned_of(std::optional<double> n, Points m) const {
    const std::string number = earned_number(n, points.decimal_halves);
    std::string with_word;
    if (!n) {
        with_word = number;  // no word agrees with "?"
    } else if (std::abs(*n * 2 - std::round(*n * 2)) < 1e-9) {
        with_word = points_label(Points{static_cast<int>(std::lround(*n * 2))}, points);
    } else {
        // A share such as 0.67 takes the form after a half where the
        // language has one.
        const bool slavic = points.rule == PluralRule::russian || points.rule == PluralRule::polish;
        with_word = number + points.gap + (slavic ? points.marks_fraction : points.marks);
    }
    return filled(earned, {{"{n_marks}", with_word},
                           {"{m_marks}", points_label(m, points)},
                           {"{n}", number},
                           {"{m}", points.decimal_halves ? points_decimal(m) : format_points(m)}});
}

const std::vector<std::string_view>& label_languages() {
    static const std::vector<std::string_view> langs = [] {
        std::vector<std::string_view> out;
        out.reserve(sets.size() + label_words::cjk_sets.size() + label_words::rtl_sets.size());
        for (const Words& w : sets) out.push_back(w.lang);
        for (const Words& w : label_words::cjk_sets) out.push_back(w.lang);
        for (const Words& w : label_words::rtl_sets) out.push_back(w.lang);
        return out;
    }();
    return langs;
}

const Labels* builtin_labels(std::string_view tag) {
    static const std::vector<Labels> built = [] {
        std::vector<Labels> out;
        out.reserve(sets.size() + label_words::cjk_sets.size() + label_words::rtl_sets.size());
        for (std::size_t i = 0; i < sets.size(); ++i) out.push_back(make(sets[i], marking_sets[i]));
        for (std::size_t i = 0; i < label_words::cjk_sets.size(); ++i)
            out.push_back(make(label_words::cjk_sets[i], label_words::cjk_marking_sets[i]));
        for (std::size_t i = 0; i < label_words::rtl_sets.size(); ++i)
            out.push_back(make(label_words::rtl_sets[i], label_words::rtl_marking_sets[i]));
        return out;
    }();
    const std::string language = set_language(tag);
    for (const Labels& l : built)
        if (l.lang == language) return &l;
    return nullptr;
}

const std::vector<std::string_view>& label_names() {
    static const std::vector<std::string_view> names = [] {
        std::vector<std::string_view> out;
        out.reserve(text_members.size() + points_members.size());
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
