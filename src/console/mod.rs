//! `junqi-bot console`: the whole bot in a terminal, no Discord token needed. Each input line
//! is `NAME /command args…` (or `NAME#CHANNEL /command …`); the reply is printed, then one
//! empty line. Messages the bot sends on its own are printed when they happen, each followed by
//! an empty line. Board images are written to an images folder and shown as `image: PATH`.

mod markup;
pub mod parse;

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use thiserror::Error;
use tokio::io::{AsyncBufRead, AsyncBufReadExt};
use tokio::sync::mpsc::UnboundedReceiver;

use crate::config::{Config, ConfigError};
use crate::service::{AI_USER, Caller, Command, FileKind, Outbound, Reply, Service, ServiceError};
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

/// Where the store keeps its database inside a data directory.
pub fn store_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("store")
}

/// Reads the config (a file or the defaults) with the command line's overrides applied.
pub fn load_config(options: &ConsoleOptions) -> Result<Config, ConsoleError> {
    let mut config = match &options.config {
        Some(path) => Config::load(path)?,
        None => Config::default(),
    };
    if let Some(data) = &options.data {
        config.data_dir = data.clone();
    }
    if let Ok(text) = std::env::var(TEST_SEED_VAR) {
        let seed = text
            .trim()
            .parse()
            .map_err(|_| ConsoleError::TestSeed(text.clone()))?;
        config.test_seed = Some(seed);
    }
    Ok(config)
}

/// Runs the console on standard input and output until end of input or Ctrl-C.
pub async fn run_stdio(options: ConsoleOptions) -> Result<(), ConsoleError> {
    let config = load_config(&options)?;
    let images = options
        .images
        .clone()
        .unwrap_or_else(|| config.data_dir.join("images"));
    let url = crate::store::database_url(config.database_url.as_deref());
    let store = Store::open_with(url.as_deref(), &store_dir(&config.data_dir))?;
    let (service, outbound) = Service::start(config, store).await?;
    let input = tokio::io::BufReader::new(tokio::io::stdin());
    let mut printer = Printer::new(std::io::stdout(), images);
    let result = run(&service, outbound, input, &mut printer, shutdown_signal()).await;
    service.shutdown().await;
    result
}

async fn shutdown_signal() {
    if tokio::signal::ctrl_c().await.is_err() {
        // No signal handling available: run until end of input.
        std::future::pending::<()>().await;
    }
}

/// The console loop: reads lines, prints replies and the bot's own messages, stops at end of
/// input or when `stop` completes.
pub async fn run<R, W>(
    service: &Service,
    mut outbound: UnboundedReceiver<Outbound>,
    input: R,
    printer: &mut Printer<W>,
    stop: impl std::future::Future<Output = ()>,
) -> Result<(), ConsoleError>
where
    R: AsyncBufRead + Unpin,
    W: Write,
{
    let mut lines = input.lines();
    tokio::pin!(stop);
    loop {
        tokio::select! {
            // The bot's own messages first: those already queued (an AI's answer to the last
            // command) are printed before the next line is read.
            biased;
            () = &mut stop => return Ok(()),
            Some(message) = outbound.recv() => printer.outbound(&message)?,
            line = lines.next_line() => match line? {
                None => return Ok(()),
                Some(line) => printer.input(service, &line).await?,
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
        }
    }

    /// Handles one input line and prints its reply.
    pub async fn input(&mut self, service: &Service, line: &str) -> Result<(), ConsoleError> {
        match parse_line(line) {
            Ok(None) => Ok(()),
            Ok(Some(parsed)) => {
                let place = parse::place(&parsed.channel);
                self.channels.insert(place, parsed.channel.clone());
                self.remember_names(&parsed);
                let caller = Caller {
                    user: parse::user_id(&parsed.name),
                    name: parsed.name.clone(),
                    place,
                };
                let reply = service.handle(caller, parsed.command).await;
                self.reply(&reply, Some(&parsed.name), None)
            }
            Err(error) => {
                writeln!(self.out, "error: {error}")?;
                writeln!(self.out)?;
                self.out.flush()?;
                Ok(())
            }
        }
    }

    /// Prints a message the bot sent on its own.
    pub fn outbound(&mut self, message: &Outbound) -> Result<(), ConsoleError> {
        let channel = self
            .channels
            .get(&message.place)
            .filter(|name| name.as_str() != parse::DEFAULT_CHANNEL)
            .cloned();
        self.reply(&message.reply, None, channel.as_deref())
    }

    fn reply(
        &mut self,
        reply: &Reply,
        caller: Option<&str>,
        channel: Option<&str>,
    ) -> Result<(), ConsoleError> {
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
            let path = self.write_image(png)?;
            writeln!(self.out, "image: {}", path.display())?;
        }
        for file in &reply.files {
            let path = self.write_file(&file.name, &file.bytes)?;
            let label = match file.kind {
                FileKind::Image => "image",
                FileKind::Record => "record",
            };
            writeln!(self.out, "{label}: {}", path.display())?;
        }
        let buttons: Vec<String> = reply
            .buttons
            .iter()
            .filter_map(|button| button_command(&button.custom_id, &self.names))
            .collect();
        if !buttons.is_empty() {
            writeln!(self.out, "buttons: {}", buttons.join(" | "))?;
        }
        writeln!(self.out)?;
        self.out.flush()?;
        Ok(())
    }

    fn write_image(&mut self, png: &[u8]) -> Result<PathBuf, ConsoleError> {
        self.write_file("board.png", png)
    }

    /// Writes a file under a fresh numbered name: `board.png` → `board-00007.png`.
    fn write_file(&mut self, name: &str, bytes: &[u8]) -> Result<PathBuf, ConsoleError> {
        std::fs::create_dir_all(&self.images)?;
        self.image_count += 1;
        let (stem, extension) = name.rsplit_once('.').unwrap_or((name, "bin"));
        let path = self
            .images
            .join(format!("{stem}-{:05}.{extension}", self.image_count));
        std::fs::write(&path, bytes)?;
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
fn button_command(custom_id: &str, names: &HashMap<UserId, String>) -> Option<String> {
    let parts: Vec<&str> = custom_id.split(':').collect();
    Some(match parts.as_slice() {
        ["history", user, page] => {
            let name = names.get(&user.parse().ok()?)?;
            let page = page.parse::<u32>().ok()?.checked_add(1)?;
            format!("/history @{name} page:{page}")
        }
        [verb @ ("accept" | "decline" | "withdraw"), id] => format!("/{verb} {id}"),
        ["draw", answer, _] => format!("/draw {answer}"),
        [single] => format!("/{single}"),
        _ => return None,
    })
}
