//! Wording checks: Discord texts name buttons, not console commands; English plurals agree.

mod discord_words {
    use crate::config::Language;
    use crate::words::*;

    /// Discord's texts about a challenge or a draw offer name the buttons under it, not
    /// commands (Discord has no `/draw accept`, and its `/accept` is `/接受` in Chinese); the
    /// console names its own commands.
    #[test]
    fn discord_words_name_buttons_not_console_commands() {
        let console_only = [
            "/accept",
            "/decline",
            "/withdraw",
            "/draw accept",
            "/draw decline",
        ];
        for lang in [Language::English, Language::ZhHans, Language::ZhHant] {
            let mut texts = vec![
                offers_draw(lang, Surface::Discord, "alice", "bob"),
                open_challenge_exists(lang, Surface::Discord),
                only_can_decline(lang, Surface::Discord, "bob", true),
                only_can_decline(lang, Surface::Discord, "bob", false),
            ];
            for rematch in [false, true] {
                texts.extend(challenge_lines(
                    lang,
                    (rematch, crate::GameKind::Flip),
                    "alice",
                    "bob",
                    30,
                    10,
                    7,
                    Surface::Discord,
                ));
            }
            for text in &texts {
                for command in console_only {
                    assert!(!text.contains(command), "{lang:?}: {text}");
                }
            }
            let console = offers_draw(lang, Surface::Console, "alice", "bob");
            assert!(console.contains("/draw accept"), "{console}");
        }
    }
}

mod plurals {
    use crate::config::Language;
    use crate::words::*;

    #[test]
    fn english_counts_agree_with_their_noun() {
        let en = Language::English;
        let table = [
            (
                challenge_lines(
                    en,
                    (false, crate::GameKind::Flip),
                    "a",
                    "b",
                    30,
                    1,
                    7,
                    Surface::Console,
                )[1]
                .clone(),
                "within 1 minute (",
            ),
            (
                challenge_lines(
                    en,
                    (false, crate::GameKind::Flip),
                    "a",
                    "b",
                    30,
                    10,
                    7,
                    Surface::Console,
                )[1]
                .clone(),
                "within 10 minutes (",
            ),
            (points(en, 1), "1 point"),
            (points(en, 0), "0 points"),
            (points(en, -1), "-1 point"),
            (points(en, 2), "2 points"),
            (record(en, 1, 0, 0, 0, 1), "1 game"),
            (record(en, 1, 1, 0, 0, 2), "2 games"),
        ];
        for (text, expected) in table {
            assert!(
                text.ends_with(expected) || text.contains(expected),
                "{text:?}"
            );
            assert!(
                !text.contains("1 minutes") && !text.ends_with("1 points"),
                "{text:?}"
            );
        }
        assert_eq!(points(en, 1), "1 point");
        assert_eq!(points(Language::ZhHans, 1), "1 分");
    }
}
