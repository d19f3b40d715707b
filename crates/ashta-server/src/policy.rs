//! What a web client may ask the server for. Bots come from a closed list of named
//! levels, each with the server's own thinking budget (no options, no external engines:
//! those are for the local command line); rules must have throws that end; and requests
//! that change something must come from the server's own pages.

use std::time::Duration;

use ashta_bots::BotMaker;
use ashta_engine::Variant;
use ashta_session::Bot;

use axum::http::{header, HeaderMap, Method};

/// The bot levels a web client may seat, weakest first.
pub const WEB_LEVELS: &[&str] = &[
    "random", "greedy", "beginner", "easy", "medium", "hard", "master", "default",
];

/// The level that plays for a seat whose stored level is not on [`WEB_LEVELS`] (a game
/// created by an older server).
pub const FALLBACK_LEVEL: &str = "medium";

/// The level of the bot that plays for a person whose turn timer ran out, or who left
/// an online game: a sound player that answers quickly.
pub const STAND_IN_LEVEL: &str = "medium";

/// The highest chance that one throw is a grace that web rules may have. Presets have at
/// most 3 in 8 (the Telugu table); more makes turns of many values, whose plays take
/// long to weigh.
pub const MAX_GRACE_CHANCE: f64 = 0.5;

/// Whether a web client may seat a bot of this level.
pub fn check_level(level: &str) -> Result<(), String> {
    if WEB_LEVELS.contains(&level) {
        Ok(())
    } else {
        Err(format!(
            "{level:?} is not a level this server offers (it offers {})",
            WEB_LEVELS.join(", ")
        ))
    }
}

/// The bot for a seat: its level from [`WEB_LEVELS`] (else [`FALLBACK_LEVEL`]), seeded,
/// with the server's budget per decision, which the searching bots check as they search.
pub fn web_bot(maker: &BotMaker, level: &str, seed: u64, budget: Duration) -> Box<dyn Bot> {
    let level = if check_level(level).is_ok() {
        level
    } else {
        tracing::warn!("stored bot level {level:?} is not offered; {FALLBACK_LEVEL} plays");
        FALLBACK_LEVEL
    };
    maker
        .make(level, seed, Some(budget))
        .expect("every offered level is a known bot")
}

/// The seed of the bot in `seat` of a game whose throws come from `seed`: the first 16
/// hex digits of `SHA-256("ashta-seed:" + seed + ":bot-" + seat)`. Each seat's bot is
/// seeded apart, the same way every time the game is loaded, and its choices tell
/// nothing of the secret seed.
pub fn bot_seed(seed: u64, seat: usize) -> u64 {
    let digest = ashta_engine::seed_commitment(seed, &format!("bot-{seat}"));
    u64::from_str_radix(&digest[..16], 16).expect("a SHA-256 digest is hex")
}

/// Whether web rules are ones the server plays: throws that end soon enough.
pub fn check_rules(variant: &Variant) -> Result<(), String> {
    let grace = variant.table().grace_chance();
    if grace > MAX_GRACE_CHANCE {
        return Err(format!(
            "a throw is a grace {:.0}% of the time; this server plays tables with at most {:.0}%",
            grace * 100.0,
            MAX_GRACE_CHANCE * 100.0
        ));
    }
    Ok(())
}

