//! What one viewer of a 暗棋 game knows of the pieces it was not shown, built only from what
//! that viewer is shown: its own views and the referee's public verdicts. A seat tracks the
//! enemy's pieces; a spectator (the post-game analysis) tracks both armies, since it was shown
//! neither. For every tracked piece, alive or removed, it keeps the kinds the piece can still
//! be (from its deployment post, its moves, its battles and what the referee showed), and,
//! for a battle whose two pieces it knew neither of, which kinds of the two go together
//! ([`pairs`]). It deals each tracked army over its pieces, consistent with the constraints
//! and the counts of each kind, for the search to play on (a determinisation).

use rand::Rng;

mod pairs;

use crate::game::attack::resolve_under;
use crate::game::deal::below;
use crate::game::geometry::reach;
use crate::game::{
    Action, AttackResult, Board, Cell, Colour, Kind, Piece, SQUARES, Square, SquareSet,
    StandardOptions,
};
use crate::standard::{Post, Removed, StandardView, Verdict, ViewCell, Viewer, check_placement};
use pairs::{Pair, Verdicts, settle};

/// A set of kinds, one bit per [`Kind::index`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Kinds(u16);

impl Kinds {
    pub const ALL: Kinds = Kinds((1 << 12) - 1);
    pub const NONE: Kinds = Kinds(0);

    pub fn only(kind: Kind) -> Kinds {
        Kinds(1 << kind.index())
    }

    pub fn contains(self, kind: Kind) -> bool {
        self.0 & (1 << kind.index()) != 0
    }

    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub(super) fn with(self, kind: Kind) -> Kinds {
        Kinds(self.0 | 1 << kind.index())
    }

    pub(super) fn without(self, kind: Kind) -> Kinds {
        Kinds(self.0 & !(1 << kind.index()))
    }

    pub(super) fn or(self, other: Kinds) -> Kinds {
        Kinds(self.0 | other.0)
    }

    pub(super) fn and(self, other: Kinds) -> Kinds {
        Kinds(self.0 & other.0)
    }

    /// The kinds in the set, in [`Kind::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = Kind> {
        Kind::ALL
            .into_iter()
            .filter(move |kind| self.contains(*kind))
    }

    pub(crate) fn keep(self, wanted: impl Fn(Kind) -> bool) -> Kinds {
        Kinds(
            Kind::ALL
                .into_iter()
                .filter(|kind| self.contains(*kind) && wanted(*kind))
                .fold(0, |bits, kind| bits | 1 << kind.index()),
        )
    }
}

/// One tracked piece: its colour, what it can be, and whether it is still on the board.
#[derive(Clone, Copy, Debug)]
struct Token {
    colour: Colour,
    kinds: Kinds,
    alive: bool,
}

/// One viewer's knowledge of a standard game.
#[derive(Clone, Debug)]
pub struct Belief {
    viewer: Viewer,
    options: StandardOptions,
    view: StandardView,
    tokens: Vec<Token>,
    /// The token standing on each square.
    on: [Option<u8>; SQUARES],
    /// The battles between two tracked pieces the viewer knew neither of.
    pairs: Vec<Pair>,
}

impl Belief {
    /// What `me` knows at the start from its first view: each enemy piece can be whatever its
    /// deployment post allows.
    pub fn new(me: Colour, view: &StandardView, options: StandardOptions) -> Belief {
        Belief::of_viewer(Viewer::Player(me), view, options)
    }

    /// What a spectator knows at the start from the public view: every piece of both armies
    /// can be whatever its deployment post allows (in 明棋 each is what it shows).
    pub fn spectator(view: &StandardView, options: StandardOptions) -> Belief {
        Belief::of_viewer(Viewer::Spectator, view, options)
    }

    fn of_viewer(viewer: Viewer, view: &StandardView, options: StandardOptions) -> Belief {
        let mut belief = Belief {
            viewer,
            options,
            view: view.clone(),
            tokens: Vec::with_capacity(50),
            on: [None; SQUARES],
            pairs: Vec::new(),
        };
        for square in Square::all() {
            let (colour, kinds) = match view.cell(square) {
                ViewCell::Unshown(colour) if belief.tracks(colour) => (
                    colour,
                    Post::of_square(colour, square).map_or(Kinds::ALL, |post| {
                        Kinds::ALL.keep(|kind| check_placement(post, kind).is_ok())
                    }),
                ),
                ViewCell::Shown(piece) if belief.tracks(piece.colour) => {
                    (piece.colour, Kinds::only(piece.kind))
                }
                _ => continue,
            };
            belief.on[square.index()] = Some(belief.tokens.len() as u8);
            belief.tokens.push(Token {
                colour,
                kinds,
                alive: true,
            });
        }
        belief.pin_shown();
        belief
    }

