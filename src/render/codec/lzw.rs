//! GIF's LZW for the replay's frames, which are mostly one long run of the transparent index
//! (the pixels that did not change). It makes the same greedy parse and emits the same codes
//! as the `gif` crate's encoder (weezl), so the files are byte for byte what that encoder
//! writes, but a run of the transparent index is consumed by jumps along its chain of
//! dictionary strings (T, TT, TTT, …) instead of one dictionary lookup per pixel.

use super::bits::BitWriter;

/// Codes are at most 12 bits: the dictionary holds 4096 entries.
const MAX_CODE_SIZE: u8 = 12;
const MAX_ENTRIES: usize = 1 << MAX_CODE_SIZE;
/// Slots of the dictionary's hash table (twice its entries, a power of two).
const SLOTS: usize = 2 * MAX_ENTRIES;
const EMPTY: u32 = 0;
/// weezl keeps up to 16 successors of a prefix in a short list; adding a 17th turns the list
/// into a full table but leaves that 17th out of it.
const WEEZL_LOST_CHILD: u8 = 16;

/// Reusable buffers of one encoder.
pub struct Lzw {
    /// Per slot: 1 + (prefix code << 8 | byte), or `EMPTY`.
    keys: Vec<u32>,
    codes: Vec<u16>,
    /// Per code: n when the code's string is the run byte n times, else 0.
    run_of: Vec<u16>,
    /// The codes of the run byte repeated 1, 2, 3, … times.
    chain: Vec<u16>,
    /// Per code: how many strings have been added with it as their prefix.
    children: Vec<u8>,
}

impl Default for Lzw {
    fn default() -> Self {
        Lzw {
            keys: vec![EMPTY; SLOTS],
            codes: vec![0; SLOTS],
            run_of: vec![0; MAX_ENTRIES + 1],
            chain: Vec::new(),
            children: vec![0; MAX_ENTRIES + 1],
        }
    }
}

fn slot_of(key: u32) -> usize {
    (key.wrapping_mul(0x9E37_79B1) >> (32 - SLOTS.trailing_zeros())) as usize
}

/// The minimum code size the `gif` crate writes for `data`: enough bits for its largest
/// index, at least 2.
pub fn min_code_size(data: &[u8]) -> u8 {
    let largest = data.iter().copied().max().unwrap_or(0);
    (u32::from(largest) + 1)
        .max(4)
        .next_power_of_two()
        .trailing_zeros() as u8
}

impl Lzw {
    /// Appends to `out` the minimum code size and the LZW codes of `data`, as
    /// `gif::Frame::make_lzw_pre_encoded` does; runs of `run_byte` are fast.
    pub fn encode(&mut self, data: &[u8], run_byte: u8, out: &mut Vec<u8>) {
        let min_size = min_code_size(data);
        out.push(min_size);
        let clear = 1u16 << min_size;
        let end = clear + 1;
        let mut bits = BitWriter::new(out);
        let mut size = min_size + 1;
        bits.put(u64::from(clear), size);
        let mut next = usize::from(clear) + 2;
        self.reset(min_size, run_byte);

        let Some((&first, rest)) = data.split_first() else {
            bits.put(u64::from(end), size);
            bits.finish();
            return;
        };
        let mut current = u16::from(first);
        let mut at = 0;
        while at < rest.len() {
            let byte = rest[at];
            let run = usize::from(self.run_of[usize::from(current)]);
            if byte == run_byte && run > 0 && run < self.chain.len() {
                // Follow the chain as far as both the run and the dictionary go.
                let room = (self.chain.len() - run).min(rest.len() - at);
                let step = run_length(&rest[at..at + room], run_byte);
                current = self.chain[run + step - 1];
                at += step;
                continue;
            }
            let key = (u32::from(current) << 8 | u32::from(byte)) + 1;
            let mut slot = slot_of(key);
            loop {
                match self.keys[slot] {
                    EMPTY => break,
                    found if found == key => break,
                    _ => slot = (slot + 1) & (SLOTS - 1),
                }
            }
            if self.keys[slot] == key {
                current = self.codes[slot];
                at += 1;
                continue;
            }
            // Not in the dictionary: emit the string so far, and add it plus this byte. As in
            // weezl, the 17th string added after one prefix takes a code but is never looked
            // up (its node changes representation then), which keeps the codes identical.
            let siblings = self.children[usize::from(current)];
            self.children[usize::from(current)] = siblings.saturating_add(1);
            let findable = siblings != WEEZL_LOST_CHILD;
            if findable {
                self.keys[slot] = key;
                self.codes[slot] = next as u16;
            }
            self.children[next] = 0;
            self.run_of[next] =
                if findable && byte == run_byte && run == self.chain.len() && run > 0 {
                    self.chain.push(next as u16);
                    (run + 1) as u16
                } else {
                    0
                };
            next += 1;
            bits.put(u64::from(current), size);
            if next > 1 << size && size < MAX_CODE_SIZE {
                size += 1;
            }
            if next > MAX_ENTRIES {
                bits.put(u64::from(clear), size);
                self.reset(min_size, run_byte);
                next = usize::from(clear) + 2;
                size = min_size + 1;
            }
            current = u16::from(byte);
            at += 1;
        }
        bits.put(u64::from(current), size);
        // The decoder adds one more entry on reading that code, and may widen for it.
        if next >= 1 << size && size < MAX_CODE_SIZE {
            size += 1;
        }
        bits.put(u64::from(end), size);
        bits.finish();
    }

