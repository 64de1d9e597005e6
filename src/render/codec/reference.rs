//! The zlib stream of an image that differs from a known one (a board's background or opening
//! board) only where a render drew. The known image is parsed and coded once per process with
//! one Huffman table fitted to it (every symbol given a code, so that any image can be coded
//! with it); a render's rows are then coded by copying the known image's bits wherever the
//! parse cannot have changed, and parsing only around what was drawn.
//!
//! That is exact because a token of the reference's parse stays right for a render wherever
//! neither the bytes it stands for nor those it copies from were drawn over. Only the tokens
//! that touch a drawn range are "poisoned" and parsed again; after them the render's parse
//! goes on until it starts a token where the reference's parse does (the parse is local,
//! [`super::parse`], so it soon falls in step), and the reference's bits follow from there
//! until the next poisoned token.

use super::bits::BitWriter;
use super::huffman::{Codes, DISTANCE_SYMBOLS, END_OF_BLOCK, LITERAL_LENGTH_SYMBOLS};
use super::parse::{Distances, Sink, parse};

/// A reference image parsed and coded once.
pub struct Reference {
    codes: Codes,
    /// The block header (the code lengths), as bits.
    header: Vec<u8>,
    header_bits: u64,
    /// Where each token of the reference's parse starts (each literal is a token of its own),
    /// ascending.
    positions: Vec<u32>,
    /// The bit where each token starts in `bits`, and one more: the end.
    offsets: Vec<u32>,
    /// The tokens' bits, then eight zero bytes (so that bits can be read a word at a time).
    bits: Vec<u8>,
    len: usize,
    distances: Distances,
}

/// Counts the symbols of a parse.
struct Counts {
    literal: [u32; LITERAL_LENGTH_SYMBOLS],
    distance: [u32; DISTANCE_SYMBOLS],
}

impl Sink for Counts {
    fn literals(&mut self, _at: usize, bytes: &[u8]) {
        for &byte in bytes {
            self.literal[byte as usize] += 1;
        }
    }

    fn copy(&mut self, _at: usize, length: usize, distance: usize) {
        self.literal[257 + super::huffman::LENGTH_CODE[length] as usize] += 1;
        self.distance[super::huffman::distance_code(distance)] += 1;
    }
}

/// Writes a parse's bits with fixed codes.
struct Emit<'a, 'b> {
    codes: &'a Codes,
    bits: &'a mut BitWriter<'b>,
}

impl Sink for Emit<'_, '_> {
    #[inline]
    fn literals(&mut self, _at: usize, bytes: &[u8]) {
        self.codes.literals(self.bits, bytes);
    }

    #[inline]
    fn copy(&mut self, _at: usize, length: usize, distance: usize) {
        self.codes.copy(self.bits, length, distance);
    }
}

/// Writes a parse's bits and records where each token starts.
struct Record<'a, 'b> {
    codes: &'a Codes,
    bits: &'a mut BitWriter<'b>,
    positions: Vec<u32>,
    offsets: Vec<u32>,
}

impl Sink for Record<'_, '_> {
    fn literals(&mut self, at: usize, bytes: &[u8]) {
        for (index, byte) in bytes.iter().enumerate() {
            self.positions.push((at + index) as u32);
            self.offsets.push(self.bits.written() as u32);
            self.codes.literals(self.bits, std::slice::from_ref(byte));
        }
    }

    fn copy(&mut self, at: usize, length: usize, distance: usize) {
        self.positions.push(at as u32);
        self.offsets.push(self.bits.written() as u32);
        self.codes.copy(self.bits, length, distance);
    }
}

