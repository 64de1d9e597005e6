//! A 暗棋 deployment on Discord: the Deploy button opens a panel only the presser sees (its
//! image, Random and Ready, a menu of presets and one of the presser's saved layouts), a
//! non-player's press is refused privately, choosing in a menu puts that layout on the panel,
//! and nothing of a layout reaches the game's thread.

use crate::support;

use serde_json::{Value, json};
use support::bot::{self, answer, press, slash, text_option};
use support::fake_discord::{FakeDiscord, RestCall};
use support::payloads::{ALICE, BOB, CAROL, TestUser};

const DEPLOY_SAVE: u64 = 4;
const TURTLE: &str = "2,6,1,5,2/3,.,8,.,4/7,X,.,X,9/4,.,3,.,7/M,1,6,3,M/1,F,M,2,5";

/// The custom ids of `call`'s components that start with `prefix`.
fn ids_starting(call: &RestCall, prefix: &str) -> Vec<String> {
    call.custom_ids()
        .into_iter()
        .filter(|id| id.starts_with(prefix))
        .collect()
}

/// Presses Deploy on the game's first message as `who`: the answer and the panel's message.
async fn open_panel(
    fake: &FakeDiscord,
    who: TestUser,
    first: u64,
    deploy: &str,
) -> (RestCall, u64) {
    let mark = fake.mark();
    let injected = fake.press(who, first, deploy);
    let call = answer(fake, mark, &injected).await;
    let panel = fake.message_of(&injected).expect("the panel is a message");
    (call, panel.id)
}

/// Chooses `value` in menu `menu` of the panel `panel` as `who`; the bot's answer.
async fn choose(
    fake: &FakeDiscord,
    who: TestUser,
    panel: u64,
    menu: &str,
    value: &str,
) -> RestCall {
    let mark = fake.mark();
    let injected = fake.choose(who, panel, menu, value);
    answer(fake, mark, &injected).await
}

fn body(call: &RestCall) -> String {
    call.json.as_ref().map(Value::to_string).unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_deploy_panel_offers_presets_and_saved_layouts_in_menus() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let running = bot::start_seeded(&fake, data.path()).await;

    let options = json!([
        { "type": 6, "name": "member", "value": BOB.id.to_string() },
        { "type": 4, "name": "game", "value": 1 },
    ]);
    let (challenge, call) = slash(&fake, ALICE, "challenge", options, &[BOB]).await;
    let accept = ids_starting(&call, "accept:")
        .pop()
        .expect("an Accept button");
    let message = fake.message_of(&challenge).expect("the challenge message");
    let mark = fake.mark();
    press(&fake, BOB, message.id, &accept).await;
    let first = bot::wait_for_thread_start(&fake, mark).await;
    let thread = bot::follow_thread(&fake).expect("the game's thread");
    let deploy = ids_starting(&first, "deploy:")
        .pop()
        .expect("a Deploy button");
    let game = deploy.trim_start_matches("deploy:").to_string();
    let first = fake
        .messages_in(thread)
        .first()
        .map(|message| message.id)
        .expect("the game's first message");

    let (refused, _) = open_panel(&fake, CAROL, first, &deploy).await;
    assert!(refused.is_ephemeral(), "a non-player is refused privately");
    assert!(refused.custom_ids().is_empty(), "{}", body(&refused));

    let (panel, panel_id) = open_panel(&fake, ALICE, first, &deploy).await;
    assert!(panel.is_ephemeral(), "only the presser sees the panel");
    assert_eq!(
        panel.png_uploads().len(),
        1,
        "the panel shows the presser's half"
    );
    assert_eq!(
        panel.custom_ids(),
        [
            format!("deploy:random:{game}"),
            format!("deploy:ready:{game}"),
            format!("deploy:presets:{game}"),
        ],
        "no saved layout yet, so no menu of them"
    );
    let presets = body(&panel);
    for preset in ["classic 标准阵", "turtle 铁桶阵", "lock-left 左三雷锁旗"] {
        assert!(presets.contains(preset), "{preset} in {presets}");
    }

    let chosen = choose(
        &fake,
        ALICE,
        panel_id,
        &format!("deploy:presets:{game}"),
        "turtle",
    )
    .await;
    assert!(chosen.is_ephemeral());
    assert!(body(&chosen).contains(TURTLE), "{}", body(&chosen));

    let save = json!([
        { "type": 4, "name": "action", "value": DEPLOY_SAVE },
        text_option("name", "wall"),
    ]);
    let (_, saved) = slash(&fake, ALICE, "deploy", save, &[]).await;
    assert!(saved.is_ephemeral());
    assert!(
        body(&saved).contains("Your saved layouts: wall"),
        "{}",
        body(&saved)
    );
    assert_eq!(
        ids_starting(&saved, "deploy:saved:"),
        [format!("deploy:saved:{game}")]
    );

    let random = press(&fake, ALICE, panel_id, &format!("deploy:random:{game}")).await;
    assert!(
        !body(&random).contains(TURTLE),
        "Random replaced the preset"
    );
    let loaded = choose(
        &fake,
        ALICE,
        panel_id,
        &format!("deploy:saved:{game}"),
        "wall",
    )
    .await;
    assert!(body(&loaded).contains(TURTLE), "{}", body(&loaded));

    let forged = choose(
        &fake,
        BOB,
        panel_id,
        &format!("deploy:saved:{game}"),
        "wall",
    )
    .await;
    assert!(forged.is_ephemeral());
    assert!(
        !body(&forged).contains(TURTLE),
        "bob has no layout called wall"
    );

    const EPHEMERAL: u64 = 1 << 6;
    let public = fake.messages_in(thread);
    for message in public
        .iter()
        .filter(|message| message.flags & EPHEMERAL == 0)
    {
        let text = format!(
            "{} {} {}",
            message.content, message.components, message.embeds
        );
        assert!(!text.contains(TURTLE), "a layout in the thread: {text}");
    }
    running.stop().await;
}
