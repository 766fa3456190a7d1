//! The transposition table: a fixed-size, lock-free cache of search results keyed by the board's
//! 64-bit Zobrist key, plus the sizing rules that turn `INFO max_memory` / `INFO hash_size` into
//! a table size ([`tt_bytes_for`]) and hold a table without `hash_size` to what searches of the
//! game's time per move can fill ([`tt_search_cap`]).
//!
//! The table owns its memory (allocated only by [`Tt::new`] and [`Tt::resize`], never during a
//! search; under Linux on transparent huge pages where the system allows), the prefetch of a
//! bucket ahead of its probe ([`Tt::prefetch`]), the packing of entries, the replacement policy
//! and the ply-relative storage of mate scores. It knows nothing about the board beyond the key
//! and a [`Pos`] for the best move.
//!
//! # Layout
//!
//! ```text
//!  bucket (64 bytes, one cache line) = 4 entries × 16 bytes
//!  ┌──────────────┬──────────────┬──────────────┬──────────────┐
//!  │   entry 0    │   entry 1    │   entry 2    │   entry 3    │
//!  └──────────────┴──────────────┴──────────────┴──────────────┘
//!  entry = [ check word | data word ], two AtomicU64, check = key XOR data
//!
//!  data word, bit 63 … bit 0:
//!  ┌───────┬──┬─────┬────────┬────────────────┬────────────────┬────────────────┐
//!  │ gen 5 │pv│bnd 2│ depth 8│    eval i16    │   score i16    │    move u16    │
//!  └───────┴──┴─────┴────────┴────────────────┴────────────────┴────────────────┘
//!   63..59  58 57..56 55..48       47..32           31..16            15..0
//!
//!  move   Pos index of the best move, 0 = none (Pos::NONE)
//!  score  search score, mate scores stored relative to the node (see below)
//!  eval   static evaluation of the node, SCORE_NONE if unknown
//!  depth  depth − TT_DEPTH_MIN + 1, so 1..=255; the code 0 marks an empty slot
//!  bnd    Bound: 0 none, 1 upper, 2 lower, 3 exact
//!  pv     the node was on a principal variation
//!  gen    search generation (mod 32) of the last write or hit
//! ```
//!
//! The full 64-bit key is kept, XOR-ed with the data word (Hyatt's lockless scheme): a reader
//! accepts an entry only if `check ^ data == key`, so two words torn apart by concurrent writers
//! (Lazy SMP) are rejected instead of returning another position's data. Both words are
//! `AtomicU64` accessed with `Relaxed` ordering: the table is `Sync` without `unsafe`, races only
//! lose information, never corrupt it.
//!
//! The bucket of a key is the high half of `key × bucket_count` (a 128-bit product), so any
//! bucket count works, not only powers of two.
//!
//! # Mate scores
//!
//! A mate score in the search counts plies from the root (`MATE - n`); in the table it must count
//! from the stored node, since the same position can be reached at another ply. On store a win
//! becomes `score + ply` and a loss `score - ply`; on probe the inverse.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::board::Pos;
use crate::params::{
    MATE_BOUND, SCORE_INFINITE, SCORE_NONE, TT_AGE_WEIGHT, TT_AUTO_MAX_BYTES, TT_BYTES_PER_MOVE_MS,
    TT_BYTES_PER_NODE, TT_DEFAULT_MEMORY_LIMIT, TT_DEPTH_MAX, TT_DEPTH_MIN, TT_HASHFULL_SAMPLE,
    TT_MAX_BYTES, TT_MIN_BYTES, TT_REPLACE_DEPTH_MARGIN, TT_RESERVE_FIXED, TT_RESERVE_PERCENT,
    TT_SEARCH_MIN_BYTES,
};

/// Entries per bucket.
const BUCKET_ENTRIES: usize = 4;
/// Size of a bucket in bytes.
pub const BUCKET_BYTES: usize = 64;
/// Generations wrap modulo this (5 bits).
const GENERATION_CYCLE: u8 = 32;

const SCORE_SHIFT: u32 = 16;
const EVAL_SHIFT: u32 = 32;
const DEPTH_SHIFT: u32 = 48;
const BOUND_SHIFT: u32 = 56;
const PV_SHIFT: u32 = 58;
const GEN_SHIFT: u32 = 59;

/// What a stored score says about the true value of the node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Bound {
    /// No score information (the entry only carries a move and / or a static evaluation).
    None = 0,
    /// Fail-low: the true value is at most the score.
    Upper = 1,
    /// Fail-high: the true value is at least the score.
    Lower = 2,
    /// The score is the true value (within the search's horizon).
    Exact = 3,
}

impl Bound {
    /// The bound of a search result `best` from the window it was searched with (`alpha` as
    /// it came in).
    #[inline]
    pub const fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Decode the two bound bits.
    #[inline]
    const fn from_bits(bits: u64) -> Bound {
        match bits & 3 {
            0 => Bound::None,
            1 => Bound::Upper,
            2 => Bound::Lower,
            _ => Bound::Exact,
        }
    }

    /// The score is a lower bound of the true value (Lower or Exact).
    #[inline]
    pub const fn has_lower(self) -> bool {
        self as u8 & 2 != 0
    }

    /// The score is an upper bound of the true value (Upper or Exact).
    #[inline]
    pub const fn has_upper(self) -> bool {
        self as u8 & 1 != 0
    }
}

