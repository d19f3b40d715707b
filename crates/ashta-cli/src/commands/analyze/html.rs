//! The HTML report of `ashta analyze`: one self-contained file (no scripts, no
//! external resources) with the players' totals, every player's win-probability curve
//! as an inline SVG, every turn, and the board before each marked decision.

use std::fmt::Write;

use ashta_analysis::{GameReview, Mark};

use super::{bands_text, confidence_text, seat_names, signed};
use crate::board::{draw, Detail};
use crate::commands::hint::{percent, play_text};
use crate::describe::{result_text, Labels};

/// Line colours by seat (South, East, North, West).
const COLOURS: [&str; 4] = ["#c0392b", "#27ae60", "#2471a3", "#d68910"];

/// Escapes text for HTML.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The whole report.
pub fn report(r: &GameReview, exact: Option<&str>) -> String {
    let v = &r.variant;
    let names = seat_names(v);
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>Ashta Chamma game review</title>\n<style>\n\
         body {{ font-family: sans-serif; margin: 2em; max-width: 70em; }}\n\
         table {{ border-collapse: collapse; margin: 1em 0; }}\n\
         th, td {{ border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: right; }}\n\
         td.l, th.l {{ text-align: left; }}\n\
         tr.doubtful {{ background: #fff8e1; }} tr.mistake {{ background: #ffe0b2; }} \
         tr.blunder {{ background: #ffcdd2; }}\n\
         pre {{ background: #f6f6f6; padding: 0.6em; display: inline-block; }}\n\
         .note {{ color: #555; font-size: 0.9em; }}\n\
         </style>\n</head>\n<body>\n"
    );
    let _ = writeln!(h, "<h1>Game review</h1>");
    let _ = writeln!(
        h,
        "<p>{} players, {} turns. Result: {}.</p>",
        v.players(),
        r.turns.len(),
        esc(&result_text(v, &r.end))
    );
    summary(&mut h, r, &names, exact);
    let _ = writeln!(h, "<h2>Chances to win, turn by turn</h2>");
    h.push_str(&curve(r, &names));
    mistakes(&mut h, r, &names);
    turns(&mut h, r, &names);
    let _ = writeln!(h, "</body>\n</html>");
    h
}

fn summary(h: &mut String, r: &GameReview, names: &[&str], exact: Option<&str>) {
    let _ = writeln!(h, "<h2>Players</h2>\n<table>");
    let _ = writeln!(
        h,
        "<tr><th class=\"l\">player</th><th>decisions</th><th>total error</th>\
         <th>error per decision</th><th>doubtful</th><th>mistakes</th><th>blunders</th>\
         <th>luck</th><th>result</th><th>luck-adjusted</th><th class=\"l\">band</th></tr>"
    );
    for s in &r.players {
        let _ = writeln!(
            h,
            "<tr><td class=\"l\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:+.2}</td><td class=\"l\">{}</td></tr>",
            names[s.player],
            s.decisions,
            percent(s.total_error),
            percent(s.error_per_decision),
            s.marks[0],
            s.marks[1],
            s.marks[2],
            signed(s.luck),
            s.result,
            s.luck_adjusted,
            s.band.map_or("-".to_string(), |b| format!("{} ({})", b.name, b.like)),
        );
    }
    let _ = writeln!(h, "</table>");
    let error = match exact {
        Some(path) => format!(
            "Error: the score lost against the best play (a win 1, a draw ½), exact from the \
             solution table {}. Luck: a player's score after its throw minus its score before it.",
            esc(path)
        ),
        None => "Error: the chance to win lost against the best play, estimated by rollouts. \
                 Luck: a player's chance after its throw minus its expectation before it."
            .to_string(),
    };
    let _ = writeln!(
        h,
        "<p class=\"note\">{error} Luck-adjusted result: the result less what every throw of \
         the game did to the player's chances. Bands by error per decision: {}.</p>",
        esc(&bands_text())
    );
    let _ = writeln!(
        h,
        "<p class=\"note\">{}</p>",
        esc(&confidence_text(&r.confidence(), exact.is_some()))
    );
}

/// The win-probability curve of every player as an inline SVG.
fn curve(r: &GameReview, names: &[&str]) -> String {
    let (w, hgt) = (900.0, 340.0);
    let (left, right, top, bottom) = (50.0, 110.0, 15.0, 35.0);
    let pw = w - left - right;
    let ph = hgt - top - bottom;
    let turns = r.turns.len().max(1) as f64;
    let x = |t: f64| left + pw * t / turns;
    let y = |p: f64| top + ph * (1.0 - p.clamp(0.0, 1.0));
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{hgt}\" \
         viewBox=\"0 0 {w} {hgt}\" font-family=\"sans-serif\" font-size=\"11\">"
    );
    let _ = writeln!(s, "<rect width=\"{w}\" height=\"{hgt}\" fill=\"white\"/>");
    for k in 0..=4 {
        let p = k as f64 / 4.0;
        let _ = writeln!(
            s,
            "<line x1=\"{left}\" y1=\"{yy:.1}\" x2=\"{x2:.1}\" y2=\"{yy:.1}\" stroke=\"#ddd\"/>\
             <text x=\"{tx:.1}\" y=\"{ty:.1}\" text-anchor=\"end\">{pc}%</text>",
            yy = y(p),
            x2 = left + pw,
            tx = left - 6.0,
            ty = y(p) + 4.0,
            pc = k * 25
        );
    }
    let step = ((turns / 10.0).ceil() as usize).max(1);
    for t in (0..=r.turns.len()).step_by(step) {
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{t}</text>",
            x(t as f64),
            top + ph + 15.0
        );
    }
    let _ = writeln!(
        s,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">turn</text>",
        left + pw / 2.0,
        hgt - 4.0
    );
    for (q, name) in names.iter().enumerate() {
        let colour = COLOURS[q % COLOURS.len()];
        let mut points = format!("{:.1},{:.1}", x(0.0), y(r.wins_start[q]));
        for t in &r.turns {
            let _ = write!(
                points,
                " {:.1},{:.1}",
                x(t.number as f64),
                y(t.wins_after[q])
            );
        }
        let _ = writeln!(
            s,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"1.6\" points=\"{points}\"/>"
        );
        for t in r.turns.iter().filter(|t| t.player == q) {
            if let Some(d) = t.decision.as_ref().filter(|d| d.mark >= Mark::Mistake) {
                let _ = writeln!(
                    s,
                    "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"4\" fill=\"none\" stroke=\"{colour}\" \
                     stroke-width=\"2\"><title>turn {}: {} {}, lost {}</title></circle>",
                    x(t.number as f64),
                    y(t.wins_after[q]),
                    t.number,
                    name,
                    d.mark.name(),
                    percent(d.error)
                );
            }
        }
        let ly = top + 14.0 + 18.0 * q as f64;
        let _ = writeln!(
            s,
            "<line x1=\"{:.1}\" y1=\"{ly:.1}\" x2=\"{:.1}\" y2=\"{ly:.1}\" stroke=\"{colour}\" \
             stroke-width=\"3\"/><text x=\"{:.1}\" y=\"{:.1}\">{name}</text>",
            left + pw + 12.0,
            left + pw + 32.0,
            left + pw + 38.0,
            ly + 4.0
        );
    }
    let _ = writeln!(
        s,
        "<rect x=\"{left}\" y=\"{top}\" width=\"{pw}\" height=\"{ph}\" fill=\"none\" stroke=\"#888\"/>"
    );
    let _ = writeln!(s, "</svg>");
    let _ = writeln!(
        s,
        "<p class=\"note\">Each player's chance to win after every turn, by rollouts; \
         circles mark mistakes and blunders.</p>"
    );
    s
}

fn mistakes(h: &mut String, r: &GameReview, names: &[&str]) {
    let v = &r.variant;
    let marked: Vec<_> = r
        .turns
        .iter()
        .filter(|t| t.decision.as_ref().is_some_and(|d| d.mark > Mark::None))
        .collect();
    let _ = writeln!(h, "<h2>Marked decisions</h2>");
    if marked.is_empty() {
        let _ = writeln!(h, "<p>No decision lost more than 1% beyond the noise.</p>");
        return;
    }
    for t in marked {
        let d = t.decision.as_ref().expect("filtered on a decision");
        let _ = writeln!(
            h,
            "<h3>Turn {}, {}: {} (lost {} ± {})</h3>",
            t.number,
            names[t.player],
            d.mark.name(),
            percent(d.error),
            percent(d.error_stderr)
        );
        let _ = writeln!(
            h,
            "<pre>{}</pre>",
            esc(&draw(v, &d.position, Labels::Letters, Detail::Full))
        );
        let _ = writeln!(
            h,
            "<p>Played (rank {} of {}): {} — chance to win {}.<br>Best: {} — chance to win {}.</p>",
            d.rank,
            d.choices,
            esc(&play_text(v, &d.position, &d.made.play.moves)),
            percent(d.made.win),
            esc(&play_text(v, &d.position, &d.best.play.moves)),
            percent(d.best.win)
        );
    }
}

fn turns(h: &mut String, r: &GameReview, names: &[&str]) {
    let v = &r.variant;
    let _ = writeln!(h, "<h2>Every turn</h2>\n<table>");
    let _ = writeln!(
        h,
        "<tr><th>turn</th><th class=\"l\">player</th><th class=\"l\">mouths up</th>\
         <th class=\"l\">bag</th><th>luck</th><th>rank</th><th>error</th>\
         <th class=\"l\">play made</th></tr>"
    );
    for t in &r.turns {
        let throws: Vec<String> = t.throws.iter().map(u8::to_string).collect();
        let bag: Vec<String> = t.bag.iter().map(u8::to_string).collect();
        let (class, rank, error, play) = match &t.decision {
            Some(d) => (
                d.mark.name(),
                format!("{}/{}", d.rank, d.choices),
                if d.choices > 1 {
                    percent(d.error)
                } else {
                    "forced".into()
                },
                play_text(v, &d.position, &d.made.play.moves),
            ),
            None => ("", "-".into(), "-".into(), "no move".into()),
        };
        let _ = writeln!(
            h,
            "<tr class=\"{class}\"><td>{}</td><td class=\"l\">{}</td><td class=\"l\">{}</td>\
             <td class=\"l\">{}</td><td>{}</td><td>{rank}</td><td>{error}</td>\
             <td class=\"l\">{}</td></tr>",
            t.number,
            names[t.player],
            throws.join(", "),
            bag.join(" "),
            signed(t.luck.luck()),
            esc(&play),
        );
    }
    let _ = writeln!(h, "</table>");
}
