//! Every sentence in every language, checked where it is written: each `say!` and each board
//! word must give all three versions, English must not slip into Chinese (beyond the game's
//! own name), Simplified must not use Traditional-only forms and the other way round, and the
//! three versions must fill in the same arguments. Reading the sources means a new sentence is
//! checked the moment it is written, with no list to keep in step.

/// The sources of the wording, read at test time so that no list can leave one out: every
/// Rust file under `src/` that writes a `say!` sentence or a command table `phrase(..)`, and
/// every file of `words/` (where the board words `Name => [..]` live), as (path under `src/`,
/// text, whether its board words are sentences).
fn sources() -> Vec<(String, String, bool)> {
    const THIS_FILE: &str = "catalogue_tests.rs";
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    let mut folders = vec![root.clone()];
    while let Some(folder) = folders.pop() {
        let entries = std::fs::read_dir(&folder).expect("the source folder reads");
        for entry in entries {
            let path = entry.expect("a source folder entry").path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            // This file quotes the macro in its own tests.
            if path.extension().is_none_or(|ext| ext != "rs") || path.ends_with(THIS_FILE) {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a source file reads");
            let board_words = path
                .parent()
                .is_some_and(|parent| parent.ends_with("words"));
            if board_words || text.contains("say!(") || text.contains("phrase(\"") {
                let name = path
                    .strip_prefix(&root)
                    .unwrap_or(&path)
                    .display()
                    .to_string();
                found.push((name, text, board_words));
            }
        }
    }
    found.sort();
    found
}

/// Simplified forms that Traditional text must not use (all seen in this bot's wording).
const SIMPLIFIED_ONLY: &str = "与两个为么于从会传体关内军击创别务动区双发变号后吗员复夺对将尽属并开弯弹归录\
    总战执摆数无时机权条来没满现电画盘础确积简级经结给绝续胜脑获营计认记试该请负转轮较输达过还这进连选\
    里钟钮铁错长闭间难页须频颜红团师连营";
/// Traditional forms that Simplified text must not use.
const TRADITIONAL_ONLY: &str = "並來個傳儲內兩別則動勝員嗎執奪將對屬彈彎後從戰擊擺數於時會機權歸沒滿為無營\
    獲現產畫發盡盤確礎積級結絕給經總續腦與號裡複計訊討記試該認請論變負軍較輪輸轉這連進過達選還鈕錄錯\
    鐘鐵長閉開間關雙難電頁須頻顏體麼紅團師";
/// The only Chinese an English sentence may contain: the game's name, in full and short (the
/// context menus' "Challenge to 翻翻棋").
const GAME_NAMES: [&str; 2] = ["军棋翻翻棋", "翻翻棋"];

/// One sentence as written: where, and its English, Simplified and Traditional versions.
struct Sentence {
    place: String,
    versions: Vec<String>,
}

/// Reads the string literals that follow `from` in `text` (separated by commas and
/// whitespace), stopping at the first thing that is not one.
fn literals(text: &str, mut from: usize) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    loop {
        while from < bytes.len() && matches!(bytes[from], b' ' | b'\n' | b'\t' | b',') {
            from += 1;
        }
        if bytes.get(from) != Some(&b'"') {
            return found;
        }
        let mut literal = String::new();
        let mut chars = text[from + 1..].char_indices();
        let end = loop {
            let Some((i, c)) = chars.next() else {
                return found;
            };
            match c {
                '"' => break from + 1 + i + 1,
                '\\' => match chars.next() {
                    // A line continuation drops the newline and the next line's indent.
                    Some((_, '\n')) => {
                        let rest = &text[from + 1 + i + 2..];
                        let indent = rest.len() - rest.trim_start().len();
                        for _ in 0..indent {
                            chars.next();
                        }
                    }
                    Some((_, escaped)) => literal.push(escaped),
                    None => return found,
                },
                other => literal.push(other),
            }
        };
        found.push(literal);
        from = end;
    }
}

/// Skips the language argument of a `say!(` that starts at `from`: the position after its comma.
fn after_first_argument(text: &str, from: usize) -> usize {
    let mut depth = 0;
    for (i, c) in text[from..].char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => return from + i + 1,
            _ => {}
        }
    }
    text.len()
}

fn line_of(text: &str, at: usize) -> usize {
    text[..at].matches('\n').count() + 1
}

