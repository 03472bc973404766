// The alphabets of sheet codes, shared by the fingerprint (variant.cpp) and
// the code reader (sheet_code.cpp).
#pragma once

namespace handout::code_alphabet {

/// Crockford's base32: digits and capitals without I, L, O and U, so a code
/// read off paper cannot be mistyped by look-alikes.
inline constexpr char crockford[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Crockford's check symbols: the 32 above, then * ~ $ = U for the values
/// 32 to 36 of a number modulo 37.
inline constexpr char check_symbols[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ*~$=U";

/// Codes W1 (handout 0.1): base64url, 6 bits a character.
inline constexpr char base64url[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

}  // namespace handout::code_alphabet
