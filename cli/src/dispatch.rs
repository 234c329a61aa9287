//! `dispatch!(kind, f(args))`: calls the generic `f::<V>(args)` for the
//! built-in variant `kind` (the engine subcommands are generic over `Variant`).

macro_rules! dispatch {
    ($kind:expr, $f:ident ( $($a:expr),* $(,)? )) => {
        match $kind {
            draughts::VariantKind::English => $f::<draughts::English>($($a),*),
            draughts::VariantKind::Italian => $f::<draughts::Italian>($($a),*),
            draughts::VariantKind::Spanish => $f::<draughts::Spanish>($($a),*),
            draughts::VariantKind::Russian => $f::<draughts::Russian>($($a),*),
            draughts::VariantKind::Brazilian => $f::<draughts::Brazilian>($($a),*),
            draughts::VariantKind::Pool => $f::<draughts::Pool>($($a),*),
            draughts::VariantKind::Czech => $f::<draughts::Czech>($($a),*),
            draughts::VariantKind::Thai => $f::<draughts::Thai>($($a),*),
            draughts::VariantKind::International => $f::<draughts::International>($($a),*),
            draughts::VariantKind::Canadian => $f::<draughts::Canadian>($($a),*),
            draughts::VariantKind::Turkish => $f::<draughts::Turkish>($($a),*),
            draughts::VariantKind::Frisian => $f::<draughts::Frisian>($($a),*),
            draughts::VariantKind::Frysk => $f::<draughts::Frysk>($($a),*),
            draughts::VariantKind::Antidraughts => $f::<draughts::Antidraughts>($($a),*),
            draughts::VariantKind::Breakthrough => $f::<draughts::Breakthrough>($($a),*),
            draughts::VariantKind::Killer => $f::<draughts::Killer>($($a),*),
        }
    };
}
