//! The rule decisions the engine states once and its move generation, its play and the
//! solver's compact core all ask (RULES.md 5.3, 5.4, 6, 7, 9), each pinned under the
//! flags that change it.

use ashta_engine::{Entry, Preset, Rules, Variant};

fn variant(change: impl FnOnce(&mut Rules)) -> Variant {
    let mut rules = Rules::standard();
    change(&mut rules);
    Variant::new(rules).unwrap()
}

fn standard() -> Variant {
    variant(|_| {})
}

fn doubles_off() -> Variant {
    variant(|r| r.doubles = false)
}

fn pairs_do_not_capture() -> Variant {
    variant(|r| r.pair_capture = false)
}

#[test]
fn a_double_is_two_or_more_pawns_of_one_player_when_doubles_are_played() {
    let v = standard();
    assert!(!v.is_double(0));
    assert!(!v.is_double(1));
    assert!(v.is_double(2));
    assert!(v.is_double(4));
    assert!((0..=4).all(|n| !doubles_off().is_double(n)));
}

#[test]
fn a_single_pawn_never_lands_on_an_opponents_double() {
    for v in [standard(), pairs_do_not_capture()] {
        assert!(!v.lands_on_double(false));
        assert!(!v.may_land(v.is_double(2), false));
        assert!(!v.may_land(v.is_double(3), false));
    }
}

#[test]
fn a_pair_lands_on_a_double_only_when_pairs_capture_doubles() {
    let v = standard();
    assert!(v.lands_on_double(true));
    assert!(v.may_land(true, true));
    let v = pairs_do_not_capture();
    assert!(!v.lands_on_double(true));
    assert!(!v.may_land(true, true));
}

#[test]
fn any_unit_lands_where_no_opponents_double_stands() {
    for v in [standard(), pairs_do_not_capture(), doubles_off()] {
        for pair in [false, true] {
            assert!(v.may_land(v.is_double(0), pair), "a free square");
            assert!(v.may_land(v.is_double(1), pair), "a single opponent");
            assert!(v.may_land(false, pair));
        }
    }
}

#[test]
fn without_doubles_a_pawn_lands_on_any_number_of_opponents() {
    let v = doubles_off();
    assert!((0..=4).all(|n| v.may_land(v.is_double(n), false)));
}

#[test]
fn a_double_forms_when_a_square_goes_from_fewer_than_two_to_two_or_more() {
    let v = standard();
    assert!(v.forms_double(0, 2), "a pair arrives");
    assert!(v.forms_double(1, 1), "a second pawn arrives");
    assert!(v.forms_double(1, 2), "a pair joins a single pawn");
    assert!(!v.forms_double(0, 1), "a single pawn alone");
    assert!(!v.forms_double(2, 1), "joining a double forms no new one");
    assert!(!v.forms_double(2, 2));
    assert!(!doubles_off().forms_double(1, 1));
}

#[test]
fn a_block_is_raised_only_by_a_double_forming_on_the_outer_ring() {
    let v = standard();
    let outer = v.outer_len();
    assert!(v.raises_block(1, 1, 0));
    assert!(v.raises_block(0, 2, outer - 1));
    assert!(!v.raises_block(1, 1, outer), "inner doubles never block");
    assert!(!v.raises_block(0, 2, v.home() - 1));
    assert!(
        !v.raises_block(2, 1, 3),
        "a pawn joining a double renews nothing"
    );
    assert!(!v.raises_block(0, 1, 3));
    assert!(!doubles_off().raises_block(1, 1, 3));
}

#[test]
fn a_capture_earns_one_extra_turn_under_capture_bonus() {
    assert_eq!(standard().capture_turns(), 1);
    assert_eq!(variant(|r| r.capture_bonus = false).capture_turns(), 0);
}

#[test]
fn a_captured_pawn_goes_back_to_its_start_or_off_the_board_under_grace_entry() {
    assert_eq!(standard().captured_to(), Some(0));
    let grace = Variant::new(Rules::preset(Preset::Traditional)).unwrap();
    assert_eq!(grace.rules().entry, Entry::Grace);
    assert_eq!(grace.captured_to(), None);
}

#[test]
fn an_entry_brings_on_half_a_grace_value_of_two_or_more_at_most_the_pawns_off() {
    // Standard throws: 8 and 4 are graces, 1, 2 and 3 are not.
    let v = variant(|r| r.entry = Entry::Grace);
    assert_eq!(v.entering(8, 4), 4);
    assert_eq!(v.entering(8, 3), 3);
    assert_eq!(v.entering(4, 4), 2);
    assert_eq!(v.entering(4, 1), 1);
    assert_eq!(v.entering(4, 0), 0);
    for plain in [1, 2, 3] {
        assert_eq!(v.entering(plain, 4), 0, "{plain} is not a grace");
    }
    assert!(v.can_enter());
    // Without grace entry nothing enters.
    let v = standard();
    assert!([8, 4, 1].iter().all(|&value| v.entering(value, 4) == 0));
    assert!(!v.can_enter());
}

#[test]
fn the_end_of_a_turn_begins_a_waiting_extra_turn_else_play_passes_on() {
    let v = standard();
    assert_eq!(v.extra_turn_taken(0), None);
    assert_eq!(v.extra_turn_taken(1), Some(0));
    assert_eq!(v.extra_turn_taken(3), Some(2));
}
