//! `/layouts`: a member's saved layouts, listed privately with each one's notation, or one of
//! them deleted. (Saving and loading are `/deploy` steps, in `live/deploy.rs`.) Nothing here
//! is ever public: a layout is hidden information.

use std::sync::Arc;

use super::{Caller, Inner, Reply, store_failure};
use crate::config::Language;
use crate::console::parse::echo;
use crate::words::layouts as say;

pub(super) async fn layouts(
    inner: &Arc<Inner>,
    caller: &Caller,
    lang: Language,
    delete: Option<String>,
) -> Reply {
    let surface = inner.surface;
    if let Some(name) = delete {
        let gone = match inner.store.delete_layout(caller.user, &name).await {
            Ok(gone) => gone,
            Err(error) => return store_failure(&error.into(), lang),
        };
        return match gone {
            Some(gone) => {
                let left = match inner.store.saved_layouts(caller.user).await {
                    Ok(saved) => saved.layouts.len(),
                    Err(error) => return store_failure(&error.into(), lang),
                };
                Reply::private(vec![say::deleted(lang, &echo(&gone.name), left)])
            }
            None => {
                let saved = match inner.store.saved_layouts(caller.user).await {
                    Ok(saved) => saved.names(),
                    Err(error) => return store_failure(&error.into(), lang),
                };
                let saved: Vec<String> = saved.iter().map(|name| echo(name)).collect();
                Reply::refusal(say::unknown(lang, surface, &echo(name.trim()), &saved))
            }
        };
    }
    let saved = match inner.store.saved_layouts(caller.user).await {
        Ok(saved) => saved,
        Err(error) => return store_failure(&error.into(), lang),
    };
    if saved.layouts.is_empty() {
        return Reply::private(vec![say::list_empty(lang, surface)]);
    }
    let mut lines = vec![say::list_heading(lang, saved.layouts.len())];
    for layout in &saved.layouts {
        lines.push(format!("{}: {}", echo(&layout.name), layout.layout));
    }
    lines.push(say::list_hint(lang, surface));
    Reply::private(lines)
}

/// The names of `user`'s saved layouts (none when the store cannot say): for suggestions while
/// they type a layout's name, and for the deployment panel's menu.
pub(in crate::service) async fn names(
    inner: &Arc<Inner>,
    user: crate::store::UserId,
) -> Vec<String> {
    match inner.store.saved_layouts(user).await {
        Ok(saved) => saved.names(),
        Err(error) => {
            tracing::warn!("saved layouts unreadable for suggestions: {error}");
            Vec::new()
        }
    }
}
