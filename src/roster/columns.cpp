// The roster's column headings in the spellings and languages school
// offices export (English, German, French, Spanish, Italian, Portuguese,
// Dutch, Polish, Russian, Greek).
#include "roster/columns.hpp"

#include <map>

#include "handout/roster.hpp"
#include "handout/text.hpp"

namespace handout::roster {

namespace {

/// The small letter of a capital of the scripts headings are written in;
/// any other code point unchanged.
char32_t lower(char32_t c) {
    if (c >= U'A' && c <= U'Z') return c + 0x20;
    if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 0x20;  // Latin-1
    if (c >= 0x100 && c <= 0x17F) {                            // Latin Extended-A (Polish, Czech …)
        const bool even_capitals = (c <= 0x137) || (c >= 0x14A && c <= 0x177);
        const bool odd_capitals = (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E);
        if ((even_capitals && c % 2 == 0) || (odd_capitals && c % 2 == 1)) return c + 1;
        return c;
    }
    if (c >= 0x391 && c <= 0x3A9 && c != 0x3A2) return c + 0x20;  // Greek
    switch (c) {                                                   // Greek capitals with tonos
        case 0x386: return 0x3AC;
        case 0x388: return 0x3AD;
        case 0x389: return 0x3AE;
        case 0x38A: return 0x3AF;
        case 0x38C: return 0x3CC;
        case 0x38E: return 0x3CD;
        case 0x38F: return 0x3CE;
        default: break;
    }
    if (c >= 0x410 && c <= 0x42F) return c + 0x20;  // Cyrillic
    if (c >= 0x400 && c <= 0x40F) return c + 0x50;
    return c;
}

/// A Greek small letter without its accent (tonos, dialytika): headings in
/// capitals are written without them ("ΟΝΟΜΑΤΕΠΩΝΥΜΟ"); any other code point unchanged.
char32_t unaccented_greek(char32_t c) {
    switch (c) {
        case 0x3AC: return 0x3B1;  // ά
        case 0x3AD: return 0x3B5;  // έ
        case 0x3AE: return 0x3B7;  // ή
        case 0x3AF:
        case 0x3CA:
        case 0x390: return 0x3B9;  // ί ϊ ΐ
        case 0x3CC: return 0x3BF;  // ό
        case 0x3CD:
        case 0x3CB:
        case 0x3B0: return 0x3C5;  // ύ ϋ ΰ
        case 0x3CE: return 0x3C9;  // ώ
        case 0x3C2: return 0x3C3;  // final ς
        default: return c;
    }
}

/// Every heading handout reads, normalised, with its role.
const std::map<std::string, TitleRole, std::less<>>& titles() {
    static const std::map<std::string, TitleRole, std::less<>> table = [] {
        std::map<std::string, TitleRole, std::less<>> t;
        const auto add = [&](Role role, std::initializer_list<const char*> words) {
            for (const char* w : words) t[normalise_title(w)] = {role, Role::other};
        };
        add(Role::full_name,
            {"fullname", "studentname", "student", "pupil", "pupilname", "learner", "learnername",
             "schüler", "schülerin", "schülername", "vollständigername", "nomcomplet", "élève", "eleve",
             "étudiant", "etudiant", "nombrecompleto", "nombreyapellidos", "alumno", "alumna", "estudiante",
             "nomecompleto", "nomeecognome", "alunno", "alunna", "studente", "aluno", "aluna", "estudante",
             "volledigenaam", "leerling", "imięinazwisko", "imieinazwisko", "uczeń", "uczennica", "фио",
             "полноеимя", "ученик", "ученица", "ονοματεπώνυμο", "μαθητής", "μαθήτρια"});
        add(Role::first_name,
            {"firstname", "first", "givenname", "givennames", "forename", "forenames", "vorname", "vornamen",
             "prénom", "prenom", "prénoms", "nombres", "primernombre", "voornaam", "voornamen", "imię", "imie"});
        add(Role::last_name,
            {"lastname",     "last",      "surname",   "familyname",     "nachname",   "familienname",
             "nomdefamille", "apellido",  "apellidos", "primerapellido", "apellido1",  "apellidopaterno",
             "cognome",      "sobrenome", "apelido",   "apelidos",       "achternaam", "nazwisko",
             "фамилия",      "επώνυμο",   "επίθετο"});
        add(Role::particle, {"tussenvoegsel", "tussenvoegsels", "voorvoegsel", "voorvoegsels"});
        add(Role::second_last_name, {"segundoapellido", "apellido2", "apellidomaterno"});
        add(Role::class_name,
            {"class", "classname", "form", "formgroup", "tutorgroup", "group", "homeroom", "registrationgroup",
             "klasse", "lerngruppe", "gruppe", "classe", "groupe", "clase", "grupo", "curso", "turma", "klas",
             "groep", "klasa", "grupa", "класс", "группа", "τμήμα", "τάξη"});
        add(Role::seed, {"seed"});
        add(Role::style, {"style", "needs"});
        // Alone the whole name; beside the other part, this part.
        for (const char* w : {"name", "nom", "naam"})
            t[normalise_title(w)] = {Role::name_word, Role::last_name};
        for (const char* w : {"nome", "nombre", "имя", "όνομα"})
            t[normalise_title(w)] = {Role::name_word, Role::first_name};
        return t;
    }();
    return table;
}

}  // namespace

std::string normalise_title(std::string_view written) {
    const std::string composed = nfc(written);
    const std::string_view title = composed;
    std::string out;
    std::size_t pos = 0;
    while (pos < title.size()) {
        const std::size_t from = pos;
        const char32_t c = next_code_point(title, pos);
        if (c == U' ' || c == U'_' || c == U'-' || c == U'.' || c == U':' || c == U'#' || c == U'\t' ||
            c == 0xA0)
            continue;
        if (c == invalid_code_point) out += title.substr(from, pos - from);
        else
            out += encode_utf8(unaccented_greek(lower(c)));
    }
    return out;
}

TitleRole role_of(const std::string& normalised) {
    const auto found = titles().find(normalised);
    return found == titles().end() ? TitleRole{} : found->second;
}

const std::vector<std::string_view>& known_titles() {
    static const std::vector<std::string_view> names = {"name", "firstname", "lastname", "class", "seed",
                                                        "style", "needs"};
    return names;
}

}  // namespace handout::roster

namespace handout {

bool is_class_heading(std::string_view heading) {
    return roster::role_of(roster::normalise_title(heading)).role == roster::Role::class_name;
}

}  // namespace handout
