//! PDN reading never panics. The first byte chooses the default variant
//! (`byte % 12`: an index into `VariantKind::ALL`, or no default for 11); the
//! rest, read as UTF-8 (lossily), is given to `read_games`. Every error's game
//! index must be its 1-based position in the results, `read_games` must return
//! one result per game of `parse_pdn`, and an accepted game must have the
//! variant its `GameType` tag or the default names.
#![no_main]

use draughts::pdn::{parse_pdn, read_games};
use draughts::VariantKind;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let default = VariantKind::ALL
        .get(first as usize % (VariantKind::ALL.len() + 1))
        .copied();
    let text = String::from_utf8_lossy(rest);
    let games = read_games(&text, default);
    let parsed = parse_pdn(&text);
    assert_eq!(
        games.len(),
        parsed.len(),
        "read_games and parse_pdn disagree on the game count"
    );
    for (i, (game, record)) in games.iter().zip(&parsed).enumerate() {
        match (game, record) {
            (Err(e), _) => {
                assert!(
                    (1..=games.len()).contains(&e.game),
                    "error game index {} out of 1..={}",
                    e.game,
                    games.len()
                );
                assert_eq!(e.game, i + 1, "error at position {i}: {e}");
            }
            (Ok(g), Ok(record)) => {
                assert_eq!(Ok(g.kind()), record.variant(default));
                assert!(g.moves_text().len() <= record.moves.len());
            }
            (Ok(_), Err(e)) => panic!("read_games accepted a game parse_pdn rejected: {e}"),
        }
    }
});
