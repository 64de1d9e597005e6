//! The console survives any input and a broken images folder: junk lines (invalid UTF-8, huge
//! lines, control bytes) each get at most an `error:` answer and the console goes on; a board
//! image that cannot be written still gets its reply, marked `image: (not written: …)`.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the real console on raw bytes and returns (exit success, stdout, stderr).
fn run_raw(data: &std::path::Path, input: &[u8]) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_junqi-bot"))
        .arg("console")
        .arg("--data")
        .arg(data)
        .env("JUNQI_TEST_SEED", "7")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start junqi-bot console");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    // Written from a thread: the console's answers fill the stdout pipe meanwhile.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("console output");
    writer.join().expect("writer");
    (
        output.status.success(),
        String::from_utf8(output.stdout).expect("the console writes UTF-8"),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A reproducible junk line: random bytes, often invalid UTF-8, sometimes shaped like a command.
fn junk_line(state: &mut u64) -> Vec<u8> {
    let mut next = || {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    };
    let len = (next() % 120) as usize;
    let mut line: Vec<u8> = match next() % 4 {
        0 => b"alice /".to_vec(),
        1 => b"bob#x /move ".to_vec(),
        _ => Vec::new(),
    };
    line.extend((0..len).map(|_| {
        let byte = (next() & 0xff) as u8;
        if byte == b'\n' { 0xff } else { byte }
    }));
    line.push(b'\n');
    line
}

#[test]
fn ten_thousand_junk_lines_neither_stop_nor_crash_the_console() {
    let data = tempfile::tempdir().unwrap();
    let mut input = b"alice /help\n\xff\xfe\nalice \xc3\x28 /rank\n".to_vec();
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..10_000 {
        input.extend(junk_line(&mut state));
    }
    input.extend(vec![b'y'; 1_000_000]);
    input.extend(b"\nalice /rank\n");
    let (success, stdout, stderr) = run_raw(data.path(), &input);
    assert!(success, "console exited with an error: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stdout.contains("not UTF-8"), "{stdout}");
    assert!(
        stdout.contains("longer than"),
        "the 1 MB line was not refused"
    );
    // The last line is still answered after all the junk.
    let last_block = stdout.trim_end().rsplit("\n\n").next().unwrap_or_default();
    assert!(last_block.contains("alice"), "{last_block}");
    let longest = stdout.lines().map(str::len).max().unwrap_or(0);
    assert!(
        longest < 2_000,
        "an answer of {longest} bytes echoes too much"
    );
}

#[test]
fn an_unwritable_images_folder_costs_the_picture_not_the_reply() {
    let data = tempfile::tempdir().unwrap();
    std::fs::write(
        data.path().join("images"),
        b"a file where the folder should be",
    )
    .unwrap();
    let (success, stdout, stderr) = run_raw(
        data.path(),
        b"alice /challenge @bob\nbob /accept\nalice /board\nalice /rank\n",
    );
    assert!(success, "console exited with an error: {stderr}");
    assert!(stdout.contains("image: (not written: "), "{stdout}");
    assert!(!stdout.contains("image: /"), "{stdout}");
    let blocks: Vec<&str> = stdout.trim_end().split("\n\n").collect();
    assert_eq!(blocks.len(), 4, "{stdout}");
}
