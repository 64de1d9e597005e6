//! `/analyse`: a finished game's win-chance chart. The series costs seconds of search, so it is
//! computed once, in the background, on a small pool of threads of its own (never the game
//! actors' tokio workers nor the painters), stored, and served from the store afterwards.
//!
//! A request for a game whose series is not stored yet starts its analysis (or joins the one
//! already running) and is answered "analysing…" with [`GameEvent::Analysing`]; the front end
//! then awaits [`super::Service::analysis`] for the chart (Discord: a deferred reply followed
//! up). Live games are refused (their record holds the deal, as for `/replay`), and so are
//! cancelled games (no result to estimate towards), standard games that ended before a move
//! and games of another server.

mod media;

use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex, OnceLock};

use tokio::sync::oneshot;

use super::{Attachment, Caller, FileKind, GameEvent, Inner, Reply, lock, store_failure};
use crate::analysis::ESTIMATOR_VERSION;
use crate::config::Language;
use crate::store::{FinishedGame, Store, StoreError, StoredAnalysis};
use crate::words::analysis as say;
use crate::words::history as history_words;

pub use media::{AnalysedGame, AnalysisMedia, AnalysisMediaError, compute, media, media_of_views};

/// Games waiting for an analyst at most; more are refused as busy.
const QUEUE: usize = 32;

type Outcome = Result<StoredAnalysis, String>;

/// A game to analyse and where its series goes.
struct Job {
    finished: FinishedGame,
    store: Store,
    /// The service's runtime, which the analyst thread waits on to store the series.
    runtime: tokio::runtime::Handle,
}

/// The analyses running or waiting, by game: who waits for each.
#[derive(Default)]
pub(super) struct Analysts {
    waiting: Mutex<HashMap<u64, Vec<oneshot::Sender<Outcome>>>>,
}

/// The pool's queue: jobs and a condition variable to wake an analyst.
struct Queue {
    jobs: Mutex<Vec<(Arc<Analysts>, Job)>>,
    ready: Condvar,
}

/// The analyst threads: half the machine's cores (at least one), started on first use.
fn queue() -> &'static Queue {
    static QUEUE_OF_JOBS: OnceLock<&'static Queue> = OnceLock::new();
    QUEUE_OF_JOBS.get_or_init(|| {
        let queue: &'static Queue = Box::leak(Box::new(Queue {
            jobs: Mutex::new(Vec::new()),
            ready: Condvar::new(),
        }));
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        for index in 0..(cores / 2).max(1) {
            let spawned = std::thread::Builder::new()
                .name(format!("junqi-analyst-{index}"))
                .spawn(move || work(queue));
            if let Err(error) = spawned {
                tracing::error!("starting an analysis thread: {error}");
            }
        }
        queue
    })
}

fn work(queue: &Queue) {
    loop {
        let (analysts, job) = {
            let mut jobs = lock(&queue.jobs);
            loop {
                if !jobs.is_empty() {
                    break jobs.remove(0);
                }
                jobs = queue
                    .ready
                    .wait(jobs)
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
            }
        };
        let id = job.finished.game.id;
        let started = std::time::Instant::now();
        let outcome = compute(&job.finished).map_err(|error| error.to_string());
        if let Ok(analysis) = &outcome {
            tracing::info!(
                game = id,
                took_ms = started.elapsed().as_millis() as u64,
                "analysed"
            );
            // A failed write costs the next request another analysis, never this answer.
            if let Err(error) = job.runtime.block_on(job.store.put_analysis(analysis)) {
                tracing::error!("storing the analysis of game {id}: {error}");
            }
        }
        let waiters = lock(&analysts.waiting).remove(&id).unwrap_or_default();
        for waiter in waiters {
            let _ = waiter.send(outcome.clone());
        }
    }
}

impl Analysts {
    /// Starts analysing `finished` unless it already is; false when the queue is full.
    fn start(self: &Arc<Self>, finished: FinishedGame, store: Store) -> bool {
        let id = finished.game.id;
        let mut waiting = lock(&self.waiting);
        if waiting.contains_key(&id) {
            return true;
        }
        let queue = queue();
        let mut jobs = lock(&queue.jobs);
        if jobs.len() >= QUEUE {
            return false;
        }
        waiting.insert(id, Vec::new());
        let runtime = tokio::runtime::Handle::current();
        jobs.push((
            self.clone(),
            Job {
                finished,
                store,
                runtime,
            },
        ));
        queue.ready.notify_one();
        true
    }

    /// A receiver of game `id`'s series when it is being analysed.
    fn join(&self, id: u64) -> Option<oneshot::Receiver<Outcome>> {
        let mut waiting = lock(&self.waiting);
        let waiters = waiting.get_mut(&id)?;
        let (tx, rx) = oneshot::channel();
        waiters.push(tx);
        Some(rx)
    }
}

/// What a request found: the game with its series when stored.
enum Found {
    Ready(Box<FinishedGame>, StoredAnalysis),
    Pending(Box<FinishedGame>),
    Refused(Reply),
}

