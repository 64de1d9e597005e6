//! The words of what a game's actor decided: [`words`] turns a [`Happened`] into the reply's
//! text, buttons, mentions and game event, without the image (drawn by `presenter.rs`), and
//! [`said`] words what the actor answered the caller alone (a [`Refusal`], an "are you sure?").

use super::finish::Ended;
use super::happened::{Event, GiveUp, Happened, Refusal, Said, Scene, Voice};
use super::{Button, ButtonId, GameEvent, Reply, Surface, text, words};
use crate::config::Language;
use crate::game::{Seat, SquareSet};
use crate::scoring;
use crate::words::ending;

/// What a turn prompt carries on Discord besides who acts: the action number and the deadline
/// as a live countdown, and the buttons for what a player may do without typing.
struct TurnExtras {
    lines: Vec<String>,
    buttons: Vec<Button>,
}

/// The extras of the turn prompt (none in the console, which has its own commands).
fn turn_extras(scene: &Scene, lang: Language) -> TurnExtras {
    if scene.surface != Surface::Discord {
        return TurnExtras {
            lines: Vec::new(),
            buttons: Vec::new(),
        };
    }
    let view = &scene.view;
    let next = u32::from(view.plies) + 1;
    let line = format!(
        "{} · {}",
        words::action_number(lang, next),
        words::deadline(lang, scene.turn_deadline_ms / 1000)
    );
    let id = super::Turn::new(scene.id, super::turn_number(view));
    let mut buttons = Vec::new();
    if u32::from(view.plies) >= u32::from(view.rules.actions_before_resign) {
        buttons.push(Button::new(
            words::button_offer_draw(lang),
            ButtonId::OfferDraw(id),
        ));
        buttons.push(Button::new(
            words::button_resign(lang),
            ButtonId::Resign(id),
        ));
    }
    buttons.push(Button::new(
        words::button_abandon(lang),
        ButtonId::Abandon(id),
    ));
    TurnExtras {
        lines: vec![line],
        buttons,
    }
}

/// The reply to `happened`, without its image.
pub(in crate::service) fn words(happened: &Happened) -> Reply {
    let scene = &happened.scene;
    let lang = scene.public;
    let names = &scene.names;
    let view = &scene.view;
    match &happened.event {
        Event::Started => started(scene),
        Event::Played {
            name,
            action,
            effect,
            colours_decided,
            ended,
        } => {
            let mut lines = vec![text::describe_action(name, *action, *effect, lang)];
            if *colours_decided {
                lines.extend(text::colours_line(view, names, lang));
            }
            after_event(scene, lines, ended.as_ref())
        }
        Event::Resigned { name, ended } => {
            after_event(scene, vec![words::resigns(lang, name)], ended.as_ref())
        }
        Event::Abandoned { name, ended } => {
            after_event(scene, vec![words::abandons(lang, name)], ended.as_ref())
        }
        Event::DrawAccepted { name, ended } => {
            after_event(scene, vec![words::accepts_draw(lang, name)], ended.as_ref())
        }
        Event::DrawDeclined { name } => Reply::public(vec![words::declines_draw(lang, name)]),
        Event::DrawOffered { name, to } => {
            let id = scene.id;
            let opponent = &names[to.index()];
            let line = words::offers_draw(lang, scene.surface, name, opponent);
            Reply::public(vec![line])
                .with_buttons(vec![
                    Button::new(
                        words::button_accept_draw(lang),
                        ButtonId::AnswerDraw {
                            accept: true,
                            game: id,
                        },
                    ),
                    Button::new(
                        words::button_decline_draw(lang),
                        ButtonId::AnswerDraw {
                            accept: false,
                            game: id,
                        },
                    ),
                ])
                .mentioning([scene.players[to.index()]])
        }
        Event::AiDeclinedDraw { name, ai } => Reply::public(vec![words::offers_draw_ai_declines(
            lang,
            name,
            &names[ai.index()],
        )]),
        Event::Warning { seat } => {
            let name = &names[seat.index()];
            let warning = words::seconds_left(lang, name, scene.seconds_left, scene.id);
            Reply::public(vec![warning]).mentioning([scene.players[seat.index()]])
        }
        Event::TimedOut { seat, ended } => {
            let count = view.timeouts[seat.index()];
            let limit = view.rules.timeouts_to_lose;
            let line = words::ran_out_of_time(lang, &names[seat.index()], count, limit);
            after_event(scene, vec![line], ended.as_ref())
        }
        Event::ClockDraw { ended } => after_event(scene, Vec::new(), ended.as_ref()),
        Event::EndFoundStored { ended } => after_event(scene, Vec::new(), Some(ended)),
        Event::Board => board(scene),
        Event::MyPieces { .. } => Reply::private(vec![crate::words::deploy::my_pieces(
            scene.private,
            scene.id,
        )]),
        Event::DeployPanel {
            layout,
            note,
            saved,
            ..
        } => super::deploy_words::panel(scene, layout.as_ref(), note, saved),
        Event::Ready { name, began } => super::deploy_words::ready(scene, name, *began),
        Event::DeploymentExpired { waiting } => super::deploy_words::expired(scene, waiting),
        Event::Guide { piece, guide, .. } => {
            let lang = scene.private;
            let list = |set: SquareSet| {
                let squares: Vec<String> = set.into_iter().map(|s| s.to_string()).collect();
                squares.join(" ")
            };
            Reply::private(words::guide(
                lang,
                &text::piece_name(*piece, lang),
                &guide.from.to_string(),
                &list(guide.empty),
                &list(guide.attacks),
            ))
        }
        Event::Exported => Reply::public(vec![
            view.notation(),
            text::export_players_line(view, names),
        ]),
        Event::Cancelled { by, reason } => {
            let notice = words::moderation::cancelled(lang, scene.id, names, by, reason);
            let nobody = words::moderation::cancelled_counts_for_nobody(lang);
            // Both players hear of it (and nobody else: the reason is the moderator's text).
            Reply::public(vec![notice, nobody])
                .mentioning(scene.players)
                .with_event(GameEvent::Ended { game: scene.id })
        }
    }
}

