//! A PDN game record as written: tags, main-line moves and result.

use core::fmt;

use super::{builtin, escape, PdnErrorKind, CUSTOM_VARIANT};
use crate::core::variant::{Variant, VariantKind};

/// One move of a PDN game's main line, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PdnMove {
    /// The move number written before it (the last one seen), if any.
    pub number: Option<u32>,
    /// The move text without strength marks (`32-28`, `28x19`, `ed4`).
    pub text: String,
    /// Numeric annotation glyphs (`$3` is 3).
    pub nags: Vec<u16>,
    /// Comments `{...}` that follow the move.
    pub comments: Vec<String>,
}

/// A game record as read: tag pairs, main-line moves and result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PdnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The main line.
    pub moves: Vec<PdnMove>,
    /// The result token that ended the game (`1-0`, `2-0`, `*`...), if any.
    pub result: Option<String>,
    /// Line (1-based) where the game starts in the text.
    pub line: usize,
}

impl PdnGame {
    /// The value of the first tag called `name` (case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The number of the `GameType` tag (`20` in `20,W,10,10,N2,0`).
    pub fn game_type(&self) -> Option<Result<u8, String>> {
        let v = self.tag("GameType")?;
        let number = v.split(',').next().unwrap_or("").trim();
        Some(number.parse::<u8>().map_err(|_| v.to_string()))
    }

    /// The variant: from a `Variant` tag naming a built-in variant (as
    /// lidraughts and Scan name them: `Frisian`, `Frysk!`, `Antidraughts`,
    /// `Breakthrough`, `Killer`, ...), else from `GameType`, else `default`.
    /// A `Variant` tag that names no built-in variant (some sites write
    /// free text there) is not read.
    ///
    /// ```
    /// use draughts::{pdn::parse_pdn, VariantKind};
    /// let games = parse_pdn("[GameType \"20\"]\n[Variant \"Killer\"]\n1. 32-28 *\n\n[GameType \"97\"]\n1. 46-41 *");
    /// assert_eq!(games[0].as_ref().unwrap().variant(None), Ok(VariantKind::Killer));
    /// assert_eq!(games[1].as_ref().unwrap().variant(None), Ok(VariantKind::Frysk));
    /// ```
    ///
    /// # Errors
    /// [`PdnErrorKind::CustomVariant`] when a `CustomVariant` tag says the
    /// record follows house rules (written by [`write_pdn`](super::write_pdn) for variants that
    /// are not built in): replay it with [`replay_as`](super::replay_as) and that variant's
    /// type. [`PdnErrorKind::UnsupportedGameType`], [`PdnErrorKind::NoVariant`].
    pub fn variant(&self, default: Option<VariantKind>) -> Result<VariantKind, PdnErrorKind> {
        if let Some(name) = self.tag(CUSTOM_VARIANT) {
            return Err(PdnErrorKind::CustomVariant(name.trim().to_string()));
        }
        if let Some(kind) = self
            .tag("Variant")
            .and_then(|v| v.parse::<VariantKind>().ok())
        {
            return Ok(kind);
        }
        match self.game_type() {
            Some(Ok(n)) => VariantKind::from_game_type(n)
                .ok_or(PdnErrorKind::UnsupportedGameType(n.to_string())),
            Some(Err(text)) => Err(PdnErrorKind::UnsupportedGameType(text)),
            None => default.ok_or(PdnErrorKind::NoVariant),
        }
    }

    /// Checks that the record is of variant `V`: its `CustomVariant` tag, if
    /// any, is `V::NAME`, and its `GameType` number, if any, is `V`'s.
    pub fn check_variant<V: Variant>(&self) -> Result<(), PdnErrorKind> {
        self.check_variant_of(V::RULES.game_type.number, V::NAME, builtin::<V>())
    }

    /// [`PdnGame::check_variant`] for the variant with GameType `number`,
    /// name `name`, playing as built-in variant `own`.
    fn check_variant_of(
        &self,
        number: u8,
        name: &str,
        own: Option<VariantKind>,
    ) -> Result<(), PdnErrorKind> {
        let mismatch = |record: String| PdnErrorKind::VariantMismatch {
            record,
            expected: name.to_string(),
        };
        if let Some(tag) = self.tag(CUSTOM_VARIANT).map(str::trim) {
            if !tag.eq_ignore_ascii_case(name) {
                return Err(mismatch(tag.to_string()));
            }
        }
        if let (Some(own), Some(named)) = (
            own,
            self.tag("Variant")
                .and_then(|v| v.parse::<VariantKind>().ok()),
        ) {
            if own != named {
                return Err(mismatch(named.name().to_string()));
            }
        }
        match self.game_type() {
            Some(Ok(n)) if n != number => Err(mismatch(format!("GameType {n}"))),
            Some(Err(text)) => Err(PdnErrorKind::UnsupportedGameType(text)),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for PdnGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, v) in &self.tags {
            writeln!(f, "[{n} \"{}\"]", escape(v))?;
        }
        let moves: Vec<&str> = self.moves.iter().map(|m| m.text.as_str()).collect();
        write!(
            f,
            "\n{} {}",
            moves.join(" "),
            self.result.as_deref().unwrap_or("*")
        )
    }
}