    fn reset(&mut self, min_size: u8, run_byte: u8) {
        self.keys.fill(EMPTY);
        self.run_of[..1 << min_size].fill(0);
        self.children[..(1 << min_size) + 2].fill(0);
        self.chain.clear();
        if usize::from(run_byte) < 1 << min_size {
            self.run_of[usize::from(run_byte)] = 1;
            self.chain.push(u16::from(run_byte));
        }
    }
}

/// How many bytes `data` starts with that equal `byte`.
fn run_length(data: &[u8], byte: u8) -> usize {
    let pattern = u64::from_le_bytes([byte; 8]);
    let mut length = 0;
    for word in data.chunks_exact(8) {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(word);
        let differ = u64::from_le_bytes(bytes) ^ pattern;
        if differ != 0 {
            return length + (differ.trailing_zeros() / 8) as usize;
        }
        length += 8;
    }
    length + data[length..].iter().take_while(|&&b| b == byte).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reference(data: &[u8]) -> Vec<u8> {
        let mut frame = gif::Frame {
            width: data.len() as u16,
            height: 1,
            buffer: std::borrow::Cow::Borrowed(data),
            ..gif::Frame::default()
        };
        frame.make_lzw_pre_encoded();
        frame.buffer.into_owned()
    }

    fn ours(data: &[u8], run_byte: u8) -> Vec<u8> {
        let mut out = Vec::new();
        Lzw::default().encode(data, run_byte, &mut out);
        out
    }

    #[test]
    fn codes_equal_the_gif_crates_on_runs_noise_and_a_full_dictionary() {
        let mut state = 0x9e37_79b9_u32;
        let mut random = move || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        };
        let mut samples: Vec<Vec<u8>> = vec![vec![], vec![7], vec![200; 3], vec![200; 5000]];
        for length in [10usize, 300, 4000, 20_000, 60_000] {
            for spread in [2u32, 5, 40, 256] {
                let run_byte = 200u8;
                let data: Vec<u8> = (0..length)
                    .map(|_| {
                        let r = random();
                        if r % 10 < 7 {
                            run_byte
                        } else {
                            ((r >> 8) % spread) as u8
                        }
                    })
                    .collect();
                samples.push(data);
            }
        }
        // Long runs broken by short bursts, as a replay frame is.
        let mut frame = Vec::new();
        for burst in 0..200u32 {
            frame.extend(std::iter::repeat_n(250u8, (random() % 3000) as usize));
            frame.extend((0..burst % 40).map(|i| (i * 7 + burst) as u8 % 240));
        }
        samples.push(frame);
        for (index, data) in samples.iter().enumerate() {
            for run_byte in [200u8, 250, 7] {
                assert_eq!(ours(data, run_byte), reference(data), "sample {index}");
            }
        }
    }
}