/// The announcement of a new game, with who acts first (a standard game: its deployment).
fn started(scene: &Scene) -> Reply {
    if scene.deploying.is_some() {
        return super::deploy_words::started(scene);
    }
    let lang = scene.public;
    let names = &scene.names;
    let mut lines = vec![
        begins_line(scene),
        text::to_act_line(&scene.view, names, Some(scene.seconds_left), lang),
    ];
    let turn = turn_extras(scene, lang);
    lines.extend(turn.lines);
    Reply::public(lines)
        .with_buttons(turn.buttons)
        .mentioning([scene.players[scene.view.to_act.index()]])
        .with_event(GameEvent::Started {
            game: scene.id,
            names: names.clone(),
        })
}

/// `game 1 begins: alice vs bob, …`, the first line of every game's announcement.
pub(super) fn begins_line(scene: &Scene) -> String {
    let names = &scene.names;
    words::game_begins(
        scene.public,
        scene.id,
        &names[0],
        &names[1],
        scene.turn_secs,
        scene.base_score,
        scene.rated,
    )
}

/// The board for everyone: a caption, the board in text, the counters and who acts.
fn board(scene: &Scene) -> Reply {
    let lang = scene.public;
    let view = &scene.view;
    let names = &scene.names;
    let mut lines = vec![words::board_caption(
        lang,
        scene.id,
        &text::seat_label(view, names, Seat::First, lang),
        &text::seat_label(view, names, Seat::Second, lang),
        scene.turn_secs,
        scene.base_score,
    )];
    lines.extend(text::board_text(view).lines().map(String::from));
    lines.push(words::counters(
        lang,
        view.plies,
        view.quiet,
        names,
        view.timeouts,
    ));
    lines.push(text::to_act_line(
        view,
        names,
        Some(scene.seconds_left),
        lang,
    ));
    Reply::public(lines)
}

/// The lines that close a game: the outcome and what it did to each player.
fn end_lines(scene: &Scene, ended: &Ended) -> Vec<String> {
    let lang = scene.public;
    let names = &scene.names;
    let mut lines = Vec::new();
    if let Some(outcome) = scene.view.outcome {
        lines.push(ending::outcome_line(outcome, names, lang));
    }
    if let Some(layouts) = &scene.layouts {
        for (seat, (colour, layout)) in Seat::BOTH.into_iter().zip(layouts) {
            let name = &names[seat.index()];
            lines.push(crate::words::deploy::layout_revealed(
                lang,
                name,
                *colour,
                &layout.to_string(),
            ));
        }
    }
    if scene.rated {
        for seat in Seat::BOTH {
            if scene.ai == Some(seat) {
                continue;
            }
            let stats = &ended.stats[seat.index()];
            lines.push(text::points_line(
                &names[seat.index()],
                ended.points[seat.index()],
                stats.points,
                scoring::title_for(stats.points),
                lang,
            ));
        }
        lines.push(words::base_score_line(lang, scene.base_score));
    } else {
        lines.push(words::unrated(lang));
    }
    lines
}