impl Reference {
    /// Parses and codes `reference`, rows of `stride` bytes, trying copies from `sideways`
    /// bytes back too (see [`super::deflate::Deflater::zlib`]).
    pub fn new(reference: &[u8], stride: usize, sideways: &[usize]) -> Reference {
        let distances = Distances::new(stride, sideways);
        let mut counts = Counts {
            literal: [0; LITERAL_LENGTH_SYMBOLS],
            distance: [0; DISTANCE_SYMBOLS],
        };
        parse(reference, distances, 0, reference.len(), &mut counts);
        // Every symbol gets a code, so that whatever a render draws can be written.
        for count in counts.literal.iter_mut().chain(counts.distance.iter_mut()) {
            *count += 1;
        }
        counts.literal[END_OF_BLOCK] += 1;
        let codes = Codes::fitted(&counts.literal, &counts.distance);

        let mut header = Vec::new();
        let mut writer = BitWriter::new(&mut header);
        codes.write_header(&mut writer);
        let header_bits = writer.written();
        writer.finish();
        header.extend_from_slice(&[0; 8]);

        let mut bits = Vec::new();
        let mut writer = BitWriter::new(&mut bits);
        let mut record = Record {
            codes: &codes,
            bits: &mut writer,
            positions: Vec::new(),
            offsets: Vec::new(),
        };
        parse(reference, distances, 0, reference.len(), &mut record);
        let Record {
            positions,
            mut offsets,
            ..
        } = record;
        offsets.push(writer.written() as u32);
        writer.finish();
        bits.extend_from_slice(&[0; 8]);
        Reference {
            codes,
            header,
            header_bits,
            positions,
            offsets,
            bits,
            len: reference.len(),
            distances,
        }
    }

    /// Appends to `out` the zlib stream of `data`, which equals the reference outside the
    /// `drawn` byte ranges (ascending, not overlapping). `poison` is scratch memory.
    pub fn zlib(
        &self,
        data: &[u8],
        drawn: &[(usize, usize)],
        poison: &mut Vec<(usize, usize)>,
        out: &mut Vec<u8>,
    ) {
        let distances = self.distances;
        let n = data.len();
        poison.clear();
        if n == self.len {
            self.poisoned(drawn, poison);
        } else {
            // Not the reference's size: nothing of it can be reused.
            poison.push((0, n));
        }

        // zlib header: deflate with a 32 KB window, no dictionary, fastest level.
        out.extend_from_slice(&[0x78, 0x01]);
        let mut bits = BitWriter::new(out);
        bits.copy_bits(&self.header, 0, self.header_bits);
        let (mut at, mut next_poison, mut cursor) = (0, 0, 0);
        while at < n {
            while poison.get(next_poison).is_some_and(|&(_, end)| end <= at) {
                next_poison += 1;
            }
            let mut emit = Emit {
                codes: &self.codes,
                bits: &mut bits,
            };
            if let Some(&(start, end)) = poison.get(next_poison)
                && start <= at
            {
                at = parse(data, distances, at, end, &mut emit);
                continue;
            }
            let clean_until = poison.get(next_poison).map_or(n, |&(start, _)| start);
            cursor = self.first_from(cursor, at);
            match self.positions.get(cursor) {
                Some(&position) if position as usize == at => {
                    // In step with the reference: its tokens up to the next poisoned
                    // position are this image's too.
                    let last = self.first_from(cursor, clean_until);
                    bits.copy_bits(
                        &self.bits,
                        u64::from(self.offsets[cursor]),
                        u64::from(self.offsets[last]),
                    );
                    at = self.positions.get(last).map_or(n, |&p| p as usize);
                    cursor = last;
                }
                next => {
                    // Inside one of the reference's copies: parse on until both start a
                    // token at the same place.
                    let limit = next.map_or(n, |&p| p as usize).min(clean_until);
                    at = parse(data, distances, at, limit.max(at + 1), &mut emit);
                }
            }
        }
        self.codes.end_of_block(&mut bits);
        bits.finish();
        out.extend_from_slice(&simd_adler32::adler32(&data).to_be_bytes());
    }
}

impl Reference {
    /// The positions from which the reference's tokens cannot be reused because of the
    /// `drawn` ranges: each token that covers a drawn byte, or copies from one at the distance
    /// it may have. Each range starts where a token starts. Ascending and merged.
    fn poisoned(&self, drawn: &[(usize, usize)], poison: &mut Vec<(usize, usize)>) {
        let mut reach: Vec<usize> = self.distances.all().collect();
        reach.push(0);
        reach.sort_unstable();
        reach.dedup();
        for distance in reach {
            // The drawn ranges ascend, and so does the token each starts in.
            let mut cursor = 0;
            for &(start, end) in drawn {
                let Some(first) = start.checked_add(distance).filter(|&at| at < self.len) else {
                    break;
                };
                cursor = self.token_at(first, cursor);
                let from = self.positions.get(cursor).map_or(first, |&p| p as usize);
                push_merged(poison, (from, (end + distance).min(self.len)));
            }
        }
        // A few ascending runs, one per distance: a stable sort merges them.
        poison.sort_by_key(|&(start, _)| start);
        let mut merged = 0;
        for index in 0..poison.len() {
            let range = poison[index];
            if merged > 0 && range.0 <= poison[merged - 1].1 {
                poison[merged - 1].1 = poison[merged - 1].1.max(range.1);
            } else {
                poison[merged] = range;
                merged += 1;
            }
        }
        poison.truncate(merged);
    }

