//! Secrets from the operating system: seat tokens, game ids, seeds and salts, and the
//! SHA-256 commitment that lets players check the throws once the seed is revealed.

use subtle::ConstantTimeEq;

/// Bytes in a seat token (printed as twice as many hex digits).
pub const TOKEN_BYTES: usize = 16;

/// Bytes in a game id (printed as twice as many hex digits).
pub const ID_BYTES: usize = 6;

/// Fills `buf` with bytes from the operating system's generator.
fn os_bytes(buf: &mut [u8]) {
    // The OS generator failing is not something a server can recover from.
    getrandom::fill(buf).expect("the operating system's random generator failed");
}

/// A fresh random seat token: 16 bytes from the OS as 32 hex digits.
pub fn new_token() -> String {
    let mut b = [0u8; TOKEN_BYTES];
    os_bytes(&mut b);
    hex::encode(b)
}

/// A fresh random game id: 6 bytes from the OS as 12 hex digits.
pub fn new_game_id() -> String {
    let mut b = [0u8; ID_BYTES];
    os_bytes(&mut b);
    hex::encode(b)
}

/// Whether `id` has the shape of a game id (12 lowercase hex digits).
pub fn is_game_id(id: &str) -> bool {
    id.len() == ID_BYTES * 2 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// A fresh secret seed for a game's throws.
pub fn new_seed() -> u64 {
    let mut b = [0u8; 8];
    os_bytes(&mut b);
    u64::from_le_bytes(b)
}

/// A fresh salt for the seed commitment: 16 bytes as 32 hex digits.
pub fn new_salt() -> String {
    new_token()
}

/// The commitment published at creation: `hex(SHA-256("ashta-seed:" + seed + ":" + salt))`.
pub use ashta_engine::seed_commitment as commitment;

/// Compares a presented token with the seat's in constant time.
pub fn token_matches(expected: &str, presented: &str) -> bool {
    expected.len() == presented.len() && bool::from(expected.as_bytes().ct_eq(presented.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_32_hex_digits_and_differ() {
        let (a, b) = (new_token(), new_token());
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn game_ids_have_the_checked_shape() {
        let id = new_game_id();
        assert!(is_game_id(&id), "{id}");
        assert!(!is_game_id("../etc/passwd"));
        assert!(!is_game_id("ABCDEF123456"));
    }

    #[test]
    fn commitment_is_sha256_of_the_documented_string() {
        // sha256("ashta-seed:7:00") computed independently with sha256sum.
        assert_eq!(
            commitment(7, "00"),
            "de6dff3c344192a02fb0d2f89690f04c52655cc594595ef0d234d63134b2759b"
        );
        assert_ne!(commitment(7, "00"), commitment(8, "00"));
        assert_ne!(commitment(7, "00"), commitment(7, "01"));
    }

    #[test]
    fn token_comparison_needs_the_exact_token() {
        let t = new_token();
        assert!(token_matches(&t, &t.clone()));
        assert!(!token_matches(&t, &t[..31]));
        assert!(!token_matches(&t, &new_token()));
    }
}
