//! How a board image's rows are split into literals and copies, shared by both compressors.
//! The rows are kept unfiltered and parsed into copies at a few fixed distances (one row back,
//! one byte back, one or two tiles back), comparing eight bytes at a time; what none covers is
//! a literal.
//!
//! The parse is greedy and *local*: whether a copy starts at a position, and which, depends
//! only on the bytes from 258 before the farthest distance to 258 after the position, never on
//! how the parse got there (the fast scan only skips positions where no copy of three bytes
//! starts at any distance, which a full look would have made literals too). So two images that
//! agree around a position parse identically from it, which is what lets
//! [`super::reference`] reuse the background's compressed bits where a board did not draw.

use super::huffman::{MAX_MATCH, MIN_MATCH};

/// Receives the parse, in order.
pub trait Sink {
    /// `bytes` from `at` on stay literals.
    fn literals(&mut self, at: usize, bytes: &[u8]);
    /// A copy of `length` bytes from `distance` back starts at `at`.
    fn copy(&mut self, at: usize, length: usize, distance: usize);
}

/// The distances a parse tries: `stride` (a row back; 0 for none), one byte back, and
/// `sideways` (only those no farther than a row).
#[derive(Clone, Copy)]
pub struct Distances {
    stride: usize,
    /// The sideways distances kept (at most `MAX_SIDEWAYS`), then zeros.
    sideways: [usize; MAX_SIDEWAYS],
    count: usize,
}

/// How many sideways distances a parse tries at most (the board uses two).
const MAX_SIDEWAYS: usize = 4;

impl Distances {
    pub fn new(stride: usize, sideways: &[usize]) -> Distances {
        let stride = if (1..=32768).contains(&stride) {
            stride
        } else {
            0
        };
        let mut kept = [0; MAX_SIDEWAYS];
        let mut count = 0;
        for &distance in sideways {
            if distance >= 1 && distance <= stride && count < MAX_SIDEWAYS {
                kept[count] = distance;
                count += 1;
            }
        }
        Distances {
            stride,
            sideways: kept,
            count,
        }
    }

    #[inline]
    fn sideways(&self) -> &[usize] {
        &self.sideways[..self.count]
    }

    /// Every distance a copy may have.
    pub fn all(&self) -> impl Iterator<Item = usize> + '_ {
        [1, self.stride]
            .into_iter()
            .filter(|&distance| distance > 0)
            .chain(self.sideways().iter().copied())
    }
}

/// Parses `data` from `at` (where a token starts) until a token starts at or past `limit`, and
/// returns where: every byte in between is handed to `sink` as part of a literal or a copy.
pub fn parse(
    data: &[u8],
    distances: Distances,
    mut at: usize,
    limit: usize,
    sink: &mut impl Sink,
) -> usize {
    let stride = distances.stride;
    let limit = limit.min(data.len());
    let mut literals_from = at;
    while at < limit {
        // Eight bytes at a time, skip the places where no copy can start.
        if stride > 0 && at >= stride && at + 8 <= data.len() {
            let here = load(data, at);
            let mut starts = copy_starts(here ^ load(data, at - stride))
                | copy_starts(here ^ load(data, at - 1));
            for &distance in distances.sideways() {
                starts |= copy_starts(here ^ load(data, at - distance));
            }
            if starts == 0 {
                at += 6;
                continue;
            }
            at += (starts.trailing_zeros() / 8) as usize;
            if at >= limit {
                break;
            }
        }
        let (length, distance) = best_copy(data, distances, at);
        if length < MIN_MATCH {
            at += 1;
            continue;
        }
        if literals_from < at {
            sink.literals(literals_from, &data[literals_from..at]);
        }
        sink.copy(at, length, distance);
        at += length;
        literals_from = at;
    }
    let at = at.min(data.len());
    if literals_from < at {
        sink.literals(literals_from, &data[literals_from..at]);
    }
    at
}

/// The copy the parse takes at `at`: one row back or one byte back, whichever is longer, else
/// the longest sideways; a length under three means a literal.
#[inline(always)]
fn best_copy(data: &[u8], distances: Distances, at: usize) -> (usize, usize) {
    let stride = distances.stride;
    let longest = (data.len() - at).min(MAX_MATCH);
    let mut best = (0, stride);
    if stride > 0 && at >= stride {
        best.0 = common_prefix(data, at - stride, at, longest);
    }
    if best.0 < longest.min(16) && at >= 1 && data[at] == data[at - 1] {
        let run = common_prefix(data, at - 1, at, longest);
        if run >= best.0 {
            best = (run, 1);
        }
    }
    if best.0 < MIN_MATCH {
        for &distance in distances.sideways() {
            if at >= distance {
                let length = common_prefix(data, at - distance, at, longest);
                if length > best.0 {
                    best = (length, distance);
                }
            }
        }
    }
    best
}

/// The eight bytes of `data` from `at` on, first byte lowest.
#[inline]
fn load(data: &[u8], at: usize) -> u64 {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&data[at..at + 8]);
    u64::from_le_bytes(bytes)
}

/// For the XOR of eight bytes and the eight bytes they are compared with: the top bit of each
/// byte where it and the next two are equal (so a copy of at least three could start there).
#[inline]
fn copy_starts(difference: u64) -> u64 {
    const LOW_SEVEN: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let equal = !(((difference & LOW_SEVEN) + LOW_SEVEN) | difference | LOW_SEVEN);
    equal & (equal >> 8) & (equal >> 16)
}

/// How many bytes from `later` on equal those from `earlier` on, at most `longest` (the
/// ranges may overlap, as a deflate copy may).
#[inline(always)]
fn common_prefix(data: &[u8], earlier: usize, later: usize, longest: usize) -> usize {
    let mut length = 0;
    while length + 8 <= longest {
        let differ = load(data, earlier + length) ^ load(data, later + length);
        if differ != 0 {
            return length + (differ.trailing_zeros() / 8) as usize;
        }
        length += 8;
    }
    while length < longest && data[earlier + length] == data[later + length] {
        length += 1;
    }
    length
}
