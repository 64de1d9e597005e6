//! The zlib stream of a board image's pixel rows, tuned for what those rows hold: long runs of
//! one palette index, rows that repeat the row above, and identical tiles side by side.
//! Instead of filtering each row and entropy-coding the residue (the generic PNG path), the
//! rows are kept unfiltered and parsed into copies at a few fixed distances (one row back, one
//! byte back, one or two tiles back), comparing eight bytes at a time; what none covers is a
//! literal. One dynamic Huffman block fitted to the image codes the result: a third smaller
//! than Paeth filtering plus fdeflate's fixed table, at about its speed.

use super::bits::BitWriter;

/// Longest copy deflate can express.
const MAX_MATCH: usize = 258;
/// Shortest copy worth a length and distance code.
const MIN_MATCH: usize = 3;
/// Symbols of the literal/length and distance alphabets (RFC 1951 3.2.5).
const LITERAL_LENGTH_SYMBOLS: usize = 286;
const DISTANCE_SYMBOLS: usize = 30;
const END_OF_BLOCK: usize = 256;
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
const LENGTH_CODE: [u8; MAX_MATCH + 1] = {
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

/// A token is a run of literals (their count; the bytes are read back from the data), or a
/// copy with this bit set, its distance above `DISTANCE_SHIFT` and its length below.
const COPY: u32 = 1 << 31;
const DISTANCE_SHIFT: u32 = 9;
const LENGTH_MASK: u32 = (1 << DISTANCE_SHIFT) - 1;

fn distance_code(distance: usize) -> usize {
    if distance <= 4 {
        return distance - 1;
    }
    let below = distance - 1;
    let log = usize::BITS - 1 - below.leading_zeros();
    2 * log as usize + ((below >> (log - 1)) & 1)
}

/// Reusable buffers of one compressor (kept per thread by the caller).
#[derive(Default)]
pub struct Deflater {
    tokens: Vec<u32>,
}

impl Deflater {
    /// Appends to `out` the zlib stream of `data`, rows of `stride` bytes (a PNG's filtered
    /// rows: filter byte then pixels). Where neither the row above nor a run helps, copies from
    /// `sideways` bytes back are tried too (the same tile one or two columns to the left).
    pub fn zlib(&mut self, data: &[u8], stride: usize, sideways: &[usize], out: &mut Vec<u8>) {
        let mut literal_counts = [0u32; LITERAL_LENGTH_SYMBOLS];
        let mut distance_counts = [0u32; DISTANCE_SYMBOLS];
        self.parse(
            data,
            stride,
            sideways,
            &mut literal_counts,
            &mut distance_counts,
        );
        literal_counts[END_OF_BLOCK] += 1;

        let mut literal_lengths = [0u8; LITERAL_LENGTH_SYMBOLS];
        let mut distance_lengths = [0u8; DISTANCE_SYMBOLS];
        code_lengths(&literal_counts, 15, &mut literal_lengths);
        code_lengths(&distance_counts, 15, &mut distance_lengths);
        let literal_codes = canonical_codes(&literal_lengths);
        let distance_codes = canonical_codes(&distance_lengths);

        // zlib header: deflate with a 32 KB window, no dictionary, fastest level.
        out.extend_from_slice(&[0x78, 0x01]);
        let mut bits = BitWriter::new(out);
        bits.put(1, 1); // the last block
        bits.put(2, 2); // dynamic Huffman codes
        write_code_lengths(&mut bits, &literal_lengths, &distance_lengths);

        let mut at = 0;
        for &token in &self.tokens {
            if token & COPY == 0 {
                let literals = &data[at..at + token as usize];
                at += literals.len();
                // Two literals at a time: at most 30 bits, which the writer always has room for.
                let mut pairs = literals.chunks_exact(2);
                for pair in &mut pairs {
                    let (first, first_length) = literal_codes[pair[0] as usize];
                    let (second, second_length) = literal_codes[pair[1] as usize];
                    bits.put(
                        u64::from(first) | u64::from(second) << first_length,
                        first_length + second_length,
                    );
                }
                for &byte in pairs.remainder() {
                    let (code, length) = literal_codes[byte as usize];
                    bits.put(u64::from(code), length);
                }
                continue;
            }
            let length = (token & LENGTH_MASK) as usize;
            let distance = ((token & !COPY) >> DISTANCE_SHIFT) as usize;
            at += length;
            let length_code = LENGTH_CODE[length] as usize;
            let (code, code_length) = literal_codes[257 + length_code];
            let extra = LENGTH_EXTRA[length_code];
            let extra_bits = (length - LENGTH_BASE[length_code] as usize) as u64;
            bits.put(
                u64::from(code) | extra_bits << code_length,
                code_length + extra,
            );
            let distance_code = distance_code(distance);
            let (code, code_length) = distance_codes[distance_code];
            let extra = DISTANCE_EXTRA[distance_code];
            let extra_bits = (distance - DISTANCE_BASE[distance_code] as usize) as u64;
            bits.put(
                u64::from(code) | extra_bits << code_length,
                code_length + extra,
            );
        }
        let (code, length) = literal_codes[END_OF_BLOCK];
        bits.put(u64::from(code), length);
        bits.finish();
        out.extend_from_slice(&simd_adler32::adler32(&data).to_be_bytes());
    }

    /// Splits `data` into literals and copies (one row back or one byte back, whichever is
    /// longer, else `sideways`), counting the symbols each will be coded with.
    fn parse(
        &mut self,
        data: &[u8],
        stride: usize,
        sideways: &[usize],
        literal_counts: &mut [u32; LITERAL_LENGTH_SYMBOLS],
        distance_counts: &mut [u32; DISTANCE_SYMBOLS],
    ) {
        self.tokens.clear();
        let stride = if (1..=32768).contains(&stride) {
            stride
        } else {
            0
        };
        let mut literals_from = 0;
        let mut at = 0;
        while at < data.len() {
            // Eight bytes at a time, skip the places where no copy can start.
            if stride > 0 && at >= stride && at + 8 <= data.len() {
                let here = load(data, at);
                let mut starts = copy_starts(here ^ load(data, at - stride))
                    | copy_starts(here ^ load(data, at - 1));
                if starts == 0 {
                    for &distance in sideways {
                        starts |= copy_starts(here ^ load(data, at - distance));
                    }
                }
                if starts == 0 {
                    at += 6;
                    continue;
                }
                at += (starts.trailing_zeros() / 8) as usize;
            }
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
                for &distance in sideways {
                    if at >= distance && stride > 0 {
                        let length = common_prefix(data, at - distance, at, longest);
                        if length > best.0 {
                            best = (length, distance);
                        }
                    }
                }
            }
            let (length, distance) = best;
            if length < MIN_MATCH {
                at += 1;
                continue;
            }
            push_literals(&mut self.tokens, &data[literals_from..at], literal_counts);
            self.tokens
                .push(COPY | (distance as u32) << DISTANCE_SHIFT | length as u32);
            literal_counts[257 + LENGTH_CODE[length] as usize] += 1;
            distance_counts[distance_code(distance)] += 1;
            at += length;
            literals_from = at;
        }
        push_literals(&mut self.tokens, &data[literals_from..], literal_counts);
    }
}

