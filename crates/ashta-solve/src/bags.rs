//! Every bag a throwing phase can give, with its exact probability: graces go on
//! until a throw that is not one, or until the bag holds [`MAX_BAG`] values (the
//! engine's cap), or, under `three_graces = forfeit`, until a third grace voids the
//! turn.

use ashta_engine::{ThreeGraces, Variant, MAX_BAG};
use rustc_hash::FxHashMap;

/// One outcome of a throwing phase.
#[derive(Clone, Debug, PartialEq)]
pub struct Bag {
    /// The mouths up of one sequence of throws giving it (graces first), to replay on
    /// a position with [`Variant::throw`] ([`ashta_engine::PhaseFrom::Given`]).
    pub throws: Vec<u8>,
    /// The values in the bag, ascending (empty when the turn is voided).
    pub values: Vec<u8>,
    /// Its probability (every order of the same throws added up).
    pub probability: f64,
}

/// Every outcome of a throwing phase under `variant`'s table, the likeliest first.
/// The probabilities add up to 1 (up to rounding).
pub fn bags(variant: &Variant) -> Vec<Bag> {
    let table = variant.table();
    let forfeit = variant.rules().three_graces == ThreeGraces::Forfeit;
    let mut done: FxHashMap<Vec<u8>, Bag> = FxHashMap::default();
    // Phases under way: sorted grace values -> (throws, probability).
    let mut going: FxHashMap<Vec<u8>, (Vec<u8>, f64)> = FxHashMap::default();
    going.insert(Vec::new(), (Vec::new(), 1.0));
    while !going.is_empty() {
        let mut next: FxHashMap<Vec<u8>, (Vec<u8>, f64)> = FxHashMap::default();
        for (values, (throws, p)) in going {
            for u in 0..=table.cowries() {
                let q = p * table.probability(u);
                if q == 0.0 {
                    continue;
                }
                let face = table.face(u);
                let mut t = throws.clone();
                t.push(u);
                let mut vs = values.clone();
                vs.push(face.value);
                vs.sort_unstable();
                if face.grace && forfeit && t.len() >= 3 {
                    // The voided turn: one outcome, keyed by no values.
                    add(&mut done, Vec::new(), t, q, Vec::new());
                } else if face.grace && t.len() < MAX_BAG as usize {
                    let e = next.entry(vs).or_insert((t, 0.0));
                    e.1 += q;
                } else {
                    add(&mut done, vs.clone(), t, q, vs);
                }
            }
        }
        going = next;
    }
    let mut out: Vec<Bag> = done.into_values().collect();
    out.sort_by(|a, b| {
        b.probability
            .total_cmp(&a.probability)
            .then(a.values.cmp(&b.values))
    });
    out
}

fn add(done: &mut FxHashMap<Vec<u8>, Bag>, key: Vec<u8>, throws: Vec<u8>, q: f64, values: Vec<u8>) {
    done.entry(key)
        .or_insert(Bag {
            throws,
            values,
            probability: 0.0,
        })
        .probability += q;
}
