//! Killer moves: per ply of a search, the last two plain moves that cut it off there, tried
//! early at the same ply elsewhere in the tree; the move order that uses them; and how a dealt
//! board's score counts in the sum over boards (the standard games' and 四国's searches).

/// The killers of one search, or none for a level that does not use them.
#[derive(Clone, Debug)]
pub(crate) struct Killers<A>(Option<Vec<[Option<A>; 2]>>);

impl<A: Copy + PartialEq> Killers<A> {
    /// Killers kept when `used`; otherwise every ply has none.
    pub fn new(used: bool) -> Killers<A> {
        Killers(used.then(Vec::new))
    }

    /// This ply's killers.
    pub fn at(&self, ply: i32) -> [Option<A>; 2] {
        self.0
            .as_ref()
            .and_then(|killers| killers.get(ply as usize).copied())
            .unwrap_or([None; 2])
    }

    /// `action`, a plain move, cut the search off at `ply`.
    pub fn remember(&mut self, ply: i32, action: A) {
        let Some(killers) = self.0.as_mut() else {
            return;
        };
        let ply = ply as usize;
        if killers.len() <= ply {
            killers.resize(ply + 1, [None; 2]);
        }
        if killers[ply][0] != Some(action) {
            killers[ply] = [Some(action), killers[ply][0]];
        }
    }
}

/// Orders `moves`: the exchanges that gain material (by `gain`), best first; then the killers;
/// then the other moves by what they gain (plain moves as they came, losing attacks last).
pub(crate) fn order_moves<A: Copy + PartialEq>(
    moves: &mut [A],
    killers: [Option<A>; 2],
    gain: impl Fn(A) -> i32,
) {
    moves.sort_by_cached_key(|action| {
        let gain = gain(*action);
        match gain {
            1.. => (0, -gain),
            _ if killers.contains(&Some(*action)) => (1, 0),
            _ => (2, -gain),
        }
    });
}

/// How a dealt board's score counts in a search's sum over boards.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BoardScores {
    /// A won game's score, less the plies it takes.
    pub win: i32,
    /// The most one board's score counts for: a win seen on one dealt board (where the search
    /// knows where the flag is) must not outvote what every other board says.
    pub cap: i32,
    /// What each ply until a win (or a loss) takes off its capped score, so that a flag taken
    /// now beats one taken later.
    pub decay: i32,
}

impl BoardScores {
    /// `score` within the cap: material as it is, a win worth the cap less `decay` per ply
    /// until it (a loss the same, negated).
    pub fn capped(self, score: i32) -> i32 {
        let plies = self.win - score.abs();
        if plies < 1_000 {
            score.signum() * (self.cap - self.decay * (plies - 1).min(10))
        } else {
            score.clamp(-self.cap, self.cap)
        }
    }
}
