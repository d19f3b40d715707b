//! The JSON interchange format: every way a position can be wrong is rejected with a
//! message that names the problem, and JSON and compact notation round-trip.

mod common;

use ashta_engine::{
    parse_any, parse_notation, parse_position, PositionError, PositionJson, Rules, Variant,
};
use common::*;
use serde_json::{json, Value};

/// The example of rules.md: South has a double on e2 (3) that blocks everyone.
fn example() -> Value {
    json!({"rules": "standard", "size": 5, "players": 4, "to_move": 0, "bag": [4, 3],
        "pawns": [[0, 0, 3, 3], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
        "captured": [false, false, false, false],
        "blocks": [{"owner": 0, "at": 3, "blocked": [1, 2, 3]}],
        "extra_turns": 0})
}

/// A two-player position: South has captured, both sides spread out.
fn two() -> Value {
    json!({"rules": "standard", "size": 5, "players": 2, "to_move": 0, "bag": [],
        "pawns": [[0, 1, 17, 24], [0, 0, 2, 5]],
        "captured": [true, false]})
}

fn with(mut base: Value, edit: impl FnOnce(&mut Value)) -> String {
    edit(&mut base);
    base.to_string()
}

/// The error for a JSON position, which must be rejected both by `parse_position`
/// and by `parse_any`, with the same message.
#[track_caller]
fn error(text: &str) -> String {
    let a = match parse_position(text) {
        Ok((v, p)) => panic!("accepted {text}: {}", v.to_notation(&p)),
        Err(e) => e,
    };
    let b = parse_any(text).expect_err("parse_any must agree");
    assert_eq!(a, b);
    a.to_string()
}

#[track_caller]
fn assert_error(text: &str, needles: &[&str]) -> PositionError {
    let e = parse_position(text).expect_err(text);
    let msg = e.to_string();
    for n in needles {
        assert!(
            msg.contains(n),
            "{msg:?} should mention {n:?} (input {text})"
        );
    }
    assert_eq!(parse_any(text).unwrap_err(), e, "parse_any agrees");
    e
}

#[test]
fn rules_md_example_parses() {
    let (v, p) = parse_position(&example().to_string()).unwrap();
    assert_eq!(v.players(), 4);
    assert_eq!(p.to_move(), 0);
    assert_eq!(v.bag(&p), [4, 3]);
    assert_eq!(pawns(&v, &p, 0), [0, 0, 3, 3]);
    assert_eq!(blocks(&v, &p), ["0@3>123"]);
    assert_eq!(
        v.to_notation(&p),
        "standard 5 4 0 4,3 0,0,3,3/0,0,0,0/0,0,0,0/0,0,0,0 - 0@3>123 0"
    );
    // blocks and extra_turns may be left out.
    let text = with(two(), |_| {});
    let (_, q) = parse_position(&text).unwrap();
    assert!(!q.has_blocks());
    assert_eq!(q.extra_turns(), 0);
}

#[test]
fn malformed_json_is_rejected() {
    assert!(error("{").contains("malformed position JSON"));
    assert!(error("{\"rules\": \"standard\"}").contains("missing field"));
    let e = error(&with(example(), |j| j["size"] = json!("five")));
    assert!(e.contains("malformed position JSON"), "{e}");
    // Empty text is not JSON: parse_any reads it as (empty) notation.
    assert!(parse_position("").unwrap_err().to_string().contains("JSON"));
    assert!(parse_any("").unwrap_err().to_string().contains("notation"));
}

#[test]
fn unknown_field_is_named() {
    assert_error(
        &with(example(), |j| j["colour"] = json!("red")),
        &["unknown field", "colour"],
    );
    assert_error(
        &with(example(), |j| j["blocks"][0]["turns"] = json!(1)),
        &["unknown field", "turns"],
    );
}

#[test]
fn unknown_rules_field_or_value_is_named() {
    assert_error(
        &with(example(), |j| {
            j["rules"] = json!({"preset": "standard", "gait": "wait"})
        }),
        &["gait"],
    );
    assert_error(
        &with(example(), |j| j["rules"] = json!({"gate": "open"})),
        &["open"],
    );
    assert_error(
        &with(example(), |j| j["rules"] = json!("blitz")),
        &["unknown preset", "blitz"],
    );
    assert_error(&with(example(), |j| j["rules"] = json!(7)), &["rules"]);
}

#[test]
fn bad_rule_settings_are_named() {
    assert_error(
        &with(example(), |j| j["size"] = json!(6)),
        &["board size 6"],
    );
    assert_error(&with(example(), |j| j["size"] = json!(-1)), &["-1"]);
    assert_error(&with(example(), |j| j["size"] = json!(300)), &["300"]);
    assert_error(
        &with(example(), |j| j["players"] = json!(5)),
        &["5 players"],
    );
    assert_error(
        &with(example(), |j| j["players"] = json!(1)),
        &["1 players"],
    );
    assert_error(
        &with(example(), |j| j["rules"] = json!({"cowries": 1})),
        &["1 cowries"],
    );
    assert_error(
        &with(example(), |j| j["rules"] = json!({"mouth_up": 1.0})),
        &["mouth-up probability"],
    );
    assert_error(
        &with(example(), |j| j["rules"] = json!({"safe": ["c1", "c3"]})),
        &["safe square list", "e3"],
    );
    assert_error(
        &with(example(), |j| j["rules"] = json!({"safe": ["c1", "z9"]})),
        &["z9"],
    );
    assert_error(
        &with(
            example(),
            |j| {
                j["rules"] =
                    json!({"throws": [{"value": 4, "grace": true}, {"value": 1, "grace": false}]})
            },
        ),
        &["throw table has 2 faces"],
    );
}

#[test]
fn wrong_number_of_pawn_lists() {
    let e = assert_error(
        &with(example(), |j| {
            j["pawns"].as_array_mut().unwrap().pop();
        }),
        &["pawns has 3 lists", "4 players"],
    );
    assert!(matches!(e, PositionError::PawnLists { got: 3, players: 4 }));
}

#[test]
fn wrong_pawn_count() {
    let e = assert_error(
        &with(example(), |j| j["pawns"][1] = json!([0, 0, 0])),
        &["player 1 has 3 pawns", "4"],
    );
    assert!(matches!(
        e,
        PositionError::PawnCount {
            player: 1,
            got: 3,
            expected: 4
        }
    ));
    // A rules object may set the pawn count.
    let text = with(two(), |j| {
        j["rules"] = json!({"pawns": 2});
        j["pawns"] = json!([[0, 24], [0, 3]]);
    });
    assert!(parse_position(&text).is_ok());
}

#[test]
fn pawn_index_out_of_range() {
    let e = assert_error(
        &with(two(), |j| j["pawns"][0][3] = json!(25)),
        &["player 0", "25", "-1..=24"],
    );
    assert!(matches!(
        e,
        PositionError::PawnIndex {
            player: 0,
            index: 25,
            max: 24
        }
    ));
    assert_error(
        &with(two(), |j| j["pawns"][1][0] = json!(-2)),
        &["player 1", "-2"],
    );
}

#[test]
fn off_board_pawn_needs_grace_entry() {
    let e = assert_error(
        &with(two(), |j| j["pawns"][1][0] = json!(-1)),
        &["player 1", "off the board", "grace entry"],
    );
    assert!(matches!(e, PositionError::OffBoardWithoutGraceEntry(1)));
    let ok = with(two(), |j| {
        j["rules"] = json!({"entry": "grace"});
        j["pawns"][1][0] = json!(-1);
    });
    assert!(parse_position(&ok).is_ok());
}

#[test]
fn pawn_past_the_gate_without_capture() {
    let e = assert_error(
        &with(two(), |j| j["pawns"][1][3] = json!(16)),
        &["player 1", "16", "past the gate", "never captured"],
    );
    assert!(matches!(
        e,
        PositionError::PastGate {
            player: 1,
            index: 16
        }
    ));
    // Home counts as past the gate too.
    assert_error(
        &with(two(), |j| j["pawns"][1][3] = json!(24)),
        &["past the gate"],
    );
    // With a capture it is fine.
    let ok = with(two(), |j| {
        j["pawns"][1][3] = json!(16);
        j["captured"][1] = json!(true);
    });
    assert!(parse_position(&ok).is_ok());
}

#[test]
fn two_opponents_on_a_non_safe_square() {
    // South on d1 (1) and North on d1 (North's 9).
    let e = assert_error(
        &with(two(), |j| j["pawns"][1][3] = json!(9)),
        &["players 0 and 1", "d1", "not safe"],
    );
    assert!(matches!(e, PositionError::SharedSquare { a: 0, b: 1, .. }));
    // On a safe square (e3: South's 4, North's 12) they may share.
    let ok = with(two(), |j| {
        j["pawns"][0][0] = json!(4);
        j["pawns"][1][3] = json!(12);
    });
    assert!(parse_position(&ok).is_ok());
    // Four players: all four on North's start c5 is fine; East on South's d1 is not.
    let e = assert_error(
        &with(example(), |j| j["pawns"][1][0] = json!(15)),
        &["players 0 and 1", "e2"],
    );
    let _ = e;
}

#[test]
fn captured_list_must_fit_the_players() {
    let e = assert_error(
        &with(two(), |j| j["captured"] = json!([true])),
        &["captured has 1 entries", "2 players"],
    );
    assert!(matches!(
        e,
        PositionError::CapturedLength { got: 1, players: 2 }
    ));
}

#[test]
fn bag_value_the_table_cannot_produce() {
    for bad in [5i64, 0, -1, 7, 300, 16] {
        let e = assert_error(
            &with(two(), |j| j["bag"] = json!([bad])),
            &[&format!("bag value {bad}"), "cannot be thrown"],
        );
        assert_eq!(e, PositionError::BadBagValue(bad));
    }
    // 12 is thrown with the no-ones-12 table, 16 with eight cowries.
    assert!(parse_position(&with(two(), |j| {
        j["rules"] = json!({"throws": "no-ones-12"});
        j["bag"] = json!([12, 12, 3]);
    }))
    .is_ok());
    assert!(parse_position(&with(two(), |j| {
        j["rules"] = json!({"cowries": 8});
        j["bag"] = json!([16, 7]);
    }))
    .is_ok());
}

#[test]
fn bag_no_throwing_phase_could_leave() {
    assert_error(
        &with(two(), |j| j["bag"] = json!([1, 2])),
        &["[1, 2]", "not a grace"],
    );
    // Under forfeit, three graces void the turn, so they are never in a bag.
    assert_error(
        &with(two(), |j| {
            j["rules"] = json!("traditional");
            j["pawns"] = json!([[-1, -1, -1, -1], [-1, -1, -1, -1]]);
            j["captured"] = json!([false, false]);
            j["bag"] = json!([8, 4, 4]);
        }),
        &["third grace"],
    );
    // ... but are, with three graces allowed (the plain value was moved already).
    assert!(parse_position(&with(two(), |j| j["bag"] = json!([8, 4, 4]))).is_ok());
    // More values than one phase may throw.
    assert_error(
        &with(two(), |j| j["bag"] = json!(vec![4; 65])),
        &["more values"],
    );
}

#[test]
fn bad_blocks_say_what_is_wrong() {
    let block = |b: Value| with(example(), |j| j["blocks"] = json!([b]));
    assert_error(
        &block(json!({"owner": 4, "at": 3, "blocked": [1]})),
        &["block 0", "owner 4"],
    );
    assert_error(
        &block(json!({"owner": 0, "at": 16, "blocked": [1]})),
        &["block 0", "at 16", "outer ring"],
    );
    assert_error(
        &block(json!({"owner": 0, "at": -1, "blocked": [1]})),
        &["block 0", "outer ring"],
    );
    assert_error(
        &block(json!({"owner": 0, "at": 2, "blocked": [1]})),
        &["block 0", "no double on e1"],
    );
    assert_error(
        &block(json!({"owner": 1, "at": 15, "blocked": [0]})),
        &["block 0", "player 1 has no double on e2"],
    );
    assert_error(
        &block(json!({"owner": 0, "at": 3, "blocked": []})),
        &["blocked is empty"],
    );
    assert_error(
        &block(json!({"owner": 0, "at": 3, "blocked": [0]})),
        &["blocked player 0", "opponent"],
    );
    assert_error(
        &block(json!({"owner": 0, "at": 3, "blocked": [1, 1]})),
        &["blocked player 1"],
    );
    assert_error(
        &block(json!({"owner": 0, "at": 3, "blocked": [4]})),
        &["blocked player 4"],
    );
    assert_error(
        &with(example(), |j| {
            j["blocks"] = json!([{"owner": 0, "at": 3, "blocked": [1]},
                                 {"owner": 0, "at": 3, "blocked": [2]}]);
        }),
        &["block 1", "two blocks on e2"],
    );
    // A double on a safe square never blocks (South's 4 is e3).
    assert_error(
        &with(example(), |j| {
            j["pawns"][0] = json!([0, 0, 4, 4]);
            j["blocks"] = json!([{"owner": 0, "at": 4, "blocked": [1]}]);
        }),
        &["e3 is safe"],
    );
    // Without doubles there are no blocks.
    assert_error(
        &with(example(), |j| j["rules"] = json!({"doubles": false})),
        &["block 0", "no doubles"],
    );
}

#[test]
fn bad_extra_turns_say_why() {
    let captured = |j: &mut Value| j["captured"] = json!([true, false, false, false]);
    assert_error(
        &with(example(), |j| j["extra_turns"] = json!(1)),
        &["extra_turns 1", "never captured"],
    );
    assert!(parse_position(&with(example(), |j| {
        captured(j);
        j["extra_turns"] = json!(2);
    }))
    .is_ok());
    assert_error(
        &with(example(), |j| {
            captured(j);
            j["extra_turns"] = json!(300);
        }),
        &["extra_turns 300", "0 to 255"],
    );
    assert_error(
        &with(example(), |j| {
            captured(j);
            j["extra_turns"] = json!(-1);
        }),
        &["extra_turns -1"],
    );
    assert_error(
        &with(example(), |j| {
            captured(j);
            j["rules"] = json!({"capture_bonus": false});
            j["extra_turns"] = json!(1);
        }),
        &["extra_turns 1", "no extra turn"],
    );
    assert_error(
        &with(two(), |j| {
            j["pawns"][0] = json!([24, 24, 24, 24]);
            j["winner"] = json!(0);
            j["extra_turns"] = json!(1);
        }),
        &["extra_turns 1", "game is over"],
    );
}

#[test]
fn to_move_must_be_a_player_still_in_the_game() {
    assert_error(
        &with(example(), |j| j["to_move"] = json!(4)),
        &["to_move 4"],
    );
    assert_error(
        &with(example(), |j| j["to_move"] = json!(-1)),
        &["to_move -1"],
    );
    // In places mode a finished player never moves again.
    assert_error(
        &with(example(), |j| {
            j["rules"] = json!({"finish": "places"});
            j["captured"] = json!([false, true, false, false]);
            j["pawns"][1] = json!([24, 24, 24, 24]);
            j["winner"] = json!(1);
            j["places"] = json!([1]);
            j["to_move"] = json!(1);
        }),
        &["to_move 1"],
    );
}

#[test]
fn winner_must_agree_with_the_pawns() {
    // Winner named but not home.
    let e = assert_error(
        &with(two(), |j| j["winner"] = json!(1)),
        &["player 1", "every pawn home"],
    );
    assert_eq!(
        e,
        PositionError::BadResult(ashta_engine::ResultFault::PlacedUnfinished(1))
    );
    // Every pawn home but no winner.
    assert_error(
        &with(two(), |j| j["pawns"][0] = json!([24, 24, 24, 24])),
        &["player 0 has every pawn home", "winner"],
    );
    assert!(parse_position(&with(two(), |j| {
        j["pawns"][0] = json!([24, 24, 24, 24]);
        j["winner"] = json!(0);
    }))
    .is_ok());
    // Winner out of range.
    assert_error(
        &with(two(), |j| j["winner"] = json!(5)),
        &["distinct players"],
    );
    // places only in places mode.
    assert_error(
        &with(two(), |j| j["places"] = json!([])),
        &["places", "finish"],
    );
    // A won game cannot also be drawn, and draw reasons are fixed words.
    assert_error(
        &with(two(), |j| {
            j["pawns"][0] = json!([24, 24, 24, 24]);
            j["winner"] = json!(0);
            j["draw"] = json!("frozen");
        }),
        &["cannot also be drawn"],
    );
    assert_error(&with(two(), |j| j["draw"] = json!("boredom")), &["boredom"]);
    // A game that is over has no bag.
    assert_error(
        &with(two(), |j| {
            j["draw"] = json!("frozen");
            j["bag"] = json!([2]);
        }),
        &["game is over"],
    );
}

#[test]
fn places_must_agree_with_the_pawns() {
    let base = || {
        with(example(), |j| {
            j["rules"] = json!({"finish": "places"});
            j["blocks"] = json!([]);
            j["bag"] = json!([]);
            j["captured"] = json!([true, true, true, false]);
            j["pawns"][1] = json!([24, 24, 24, 24]);
            j["pawns"][2] = json!([24, 24, 24, 24]);
        })
    };
    let ok = |edit: &dyn Fn(&mut Value)| {
        let mut j: Value = serde_json::from_str(&base()).unwrap();
        edit(&mut j);
        j.to_string()
    };
    assert!(parse_position(&ok(&|j| {
        j["winner"] = json!(2);
        j["places"] = json!([2, 1]);
    }))
    .is_ok());
    // The winner must be the first place.
    assert_error(
        &ok(&|j| {
            j["winner"] = json!(1);
            j["places"] = json!([2, 1]);
        }),
        &["winner 1", "first"],
    );
    // Every finisher is placed.
    assert_error(
        &ok(&|j| {
            j["winner"] = json!(2);
            j["places"] = json!([2]);
        }),
        &["player 1 has every pawn home"],
    );
    // Three of four finished: the last place must be given ...
    let three = |j: &mut Value| {
        j["pawns"][0] = json!([24, 24, 24, 24]);
        j["winner"] = json!(2);
    };
    assert_error(
        &ok(&|j| {
            three(j);
            j["places"] = json!([2, 1, 0]);
        }),
        &["last place"],
    );
    let (_, p) = parse_position(&ok(&|j| {
        three(j);
        j["places"] = json!([2, 1, 0, 3]);
    }))
    .unwrap();
    assert!(p.is_over());
    assert_eq!(p.places(), [2, 1, 0, 3]);
}

#[test]
fn position_must_use_the_games_rules() {
    let v = Variant::new(Rules::standard()).unwrap();
    let e = v.parse_json(&with(two(), |_| {})).unwrap_err();
    assert_eq!(e, PositionError::OtherRules, "{e}");
    let mut json = PositionJson::parse(&with(two(), |_| {})).unwrap();
    json.players = 4;
    let e = v.check(&json).unwrap_err();
    assert!(
        e.to_string().contains("2 players") || e.to_string().contains("pawns has 2"),
        "{e}"
    );
}

// ------------------------------------------------------------------ notation

#[test]
fn notation_errors_say_what_is_wrong() {
    let bad = |t: &str| match parse_notation(t) {
        Ok(_) => panic!("accepted {t}"),
        Err(e) => e.to_string(),
    };
    assert!(bad("standard 5 4 0").contains("at least 9 fields"));
    assert!(bad("standard five 4 0 - 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 - - 0").contains("size"));
    assert!(bad("standard 5 4 0 x 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 - - 0").contains("bag"));
    assert!(bad("standard 5 2 0 - 0,0,0,0/0,0,0,0 - 0#3>1 0").contains("'@'"));
    assert!(bad("standard 5 2 0 - 0,0,0,0/0,0,0,0 - - 0 colour=red").contains("colour"));
    assert!(bad("standard 5 2 0 - 0,0,0,0/0,0,0,0 x - 0").contains("captured"));
    assert!(bad("standard 5 2 0 - 0,0,0,0/0,0,0,0 7 - 0").contains("captured"));
    assert!(bad("standard+gate 5 2 0 - 0,0,0,0/0,0,0,0 - - 0").contains("key=value"));
    assert!(bad("standard+colour=red 5 2 0 - 0,0,0,0/0,0,0,0 - - 0").contains("colour"));
    // Notation is checked like JSON.
    assert!(bad("standard 5 2 0 - 0,0,0,1/0,0,0,9 - - 0").contains("d1"));
}

/// Positions covering every field of the format.
fn samples() -> Vec<String> {
    vec![
        "standard 5 4 0 - 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 - - 0".into(),
        "standard 5 4 0 4,3 0,0,3,3/0,0,0,0/0,0,0,0/0,0,0,0 - 0@3>123 0".into(),
        "standard 5 2 1 8,4 0,1,17,24/0,0,2,5 0 - 0".into(),
        "standard 5 2 0 - 0,1,17,24/0,0,2,5 0 - 2".into(),
        "standard 5 2 1 - 24,24,24,24/0,0,2,5 0 - 0 winner=0".into(),
        "standard 5 2 0 - 15,15,15,15/15,15,15,15 - - 0 draw=frozen".into(),
        "standard 5 2 0 - 0,0,0,0/0,0,0,0 - - 0 draw=turn-limit".into(),
        "traditional 5 3 2 4 -1,-1,0,0/-1,-1,-1,-1/-1,-1,0,3 - - 0".into(),
        "standard+finish=places 5 3 1 - 24,24,24,24/0,0,0,1/0,0,0,0 0 - 0 winner=0 places=0".into(),
        "standard+finish=places 5 4 0 - 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 - - 0 places=-".into(),
        "standard+capture_bonus=false+doubles=false+gate=circle 5 2 0 3 0,0,0,14/0,0,0,0 - - 0"
            .into(),
        "standard+throws=no-ones-12 5 4 0 12,2 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 - - 0".into(),
        "standard+throws=no-ones-11 5 2 0 - 0,0,0,0/0,0,0,0 - - 0".into(),
        "standard+cowries=2+throws=6g.1.2g 5 2 0 6,1 0,0,0,0/0,0,0,0 - - 0".into(),
        "standard+mouth_up=0.25+safe=c1.c5.c3.b2+turn_limit=40 5 2 0 - 0,0,0,0/0,0,0,0 - - 0"
            .into(),
        "standard+cowries=6+pawns=2 5 2 0 12,5 0,0/0,3 - - 0".into(),
        "standard+pair_capture=false 5 2 1 4,1 0,0,1,1/0,0,8,8 - - 0".into(),
        "traditional+pair_capture=false+turn_limit=40 5 2 0 - -1,-1,1,1/-1,-1,8,8 - - 0".into(),
        "senior 7 2 0 16,7 0,0,0,0,0,0/0,0,0,0,0,0 - - 0".into(),
        "senior 9 3 0 - 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 - - 0".into(),
        "standard 7 4 3 - 0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0 - - 0".into(),
    ]
}

#[test]
fn sample_positions_are_valid() {
    for s in samples() {
        pos(&s);
    }
}

#[test]
fn notation_round_trips_through_json() {
    for s in samples() {
        let (v, p) = pos(&s);
        let n = v.to_notation(&p);
        // These texts are canonical (overrides in alphabetical order), except that a named
        // throw table is written out as faces.
        if !s.contains("no-ones") {
            assert_eq!(n, s, "notation of {s}");
        }
        let (v1, p1) = pos(&n);
        assert_eq!(p1, p, "{n}");
        assert_eq!(v1.to_notation(&p1), n);
        // position -> JSON text -> position.
        let text = v.to_json_string(&p);
        let (v2, p2) = parse_any(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(p2, p, "{text}");
        assert_eq!(v2.to_notation(&p2), n);
        // JSON object -> notation -> JSON object.
        let json = v.to_json(&p);
        let back = PositionJson::from_notation(&json.to_notation()).unwrap();
        assert_eq!(back, json, "{s}");
        // And the JSON text parses back into the same JSON object.
        assert_eq!(PositionJson::parse(&text).unwrap(), json);
    }
}

#[test]
fn named_throw_table_is_written_as_faces() {
    let (v, p) = pos("standard+throws=no-ones-12 5 2 0 - 0,0,0,0/0,0,0,0 - - 0");
    assert_eq!(
        v.to_notation(&p),
        "standard+throws=8g.12g.2.3.4g 5 2 0 - 0,0,0,0/0,0,0,0 - - 0"
    );
}

#[test]
fn json_round_trips_through_the_games_own_variant() {
    for s in samples() {
        let (v, p) = pos(&s);
        let text = v.to_json_string(&p);
        let back = v
            .parse_json(&text)
            .unwrap_or_else(|e| panic!("{s}: {e}: {text}"));
        assert_eq!(back, p, "{s}");
    }
}

#[test]
fn rules_written_differently_still_round_trip_through_parse_json() {
    // Variant::parse_json(&v.to_json_string(&p)) must give p back for every variant.
    for s in [
        "standard+throws=no-ones-12 5 2 0 - 0,0,0,0/0,0,0,0 - - 0",
        "standard+throws=no-ones-11 5 2 0 - 0,0,0,0/0,0,0,0 - - 0",
        "standard+pawns=4 5 2 0 - 0,0,0,0/0,0,0,0 - - 0",
        "standard+throws=8g.1.2.3.4g 5 2 0 - 0,0,0,0/0,0,0,0 - - 0",
        "senior+pawns=6 7 2 0 - 0,0,0,0,0,0/0,0,0,0,0,0 - - 0",
    ] {
        let (v, p) = pos(s);
        let text = v.to_json_string(&p);
        let back = v
            .parse_json(&text)
            .unwrap_or_else(|e| panic!("{s}: {e}: {text}"));
        assert_eq!(back, p, "{s}");
    }
}

#[test]
fn json_round_trip_keeps_rules_written_in_full() {
    // Rules that name the default on purpose are the same game.
    for s in [
        "standard+throws=default 5 2 0 - 0,0,0,0/0,0,0,0 - - 0",
        "standard+turn_limit=0 5 2 0 - 0,0,0,0/0,0,0,0 - - 0",
        "standard+safe=c1.e3.c5.a3.c3 5 2 0 - 0,0,0,0/0,0,0,0 - - 0",
    ] {
        let (v, p) = pos(s);
        let text = v.to_json_string(&p);
        let back = v
            .parse_json(&text)
            .unwrap_or_else(|e| panic!("{s}: {e}: {text}"));
        assert_eq!(back, p, "{s}");
    }
}

#[test]
fn whitespace_around_positions_is_ignored() {
    let (_, p) = pos("  standard 5 2 0 - 0,0,0,0/0,0,0,0 - - 0\n");
    let (_, q) = pos(&format!("\n {}\n", with(two(), |_| {})));
    assert_eq!(p.to_move(), 0);
    assert_eq!(q.to_move(), 0);
}

#[test]
fn size_and_players_take_precedence_over_the_rules() {
    let text = with(two(), |j| {
        j["rules"] = json!({"preset": "senior", "size": 9, "players": 3});
    });
    let (v, p) = parse_position(&text).unwrap();
    assert_eq!((v.rules().size, v.players()), (5, 2));
    assert_eq!(v.table().cowries(), 8, "the rest of the preset applies");
    assert_eq!(pawns(&v, &p, 0), [0, 1, 17, 24]);
}

#[test]
fn bag_of_a_value_both_grace_and_plain_round_trips() {
    // Two cowries: none up moves 2, one up moves 1, both up moves 1 and is a grace.
    // Throwing both-up, both-up, one-up is a legal phase (two graces, then a plain 1)
    // and leaves the bag 1,1,1; the reader once counted every 1 as a grace and called it a
    // third grace that should have voided the turn.
    let (v, p) =
        pos("standard+cowries=2+three_graces=forfeit+throws=2.1.1g 5 2 0 - 0,0,0,0/0,0,0,0 - - 0");
    let q = throws(&v, &p, &[2, 2, 1]);
    assert_eq!(v.bag(&q), [1, 1, 1]);
    assert!(q.phase() != ashta_engine::Phase::Throwing);
    let text = v.to_json_string(&q);
    let (_, back) = parse_any(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, q);
    // A 1 may be either kind: 1,1,1 and 2,1 can be thrown; 1,1,1,1 (a third grace
    // would have voided the turn) and 2,2 (two plain values) cannot.
    let bag = |b: &str| {
        format!(
            "standard+cowries=2+three_graces=forfeit+throws=2.1.1g 5 2 0 {b} 0,0,0,0/0,0,0,0 - - 0"
        )
    };
    assert!(parse_any(&bag("2,1")).is_ok());
    assert!(reject(&bag("1,1,1,1")).contains("third grace"));
    assert!(reject(&bag("2,2")).contains("not a grace"));
}

#[test]
fn safe_square_names_are_read_strictly() {
    let text = with(two(), |j| {
        j["rules"] = json!({"safe": ["c1", "c5", "c3", "d+1"]})
    });
    match parse_any(&text) {
        Err(e) => assert!(e.to_string().contains("d+1"), "{e}"),
        Ok((v, p)) => {
            let n = v.to_notation(&p);
            let (_, back) = parse_any(&n).unwrap_or_else(|e| panic!("{e}: {n}"));
            assert_eq!(back, p);
        }
    }
}

#[test]
fn an_old_position_without_pair_capture_reads_with_pair_capture_on() {
    // Positions written before the flag existed: a preset name, or a rules object that
    // does not mention it. Both get the preset's value, which is on.
    let old = json!({"rules": {"preset": "standard", "gate": "wait", "capture_bonus": true,
            "doubles": true},
        "size": 5, "players": 2, "to_move": 1, "bag": [1],
        "pawns": [[0, 0, 1, 1], [0, 0, 8, 8]], "captured": [false, false]});
    for text in [
        old.to_string(),
        with(old.clone(), |j| j["rules"] = json!("standard")),
        with(old.clone(), |j| {
            j["rules"] = json!({"preset": "traditional", "entry": "start"})
        }),
    ] {
        let (v, p) = parse_position(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        assert!(v.rules().pair_capture, "{text}");
        // North's pair may land on South's double on d1 and capture it.
        assert_eq!(mv(&v, &p, 1, Some(8), 2).capture(), Some(0), "{text}");
    }
    // And the full rules object written before the flag (as the shipped nets hold it)
    // is the standard game.
    let full = json!({"preset": "standard", "size": 5, "players": 2, "pawns": 4,
        "cowries": 4, "mouth_up": 0.5, "throws": [{"value": 8, "grace": true},
        {"value": 1, "grace": false}, {"value": 2, "grace": false},
        {"value": 3, "grace": false}, {"value": 4, "grace": true}],
        "safe": ["c1", "a3", "c3", "e3", "c5"], "gate": "wait", "entry": "start",
        "three_graces": "allowed", "capture_bonus": true, "doubles": true,
        "finish": "first", "turn_limit": 0});
    let object: ashta_engine::RulesObject = serde_json::from_value(full).unwrap();
    let rules = object.to_rules().unwrap();
    assert!(rules.pair_capture);
    let mut standard = Rules::standard();
    standard.players = 2;
    assert!(rules.same_game(&standard));
}

#[test]
fn pair_capture_round_trips_through_json_and_notation() {
    let text = "standard+pair_capture=false 5 2 1 4,1 0,0,1,1/0,0,8,8 - - 0";
    let (v, p) = pos(text);
    assert!(!v.rules().pair_capture);
    // Notation -> notation.
    assert_eq!(v.to_notation(&p), text);
    // JSON: the rules object names the flag, and reads back to the same game.
    let json = v.to_json(&p);
    let value = serde_json::to_value(&json).unwrap();
    assert_eq!(
        value["rules"],
        json!({"preset": "standard", "pair_capture": false})
    );
    let string = v.to_json_string(&p);
    let (v2, p2) = parse_position(&string).unwrap();
    assert!(!v2.rules().pair_capture);
    assert_eq!(p2, p);
    assert_eq!(v2.to_notation(&p2), text);
    // The game's own variant reads it; the standard rules (pair capture on) do not.
    assert_eq!(v.parse_json(&string).unwrap(), p);
    let standard = Variant::new(Rules {
        players: 2,
        ..Rules::standard()
    })
    .unwrap();
    assert!(standard.parse_json(&string).is_err());
    // Writing the preset's value explicitly is the same game, written as the preset.
    let (v3, p3) = pos("standard+pair_capture=true 5 2 1 4,1 0,0,1,1/0,0,8,8 - - 0");
    assert!(v3.rules().pair_capture);
    assert_eq!(
        v3.to_notation(&p3),
        "standard 5 2 1 4,1 0,0,1,1/0,0,8,8 - - 0"
    );
    // The flag is a boolean.
    let bad = with(two(), |j| j["rules"] = json!({"pair_capture": "sometimes"}));
    assert!(error(&bad).contains("pair_capture") || error(&bad).contains("boolean"));
}

#[test]
fn a_face_value_out_of_range_names_the_face_the_field_and_the_range() {
    let faces = |value: Value| {
        with(two(), |j| {
            j["rules"] = json!({"preset": "standard", "throws": [
                {"value": 8, "grace": true}, {"value": 1, "grace": false},
                {"value": value, "grace": false}, {"value": 3, "grace": false},
                {"value": 4, "grace": true}]})
        })
    };
    let msg = error(&faces(json!(256)));
    assert!(msg.contains("face 2") && msg.contains("value 256"), "{msg}");
    assert!(
        msg.contains("0 to 255") && !msg.contains("untagged"),
        "{msg}"
    );
    let msg = error(&faces(json!(-1)));
    assert!(
        msg.contains("value -1") && msg.contains("0 to 255"),
        "{msg}"
    );
    // A face with a wrong field says which face.
    let msg = error(&with(two(), |j| {
        j["rules"] = json!({"preset": "standard", "throws": [{"value": 2}]})
    }));
    assert!(msg.contains("face 0") && msg.contains("grace"), "{msg}");
    // An unknown table name, and a table that is neither name nor list.
    let msg = error(&with(two(), |j| {
        j["rules"] = json!({"preset": "standard", "throws": "no-twos"})
    }));
    assert!(msg.contains("throws") && msg.contains("no-twos"), "{msg}");
    let msg = error(&with(two(), |j| {
        j["rules"] = json!({"preset": "standard", "throws": 4})
    }));
    assert!(msg.contains("table name or a list of faces"), "{msg}");
}

#[test]
fn under_places_a_frozen_draw_keeps_the_places_already_taken() {
    // Three players, finish places: player 1 is home, the other two are left.
    let base = |finish: &str| {
        with(example(), |j| {
            j["rules"] = json!({"finish": finish});
            j["players"] = json!(3);
            j["blocks"] = json!([]);
            j["bag"] = json!([]);
            j["captured"] = json!([false, true, false]);
            j["pawns"] = json!([[0, 0, 0, 0], [24, 24, 24, 24], [0, 0, 0, 0]]);
            j["winner"] = json!(1);
            j["draw"] = json!("frozen");
        })
    };
    let text = with(serde_json::from_str(&base("places")).unwrap(), |j| {
        j["places"] = json!([1])
    });
    let (v, p) = parse_position(&text).unwrap();
    assert!(p.is_over());
    assert_eq!(
        (p.winner(), p.places(), p.draw().is_some()),
        (Some(1), &[1u8][..], true)
    );
    // It round-trips.
    let again = serde_json::to_string(&v.to_json(&p)).unwrap();
    assert_eq!(parse_position(&again).unwrap().1, p);
    // A complete finishing order is a finished game: it cannot also be drawn.
    let full = with(serde_json::from_str(&base("places")).unwrap(), |j| {
        j["pawns"][0] = json!([24, 24, 24, 24]);
        j["captured"] = json!([true, true, false]);
        j["places"] = json!([1, 0, 2]);
    });
    assert_error(&full, &["cannot also be drawn"]);
    // Under finish first a winner ends the game: won and drawn together is refused.
    assert_error(&base("first"), &["cannot also be drawn"]);
}

#[test]
fn a_bag_value_both_a_grace_and_a_plain_face_give_counts_as_either() {
    // Two cowries: none up is a 2 (grace), one up a 1, both up a 2 (plain).
    let rules = "standard+cowries=2+throws=2g.1.2";
    // 2, 2: one grace and the phase's plain value; 2, 1: the 2 is the grace.
    for bag in ["2,2", "2,1", "2,2,1"] {
        let text = format!("{rules} 5 2 0 {bag} 0,0,0,0/0,0,0,0 - - 0");
        assert!(parse_any(&text).is_ok(), "{text}");
    }
    // Two values no grace face gives are two plain values: refused.
    let text = format!("{rules} 5 2 0 1,1 0,0,0,0/0,0,0,0 - - 0");
    assert!(parse_any(&text).is_err());
    // Three 2s: at most one is the plain value, the other two graces.
    let text = format!("{rules} 5 2 0 2,2,2 0,0,0,0/0,0,0,0 - - 0");
    assert!(parse_any(&text).is_ok());
    // Thrown, a 2 from the grace face (none up) asks for another throw; from the plain
    // face (both up) it ends the phase.
    let (v, p) = parse_any(&format!("{rules} 5 2 0 - 0,0,0,0/0,0,0,0 - - 0")).unwrap();
    let (mut grace, mut plain) = (p, p);
    assert_eq!(
        ashta_engine::fast::throw_one(&v, &mut grace, 0),
        Ok(ashta_engine::ThrowStep::Again)
    );
    assert_eq!(
        ashta_engine::fast::throw_one(&v, &mut plain, 2),
        Ok(ashta_engine::ThrowStep::Moving)
    );
    assert_eq!(v.bag(&grace), v.bag(&plain));
}