/// What a successful probe returns; scores are already rebased to the probing node's ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtHit {
    /// Best (or refuting) move found, [`Pos::NONE`] if none.
    pub mv: Pos,
    /// Search score, valid as told by `bound`.
    pub score: i32,
    /// Static evaluation, [`SCORE_NONE`] if it was not stored.
    pub eval: i32,
    /// Remaining depth the score was searched to (clamped to `TT_DEPTH_MIN..=TT_DEPTH_MAX`).
    pub depth: i32,
    /// How `score` relates to the true value.
    pub bound: Bound,
    /// The node was on a principal variation when stored.
    pub pv: bool,
}

impl TtHit {
    /// Whether the stored score settles a node searched to `depth` with the window
    /// (`alpha`, `beta`): deep enough, and exact or a bound on the right side.
    #[inline]
    pub fn settles(&self, depth: i32, alpha: i32, beta: i32) -> bool {
        self.depth >= depth
            && match self.bound {
                Bound::Exact => true,
                Bound::Lower => self.score >= beta,
                Bound::Upper => self.score <= alpha,
                Bound::None => false,
            }
    }
}

/// Words of one bucket: `[check0, data0, check1, data1, …]`, one cache line.
const BUCKET_WORDS: usize = 2 * BUCKET_ENTRIES;

/// One cache line of entries.
type Bucket = [AtomicU64; BUCKET_WORDS];

const _: () = assert!(std::mem::size_of::<Bucket>() == BUCKET_BYTES);

/// The table's memory: the buckets laid end to end in one zero-initialised block of words, with
/// one spare bucket so that bucket 0 can start on a 64-byte (cache-line) boundary: bucket `i`
/// is the words `base + 8i .. base + 8i + 8`. (The block is allocated with the alignment of a
/// word so that the allocator can hand out untouched zero pages; see [`allocate`].)
struct Buckets {
    words: Box<[AtomicU64]>,
    base: usize,
    count: usize,
}

impl Buckets {
    /// `count` (at least one) empty buckets, fewer if memory runs out (see [`allocate`]).
    fn new(count: usize) -> Buckets {
        let words = allocate((count.max(1) + 1) * BUCKET_WORDS);
        let misalign = (words.as_ptr() as usize % BUCKET_BYTES) / std::mem::size_of::<u64>();
        let base = (BUCKET_WORDS - misalign) % BUCKET_WORDS;
        let count = words.len() / BUCKET_WORDS - 1;
        Buckets { words, base, count }
    }

    /// No memory at all (while a table is being replaced).
    fn none() -> Buckets {
        Buckets {
            words: Box::default(),
            base: 0,
            count: 0,
        }
    }

    fn len(&self) -> usize {
        self.count
    }

    fn iter(&self) -> impl Iterator<Item = &Bucket> {
        (0..self.count).map(|i| &self[i])
    }
}

impl std::ops::Index<usize> for Buckets {
    type Output = Bucket;

    #[inline]
    fn index(&self, i: usize) -> &Bucket {
        let start = self.base + i * BUCKET_WORDS;
        self.words[start..start + BUCKET_WORDS]
            .try_into()
            .expect("a bucket is BUCKET_WORDS words")
    }
}

const _: () = assert!(TT_DEPTH_MAX - TT_DEPTH_MIN + 1 == 255);
const _: () = assert!(SCORE_NONE <= i16::MAX as i32 && SCORE_INFINITE < SCORE_NONE);

/// The transposition table. Probing and storing take `&self` so one table can be shared by
/// search threads; sizing, clearing and the generation counter need `&mut self`.
pub struct Tt {
    buckets: Buckets,
    generation: u8,
}

impl Tt {
    /// A cleared table of at most `bytes` bytes (whole buckets, at least one). If the allocation
    /// fails the size is halved until it succeeds.
    pub fn new(bytes: usize) -> Tt {
        Tt {
            buckets: Buckets::new(bytes / BUCKET_BYTES),
            generation: 0,
        }
    }

    /// Change the size to at most `bytes` bytes, clearing the table. The old table is freed
    /// before the new one is allocated, so the peak memory is the larger of the two, not their
    /// sum (Piskvork measures the peak working set). Same size: the contents are kept.
    pub fn resize(&mut self, bytes: usize) {
        let count = (bytes / BUCKET_BYTES).max(1);
        if count == self.buckets.len() {
            return;
        }
        self.buckets = Buckets::none();
        self.buckets = Buckets::new(count);
        self.generation = 0;
    }

    /// Empty every entry (new game, rule change, YXHASHCLEAR). The table is freed and
    /// allocated again as untouched zero pages, which is much faster than writing zeros over
    /// hundreds of megabytes (measured: 81 ms for 299 MiB) and gives the memory back until the
    /// search uses it again.
    pub fn clear(&mut self) {
        let count = self.buckets.len();
        self.buckets = Buckets::none();
        self.buckets = Buckets::new(count);
        self.generation = 0;
    }

