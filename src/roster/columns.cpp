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

/// Every heading handout reads, normalised, with its role.
const std::map<std::string, TitleRole, std::less<>>& titles() {
    static const std::map<std::string, TitleRole, std::less<>> table = [] {
        std::map<std::string, TitleRole, std::less<>> t;
        const auto add = [&](Role role, std::initializer_list<const char*> words) {
            for (const char* w : words) t[w] = {role, Role::other};
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
            {"lastname", "last", "surname", "familyname", "nachname", "familienname", "nomdefamille",
             "apellido", "apellidos", "cognome", "sobrenome", "apelido", "apelidos", "achternaam", "nazwisko",
             "фамилия", "επώνυμο", "επίθετο"});
        add(Role::class_name,
            {"class", "classname", "form", "formgroup", "tutorgroup", "group", "homeroom", "registrationgroup",
             "klasse", "lerngruppe", "gruppe", "classe", "groupe", "clase", "grupo", "curso", "turma", "klas",
             "groep", "klasa", "grupa", "класс", "группа", "τμήμα", "τάξη"});
        add(Role::seed, {"seed"});
        add(Role::style, {"style", "needs"});
        // Alone the whole name; beside the other part, this part.
        for (const char* w : {"name", "nom", "naam"}) t[w] = {Role::name_word, Role::last_name};
        for (const char* w : {"nome", "nombre", "имя", "όνομα"}) t[w] = {Role::name_word, Role::first_name};
        return t;
    }();
    return table;
}

}  // namespace

std::string normalise_title(std::string_view title) {
    std::string out;
    std::size_t pos = 0;
    while (pos < title.size()) {
        const std::size_t from = pos;
        const char32_t c = next_code_point(title, pos);
        if (c == U' ' || c == U'_' || c == U'-' || c == U'.' || c == U':' || c == U'#' || c == U'\t' ||
            c == 0xA0)
            continue;
        if (c == invalid_code_point) out += title.substr(from, pos - from);
        else out += encode_utf8(lower(c));
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
