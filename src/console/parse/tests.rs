//! Reading console lines: every command, the refusals and their reasons, and the table's
//! commands and levels all readable.

use super::*;
use crate::GameKind;

fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

#[test]
fn reads_every_command() {
    let bob = Member {
        user: user_id("bob"),
        name: "bob".into(),
    };
    let table = [
        (
            "/challenge @bob",
            Command::Challenge {
                opponent: Opponent::Member(bob.clone()),
                seconds: None,
                game: crate::GameKind::Flip,
            },
        ),
        (
            "/challenge @bob seconds:60",
            Command::Challenge {
                opponent: Opponent::Member(bob.clone()),
                seconds: Some(60),
                game: crate::GameKind::Flip,
            },
        ),
        (
            "/challenge @AI level:easy",
            Command::Challenge {
                opponent: Opponent::Ai {
                    level: Some(crate::ai::Level::Easy),
                },
                seconds: None,
                game: crate::GameKind::Flip,
            },
        ),
        (
            "/challenge @ai level:master seconds:60",
            Command::Challenge {
                opponent: Opponent::Ai {
                    level: Some(crate::ai::Level::Master),
                },
                seconds: Some(60),
                game: crate::GameKind::Flip,
            },
        ),
        ("/accept", Command::Accept { challenge: None }),
        (
            "/play seconds:30",
            Command::Play {
                seconds: Some(30),
                game: crate::GameKind::Flip,
                cancel: false,
            },
        ),
        (
            "/play game:dark seconds:60",
            Command::Play {
                seconds: Some(60),
                game: crate::GameKind::Dark,
                cancel: false,
            },
        ),
        (
            "/play game:OPEN",
            Command::Play {
                seconds: None,
                game: crate::GameKind::Open,
                cancel: false,
            },
        ),
        (
            "/play cancel:true",
            Command::Play {
                seconds: None,
                game: crate::GameKind::Flip,
                cancel: true,
            },
        ),
        (
            "/challenge seconds:60",
            Command::Challenge {
                opponent: Opponent::Anyone,
                seconds: Some(60),
                game: crate::GameKind::Flip,
            },
        ),
        (
            "/accept 12",
            Command::Accept {
                challenge: Some(12),
            },
        ),
        ("/decline", Command::Decline { challenge: None }),
        ("/withdraw 3", Command::Withdraw { challenge: Some(3) }),
        ("/flip b3", Command::Flip(sq("B3"))),
        (
            "/move B3 C3",
            Command::Move {
                from: sq("B3"),
                to: sq("C3"),
            },
        ),
        (
            "/move b3c3",
            Command::Move {
                from: sq("B3"),
                to: sq("C3"),
            },
        ),
        ("/moves E12", Command::Moves(sq("E12"))),
        ("/board", Command::Board),
        ("/export", Command::Export),
        ("/resign", Command::Resign),
        ("/draw", Command::OfferDraw),
        ("/draw offer", Command::OfferDraw),
        (
            "/draw accept",
            Command::AnswerDraw {
                accept: true,
                game: None,
            },
        ),
        (
            "/draw decline",
            Command::AnswerDraw {
                accept: false,
                game: None,
            },
        ),
        ("/abandon", Command::Abandon),
        ("/rematch", Command::Rematch),
        (
            "/rank",
            Command::Rank {
                member: None,
                game: GameKind::Flip,
            },
        ),
        (
            "/rank @bob",
            Command::Rank {
                member: Some(bob.clone()),
                game: GameKind::Flip,
            },
        ),
        (
            "/rank @bob game:dark",
            Command::Rank {
                member: Some(bob),
                game: GameKind::Dark,
            },
        ),
        (
            "/leaderboard",
            Command::Leaderboard {
                global: false,
                game: GameKind::Flip,
            },
        ),
        (
            "/leaderboard global:true game:open",
            Command::Leaderboard {
                global: true,
                game: GameKind::Open,
            },
        ),
        (
            "/leaderboard global:true",
            Command::Leaderboard {
                global: true,
                game: GameKind::Flip,
            },
        ),
        ("/rules", Command::Rules),
        ("/HELP", Command::Help),
    ];
    for (text, command) in table {
        let line = parse_line(&format!("alice {text}")).unwrap().unwrap();
        assert_eq!(line.command, command, "{text}");
        assert_eq!(
            (line.name.as_str(), line.channel.as_str()),
            ("alice", "main")
        );
    }
}

