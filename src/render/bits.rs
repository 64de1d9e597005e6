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

    /// Pads to a whole byte and writes what is left.
    pub fn finish(self) {
        let bytes = self.count.div_ceil(8) as usize;
        self.out
            .extend_from_slice(&self.buffer.to_le_bytes()[..bytes]);
    }
}
