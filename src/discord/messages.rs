//! A service [`Reply`] as Discord message builders: text (within Discord's 2000 characters),
//! the board PNG as a `board.png` attachment (and a replay's files), buttons in rows of five, and the `/rank` embed.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateEmbed, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage,
};

use super::wording as words;
use crate::service::{ButtonId, Reply};

/// The file name of the board image in every message.
pub const BOARD_FILE: &str = "board.png";
const MAX_CONTENT_CHARS: usize = 2000;
const MAX_EMBED_DESCRIPTION_CHARS: usize = 4096;
const BUTTONS_PER_ROW: usize = 5;
/// Rows of components Discord allows under one message.
const MAX_ROWS: usize = 5;
/// Options Discord allows in one select menu.
const MENU_OPTIONS: usize = 25;
/// The longest label or placeholder Discord takes in a select menu.
const MENU_TEXT_CHARS: usize = 100;
const EMBED_COLOUR: u32 = 0xB0_3A_2E;

/// Fills one of serenity's three message builders (an interaction's answer, a followup, a
/// channel message) with an [`Outgoing`]: they have the same methods but no common trait.
macro_rules! message_body {
    ($outgoing:expr, $builder:expr) => {{
        let outgoing: &Outgoing = $outgoing;
        let mut message = $builder
            .content(outgoing.content())
            .allowed_mentions(outgoing.allowed_mentions())
            .components(outgoing.rows());
        if let Some(embed) = outgoing.embed() {
            message = message.embed(embed);
        }
        message.add_files(outgoing.attachments())
    }};
}

/// How a reply is laid out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Layout {
    /// Text lines as the message content.
    Plain,
    /// First line as an embed's title, the other lines as its description (`/rank`).
    Embed,
    /// [`Layout::Embed`], seen by the caller alone (the "翻翻棋 rank" context menu).
    PrivateEmbed,
}

/// What to send: the reply, its layout, and whether to include the image (left out when its
/// upload failed repeatedly: the text still gets through).
#[derive(Clone, Debug)]
pub struct Outgoing {
    pub reply: Reply,
    pub layout: Layout,
    pub with_image: bool,
}

impl Outgoing {
    pub fn new(reply: Reply, layout: Layout) -> Outgoing {
        Outgoing {
            reply,
            layout,
            with_image: true,
        }
    }

    pub fn private(&self) -> bool {
        self.reply.private || self.layout == Layout::PrivateEmbed
    }

    /// The same message without its image, saying so in the language the image was drawn in
    /// (which is the message's).
    pub fn without_image(&self) -> Outgoing {
        let mut reply = self.reply.clone();
        let language = reply.drawn_in.unwrap_or_default();
        if reply.png.take().is_some() {
            reply.lines.push(words::image_not_uploaded(language));
        }
        if !reply.files.is_empty() {
            reply.files.clear();
            reply.lines.push(words::files_not_uploaded(language));
        }
        Outgoing {
            reply,
            layout: self.layout,
            with_image: false,
        }
    }

    pub fn has_image(&self) -> bool {
        self.with_image && (self.reply.png.is_some() || !self.reply.files.is_empty())
    }

    /// The text, after a mention of each user the reply is meant to notify.
    pub fn content(&self) -> String {
        let pings: Vec<String> = self
            .reply
            .mentions
            .iter()
            .map(|user| format!("<@{user}>"))
            .collect();
        let text = match self.layout {
            Layout::Plain => self.reply.text(),
            Layout::Embed | Layout::PrivateEmbed => String::new(),
        };
        match (pings.is_empty(), text.is_empty()) {
            (true, _) => truncate(&text, MAX_CONTENT_CHARS),
            (false, true) => pings.join(" "),
            (false, false) => truncate(&format!("{} {text}", pings.join(" ")), MAX_CONTENT_CHARS),
        }
    }

    /// Exactly the users the reply means to notify: never a role, @everyone, or a name that
    /// happens to look like a mention (poise and serenity would otherwise parse the content).
    pub fn allowed_mentions(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new().users(
            self.reply
                .mentions
                .iter()
                .map(|user| serenity::UserId::new(*user)),
        )
    }

    fn embed(&self) -> Option<CreateEmbed> {
        let (title, rest) = self.reply.lines.split_first()?;
        matches!(self.layout, Layout::Embed | Layout::PrivateEmbed).then(|| {
            CreateEmbed::new()
                .title(title.clone())
                .description(truncate(&rest.join("\n"), MAX_EMBED_DESCRIPTION_CHARS))
                .colour(EMBED_COLOUR)
        })
    }

    /// The board image and the reply's other files (a replay's animation and record).
    fn attachments(&self) -> Vec<CreateAttachment> {
        if !self.with_image {
            return Vec::new();
        }
        let board = self
            .reply
            .png
            .iter()
            .map(|png| CreateAttachment::bytes(png.clone(), BOARD_FILE));
        let files = self
            .reply
            .files
            .iter()
            .map(|file| CreateAttachment::bytes(file.bytes.clone(), file.name.clone()));
        board.chain(files).collect()
    }