/// Every command of the table is one the console reads, by its name and its aliases.
#[test]
fn reads_every_command_of_the_table() {
    for cmd in Cmd::ALL {
        let spec = cmd.spec();
        for name in std::iter::once(spec.names.en).chain(spec.console_aliases.iter().copied()) {
            let unknown = matches!(parse_command(name), Err(ParseError::UnknownCommand(_)));
            assert!(!unknown, "/{name}");
            assert_eq!(
                Cmd::from_console(&name.to_uppercase()),
                Some(cmd),
                "/{name}"
            );
        }
    }
}

/// `/challenge`'s level choices are the AI's levels, each of which the console reads.
#[test]
fn the_tables_levels_are_the_ais() {
    let level = Cmd::Challenge.option("level").map(|option| option.kind);
    let Some(Kind::Choice(choices)) = level else {
        panic!("/challenge has no level choices: {level:?}");
    };
    let names: Vec<&str> = choices.iter().map(|choice| choice.name).collect();
    let levels: Vec<&str> = crate::ai::Level::ALL
        .iter()
        .map(|level| level.name())
        .collect();
    assert_eq!(names, levels);
    for name in names {
        let line = format!("challenge @ai level:{name}");
        assert!(parse_command(&line).is_ok(), "{line}");
    }
}

#[test]
fn reads_channels_and_skips_blank_lines() {
    let line = parse_line("carol#side /board").unwrap().unwrap();
    assert_eq!(
        (line.name.as_str(), line.channel.as_str()),
        ("carol", "side")
    );
    assert_eq!(parse_line("   ").unwrap(), None);
    assert_eq!(parse_line("# a comment").unwrap(), None);
    assert_ne!(place("main"), place("side"));
    assert_eq!(user_id("Bob"), user_id("bob"));
    assert_ne!(user_id("bob"), AI_USER);
}

#[test]
fn refuses_bad_lines_with_a_reason() {
    let table = [
        ("alice", "NAME /command"),
        ("alice challenge @bob", "NAME /command"),
        ("ai /board", "not a usable name"),
        ("al ice /board", "NAME /command"),
        ("alice /jump", "unknown command /jump"),
        ("alice /flip", "usage: /flip SQUARE"),
        ("alice /flip Z9", "not a square"),
        ("alice /move B3", "/move"),
        ("alice /challenge bob", "@NAME"),
        ("alice /challenge @bob seconds:soon", "not a number"),
        (
            "alice /challenge @bob colour:red",
            "unknown option `colour:`",
        ),
        ("alice /accept x", "not a challenge number"),
        (
            "alice /play game:siguo",
            "unknown game \"siguo\": expected flip, dar",
        ),
        ("alice /draw maybe", "offer, accept or decline"),
        ("alice#bad!chan /board", "channel"),
        ("alice /board now", "usage: /board"),
    ];
    for (text, expected) in table {
        let error = parse_line(text).unwrap_err().to_string();
        assert!(error.contains(expected), "{text:?} gave {error:?}");
    }
}

#[test]
fn long_input_is_echoed_only_in_part() {
    let huge = "x".repeat(1_000_000);
    for line in [
        format!("{huge} /board"),
        format!("alice /{huge}"),
        format!("alice /flip {huge}"),
        format!("alice /challenge @{huge}"),
        format!("alice /accept {huge}"),
    ] {
        let error = parse_line(&line).unwrap_err().to_string();
        assert!(error.len() < 300, "{} bytes echoed", error.len());
    }
}

proptest::proptest! {
    /// Any text at all reads as a command, nothing, or an error whose message stays short.
    #[test]
    fn any_line_is_answered_briefly(line in "\\PC{0,300}", prefix in "(alice|bob#x|@ai|) ?/?") {
        let text = format!("{prefix}{line}");
        if let Err(error) = parse_line(&text) {
            proptest::prop_assert!(error.to_string().chars().count() < 250);
        }
    }
}
