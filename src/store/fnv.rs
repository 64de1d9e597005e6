//! FNV-1a, 64 bits: the checksums that must read the same in every build and on every machine
//! (they are written to disk or shown to operators), unlike `std`'s hashers, whose values may
//! change between Rust releases. Quick sums against accidents, not against tampering.
//!
//! Two readings of a byte string, each kept because its values are already on disk:
//! [`of_bytes`], the classic byte by byte FNV-1a (the console's user ids and channels), and
//! [`of_words`], over little-endian 64-bit words and then the tail bytes (the ledger's file
//! fingerprints and the backups' checksums). Both are folds of [`step`] from [`OFFSET_BASIS`].

/// The hash of nothing, where every fold starts.
pub const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;

const PRIME: u64 = 0x0100_0000_01b3;

/// Mixes one value into the running hash. For a given value it is a bijection of the hash, so
/// any one changed value always changes the sum.
pub fn step(hash: u64, value: u64) -> u64 {
    (hash ^ value).wrapping_mul(PRIME)
}

/// Classic FNV-1a, one byte at a time.
pub fn of_bytes(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(OFFSET_BASIS, |hash, byte| step(hash, u64::from(*byte)))
}

/// FNV-1a over little-endian 64-bit words and then the tail bytes: word by word it reads a
/// store several times faster than byte by byte, which is the cost of a start after a clean
/// close.
pub fn of_words(bytes: &[u8]) -> u64 {
    let mut words = bytes.chunks_exact(8);
    let mut hash = OFFSET_BASIS;
    for word in &mut words {
        let mut le = [0u8; 8];
        le.copy_from_slice(word);
        hash = step(hash, u64::from_le_bytes(le));
    }
    words
        .remainder()
        .iter()
        .fold(hash, |hash, byte| step(hash, u64::from(*byte)))
}

#[cfg(test)]
mod tests {
    use super::{OFFSET_BASIS, of_bytes, of_words, step};

    /// The published FNV-1a 64 test vectors: the console's user ids depend on these values.
    #[test]
    fn bytes_give_the_published_fnv1a_values() {
        assert_eq!(of_bytes(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(of_bytes(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(of_bytes(b"foobar"), 0x8594_4171_f739_67e8);
    }

    /// Backups written before carry sums of this exact reading: a whole word is one step, a
    /// short tail is read byte by byte.
    #[test]
    fn words_are_read_little_endian_then_the_tail_byte_by_byte() {
        let data = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
        let word = step(OFFSET_BASIS, 0x0807_0605_0403_0201);
        assert_eq!(of_words(&data), step(step(word, 9), 10));
        assert_eq!(of_words(b"foobar"), of_bytes(b"foobar"));
    }

    /// Damage anywhere (a word in the middle, the tail, the first byte) changes the sum, and so
    /// does cutting the data short.
    #[test]
    fn any_changed_byte_or_length_changes_the_word_sum() {
        let data: Vec<u8> = (0..1_003u32).map(|i| (i * 7 % 251) as u8).collect();
        let sum = of_words(&data);
        for at in [0, 7, 8, 500, 999, 1_000, 1_002] {
            for flip in [0x01, 0x80, 0xff] {
                let mut damaged = data.clone();
                damaged[at] ^= flip;
                assert_ne!(of_words(&damaged), sum, "byte {at} ^ {flip:#x}");
            }
        }
        for len in [0, 8, 1_000, 1_002] {
            assert_ne!(of_words(&data[..len]), sum, "cut to {len}");
        }
    }
}