    /// Start a new search (a new move to choose): entries written before now age by one.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) % GENERATION_CYCLE;
    }

    /// Size of the table in bytes.
    pub fn size_bytes(&self) -> usize {
        self.buckets.len() * BUCKET_BYTES
    }

    /// Look up `key` from a node `ply` plies below the root. A hit written in an earlier search
    /// is re-stamped with the current generation so it is not evicted as stale.
    pub fn probe(&self, key: u64, ply: i32) -> Option<TtHit> {
        let bucket = &self.buckets[self.index(key)];
        for entry in bucket.chunks_exact(2) {
            let check = entry[0].load(Relaxed);
            let data = entry[1].load(Relaxed);
            if check ^ data != key || depth_code(data) == 0 {
                continue;
            }
            if generation_of(data) != self.generation {
                let fresh = with_generation(data, self.generation);
                entry[1].store(fresh, Relaxed);
                entry[0].store(key ^ fresh, Relaxed);
            }
            return Some(unpack(data, ply));
        }
        None
    }

    /// Starts loading the bucket of `key` into the cache, so that a [`Tt::probe`] of it a few
    /// hundred instructions later (the child node's, after the board's make) does not wait for
    /// memory. No effect on the table's contents; a no-op off x86-64. The median time to depth 14
    /// fell from 524-532 ms to 441-443 (docs/experiments.md).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        let bucket = &self.buckets[self.index(key)];
        prefetch_line(bucket.as_ptr().cast());
    }

    /// Store a search result for `key` at a node `ply` plies below the root. `score` and `eval`
    /// may be [`SCORE_NONE`]; `depth` is clamped to the storable range.
    ///
    /// An entry for the same key is overwritten only when the new result is not much shallower
    /// (`depth + TT_REPLACE_DEPTH_MARGIN ≥ old depth`), is exact, or the old one comes from an
    /// earlier search; a missing new move keeps the old one. Otherwise an empty slot is used, or
    /// the entry with the lowest `depth − TT_AGE_WEIGHT × age` is evicted.
    #[allow(clippy::too_many_arguments)] // the hot path: plain values, no struct to build
    pub fn store(
        &self,
        key: u64,
        ply: i32,
        mv: Pos,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        pv: bool,
    ) {
        let bucket = &self.buckets[self.index(key)];
        let mut new = pack(
            mv,
            score_to_tt(score, ply),
            eval,
            depth,
            bound,
            pv,
            self.generation,
        );

        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (i, entry) in bucket.chunks_exact(2).enumerate() {
            let check = entry[0].load(Relaxed);
            let data = entry[1].load(Relaxed);
            let code = depth_code(data);
            if code != 0 && check ^ data == key {
                let replace = bound == Bound::Exact
                    || depth_code(new) as i32 + TT_REPLACE_DEPTH_MARGIN >= code as i32
                    || generation_of(data) != self.generation;
                if !replace {
                    return;
                }
                if mv.is_none() {
                    new = (new & !0xFFFF) | (data & 0xFFFF);
                }
                victim = i;
                break;
            }
            let worth = if code == 0 {
                i32::MIN
            } else {
                let age =
                    (self.generation + GENERATION_CYCLE - generation_of(data)) % GENERATION_CYCLE;
                code as i32 - TT_AGE_WEIGHT * age as i32
            };
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        bucket[2 * victim + 1].store(new, Relaxed);
        bucket[2 * victim].store(key ^ new, Relaxed);
    }

    /// Permille of the first buckets (up to `TT_HASHFULL_SAMPLE`) holding entries of the current
    /// search, as reported in search info lines.
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(TT_HASHFULL_SAMPLE);
        let used = self
            .buckets
            .iter()
            .take(sample)
            .flat_map(|bucket| bucket.chunks_exact(2))
            .filter(|entry| {
                let data = entry[1].load(Relaxed);
                depth_code(data) != 0 && generation_of(data) == self.generation
            })
            .count();
        (used * 1000 / (sample * BUCKET_ENTRIES)) as u32
    }

    /// The bucket of `key`: high half of `key × bucket_count`.
    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.buckets.len() as u128) >> 64) as usize
    }
}

impl std::fmt::Debug for Tt {
    /// Size and generation only: the contents are megabytes of packed words.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tt")
            .field("size_bytes", &self.size_bytes())
            .field("generation", &self.generation)
            .finish()
    }
}

/// Allocate `count` zeroed words (at least one), halving on allocation failure down to
/// `TT_MIN_BYTES`; below that an allocation failure aborts like any other.
///
/// The memory comes from `alloc_zeroed` with the alignment of a word, which the system
/// allocator serves with `calloc`: a large table is then a mapping of zero pages that the
/// operating system supplies only when the search first touches them. Allocating the default
/// 299 MiB table takes microseconds instead of the 465 ms measured for writing every bucket
/// (charged to the first move, and enough to lose it on time at fast time controls), and the
/// resident memory grows only as far as the table is used. (A 64-byte alignment would make the
/// allocator write the zeros itself; [`Buckets`] aligns the buckets inside the block instead.)
#[allow(unsafe_code)]
fn allocate(count: usize) -> Box<[AtomicU64]> {
    use std::alloc::{alloc_zeroed, handle_alloc_error, Layout};
    let min = (TT_MIN_BYTES / 8).min(count).max(1);
    let mut count = count.max(1);
    loop {
        let layout = Layout::array::<AtomicU64>(count).expect("table size overflows");
        // SAFETY: `layout` has a non-zero size (count ≥ 1).
        let ptr = unsafe { alloc_zeroed(layout) }.cast::<AtomicU64>();
        if !ptr.is_null() {
            advise_huge_pages(ptr.cast(), layout.size());
            // SAFETY: `ptr` is a live allocation of exactly `count` `AtomicU64`s with their
            // layout (`Layout::array`), and all-zero bytes are a valid `AtomicU64` (it has the
            // size and bit validity of `u64`; zero words are empty entries). The box takes
            // ownership and frees it with the same layout.
            return unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, count)) };
        }
        if count <= min {
            handle_alloc_error(layout);
        }
        count = (count / 2).max(min);
    }
}

