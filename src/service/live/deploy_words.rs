//! The words of a standard game's deployment (`deploy.rs` decides it): the announcement with
//! both players' state and the clock, each player's private panel with its buttons, Ready,
//! the deployment clock's end and the refusals of `/deploy`.

use super::deploy::DeployRefusal;
use super::happened::{DeployNote, Scene};
use super::{Button, ButtonId, GameEvent, Reply, Surface};
use crate::config::Language;
use crate::game::Seat;
use crate::service::{Menu, MenuId, MenuOption};
use crate::standard::{LayoutError, PRESETS, SwapError};
use crate::words::deploy as say;

/// The announcement of a new standard game: its kind, both players' deployment state, the
/// deployment clock as a countdown and the Deploy button. Both players are pinged.
pub(super) fn started(scene: &Scene) -> Reply {
    let lang = scene.public;
    let names = &scene.names;
    let ready = scene.deploying.unwrap_or([false; 2]);
    let lines = vec![
        super::tell::begins_line(scene),
        say::game_line(lang, scene.kind),
        say::deployment_state(lang, names, ready),
        say::deployment_begins(lang, scene.surface, scene.turn_deadline_ms / 1000),
    ];
    let mut reply = Reply::public(lines)
        .mentioning(scene.players)
        .with_event(GameEvent::Started {
            game: scene.id,
            names: names.clone(),
        });
    if scene.surface == Surface::Discord {
        reply = reply.with_buttons(vec![Button::new(
            say::button_deploy(lang),
            ButtonId::Deploy(scene.id),
        )]);
    }
    reply
}

/// A player's private panel: what the step did, the layout in notation, and how to go on.
pub(super) fn panel(
    scene: &Scene,
    layout: Option<&crate::standard::Layout>,
    note: &DeployNote,
    saved: &[String],
) -> Reply {
    let lang = scene.private;
    let (from, to) = match note {
        DeployNote::Swapped { from, to } => (from.to_string(), to.to_string()),
        _ => (String::new(), String::new()),
    };
    let note = match note {
        DeployNote::Shown => say::PanelNote::Shown,
        DeployNote::Random => say::PanelNote::Random,
        DeployNote::Preset(name) => say::PanelNote::Preset(name),
        DeployNote::Layout => say::PanelNote::Layout,
        DeployNote::Swapped { .. } => say::PanelNote::Swapped(&from, &to),
        DeployNote::Waiting => say::PanelNote::Waiting,
        DeployNote::Saved {
            name,
            replaced,
            count,
        } => say::PanelNote::Saved {
            name,
            replaced: *replaced,
            count: *count,
        },
        DeployNote::Loaded(name) => say::PanelNote::Loaded(name),
    };
    let waiting = matches!(note, say::PanelNote::Waiting);
    let mut lines = vec![say::panel_note(lang, note)];
    if let Some(layout) = layout {
        lines.push(layout.to_string());
    }
    if !waiting {
        lines.push(say::panel_hint(lang, scene.surface));
        lines.push(say::presets_line(lang, &preset_names()));
        if !saved.is_empty() {
            lines.push(say::saved_line(lang, scene.surface, &saved.join(", ")));
        }
    }
    let mut reply = Reply::private(lines);
    if scene.surface == Surface::Discord && !waiting {
        reply = reply
            .with_buttons(vec![
                Button::new(say::button_random(lang), ButtonId::DeployRandom(scene.id)),
                Button::new(say::button_ready(lang), ButtonId::DeployReady(scene.id)),
            ])
            .with_menus(layout_menus(scene, saved));
    }
    reply
}