/// Ends a run of literals: its token, and a count for each byte.
fn push_literals(tokens: &mut Vec<u32>, literals: &[u8], counts: &mut [u32]) {
    for &byte in literals {
        counts[byte as usize] += 1;
    }
    if !literals.is_empty() {
        tokens.push(literals.len() as u32);
    }
}

/// The eight bytes of `data` from `at` on, first byte lowest.
#[inline]
fn load(data: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(word(data, at))
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

#[inline]
fn word(data: &[u8], at: usize) -> [u8; 8] {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&data[at..at + 8]);
    bytes
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
fn code_lengths(counts: &[u32], limit: u8, lengths: &mut [u8]) {
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

    fn inflate(stream: &[u8]) -> Vec<u8> {
        let mut decoder = flate2::read::ZlibDecoder::new(stream);
        let mut out = Vec::new();
        std::io::Read::read_to_end(&mut decoder, &mut out).expect("a valid zlib stream");
        out
    }

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
    fn rows_runs_and_noise_round_trip() {
        let stride = 97;
        let mut data = vec![0u8; stride * 40];
        let mut state = 0x2545_f491_u32;
        for (at, byte) in data.iter_mut().enumerate() {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            let (row, column) = (at / stride, at % stride);
            *byte = match row % 4 {
                0 => (column / 9) as u8,
                1 => (state % 7) as u8,
                2 => (state >> 8) as u8,
                _ => 200,
            };
        }
        for sample in [
            &data[..],
            &data[..1],
            &data[..5],
            &[][..],
            &data[..stride * 3 + 11],
        ] {
            let mut out = Vec::new();
            Deflater::default().zlib(sample, stride, &[5, 20], &mut out);
            assert_eq!(inflate(&out), sample);
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