    /// The seat whose knowledge this is (`None`: a spectator's).
    pub fn me(&self) -> Option<Colour> {
        match self.viewer {
            Viewer::Player(colour) => Some(colour),
            Viewer::Spectator => None,
        }
    }

    /// Whether the pieces of `colour` are tracked: the enemy's for a seat, both for a
    /// spectator.
    fn tracks(&self, colour: Colour) -> bool {
        self.viewer != Viewer::Player(colour)
    }

    pub fn options(&self) -> StandardOptions {
        self.options
    }

    /// The viewer's latest view.
    pub fn view(&self) -> &StandardView {
        &self.view
    }

    /// The kinds the tracked piece on `square` can still be (`None`: no tracked piece there).
    pub fn kinds_on(&self, square: Square) -> Option<Kinds> {
        self.token_on(square).map(|token| self.tokens[token].kinds)
    }

    /// The token of the tracked piece on `square`.
    pub(super) fn token_on(&self, square: Square) -> Option<usize> {
        self.on[square.index()].map(usize::from)
    }

    /// The piece on `square` as far as the viewer knows it: its colour and the kinds it can be.
    fn possible(&self, square: Square) -> Option<(Colour, Kinds)> {
        match (self.view.cell(square), self.token_on(square)) {
            (ViewCell::Empty, _) => None,
            (_, Some(token)) => Some((self.tokens[token].colour, self.tokens[token].kinds)),
            (ViewCell::Shown(piece), None) => Some((piece.colour, Kinds::only(piece.kind))),
            (ViewCell::Unshown(colour), None) => Some((colour, Kinds::ALL)),
        }
    }

    /// The colour to act ran out of time: the turn passed, and the viewer now sees `after`.
    pub fn pass(&mut self, after: &StandardView) {
        self.view = after.clone();
    }

    /// Learns from an action the referee judged `verdict`, after which the viewer sees `after`.
    pub fn observe(&mut self, action: Action, verdict: Verdict, after: &StandardView) {
        let (from, to) = action.squares();
        if let Some(token) = self.token_on(from) {
            let occupied = SquareSet::from_bits(Square::all().fold(0, |bits, square| {
                match self.view.cell(square) {
                    ViewCell::Empty => bits,
                    _ => bits | 1 << square.index(),
                }
            }));
            let engineer = !reach(occupied, from, false).contains(to);
            self.narrow(token, |kind| {
                kind.is_movable() && (!engineer || kind == Kind::Engineer)
            });
        }
        let flags_shown_before = Colour::BOTH.map(|colour| flag_shown(&self.view, colour));
        let mut removed = [None; 2];
        if let Verdict::Attacked(gone) = verdict {
            self.judge(from, to, gone);
            let scouted = self.options.engineer_scouts
                && gone == Removed::Attacker
                && matches!(self.view.cell(to), ViewCell::Unshown(_))
                && matches!(after.cell(to), ViewCell::Shown(_));
            if scouted && let Some(token) = self.token_on(from) {
                // Only a rank piece that removed an attacking engineer is shown (§12).
                self.narrow(token, |kind| kind == Kind::Engineer);
            }
            if matches!(gone, Removed::Attacker | Removed::Both) {
                removed[0] = self.token_on(from);
            }
            if matches!(gone, Removed::Target | Removed::Both) {
                removed[1] = self.token_on(to);
            }
        }
        self.move_tokens(from, to, verdict);
        for token in removed.into_iter().flatten() {
            self.tokens[token].alive = false;
        }
        self.view = after.clone();
        // A side's flag is shown when its field marshal is removed: its piece removed now.
        for colour in Colour::BOTH {
            if flags_shown_before[colour.index()] || !flag_shown(after, colour) {
                continue;
            }
            for token in removed.into_iter().flatten() {
                if self.tokens[token].colour == colour {
                    self.narrow(token, |kind| kind == Kind::Marshal);
                }
            }
        }
        self.pin_shown();
        self.settle_pairs();
    }