/// Every `say!(lang, …)`, every board word `Name => [..]` and every `phrase(..)` of the
/// command table in the wording sources.
fn sentences() -> Vec<Sentence> {
    let mut all = Vec::new();
    for (file, text, board_words) in sources() {
        for (at, _) in text.match_indices("say!(") {
            // The macro's own definition and its documentation are not sentences.
            if text[..at].ends_with("macro_rules! ") || text[..at].ends_with('`') {
                continue;
            }
            let start = after_first_argument(&text, at + "say!(".len());
            all.push(Sentence {
                place: format!("{file}:{}", line_of(&text, at)),
                versions: literals(&text, start),
            });
        }
        for (at, _) in text.match_indices("phrase(") {
            let versions = literals(&text, at + "phrase(".len());
            // The function's own definition and uses of the word are not phrases.
            if !versions.is_empty() {
                all.push(Sentence {
                    place: format!("{file}:{}", line_of(&text, at)),
                    versions,
                });
            }
        }
        let board_words = if board_words {
            text.match_indices(" => [\"").collect()
        } else {
            vec![]
        };
        for (at, _) in board_words {
            all.push(Sentence {
                place: format!("{file}:{}", line_of(&text, at)),
                versions: literals(&text, at + " => [".len()),
            });
        }
    }
    all
}

/// The names a template fills in (`{name}`, `{0}`, `{left:>3}` → `left`), with the English
/// plural helpers' `_en` suffix dropped.
fn arguments(template: &str) -> Vec<String> {
    let mut names: Vec<String> = template
        .split('{')
        .skip(1)
        .filter_map(|part| part.split_once('}'))
        .map(|(inside, _)| inside.split(':').next().unwrap_or("").to_string())
        .map(|name| name.strip_suffix("_en").map(str::to_string).unwrap_or(name))
        .collect();
    names.sort();
    names.dedup();
    names
}

fn is_chinese(c: char) -> bool {
    ('\u{3000}'..='\u{9fff}').contains(&c) || ('\u{ff00}'..='\u{ffef}').contains(&c)
}

#[test]
fn the_sources_hold_the_sentences() {
    let all = sentences();
    // Far fewer would mean the reader above stopped finding them.
    assert!(all.len() > 180, "only {} sentences found", all.len());
    // Every file that says something is read, those a hand-kept list once left out included.
    for file in [
        "words/tournament.rs",
        "words/analysis.rs",
        "discord/wording.rs",
        "words/commands/game.rs",
        "words/commands/server.rs",
    ] {
        let said = all
            .iter()
            .filter(|s| s.place.starts_with(&format!("{file}:")))
            .count();
        assert!(said > 0, "no sentence read from {file}");
    }
}

#[test]
fn every_sentence_has_all_three_languages() {
    for sentence in sentences() {
        assert_eq!(
            sentence.versions.len(),
            3,
            "{}: {:?}",
            sentence.place,
            sentence.versions
        );
        for version in &sentence.versions {
            assert!(
                !version.trim().is_empty(),
                "{}: an empty version",
                sentence.place
            );
        }
    }
}

#[test]
fn english_is_english_and_each_chinese_keeps_its_script() {
    for sentence in sentences() {
        let [en, hans, hant] = &sentence.versions[..] else {
            continue;
        };
        let stray: String = GAME_NAMES
            .iter()
            .fold(en.clone(), |text, name| text.replace(name, ""))
            .chars()
            .filter(|c| is_chinese(*c))
            .collect();
        assert!(
            stray.is_empty(),
            "{}: Chinese {stray:?} in English {en:?}",
            sentence.place
        );
        let wrong: String = hans
            .chars()
            .filter(|c| TRADITIONAL_ONLY.contains(*c))
            .collect();
        assert!(
            wrong.is_empty(),
            "{}: Traditional {wrong:?} in {hans:?}",
            sentence.place
        );
        let wrong: String = hant
            .chars()
            .filter(|c| SIMPLIFIED_ONLY.contains(*c))
            .collect();
        assert!(
            wrong.is_empty(),
            "{}: Simplified {wrong:?} in {hant:?}",
            sentence.place
        );
    }
}

#[test]
fn the_three_versions_fill_in_the_same_arguments() {
    for sentence in sentences() {
        let [en, hans, hant] = &sentence.versions[..] else {
            continue;
        };
        let expected = arguments(en);
        assert_eq!(
            arguments(hans),
            expected,
            "{}: {hans:?} vs {en:?}",
            sentence.place
        );
        assert_eq!(
            arguments(hant),
            expected,
            "{}: {hant:?} vs {en:?}",
            sentence.place
        );
    }
}

#[test]
fn the_checks_catch_what_they_are_for() {
    let bad = r#"say!(lang, "a {x}", "一 {y}", "對 {x}")"#;
    let found = literals(bad, after_first_argument(bad, 5));
    assert_eq!(found, ["a {x}", "一 {y}", "對 {x}"]);
    assert_ne!(arguments(&found[1]), arguments(&found[0]));
    assert!("对".chars().all(|c| SIMPLIFIED_ONLY.contains(c)));
    assert!("對".chars().all(|c| TRADITIONAL_ONLY.contains(c)));
    let continued = "say!(l, \"one \\\n        two\", \"x\", \"y\")";
    assert_eq!(
        literals(continued, after_first_argument(continued, 5))[0],
        "one two"
    );
}
