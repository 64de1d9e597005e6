//! What one command cost and where, for the operator's log line about it: a [`Ledger`] that the
//! front end opens for each interaction or console line and that follows the command into the
//! game's actor and presenter (tasks of their own, which are handed the ledger), so the time
//! spent in the store and in drawing is charged to the command that caused it. It holds numbers
//! and fixed names only: never a message, a piece, a layout or a seed.

use std::future::Future;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The running totals of one command.
#[derive(Debug, Default)]
pub struct Ledger {
    store_us: AtomicU64,
    draw_us: AtomicU64,
    /// The live game the command went to (0: none).
    game: AtomicU64,
    /// The caller's seat in it: 0 none, 1 the first, 2 the second.
    seat: AtomicU8,
    /// How it ended, when something more precise than the reply's shape said so.
    outcome: Mutex<Option<String>>,
}

/// What a ledger holds once its command is answered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub store: Duration,
    pub draw: Duration,
    pub game: Option<u64>,
    /// 1 for the first seat, 2 for the second.
    pub seat: Option<u8>,
    pub outcome: Option<String>,
}

tokio::task_local! {
    static CURRENT: Arc<Ledger>;
}

impl Ledger {
    pub fn new() -> Arc<Ledger> {
        Arc::new(Ledger::default())
    }

    /// How the command went (see [`note_outcome`]).
    pub fn set_outcome(&self, outcome: impl Into<String>) {
        *self
            .outcome
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(outcome.into());
    }

    pub fn totals(&self) -> Totals {
        let micros = |counter: &AtomicU64| Duration::from_micros(counter.load(Ordering::Relaxed));
        let game = self.game.load(Ordering::Relaxed);
        let seat = self.seat.load(Ordering::Relaxed);
        Totals {
            store: micros(&self.store_us),
            draw: micros(&self.draw_us),
            game: (game != 0).then_some(game),
            seat: (seat != 0).then_some(seat),
            outcome: self
                .outcome
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .clone(),
        }
    }
}

/// Runs `work` with `ledger` (if any) as the current command's: what it spends is charged there.
pub async fn within<F: Future>(ledger: Option<Arc<Ledger>>, work: F) -> F::Output {
    match ledger {
        Some(ledger) => CURRENT.scope(ledger, work).await,
        None => work.await,
    }
}

/// The current command's ledger, to hand to another task that works for it.
pub fn current() -> Option<Arc<Ledger>> {
    CURRENT.try_with(Arc::clone).ok()
}

fn charge(counter: fn(&Ledger) -> &AtomicU64, spent: Duration) {
    let micros = u64::try_from(spent.as_micros()).unwrap_or(u64::MAX);
    let _ = CURRENT.try_with(|ledger| counter(ledger).fetch_add(micros, Ordering::Relaxed));
}

/// Times `work` as store time of the current command.
pub async fn in_store<F: Future>(work: F) -> F::Output {
    let started = Instant::now();
    let out = work.await;
    charge(|ledger| &ledger.store_us, started.elapsed());
    out
}

/// Times `work` as drawing time of the current command.
pub async fn drawing<F: Future>(work: F) -> F::Output {
    let started = Instant::now();
    let out = work.await;
    charge(|ledger| &ledger.draw_us, started.elapsed());
    out
}

/// The live game the current command reached, and the caller's seat there (0-based index).
pub fn note_game(game: u64, seat: Option<usize>) {
    let _ = CURRENT.try_with(|ledger| {
        ledger.game.store(game, Ordering::Relaxed);
        let seat = seat.map_or(0, |index| u8::try_from(index + 1).unwrap_or(u8::MAX));
        ledger.seat.store(seat, Ordering::Relaxed);
    });
}

/// How the current command ended, in fixed words and names ("refused: NotYourTurn", "failed:
/// store"), never with a value a player typed or was shown.
pub fn note_outcome(outcome: impl Into<String>) {
    let outcome = outcome.into();
    let _ = CURRENT.try_with(|ledger| ledger.set_outcome(outcome));
}

/// The name of an enum value's variant, without its data: `Deploy` for a `/deploy` carrying a
/// layout, `Flip` for a flip of a square. What the log may say about a command.
pub fn variant_name(value: &impl std::fmt::Debug) -> String {
    variant_names(value, 1)
}

/// [`variant_name`], followed by the name of the variant it wraps, if any: `Game.NotYourTurn`
/// for a refusal wrapping the rules' error. What the log may say about a refusal.
pub fn variant_path(value: &impl std::fmt::Debug) -> String {
    variant_names(value, 2)
}

/// The names of the first `depth` variants nested at the start of `value`'s Debug text.
fn variant_names(value: &impl std::fmt::Debug, depth: usize) -> String {
    let debug = format!("{value:?}");
    let mut names = Vec::new();
    let mut rest = debug.as_str();
    while names.len() < depth {
        let end = rest.find(['(', '{', ' ', ')', ',']).unwrap_or(rest.len());
        let name = &rest[..end];
        if name.is_empty() || !name.starts_with(|c: char| c.is_ascii_uppercase()) {
            break;
        }
        names.push(name);
        match rest[end..].strip_prefix('(') {
            Some(inner) => rest = inner,
            None => break,
        }
    }
    names.join(".")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn work_is_charged_to_the_ledger_in_scope_and_to_no_other() {
        let ledger = Ledger::new();
        let other = Ledger::new();
        within(Some(ledger.clone()), async {
            in_store(tokio::time::sleep(Duration::from_millis(2))).await;
            drawing(async {}).await;
            note_game(7, Some(1));
            note_outcome("refused: NotYourTurn");
            let handed = current().expect("in scope");
            within(Some(other.clone()), async { note_game(9, None) }).await;
            assert!(Arc::ptr_eq(&handed, &ledger));
        })
        .await;
        in_store(async {}).await; // outside any scope: charged nowhere
        let totals = ledger.totals();
        assert!(totals.store >= Duration::from_millis(2), "{totals:?}");
        assert_eq!(totals.game, Some(7));
        assert_eq!(totals.seat, Some(2));
        assert_eq!(totals.outcome.as_deref(), Some("refused: NotYourTurn"));
        assert_eq!(other.totals().game, Some(9));
        assert_eq!(other.totals().store, Duration::ZERO);
    }

    #[test]
    fn a_variant_name_carries_none_of_its_data() {
        #[derive(Debug)]
        #[allow(dead_code)]
        enum Sample {
            Bare,
            Tuple(&'static str),
            Named { layout: &'static str },
            Wraps(Box<Sample>),
        }
        assert_eq!(variant_name(&Sample::Bare), "Bare");
        assert_eq!(variant_name(&Sample::Tuple("R9@B3")), "Tuple");
        assert_eq!(variant_name(&Sample::Named { layout: "6,1,7" }), "Named");
        let wrapped = Sample::Wraps(Box::new(Sample::Named { layout: "6,1,7" }));
        assert_eq!(variant_name(&wrapped), "Wraps");
        assert_eq!(variant_path(&wrapped), "Wraps.Named");
        assert_eq!(variant_path(&Sample::Tuple("R9")), "Tuple");
        let deep = Sample::Wraps(Box::new(Sample::Wraps(Box::new(Sample::Tuple("R9")))));
        assert_eq!(variant_path(&deep), "Wraps.Wraps", "two levels at most");
    }
}