    /// Narrows every token of a battle the viewer knew neither piece of to the kinds that
    /// still have a partner giving its verdict; a view that contradicts itself is ignored, as
    /// in [`Belief::narrow`].
    fn settle_pairs(&mut self) {
        if self.pairs.is_empty() {
            return;
        }
        let verdicts = Verdicts::of(self.options.attack_rules());
        let mut kinds: Vec<Kinds> = self.tokens.iter().map(|token| token.kinds).collect();
        if settle(&self.pairs, &verdicts, &mut kinds) {
            for (token, kinds) in self.tokens.iter_mut().zip(kinds) {
                token.kinds = kinds;
            }
        }
    }

    /// Narrows the attacker on `from` and the target on `to` to the kinds that give the
    /// verdict against some kind the other can be (the attacker first, against what the
    /// target can be; then the target, against what is left of the attacker).
    fn judge(&mut self, from: Square, to: Square, gone: Removed) {
        let result = match gone {
            Removed::Target => AttackResult::AttackerWins,
            Removed::Attacker => AttackResult::TargetHolds,
            Removed::Both => AttackResult::BothRemoved,
        };
        let rules = self.options.attack_rules();
        let judged = |attacker: Piece, target: Piece| {
            resolve_under(rules, attacker, target, 1).unwrap_or(AttackResult::BothRemoved) == result
        };
        let (Some((attacker_colour, _)), Some((target_colour, targets))) =
            (self.possible(from), self.possible(to))
        else {
            return;
        };
        let possible_of = |kinds: Kinds, colour: Colour| {
            Kind::ALL
                .into_iter()
                .filter(move |kind| kinds.contains(*kind))
                .map(move |kind| Piece::new(colour, kind))
        };
        if let Some(token) = self.token_on(from) {
            self.narrow(token, |kind| {
                let attacker = Piece::new(attacker_colour, kind);
                possible_of(targets, target_colour).any(|target| judged(attacker, target))
            });
        }
        let attackers = self.possible(from).map_or(Kinds::ALL, |(_, kinds)| kinds);
        if let Some(token) = self.token_on(to) {
            self.narrow(token, |kind| {
                let target = Piece::new(target_colour, kind);
                possible_of(attackers, attacker_colour).any(|attacker| judged(attacker, target))
            });
        }
        // Each piece narrowed on its own loses which kinds go together; a piece left with
        // one kind already pins the other to exactly what it can have met.
        if let (Some(attacker), Some(target)) = (self.token_on(from), self.token_on(to))
            && self.tokens[attacker].kinds.len() > 1
            && self.tokens[target].kinds.len() > 1
        {
            self.pairs.push(Pair {
                attacker,
                target,
                result,
            });
        }
    }

    fn move_tokens(&mut self, from: Square, to: Square, verdict: Verdict) {
        let moving = self.on[from.index()].take();
        match verdict {
            Verdict::Moved | Verdict::Attacked(Removed::Target) => self.on[to.index()] = moving,
            Verdict::Attacked(Removed::Both) => self.on[to.index()] = None,
            Verdict::Attacked(Removed::Attacker) => {}
        }
    }

    /// Keeps only the kinds `wanted` accepts; a constraint that would leave none (a view that
    /// contradicts itself) is ignored rather than leaving a piece that can be nothing.
    fn narrow(&mut self, token: usize, wanted: impl Fn(Kind) -> bool) {
        let narrowed = self.tokens[token].kinds.keep(wanted);
        if !narrowed.is_empty() {
            self.tokens[token].kinds = narrowed;
        }
    }

    /// Pins every tracked piece the view shows (the flag after the marshal's death, a piece an
    /// engineer scouted, every piece in 明棋).
    fn pin_shown(&mut self) {
        for square in Square::all() {
            if let ViewCell::Shown(piece) = self.view.cell(square)
                && let Some(token) = self.token_on(square)
            {
                self.narrow(token, |kind| kind == piece.kind);
            }
        }
    }

