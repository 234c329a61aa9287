use super::*;
use crate::variant::Rules;
use crate::{
    Antidraughts, Board8x8, Breakthrough, English, Frisian, Frysk, International, Killer, Russian,
    Turkish,
};

fn score<V: Variant>(fen: &str) -> i32 {
    let pos = Position::<V>::from_fen(fen).unwrap();
    Evaluator::<V>::new(Color::White).evaluate(&pos)
}

/// Only the side to move differs; its value is the negation.
fn balanced<V: Variant>() {
    let ev = Evaluator::<V>::new(Color::White);
    let pos = Position::<V>::start();
    let s = ev.evaluate(&pos);
    assert_eq!(ev.evaluate(&pos.flipped()), s, "{}", V::NAME);
}

macro_rules! custom {
    ($name:ident, $board:ty, $base:ty, { $($field:ident: $value:expr),* }) => {
        #[derive(Clone, Copy, Debug, Default)]
        struct $name;
        impl Variant for $name {
            type Board = $board;
            const NAME: &'static str = stringify!($name);
            const RULES: Rules = Rules { $($field: $value,)* ..<$base>::RULES };
        }
    };
}

#[test]
fn start_positions_are_balanced() {
    balanced::<English>();
    balanced::<International>();
    balanced::<Turkish>();
    balanced::<Frisian>();
    balanced::<Frysk>();
    balanced::<Antidraughts>();
    balanced::<Breakthrough>();
    balanced::<Killer>();
}

#[test]
fn an_extra_man_is_worth_about_a_man() {
    let s = score::<International>("W:W31,32,33:B18,19");
    assert!((60..200).contains(&s), "{s}");
}

#[test]
fn frisian_family_is_chosen_by_orthogonal_captures() {
    custom!(RussianOrthogonal, Board8x8, Russian, { orthogonal_captures: true });
    assert_eq!(Family::of::<Frisian>(), Family::Frisian);
    assert_eq!(Family::of::<Frysk>(), Family::Frisian);
    assert_eq!(Family::of::<RussianOrthogonal>(), Family::Frisian);
    assert_eq!(Family::of::<International>(), Family::Board10x10);
}

#[test]
fn frisian_king_is_worth_more_than_in_international() {
    // The same position with White's piece on 28 a man, then a king.
    let man = "W:W28,31,32:B18,19,20";
    let king = "W:WK28,31,32:B18,19,20";
    let frisian = score::<Frisian>(king) - score::<Frisian>(man);
    let international = score::<International>(king) - score::<International>(man);
    assert!(frisian >= 250, "{frisian}");
    assert!(frisian > international + 50, "{frisian} {international}");
}

#[test]
fn antidraughts_family_is_chosen_by_the_win_rule() {
    custom!(EnglishLosing, Board8x8, English, { win: WinCondition::NoMoveWins });
    assert_eq!(Family::of::<Antidraughts>(), Family::Antidraughts);
    assert_eq!(Family::of::<EnglishLosing>(), Family::Antidraughts);
}

#[test]
fn antidraughts_fewer_pieces_score_higher() {
    // The same position without White's man on 46.
    let all = score::<Antidraughts>("W:W32,33,34,46:B17,18,19,20");
    let fewer = score::<Antidraughts>("W:W32,33,34:B17,18,19,20");
    assert!(fewer > all + 50, "{fewer} {all}");
    // And a king is a bigger liability than a man.
    let man = score::<Antidraughts>("W:W28,32:B17,18");
    let king = score::<Antidraughts>("W:WK28,32:B17,18");
    assert!(man > king + 100, "{man} {king}");
}

#[test]
fn breakthrough_family_is_chosen_by_the_win_rule() {
    custom!(RussianBreakthrough, Board8x8, Russian, { win: WinCondition::FirstKingWins });
    assert_eq!(Family::of::<Breakthrough>(), Family::Breakthrough);
    assert_eq!(Family::of::<RussianBreakthrough>(), Family::Breakthrough);
}

