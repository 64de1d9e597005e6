//! What one seat of a 四国 game knows of the pieces it was not shown, built only from what that
//! seat is shown: its own [`SiguoView`] under the table's view mode (its ally's pieces too with
//! `allies`, every piece with `open`, and what reconnaissance and a field marshal's death showed
//! its team) and the referee's public account of every action ([`SiguoObservation`]: the move,
//! which pieces the attack removed, who went out and why). For every other seat's piece, alive
//! or removed, it keeps the kinds the piece can still be, and it deals each seat's army over its
//! pieces, consistent with those kinds and the counts of each kind, for the search to play on.

use rand::Rng;

use crate::ai::standard::Kinds;
use crate::ai::standard::deal_armies;
use crate::game::{AttackResult, Kind};
use crate::siguo::geometry::{HEADQUARTERS, reach};
use crate::siguo::{
    OutReason, POSTS, PostSet, SiguoAction, SiguoJudgement, SiguoPiece, SiguoPosition, SiguoPost,
    SiguoRules, SiguoSeat, SiguoView, SiguoViewCell, attack_result,
};
use crate::standard::{Removed, Verdict, check_placement};

/// What everyone is told of an action: the move, the verdict (which pieces an attack removed)
/// and the seats that went out with their reasons, never the identities the referee compared.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SiguoObservation {
    pub action: SiguoAction,
    pub verdict: Verdict,
    pub out: Vec<(SiguoSeat, OutReason)>,
}

impl SiguoObservation {
    /// The public part of the referee's `judgement`.
    pub fn of(judgement: &SiguoJudgement) -> SiguoObservation {
        SiguoObservation {
            action: judgement.action,
            verdict: judgement.verdict,
            out: judgement.out.clone(),
        }
    }
}

/// One tracked piece: its seat, what it can be, and whether it is still on the board.
#[derive(Clone, Copy, Debug)]
struct Token {
    seat: SiguoSeat,
    kinds: Kinds,
    alive: bool,
}

/// One seat's knowledge of a 四国 game. Its `Debug` shows the kinds each tracked piece can be,
/// which is the seat's own knowledge and nothing the seat was not shown.
#[derive(Clone, Debug)]
pub struct SiguoBelief {
    me: SiguoSeat,
    rules: SiguoRules,
    view: SiguoView,
    tokens: Vec<Token>,
    /// The token standing on each post.
    on: [Option<u8>; POSTS],
}

impl SiguoBelief {
    /// What `me` knows at the start of a game from its first view: each piece it was not shown
    /// can be whatever its owner's deployment rules allow on its post; a shown one is what it
    /// shows.
    pub fn new(me: SiguoSeat, view: &SiguoView, rules: SiguoRules) -> SiguoBelief {
        let mut belief = SiguoBelief {
            me,
            rules,
            view: view.clone(),
            tokens: Vec::with_capacity(75),
            on: [None; POSTS],
        };
        for post in SiguoPost::all() {
            let (seat, kinds) = match view.cell(post) {
                SiguoViewCell::Unshown(seat) => (seat, deployable(seat, post)),
                SiguoViewCell::Shown(piece) if piece.seat != me => {
                    (piece.seat, Kinds::only(piece.kind))
                }
                _ => continue,
            };
            belief.on[post.index()] = Some(belief.tokens.len() as u8);
            belief.tokens.push(Token {
                seat,
                kinds,
                alive: true,
            });
        }
        belief
    }

    /// The seat whose knowledge this is.
    pub fn me(&self) -> SiguoSeat {
        self.me
    }

    /// The seat's latest view.
    pub fn view(&self) -> &SiguoView {
        &self.view
    }

    pub fn rules(&self) -> SiguoRules {
        self.rules
    }

    /// The kinds the tracked piece on `post` can still be (`None`: none of another seat there).
    pub fn kinds_on(&self, post: SiguoPost) -> Option<Kinds> {
        self.token_on(post).map(|token| self.tokens[token].kinds)
    }

    fn token_on(&self, post: SiguoPost) -> Option<usize> {
        self.on[post.index()].map(usize::from)
    }

