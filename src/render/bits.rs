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
        while from < to {
            let take = (to - from).min(32) as u8;
            let byte = (from / 8) as usize;
            let mut word = [0u8; 8];
            word.copy_from_slice(&source[byte..byte + 8]);
            let value = u64::from_le_bytes(word) >> (from % 8);
            self.put(value & ((1u64 << take) - 1), take);
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
