//! Line of sight and cover on the grid, in exact integer geometry.
//!
//! Coordinates are scaled by [`UNIT`] per square. Walls that block sight are closed segments on
//! the grid lines (so two walls meeting at a corner leave no gap, and a ray that only grazes
//! the bare end of a wall is blocked while its neighbours pass). A square is looked at through
//! its *inset* corners, one unit inside toward its centre, so a wall on the far or a side edge
//! of a square never hides it, and one on its near edge does.
//!
//! Whether a point sees a square is decided by an angular sweep: from the point, the square
//! spans an interval of directions; every wall in front of the square hides a closed
//! sub-interval; the point sees the square when something of the interval is left. Directions
//! are integer vectors compared by cross products; distances along a ray are compared as exact
//! fractions. No floating point, no tolerance.
//!
//! The rulings (Sovereign's, used by every procedure on a grid): A has line of sight to B when
//! some point of one square sees the other (tested at their inset corners and centres, both
//! ways); B's cover from A is none when A sees all four corners of B, half when some, full when
//! none while A still has line of sight.

use super::grid::{Axis, Footprint, Grid};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::HashMap;

/// Units per square: a square's inset corner is one unit inside it.
pub const UNIT: i64 = 16;

/// A point in scaled coordinates.
pub type Point = (i64, i64);

/// How well a target is covered from an attacker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cover {
    /// Every corner of the target is in view.
    None,
    /// Some corners are hidden.
    Half,
    /// No corner is in view, but the target still is (through a gap).
    Full,
    /// No line of sight at all.
    Hidden,
}

impl Cover {
    /// The GM's word for it.
    pub fn label(self) -> &'static str {
        match self {
            Cover::None => "no cover",
            Cover::Half => "half cover",
            Cover::Full => "full cover",
            Cover::Hidden => "out of sight",
        }
    }
}

/// A closed axis-aligned box in scaled coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Region {
    /// Top-left corner.
    pub min: Point,
    /// Bottom-right corner.
    pub max: Point,
}

impl Region {
    /// The inset square(s) of a footprint.
    pub fn of(f: Footprint) -> Self {
        let (x, y, s) = (i64::from(f.at.x), i64::from(f.at.y), i64::from(f.size));
        Self { min: (x * UNIT + 1, y * UNIT + 1), max: ((x + s) * UNIT - 1, (y + s) * UNIT - 1) }
    }

    /// Its four corners.
    pub fn corners(self) -> [Point; 4] {
        [self.min, (self.max.0, self.min.1), self.max, (self.min.0, self.max.1)]
    }

    /// Its centre.
    pub fn centre(self) -> Point {
        ((self.min.0 + self.max.0) / 2, (self.min.1 + self.max.1) / 2)
    }
}

/// The sight-blocking walls of a grid, ready for many questions.
#[derive(Debug, Clone, Default)]
pub struct Sight {
    /// Closed segments in scaled coordinates; runs of unit edges merged.
    segments: Vec<(Point, Point)>,
    /// Answers already found: does this point see that region?
    asked: RefCell<HashMap<(Point, Region), bool>>,
}

impl Sight {
    /// Indexes the walls of `grid` that block sight.
    pub fn new(grid: &Grid) -> Self {
        let mut horizontal: Vec<(u16, u16)> = Vec::new();
        let mut vertical: Vec<(u16, u16)> = Vec::new();
        for w in grid.walls.iter().filter(|w| w.kind.blocks_sight()) {
            match w.edge.axis {
                Axis::Horizontal => horizontal.push((w.edge.y, w.edge.x)),
                Axis::Vertical => vertical.push((w.edge.x, w.edge.y)),
            }
        }
        let mut segments = Vec::new();
        for (runs, axis) in [(horizontal, Axis::Horizontal), (vertical, Axis::Vertical)] {
            let mut runs = runs;
            runs.sort_unstable();
            let mut i = 0;
            while i < runs.len() {
                let (line, start) = runs[i];
                let mut end = start + 1;
                while i + 1 < runs.len() && runs[i + 1] == (line, end) {
                    end += 1;
                    i += 1;
                }
                let (line, start, end) = (i64::from(line), i64::from(start), i64::from(end));
                segments.push(match axis {
                    Axis::Horizontal => ((start * UNIT, line * UNIT), (end * UNIT, line * UNIT)),
                    Axis::Vertical => ((line * UNIT, start * UNIT), (line * UNIT, end * UNIT)),
                });
                i += 1;
            }
        }
        Self { segments, asked: RefCell::default() }
    }

