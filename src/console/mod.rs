//! `junqi-bot console`: the whole bot in a terminal, no Discord token needed. Each input line
//! is `NAME /command args…` (or `NAME#CHANNEL /command …`); the reply is printed, then one
//! empty line. Messages the bot sends on its own are printed when they happen, each followed by
//! an empty line. Board images are written to an images folder and shown as `image: PATH`.

mod markup;
pub mod parse;

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use thiserror::Error;
use tokio::io::{AsyncBufRead, AsyncBufReadExt};
use tokio::sync::mpsc::UnboundedReceiver;

use crate::config::{Config, ConfigError};
use crate::ops::{DataLayout, LayoutError, Operations, shutdown};
use crate::service::{
    AI_USER, ButtonId, Caller, Command, FileKind, GameEvent, OpenedRoom, Operation, Outbound,
    Reply, RoomRequest, Rooms, Service, ServiceError, Surface, Tongues,
};
use crate::store::{Place, Store, StoreError, UserId};

pub use parse::{ConsoleLine, ParseError, parse_line};

/// The environment variable that fixes the deal seed (for tests, like config `test_seed`).
pub const TEST_SEED_VAR: &str = "JUNQI_TEST_SEED";

#[derive(Debug, Error)]
pub enum ConsoleError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Service(#[from] ServiceError),
    #[error("{JUNQI_TEST_SEED}=\"{0}\" is not a number", JUNQI_TEST_SEED = TEST_SEED_VAR)]
    TestSeed(String),
    #[error(transparent)]
    Layout(#[from] LayoutError),
    #[error("{0}")]
    Start(std::io::Error),
    #[error("console output: {0}")]
    Io(#[from] std::io::Error),
}

/// The console's command-line options.
#[derive(Clone, Debug, Default)]
pub struct ConsoleOptions {
    pub config: Option<PathBuf>,
    pub data: Option<PathBuf>,
    pub images: Option<PathBuf>,
}

/// Reads the config (the same loader as `run`) with the test seed variable applied.
pub fn load_config(options: &ConsoleOptions) -> Result<Config, ConsoleError> {
    let mut config = Config::resolve(options.config.as_deref(), options.data.clone())?;
    if let Ok(text) = std::env::var(TEST_SEED_VAR) {
        let seed = text
            .trim()
            .parse()
            .map_err(|_| ConsoleError::TestSeed(text.clone()))?;
        config.test_seed = Some(seed);
    }
    Ok(config)
}

/// Runs the console on standard input and output until end of input, SIGTERM or Ctrl-C
/// (images in `images`, by default DATA/images).
pub async fn run_stdio(config: Config, images: Option<PathBuf>) -> Result<(), ConsoleError> {
    let layout = DataLayout::new(&config.data_dir);
    layout.prepare()?;
    let images = images.unwrap_or_else(|| layout.images());
    let url = crate::store::database_url(config.database_url.as_deref());
    let patience = std::time::Duration::from_secs(config.db_connect_timeout_secs);
    let store = Store::open_patiently(url.as_deref(), &layout.store(), patience).await?;
    let mut printer =
        Printer::new(std::io::stdout(), images).remembering_channels(layout.console_channels());
    let rooms: Arc<dyn Rooms> = Arc::new(printer.rooms());
    let (service, outbound) =
        Service::start_on(config.clone(), store.clone(), Surface::Console, Some(rooms)).await?;
    let operations = Operations::start(&config, &store, &service)
        .await
        .map_err(ConsoleError::Start)?;
    let input = tokio::io::BufReader::new(tokio::io::stdin());
    let result = run(
        &service,
        outbound,
        input,
        &mut printer,
        shutdown::requested(),
    )
    .await;
    drop(operations);
    service.shutdown().await;
    crate::ops::shutdown::close_store(store).await?;
    result
}

/// The longest input line read whole; the rest of a longer line is skipped (and the line
/// answered with an error), so no input can make the console hold unbounded memory.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// One line of input as bytes: complete, or cut at [`MAX_LINE_BYTES`].
enum RawLine {
    Whole(Vec<u8>),
    TooLong,
}

/// Reads one line (without its end) as raw bytes; `None` at end of input.
async fn read_raw_line<R: AsyncBufRead + Unpin>(input: &mut R) -> std::io::Result<Option<RawLine>> {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let chunk = input.fill_buf().await?;
        if chunk.is_empty() {
            return Ok((!line.is_empty() || too_long).then(|| finish_line(line, too_long)));
        }
        let (take, ends) = match chunk.iter().position(|&byte| byte == b'\n') {
            Some(end) => (end, true),
            None => (chunk.len(), false),
        };
        let room = MAX_LINE_BYTES.saturating_sub(line.len());
        too_long |= take > room;
        line.extend_from_slice(&chunk[..take.min(room)]);
        input.consume(take + usize::from(ends));
        if ends {
            return Ok(Some(finish_line(line, too_long)));
        }
    }
}

fn finish_line(mut line: Vec<u8>, too_long: bool) -> RawLine {
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    if too_long {
        RawLine::TooLong
    } else {
        RawLine::Whole(line)
    }
}

/// The console loop: reads lines, prints replies and the bot's own messages, stops at end of
/// input or when `stop` completes. A line that is not UTF-8 or too long gets an `error:`
/// answer and the loop goes on; only a failure to write the output ends it.
pub async fn run<R, W>(
    service: &Service,
    mut outbound: UnboundedReceiver<Outbound>,
    mut input: R,
    printer: &mut Printer<W>,
    stop: impl std::future::Future<Output = ()>,
) -> Result<(), ConsoleError>
where
    R: AsyncBufRead + Unpin,
    W: Write,
{
    tokio::pin!(stop);
    loop {
        tokio::select! {
            // The bot's own messages first: those already queued (an AI's answer to the last
            // command) are printed before the next line is read.
            biased;
            () = &mut stop => return Ok(()),
            Some(message) = outbound.recv() => printer.outbound(&message)?,
            line = read_raw_line(&mut input) => match line {
                Ok(None) => return Ok(()),
                Ok(Some(RawLine::Whole(bytes))) => match String::from_utf8(bytes) {
                    Ok(line) => printer.input(service, &line).await?,
                    Err(error) => printer.error(&format!(
                        "this line is not UTF-8 text (invalid byte at position {}); nothing done",
                        error.utf8_error().valid_up_to()
                    ))?,
                },
                Ok(Some(RawLine::TooLong)) => printer.error(&format!(
                    "this line is longer than {MAX_LINE_BYTES} bytes; nothing done"
                ))?,
                Err(error) => printer.error(&format!("cannot read this line ({error}); nothing done"))?,
            },
        }
    }
}

/// Prints replies and writes their images; remembers channel names for the bot's messages.
pub struct Printer<W: Write> {
    out: W,
    images: PathBuf,
    image_count: usize,
    channels: HashMap<Place, String>,
    /// Names seen in input lines, for buttons that carry only a user id.
    names: HashMap<UserId, String>,
    /// Where channel names are kept across restarts, so the bot's own messages after a
    /// restart still say which channel they are for.
    channels_file: Option<PathBuf>,
    /// Rooms opened for tournament games since the last message, named here.
    opened: Arc<Mutex<Vec<(Place, String)>>>,
}

/// The console's rooms for tournament games, a channel named `tTOURNAMENT-N`, and for quick-match
/// games, `qN` (players type
/// `alice#t1-2 /flip B3` there).
pub struct ConsoleRooms {
    opened: Arc<Mutex<Vec<(Place, String)>>>,
}

impl Rooms for ConsoleRooms {
    fn open(&self, request: RoomRequest) -> OpenedRoom {
        let name = match request.quick_match {
            Some(id) => format!("q{id}"),
            None => format!("t{}-{}", request.tournament, request.number),
        };
        let place = parse::place(&name);
        self.opened
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .push((place, name));
        Box::pin(std::future::ready(Some(place)))
    }
}

impl<W: Write> Printer<W> {
    pub fn new(out: W, images: PathBuf) -> Printer<W> {
        let existing = std::fs::read_dir(&images).map_or(0, |dir| dir.count());
        Printer {
            out,
            images,
            image_count: existing,
            channels: HashMap::new(),
            names: HashMap::from([(AI_USER, "ai".to_string())]),
            channels_file: None,
            opened: Arc::default(),
        }
    }

    /// The room opener that names its rooms in this printer's messages.
    pub fn rooms(&self) -> ConsoleRooms {
        ConsoleRooms {
            opened: self.opened.clone(),
        }
    }

    /// Learns the names of the rooms opened since the last message.
    fn learn_rooms(&mut self) {
        let opened: Vec<(Place, String)> = std::mem::take(
            &mut *self
                .opened
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner()),
        );
        for (place, name) in opened {
            self.remember_channel(place, &name);
        }
    }

    /// Reads the channel names seen in earlier runs from `file` and adds new ones to it.
    pub fn remembering_channels(mut self, file: PathBuf) -> Printer<W> {
        if let Ok(text) = std::fs::read_to_string(&file) {
            for name in text.lines().filter(|name| !name.is_empty()) {
                self.channels.insert(parse::place(name), name.to_string());
            }
        }
        self.channels_file = Some(file);
        self
    }

    fn remember_channel(&mut self, place: Place, name: &str) {
        if self.channels.insert(place, name.to_string()).is_some() {
            return;
        }
        if let Some(file) = &self.channels_file {
            let appended = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(file)
                .and_then(|mut file| writeln!(file, "{name}"));
            if let Err(error) = appended {
                // Only the header of a later message is at stake.
                tracing::warn!(
                    "cannot remember channel {name} in {}: {error}",
                    file.display()
                );
            }
        }
    }

    /// Handles one input line and prints its reply.
    pub async fn input(&mut self, service: &Service, line: &str) -> Result<(), ConsoleError> {
        match parse_line(line) {
            Ok(None) => Ok(()),
            Ok(Some(parsed)) => {
                let place = parse::place(&parsed.channel);
                self.remember_channel(place, &parsed.channel);
                self.remember_names(&parsed);
                let caller = Caller {
                    user: parse::user_id(&parsed.name),
                    name: parsed.name.clone(),
                    place,
                };
                let mut operation = Operation::start(Ok(&parsed.command), place);
                let reply = operation
                    .serve(service.handle(caller.clone(), parsed.command))
                    .await;
                self.reply(&reply, Some(&parsed.name), None)?;
                operation.finish();
                // "Analysing…" was printed; the chart follows when the analysis is done.
                if let Some(GameEvent::Analysing { game }) = reply.event {
                    let tongues = Tongues::both(service.config().language.or_english());
                    let chart = service.analysis(caller, tongues, game).await;
                    self.reply(&chart, Some(&parsed.name), None)?;
                }
                Ok(())
            }
            Err(error) => self.error(&error.to_string()),
        }
    }

    /// Answers a line that could not be used (cut to a short prefix, whatever it echoes).
    pub fn error(&mut self, message: &str) -> Result<(), ConsoleError> {
        let message = parse::echo_long(message);
        writeln!(self.out, "error: {message}")?;
        writeln!(self.out)?;
        self.out.flush()?;
        Ok(())
    }

    /// Prints a message the bot sent on its own.
    /// The header names the channel (`#side:`) unless it is the default one; a channel whose
    /// name was never seen gets its number, so a message is never shown without its place.
    pub fn outbound(&mut self, message: &Outbound) -> Result<(), ConsoleError> {
        self.learn_rooms();
        let channel = match self.channels.get(&message.place) {
            Some(name) if name == parse::DEFAULT_CHANNEL => None,
            Some(name) => Some(name.clone()),
            None => Some(format!("channel-{:016x}", message.place.channel)),
        };
        self.reply(&message.reply, None, channel.as_deref())
    }

    fn reply(
        &mut self,
        reply: &Reply,
        caller: Option<&str>,
        channel: Option<&str>,
    ) -> Result<(), ConsoleError> {
        self.learn_rooms();
        if let Some(channel) = channel {
            writeln!(self.out, "#{channel}:")?;
        }
        if let (true, Some(name)) = (reply.private, caller) {
            writeln!(self.out, "(only {name} sees this)")?;
        }
        for line in &reply.lines {
            writeln!(self.out, "{}", markup::plain(line, &self.channels))?;
        }
        if let Some(png) = &reply.png {
            // The action is already stored: a full disk or a bad images path costs the picture,
            // never the reply.
            match self.write_image(png) {
                Ok(path) => writeln!(self.out, "image: {}", path.display())?,
                Err(reason) => writeln!(self.out, "image: (not written: {reason})")?,
            }
        }
        for file in &reply.files {
            let label = match file.kind {
                FileKind::Image => "image",
                FileKind::Record => "record",
            };
            match self.write_file(&file.name, &file.bytes) {
                Ok(path) => writeln!(self.out, "{label}: {}", path.display())?,
                Err(reason) => writeln!(self.out, "{label}: (not written: {reason})")?,
            }
        }
        let buttons: Vec<String> = reply
            .buttons
            .iter()
            .filter_map(|button| button_command(button.id, &self.names))
            .collect();
        if !buttons.is_empty() {
            writeln!(self.out, "buttons: {}", buttons.join(" | "))?;
        }
        writeln!(self.out)?;
        self.out.flush()?;
        Ok(())
    }

    fn write_image(&mut self, png: &[u8]) -> Result<PathBuf, String> {
        self.write_file("board.png", png)
    }

    /// Writes a file under a fresh numbered name: `board.png` → `board-00007.png`.
    fn write_file(&mut self, name: &str, bytes: &[u8]) -> Result<PathBuf, String> {
        let images = &self.images;
        std::fs::create_dir_all(images)
            .map_err(|error| format!("cannot create {}: {error}", images.display()))?;
        self.image_count += 1;
        let (stem, extension) = name.rsplit_once('.').unwrap_or((name, "bin"));
        let path = images.join(format!("{stem}-{:05}.{extension}", self.image_count));
        std::fs::write(&path, bytes)
            .map_err(|error| format!("cannot write {}: {error}", path.display()))?;
        Ok(path)
    }

    fn remember_names(&mut self, line: &parse::ConsoleLine) {
        self.names
            .insert(parse::user_id(&line.name), line.name.clone());
        if let Command::History {
            member: Some(member),
            ..
        } = &line.command
        {
            self.names.insert(member.user, member.name.clone());
        }
    }
}

