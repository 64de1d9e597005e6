//! Turn clocks: which clock event of a live game comes next and when. Deadlines are wall-clock
//! milliseconds kept in the store's [`LiveGame`](crate::store::LiveGame), so a restart re-arms every clock from where
//! it stood; this module turns them into tokio instants. The clocks of sleeping games (no actor
//! task: `live/sleep.rs`) are kept here in one shared timer, [`Alarms`].

use std::collections::BTreeSet;
use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::store::Place;

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_millis() as u64)
}

/// The tokio instant of a wall-clock deadline (now, if it has passed).
pub fn instant_at(deadline_ms: u64) -> tokio::time::Instant {
    let wait = deadline_ms.saturating_sub(now_ms());
    tokio::time::Instant::now() + Duration::from_millis(wait)
}

/// What a game's clock does next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ClockEvent {
    /// Tell the player to act that little time is left.
    Warning,
    /// The player to act ran out of time.
    Timeout,
    /// The game reached its time limit (docs/rules.md §6.10).
    ClockDraw,
}

/// A live game's clock, as the store keeps it with the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TurnClock {
    pub turn_secs: u32,
    pub started_at_ms: u64,
    /// When the seat to act times out.
    pub turn_deadline_ms: u64,
    /// The warning for this turn was sent.
    pub warned: bool,
}

/// The next clock event of `game` and its wall-clock time. A warning is due only on clocks
/// longer than `warning_secs` and only once per turn; the clock draw wins a tie.
pub fn next_event(game: &TurnClock, warning_secs: u32, clock_limit_secs: u64) -> (u64, ClockEvent) {
    let draw_at = game
        .started_at_ms
        .saturating_add(clock_limit_secs.saturating_mul(1000));
    let warning_ms = u64::from(warning_secs) * 1000;
    let turn = if !game.warned && game.turn_secs > warning_secs && warning_secs > 0 {
        (
            game.turn_deadline_ms.saturating_sub(warning_ms),
            ClockEvent::Warning,
        )
    } else {
        (game.turn_deadline_ms, ClockEvent::Timeout)
    };
    if draw_at <= turn.0 {
        (draw_at, ClockEvent::ClockDraw)
    } else {
        turn
    }
}

/// The deadline of a turn that starts at `now_ms`.
pub fn turn_deadline(now_ms: u64, turn_secs: u32) -> u64 {
    now_ms.saturating_add(u64::from(turn_secs) * 1000)
}

/// The next clock event of every sleeping game, in one timer: a set ordered by when each falls
/// due, which one task waits on ([`Alarms::due`]), instead of a sleeping task per game.
#[derive(Default)]
pub struct Alarms {
    /// (due, wall-clock ms; game id; its place).
    set: Mutex<BTreeSet<(u64, u64, Place)>>,
    /// An alarm earlier than every other was set: the waiting task looks again.
    earlier: tokio::sync::Notify,
}

impl Alarms {
    fn set(&self) -> std::sync::MutexGuard<'_, BTreeSet<(u64, u64, Place)>> {
        self.set
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Rings for game `id` at `place` at `at_ms`.
    pub fn arm(&self, at_ms: u64, id: u64, place: Place) {
        let mut set = self.set();
        let first = set.first().is_none_or(|first| (at_ms, id, place) < *first);
        set.insert((at_ms, id, place));
        drop(set);
        if first {
            self.earlier.notify_one();
        }
    }

    /// Takes back an alarm set with [`Alarms::arm`].
    pub fn disarm(&self, at_ms: u64, id: u64, place: Place) {
        self.set().remove(&(at_ms, id, place));
    }

    /// How many alarms are set.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.set().len()
    }

    /// Waits until at least one alarm is due and takes every due one: (due, game id, place).
    pub async fn due(&self) -> Vec<(u64, u64, Place)> {
        loop {
            let first = self.set().first().map(|(at, _, _)| *at);
            match first {
                Some(at) if at <= now_ms() => {
                    let now = now_ms();
                    let mut set = self.set();
                    let later = set.split_off(&(now.saturating_add(1), 0, Place::MIN));
                    let due = std::mem::replace(&mut *set, later);
                    return due.into_iter().collect();
                }
                Some(at) => {
                    tokio::select! {
                        () = tokio::time::sleep_until(instant_at(at)) => {}
                        () = self.earlier.notified() => {}
                    }
                }
                None => self.earlier.notified().await,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn live(turn_secs: u32, deadline: u64, warned: bool) -> TurnClock {
        TurnClock {
            turn_secs,
            started_at_ms: 0,
            turn_deadline_ms: deadline,
            warned,
        }
    }

    #[tokio::test]
    async fn alarms_ring_in_order_and_only_when_set() {
        let alarms = Alarms::default();
        let place = |channel| Place { guild: 1, channel };
        let now = now_ms();
        alarms.arm(now + 30, 3, place(3));
        alarms.arm(now + 10, 1, place(1));
        alarms.arm(now + 20, 2, place(2));
        alarms.disarm(now + 20, 2, place(2));
        assert_eq!(alarms.len(), 2);
        let mut rung = Vec::new();
        while rung.len() < 2 {
            rung.extend(alarms.due().await.into_iter().map(|(_, id, _)| id));
        }
        assert_eq!(rung, [1, 3]);
        assert_eq!(alarms.len(), 0);
        // An alarm earlier than the one waited for is heard at once.
        alarms.arm(now + 60_000, 4, place(4));
        let waiting = alarms.due();
        alarms.arm(now, 5, place(5));
        let due = tokio::time::timeout(Duration::from_secs(5), waiting).await;
        assert_eq!(due.map(|due| due.len()), Ok(1));
    }

    #[test]
    fn next_events() {
        use ClockEvent::*;
        // (turn secs, deadline, warned, warning secs, clock limit secs) -> event
        let table = [
            ((30, 40_000, false, 10, 10_800), (30_000, Warning)),
            ((30, 40_000, true, 10, 10_800), (40_000, Timeout)),
            ((10, 40_000, false, 10, 10_800), (40_000, Timeout)),
            ((1, 5_000, false, 10, 10_800), (5_000, Timeout)),
            ((30, 40_000, false, 0, 10_800), (40_000, Timeout)),
            ((30, 40_000, false, 10, 35), (30_000, Warning)),
            ((30, 40_000, false, 10, 25), (25_000, ClockDraw)),
            ((30, 40_000, true, 10, 40), (40_000, ClockDraw)),
        ];
        for ((turn, deadline, warned, warning, limit), expected) in table {
            let game = live(turn, deadline, warned);
            assert_eq!(
                next_event(&game, warning, limit),
                expected,
                "{turn} {deadline} {warned} {warning} {limit}"
            );
        }
    }
}
