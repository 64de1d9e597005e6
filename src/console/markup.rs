//! The console's way of showing the Discord markup the service writes: a timestamp
//! `<t:UNIX:d>` becomes a UTC date, a channel mention `<#ID>` becomes `#name` (or `#ID` for a
//! channel this console has not seen).

use std::collections::HashMap;

use crate::store::Place;

/// `line` with every timestamp and channel mention made plain.
pub fn plain(line: &str, channels: &HashMap<Place, String>) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(start) = rest.find('<') {
        out.push_str(&rest[..start]);
        let tail = &rest[start..];
        match tail
            .find('>')
            .and_then(|end| Some((end, shown(&tail[1..end], channels)?)))
        {
            Some((end, text)) => {
                out.push_str(&text);
                rest = &tail[end + 1..];
            }
            None => {
                out.push('<');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// What the inside of one `<…>` shows as, if it is markup this console knows.
fn shown(inner: &str, channels: &HashMap<Place, String>) -> Option<String> {
    if let Some(id) = inner.strip_prefix('#') {
        let id: u64 = id.parse().ok()?;
        let name = channels
            .iter()
            .find(|(place, _)| place.channel == id)
            .map_or_else(|| id.to_string(), |(_, name)| name.clone());
        return Some(format!("#{name}"));
    }
    let stamp = inner.strip_prefix("t:")?;
    let mut parts = stamp.split(':');
    let seconds = parts.next()?.parse::<i64>().ok()?;
    let date = chrono::DateTime::from_timestamp(seconds, 0)?;
    // A relative time (a tournament's start or end) needs the hour, not only the day.
    Some(match parts.next() {
        Some("R") => date.format("at %H:%M:%S UTC").to_string(),
        _ => date.format("%Y-%m-%d").to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_and_channels_become_plain_text() {
        let mut channels = HashMap::new();
        channels.insert(
            Place {
                guild: 0,
                channel: 77,
            },
            "lobby".to_string(),
        );
        let table = [
            ("#3 <t:1767225600:d> vs bob", "#3 2026-01-01 vs bob"),
            ("in <#77> and <#78>", "in #lobby and #78"),
            ("a < b > c", "a < b > c"),
            ("<t:x:d> <", "<t:x:d> <"),
            ("no markup", "no markup"),
        ];
        for (line, expected) in table {
            assert_eq!(plain(line, &channels), expected, "{line}");
        }
    }
}