/// The reply after an event: `lines`, then either the end of the game (with a rematch
/// button) or who acts next.
fn after_event(scene: &Scene, mut lines: Vec<String>, ended: Option<&Ended>) -> Reply {
    let lang = scene.public;
    let view = &scene.view;
    match ended {
        Some(ended) => {
            lines.extend(end_lines(scene, ended));
            let mut buttons = vec![Button::new(words::button_rematch(lang), ButtonId::Rematch)];
            // A standard game that ended while its players deployed has nothing to analyse
            // (its layouts are known once it was played).
            if scene.kind == crate::GameKind::Flip || scene.layouts.is_some() {
                buttons.push(Button::new(
                    crate::words::analysis::button_analyse(lang),
                    ButtonId::Analyse(scene.id),
                ));
            }
            Reply::public(lines)
                .with_buttons(buttons)
                .mentioning(scene.players)
                .with_event(GameEvent::Ended { game: scene.id })
        }
        None => {
            lines.push(text::to_act_line(
                view,
                &scene.names,
                Some(scene.seconds_left),
                lang,
            ));
            let mut extras = turn_extras(scene, lang);
            lines.extend(extras.lines);
            if scene.kind.deploys() && scene.surface == Surface::Discord {
                let mine = Button::new(
                    crate::words::deploy::button_my_pieces(lang),
                    ButtonId::MyPieces(scene.id),
                );
                extras.buttons.insert(0, mine);
            }
            Reply::public(lines)
                .with_buttons(extras.buttons)
                .mentioning([scene.players[view.to_act.index()]])
        }
    }
}

/// The points each seat got at the end, for the picture's panel.
pub(in crate::service) fn points_of(event: &Event) -> Option<[i64; 2]> {
    let ended = match event {
        Event::Played { ended, .. }
        | Event::Resigned { ended, .. }
        | Event::Abandoned { ended, .. }
        | Event::DrawAccepted { ended, .. }
        | Event::TimedOut { ended, .. }
        | Event::ClockDraw { ended } => ended.as_ref(),
        Event::EndFoundStored { ended } => Some(ended),
        _ => None,
    };
    ended.map(|ended| ended.points)
}

/// The reply to what the actor said to the caller alone, in their language.
pub(in crate::service) fn said(said: &Said, voice: Voice) -> Reply {
    let lang = voice.lang;
    match said {
        Said::Refused(refusal) => Reply::refusal(refusal_text(refusal, voice)),
        Said::Confirm(give_up) => {
            let (question, yes, yes_id) = match give_up {
                GiveUp::Resign => (
                    words::confirm_resign(lang),
                    words::button_resign(lang),
                    ButtonId::ConfirmResign,
                ),
                GiveUp::Abandon => (
                    words::confirm_abandon(lang),
                    words::button_abandon(lang),
                    ButtonId::ConfirmAbandon,
                ),
            };
            Reply::private(vec![question]).with_buttons(vec![
                Button::new(yes, yes_id),
                Button::new(words::button_cancel(lang), ButtonId::ConfirmCancel),
            ])
        }
        Said::CancelDone { game, channel } => {
            Reply::private(vec![words::moderation::cancel_done(lang, *game, *channel)])
        }
    }
}

/// The sentence of a refusal.
fn refusal_text(refusal: &Refusal, voice: Voice) -> String {
    let Voice { lang, surface } = voice;
    match refusal {
        Refusal::NotPlaying => words::not_playing(lang),
        Refusal::NoPiece(square) => words::no_piece(lang, &square.to_string()),
        Refusal::FaceDown(square) => words::piece_face_down(lang, &square.to_string()),
        Refusal::NotYourPiece(square) => words::not_your_piece(lang, &square.to_string()),
        Refusal::NoMovesNow { piece, square } => {
            let name = text::piece_name(*piece, lang);
            words::no_moves_now(lang, &name, &square.to_string())
        }
        Refusal::Game(error) => words::game_error(lang, error),
        Refusal::Action { action, error } => {
            let reason = words::game_error(lang, error);
            words::refused(lang, &action.to_string(), &reason)
        }
        Refusal::Repetition(action) => words::repetition_warning(lang, &action.to_string()),
        Refusal::DrawOfFinishedGame => words::draw_of_finished_game(lang),
        Refusal::OldMessage => words::old_message(lang),
        Refusal::StaleButton => words::stale_button(lang),
        Refusal::NoGame => words::no_game(lang, surface),
        Refusal::NotAGameCommand(command) => format!("{command:?} is not a game command"),
        Refusal::StoreFailure => words::store_failure(lang),
        Refusal::StoreUnsure => words::store_unsure(lang),
        Refusal::CancelOwnGame(game) => words::moderation::cancel_own_game(lang, surface, *game),
        Refusal::AlreadyOver(game) => words::moderation::game_already_over(lang, *game),
        Refusal::Deploy(refusal) => super::deploy_words::refusal(refusal, lang, surface),
    }
}
