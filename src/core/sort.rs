//! The library's own sort, for the short lists it sorts (root moves, a
//! node's captures, a move's captured squares, a FEN's squares, the texts of
//! legal moves): a stable insertion sort. It allocates nothing, and it is a
//! few hundred bytes of code, where the standard library's sorts are several
//! kilobytes per element type and comparison, which matters in WebAssembly
//! (about 39 KB of the package were sort code, most of it per variant).
//! Lists are at most a few hundred items long, so the quadratic worst case
//! does not matter.

/// Sorts `items` so that no item is `greater` than the one after it,
/// keeping equal items in their order.
pub(crate) fn sort_by<T>(items: &mut [T], mut greater: impl FnMut(&T, &T) -> bool) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && greater(&items[j - 1], &items[j]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Sorts `items` by `key`, keeping equal items in their order (as
/// `slice::sort_by_key` does).
pub(crate) fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a) > key(b));
}

/// Sorts `items` in ascending order (as `slice::sort` does).
pub(crate) fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, |a, b| a > b);
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The same order as the standard library's stable sort, equal keys
        /// kept in their order (the tags tell them apart).
        #[test]
        fn sort_by_key_is_the_stable_sort(keys in proptest::collection::vec(0u8..6, 0..40)) {
            let items: Vec<(u8, usize)> = keys.into_iter().zip(0..).collect();
            let mut ours = items.clone();
            sort_by_key(&mut ours, |&(k, _)| core::cmp::Reverse(k));
            let mut std_sorted = items;
            std_sorted.sort_by_key(|&(k, _)| core::cmp::Reverse(k));
            prop_assert_eq!(ours, std_sorted);
        }

        #[test]
        fn sort_is_the_standard_sort(items in proptest::collection::vec(".{0,3}", 0..40)) {
            let mut ours = items.clone();
            sort(&mut ours);
            let mut std_sorted = items;
            std_sorted.sort();
            prop_assert_eq!(ours, std_sorted);
        }
    }
}
