//! Byte offset → (line, column), both 1-based, columns counted in bytes as
//! gc counts them (a tab or a multi-byte character is one column per byte).

/// The start offset of every line of one source text.
#[derive(Clone, Debug)]
pub struct LineIndex {
    /// `starts[i]` is the offset of line `i + 1`; `starts[0] == 0`.
    starts: Vec<u32>,
}

impl LineIndex {
    pub fn new(src: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(
            src.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i as u32 + 1),
        );
        LineIndex { starts }
    }

    /// 1-based line and byte column of `byte_offset` (an offset past the end
    /// maps onto the last line).
    pub fn line_col(&self, byte_offset: u32) -> (u32, u32) {
        let line = self.starts.partition_point(|&s| s <= byte_offset) - 1;
        (line as u32 + 1, byte_offset - self.starts[line] + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions() {
        let ix = LineIndex::new("ab\n\ncd\n");
        assert_eq!(ix.line_col(0), (1, 1));
        assert_eq!(ix.line_col(2), (1, 3));
        assert_eq!(ix.line_col(3), (2, 1));
        assert_eq!(ix.line_col(4), (3, 1));
        assert_eq!(ix.line_col(7), (4, 1));
    }
}
