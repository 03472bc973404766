// The roster's column headings as schools export them: the known columns in
// common spellings and languages (private to src/roster).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace handout::roster {

/// What a heading names.
enum class Role {
    full_name,   ///< the whole name ("Name", "Student", "Schüler", "Élève")
    first_name,  ///< "First name", "Vorname", "Prénom", "Imię"
    last_name,   ///< "Last name", "Nachname", "Apellidos", "Фамилия"
    /// A word that is the whole name alone but one part of it beside the
    /// other part: German "Name" beside "Vorname" is the surname, Spanish
    /// "Nombre" beside "Apellidos" the first name.
    name_word,
    /// The part between first and last name: Dutch "Tussenvoegsel" (van, de).
    particle,
    /// A second surname after the first: Spanish "Segundo apellido".
    second_last_name,
    seed,
    class_name,
    style,
    other,  ///< not read (an e-mail, a date of birth)
};

/// A heading's role and, for a name_word, the part it is beside the other.
struct TitleRole {
    Role role = Role::other;
    Role beside = Role::other;  ///< first_name or last_name, for a name_word
};

/// The heading as compared: in NFC (a "Prénom" with a combining accent is
/// "Prénom"), lowercased (ASCII, Latin-1, Greek, Cyrillic; Latin accents
/// kept, Greek ones dropped: capitals are written without them), without
/// spaces, `_`, `-`, `.`, `:` and `#`.
std::string normalise_title(std::string_view title);

/// The role of a normalised heading.
TitleRole role_of(const std::string& normalised);

/// Whether a normalised heading names a student number, an e-mail address
/// or a login (roster/table.cpp): not read for the sheets, but repeated in
/// `mark`'s results and used by its grade-book files.
bool is_identity_title(const std::string& normalised);

/// The canonical headings of each role, for did-you-mean.
const std::vector<std::string_view>& known_titles();

}  // namespace handout::roster
