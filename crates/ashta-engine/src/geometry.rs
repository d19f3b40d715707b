//! Board geometry: square names, rings, the path of every seat and the safe squares.
//!
//! Squares are numbered `y * N + x`, with `x` the file (a, b, c… from the left) and
//! `y` the rank (1, 2, 3… from South's side), as South sees the board.

use std::fmt;

/// Largest board side supported.
pub const MAX_SIZE: usize = 15;
/// Number of squares on the largest board.
pub const MAX_SQUARES: usize = MAX_SIZE * MAX_SIZE;
/// Number of seats round the board (South, East, North, West).
pub const SEATS: usize = 4;

/// A square of the board, numbered `rank * size + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    /// The square at `file` (0 = a) and `rank` (0 = 1) on a board of side `size`.
    pub fn new(file: usize, rank: usize, size: usize) -> Square {
        Square((rank * size + file) as u8)
    }
    /// File (0 = a) on a board of side `size`.
    pub fn file(self, size: usize) -> usize {
        self.0 as usize % size
    }
    /// Rank (0 = rank 1) on a board of side `size`.
    pub fn rank(self, size: usize) -> usize {
        self.0 as usize / size
    }
    /// The square's name, such as `c1`.
    pub fn name(self, size: usize) -> String {
        format!(
            "{}{}",
            (b'a' + self.file(size) as u8) as char,
            self.rank(size) + 1
        )
    }
    /// Parses a name such as `c1` on a board of side `size`.
    pub fn parse(name: &str, size: usize) -> Option<Square> {
        let mut chars = name.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let file = (file as u8 - b'a') as usize;
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: usize = digits.parse().ok()?;
        if file >= size || rank == 0 || rank > size || chars.as_str().starts_with('0') {
            return None;
        }
        Some(Square::new(file, rank - 1, size))
    }
}

/// A seat round the board; players sit on seats in counter-clockwise order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// Bottom side, the one every square name is read from.
    South = 0,
    /// Right side.
    East = 1,
    /// Top side.
    North = 2,
    /// Left side.
    West = 3,
}