    /// How well `target` is covered from `attacker`.
    pub fn cover(&self, attacker: Footprint, target: Footprint) -> Cover {
        if attacker.overlaps(target) {
            return Cover::None;
        }
        let (from, to) = (Region::of(attacker), Region::of(target));
        // Every question below has its point in one region and looks at the other: only a
        // wall crossing the box around both can matter. Gathered once for all of them.
        let near = self.near(from, to);
        if near.is_empty() {
            return Cover::None;
        }
        if near.iter().any(|w| separates(*w, from, to)) {
            return Cover::Hidden;
        }
        let seen = to.corners().iter().filter(|c| self.sees(&near, **c, from)).count();
        match seen {
            4 => Cover::None,
            1..=3 => Cover::Half,
            // No corner: the rest of the line-of-sight points (the corners were just asked).
            _ if self.sees(&near, to.centre(), from)
                || points(from).iter().any(|p| self.sees(&near, *p, to)) =>
            {
                Cover::Full
            }
            _ => Cover::Hidden,
        }
    }

    /// Whether `a` and `b` have a line of sight (the same answer both ways).
    pub fn line_of_sight(&self, a: Footprint, b: Footprint) -> bool {
        if a.overlaps(b) {
            return true;
        }
        let (ra, rb) = (Region::of(a), Region::of(b));
        let near = self.near(ra, rb);
        if near.iter().any(|w| separates(*w, ra, rb)) {
            return false;
        }
        near.is_empty()
            || points(rb).iter().any(|p| self.sees(&near, *p, ra))
            || points(ra).iter().any(|p| self.sees(&near, *p, rb))
    }

    /// Whether the point `q` sees some of `region` (`q` outside it): a direction from `q` that
    /// reaches the region before any wall, or `None`.
    pub fn sees_region(&self, q: Point, region: Region) -> Option<Point> {
        sweep(&self.segments, q, region)
    }

    /// [`sweep`] among `near`, remembered: the cover of A from B and of B from A, and their
    /// line of sight, ask many of the same questions.
    fn sees(&self, near: &[(Point, Point)], q: Point, region: Region) -> bool {
        if let Some(known) = self.asked.borrow().get(&(q, region)) {
            return *known;
        }
        let answer = sweep(near, q, region).is_some();
        self.asked.borrow_mut().insert((q, region), answer);
        answer
    }

    /// The walls crossing the box around two regions.
    fn near(&self, a: Region, b: Region) -> Vec<(Point, Point)> {
        let bx = (a.min.0.min(b.min.0), a.max.0.max(b.max.0));
        let by = (a.min.1.min(b.min.1), a.max.1.max(b.max.1));
        self.segments
            .iter()
            .filter(|(p, q)| {
                p.0.max(q.0) >= bx.0
                    && p.0.min(q.0) <= bx.1
                    && p.1.max(q.1) >= by.0
                    && p.1.min(q.1) <= by.1
            })
            .copied()
            .collect()
    }
}

/// Whether one straight wall stands wholly between two regions: on a grid line strictly
/// between them, spanning everything either covers across it. Every line from one to the
/// other crosses that grid line within that span, so it meets the wall. (A quick answer for
/// the common case of a room's wall; the sweep would find the same.)
fn separates((p, q): (Point, Point), a: Region, b: Region) -> bool {
    let between = |c: i64, a_lo: i64, a_hi: i64, b_lo: i64, b_hi: i64| {
        (a_hi < c && c < b_lo) || (b_hi < c && c < a_lo)
    };
    let spans = |lo: i64, hi: i64, from: i64, to: i64| lo <= from && to <= hi;
    if p.0 == q.0 {
        between(p.0, a.min.0, a.max.0, b.min.0, b.max.0)
            && spans(p.1.min(q.1), p.1.max(q.1), a.min.1.min(b.min.1), a.max.1.max(b.max.1))
    } else {
        between(p.1, a.min.1, a.max.1, b.min.1, b.max.1)
            && spans(p.0.min(q.0), p.0.max(q.0), a.min.0.min(b.min.0), a.max.0.max(b.max.0))
    }
}

/// The points a region is looked at from for line of sight: its corners and centre.
fn points(r: Region) -> [Point; 5] {
    let [c0, c1, c2, c3] = r.corners();
    [c0, c1, c2, c3, r.centre()]
}

