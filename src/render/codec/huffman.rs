//! Deflate's code tables (RFC 1951 3.2.5), Huffman code lengths fitted to symbol counts, and
//! the writing of literals and copies with one block's codes: shared by the compressor that
//! fits a table to each image ([`super::deflate`]) and the one whose table is fixed per
//! background ([`super::reference`]).

use super::bits::BitWriter;

/// Longest copy deflate can express.
pub const MAX_MATCH: usize = 258;
/// Shortest copy worth a length and distance code.
pub const MIN_MATCH: usize = 3;
/// Symbols of the literal/length and distance alphabets (RFC 1951 3.2.5).
pub const LITERAL_LENGTH_SYMBOLS: usize = 286;
pub const DISTANCE_SYMBOLS: usize = 30;
pub const END_OF_BLOCK: usize = 256;
/// The order in which the lengths of the code length code are sent.
const CODE_LENGTH_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LENGTH_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DISTANCE_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];

/// The length code (0-based, add 257 for the symbol) of each copy length 3..=258.
pub const LENGTH_CODE: [u8; MAX_MATCH + 1] = {
    let mut table = [0u8; MAX_MATCH + 1];
    let mut code = 0;
    let mut length = MIN_MATCH;
    while length <= MAX_MATCH {
        while code + 1 < LENGTH_BASE.len() && LENGTH_BASE[code + 1] as usize <= length {
            code += 1;
        }
        table[length] = code as u8;
        length += 1;
    }
    table
};

/// The deflate distance code (0-based) of a copy distance 1..=32768.
pub fn distance_code(distance: usize) -> usize {
    if distance <= 4 {
        return distance - 1;
    }
    let below = distance - 1;
    let log = usize::BITS - 1 - below.leading_zeros();
    2 * log as usize + ((below >> (log - 1)) & 1)
}

/// The codes of one block: each symbol's bits (first bit lowest) and length.
pub struct Codes {
    literal: Vec<(u16, u8)>,
    distance: Vec<(u16, u8)>,
    literal_lengths: Vec<u8>,
    distance_lengths: Vec<u8>,
}

impl Codes {
    /// Codes fitted to these symbol counts (every symbol counted gets a code).
    pub fn fitted(literal_counts: &[u32], distance_counts: &[u32]) -> Codes {
        let mut literal_lengths = vec![0u8; LITERAL_LENGTH_SYMBOLS];
        let mut distance_lengths = vec![0u8; DISTANCE_SYMBOLS];
        code_lengths(literal_counts, 15, &mut literal_lengths);
        code_lengths(distance_counts, 15, &mut distance_lengths);
        Codes {
            literal: canonical_codes(&literal_lengths),
            distance: canonical_codes(&distance_lengths),
            literal_lengths,
            distance_lengths,
        }
    }

    /// The block header of a last block with these codes.
    pub fn write_header(&self, bits: &mut BitWriter) {
        bits.put(1, 1); // the last block
        bits.put(2, 2); // dynamic Huffman codes
        write_code_lengths(bits, &self.literal_lengths, &self.distance_lengths);
    }

    #[inline(always)]
    pub fn literals(&self, bits: &mut BitWriter, literals: &[u8]) {
        // Two literals at a time: at most 30 bits, which the writer always has room for.
        let mut pairs = literals.chunks_exact(2);
        for pair in &mut pairs {
            let (first, first_length) = self.literal[pair[0] as usize];
            let (second, second_length) = self.literal[pair[1] as usize];
            bits.put(
                u64::from(first) | u64::from(second) << first_length,
                first_length + second_length,
            );
        }
        for &byte in pairs.remainder() {
            let (code, length) = self.literal[byte as usize];
            bits.put(u64::from(code), length);
        }
    }

    /// A copy of `length` (3..=258) bytes from `distance` (1..=32768) back; returns the bits
    /// it took.
    #[inline(always)]
    pub fn copy(&self, bits: &mut BitWriter, length: usize, distance: usize) -> u32 {
        let length_code = LENGTH_CODE[length] as usize;
        let (code, code_length) = self.literal[257 + length_code];
        let extra = LENGTH_EXTRA[length_code];
        let extra_bits = (length - LENGTH_BASE[length_code] as usize) as u64;
        bits.put(
            u64::from(code) | extra_bits << code_length,
            code_length + extra,
        );
        let distance_code = distance_code(distance);
        let (code, distance_length) = self.distance[distance_code];
        let distance_extra = DISTANCE_EXTRA[distance_code];
        let extra_bits = (distance - DISTANCE_BASE[distance_code] as usize) as u64;
        bits.put(
            u64::from(code) | extra_bits << distance_length,
            distance_length + distance_extra,
        );
        u32::from(code_length + extra + distance_length + distance_extra)
    }

    pub fn end_of_block(&self, bits: &mut BitWriter) {
        let (code, length) = self.literal[END_OF_BLOCK];
        bits.put(u64::from(code), length);
    }
}

