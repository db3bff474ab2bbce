//! Natives of package `time/tzdata`: the IANA time zone database that
//! importing the package makes `time.LoadLocation` fall back on.
//!
//! `zoneinfo.z` is Go's own copy of the database (the one Go's
//! `time/tzdata` embeds), made by `gen.py`: zlib-compressed records of
//! a zone's name, a NUL byte, the TZif file's length (4 bytes,
//! big-endian) and the file.

use std::io::Read;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use crate::interp::natives::NativeFn;

static COMPRESSED: &[u8] = include_bytes!("zoneinfo.z");

/// Set once a program imports `time/tzdata` (process-wide, as the
/// environment `time` also reads is).
static REGISTERED: AtomicBool = AtomicBool::new(false);

fn database() -> &'static [u8] {
    static DATA: OnceLock<Vec<u8>> = OnceLock::new();
    DATA.get_or_init(|| {
        let mut out = Vec::new();
        flate2::read::ZlibDecoder::new(COMPRESSED)
            .read_to_end(&mut out)
            .expect("time/tzdata: zoneinfo.z is corrupt");
        out
    })
}

/// Finds `name` in the records of `db`.
fn find<'a>(db: &'a [u8], name: &[u8]) -> Option<&'a [u8]> {
    let mut rest = db;
    while !rest.is_empty() {
        let nul = rest.iter().position(|&b| b == 0)?;
        let len_at = nul + 1;
        let len = u32::from_be_bytes(rest.get(len_at..len_at + 4)?.try_into().ok()?) as usize;
        let data = rest.get(len_at + 4..len_at + 4 + len)?;
        if &rest[..nul] == name {
            return Some(data);
        }
        rest = &rest[len_at + 4 + len..];
    }
    None
}

/// The TZif data of zone `name`, if the program imported `time/tzdata`
/// and the database has it.
pub fn zone(name: &[u8]) -> Option<&'static [u8]> {
    if !REGISTERED.load(Ordering::Relaxed) {
        return None;
    }
    find(database(), name)
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "tzdata.register" => |_cx| {
            REGISTERED.store(true, Ordering::Relaxed);
            Ok(())
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_zones_and_links() {
        let db = database();
        for name in [
            "America/New_York",
            "Europe/Paris",
            "Asia/Kolkata",
            "UTC",
            "US/Pacific",
        ] {
            let data = find(db, name.as_bytes()).unwrap_or_else(|| panic!("{name} missing"));
            assert_eq!(&data[..4], b"TZif", "{name}");
        }
        assert!(find(db, b"Mars/Olympus_Mons").is_none());
        assert!(find(db, b"America").is_none());
    }
}
