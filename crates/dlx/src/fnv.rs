//! FNV-1a in 64 bits, the hash of problems' fingerprints and of what is seeded from a job: one
//! definition, so that a fingerprint is the same wherever it is computed.

/// The hash of nothing.
pub(crate) const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// The hash `h` with `value` mixed in (a byte, or a number of the caller's).
#[inline]
pub(crate) fn step(h: u64, value: u64) -> u64 {
    (h ^ value).wrapping_mul(0x0000_0100_0000_01b3)
}

/// The hash `h` with `bytes` mixed in, one at a time.
pub(crate) fn bytes(h: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(h, |h, &b| step(h, u64::from(b)))
}

/// Hashes what is written to it (a problem written in its text format).
pub(crate) struct Writer(pub(crate) u64);

impl std::io::Write for Writer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 = bytes(self.0, buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