/// Why a name (of a seat, a person or a bot) is refused, if it is: control characters
/// (ESC, BEL, CR, LF, NUL…), bidirectional overrides and isolates (U+202A–U+202E,
/// U+2066–U+2069) and their marks, and zero-width or invisible characters, with which a
/// name could rewrite a terminal or pass for another.
pub fn name_problem(name: &str) -> Option<String> {
    let bad = name.chars().find(|&c| {
        c.is_control()
            || matches!(c,
                '\u{200B}'..='\u{200F}' // zero-width space, joiners, LRM, RLM
                | '\u{202A}'..='\u{202E}' // bidi embeddings and overrides
                | '\u{2060}'..='\u{2064}' // word joiner, invisible operators
                | '\u{2066}'..='\u{2069}' // bidi isolates
                | '\u{061C}' // Arabic letter mark
                | '\u{00AD}' // soft hyphen
                | '\u{180E}' // Mongolian vowel separator
                | '\u{FEFF}' // zero-width no-break space
                | '\u{FFF9}'..='\u{FFFB}' // interlinear annotation
                | '\u{2028}' | '\u{2029}' // line and paragraph separators
                | '\u{034F}' // combining grapheme joiner
                | '\u{115F}' | '\u{1160}' // Hangul choseong and jungseong fillers
                | '\u{3164}' | '\u{FFA0}' // Hangul fillers
                | '\u{2800}' // Braille pattern blank
                | '\u{17B4}' | '\u{17B5}' // Khmer inherent vowels
                | '\u{1D173}'..='\u{1D17A}' // musical formatting
                | '\u{E0000}'..='\u{E007F}') // tag characters
    })?;
    Some(format!(
        "U+{:04X} is not allowed in a name (no control, bidirectional or invisible characters)",
        bad as u32
    ))
}

/// Whether a `Content-Type` header names JSON: `application/json`, with parameters
/// (`; charset=utf-8`) or none, in any case; `application/jsonx` is not JSON.
pub fn is_json_type(value: &axum::http::HeaderValue) -> bool {
    let Ok(text) = value.to_str() else {
        return false;
    };
    let essence = text.split(';').next().unwrap_or("").trim();
    essence.eq_ignore_ascii_case("application/json")
}

/// The hosts a request may name (DNS rebinding: a page of another site whose name now
/// points here must not be served): the host of `--public-origin` when set; else an
/// address literal (IPv4, or IPv6 in brackets) or `localhost`, with the port the server
/// listens on (`port` `None`: any).
pub fn host_allowed(host: &str, port: Option<u16>, public_origin: Option<&str>) -> bool {
    if let Some(public) = public_origin.and_then(origin_host) {
        if host.eq_ignore_ascii_case(public) {
            return true;
        }
    }
    let (name, host_port) = match host.rsplit_once(':') {
        Some((n, p)) if !n.is_empty() && (n.ends_with(']') || !n.contains(':')) => {
            match p.parse::<u16>() {
                Ok(p) => (n, Some(p)),
                Err(_) => return false,
            }
        }
        _ => (host, None),
    };
    let port_ok = match (port, host_port) {
        (None, _) => true,
        (Some(p), Some(h)) => p == h,
        (Some(p), None) => p == 80,
    };
    let literal = name.parse::<std::net::Ipv4Addr>().is_ok()
        || name
            .strip_prefix('[')
            .and_then(|n| n.strip_suffix(']'))
            .is_some_and(|n| n.parse::<std::net::Ipv6Addr>().is_ok());
    port_ok && (literal || name.eq_ignore_ascii_case("localhost"))
}

/// The host (with port) an `Origin` header names, without its scheme.
fn origin_host(origin: &str) -> Option<&str> {
    let rest = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))?;
    Some(rest.trim_end_matches('/'))
}