    /// The piece on `post` as the seat knows it: its seat and the kinds it can be.
    fn possible(&self, post: SiguoPost) -> Option<(SiguoSeat, Kinds)> {
        match (self.view.cell(post), self.token_on(post)) {
            (SiguoViewCell::Empty, _) => None,
            (_, Some(token)) => Some((self.tokens[token].seat, self.tokens[token].kinds)),
            (SiguoViewCell::Shown(piece), None) => Some((piece.seat, Kinds::only(piece.kind))),
            (SiguoViewCell::Unshown(seat), None) => Some((seat, Kinds::ALL)),
        }
    }

    /// The turn passed without an action (a timeout): the seat now sees `after`.
    pub fn pass(&mut self, after: &SiguoView) {
        self.view = after.clone();
    }

    /// Learns from the public account of an action, after which the seat sees `after`.
    pub fn observe(&mut self, observation: &SiguoObservation, after: &SiguoView) {
        let SiguoAction { from, to } = observation.action;
        let before = self.view.clone();
        if let Some(token) = self.token_on(from) {
            // A move no slide or step makes was an engineer's railway path.
            let engineer = !reach(occupied(&before), from, false).contains(to);
            self.narrow(token, |kind| {
                kind.is_movable() && (!engineer || kind == Kind::Engineer)
            });
        }
        let flags_shown_before = SiguoSeat::ALL.map(|seat| flag_shown(&before, seat));
        let mut removed = [None; 2];
        if let Verdict::Attacked(gone) = observation.verdict {
            self.judge(from, to, gone);
            let target_seat = self.possible(to).map(|(seat, _)| seat);
            let flag_taken = observation.out.iter().any(|(seat, reason)| {
                *reason == OutReason::FlagTaken && Some(*seat) == target_seat
            });
            if flag_taken && let Some(token) = self.token_on(to) {
                self.narrow(token, |kind| kind == Kind::Flag);
            }
            // Reconnaissance: a target shown to us by this attack was scouted by an engineer
            // of our team that it removed.
            let scouted = gone == Removed::Attacker
                && matches!(before.cell(to), SiguoViewCell::Unshown(_))
                && matches!(after.cell(to), SiguoViewCell::Shown(_));
            if scouted && let Some(token) = self.token_on(from) {
                self.narrow(token, |kind| kind == Kind::Engineer);
            }
            if matches!(gone, Removed::Attacker | Removed::Both) {
                removed[0] = self.token_on(from);
            }
            if matches!(gone, Removed::Target | Removed::Both) {
                removed[1] = self.token_on(to);
            }
        }
        let moving = self.on[from.index()].take();
        match observation.verdict {
            Verdict::Moved | Verdict::Attacked(Removed::Target) => self.on[to.index()] = moving,
            Verdict::Attacked(Removed::Both) => self.on[to.index()] = None,
            Verdict::Attacked(Removed::Attacker) => {}
        }
        for token in removed.into_iter().flatten() {
            self.tokens[token].alive = false;
        }
        // A seat whose field marshal fell has its flag shown: its piece removed now was it.
        for seat in SiguoSeat::ALL {
            if flags_shown_before[seat.index()] || !flag_shown(after, seat) {
                continue;
            }
            for token in removed.into_iter().flatten() {
                if self.tokens[token].seat == seat {
                    self.narrow(token, |kind| kind == Kind::Marshal);
                }
            }
        }
        // A seat that went out took its pieces off the board.
        for post in SiguoPost::all() {
            if after.cell(post) == SiguoViewCell::Empty
                && let Some(token) = self.on[post.index()].take()
            {
                self.tokens[token as usize].alive = false;
            }
        }
        self.view = after.clone();
        self.pin_shown();
    }

