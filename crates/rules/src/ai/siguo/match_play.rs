//! One whole 四国 game between four players, each deciding from its own seat's knowledge only
//! (its view under the table's view mode and the public account of every action), for the
//! arena and the tests: the AI at a level, or the baseline (a random layout, random actions).

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use super::super::level::{Level, SearchBudget};
use super::super::players::PlayerParseError;
use super::{SiguoBelief, SiguoObservation, choose_siguo, siguo_layout};
use crate::game::deal::below;
use crate::siguo::{
    OutReason, SiguoAction, SiguoJudgement, SiguoOutcome, SiguoPosition, SiguoReveals, SiguoRules,
    SiguoSeat, SiguoView, SiguoViewMode, SiguoViewer,
};
use crate::standard::Layout;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SiguoPlayer {
    /// A uniformly random valid layout and a uniformly random legal action.
    Random,
    Ai(Level),
}

impl FromStr for SiguoPlayer {
    type Err = PlayerParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let lower = text.trim().to_ascii_lowercase();
        let refuse = || PlayerParseError(text.trim().chars().take(20).collect());
        if lower == "random" {
            return Ok(SiguoPlayer::Random);
        }
        let level = lower.strip_prefix("ai:").ok_or_else(refuse)?;
        level.parse().map(SiguoPlayer::Ai).map_err(|_| refuse())
    }
}

impl fmt::Display for SiguoPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SiguoPlayer::Random => f.write_str("random"),
            SiguoPlayer::Ai(level) => write!(f, "ai:{level}"),
        }
    }
}

impl SiguoPlayer {
    /// This player's deployment.
    pub fn layout(self, rng: &mut ChaCha8Rng) -> Layout {
        match self {
            SiguoPlayer::Random => Layout::random(rng),
            SiguoPlayer::Ai(level) => siguo_layout(level, rng),
        }
    }
}

/// The table a game is played at.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SiguoTable {
    pub mode: SiguoViewMode,
    pub rules: SiguoRules,
    /// The seat that acts first.
    pub first: SiguoSeat,
    pub budget: SearchBudget,
}

/// How a 四国 game went.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SiguoSummary {
    pub outcome: SiguoOutcome,
    pub actions: u32,
    /// Time each seat spent choosing (by seat index), and how many choices it made.
    pub thinking: [Duration; 4],
    pub decisions: [u32; 4],
    /// The seats that went out, in order, and why.
    pub out: Vec<(SiguoSeat, OutReason)>,
}

/// Plays a game between `players` (by seat index, South first), deploying from `seed`, each
/// decision seeded from `seed`, `salt` and the action's number.
pub fn play_siguo_game(
    players: [SiguoPlayer; 4],
    seed: u64,
    salt: u64,
    table: SiguoTable,
) -> SiguoSummary {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let layouts = players.map(|player| player.layout(&mut rng));
    play_siguo_from(
        players,
        layouts,
        seed ^ salt.rotate_left(17),
        table,
        &mut |_, _| {},
    )
}

/// A game from the given layouts (by seat index), showing `watch` every action's judgement
/// and the position after it. A seat whose player finds no action would end the game as a
/// win for the other team (the rules put a seat with no action out before its turn).
pub fn play_siguo_from(
    players: [SiguoPlayer; 4],
    layouts: [Layout; 4],
    seed: u64,
    table: SiguoTable,
    watch: &mut dyn FnMut(&SiguoJudgement, &SiguoPosition),
) -> SiguoSummary {
    let [south, east, north, west] = &layouts;
    let mut position = SiguoPosition::new([south, east, north, west], table.first);
    position.rules = table.rules;
    let mut reveals = SiguoReveals::default();
    let view_of = |position: &SiguoPosition, reveals: &SiguoReveals, seat: SiguoSeat| {
        SiguoView::new(position, reveals, table.mode, SiguoViewer::Seat(seat))
    };
    let mut beliefs = SiguoSeat::ALL
        .map(|seat| SiguoBelief::new(seat, &view_of(&position, &reveals, seat), table.rules));
    let mut thinking = [Duration::ZERO; 4];
    let mut decisions = [0u32; 4];
    let mut actions = 0u32;
    let mut out = Vec::new();
    let outcome = loop {
        if let Some(outcome) = position.outcome() {
            break outcome;
        }
        let seat = position.turn;
        let decision_seed = seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(u64::from(actions) * 4 + seat.index() as u64);
        let started = Instant::now();
        let choice = choose_for(
            players[seat.index()],
            &beliefs[seat.index()],
            &position,
            decision_seed,
            table.budget,
        );
        thinking[seat.index()] += started.elapsed();
        decisions[seat.index()] += 1;
        let Some(action) = choice else {
            break SiguoOutcome::Win(seat.team().other());
        };
        let Ok((judgement, _)) = position.apply(action) else {
            break SiguoOutcome::Win(seat.team().other());
        };
        actions += 1;
        out.extend(judgement.out.iter().copied());
        reveals.record(&judgement, &position);
        watch(&judgement, &position);
        let observation = SiguoObservation::of(&judgement);
        for viewer in SiguoSeat::ALL {
            let view = view_of(&position, &reveals, viewer);
            beliefs[viewer.index()].observe(&observation, &view);
        }
    };
    SiguoSummary {
        outcome,
        actions,
        thinking,
        decisions,
        out,
    }
}

/// The action `player` chooses for the seat to act. The random player reads only the legal
/// actions, which depend on nothing the seat was not shown.
fn choose_for(
    player: SiguoPlayer,
    belief: &SiguoBelief,
    position: &SiguoPosition,
    seed: u64,
    budget: SearchBudget,
) -> Option<SiguoAction> {
    match player {
        SiguoPlayer::Random => {
            let legal = position.legal_actions();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            (!legal.is_empty()).then(|| legal[below(&mut rng, legal.len() as u32) as usize])
        }
        SiguoPlayer::Ai(level) => choose_siguo(belief, level, seed, budget).map(|r| r.action),
    }
}