/// Hints the processor to bring the cache line at `ptr` into all cache levels. Measured: the
/// table probe was 14-15 % of the search's time in `perf`, nearly all of it waiting for memory
/// (the table is far larger than the cache); see `Tt::prefetch` for the gain.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
#[inline(always)]
fn prefetch_line(ptr: *const i8) {
    use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
    // SAFETY: `_mm_prefetch` needs SSE, which every x86-64 processor has (it is part of the
    // architecture's baseline, enabled for every x86-64 target). A prefetch never faults and
    // neither reads nor writes memory as far as the program can tell: it is only a hint, and
    // `ptr` points into the live table anyway.
    unsafe { _mm_prefetch::<_MM_HINT_T0>(ptr) }
}

/// [`prefetch_line`] elsewhere: nothing to do.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn prefetch_line(_ptr: *const i8) {}

/// Asks Linux to back the whole pages of the block at `ptr` (`bytes` long) with transparent
/// huge pages, where the system leaves that to the program (`madvise`, the usual default): a
/// probe of a large table then misses the cache but no longer the address translation too
/// (2 M-node searches: 5.2-5.5 s with 4 KiB pages, 3.8-4.4 s with huge pages; docs/experiments.md).
/// The cost: a probe makes 2 MiB resident at once, so the first search of a process
/// makes most of the table resident and spends part of its time waiting for the kernel to
/// supply the pages (the clock still stops it in time: the faults are short, and the search
/// polls the clock between them). Elsewhere, or when the kernel declines, the table works as
/// before.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn advise_huge_pages(ptr: *mut u8, bytes: usize) {
    /// `MADV_HUGEPAGE` of Linux's `<sys/mman.h>` (the same on every architecture).
    const MADV_HUGEPAGE: std::ffi::c_int = 14;
    /// The base page size that `madvise` wants the address aligned to.
    const PAGE: usize = 4096;
    /// Blocks smaller than this (a small test table) are left to the base pages: two huge
    /// pages.
    const HUGE_PAGE_MIN_BYTES: usize = 4 << 20;
    extern "C" {
        fn madvise(
            addr: *mut std::ffi::c_void,
            len: usize,
            advice: std::ffi::c_int,
        ) -> std::ffi::c_int;
    }
    let start = (ptr as usize).next_multiple_of(PAGE);
    let end = (ptr as usize + bytes) / PAGE * PAGE;
    if end >= start + HUGE_PAGE_MIN_BYTES {
        // SAFETY: `madvise` with `MADV_HUGEPAGE` only changes how the kernel backs the pages;
        // the range lies inside our live allocation (page-aligned inward), and the contents
        // are kept. A failure (an older kernel, huge pages off) is harmless and ignored.
        unsafe {
            madvise(start as *mut std::ffi::c_void, end - start, MADV_HUGEPAGE);
        }
    }
}

/// [`advise_huge_pages`] elsewhere: nothing to do.
#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_ptr: *mut u8, _bytes: usize) {}

/// Table size in bytes for the process memory limit `max_memory` (bytes, `INFO max_memory`) and
/// the requested table size `hash_size_kib` (KiB, `INFO hash_size`; 0 or negative = not set).
///
/// GomocupJudge fails an engine whose private resident memory (process tree) exceeds
/// `max_memory` after any move, Piskvork checks the peak working set, so the table must leave
/// room for everything else in the process: a fixed `TT_RESERVE_FIXED` plus `TT_RESERVE_PERCENT`
/// of the limit. A limit of 0 (no limit) or below means the Gomocup 350 MiB. An explicit
/// `hash_size` takes precedence but is still capped by that room (and by `TT_MAX_BYTES`); without
/// it the table takes the whole room up to `TT_AUTO_MAX_BYTES`. The result is at least
/// `TT_MIN_BYTES` (a limit too small for that cannot be honoured anyway) and a whole number of
/// buckets.
pub fn tt_bytes_for(max_memory: i64, hash_size_kib: i64) -> usize {
    let limit = if max_memory <= 0 {
        TT_DEFAULT_MEMORY_LIMIT
    } else {
        max_memory
    };
    let reserve = TT_RESERVE_FIXED + limit / 100 * TT_RESERVE_PERCENT;
    let room = usize::try_from(limit - reserve).unwrap_or(0);
    let bytes = if hash_size_kib > 0 {
        let wanted = usize::try_from(hash_size_kib.saturating_mul(1024)).unwrap_or(usize::MAX);
        wanted.min(room).min(TT_MAX_BYTES)
    } else {
        room.min(TT_AUTO_MAX_BYTES)
    };
    bytes.max(TT_MIN_BYTES) / BUCKET_BYTES * BUCKET_BYTES
}

/// The most bytes a table without an explicit `hash_size` may take for searches of `move_ms`
/// milliseconds per move (`None`: not known, or no limit) on `threads` threads, or of
/// `max_nodes` nodes (`None`: no node limit): [`TT_BYTES_PER_MOVE_MS`] per ms and thread, or
/// [`TT_BYTES_PER_NODE`] per node, whichever is smaller, at least [`TT_SEARCH_MIN_BYTES`];
/// `usize::MAX` when neither bounds the search. The caller takes the smaller of this and
/// [`tt_bytes_for`].
pub fn tt_search_cap(move_ms: Option<u64>, threads: usize, max_nodes: Option<u64>) -> usize {
    let by_time = move_ms.map_or(usize::MAX, |ms| {
        usize::try_from(ms)
            .unwrap_or(usize::MAX)
            .saturating_mul(TT_BYTES_PER_MOVE_MS)
            .saturating_mul(threads.max(1))
    });
    let by_nodes = max_nodes.map_or(usize::MAX, |n| {
        usize::try_from(n)
            .unwrap_or(usize::MAX)
            .saturating_mul(TT_BYTES_PER_NODE)
    });
    by_time.min(by_nodes).max(TT_SEARCH_MIN_BYTES)
}

