//! `/rank` and `/leaderboard` on Discord take the ladder's `game` (flip, dark, open, with
//! localised choice names); their registration JSON is kept as a golden file,
//! tests/transcripts/ladders_registration.json (regenerate with UPDATE_GOLDEN=1), and a
//! `/leaderboard game:dark` answers with the 暗棋 ladder.

use crate::support;

use serde_json::{Value, json};
use support::bot::{self, slash};
use support::fake_discord::FakeDiscord;
use support::payloads::ALICE;

use crate::discord_settings::{check_golden_json, registration};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rank_and_leaderboard_take_the_ladder_of_a_game_kind() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let running = bot::start(&fake, bot::config_for(&fake, data.path())).await;

    let commands = fake.commands();
    let mut golden = serde_json::Map::new();
    for name in ["rank", "leaderboard"] {
        let options = commands[name]["options"].as_array().expect("options");
        let game = options
            .iter()
            .find(|option| option["name"] == "game")
            .unwrap_or_else(|| panic!("/{name} has a game option: {options:?}"));
        let choices: Vec<&Value> = game["choices"]
            .as_array()
            .expect("choices")
            .iter()
            .map(|choice| &choice["name"])
            .collect();
        assert_eq!(choices, [&json!("flip"), &json!("dark"), &json!("open")]);
        assert_eq!(game["choices"][1]["name_localizations"]["zh-CN"], "暗棋");
        assert_eq!(game["name_localizations"]["zh-TW"], "棋種");
        golden.insert(name.to_string(), registration(&commands[name]));
    }
    check_golden_json("ladders_registration.json", &Value::Object(golden));

    let options = json!([{ "type": 4, "name": "game", "value": 1 }]);
    let (_, call) = slash(&fake, ALICE, "leaderboard", options, &[]).await;
    let answer = call.json.as_ref().map(Value::to_string).unwrap_or_default();
    assert!(answer.contains("dark (暗棋) ladder"), "{answer}");
    assert!(
        answer.contains("nobody has finished a game yet"),
        "{answer}"
    );
    running.stop().await;
}