/// The angular sweep: a direction from `q` reaching `region` before any of `segments`.
fn sweep(segments: &[(Point, Point)], q: Point, region: Region) -> Option<Point> {
    let corners = region.corners().map(|c| sub(c, q));
    // The region's interval of directions: its most clockwise and most counter-clockwise
    // corners (the region is convex and `q` is outside it, so it spans less than a half
    // turn).
    let lo = *corners.iter().find(|c| corners.iter().all(|o| cross(**c, *o) >= 0))?;
    let hi = *corners.iter().find(|c| corners.iter().all(|o| cross(*o, **c) >= 0))?;
    // Only a wall that crosses the box around `q` and the region can stand between them.
    let bx = (q.0.min(region.min.0), q.0.max(region.max.0));
    let by = (q.1.min(region.min.1), q.1.max(region.max.1));
    let mut hidden: Vec<(Point, Point)> = Vec::new();
    for &(a, b) in segments {
        if a.0.max(b.0) < bx.0 || a.0.min(b.0) > bx.1 || a.1.max(b.1) < by.0 || a.1.min(b.1) > by.1
        {
            continue;
        }
        let (va, vb) = (sub(a, q), sub(b, q));
        let (w_lo, w_hi) = if cross(va, vb) >= 0 { (va, vb) } else { (vb, va) };
        // The overlap of the wall's directions with the region's.
        let from = if cross(lo, w_lo) > 0 { w_lo } else { lo };
        let to = if cross(w_hi, hi) > 0 { w_hi } else { hi };
        if cross(from, to) < 0 || (cross(from, to) == 0 && dot(from, to) < 0) {
            continue;
        }
        // Along a direction both share, the wall hides the region only if it comes first.
        if before(q, from, (a, b), region) {
            hidden.push((from, to));
        }
    }
    hidden.sort_by(|x, y| cross(y.0, x.0).cmp(&0));
    // Sweep from `lo` to `hi`: the first direction no hidden interval covers.
    let mut reach = lo;
    let mut started = false;
    for (from, to) in hidden {
        if !started {
            if cross(lo, from) > 0 {
                return Some(lo);
            }
            started = true;
            reach = to;
        } else if cross(reach, from) > 0 {
            return Some(add(reach, from));
        } else if cross(reach, to) > 0 {
            reach = to;
        }
    }
    if !started {
        return Some(lo);
    }
    (cross(reach, hi) > 0).then_some(hi)
}

fn sub(a: Point, b: Point) -> Point {
    (a.0 - b.0, a.1 - b.1)
}

fn add(a: Point, b: Point) -> Point {
    (a.0 + b.0, a.1 + b.1)
}

fn cross(a: Point, b: Point) -> i64 {
    a.0 * b.1 - a.1 * b.0
}

fn dot(a: Point, b: Point) -> i64 {
    a.0 * b.0 + a.1 * b.1
}

/// A fraction `n / d` with `d > 0`.
#[derive(Clone, Copy)]
struct Frac(i128, i128);

impl Frac {
    fn new(n: i64, d: i64) -> Self {
        if d < 0 {
            Frac(-i128::from(n), -i128::from(d))
        } else {
            Frac(i128::from(n), i128::from(d))
        }
    }

    fn lt(self, o: Frac) -> bool {
        self.0 * o.1 < o.0 * self.1
    }
}

/// Whether, along the ray from `q` in direction `d`, the segment `w` is met before the
/// region (the ray meets both: `d` lies in both intervals of directions).
fn before(q: Point, d: Point, w: (Point, Point), region: Region) -> bool {
    match (hit_segment(q, d, w), enter_region(q, d, region)) {
        (Some(tw), Some(tr)) => tw.lt(tr),
        // A closed interval's end may graze only the other: then there is no contest.
        (Some(_), None) => true,
        _ => false,
    }
}

/// Where (as a multiple of `d`) the ray from `q` first meets the closed segment `w`.
fn hit_segment(q: Point, d: Point, (a, b): (Point, Point)) -> Option<Frac> {
    let e = sub(b, a);
    let denom = cross(d, e);
    let qa = sub(a, q);
    if denom == 0 {
        // Parallel: only a segment lying along the ray is met, at its nearer end.
        if cross(qa, d) != 0 {
            return None;
        }
        let dd = dot(d, d);
        let (ta, tb) = (dot(qa, d), dot(sub(b, q), d));
        let t = ta.min(tb);
        return (ta.max(tb) >= 0).then(|| Frac::new(t.max(0), dd));
    }
    let t = Frac::new(cross(qa, e), denom);
    let s = Frac::new(cross(qa, d), denom);
    let zero = Frac(0, 1);
    let one = Frac(1, 1);
    (!t.lt(zero) && !s.lt(zero) && !one.lt(s)).then_some(t)
}

/// Where (as a multiple of `d`) the ray from `q` enters the closed box, if it does.
fn enter_region(q: Point, d: Point, r: Region) -> Option<Frac> {
    let mut enter = Frac(0, 1);
    let mut leave: Option<Frac> = None;
    for (qc, dc, lo, hi) in [(q.0, d.0, r.min.0, r.max.0), (q.1, d.1, r.min.1, r.max.1)] {
        if dc == 0 {
            if qc < lo || qc > hi {
                return None;
            }
            continue;
        }
        let (t1, t2) = (Frac::new(lo - qc, dc), Frac::new(hi - qc, dc));
        let (near, far) = if t1.lt(t2) { (t1, t2) } else { (t2, t1) };
        if enter.lt(near) {
            enter = near;
        }
        leave = Some(match leave {
            Some(l) if l.lt(far) => l,
            _ => far,
        });
    }
    match leave {
        Some(l) if l.lt(enter) => None,
        _ => Some(enter),
    }
}

#[cfg(test)]
mod tests;