/// Mate scores from root-relative to node-relative.
#[inline]
fn score_to_tt(score: i32, ply: i32) -> i32 {
    if score == SCORE_NONE {
        score
    } else if score >= MATE_BOUND {
        score + ply
    } else if score <= -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

/// Mate scores from node-relative to root-relative.
#[inline]
fn score_from_tt(score: i32, ply: i32) -> i32 {
    if score == SCORE_NONE {
        score
    } else if score >= MATE_BOUND {
        score - ply
    } else if score <= -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

/// A score as the 16 bits stored: `SCORE_NONE` as is, anything else clamped to ±SCORE_INFINITE.
#[inline]
fn score_bits(score: i32) -> u64 {
    let s = if score == SCORE_NONE {
        score
    } else {
        score.clamp(-SCORE_INFINITE, SCORE_INFINITE)
    };
    s as i16 as u16 as u64
}

#[inline]
fn pack(mv: Pos, score: i32, eval: i32, depth: i32, bound: Bound, pv: bool, generation: u8) -> u64 {
    let depth_code = (depth.clamp(TT_DEPTH_MIN, TT_DEPTH_MAX) - TT_DEPTH_MIN + 1) as u64;
    mv.0 as u64
        | score_bits(score) << SCORE_SHIFT
        | score_bits(eval) << EVAL_SHIFT
        | depth_code << DEPTH_SHIFT
        | (bound as u64) << BOUND_SHIFT
        | (pv as u64) << PV_SHIFT
        | ((generation % GENERATION_CYCLE) as u64) << GEN_SHIFT
}

#[inline]
fn unpack(data: u64, ply: i32) -> TtHit {
    TtHit {
        mv: Pos(data as u16),
        score: score_from_tt((data >> SCORE_SHIFT) as u16 as i16 as i32, ply),
        eval: (data >> EVAL_SHIFT) as u16 as i16 as i32,
        depth: depth_code(data) as i32 - 1 + TT_DEPTH_MIN,
        bound: Bound::from_bits(data >> BOUND_SHIFT),
        pv: (data >> PV_SHIFT) & 1 != 0,
    }
}

#[inline]
const fn depth_code(data: u64) -> u8 {
    (data >> DEPTH_SHIFT) as u8
}

#[inline]
const fn generation_of(data: u64) -> u8 {
    (data >> GEN_SHIFT) as u8
}

#[inline]
const fn with_generation(data: u64, generation: u8) -> u64 {
    (data & !(0x1F << GEN_SHIFT)) | ((generation % GENERATION_CYCLE) as u64) << GEN_SHIFT
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::MATE;

    /// A table of `n` buckets.
    fn table(n: usize) -> Tt {
        Tt::new(n * BUCKET_BYTES)
    }

    /// Keys that all land in bucket `b` of a table of `n` buckets (distinct low bits).
    fn keys_in_bucket(tt: &Tt, b: usize, count: usize) -> Vec<u64> {
        let n = tt.buckets.len() as u128;
        // The smallest key of bucket b is ceil(b · 2^64 / n); keys above it stay in b for a while.
        let base = ((b as u128) << 64).div_ceil(n) as u64;
        let keys: Vec<u64> = (0..count as u64).map(|i| base + 1 + i * 7919).collect();
        for &k in &keys {
            assert_eq!(tt.index(k), b);
        }
        keys
    }

    #[test]
    fn packing_round_trip_extremes() {
        let bounds = [Bound::None, Bound::Upper, Bound::Lower, Bound::Exact];
        let scores = [
            0,
            1,
            -1,
            12_345,
            -12_345,
            MATE_BOUND - 1,
            -(MATE_BOUND - 1),
            SCORE_INFINITE,
            -SCORE_INFINITE,
            SCORE_NONE,
        ];
        let depths = [TT_DEPTH_MIN, -1, 0, 1, 100, TT_DEPTH_MAX];
        let moves = [Pos::NONE, Pos::new(0, 0), Pos::new(31, 31), Pos(u16::MAX)];
        for generation in [0u8, 1, 30, 31] {
            for &bound in &bounds {
                for &score in &scores {
                    for &depth in &depths {
                        for &mv in &moves {
                            for pv in [false, true] {
                                let eval = -score.min(SCORE_INFINITE);
                                let data = pack(mv, score, eval, depth, bound, pv, generation);
                                assert_ne!(depth_code(data), 0);
                                assert_eq!(generation_of(data), generation);
                                let hit = unpack(data, 0);
                                assert_eq!(
                                    hit,
                                    TtHit {
                                        mv,
                                        score,
                                        eval,
                                        depth,
                                        bound,
                                        pv
                                    },
                                    "gen {generation}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn out_of_range_values_are_clamped() {
        let data = pack(Pos::NONE, 40_000, -40_000, 1_000, Bound::Exact, false, 33);
        let hit = unpack(data, 0);
        assert_eq!(hit.score, SCORE_INFINITE);
        assert_eq!(hit.eval, -SCORE_INFINITE);
        assert_eq!(hit.depth, TT_DEPTH_MAX);
        assert_eq!(generation_of(data), 1);
        assert_eq!(
            unpack(pack(Pos::NONE, 0, 0, -100, Bound::Upper, false, 0), 0).depth,
            TT_DEPTH_MIN
        );
    }

    #[test]
    fn bound_bits() {
        assert!(Bound::Exact.has_lower() && Bound::Exact.has_upper());
        assert!(Bound::Lower.has_lower() && !Bound::Lower.has_upper());
        assert!(!Bound::Upper.has_lower() && Bound::Upper.has_upper());
        assert!(!Bound::None.has_lower() && !Bound::None.has_upper());
    }

    #[test]
    fn store_then_probe() {
        let tt = Tt::new(1 << 20);
        let key = 0x0123_4567_89AB_CDEF;
        assert_eq!(tt.probe(key, 0), None);
        tt.store(key, 3, Pos::new(7, 7), -250, 40, 9, Bound::Lower, true);
        let hit = tt.probe(key, 3).expect("stored");
        assert_eq!(
            hit,
            TtHit {
                mv: Pos::new(7, 7),
                score: -250,
                eval: 40,
                depth: 9,
                bound: Bound::Lower,
                pv: true
            }
        );
        assert_eq!(tt.probe(key ^ 1, 3), None);
        assert_eq!(tt.probe(key ^ (1 << 63), 3), None);
        // A prefetch, of the key's own bucket or any other, changes nothing.
        for k in [key, key ^ 1, 0, u64::MAX] {
            tt.prefetch(k);
        }
        assert_eq!(tt.probe(key, 3), Some(hit));
        assert_eq!(tt.probe(key ^ 1, 3), None);
    }

    #[test]
    fn key_zero_is_not_an_empty_slot() {
        let tt = table(4);
        assert_eq!(tt.probe(0, 0), None);
        tt.store(0, 0, Pos::new(1, 2), 5, 6, 0, Bound::Exact, false);
        assert_eq!(tt.probe(0, 0).map(|h| h.score), Some(5));
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let tt = table(16);
        // Win: mate in 5 plies from the root found at a node 3 plies deep (2 plies from it).
        let win = MATE - 5;
        tt.store(11, 3, Pos::NONE, win, SCORE_NONE, 4, Bound::Exact, false);
        let raw = tt.buckets[tt.index(11)]
            .iter()
            .skip(1)
            .step_by(2)
            .map(|w| w.load(Relaxed))
            .find(|&d| depth_code(d) != 0)
            .unwrap();
        assert_eq!((raw >> SCORE_SHIFT) as u16 as i16 as i32, MATE - 2);
        assert_eq!(tt.probe(11, 3).unwrap().score, win);
        // The same position reached at ply 7 is a mate 9 plies from the root there.
        assert_eq!(tt.probe(11, 7).unwrap().score, MATE - 9);
        assert_eq!(tt.probe(11, 7).unwrap().eval, SCORE_NONE);

        let loss = -(MATE - 6);
        tt.store(12, 4, Pos::NONE, loss, 0, 4, Bound::Upper, false);
        assert_eq!(tt.probe(12, 4).unwrap().score, loss);
        assert_eq!(tt.probe(12, 1).unwrap().score, -(MATE - 3));

        // Ordinary scores and SCORE_NONE are not moved.
        tt.store(13, 10, Pos::NONE, MATE_BOUND - 1, 0, 4, Bound::Exact, false);
        assert_eq!(tt.probe(13, 2).unwrap().score, MATE_BOUND - 1);
        tt.store(14, 10, Pos::NONE, SCORE_NONE, 17, 0, Bound::None, false);
        assert_eq!(tt.probe(14, 2).unwrap().score, SCORE_NONE);
        assert_eq!(tt.probe(14, 2).unwrap().eval, 17);
    }

    #[test]
    fn index_spreads_over_non_power_of_two_tables() {
        let tt = table(3);
        assert_eq!(tt.index(0), 0);
        assert_eq!(tt.index(u64::MAX / 3), 0);
        assert_eq!(tt.index(u64::MAX / 3 + 2), 1);
        assert_eq!(tt.index(u64::MAX), 2);
    }

    #[test]
    fn colliding_keys_share_a_bucket() {
        let tt = table(8);
        let keys = keys_in_bucket(&tt, 5, 4);
        for (i, &k) in keys.iter().enumerate() {
            tt.store(
                k,
                0,
                Pos(i as u16 + 100),
                i as i32,
                0,
                10 + i as i32,
                Bound::Exact,
                false,
            );
        }
        for (i, &k) in keys.iter().enumerate() {
            let hit = tt.probe(k, 0).expect("all four fit");
            assert_eq!((hit.mv, hit.score), (Pos(i as u16 + 100), i as i32));
        }
        // Only bucket 5 is used.
        assert_eq!(
            tt.buckets
                .iter()
                .enumerate()
                .filter(|(i, b)| *i != 5 && b.iter().any(|w| w.load(Relaxed) != 0))
                .count(),
            0
        );
    }

    #[test]
    fn full_bucket_evicts_the_shallowest() {
        let tt = table(8);
        let keys = keys_in_bucket(&tt, 2, 5);
        let depths = [12, 4, 9, 20];
        for (&k, &d) in keys.iter().zip(&depths) {
            tt.store(k, 0, Pos::NONE, 0, 0, d, Bound::Lower, false);
        }
        tt.store(keys[4], 0, Pos::NONE, 0, 0, 1, Bound::Lower, false);
        assert!(tt.probe(keys[1], 0).is_none(), "depth 4 evicted");
        for i in [0, 2, 3, 4] {
            assert!(tt.probe(keys[i], 0).is_some(), "key {i} kept");
        }
    }

    #[test]
    fn full_bucket_evicts_old_generations_first() {
        let mut tt = table(8);
        let keys = keys_in_bucket(&tt, 6, 5);
        // Deep entries from two searches ago, shallow ones from now.
        tt.store(keys[0], 0, Pos::NONE, 0, 0, 20, Bound::Lower, false);
        tt.store(keys[1], 0, Pos::NONE, 0, 0, 14, Bound::Lower, false);
        tt.new_search();
        tt.new_search();
        tt.store(keys[2], 0, Pos::NONE, 0, 0, 3, Bound::Lower, false);
        tt.store(keys[3], 0, Pos::NONE, 0, 0, 5, Bound::Lower, false);
        // Worth: 20 − 16 = 4, 14 − 16 = −2, 3, 5 → keys[1] goes.
        tt.store(keys[4], 0, Pos::NONE, 0, 0, 1, Bound::Lower, false);
        assert!(tt.probe(keys[1], 0).is_none());
        assert!(tt.probe(keys[0], 0).is_some());
        // keys[4] (depth 1, current search) is now the cheapest entry, not the older keys[0].
        tt.store(keys[1], 0, Pos::NONE, 0, 0, 1, Bound::Lower, false);
        assert!(tt.probe(keys[4], 0).is_none());
        for i in [0, 1, 2, 3] {
            assert!(tt.probe(keys[i], 0).is_some(), "key {i} kept");
        }
    }

    #[test]
    fn probe_restamps_the_generation() {
        let mut tt = table(8);
        let keys = keys_in_bucket(&tt, 3, 5);
        tt.store(keys[0], 0, Pos::NONE, 0, 0, 10, Bound::Lower, false);
        tt.new_search();
        tt.new_search();
        for &k in &keys[1..4] {
            tt.store(k, 0, Pos::NONE, 0, 0, 4, Bound::Lower, false);
        }
        // Unprobed, keys[0] would be worth 10 − 16 < 4 and be evicted; the hit makes it current.
        assert!(tt.probe(keys[0], 0).is_some());
        tt.store(keys[4], 0, Pos::NONE, 0, 0, 4, Bound::Lower, false);
        assert!(tt.probe(keys[0], 0).is_some());
        assert!(tt.probe(keys[4], 0).is_some());
        assert_eq!(
            keys[1..4]
                .iter()
                .filter(|&&k| tt.probe(k, 0).is_some())
                .count(),
            2
        );
    }

    #[test]
    fn generation_wraps_modulo_32() {
        let mut tt = table(8);
        let keys = keys_in_bucket(&tt, 0, 5);
        for _ in 0..31 {
            tt.new_search();
        }
        assert_eq!(tt.generation, 31);
        tt.store(keys[0], 0, Pos::NONE, 0, 0, 10, Bound::Lower, false); // generation 31
        tt.new_search();
        assert_eq!(tt.generation, 0);
        // Age across the wrap is 1: worth 10 − 8 = 2, beaten by fresh depth-3 entries.
        tt.store(keys[1], 0, Pos::NONE, 0, 0, 3, Bound::Lower, false);
        tt.store(keys[2], 0, Pos::NONE, 0, 0, 3, Bound::Lower, false);
        tt.store(keys[3], 0, Pos::NONE, 0, 0, 3, Bound::Lower, false);
        tt.store(keys[4], 0, Pos::NONE, 0, 0, 3, Bound::Lower, false);
        assert!(tt.probe(keys[0], 0).is_none());
    }

    #[test]
    fn same_key_replacement_policy() {
        let mut tt = table(4);
        let key = 0xDEAD_BEEF_0000_0001;
        tt.store(key, 0, Pos::new(3, 3), 100, 0, 10, Bound::Lower, false);
        // Much shallower, not exact, same search: kept.
        tt.store(
            key,
            0,
            Pos::new(4, 4),
            200,
            0,
            10 - TT_REPLACE_DEPTH_MARGIN - 1,
            Bound::Lower,
            false,
        );
        assert_eq!(tt.probe(key, 0).unwrap().score, 100);
        // Within the margin: replaced.
        tt.store(
            key,
            0,
            Pos::new(4, 4),
            200,
            0,
            10 - TT_REPLACE_DEPTH_MARGIN,
            Bound::Upper,
            false,
        );
        assert_eq!(tt.probe(key, 0).unwrap().score, 200);
        // Exact always replaces; a missing move keeps the stored one.
        tt.store(key, 0, Pos::NONE, 300, 0, 0, Bound::Exact, true);
        let hit = tt.probe(key, 0).unwrap();
        assert_eq!(
            (hit.score, hit.mv, hit.depth, hit.pv),
            (300, Pos::new(4, 4), 0, true)
        );
        // Deeper entry from an older search: a shallow new result replaces it.
        tt.store(key, 0, Pos::new(5, 5), 400, 0, 30, Bound::Lower, false);
        tt.new_search();
        tt.store(key, 0, Pos::new(6, 6), 500, 0, 2, Bound::Upper, false);
        assert_eq!(tt.probe(key, 0).unwrap().score, 500);
        // One entry per key: the bucket holds a single occupied slot.
        let bucket = &tt.buckets[tt.index(key)];
        let used = bucket
            .iter()
            .skip(1)
            .step_by(2)
            .filter(|w| depth_code(w.load(Relaxed)) != 0)
            .count();
        assert_eq!(used, 1);
    }

    #[test]
    fn buckets_start_on_cache_lines() {
        for bytes in [BUCKET_BYTES, 4096, 1 << 20, 3 << 20] {
            let tt = Tt::new(bytes);
            assert_eq!(tt.size_bytes(), bytes);
            for i in [0, tt.buckets.len() - 1] {
                assert_eq!(tt.buckets[i].as_ptr() as usize % BUCKET_BYTES, 0);
            }
        }
    }

    #[test]
    fn torn_entry_is_rejected() {
        let tt = table(4);
        let key = 0x5555_AAAA_1234_5678;
        tt.store(key, 0, Pos::new(1, 1), 7, 0, 5, Bound::Exact, false);
        let bucket = &tt.buckets[tt.index(key)];
        let slot = (0..BUCKET_ENTRIES)
            .find(|&i| depth_code(bucket[2 * i + 1].load(Relaxed)) != 0)
            .unwrap();
        // Another writer's data word without its check word.
        bucket[2 * slot + 1].store(
            pack(Pos::new(2, 2), 9, 0, 6, Bound::Exact, false, 0),
            Relaxed,
        );
        assert_eq!(tt.probe(key, 0), None);
    }

    #[test]
    fn clear_and_hashfull() {
        let mut tt = table(2000);
        assert_eq!(tt.hashfull(), 0);
        for k in 0..4000u64 {
            tt.store(
                k.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                0,
                Pos::NONE,
                0,
                0,
                1,
                Bound::Exact,
                false,
            );
        }
        let full = tt.hashfull();
        assert!(full > 0 && full <= 1000, "{full}");
        tt.new_search();
        assert_eq!(tt.hashfull(), 0, "older generations do not count");
        assert!(tt.probe(0, 0).is_some());
        tt.clear();
        assert_eq!(tt.hashfull(), 0);
        assert!(tt
            .buckets
            .iter()
            .all(|b| b.iter().all(|w| w.load(Relaxed) == 0)));
        assert!(tt.probe(0, 0).is_none());
    }

    #[test]
    fn hashfull_of_a_full_small_table() {
        let tt = table(2);
        let keys: Vec<u64> = keys_in_bucket(&tt, 0, 4)
            .into_iter()
            .chain(keys_in_bucket(&tt, 1, 4))
            .collect();
        for &k in &keys {
            tt.store(k, 0, Pos::NONE, 0, 0, 1, Bound::Exact, false);
        }
        assert_eq!(tt.hashfull(), 1000);
    }

    #[test]
    fn resize_and_size() {
        let mut tt = Tt::new(1 << 20);
        assert_eq!(tt.size_bytes(), 1 << 20);
        tt.store(42, 0, Pos::new(1, 1), 1, 1, 1, Bound::Exact, false);
        tt.resize(1 << 20);
        assert!(tt.probe(42, 0).is_some(), "same size keeps the contents");
        tt.resize(3 * BUCKET_BYTES + 10);
        assert_eq!(tt.size_bytes(), 3 * BUCKET_BYTES);
        assert!(tt.probe(42, 0).is_none());
        tt.store(42, 0, Pos::new(1, 1), 1, 1, 1, Bound::Exact, false);
        assert!(tt.probe(42, 0).is_some());
        tt.resize(0);
        assert_eq!(tt.size_bytes(), BUCKET_BYTES, "never empty");
        assert_eq!(Tt::new(0).size_bytes(), BUCKET_BYTES);
        tt.store(u64::MAX, 0, Pos::NONE, 1, 1, 1, Bound::Exact, false);
        assert!(tt.probe(u64::MAX, 0).is_some());
    }

    #[test]
    fn table_is_sync() {
        fn assert_sync<T: Sync + Send>() {}
        assert_sync::<Tt>();
    }

    #[test]
    fn sizing_from_memory_limits() {
        const MIB: usize = 1 << 20;
        let reserve = |limit: i64| (TT_RESERVE_FIXED + limit / 100 * TT_RESERVE_PERCENT) as usize;
        let whole = |b: usize| b / BUCKET_BYTES * BUCKET_BYTES;
        let gomocup = whole(367_001_600 - reserve(367_001_600));
        let cases: [(i64, i64, usize); 13] = [
            // (max_memory, hash_size KiB, expected bytes)
            (20_000_000, 0, whole(20_000_000 - reserve(20_000_000))),
            (100_000_000, 0, whole(100_000_000 - reserve(100_000_000))),
            (367_001_600, 0, gomocup),
            (0, 0, gomocup),
            (-1, 0, gomocup),
            (1 << 40, 0, TT_AUTO_MAX_BYTES),
            (2_147_483_647, 0, TT_AUTO_MAX_BYTES),
            (10_000_000, 0, TT_MIN_BYTES),
            (367_001_600, 65_536, 64 * MIB),
            (
                100_000_000,
                1 << 20,
                whole(100_000_000 - reserve(100_000_000)),
            ),
            (0, 1 << 30, gomocup),
            (1 << 40, 4 << 20, 4 << 30),
            (1 << 40, 1 << 30, TT_MAX_BYTES),
        ];
        for (max_memory, hash_kib, expected) in cases {
            let got = tt_bytes_for(max_memory, hash_kib);
            assert_eq!(
                got, expected,
                "max_memory {max_memory}, hash_size {hash_kib}"
            );
            assert_eq!(got % BUCKET_BYTES, 0);
            assert!(got >= TT_MIN_BYTES);
        }
        // The table plus the reserve fits the limit whenever the limit leaves room for the minimum.
        for limit in [20_000_000i64, 100_000_000, 367_001_600, 1_000_000_000] {
            assert!(tt_bytes_for(limit, 0) as i64 + TT_RESERVE_FIXED + limit / 10 <= limit);
        }
        // Concrete figure for the tournament: 350 MiB → 299 MiB of table.
        assert_eq!(tt_bytes_for(367_001_600, 0), 313_524_224);
    }
}