impl Seat {
    /// The seats used by a game of `players` players, in turn order:
    /// South and North for two, South, East, North for three, all four for four.
    pub fn for_players(players: usize) -> &'static [Seat] {
        match players {
            2 => &[Seat::South, Seat::North],
            3 => &[Seat::South, Seat::East, Seat::North],
            _ => &[Seat::South, Seat::East, Seat::North, Seat::West],
        }
    }
    /// The seat's name.
    pub fn name(self) -> &'static str {
        match self {
            Seat::South => "South",
            Seat::East => "East",
            Seat::North => "North",
            Seat::West => "West",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Paths, rings and safe squares of one board size.
#[derive(Clone, Debug)]
pub struct Geometry {
    size: usize,
    /// `path[seat][i]`: the square at path index `i` of that seat.
    path: [[u8; MAX_SQUARES]; SEATS],
    /// `index[seat][sq]`: the path index of square `sq` on that seat's path.
    index: [[u8; MAX_SQUARES]; SEATS],
    ring: [u8; MAX_SQUARES],
}

impl Geometry {
    /// Builds the geometry of an odd board side from 5 to 15.
    ///
    /// # Panics
    /// If `size` is even or out of range; `Rules` validation rejects such sizes first.
    pub fn new(size: usize) -> Geometry {
        assert!(
            size % 2 == 1 && (5..=MAX_SIZE).contains(&size),
            "bad size {size}"
        );
        let south = south_path(size);
        let mut path = [[0u8; MAX_SQUARES]; SEATS];
        let mut index = [[0u8; MAX_SQUARES]; SEATS];
        for seat in 0..SEATS {
            for (i, &(x, y)) in south.iter().enumerate() {
                let (mut x, mut y) = (x, y);
                for _ in 0..seat {
                    (x, y) = rotate_ccw(x, y, size);
                }
                let sq = y * size + x;
                path[seat][i] = sq as u8;
                index[seat][sq] = i as u8;
            }
        }
        let mut ring = [0u8; MAX_SQUARES];
        for y in 0..size {
            for x in 0..size {
                ring[y * size + x] = x.min(y).min(size - 1 - x).min(size - 1 - y) as u8;
            }
        }
        Geometry {
            size,
            path,
            index,
            ring,
        }
    }

    /// Board side N.
    pub fn size(&self) -> usize {
        self.size
    }
    /// Number of squares, N².
    pub fn squares(&self) -> usize {
        self.size * self.size
    }
    /// Half the side, (N−1)/2: the number of rings around the centre.
    pub fn half(&self) -> usize {
        (self.size - 1) / 2
    }
    /// Length of the outer ring, 4(N−1): path indices below it lie on ring 0.
    pub fn outer_len(&self) -> usize {
        4 * (self.size - 1)
    }
    /// Path index of the home (the centre): N²−1.
    pub fn home_index(&self) -> usize {
        self.squares() - 1
    }
    /// The centre square.
    pub fn centre(&self) -> Square {
        let c = self.half();
        Square::new(c, c, self.size)
    }
    /// The square at path index `i` of `seat`.
    #[inline]
    pub fn square_at(&self, seat: Seat, i: usize) -> Square {
        Square(self.path[seat as usize][i])
    }
    /// The path index of `sq` on `seat`'s path.
    #[inline]
    pub fn index_of(&self, seat: Seat, sq: Square) -> usize {
        self.index[seat as usize][sq.0 as usize] as usize
    }
    /// The whole path of `seat`, start square first, home last.
    pub fn path(&self, seat: Seat) -> impl Iterator<Item = Square> + '_ {
        self.path[seat as usize][..self.squares()]
            .iter()
            .map(|&s| Square(s))
    }
    /// The ring of a square: 0 is the outermost, `half()` the centre.
    pub fn ring(&self, sq: Square) -> usize {
        self.ring[sq.0 as usize] as usize
    }
    /// The start square of a seat: the middle of its side of the outer ring.
    pub fn start(&self, seat: Seat) -> Square {
        self.square_at(seat, 0)
    }
    /// The default safe squares: the four start squares, the centre and, on 7×7 and
    /// larger, the corners of ring 1, then alternately the side midpoints (even rings)
    /// and the corners (odd rings) of every further ring but the innermost.
    pub fn default_safe(&self) -> Vec<Square> {
        let n = self.size;
        let c = self.half();
        let mut safe: Vec<Square> = [Seat::South, Seat::East, Seat::North, Seat::West]
            .iter()
            .map(|&s| self.start(s))
            .collect();
        for k in 1..c.saturating_sub(1) {
            let (lo, hi) = (k, n - 1 - k);
            if k % 2 == 1 {
                for (x, y) in [(lo, lo), (hi, lo), (hi, hi), (lo, hi)] {
                    safe.push(Square::new(x, y, n));
                }
            } else {
                for (x, y) in [(c, lo), (hi, c), (c, hi), (lo, c)] {
                    safe.push(Square::new(x, y, n));
                }
            }
        }
        safe.push(self.centre());
        safe.sort();
        safe
    }
}

/// Rotates a square 90° counter-clockwise about the centre.
fn rotate_ccw(x: usize, y: usize, size: usize) -> (usize, usize) {
    (size - 1 - y, x)
}