/// Writes the code lengths of both alphabets, coded with a code length code of their own
/// (each length sent as itself: the tables are a few hundred bytes at most, so the run
/// symbols 16–18 are not worth their complexity).
fn write_code_lengths(bits: &mut BitWriter, literal_lengths: &[u8], distance_lengths: &[u8]) {
    let literals = used(literal_lengths).max(257);
    let distances = used(distance_lengths).max(1);
    let sent: Vec<u8> = literal_lengths[..literals]
        .iter()
        .chain(&distance_lengths[..distances])
        .copied()
        .collect();
    let mut counts = [0u32; 19];
    for &length in &sent {
        counts[length as usize] += 1;
    }
    let mut lengths = [0u8; 19];
    code_lengths(&counts, 7, &mut lengths);
    let codes = canonical_codes(&lengths);
    let order_used = CODE_LENGTH_ORDER
        .iter()
        .rposition(|&symbol| lengths[symbol] != 0)
        .map_or(4, |last| (last + 1).max(4));
    bits.put((literals - 257) as u64, 5);
    bits.put((distances - 1) as u64, 5);
    bits.put((order_used - 4) as u64, 4);
    for &symbol in &CODE_LENGTH_ORDER[..order_used] {
        bits.put(u64::from(lengths[symbol]), 3);
    }
    for &length in &sent {
        let (code, code_length) = codes[length as usize];
        bits.put(u64::from(code), code_length);
    }
}

/// How many symbols the table must list: up to the last with a code.
fn used(lengths: &[u8]) -> usize {
    lengths
        .iter()
        .rposition(|&length| length != 0)
        .map_or(0, |last| last + 1)
}

/// Huffman code lengths for `counts`, none longer than `limit`. Counts are halved until the
/// tree is shallow enough, which costs a fraction of a percent on the rare images that need
/// it. At least two symbols get a code, so that every decoder accepts the table.
pub fn code_lengths(counts: &[u32], limit: u8, lengths: &mut [u8]) {
    let mut scaled = counts.to_vec();
    let mut nonzero = scaled.iter().filter(|&&count| count > 0).count();
    for count in scaled.iter_mut() {
        if nonzero >= 2 {
            break;
        }
        if *count == 0 {
            *count = 1;
            nonzero += 1;
        }
    }
    loop {
        huffman_lengths(&scaled, lengths);
        if lengths.iter().all(|&length| length <= limit) {
            return;
        }
        for count in scaled.iter_mut().filter(|count| **count > 0) {
            *count = count.div_ceil(2);
        }
    }
}

/// Plain Huffman code lengths (unbounded) of the symbols with a nonzero count.
fn huffman_lengths(counts: &[u32], lengths: &mut [u8]) {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    lengths.fill(0);
    // Nodes: the symbols first, then the merged pairs; `parent` links each to its merge.
    let mut parent: Vec<usize> = vec![usize::MAX; counts.len()];
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = counts
        .iter()
        .enumerate()
        .filter(|(_, count)| **count > 0)
        .map(|(symbol, count)| Reverse((u64::from(*count), symbol)))
        .collect();
    while heap.len() > 1 {
        let Some(Reverse((first, a))) = heap.pop() else {
            break;
        };
        let Some(Reverse((second, b))) = heap.pop() else {
            break;
        };
        let node = parent.len();
        parent.push(usize::MAX);
        parent[a] = node;
        parent[b] = node;
        heap.push(Reverse((first + second, node)));
    }
    // Depths, from the root down: a merged node comes after both its children.
    let mut depth = vec![0u8; parent.len()];
    for node in (0..parent.len()).rev() {
        if parent[node] != usize::MAX {
            depth[node] = depth[parent[node]].saturating_add(1);
        }
    }
    for (symbol, length) in lengths.iter_mut().enumerate() {
        if counts[symbol] > 0 {
            *length = depth[symbol];
        }
    }
}

/// The canonical code of each symbol (bit-reversed, as deflate sends it first bit first) and
/// its length (RFC 1951 3.2.2).
fn canonical_codes(lengths: &[u8]) -> Vec<(u16, u8)> {
    let mut per_length = [0u16; 16];
    for &length in lengths {
        per_length[length as usize] += 1;
    }
    per_length[0] = 0;
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for bits in 1..16 {
        code = (code + per_length[bits - 1]) << 1;
        next[bits] = code;
    }
    lengths
        .iter()
        .map(|&length| {
            if length == 0 {
                return (0, 0);
            }
            let code = next[length as usize];
            next[length as usize] += 1;
            (code.reverse_bits() >> (16 - length), length)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_codes_match_the_table() {
        for distance in 1..=32768usize {
            let code = distance_code(distance);
            assert!(DISTANCE_BASE[code] as usize <= distance, "{distance}");
            let span = 1usize << DISTANCE_EXTRA[code];
            assert!(distance < DISTANCE_BASE[code] as usize + span, "{distance}");
        }
    }

    #[test]
    fn skewed_counts_get_codes_within_the_limit() {
        // Fibonacci counts force a Huffman tree far deeper than 15.
        let mut counts = vec![0u32; 40];
        let (mut a, mut b) = (1u32, 1u32);
        for count in counts.iter_mut().take(30) {
            *count = a;
            (a, b) = (b, a + b);
        }
        let mut lengths = vec![0u8; counts.len()];
        code_lengths(&counts, 15, &mut lengths);
        assert!(lengths.iter().all(|&length| length <= 15));
        let kraft: f64 = lengths
            .iter()
            .filter(|&&length| length > 0)
            .map(|&length| 0.5f64.powi(length as i32))
            .sum();
        assert!((kraft - 1.0).abs() < 1e-9, "a complete code: {kraft}");
    }
}
