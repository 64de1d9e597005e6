//! `junqi-bot render` through the real binary: a PNG that decodes, the move guide, and clear
//! errors for bad input.

use crate::common;

use std::process::Command;

use common::board_text;

/// Runs `junqi-bot render ARGS` (the 四国 render tests use it too).
pub(crate) fn render(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_junqi-bot"))
        .arg("render")
        .args(args)
        .output()
        .expect("run junqi-bot")
}

#[test]
fn renders_full_and_public_positions() {
    let dir = tempfile::tempdir().expect("tempdir");
    let full = format!(
        "{} R 3 40",
        board_text(&[("A11", "R1"), ("E11", "R9"), ("A12", "?B3"), ("C3", "B5")])
    );
    let public = format!("{} - 0 2", board_text(&[("A11", "R1"), ("A12", "?")]));
    for (name, position, guide) in [
        ("full.png", &full, Some("A11")),
        ("public.png", &public, None),
    ] {
        let path = dir.path().join(name);
        let mut args = vec![position.as_str(), "-o", path.to_str().expect("utf-8 path")];
        if let Some(square) = guide {
            args.extend(["--guide", square]);
        }
        let out = render(&args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let image = image::open(&path).expect("the PNG decodes");
        assert!(
            image.width() >= 600 && image.height() >= 600,
            "{}x{}",
            image.width(),
            image.height()
        );
    }
}

#[test]
fn bad_input_is_refused_without_writing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("never.png");
    let target = path.to_str().expect("utf-8 path");
    let camp = format!("{} R", board_text(&[("C4", "?R5")]));
    let ok = format!("{} R", board_text(&[("A1", "R5")]));
    for (args, needle) in [
        (vec![camp.as_str(), "-o", target], "rank 4, cell C4"),
        (vec![ok.as_str(), "-o", target, "--guide", "Z9"], "--guide"),
    ] {
        let out = render(&args);
        assert_eq!(out.status.code(), Some(2));
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(needle),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!path.exists());
    }
}