/// The console command a button stands for.
/// The game's own buttons (draw offers, resign and abandon with their confirmations) have no
/// console line: the console types those commands.
fn button_command(id: ButtonId, names: &HashMap<UserId, String>) -> Option<String> {
    Some(match id {
        ButtonId::History { user, page } => {
            let name = names.get(&user)?;
            let page = page.checked_add(1)?;
            format!("/history @{name} page:{page}")
        }
        ButtonId::Accept(challenge) => format!("/accept {challenge}"),
        ButtonId::Decline(challenge) => format!("/decline {challenge}"),
        ButtonId::Withdraw(challenge) => format!("/withdraw {challenge}"),
        ButtonId::AnswerDraw { accept: true, .. } => "/draw accept".to_string(),
        ButtonId::AnswerDraw { accept: false, .. } => "/draw decline".to_string(),
        ButtonId::Rematch => "/rematch".to_string(),
        ButtonId::Board => "/board".to_string(),
        ButtonId::OfferDraw(_)
        | ButtonId::Resign(_)
        | ButtonId::Abandon(_)
        | ButtonId::ConfirmResign
        | ButtonId::ConfirmAbandon
        | ButtonId::ConfirmCancel => return None,
        ButtonId::TournamentJoin(_) => "/tournament join".to_string(),
        ButtonId::TournamentLeave(_) => "/tournament leave".to_string(),
        ButtonId::LeaveQueue => "/play cancel:true".to_string(),
        ButtonId::Analyse(game) => format!("/analyse {game}"),
        ButtonId::Deploy(_) => "/deploy".to_string(),
        ButtonId::DeployRandom(_) => "/deploy random".to_string(),
        ButtonId::DeployReady(_) => "/deploy ready".to_string(),
        ButtonId::MyPieces(_) => "/board".to_string(),
    })
}
