//! `html`'s natives: the named character reference table.

mod entity;

use crate::interp::natives::NativeFn;

/// The code points of entity `name` (the second 0 when there is one).
fn entity(name: &[u8]) -> Option<(u32, u32)> {
    entity::ENTITIES
        .binary_search_by(|e| e.0.as_bytes().cmp(name))
        .ok()
        .map(|i| (entity::ENTITIES[i].1, entity::ENTITIES[i].2))
}

pub fn lookup(name: &str) -> Option<NativeFn> {
    Some(match name {
        "html.entity" => |cx| {
            let (a, b) = entity(cx.str(0)).unwrap_or((0, 0));
            cx.ret_int(0, a as i64)?;
            cx.ret_int(1, b as i64)
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn entities() {
        assert_eq!(super::entity(b"amp;"), Some((0x26, 0)));
        assert_eq!(super::entity(b"amp"), Some((0x26, 0)));
        assert_eq!(super::entity(b"NotEqualTilde;"), Some((0x2242, 0x338)));
        assert_eq!(super::entity(b"nosuch;"), None);
        let e = super::entity::ENTITIES;
        assert!(e.windows(2).all(|w| w[0].0.as_bytes() < w[1].0.as_bytes()));
    }
}
