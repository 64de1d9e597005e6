//! The operator's view of one command (an interaction, a console line): a span named `command`
//! with the command, guild and channel, inside which every log line the command causes is
//! written (the store's calls and the game's clock at DEBUG), and one INFO line when it is
//! answered with the game and seat it reached, how it went, and the time it spent in the store,
//! in drawing and in the front end (Discord's REST calls). Commands are named by their variant
//! only and refusals by their rule's name: what a player typed or was shown never reaches the log.

use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tracing::Instrument;

use super::{Command, Reply};
use crate::store::Place;
use crate::timings::{self, Ledger};

/// One command from its arrival to its answer's delivery.
pub struct Operation {
    span: tracing::Span,
    ledger: Arc<Ledger>,
    started: Instant,
    /// Time spent in the service (the rest, up to delivery, is the front end's).
    served: Duration,
}

impl Operation {
    /// A command of the caller at `place` (`Err`: input the front end already refused).
    pub fn start(command: Result<&Command, &Reply>, place: Place) -> Operation {
        let name = match command {
            Ok(command) => timings::variant_name(command),
            Err(_) => "Unusable".to_string(),
        };
        let span = tracing::info_span!(
            "command",
            command = %name,
            guild = place.guild,
            channel = place.channel
        );
        let ledger = Ledger::new();
        if command.is_err() {
            ledger.set_outcome("refused: input");
        }
        Operation {
            span,
            ledger,
            started: Instant::now(),
            served: Duration::ZERO,
        }
    }

    /// Runs the service's part of the command inside its span, charging its costs to it.
    pub async fn serve(&mut self, work: impl Future<Output = Reply>) -> Reply {
        let started = Instant::now();
        let reply = timings::within(Some(self.ledger.clone()), work)
            .instrument(self.span.clone())
            .await;
        self.served += started.elapsed();
        if self.ledger.totals().outcome.is_none() {
            self.ledger.set_outcome(shape_of(&reply));
        }
        reply
    }

    /// The command's span, for work done for it outside [`Operation::serve`].
    pub fn span(&self) -> &tracing::Span {
        &self.span
    }

    /// Writes the command's INFO line, once its answer is delivered.
    pub fn finish(self) {
        let totals = self.ledger.totals();
        let outcome = totals.outcome.unwrap_or_else(|| "unanswered".to_string());
        let total = self.started.elapsed();
        let front = total.saturating_sub(self.served);
        let game = totals
            .game
            .map_or_else(|| "-".to_string(), |id| id.to_string());
        let seat = match totals.seat {
            Some(1) => "first",
            Some(2) => "second",
            _ => "-",
        };
        tracing::info!(
            parent: &self.span,
            game = %game,
            seat = %seat,
            outcome = %outcome,
            store_ms = millis(totals.store),
            draw_ms = millis(totals.draw),
            front_ms = millis(front),
            total_ms = millis(total),
            "answered"
        );
    }
}

/// How a command went, read off its reply when the service noted nothing more precise.
fn shape_of(reply: &Reply) -> &'static str {
    match (reply.private, reply.event.is_some()) {
        (_, true) => "played",
        (true, false) => "answered privately",
        (false, false) => "answered",
    }
}

/// Milliseconds with a tenth, for reading.
fn millis(spent: Duration) -> f64 {
    (spent.as_secs_f64() * 10_000.0).round() / 10.0
}