    fn rows(&self) -> Vec<CreateActionRow> {
        let menus = self.reply.menus.iter().map(|menu| {
            let options = menu
                .options
                .iter()
                .take(MENU_OPTIONS)
                .map(|option| {
                    serenity::CreateSelectMenuOption::new(
                        truncate(&option.label, MENU_TEXT_CHARS),
                        option.value.clone(),
                    )
                })
                .collect();
            let kind = serenity::CreateSelectMenuKind::String { options };
            CreateActionRow::SelectMenu(
                serenity::CreateSelectMenu::new(menu.id.to_string(), kind)
                    .placeholder(truncate(&menu.placeholder, MENU_TEXT_CHARS)),
            )
        });
        let buttons = self.reply.buttons.chunks(BUTTONS_PER_ROW).map(|row| {
            CreateActionRow::Buttons(
                row.iter()
                    .map(|button| {
                        CreateButton::new(button.id.to_string())
                            .label(button.label.clone())
                            .style(style_of(button.id))
                    })
                    .collect(),
            )
        });
        // Discord allows five rows in all: buttons first, the menus below them.
        buttons.chain(menus).take(MAX_ROWS).collect()
    }

    pub fn interaction_message(&self) -> CreateInteractionResponseMessage {
        message_body!(
            self,
            CreateInteractionResponseMessage::new().ephemeral(self.private())
        )
    }

    pub fn followup(&self) -> CreateInteractionResponseFollowup {
        message_body!(
            self,
            CreateInteractionResponseFollowup::new().ephemeral(self.private())
        )
    }

    /// The message's new text and buttons, for an edit of a message the bot sent (a
    /// tournament's announcement showing the live standings).
    pub fn edit_message(&self) -> serenity::EditMessage {
        serenity::EditMessage::new()
            .content(self.content())
            .allowed_mentions(self.allowed_mentions())
            .components(self.rows())
    }

    pub fn channel_message(&self) -> CreateMessage {
        message_body!(self, CreateMessage::new())
    }
}

/// Green to accept, red for what ends or refuses something, grey otherwise.
fn style_of(id: ButtonId) -> ButtonStyle {
    match id {
        ButtonId::Accept(_)
        | ButtonId::AnswerDraw { accept: true, .. }
        | ButtonId::Rematch
        | ButtonId::TournamentJoin(_)
        | ButtonId::DeployReady(_) => ButtonStyle::Success,
        ButtonId::Decline(_)
        | ButtonId::AnswerDraw { accept: false, .. }
        | ButtonId::Withdraw(_)
        | ButtonId::Resign(_)
        | ButtonId::Abandon(_)
        | ButtonId::ConfirmResign
        | ButtonId::ConfirmAbandon
        | ButtonId::ConfirmCancel => ButtonStyle::Danger,
        ButtonId::OfferDraw { .. } | ButtonId::Deploy(_) | ButtonId::MyPieces(_) => {
            ButtonStyle::Primary
        }
        ButtonId::Board
        | ButtonId::History { .. }
        | ButtonId::TournamentLeave(_)
        | ButtonId::LeaveQueue
        | ButtonId::Analyse(_)
        | ButtonId::DeployRandom(_) => ButtonStyle::Secondary,
    }
}

/// Cuts text to Discord's limit of `chars` characters, on a character boundary.
fn truncate(text: &str, chars: usize) -> String {
    if text.chars().count() <= chars {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(chars - 1).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_on_a_character_boundary() {
        let text = "军".repeat(2500);
        let cut = truncate(&text, MAX_CONTENT_CHARS);
        assert_eq!(cut.chars().count(), MAX_CONTENT_CHARS);
        assert!(cut.ends_with('…'));
        assert_eq!(truncate("short", MAX_CONTENT_CHARS), "short");
    }

    #[test]
    fn button_styles_follow_what_they_do() {
        let table = [
            ("accept:3", ButtonStyle::Success),
            ("draw:accept:3", ButtonStyle::Success),
            ("decline:3", ButtonStyle::Danger),
            ("draw:decline:3", ButtonStyle::Danger),
            ("withdraw:3", ButtonStyle::Danger),
            ("rematch", ButtonStyle::Success),
            ("board", ButtonStyle::Secondary),
        ];
        for (wire, style) in table {
            let id = wire.parse().expect("a button id");
            assert_eq!(style_of(id), style, "{wire}");
        }
    }

    #[test]
    fn without_image_drops_the_png_and_says_so() {
        let reply = Reply::public(vec!["alice flips B3".into()]).with_png(Some(vec![1, 2, 3]));
        let outgoing = Outgoing::new(reply, Layout::Plain);
        assert!(outgoing.has_image());
        let text_only = outgoing.without_image();
        assert!(!text_only.has_image());
        assert_eq!(text_only.reply.lines.len(), 2);
        assert!(text_only.reply.lines[1].contains("/board"));
    }
}