/// Why a request from another site is refused, if it is: a request that is not a plain
/// read (and every WebSocket, which acts for a seat) must carry no `Origin` (a program,
/// not a browser) or this server's own.
pub fn cross_site(method: &Method, headers: &HeaderMap) -> Option<String> {
    let upgrade = headers.contains_key(header::UPGRADE);
    if (method == Method::GET || method == Method::HEAD) && !upgrade {
        return None;
    }
    let origin = headers.get(header::ORIGIN)?;
    let origin = origin.to_str().unwrap_or("");
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if origin_host(origin).is_some_and(|o| o.eq_ignore_ascii_case(host)) {
        None
    } else {
        Some(format!(
            "a request from {origin:?} to {host:?}: only this server's own pages may act"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::parse_any;
    use axum::http::HeaderValue;

    /// Headers of a request to 127.0.0.1:8080 from `origin`, maybe a WebSocket.
    fn headers(origin: Option<&str>, websocket: bool) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_static("127.0.0.1:8080"));
        if let Some(o) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_str(o).unwrap());
        }
        if websocket {
            h.insert(header::UPGRADE, HeaderValue::from_static("websocket"));
        }
        h
    }

    #[test]
    fn each_seat_bot_has_its_own_steady_seed() {
        assert_eq!(bot_seed(7, 1), bot_seed(7, 1));
        let seeds: std::collections::HashSet<u64> = (0..4)
            .flat_map(|seat| [bot_seed(7, seat), bot_seed(8, seat)])
            .collect();
        assert_eq!(seeds.len(), 8);
    }

    #[test]
    fn only_named_levels_are_offered() {
        for level in WEB_LEVELS {
            check_level(level).unwrap();
        }
        for level in [
            "engine:sh -c id",
            "expecti:time=1e12",
            "mcts:sims=1000000",
            "",
            "Master",
        ] {
            let err = check_level(level).unwrap_err();
            assert!(err.contains("not a level"), "{level}: {err}");
        }
    }

    #[test]
    fn a_stored_level_that_is_not_offered_plays_as_the_fallback() {
        let (v, pos) = parse_any("standard 5 2 0 3 4,9,9,9/13,0,0,0 - - 0").unwrap();
        let mut bot = web_bot(
            &BotMaker::default(),
            "engine:sh -c \"touch /tmp/ashta-pwned\"",
            1,
            Duration::from_millis(20),
        );
        assert!(bot.choose(&v, &pos).is_some());
        assert!(!std::path::Path::new("/tmp/ashta-pwned").exists());
    }

    /// `ashta serve --weights` (or `--net`) reaches the seats' bots through the server's
    /// bot maker: a level built by a tuned maker scores plays differently.
    #[test]
    fn the_seats_bots_play_with_the_servers_tuning() {
        let (v, pos) = parse_any("standard 5 2 0 2 1,3,5,0/0,2,4,10 01 - 0").unwrap();
        let tuned = BotMaker::new(ashta_bots::Tuning {
            weights: ashta_bots::tuning::WeightChanges::parse("temperature=0.5,hit_extra=40")
                .unwrap(),
            ..Default::default()
        });
        let scores = |maker: &BotMaker| -> Vec<f64> {
            let mut bot = web_bot(maker, "greedy", 1, Duration::from_millis(50));
            bot.analyse(&v, &pos).iter().map(|c| c.score).collect()
        };
        assert_ne!(scores(&tuned), scores(&BotMaker::default()));
    }

    #[test]
    fn a_searching_bot_keeps_to_the_server_budget() {
        let mut rules = ashta_engine::Rules::standard();
        rules.players = 4;
        let v = Variant::new(rules).unwrap();
        // Four players, a few turns in, with a bag to play.
        let mut pos = v.start_position();
        let mut throws = ashta_engine::SeededThrows::new(5);
        let mut first = web_bot(&BotMaker::default(), "greedy", 1, Duration::from_millis(50));
        for _ in 0..12 {
            v.throw(&mut pos, ashta_engine::PhaseFrom::Source(&mut throws))
                .unwrap();
            if let Some(play) = first.choose(&v, &pos) {
                pos = play.position;
            }
        }
        v.throw(&mut pos, ashta_engine::PhaseFrom::Source(&mut throws))
            .unwrap();
        for level in ["medium", "hard", "master", "default"] {
            let mut bot = web_bot(&BotMaker::default(), level, 1, Duration::from_millis(50));
            let started = std::time::Instant::now();
            bot.choose(&v, &pos);
            let took = started.elapsed();
            assert!(took < Duration::from_millis(500), "{level} took {took:?}");
        }
    }

    #[test]
    fn requests_that_act_must_come_from_this_site() {
        let (get, post) = (Method::GET, Method::POST);
        assert!(cross_site(&get, &headers(Some("http://evil.test"), false)).is_none());
        assert!(cross_site(&post, &headers(None, false)).is_none());
        assert!(cross_site(&post, &headers(Some("http://127.0.0.1:8080"), false)).is_none());
        for origin in [
            "http://evil.test",
            "null",
            "http://127.0.0.1:8081",
            "http://127.0.0.1:8080.evil.test",
        ] {
            assert!(
                cross_site(&post, &headers(Some(origin), false)).is_some(),
                "{origin}"
            );
        }
        assert!(cross_site(&get, &headers(Some("http://evil.test"), true)).is_some());
        assert!(cross_site(&get, &headers(Some("http://127.0.0.1:8080"), true)).is_none());
    }

    #[test]
    fn names_with_control_bidi_or_invisible_characters_are_refused() {
        for good in [
            "Asha",
            "Ravi Kumar",
            "أحمد",
            "李雷",
            "Zoë 😀",
            "❤\u{FE0F} Mira",
        ] {
            assert!(name_problem(good).is_none(), "{good}");
        }
        for bad in [
            "a\u{1b}[31m",
            "bell\u{7}",
            "cr\r",
            "lf\n",
            "nul\0",
            "\u{202E}evil",
            "a\u{2066}b",
            "zero\u{200B}width",
            "bom\u{FEFF}",
            "join\u{2060}",
            "line\u{2028}sep",
            "para\u{2029}sep",
            "\u{3164}",
            "\u{115F}x",
            "\u{2800}",
            "a\u{034F}b",
            "tag\u{E0041}",
            "music\u{1D173}",
        ] {
            let why = name_problem(bad).expect(bad);
            assert!(why.contains("is not allowed in a name"), "{why}");
        }
    }

    #[test]
    fn only_json_itself_is_a_json_content_type() {
        let json = |v: &str| is_json_type(&HeaderValue::from_str(v).unwrap());
        assert!(json("application/json"));
        assert!(json("application/json; charset=utf-8"));
        assert!(json("Application/JSON"));
        for not in [
            "application/jsonx",
            "application/json-patch+json",
            "text/plain",
            "",
        ] {
            assert!(!json(not), "{not}");
        }
    }

    #[test]
    fn only_this_servers_hosts_are_answered() {
        let port = Some(8080);
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "[::1]:8080",
            "192.168.1.5:8080",
        ] {
            assert!(host_allowed(host, port, None), "{host}");
        }
        for host in [
            "evil.test",
            "evil.test:8080",
            "127.0.0.1:8081",
            "127.0.0.1",
            "localhost.evil.test:8080",
            "127.0.0.1:8080:1",
            "",
        ] {
            assert!(!host_allowed(host, port, None), "{host}");
        }
        let public = Some("https://ashta.example");
        assert!(host_allowed("ashta.example", port, public));
        assert!(host_allowed("127.0.0.1:8080", port, public));
        assert!(!host_allowed("evil.test", port, public));
    }

    #[test]
    fn rules_whose_throws_are_mostly_graces_are_refused() {
        let standard = Variant::new(ashta_engine::Rules::standard()).unwrap();
        check_rules(&standard).unwrap();
        let mut telugu = ashta_engine::Rules::standard();
        telugu.throws = Some(ashta_engine::TableSpec::Named(
            ashta_engine::NamedTable::NoOnes12,
        ));
        check_rules(&Variant::new(telugu).unwrap()).unwrap();
        let mut lucky = ashta_engine::Rules::standard();
        lucky.mouth_up = 0.95;
        let err = check_rules(&Variant::new(lucky).unwrap()).unwrap_err();
        assert!(err.contains("grace"), "{err}");
    }
}
