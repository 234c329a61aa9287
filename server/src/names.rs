//! Display names: what a player may call themselves, and how a name is
//! shown where two players could share it.
//!
//! A name is normalised to Unicode NFKC (full-width, ligature and other
//! compatibility forms become their plain letters), its runs of white space
//! become one space, and it is trimmed. Refused (400 `bad_request`): control
//! characters, format characters (the bidirectional controls that display
//! `U+202E` + "nimda" as "admin", zero-width spaces and joiners, the byte
//! order mark...), line and paragraph separators, the characters that show
//! as nothing (the Hangul fillers, the Braille blank), private-use and
//! unassigned-looking code points (the non-characters), and a name longer
//! than [`MAX_NAME_CHARS`] after normalisation. A name that is empty after
//! trimming is no name.

use unicode_normalization::UnicodeNormalization;

use crate::error::ApiError;

/// The longest display name, in characters (after normalisation).
pub const MAX_NAME_CHARS: usize = 40;

/// How many hex digits of the player's id follow a name on a leaderboard.
pub const SHORT_ID: usize = 4;

/// Unicode's format characters (general category Cf), as inclusive ranges.
const FORMAT: &[(u32, u32)] = &[
    (0x00AD, 0x00AD),
    (0x0600, 0x0605),
    (0x061C, 0x061C),
    (0x06DD, 0x06DD),
    (0x070F, 0x070F),
    (0x0890, 0x0891),
    (0x08E2, 0x08E2),
    (0x180E, 0x180E),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x2064),
    (0x2066, 0x206F),
    (0xFEFF, 0xFEFF),
    (0xFFF9, 0xFFFB),
    (0x110BD, 0x110BD),
    (0x110CD, 0x110CD),
    (0x13430, 0x1343F),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0001, 0xE0001),
    (0xE0020, 0xE007F),
];

/// Characters that are not format characters but display as nothing (or
/// as a blank that is not a space).
const INVISIBLE: &[(u32, u32)] = &[
    (0x034F, 0x034F),   // combining grapheme joiner
    (0x115F, 0x1160),   // Hangul choseong and jungseong fillers
    (0x17B4, 0x17B5),   // Khmer inherent vowels
    (0x2028, 0x2029),   // line and paragraph separators
    (0x2800, 0x2800),   // Braille pattern blank
    (0x3164, 0x3164),   // Hangul filler
    (0xFE00, 0xFE0F),   // variation selectors
    (0xFFA0, 0xFFA0),   // half-width Hangul filler
    (0xE0100, 0xE01EF), // variation selectors supplement
];

fn within(c: char, ranges: &[(u32, u32)]) -> bool {
    let c = u32::from(c);
    ranges.iter().any(|&(lo, hi)| (lo..=hi).contains(&c))
}

/// Why a character may not be in a name, if it may not.
fn forbidden(c: char) -> Option<&'static str> {
    let n = u32::from(c);
    if c.is_control() {
        Some("a control character")
    } else if within(c, FORMAT) {
        Some("an invisible format character (bidirectional control, zero-width space or joiner)")
    } else if within(c, INVISIBLE) {
        Some("a character that displays as nothing")
    } else if (0xE000..=0xF8FF).contains(&n) || n >= 0xF0000 {
        Some("a private-use character")
    } else if (0xFDD0..=0xFDEF).contains(&n) || n & 0xFFFE == 0xFFFE {
        Some("a non-character")
    } else {
        None
    }
}

/// The name as stored and shown: NFKC, one space for each run of white
/// space, trimmed; `None` for a name that is empty then. A refused name is
/// a 400 `bad_request` saying why.
pub(crate) fn clean(name: &str) -> Result<Option<String>, ApiError> {
    // Bounded before the work: a 16 KiB body of combining marks is not normalised.
    if name.chars().count() > 4 * MAX_NAME_CHARS {
        return Err(too_long());
    }
    let mut out = String::with_capacity(name.len());
    let mut space = false;
    for c in name.nfkc() {
        if let Some(why) = forbidden(c) {
            return Err(ApiError::bad_request(format!(
                "the name contains {why} (U+{:04X})",
                u32::from(c)
            )));
        }
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if space && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        out.push(c);
    }
    if out.chars().count() > MAX_NAME_CHARS {
        return Err(too_long());
    }
    Ok((!out.is_empty()).then_some(out))
}

fn too_long() -> ApiError {
    ApiError::bad_request(format!(
        "the name is longer than {MAX_NAME_CHARS} characters"
    ))
}

/// A name as a list shows it, with the first hex digits of the player's id
/// so that two players of one name differ: `Ana #3f2a`, or `Anonymous
/// #3f2a` without a name.
pub fn display(name: Option<&str>, player: &str) -> String {
    let short: String = player.chars().take(SHORT_ID).collect();
    format!("{} #{short}", name.unwrap_or("Anonymous"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_right_to_left_override_is_refused() {
        let e = clean("\u{202E}nimda").unwrap_err();
        assert_eq!(e.status().as_u16(), 400);
        for spoof in [
            "ad\u{200B}min",
            "ad\u{200D}min",
            "\u{FEFF}admin",
            "admin\u{2066}",
        ] {
            assert!(clean(spoof).is_err(), "{spoof:?}");
        }
        assert!(clean("a\u{0007}b").is_err(), "a control character");
        assert!(
            clean("\u{3164}").is_err(),
            "the Hangul filler shows as nothing"
        );
    }

    #[test]
    fn names_are_nfkc_trimmed_and_spaced_once() {
        // Full-width letters and a ligature are their plain forms.
        assert_eq!(clean("\u{FF21}na").unwrap().as_deref(), Some("Ana"));
        assert_eq!(clean("\u{FB01}sh").unwrap().as_deref(), Some("fish"));
        assert_eq!(
            clean("  Ana \u{00A0}\u{2003} Lu  ").unwrap().as_deref(),
            Some("Ana Lu")
        );
        // A tab or a line break is a control character: refused.
        assert!(clean("Ana\tLu").is_err());
        // Composed and decomposed accents are one name.
        assert_eq!(
            clean("Jose\u{0301}").unwrap(),
            clean("Jos\u{00E9}").unwrap()
        );
        assert_eq!(clean("   ").unwrap(), None);
        assert_eq!(clean("").unwrap(), None);
    }

    #[test]
    fn the_length_is_bounded_after_normalisation() {
        assert!(clean(&"x".repeat(MAX_NAME_CHARS)).is_ok());
        assert!(clean(&"x".repeat(MAX_NAME_CHARS + 1)).is_err());
        // U+FDFA is one character that NFKC spells out in 18.
        let long = "\u{FDFA}".repeat(3);
        assert!(clean(&long).is_err());
        // Spaces collapsed before the count.
        let spaced = format!("{}     {}", "a".repeat(20), "b".repeat(19));
        assert_eq!(clean(&spaced).unwrap().unwrap().chars().count(), 40);
    }

    #[test]
    fn display_adds_the_short_id() {
        assert_eq!(display(Some("Ana"), "3f2a9c00"), "Ana #3f2a");
        assert_eq!(display(None, "0b1c2d3e"), "Anonymous #0b1c");
    }
}
