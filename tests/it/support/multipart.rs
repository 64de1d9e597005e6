//! A minimal `multipart/form-data` reader for the fake Discord: serenity uploads files as
//! `files[N]` parts next to a `payload_json` text part, and the tests assert on both.

/// One part of a multipart body.
#[derive(Clone, Debug)]
pub struct Part {
    pub name: String,
    pub filename: Option<String>,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

/// The boundary of a `multipart/form-data; boundary=...` content type, if it is one.
pub fn boundary(content_type: &str) -> Option<String> {
    let (kind, params) = content_type.split_once(';')?;
    if !kind.trim().eq_ignore_ascii_case("multipart/form-data") {
        return None;
    }
    params.split(';').find_map(|param| {
        let (key, value) = param.trim().split_once('=')?;
        key.eq_ignore_ascii_case("boundary")
            .then(|| value.trim_matches('"').to_string())
    })
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    haystack
        .get(from..)?
        .windows(needle.len())
        .position(|window| window == needle)
        .map(|at| at + from)
}

/// Splits a multipart body into its parts; `Err` names what is malformed.
pub fn parse(body: &[u8], boundary: &str) -> Result<Vec<Part>, String> {
    let delimiter = format!("--{boundary}").into_bytes();
    let mut parts = Vec::new();
    let mut at = find(body, &delimiter, 0).ok_or("no opening boundary")? + delimiter.len();
    loop {
        if body.get(at..at + 2) == Some(b"--") {
            return Ok(parts);
        }
        let headers_start = at + 2; // skip CRLF after the boundary
        let headers_end = find(body, b"\r\n\r\n", headers_start).ok_or("part without headers")?;
        let headers = String::from_utf8_lossy(&body[headers_start..headers_end]).to_string();
        let content_start = headers_end + 4;
        let mut closing = b"\r\n".to_vec();
        closing.extend_from_slice(&delimiter);
        let content_end = find(body, &closing, content_start).ok_or("unterminated part")?;
        let mut part = Part {
            name: String::new(),
            filename: None,
            content_type: None,
            bytes: body[content_start..content_end].to_vec(),
        };
        for line in headers.split("\r\n") {
            let Some((key, value)) = line.split_once(':') else {
                continue;
            };
            if key.eq_ignore_ascii_case("content-type") {
                part.content_type = Some(value.trim().to_string());
            } else if key.eq_ignore_ascii_case("content-disposition") {
                for param in value.split(';').skip(1) {
                    if let Some((k, v)) = param.trim().split_once('=') {
                        let v = v.trim_matches('"').to_string();
                        match k {
                            "name" => part.name = v,
                            "filename" => part.filename = Some(v),
                            _ => {}
                        }
                    }
                }
            }
        }
        parts.push(part);
        at = content_end + closing.len();
    }
}
