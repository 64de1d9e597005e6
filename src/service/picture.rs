//! The one place the service asks for a board image (from `crate::render`), drawn on the
//! service's own fixed pool of drawing threads (one per core), never on an async worker.

use std::sync::{Arc, Mutex, OnceLock, mpsc};

use crate::config::Language;
use crate::game::{PublicView, RevealedView};
use crate::render::{Guide, Panel, RenderOptions, render_png, render_reveal_png};

/// What a picture shows: the public board (with a move guide maybe), or at the end of a game
/// the reveal of what was never flipped.
#[derive(Clone, PartialEq, Debug)]
pub enum Sheet {
    Board {
        view: PublicView,
        guide: Option<Guide>,
    },
    Reveal(RevealedView),
}

/// The board as a PNG (drawn by `crate::render`), or `None` when no image can be made (the
/// reply then goes out with its text alone).
pub fn board_png(
    view: &PublicView,
    panel: &Panel,
    guide: Option<Guide>,
    language: Language,
) -> Option<Vec<u8>> {
    sheet_png(
        &Sheet::Board {
            view: view.clone(),
            guide,
        },
        panel,
        language,
    )
}

/// [`board_png`] for either kind of sheet.
fn sheet_png(sheet: &Sheet, panel: &Panel, language: Language) -> Option<Vec<u8>> {
    let options = RenderOptions { language };
    let drawn = match sheet {
        Sheet::Board { view, guide } => render_png(view, panel, guide.as_ref(), &options),
        Sheet::Reveal(reveal) => render_reveal_png(reveal, panel, &options),
    };
    match drawn {
        Ok(png) => Some(png),
        Err(error) => {
            tracing::error!("drawing the board: {error}");
            None
        }
    }
}

/// A board to draw and where to send the picture.
struct Job {
    sheet: Sheet,
    panel: Panel,
    language: Language,
    done: tokio::sync::oneshot::Sender<Option<Vec<u8>>>,
}

/// The drawing threads: as many as the machine has cores. A fixed pool (rather than tokio's
/// blocking pool, which grows to hundreds of threads under load) bounds both the CPU spent
/// drawing and the memory of the renderer's per-thread scratch canvases.
fn painters() -> Option<&'static Mutex<mpsc::Sender<Job>>> {
    static PAINTERS: OnceLock<Option<Mutex<mpsc::Sender<Job>>>> = OnceLock::new();
    PAINTERS
        .get_or_init(|| {
            let (tx, rx) = mpsc::channel::<Job>();
            let rx = Arc::new(Mutex::new(rx));
            let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
            let mut started = 0;
            for index in 0..threads {
                let rx = rx.clone();
                let spawned = std::thread::Builder::new()
                    .name(format!("junqi-painter-{index}"))
                    .spawn(move || paint(&rx));
                match spawned {
                    Ok(_) => started += 1,
                    Err(error) => tracing::error!("starting a drawing thread: {error}"),
                }
            }
            (started > 0).then(|| Mutex::new(tx))
        })
        .as_ref()
}

fn paint(jobs: &Mutex<mpsc::Receiver<Job>>) {
    loop {
        let job = match jobs.lock() {
            Ok(receiver) => receiver.recv(),
            Err(poisoned) => poisoned.into_inner().recv(),
        };
        let Ok(job) = job else { return };
        let png =
            crate::ops::metrics::timed_render(|| sheet_png(&job.sheet, &job.panel, job.language));
        let _ = job.done.send(png);
    }
}

/// A sheet drawn on the drawing threads: drawing takes milliseconds of CPU that must not
/// stall the async workers driving every other game.
pub(super) async fn render_sheet(
    sheet: Sheet,
    panel: Panel,
    language: Language,
) -> Option<Vec<u8>> {
    let (done, picture) = tokio::sync::oneshot::channel();
    let job = Job {
        sheet,
        panel,
        language,
        done,
    };
    let sent = painters().is_some_and(|painters| {
        let sender = painters
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        sender.send(job).is_ok()
    });
    if !sent {
        return None;
    }
    crate::timings::drawing(picture).await.ok().flatten()
}
