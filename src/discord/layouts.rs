//! `/layouts`: the member's saved layouts, privately; `delete name:` removes one (the name is
//! completed from their own layouts as they type).

use super::commands::run;
use super::messages::Layout;
use super::{CommandError, Context, autocomplete};
use crate::service::{Command, Reply};

/// `/layouts [delete] [name]`.
#[poise::command(slash_command, guild_only)]
pub(super) async fn layouts(
    ctx: Context<'_>,
    action: Option<LayoutsAction>,
    #[autocomplete = "autocomplete::saved"] name: Option<String>,
) -> Result<(), CommandError> {
    let language = super::commands::locale_language(ctx);
    let command = match (action, name) {
        (None, _) => Ok(Command::Layouts { delete: None }),
        (Some(LayoutsAction::Delete), Some(name)) => Ok(Command::Layouts { delete: Some(name) }),
        (Some(LayoutsAction::Delete), None) => Err(Reply::refusal(
            crate::words::deploy::missing_option(language, "name"),
        )),
    };
    run(ctx, command, Layout::Plain).await
}

/// What `/layouts` does beside listing, as the table's choices name it.
#[derive(poise::ChoiceParameter, Clone, Copy, PartialEq, Eq, Debug)]
pub enum LayoutsAction {
    #[name = "delete"]
    Delete,
}
