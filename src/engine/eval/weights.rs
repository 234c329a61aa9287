//! The weight sets of the families, in hundredths of a man.

/// Evaluation weights of a family, in hundredths of a man.
///
/// A negative value makes a term a liability: Antidraughts counts its
/// pieces and their free steps against their side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Weights {
    /// A man.
    pub man: i32,
    /// A king.
    pub king: i32,
    /// Advancement (tempo): bonus of a man by its row counted from its own
    /// back row (index 0); rows beyond the table get its last entry.
    pub advance: [i32; 12],
    /// A man on one of the central columns.
    pub center: i32,
    /// A king on a central square (away from the edges).
    pub king_center: i32,
    /// A man left on its own back row, while the opponent has no king (the
    /// guard that keeps the opponent from crowning).
    pub back_row: i32,
    /// A man one step from crowning with a free crowning square (runaway).
    pub runaway: i32,
    /// Each free forward step of a man (mobility).
    pub mobility: i32,
    /// Trading down when ahead: `material * trade / (100 * pieces + 400)`
    /// is added, so the same lead counts more with fewer pieces on the board.
    pub trade: i32,
    /// Each man of difference between the board's left and right halves
    /// (a lopsided formation, whose short wing runs out of moves) costs this.
    pub balance: i32,
    /// Where kings fly: each square a lone king (a side's last piece) can
    /// move to off the lines of the other side's kings counts this much for
    /// the lone king, so the side ahead hems it in and takes it before a
    /// count rule draws (Russian's three kings against one, 15 moves).
    /// 0 turns the term off (short kings, and the families where a lone
    /// king is not hunted so).
    pub lone_king_room: i32,
}

/// English, Italian: fitted to game results (Texel's method, `fit.rs`):
/// the 9,377 English games of the ACF transcript file and 80 games of `hard`'s 1 s
/// matches, 317,339 quiet positions, mean squared error 0.1010 -> 0.0967
/// from the hand-set weights before. A king is worth about 1.3 men; a man
/// is worth most at home: advancing one costs a little (the men behind it
/// are left thin), until it can run to the crowning row.
pub const SHORT_KINGS_8X8: Weights = Weights {
    man: 100,
    king: 134,
    advance: [0, 5, -8, -10, -10, -13, -33, 0, 0, 0, 0, 0],
    center: 9,
    king_center: 30,
    back_row: 16,
    runaway: 64,
    mobility: 2,
    trade: 124,
    balance: 4,
    lone_king_room: 0,
};

/// Flying kings on 8x8: a king is worth about two and a half men.
pub const FLYING_KINGS_8X8: Weights = Weights {
    man: 100,
    king: 250,
    advance: [0, 2, 4, 7, 10, 15, 25, 0, 0, 0, 0, 0],
    center: 4,
    king_center: 4,
    back_row: 8,
    runaway: 50,
    mobility: 2,
    trade: 100,
    balance: 0,
    lone_king_room: 20,
};

/// International: a king is worth about three men.
pub const BOARD_10X10: Weights = Weights {
    man: 100,
    king: 300,
    advance: [0, 1, 2, 4, 6, 8, 11, 15, 22, 0, 0, 0],
    center: 3,
    king_center: 4,
    back_row: 5,
    runaway: 60,
    mobility: 1,
    trade: 150,
    balance: 3,
    lone_king_room: 20,
};

/// Canadian: as International on a larger board.
pub const BOARD_12X12: Weights = Weights {
    man: 100,
    king: 300,
    advance: [0, 1, 2, 3, 4, 6, 8, 10, 13, 17, 24, 0],
    center: 3,
    king_center: 4,
    back_row: 4,
    runaway: 60,
    mobility: 1,
    trade: 150,
    balance: 0,
    lone_king_room: 0,
};

/// Turkish: rook-like flying kings are very strong (a Turkish players'
/// guide values a king at five men; 4.5 here); men start on rows 1-2.
pub const ORTHOGONAL: Weights = Weights {
    man: 100,
    king: 450,
    advance: [0, 0, 2, 5, 9, 14, 22, 0, 0, 0, 0, 0],
    center: 3,
    king_center: 3,
    back_row: 0,
    runaway: 60,
    mobility: 1,
    trade: 100,
    balance: 3,
    lone_king_room: 0,
};

/// Frisian, Frysk!: a king captures in eight directions and is worth far
/// more than in International (four men here); a man is worth less next to
/// it, so the road to the crowning row (advancement near it, a runaway, the
/// back row that bars the opponent's) counts more, and so do free steps
/// (measured: most in Frysk!, whose few men must find their way).
pub const FRISIAN: Weights = Weights {
    man: 100,
    king: 400,
    advance: [0, 1, 2, 4, 6, 9, 13, 19, 30, 0, 0, 0],
    center: 3,
    king_center: 6,
    back_row: 8,
    runaway: 120,
    mobility: 3,
    trade: 150,
    balance: 3,
    lone_king_room: 0,
};

/// Antidraughts: every piece is a liability (a king three times a man's,
/// hard to give away and never blocked), and so are the crowning run, the
/// centre and the back row. But a free step counts *for* its side (the
/// choice of which piece to give away, and of not being forced into a bad
/// sacrifice), and men going forward meet the opponent's, which must take
/// them. Measured against the sign flip of International's weights (see
/// the CHANGELOG): the positive mobility is worth the most.
pub const ANTIDRAUGHTS: Weights = Weights {
    man: -100,
    king: -300,
    advance: [0, 1, 2, 3, 4, 5, 6, 6, 4, 0, 0, 0],
    center: -3,
    king_center: -4,
    back_row: -5,
    runaway: -60,
    mobility: 3,
    trade: 150,
    balance: 0,
    lone_king_room: 0,
};

/// Breakthrough: a race to the crowning row (the first king wins, so
/// there is no king in play). Advancement rises steeply, a runaway man is
/// close to a win, and the back row that bars the opponent's men counts
/// whatever happens; the race terms are in `race.rs`, beside this file.
pub const BREAKTHROUGH: Weights = Weights {
    man: 100,
    king: 1000,
    advance: [0, 2, 4, 7, 11, 16, 24, 36, 60, 0, 0, 0],
    center: 2,
    king_center: 0,
    back_row: 20,
    runaway: 200,
    mobility: 4,
    trade: 60,
    balance: 0,
    lone_king_room: 0,
};

/// Killer: a king that takes a king must stop right behind it, so a king
/// ending is won by the side with more kings (no lone king holds), a king
/// counts for more than in International and a lead is worth trading down
/// more. Advancement and free steps count for more: the game is decided
/// more often, and it goes to the side with room to play.
pub const KILLER: Weights = Weights {
    man: 100,
    king: 350,
    advance: [0, 2, 4, 7, 10, 13, 17, 22, 30, 0, 0, 0],
    center: 3,
    king_center: 4,
    back_row: 5,
    runaway: 70,
    mobility: 3,
    trade: 200,
    balance: 0,
    lone_king_room: 0,
};
