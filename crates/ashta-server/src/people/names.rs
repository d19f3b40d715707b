//! The rules of a player's name, and the form names are compared in so that two
//! names that look alike cannot both be taken.

use unicode_security::{skeleton, GeneralSecurityProfile};

use crate::policy;

/// Fewest characters of a player's name.
pub const MIN_NAME: usize = 2;
/// Most characters of a player's name.
pub const MAX_NAME: usize = 20;

/// Checks a name a player asks for and returns it trimmed, or says what is wrong: it
/// has [`MIN_NAME`] to [`MAX_NAME`] characters, no control, bidirectional or invisible
/// character ([`policy::name_problem`]), and otherwise only the letters, digits and marks
/// Unicode recommends for identifiers (every script of the page's languages among them),
/// single spaces, `-`, `_` and `.`.
pub fn check_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    let count = name.chars().count();
    if !(MIN_NAME..=MAX_NAME).contains(&count) {
        return Err(format!(
            "a name has {MIN_NAME} to {MAX_NAME} characters ({count} given)"
        ));
    }
    if let Some(why) = policy::name_problem(name) {
        return Err(why);
    }
    if let Some(c) = name
        .chars()
        .find(|&c| !(c.identifier_allowed() || matches!(c, ' ' | '-' | '_' | '.')))
    {
        return Err(format!(
            "{c:?} (U+{:04X}) is not allowed in a name: letters, digits, spaces, '-', '_' and '.' are",
            c as u32
        ));
    }
    if name.contains("  ") {
        return Err("a name has no two spaces in a row".into());
    }
    Ok(name.to_string())
}

/// The form two names are compared in: lower case, then the Unicode confusables
/// skeleton (UTS #39), lower case again, and `l` read as `i` (a capital I, a small l and
/// a 1 look alike in many fonts), so that `Ravi`, `RAVI`, `Rаvi` (a Cyrillic а), `Iata`
/// and `lata` each fold to one name.
pub fn fold(name: &str) -> String {
    let lower = name.trim().to_lowercase();
    let once: String = skeleton(&lower).collect();
    once.to_lowercase().replace('l', "i")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_look_alike_fold_to_one() {
        assert_eq!(fold("Ravi"), fold("ravi"));
        assert_eq!(fold("Ravi"), fold("R\u{0430}vi")); // Cyrillic а
        assert_eq!(fold("lata"), fold("Iata")); // capital I for l
        assert_eq!(fold("1ata"), fold("Iata"));
        assert_ne!(fold("Ravi"), fold("Ravu"));
        assert_eq!(fold(" Ravi "), fold("Ravi"));
    }

    #[test]
    fn names_of_the_pages_languages_are_allowed() {
        for name in ["Ravi", "रवि", "ரவி", "రవి", "ರವಿ", "Равиль", "a.b-c_d e"]
        {
            assert_eq!(check_name(name).as_deref(), Ok(name), "{name}");
        }
    }

    #[test]
    fn bad_names_are_refused_with_the_reason() {
        assert!(check_name("a").unwrap_err().contains("2 to 20"));
        assert!(check_name(&"x".repeat(21)).unwrap_err().contains("2 to 20"));
        assert!(check_name("ab\u{202E}cd").unwrap_err().contains("U+202E"));
        assert!(check_name("a<b>").unwrap_err().contains("not allowed"));
        assert!(check_name("a  b").unwrap_err().contains("two spaces"));
        assert!(check_name("ab\u{200B}").unwrap_err().contains("U+200B"));
    }
}
