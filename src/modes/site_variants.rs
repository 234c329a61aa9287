//! The house-rule variants' definitions (re-exported by
//! [`house_rules`](crate::house_rules), whose names and `visit` come from the
//! [`Mode`](crate::Mode) registry that lists these types).

use crate::core::draws::{CountRule, DrawRules, Limit, Trigger};
use crate::core::geometry::Board8x8;
use crate::core::variant::{
    Brazilian, English, Italian, KingLanding, Precedence, Removal, Rules, Russian, Spanish, Thai,
    Variant,
};

/// The seed site's draw rules (seed 000, "Fin de la partida y tablas", valid in
/// all six of its modes): 20 consecutive plies, both players' moves counted,
/// in which only kings moved and nothing was captured; the same position with
/// the same side to move for the third time. Agreement is declared by the
/// frontend. The site ends the game itself: both rules are automatic.
pub const SITE_DRAWS: DrawRules = DrawRules {
    repetition: Some(3),
    repetition_trigger: Trigger::Automatic,
    counts: &[CountRule::king_moves(Limit::Plies(20))],
};

/// Seed 000, Spanish: "ley de la mayoría ... Una dama cuenta como una ficha ...
/// Si dos capturas se llevan la misma cantidad de fichas, puedes elegir
/// cualquiera": most pieces only, ties free (official: then most kings).
#[derive(Clone, Copy, Debug, Default)]
pub struct SiteSpanish;
impl Variant for SiteSpanish {
    type Board = Board8x8;
    const NAME: &'static str = "spanish-site";
    const RULES: Rules = Rules {
        precedence: &[Precedence::MostPieces],
        draws: SITE_DRAWS,
        ..Spanish::RULES
    };
}

/// Seed 000, Italian: most pieces, then most kings, then the capture made by
/// the king (official FID order: most pieces > with a king > most kings >
/// kings captured earliest). Men still may not capture kings.
#[derive(Clone, Copy, Debug, Default)]
pub struct SiteItalian;
impl Variant for SiteItalian {
    type Board = Board8x8;
    const NAME: &'static str = "italian-site";
    const RULES: Rules = Rules {
        precedence: &[
            Precedence::MostPieces,
            Precedence::MostKings,
            Precedence::WithKing,
        ],
        draws: SITE_DRAWS,
        ..Italian::RULES
    };
}

/// Seed 000, Thai: 8 men in two rows, men capture forward only, the flying king
/// "puede caer en cualquier casilla libre después de la ficha capturada", and
/// captured pieces leave the board at the end of the move (official Thai:
/// directly behind each captured piece, removed immediately).
#[derive(Clone, Copy, Debug, Default)]
pub struct SiteThai;
impl Variant for SiteThai {
    type Board = Board8x8;
    const NAME: &'static str = "thai-site";
    const RULES: Rules = Rules {
        king_landing: KingLanding::Beyond,
        removal: Removal::EndOfMove,
        draws: SITE_DRAWS,
        ..Thai::RULES
    };
}

/// Seed 000, English: the official rules with the site's draws (official WCDF:
/// 40 moves each without capture or man move, no king-move rule).
#[derive(Clone, Copy, Debug, Default)]
pub struct SiteEnglish;
impl Variant for SiteEnglish {
    type Board = Board8x8;
    const NAME: &'static str = "english-site";
    const RULES: Rules = Rules {
        draws: SITE_DRAWS,
        ..English::RULES
    };
}

/// Seed 000, Russian: the official rules with the site's draws (official
/// FMJD-64: 15 moves each of king moves, plus the end-game rules).
#[derive(Clone, Copy, Debug, Default)]
pub struct SiteRussian;
impl Variant for SiteRussian {
    type Board = Board8x8;
    const NAME: &'static str = "russian-site";
    const RULES: Rules = Rules {
        draws: SITE_DRAWS,
        ..Russian::RULES
    };
}

/// Seed 000/002, Brazilian: the official rules with the site's draws (20
/// king plies). The official preset follows the CBD text: 20 moves each (40
/// plies).
#[derive(Clone, Copy, Debug, Default)]
pub struct SiteBrazilian;
impl Variant for SiteBrazilian {
    type Board = Board8x8;
    const NAME: &'static str = "brazilian-site";
    const RULES: Rules = Rules {
        draws: SITE_DRAWS,
        ..Brazilian::RULES
    };
}

/// Seed 001, English: draw when each side has made 50 moves (100 plies)
/// without a capture or a man advancing, or on threefold repetition.
#[derive(Clone, Copy, Debug, Default)]
pub struct English50;
impl Variant for English50 {
    type Board = Board8x8;
    const NAME: &'static str = "english-50-moves";
    const RULES: Rules = Rules {
        draws: DrawRules {
            repetition_trigger: Trigger::Automatic,
            counts: &[CountRule::no_progress(Limit::MovesEach(50))],
            ..English::RULES.draws
        },
        ..English::RULES
    };
}

/// Seed 003, English: free choice among captures ("no es obligatorio tomar el
/// mayor número de fichas"), draw after 40 moves each (80 plies) without
/// capture or man move, or on threefold repetition. These are the WCDF rules
/// of the built-in preset, spelled out.
#[derive(Clone, Copy, Debug, Default)]
pub struct English40;
impl Variant for English40 {
    type Board = Board8x8;
    const NAME: &'static str = "english-40-moves";
    const RULES: Rules = Rules {
        precedence: &[],
        draws: DrawRules {
            repetition: Some(3),
            repetition_trigger: Trigger::Claim,
            counts: &[CountRule::no_progress(Limit::MovesEach(40)).with_trigger(Trigger::Claim)],
        },
        ..English::RULES
    };
}
