//! Killer moves: per ply of a search, the last two plain moves that cut it off there, tried
//! early at the same ply elsewhere in the tree (the standard games' and 四国's searches).

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
