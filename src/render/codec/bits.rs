//! Writing codes of any bit length, first bit in the lowest bit of each byte: the order both
//! deflate (the PNG) and GIF's LZW (the replay) pack their codes in.

/// Bits packed from the lowest bit of each byte up.
pub struct BitWriter<'a> {
    out: &'a mut Vec<u8>,
    buffer: u64,
    count: u32,
}

impl<'a> BitWriter<'a> {
    pub fn new(out: &'a mut Vec<u8>) -> BitWriter<'a> {
        BitWriter {
            out,
            buffer: 0,
            count: 0,
        }
    }

    /// Appends the low `length` bits of `value` (at most 32 bits at a time).
    #[inline]
    pub fn put(&mut self, value: u64, length: u8) {
        self.buffer |= value << self.count;
        self.count += u32::from(length);
        if self.count >= 32 {
            self.out
                .extend_from_slice(&(self.buffer as u32).to_le_bytes());
            self.buffer >>= 32;
            self.count -= 32;
        }
    }

    /// How many bits have been written to the output (counting what it held before).
    pub fn written(&self) -> u64 {
        self.out.len() as u64 * 8 + u64::from(self.count)
    }

    /// Appends bits `from..to` of `source` (packed the same way), which must hold eight bytes
    /// past the byte of bit `to`.
    pub fn copy_bits(&mut self, source: &[u8], mut from: u64, to: u64) {
        // Long copies (a board's unchanged stretches, tens of kilobytes) go 56 bits a step into
        // room made once, instead of 32 bits a step through `put`'s growing vector.
        let steps = (to - from) / 56;
        if steps > 1 {
            while self.count >= 8 {
                self.out.push(self.buffer as u8);
                self.buffer >>= 8;
                self.count -= 8;
            }
            let mut at = self.out.len();
            // Each step writes eight bytes and keeps seven: one byte of room past the last.
            self.out.resize(at + steps as usize * 7 + 1, 0);
            for _ in 0..steps {
                let bits = self.buffer | (word_at(source, from) & LOW_56) << self.count;
                self.out[at..at + 8].copy_from_slice(&bits.to_le_bytes());
                self.buffer = bits >> 56;
                at += 7;
                from += 56;
            }
            self.out.truncate(at);
        }
        while from < to {
            let take = (to - from).min(32) as u8;
            self.put(word_at(source, from) & ((1u64 << take) - 1), take);
            from += u64::from(take);
        }
    }

    /// Pads to a whole byte and writes what is left.
    pub fn finish(self) {
        let bytes = self.count.div_ceil(8) as usize;
        self.out
            .extend_from_slice(&self.buffer.to_le_bytes()[..bytes]);
    }
}

const LOW_56: u64 = (1 << 56) - 1;

/// At least 56 bits of `source` from bit `from` on, in the low bits.
#[inline]
fn word_at(source: &[u8], from: u64) -> u64 {
    let byte = (from / 8) as usize;
    let mut word = [0u8; 8];
    word.copy_from_slice(&source[byte..byte + 8]);
    u64::from_le_bytes(word) >> (from % 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bit `i` of `bytes`, lowest first.
    fn bit(bytes: &[u8], i: u64) -> u64 {
        u64::from(bytes[(i / 8) as usize] >> (i % 8) & 1)
    }

    #[test]
    fn copied_bits_equal_the_same_bits_put_one_by_one() {
        let source: Vec<u8> = (0..200u32).map(|i| (i * 151 + 7) as u8).collect();
        let end = ((source.len() - 8) * 8) as u64;
        // Writers holding 0 to 45 bits already; copies short and long, at every bit offset.
        for before in [0u64, 3, 8, 13, 31, 45] {
            for from in [0u64, 1, 5, 8, 61, 100] {
                for length in [0u64, 1, 31, 56, 111, 112, 113, 500, end - 100] {
                    let to = (from + length).min(end);
                    let (mut copied, mut expected) = (Vec::new(), Vec::new());
                    let mut writer = BitWriter::new(&mut copied);
                    let mut reference = BitWriter::new(&mut expected);
                    for i in 0..before {
                        writer.put((i % 3) & 1, 1);
                        reference.put((i % 3) & 1, 1);
                    }
                    writer.copy_bits(&source, from, to);
                    for i in from..to {
                        reference.put(bit(&source, i), 1);
                    }
                    assert_eq!(writer.written(), reference.written());
                    writer.finish();
                    reference.finish();
                    assert_eq!(copied, expected, "{before} bits, then {from}..{to}");
                }
            }
        }
    }
}