/// South's path as (file, rank) pairs: ring 0 counter-clockwise from the start square,
/// then each inner ring clockwise from its bottom row, then the centre.
fn south_path(n: usize) -> Vec<(usize, usize)> {
    let c = (n - 1) / 2;
    let mut path: Vec<(usize, usize)> = Vec::with_capacity(n * n);
    // Ring 0, counter-clockwise, as a cycle from the bottom-left corner.
    let mut outer = Vec::with_capacity(4 * (n - 1));
    outer.extend((0..n).map(|x| (x, 0)));
    outer.extend((1..n).map(|y| (n - 1, y)));
    outer.extend((0..n - 1).rev().map(|x| (x, n - 1)));
    outer.extend((1..n - 1).rev().map(|y| (0, y)));
    let start = outer.iter().position(|&sq| sq == (c, 0)).unwrap();
    path.extend(outer[start..].iter().chain(&outer[..start]));
    for k in 1..c {
        let (lo, hi) = (k, n - 1 - k);
        // Clockwise cycle from the bottom-left corner: up, right, down, left.
        let mut ring = Vec::new();
        ring.extend((lo..=hi).map(|y| (lo, y)));
        ring.extend((lo + 1..=hi).map(|x| (x, hi)));
        ring.extend((lo..hi).rev().map(|y| (hi, y)));
        ring.extend((lo + 1..hi).rev().map(|x| (x, lo)));
        let last_file = path.last().unwrap().0;
        let entry = (last_file.clamp(lo, hi), lo);
        let start = ring.iter().position(|&sq| sq == entry).unwrap();
        path.extend(ring[start..].iter().chain(&ring[..start]));
    }
    path.push((c, c));
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(g: &Geometry, seat: Seat) -> Vec<String> {
        g.path(seat).map(|s| s.name(g.size())).collect()
    }

    #[test]
    fn south_path_on_5x5_matches_rules() {
        let g = Geometry::new(5);
        let expected = "c1 d1 e1 e2 e3 e4 e5 d5 c5 b5 a5 a4 a3 a2 a1 b1 b2 b3 b4 c4 d4 d3 d2 c2 c3";
        assert_eq!(names(&g, Seat::South).join(" "), expected);
    }

    #[test]
    fn south_path_on_7x7_matches_rules() {
        let g = Geometry::new(7);
        let expected = "d1 e1 f1 g1 g2 g3 g4 g5 g6 g7 f7 e7 d7 c7 b7 a7 a6 a5 a4 a3 a2 a1 b1 c1 \
             c2 b2 b3 b4 b5 b6 c6 d6 e6 f6 f5 f4 f3 f2 e2 d2 d3 c3 c4 c5 d5 e5 e4 e3 d4";
        assert_eq!(names(&g, Seat::South).join(" "), expected);
    }

    #[test]
    fn other_seats_follow_the_path_turned_counter_clockwise() {
        let g = Geometry::new(5);
        assert_eq!(g.start(Seat::East).name(5), "e3");
        assert_eq!(g.start(Seat::North).name(5), "c5");
        assert_eq!(g.start(Seat::West).name(5), "a3");
        // East's path starts going up the right side... turned: from e3 towards e4.
        assert_eq!(names(&g, Seat::East)[1], "e4");
        assert_eq!(names(&g, Seat::North)[1], "b5");
    }

    #[test]
    fn every_path_visits_every_square_once_and_ends_home() {
        for n in (5..=15).step_by(2) {
            let g = Geometry::new(n);
            for seat in [Seat::South, Seat::East, Seat::North, Seat::West] {
                let mut seen = vec![false; n * n];
                for (i, sq) in g.path(seat).enumerate() {
                    assert!(!seen[sq.0 as usize]);
                    seen[sq.0 as usize] = true;
                    assert_eq!(g.index_of(seat, sq), i);
                    let ring = g.ring(sq);
                    if i < g.outer_len() {
                        assert_eq!(ring, 0);
                    }
                }
                assert_eq!(g.square_at(seat, g.home_index()), g.centre());
            }
        }
    }

    #[test]
    fn consecutive_path_squares_are_neighbours_except_ring_changes() {
        for n in (5..=15).step_by(2) {
            let g = Geometry::new(n);
            let path: Vec<Square> = g.path(Seat::South).collect();
            for w in path.windows(2) {
                let (a, b) = (w[0], w[1]);
                let dx = a.file(n).abs_diff(b.file(n));
                let dy = a.rank(n).abs_diff(b.rank(n));
                assert!(dx + dy == 1 || g.ring(a) != g.ring(b), "{n}: {a:?} {b:?}");
            }
        }
    }

    #[test]
    fn default_safe_square_counts() {
        assert_eq!(Geometry::new(5).default_safe().len(), 5);
        assert_eq!(Geometry::new(7).default_safe().len(), 9);
        assert_eq!(Geometry::new(9).default_safe().len(), 13);
        let g = Geometry::new(7);
        let names: Vec<String> = g.default_safe().iter().map(|s| s.name(7)).collect();
        for s in ["d1", "g4", "d7", "a4", "b2", "f2", "f6", "b6", "d4"] {
            assert!(names.contains(&s.to_string()), "{s} in {names:?}");
        }
        let names9: Vec<String> = Geometry::new(9)
            .default_safe()
            .iter()
            .map(|s| s.name(9))
            .collect();
        // Ring 2 of 9×9 has its side midpoints safe.
        for s in ["e3", "g5", "e7", "c5"] {
            assert!(names9.contains(&s.to_string()), "{s} in {names9:?}");
        }
    }

    #[test]
    fn square_names_round_trip() {
        for n in (5..=15).step_by(2) {
            for s in 0..n * n {
                let sq = Square(s as u8);
                assert_eq!(Square::parse(&sq.name(n), n), Some(sq));
            }
        }
        assert_eq!(Square::parse("f1", 5), None);
        assert_eq!(Square::parse("a6", 5), None);
        assert_eq!(Square::parse("a0", 5), None);
        assert_eq!(Square::parse("a01", 5), None);
        assert_eq!(Square::parse("", 5), None);
        assert_eq!(Square::parse("C1", 5), None);
        assert_eq!(Square::parse("d+1", 5), None);
    }
}