/// The panel's menus: the presets, and the player's saved layouts when they have any.
fn layout_menus(scene: &Scene, saved: &[String]) -> Vec<Menu> {
    let lang = scene.private;
    let presets = PRESETS
        .iter()
        .map(|preset| MenuOption {
            label: format!("{} {}", preset.name, preset.chinese),
            value: preset.name.to_string(),
        })
        .collect();
    let mut menus = vec![Menu {
        id: MenuId::DeployPreset(scene.id),
        placeholder: say::menu_presets(lang),
        options: presets,
    }];
    if !saved.is_empty() {
        let options = saved
            .iter()
            .map(|name| MenuOption {
                label: name.clone(),
                value: name.clone(),
            })
            .collect();
        menus.push(Menu {
            id: MenuId::DeploySaved(scene.id),
            placeholder: say::menu_saved(lang),
            options,
        });
    }
    menus
}

fn preset_names() -> String {
    PRESETS
        .iter()
        .map(|preset| preset.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// `name` confirmed: the channel sees it, and when it began the game, who acts first.
pub(super) fn ready(scene: &Scene, name: &str, began: bool) -> Reply {
    let lang = scene.public;
    let mut lines = vec![say::is_ready(lang, name)];
    if !began {
        let ready = scene.deploying.unwrap_or([false; 2]);
        lines.push(say::deployment_state(lang, &scene.names, ready));
        return Reply::public(lines);
    }
    begun(scene, lines)
}

/// The deployment clock ran out: who played what, and the game's first turn.
pub(super) fn expired(scene: &Scene, waiting: &[(Seat, bool)]) -> Reply {
    let lang = scene.public;
    let lines = waiting
        .iter()
        .map(|(seat, had)| say::deployment_expired(lang, &scene.names[seat.index()], *had))
        .collect();
    begun(scene, lines)
}

/// The game has begun: both deployed, who acts first, pinging them.
fn begun(scene: &Scene, mut lines: Vec<String>) -> Reply {
    let lang = scene.public;
    lines.push(say::both_deployed(lang));
    lines.push(crate::words::turns::to_act_line(
        &scene.view,
        &scene.names,
        Some(scene.seconds_left),
        lang,
    ));
    let mut reply = Reply::public(lines).mentioning([scene.players[scene.view.to_act.index()]]);
    if scene.surface == Surface::Discord {
        reply = reply.with_buttons(vec![Button::new(
            say::button_my_pieces(lang),
            ButtonId::MyPieces(scene.id),
        )]);
    }
    reply
}

/// The sentence of a refused `/deploy` step.
pub(super) fn refusal(refusal: &DeployRefusal, lang: Language, surface: Surface) -> String {
    match refusal {
        DeployRefusal::NotStandard => say::not_standard(lang),
        DeployRefusal::UnknownPreset(name) => {
            say::unknown_preset(lang, &crate::console::parse::echo(name), &preset_names())
        }
        DeployRefusal::NotYourPost(square) => say::not_your_post(lang, &square.to_string()),
        DeployRefusal::BadName(error) => crate::words::layouts::bad_name(lang, *error),
        DeployRefusal::NothingToSave => crate::words::layouts::nothing_to_save(lang),
        DeployRefusal::Full => crate::words::layouts::full(lang, surface),
        DeployRefusal::UnknownSaved { name, saved } => crate::words::layouts::unknown(
            lang,
            surface,
            &crate::console::parse::echo(name),
            &saved
                .iter()
                .map(|n| crate::console::parse::echo(n))
                .collect::<Vec<_>>(),
        ),
        DeployRefusal::Swap(error, colour) => match error {
            SwapError::Camp(post) => say::camp(lang, &post.square(*colour).to_string()),
            SwapError::OtherHalf(square) => say::not_your_post(lang, &square.to_string()),
            SwapError::Breaks(broken) => {
                say::rule_broken(lang, broken, &broken.post().square(*colour).to_string())
            }
        },
        DeployRefusal::Layout(error, colour) => match error {
            LayoutError::Deployment(broken) => {
                say::rule_broken(lang, broken, &broken.post().square(*colour).to_string())
            }
            other => say::unreadable_layout(lang, &other.to_string()),
        },
    }
}
