//! What one seat of a 暗棋 game knows of the enemy's pieces, built only from what that seat
//! is shown: its own views and the referee's public verdicts. For every enemy piece, alive or
//! removed, it keeps the kinds the piece can still be (from its deployment post, its moves,
//! its battles against our known pieces and what the referee showed), and it deals the
//! enemy's army over those pieces, consistent with the constraints and the counts of each
//! kind, for the search to play on (a determinisation).

use rand::Rng;

use crate::game::attack::resolve_under;
use crate::game::deal::below;
use crate::game::geometry::reach;
use crate::game::{
    Action, AttackResult, Board, Cell, Colour, Kind, Piece, SQUARES, Square, SquareSet,
    StandardOptions,
};
use crate::standard::{Post, Removed, StandardView, Verdict, ViewCell, check_placement};

/// A set of kinds, one bit per [`Kind::index`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Kinds(u16);

impl Kinds {
    pub const ALL: Kinds = Kinds((1 << 12) - 1);

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

    fn keep(self, wanted: impl Fn(Kind) -> bool) -> Kinds {
        Kinds(
            Kind::ALL
                .into_iter()
                .filter(|kind| self.contains(*kind) && wanted(*kind))
                .fold(0, |bits, kind| bits | 1 << kind.index()),
        )
    }
}

/// One enemy piece: what it can be, and whether it is still on the board.
#[derive(Clone, Copy, Debug)]
struct Token {
    kinds: Kinds,
    alive: bool,
}

/// One seat's knowledge of a standard game.
#[derive(Clone, Debug)]
pub struct Belief {
    me: Colour,
    options: StandardOptions,
    view: StandardView,
    tokens: Vec<Token>,
    /// The token standing on each square.
    on: [Option<u8>; SQUARES],
}

impl Belief {
    /// What `me` knows at the start from its first view: each enemy piece can be whatever its
    /// deployment post allows.
    pub fn new(me: Colour, view: &StandardView, options: StandardOptions) -> Belief {
        let enemy = me.other();
        let mut belief = Belief {
            me,
            options,
            view: view.clone(),
            tokens: Vec::with_capacity(25),
            on: [None; SQUARES],
        };
        for square in Square::all() {
            let kinds = match view.cell(square) {
                ViewCell::Unshown(colour) if colour == enemy => Post::of_square(enemy, square)
                    .map_or(Kinds::ALL, |post| {
                        Kinds::ALL.keep(|kind| check_placement(post, kind).is_ok())
                    }),
                ViewCell::Shown(piece) if piece.colour == enemy => Kinds::only(piece.kind),
                _ => continue,
            };
            belief.on[square.index()] = Some(belief.tokens.len() as u8);
            belief.tokens.push(Token { kinds, alive: true });
        }
        belief.pin_shown();
        belief
    }

    pub fn me(&self) -> Colour {
        self.me
    }

    pub fn options(&self) -> StandardOptions {
        self.options
    }

    /// The seat's latest view.
    pub fn view(&self) -> &StandardView {
        &self.view
    }

    /// The kinds the enemy piece on `square` can still be (`None`: no enemy piece there).
    pub fn kinds_on(&self, square: Square) -> Option<Kinds> {
        self.token_on(square).map(|token| self.tokens[token].kinds)
    }

    fn token_on(&self, square: Square) -> Option<usize> {
        self.on[square.index()].map(usize::from)
    }

    /// Learns from an action the referee judged `verdict`, after which the seat sees `after`.
    pub fn observe(&mut self, action: Action, verdict: Verdict, after: &StandardView) {
        let (from, to) = action.squares();
        let mover = self.view.turn;
        let enemy = self.me.other();
        let occupied =
            SquareSet::from_bits(Square::all().fold(
                0,
                |bits, square| match self.view.cell(square) {
                    ViewCell::Empty => bits,
                    _ => bits | 1 << square.index(),
                },
            ));
        if mover == enemy
            && let Some(token) = self.token_on(from)
        {
            let plain_reach = reach(occupied, from, false);
            let engineer = !plain_reach.contains(to);
            self.narrow(token, |kind| {
                kind.is_movable() && (!engineer || kind == Kind::Engineer)
            });
        }
        let flag_shown_before = self.enemy_flag_shown(&self.view);
        let mut removed_enemy = None;
        if let Verdict::Attacked(removed) = verdict {
            let result = match removed {
                Removed::Target => AttackResult::AttackerWins,
                Removed::Attacker => AttackResult::TargetHolds,
                Removed::Both => AttackResult::BothRemoved,
            };
            let rules = self.options.attack_rules();
            let judged = |attacker: Piece, target: Piece| {
                resolve_under(rules, attacker, target, 1).unwrap_or(AttackResult::BothRemoved)
                    == result
            };
            let (attacker_square, target_square) = (from, to);
            match (
                mover == enemy,
                self.known(attacker_square),
                self.known(target_square),
            ) {
                (true, _, Some(mine)) => {
                    if let Some(token) = self.token_on(attacker_square) {
                        self.narrow(token, |kind| judged(Piece::new(enemy, kind), mine));
                    }
                }
                (false, Some(mine), _) => {
                    if let Some(token) = self.token_on(target_square) {
                        self.narrow(token, |kind| judged(mine, Piece::new(enemy, kind)));
                    }
                }
                _ => {}
            }
            let enemy_square = if mover == enemy { from } else { to };
            let enemy_removed = match removed {
                Removed::Both => true,
                Removed::Target => mover != enemy,
                Removed::Attacker => mover == enemy,
            };
            if enemy_removed {
                removed_enemy = self.token_on(enemy_square);
            }
        }
        self.move_tokens(from, to, verdict);
        if let Some(token) = removed_enemy {
            self.tokens[token].alive = false;
        }
        self.view = after.clone();
        // The enemy's flag is shown when its field marshal is removed: the piece removed now.
        if !flag_shown_before
            && self.enemy_flag_shown(after)
            && let Some(token) = removed_enemy
        {
            self.narrow(token, |kind| kind == Kind::Marshal);
        }
        self.pin_shown();
    }