    /// The index of the token covering byte `at`, searching forward from token `from` (at or
    /// before it).
    fn token_at(&self, at: usize, from: usize) -> usize {
        self.first_from(from, at + 1).saturating_sub(1).max(from)
    }

    /// The index of the first token from token `from` on that starts at or past byte `at` (the
    /// number of tokens when none does). Galloping from `from`, since what is looked for is
    /// usually near: a binary search over all the tokens left was a tenth of a render.
    fn first_from(&self, from: usize, at: usize) -> usize {
        let positions = &self.positions;
        let before = |index: usize| positions.get(index).is_some_and(|&p| (p as usize) < at);
        if !before(from) {
            return from;
        }
        let (mut low, mut step) = (from, 1);
        while before(low + step) {
            low += step;
            step *= 2;
        }
        // The first one at or past `at` lies in low + 1..=low + step.
        let high = (low + step).min(positions.len());
        low + 1 + positions[low + 1..high].partition_point(|&p| (p as usize) < at)
    }
}

/// Appends `range`, merged into the last one when they overlap.
fn push_merged(ranges: &mut Vec<(usize, usize)>, range: (usize, usize)) {
    match ranges.last_mut() {
        Some(last) if range.0 <= last.1 && range.0 >= last.0 => last.1 = last.1.max(range.1),
        _ => ranges.push(range),
    }
}

#[cfg(test)]
mod tests {
    use super::super::deflate::tests::inflate;
    use super::*;

    /// An image of flat bands, runs, repeated tiles and noise, rows of `stride`.
    fn reference(stride: usize, rows: usize, seed: u32) -> Vec<u8> {
        let mut state = seed | 1;
        (0..stride * rows)
            .map(|at| {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                let (row, column) = (at / stride, at % stride);
                match (row / 3) % 4 {
                    _ if column == 0 => 0,
                    0 => (column / 9) as u8,
                    1 => (column % 20) as u8,
                    2 if state.is_multiple_of(5) => (state >> 8) as u8,
                    _ => 7,
                }
            })
            .collect()
    }

    #[test]
    fn drawn_ranges_round_trip_and_the_rest_reuses_the_reference() {
        let stride = 131;
        let base = reference(stride, 60, 0x2545_f491);
        let encoder = Reference::new(&base, stride, &[20, 40]);
        let mut poison = Vec::new();
        // Nothing drawn: the reference's own stream.
        let mut out = Vec::new();
        encoder.zlib(&base, &[], &mut poison, &mut out);
        assert_eq!(inflate(&out), base);
        let mut state = 0x9e37_79b9u32;
        for round in 0..200 {
            let mut data = base.clone();
            let mut drawn: Vec<(usize, usize)> = Vec::new();
            let mut at = 0;
            loop {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                at += (state % 3000) as usize;
                let end = (at + (state >> 16) as usize % 300 + 1).min(data.len());
                if at >= data.len() {
                    break;
                }
                for (offset, byte) in data[at..end].iter_mut().enumerate() {
                    *byte = match round % 3 {
                        0 => (state >> 8) as u8 ^ offset as u8,
                        1 => 200,
                        _ => base[(at + offset + 17) % base.len()],
                    };
                }
                drawn.push((at, end));
                at = end;
            }
            out.clear();
            encoder.zlib(&data, &drawn, &mut poison, &mut out);
            assert_eq!(inflate(&out), data, "round {round}");
        }
        // Another size: nothing reused, still right.
        let other = reference(stride, 7, 5);
        out.clear();
        encoder.zlib(&other, &[], &mut poison, &mut out);
        assert_eq!(inflate(&out), other);
    }
}