/// Looks game `game` up for `caller`: refusals for a game that is not there, not finished or
/// of another server.
async fn find(inner: &Arc<Inner>, caller: &Caller, lang: Language, game: u64) -> Found {
    let store = &inner.store;
    let found = async {
        let finished = store.finished_game(game).await?;
        let stored = match &finished {
            Some(_) => store.analysis(game).await?,
            None => None,
        };
        let live = match &finished {
            None => store.live_game(game).await?.map(|live| live.place.guild),
            Some(_) => None,
        };
        let cancelled = match (&finished, live) {
            (None, None) => store
                .cancelled_game(game)
                .await?
                .map(|cancelled| cancelled.game.place.guild),
            _ => None,
        };
        Ok::<_, StoreError>((finished, stored, live, cancelled))
    }
    .await;
    let guild = caller.place.guild;
    let other = || Found::Refused(Reply::refusal(say::analyse_other_server(lang, game)));
    match found {
        Err(error) => Found::Refused(store_failure(&error.into(), lang)),
        Ok((Some(finished), stored, _, _)) => {
            if finished.game.place.guild != guild {
                return other();
            }
            if !crate::analysis::was_played(&finished.game.record) {
                return Found::Refused(Reply::refusal(say::analyse_never_played(lang, game)));
            }
            match stored.filter(|stored| stored.estimator == ESTIMATOR_VERSION) {
                Some(stored) => Found::Ready(Box::new(finished), stored),
                None => Found::Pending(Box::new(finished)),
            }
        }
        Ok((None, _, Some(place), _)) if place != guild => other(),
        Ok((None, _, Some(_), _)) => Found::Refused(Reply::refusal(say::analyse_live_game(
            lang,
            inner.surface,
            game,
        ))),
        Ok((None, _, None, Some(place))) if place != guild => other(),
        Ok((None, _, None, Some(_))) => {
            Found::Refused(Reply::refusal(say::analyse_cancelled_game(lang, game)))
        }
        Ok((None, _, None, None)) => {
            Found::Refused(Reply::refusal(history_words::no_such_game(lang, game)))
        }
    }
}

/// `/analyse game:N`: the chart at once when stored, else "analysing…" (the analysis started
/// or joined) with [`GameEvent::Analysing`].
pub(super) async fn request(
    inner: &Arc<Inner>,
    caller: &Caller,
    lang: Language,
    game: u64,
) -> Reply {
    match find(inner, caller, lang, game).await {
        Found::Refused(reply) => reply,
        Found::Ready(finished, stored) => chart_reply(*finished, stored, lang).await,
        Found::Pending(finished) => {
            if !inner.analysts.start(*finished, inner.store.clone()) {
                return Reply::refusal(say::analysis_busy(lang));
            }
            Reply::private(vec![say::analysing(lang, game)])
                .with_event(GameEvent::Analysing { game })
        }
    }
}

/// The chart of game `game`, waiting for its analysis when it runs (and starting it when it
/// neither runs nor is stored).
pub(super) async fn wait(inner: &Arc<Inner>, caller: &Caller, lang: Language, game: u64) -> Reply {
    loop {
        let finished = match find(inner, caller, lang, game).await {
            Found::Refused(reply) => return reply,
            Found::Ready(finished, stored) => return chart_reply(*finished, stored, lang).await,
            Found::Pending(finished) => finished,
        };
        let receiver = match inner.analysts.join(game) {
            Some(receiver) => receiver,
            None => {
                if !inner.analysts.start(*finished.clone(), inner.store.clone()) {
                    return Reply::refusal(say::analysis_busy(lang));
                }
                match inner.analysts.join(game) {
                    Some(receiver) => receiver,
                    // Finished between the two calls: it is stored now.
                    None => continue,
                }
            }
        };
        return match receiver.await {
            Ok(Ok(stored)) => chart_reply(*finished, stored, lang).await,
            Ok(Err(error)) => {
                tracing::error!("analysing game {game}: {error}");
                Reply::refusal(say::analysis_failed(lang, game))
            }
            Err(_) => Reply::refusal(say::analysis_failed(lang, game)),
        };
    }
}

/// The public answer with the chart, drawn on the blocking pool (milliseconds).
async fn chart_reply(finished: FinishedGame, stored: StoredAnalysis, lang: Language) -> Reply {
    let game = finished.game.id;
    let drawn = tokio::task::spawn_blocking(move || media(&finished, &stored, lang)).await;
    match drawn {
        Ok(Ok(AnalysisMedia { lines, png })) => Reply::public(lines)
            .with_files(vec![Attachment {
                name: format!("analysis-{game}.png"),
                kind: FileKind::Image,
                bytes: png,
            }])
            .drawn_in(lang),
        Ok(Err(error)) => {
            tracing::error!("drawing the analysis of game {game}: {error}");
            Reply::refusal(say::analysis_failed(lang, game))
        }
        Err(error) => {
            tracing::error!("drawing the analysis of game {game}: {error}");
            Reply::refusal(say::analysis_failed(lang, game))
        }
    }
}