    /// Our own piece on `square` before the action, as the view showed it.
    fn known(&self, square: Square) -> Option<Piece> {
        match self.view.cell(square) {
            ViewCell::Shown(piece) if piece.colour == self.me => Some(piece),
            _ => None,
        }
    }

    fn enemy_flag_shown(&self, view: &StandardView) -> bool {
        let flag = Piece::new(self.me.other(), Kind::Flag);
        view.cells.contains(&ViewCell::Shown(flag))
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

    /// Pins every enemy piece the view shows (the flag after the marshal's death, a piece an
    /// engineer scouted, every piece in 明棋).
    fn pin_shown(&mut self) {
        let enemy = self.me.other();
        for square in Square::all() {
            if let ViewCell::Shown(piece) = self.view.cell(square)
                && piece.colour == enemy
                && let Some(token) = self.token_on(square)
            {
                self.narrow(token, |kind| kind == piece.kind);
            }
        }
    }

    /// A board as the seat sees it with every enemy piece given a kind: the enemy's army is
    /// dealt over its pieces (those removed too, which take their share of the counts), each
    /// piece only a kind it can be. Pieces with fewer possibilities are dealt first; a deal
    /// that runs out of kinds for a piece starts again, and after a few tries the counts give
    /// way to the piece's own constraints.
    pub fn sample(&self, rng: &mut impl Rng) -> Board {
        let kinds = self.deal(rng);
        let enemy = self.me.other();
        let mut board = Board::empty();
        for square in Square::all() {
            let cell = match (self.view.cell(square), self.token_on(square)) {
                (ViewCell::Empty, _) => Cell::Empty,
                (_, Some(token)) => Cell::Revealed(Piece::new(enemy, kinds[token])),
                (ViewCell::Shown(piece), None) => Cell::Revealed(piece),
                // An enemy piece the first view did not hold (a hand-built view): any movable
                // kind keeps the board's moves right.
                (ViewCell::Unshown(colour), None) => {
                    Cell::Revealed(Piece::new(colour, Kind::Lieutenant))
                }
            };
            board.set(square, cell);
        }
        board
    }

    fn deal(&self, rng: &mut impl Rng) -> Vec<Kind> {
        const TRIES: usize = 20;
        let mut order: Vec<usize> = (0..self.tokens.len()).collect();
        for attempt in 0..=TRIES {
            for i in (1..order.len()).rev() {
                order.swap(i, below(rng, i as u32 + 1) as usize);
            }
            order.sort_by_key(|token| self.tokens[*token].kinds.len());
            let mut left: [u8; 12] = Kind::ALL.map(Kind::count);
            let mut dealt = vec![Kind::Lieutenant; self.tokens.len()];
            let strict = attempt < TRIES;
            let mut complete = true;
            for &token in &order {
                let possible = self.tokens[token].kinds;
                let weight = |kind: Kind| {
                    let count = u32::from(left[kind.index()]);
                    match (possible.contains(kind), strict) {
                        (false, _) => 0,
                        (true, true) => count,
                        (true, false) => count.max(1),
                    }
                };
                let total: u32 = Kind::ALL.into_iter().map(weight).sum();
                if total == 0 {
                    complete = false;
                    break;
                }
                let mut pick = below(rng, total);
                let kind = Kind::ALL
                    .into_iter()
                    .find(|kind| {
                        let w = weight(*kind);
                        if pick < w {
                            true
                        } else {
                            pick -= w;
                            false
                        }
                    })
                    .unwrap_or(Kind::Lieutenant);
                left[kind.index()] = left[kind.index()].saturating_sub(1);
                dealt[token] = kind;
            }
            if complete {
                return dealt;
            }
        }
        self.tokens.iter().map(|_| Kind::Lieutenant).collect()
    }
}