    /// Narrows the attacker on `from` and the target on `to` to the kinds that give the
    /// verdict against some kind the other can be.
    fn judge(&mut self, from: SiguoPost, to: SiguoPost, gone: Removed) {
        let result = match gone {
            Removed::Target => AttackResult::AttackerWins,
            Removed::Attacker => AttackResult::TargetHolds,
            Removed::Both => AttackResult::BothRemoved,
        };
        let in_headquarters = HEADQUARTERS.contains(to);
        let judged = |attacker: Kind, target: Kind| {
            attack_result(attacker, target, in_headquarters) == result
        };
        let (Some((_, attackers)), Some((_, targets))) = (self.possible(from), self.possible(to))
        else {
            return;
        };
        if let Some(token) = self.token_on(from) {
            self.narrow(token, |kind| {
                Kind::ALL
                    .into_iter()
                    .any(|target| targets.contains(target) && judged(kind, target))
            });
        }
        let attackers = self.possible(from).map_or(attackers, |(_, kinds)| kinds);
        if let Some(token) = self.token_on(to) {
            self.narrow(token, |kind| {
                Kind::ALL
                    .into_iter()
                    .any(|attacker| attackers.contains(attacker) && judged(attacker, kind))
            });
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

    /// Pins every tracked piece the view shows.
    fn pin_shown(&mut self) {
        for post in SiguoPost::all() {
            if let SiguoViewCell::Shown(piece) = self.view.cell(post)
                && let Some(token) = self.token_on(post)
            {
                self.narrow(token, |kind| kind == piece.kind);
            }
        }
    }

    /// A board as the seat sees it with every other piece given a kind: each seat's army is
    /// dealt over its tracked pieces (the removed too, which take their share of the counts),
    /// each piece only a kind it can be.
    pub fn sample(&self, rng: &mut impl Rng) -> SiguoPosition {
        let kinds = self.deal(rng);
        let mut position = SiguoPosition::empty(self.view.turn);
        position.quiet = self.view.quiet;
        position.rules = self.rules;
        for post in SiguoPost::all() {
            let piece = match (self.view.cell(post), self.token_on(post)) {
                (SiguoViewCell::Empty, _) => None,
                (_, Some(token)) => Some(SiguoPiece::new(self.tokens[token].seat, kinds[token])),
                (SiguoViewCell::Shown(piece), None) => Some(piece),
                // A piece the first view did not hold (a hand-built view): any movable kind
                // keeps the board's moves right.
                (SiguoViewCell::Unshown(seat), None) => {
                    Some(SiguoPiece::new(seat, Kind::Lieutenant))
                }
            };
            position.set(post, piece);
        }
        position
    }

    /// A kind for every token, each seat's army dealt over its pieces.
    fn deal(&self, rng: &mut impl Rng) -> Vec<Kind> {
        let tokens: Vec<(usize, Kinds)> = self
            .tokens
            .iter()
            .map(|token| (token.seat.index(), token.kinds))
            .collect();
        deal_armies::<4>(rng, &tokens)
    }
}

/// The kinds `seat`'s deployment rules allow on `post` (any kind off the seat's own arm).
fn deployable(seat: SiguoSeat, post: SiguoPost) -> Kinds {
    match post.on_arm() {
        Some((arm, post)) if arm == seat => {
            Kinds::ALL.keep(|kind| check_placement(post, kind).is_ok())
        }
        _ => Kinds::ALL,
    }
}

/// The posts holding a piece on `view`.
fn occupied(view: &SiguoView) -> PostSet {
    let mut set = PostSet::EMPTY;
    for post in SiguoPost::all() {
        if view.cell(post) != SiguoViewCell::Empty {
            set.insert(post);
        }
    }
    set
}

/// Whether `view` shows `seat`'s flag.
fn flag_shown(view: &SiguoView, seat: SiguoSeat) -> bool {
    view.cells
        .contains(&SiguoViewCell::Shown(SiguoPiece::new(seat, Kind::Flag)))
}

#[cfg(test)]
impl SiguoBelief {
    /// What each removed piece of `seat` could have been, in the order they were first seen.
    pub(super) fn removed_kinds(&self, seat: SiguoSeat) -> Vec<Kinds> {
        self.tokens
            .iter()
            .filter(|token| token.seat == seat && !token.alive)
            .map(|token| token.kinds)
            .collect()
    }
}
