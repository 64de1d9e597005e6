//! Keeping one member from flooding the bot with drawings: the commands that draw an image
//! (`/board`, `/moves`, `/history`, `/replay`, `/analyse` and the board buttons) take a token from the
//! member's bucket, which holds `image_burst` tokens and refills at `images_per_minute`. An
//! empty bucket answers privately, in the member's language, how long to wait; nothing is
//! drawn. `images_per_minute = 0` turns the limit off.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::{Caller, Command, Inner, Reply, Surface, lock, words};
use crate::config::Language;
use crate::store::UserId;

/// Past this many members, the buckets that are full again (they limit nothing) are dropped.
const KEEP: usize = 10_000;

/// The refusal of an image command from a member whose bucket is empty (in `lang`), or `None`
/// when it may be drawn. The console is one operator's terminal: only Discord members are
/// limited.
pub(super) fn too_many_images(
    inner: &Inner,
    caller: &Caller,
    command: &Command,
    lang: Language,
) -> Option<Reply> {
    if inner.surface != Surface::Discord || !draws_image(command) {
        return None;
    }
    let allowed = inner.image_buckets.take(
        caller.user,
        inner.config.image_burst,
        inner.config.images_per_minute,
        Instant::now(),
    );
    let wait = allowed.err()?;
    let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    Some(Reply::refusal(words::slow_down(lang, seconds)))
}

/// Whether `command` draws an image (or an animation) for its answer.
fn draws_image(command: &Command) -> bool {
    match command {
        Command::Board
        | Command::Moves(_)
        | Command::History { .. }
        | Command::Replay { .. }
        | Command::Analyse { .. } => true,
        Command::ForGame { command, .. } => draws_image(command),
        _ => false,
    }
}

#[derive(Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Every member's bucket.
#[derive(Default)]
pub(super) struct Buckets {
    members: Mutex<HashMap<UserId, Bucket>>,
}

impl Buckets {
    /// Takes a token from `user`'s bucket, or says how long until one is there.
    fn take(
        &self,
        user: UserId,
        burst: u32,
        per_minute: u32,
        now: Instant,
    ) -> Result<(), Duration> {
        if per_minute == 0 {
            return Ok(());
        }
        let (burst, rate) = (f64::from(burst.max(1)), f64::from(per_minute) / 60.0);
        let mut members = lock(&self.members);
        if members.len() > KEEP {
            members.retain(|_, bucket| {
                bucket.tokens + now.saturating_duration_since(bucket.at).as_secs_f64() * rate
                    < burst
            });
        }
        let bucket = members.entry(user).or_insert(Bucket {
            tokens: burst,
            at: now,
        });
        let elapsed = now.saturating_duration_since(bucket.at).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * rate).min(burst);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            return Ok(());
        }
        Err(Duration::from_secs_f64((1.0 - bucket.tokens) / rate))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_the_refill_rate() {
        let buckets = Buckets::default();
        let start = Instant::now();
        for _ in 0..3 {
            assert_eq!(buckets.take(1, 3, 60, start), Ok(()));
        }
        let wait = buckets.take(1, 3, 60, start).expect_err("empty");
        assert!(
            wait <= Duration::from_secs(1) && wait > Duration::ZERO,
            "{wait:?}"
        );
        // Another member has a bucket of their own.
        assert_eq!(buckets.take(2, 3, 60, start), Ok(()));
        // One a second comes back.
        let later = start + Duration::from_millis(1001);
        assert_eq!(buckets.take(1, 3, 60, later), Ok(()));
        assert!(buckets.take(1, 3, 60, later).is_err());
        // Off.
        for _ in 0..100 {
            assert_eq!(buckets.take(3, 1, 0, start), Ok(()));
        }
    }

    #[test]
    fn board_buttons_count_as_image_commands() {
        let button = Command::ForGame {
            game: 1,
            turn: None,
            command: Box::new(Command::Board),
        };
        assert!(draws_image(&button));
        assert!(draws_image(&Command::Board));
        assert!(!draws_image(&Command::Export));
    }
}