    /// A board as the viewer sees it with every tracked piece given a kind: each tracked army
    /// is dealt over its pieces (those removed too, which take their share of the counts), each
    /// piece only a kind it can be, and the two pieces of a battle the viewer knew neither of
    /// kinds that give its verdict. Pieces with fewer possibilities are dealt first; a deal
    /// that runs out of kinds for a piece starts again, and after a few tries the counts give
    /// way to the piece's own constraints.
    pub fn sample(&self, rng: &mut impl Rng) -> Board {
        let kinds = self.deal(rng);
        let mut board = Board::empty();
        for square in Square::all() {
            let cell = match (self.view.cell(square), self.token_on(square)) {
                (ViewCell::Empty, _) => Cell::Empty,
                (_, Some(token)) => {
                    Cell::Revealed(Piece::new(self.tokens[token].colour, kinds[token]))
                }
                (ViewCell::Shown(piece), None) => Cell::Revealed(piece),
                // A tracked piece the first view did not hold (a hand-built view): any movable
                // kind keeps the board's moves right.
                (ViewCell::Unshown(colour), None) => {
                    Cell::Revealed(Piece::new(colour, Kind::Lieutenant))
                }
            };
            board.set(square, cell);
        }
        board
    }

    /// The tokens of `colour`'s tracked pieces, alive or removed.
    pub(super) fn tokens_of(&self, colour: Colour) -> impl Iterator<Item = usize> + '_ {
        (0..self.tokens.len()).filter(move |token| self.tokens[*token].colour == colour)
    }

    /// A kind for every token (see [`Belief::sample`]): the battles of two unknown pieces
    /// first, as pairs, when there are any.
    pub(super) fn deal(&self, rng: &mut impl Rng) -> Vec<Kind> {
        if !self.pairs.is_empty()
            && let Some(dealt) = self.deal_pairs(rng)
        {
            return dealt;
        }
        let tokens: Vec<(usize, Kinds)> = self
            .tokens
            .iter()
            .map(|token| (token.colour.index(), token.kinds))
            .collect();
        deal_armies::<2>(rng, &tokens)
    }
}

/// A kind for every token `(army, kinds)`, each army holding the counts of one full army:
/// pieces with fewer possibilities dealt first; a deal that runs out of kinds for a piece
/// starts again, and after a few tries the counts give way to the pieces' own constraints.
/// (四国 deals its four armies with it too.)
pub(crate) fn deal_armies<const ARMIES: usize>(
    rng: &mut impl Rng,
    tokens: &[(usize, Kinds)],
) -> Vec<Kind> {
    const TRIES: usize = 20;
    let mut order: Vec<usize> = (0..tokens.len()).collect();
    for attempt in 0..=TRIES {
        for i in (1..order.len()).rev() {
            order.swap(i, below(rng, i as u32 + 1) as usize);
        }
        order.sort_by_key(|token| tokens[*token].1.len());
        let mut left: [[u8; 12]; ARMIES] = [Kind::ALL.map(Kind::count); ARMIES];
        let mut dealt = vec![Kind::Lieutenant; tokens.len()];
        let strict = attempt < TRIES;
        let mut complete = true;
        for &token in &order {
            let (army, possible) = tokens[token];
            let left = &mut left[army];
            let weight = |kind: Kind| {
                let count = u32::from(left[kind.index()]);
                match (possible.contains(kind), strict) {
                    (false, _) => 0,
                    (true, true) => count,
                    (true, false) => count.max(1),
                }
            };
            let Some(kind) = pick_weighted(rng, Kind::ALL.map(weight)) else {
                complete = false;
                break;
            };
            left[kind.index()] = left[kind.index()].saturating_sub(1);
            dealt[token] = kind;
        }
        if complete {
            return dealt;
        }
    }
    tokens.iter().map(|_| Kind::Lieutenant).collect()
}

/// A kind drawn with the chances `weights` gives each (by [`Kind::index`]); `None` when every
/// weight is zero.
fn pick_weighted(rng: &mut impl Rng, weights: [u32; 12]) -> Option<Kind> {
    let total: u32 = weights.iter().sum();
    if total == 0 {
        return None;
    }
    let mut pick = below(rng, total);
    Kind::ALL.into_iter().find(|kind| {
        let w = weights[kind.index()];
        if pick < w {
            true
        } else {
            pick -= w;
            false
        }
    })
}

/// Whether `view` shows `colour`'s flag (after its field marshal fell).
fn flag_shown(view: &StandardView, colour: Colour) -> bool {
    view.cells
        .contains(&ViewCell::Shown(Piece::new(colour, Kind::Flag)))
}