#[test]
fn breakthrough_runner_scores_far_more_than_a_back_man() {
    // White's man one step from crowning with its road free, then the
    // same man back on its own side of the board.
    let runner = score::<Breakthrough>("W:W7,48:B26,27");
    let back = score::<Breakthrough>("W:W42,48:B26,27");
    assert!(runner > back + 300, "{runner} {back}");
    // In International it is only a runaway.
    let intl = score::<International>("W:W7,48:B26,27") - score::<International>("W:W42,48:B26,27");
    assert!(runner - back > intl + 150, "{} {intl}", runner - back);
}

#[test]
fn breakthrough_race_goes_to_the_closer_runner() {
    // Each side has a free runner; White's is closer, so White wins the
    // race whoever moves.
    for turn in ["W", "B"] {
        let s = score::<Breakthrough>(&format!("{turn}:W12:B29"));
        let white = if turn == "W" { s } else { -s };
        assert!(white > 100, "{turn}: {s}");
    }
}

#[test]
fn killer_family_is_chosen_by_the_landing_rule() {
    custom!(RussianKiller, Board8x8, Russian, { king_landing: KingLanding::HaltBehindKing });
    assert_eq!(Family::of::<Killer>(), Family::Killer);
    assert_eq!(Family::of::<RussianKiller>(), Family::Killer);
}

#[test]
fn killer_king_endings_are_not_drawish() {
    // Three kings against one: International scales it down (a lone king
    // often holds), Killer does not (the king that takes the last king is
    // taken back).
    let fen = "W:WK1,K2,K3:BK50";
    let killer = score::<Killer>(fen);
    let international = score::<International>(fen);
    assert!(killer > 600, "{killer}");
    assert!(killer > 4 * international, "{killer} {international}");
}

#[test]
fn a_lopsided_formation_costs_its_balance_weight() {
    // 37 and 38 are both left of the middle (columns c and e), 37 and 39
    // one on each side (c and g); both pairs are central, on the same row,
    // with four free steps.
    let lopsided = score::<International>("W:W37,38:B3");
    let spread = score::<International>("W:W37,39:B3");
    let balance = Family::of::<International>().weights().balance;
    assert!(balance > 0);
    assert_eq!(spread - lopsided, 2 * balance);
    // Russian's weights leave it out (measured weaker there).
    assert_eq!(Family::of::<Russian>().weights().balance, 0);
}

/// Russian, three kings against one: the lone king on h2 can stop on g1,
/// g3, f4, e5, d6, c7 and b8; g3 (e1's line), f4 (c1's) and e5 (a1's, the
/// main road) are on a hunter's line, which leaves it four squares of room.
/// The term is the hunters' plan: counted when the search plays for them.
#[test]
fn a_lone_kings_room_counts_for_its_side_by_the_weight() {
    let weight = FLYING_KINGS_8X8.lone_king_room;
    assert!(weight > 0);
    let hunters = Evaluator::<Russian>::new(Color::White);
    let mut plain = Evaluator::<Russian>::new(Color::White);
    plain.w.lone_king_room = 0;
    let score = |ev: &Evaluator<Russian>, fen: &str| {
        ev.evaluate(&Position::<Russian>::from_fen(fen).unwrap())
    };
    let (white, black) = ("W:WKa1,Kc1,Ke1:BKh2", "B:WKa1,Kc1,Ke1:BKh2");
    assert_eq!(score(&hunters, white), score(&plain, white) - 4 * weight);
    assert_eq!(score(&hunters, black), score(&plain, black) + 4 * weight);
    // Not for a search that plays for the lone king, nor once it has company.
    let lone = Evaluator::<Russian>::new(Color::Black);
    assert_eq!(score(&lone, black), score(&plain, black));
    let company = "W:WKa1,Kc1,Ke1:BKh2,a7";
    assert_eq!(score(&hunters, company), score(&plain, company));
}
