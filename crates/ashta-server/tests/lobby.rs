//! The lobby: "Play someone" pairs two people who want the same game at once and their
//! rated game changes both ratings; people of one network get no rated game together;
//! a four-player seek filled by two people takes two bots after the stated wait; a seek
//! leaves with its connection; bad messages get a clear error.

mod common;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use common::{client_from, Client, Server};
use serde_json::{json, Value};

/// A lobby connection from `ip` (a loopback address).
async fn lobby_from(server: &Server, ip: [u8; 4]) -> Client {
    let addr: SocketAddr = server.base.trim_start_matches("http://").parse().unwrap();
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::new(IpAddr::V4(Ipv4Addr::from(ip)), 0))
        .unwrap();
    let stream = socket.connect(addr).await.unwrap();
    let url = format!("{}/api/lobby/ws", server.ws_base);
    let (ws, _) =
        tokio_tungstenite::client_async(url, tokio_tungstenite::MaybeTlsStream::Plain(stream))
            .await
            .unwrap();
    let mut c = Client { ws };
    let first = c.next_of("seeks").await;
    assert!(first["seeks"].is_array(), "{first}");
    c
}

/// Makes a player from `ip`; returns their key.
async fn name(server: &Server, ip: [u8; 4], name: &str) -> String {
    let r = client_from(ip)
        .post(format!("{}/api/players", server.base))
        .json(&json!({"name": name}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 201);
    let made: Value = r.json().await.unwrap();
    made["key"].as_str().unwrap().to_string()
}

fn seek(key: &str, players: u8, rated: bool) -> Value {
    json!({"type": "seek", "key": key, "preset": "standard", "players": players, "rated": rated})
}

#[tokio::test]
async fn two_people_who_play_someone_are_paired_and_their_rated_game_changes_both_ratings() {
    let server = Server::start().await;
    let asha = name(&server, [127, 0, 1, 1], "Asha").await;
    let bala = name(&server, [127, 0, 2, 1], "Bala").await;
    let mut a = lobby_from(&server, [127, 0, 1, 1]).await;
    let mut b = lobby_from(&server, [127, 0, 2, 1]).await;
    a.send(seek(&asha, 2, true)).await;
    assert_eq!(a.next_of("waiting").await["type"], "waiting");
    let listed = b.next_of("seeks").await;
    assert_eq!(listed["seeks"][0]["waiting"], json!(["Asha"]), "{listed}");
    let (status, open) = server.get("/api/lobby").await;
    assert_eq!((status, open["seeks"].as_array().unwrap().len()), (200, 1));
    b.send(seek(&bala, 2, true)).await;
    let pa = a.next_of("paired").await;
    let pb = b.next_of("paired").await;
    assert_eq!(pa["game"], pb["game"]);
    assert_eq!(
        (pa["seat"].as_u64(), pb["seat"].as_u64()),
        (Some(0), Some(1))
    );
    assert_eq!(pa["rated"], true);
    assert_eq!(server.get("/api/lobby").await.1["seeks"], json!([]));
    // Asha resigns: Bala wins, and both ratings move.
    let id = pa["game"].as_str().unwrap();
    let token = pa["token"].as_str().unwrap();
    let mut seat = server.connect(id, &format!("?seat=0&token={token}")).await;
    seat.hello(0).await;
    seat.send(json!({"type": "resign"})).await;
    loop {
        let m = seat.next_of("event").await;
        if m["event"]["kind"] == "finished" {
            break;
        }
    }
    let (status, rated) = server.get(&format!("/api/games/{id}/ratings")).await;
    assert_eq!(status, 200);
    let changes = rated["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 2, "{rated}");
    assert_eq!(changes[1]["name"], "Bala");
    assert!(changes[1]["after"].as_f64().unwrap() > 1500.0, "{rated}");
    assert!(changes[0]["after"].as_f64().unwrap() < 1500.0, "{rated}");
    let (_, board) = server.get("/api/leaderboard/standard-2p").await;
    assert_eq!(board["players"][0]["name"], "Bala", "{board}");
    let (_, page) = server.get("/api/players/asha").await;
    assert_eq!(page["games"][0]["opponents"][0]["name"], "Bala", "{page}");
    assert_eq!(page["history"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn a_second_name_from_the_same_network_gets_no_rated_game_with_the_first() {
    let server = Server::start().await;
    let one = name(&server, [127, 0, 3, 1], "One").await;
    let two = name(&server, [127, 0, 3, 2], "Two").await;
    let mut a = lobby_from(&server, [127, 0, 3, 1]).await;
    let mut b = lobby_from(&server, [127, 0, 3, 2]).await;
    a.send(seek(&one, 2, true)).await;
    a.next_of("waiting").await;
    b.send(seek(&two, 2, true)).await;
    b.next_of("waiting").await;
    assert_eq!(
        server.get("/api/lobby").await.1["seeks"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    // A casual game they may play, unrated.
    a.send(seek(&one, 2, false)).await;
    a.next_of("waiting").await;
    b.send(seek(&two, 2, false)).await;
    let paired = b.next_of("paired").await;
    assert_eq!(paired["rated"], false);
}

#[tokio::test]
async fn a_four_player_seek_filled_by_two_people_takes_two_bots_after_the_wait() {
    let (server, _dir) =
        Server::with(|c| c.seek_bots_after = std::time::Duration::from_millis(300)).await;
    let asha = name(&server, [127, 0, 4, 1], "Asha").await;
    let bala = name(&server, [127, 0, 5, 1], "Bala").await;
    let mut a = lobby_from(&server, [127, 0, 4, 1]).await;
    let mut b = lobby_from(&server, [127, 0, 5, 1]).await;
    a.send(seek(&asha, 4, true)).await;
    a.next_of("waiting").await;
    b.send(seek(&bala, 4, true)).await;
    b.next_of("waiting").await;
    b.send(json!({"type": "fill"})).await;
    let early = b.next_of("error").await;
    assert!(
        early["message"].as_str().unwrap().contains("after"),
        "{early}"
    );
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    b.send(json!({"type": "fill"})).await;
    let pa = a.next_of("paired").await;
    let pb = b.next_of("paired").await;
    assert_eq!(pa["game"], pb["game"]);
    assert_eq!(pa["rated"], false, "a game with bots is not rated");
    let snap = server.snapshot(pa["game"].as_str().unwrap()).await;
    let kinds: Vec<&str> = snap["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["human", "human", "bot", "bot"], "{snap}");
}

#[tokio::test]
async fn a_seek_leaves_the_lobby_with_its_connection() {
    let server = Server::start().await;
    let asha = name(&server, [127, 0, 6, 1], "Asha").await;
    let mut a = lobby_from(&server, [127, 0, 6, 1]).await;
    a.send(seek(&asha, 3, false)).await;
    a.next_of("waiting").await;
    assert_eq!(
        server.get("/api/lobby").await.1["seeks"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    drop(a);
    let start = std::time::Instant::now();
    while !server.get("/api/lobby").await.1["seeks"]
        .as_array()
        .unwrap()
        .is_empty()
    {
        assert!(start.elapsed().as_secs() < 10, "the seek stayed");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn bad_lobby_messages_get_a_clear_error_and_open_no_seek() {
    let server = Server::start().await;
    let asha = name(&server, [127, 0, 7, 1], "Asha").await;
    let mut a = lobby_from(&server, [127, 0, 7, 1]).await;
    let cases = [
        (
            json!({"type": "seek", "key": "nope"}),
            "no player has this key",
        ),
        (json!({"type": "seek"}), "key"),
        (json!({"type": "dance"}), "bad message"),
        (
            json!({"type": "seek", "key": asha, "preset": "nosuch"}),
            "rules",
        ),
        (
            json!({"type": "seek", "key": asha, "players": 7}),
            "players",
        ),
        (json!({"type": "fill"}), "no seek"),
    ];
    for (message, says) in cases {
        a.send(message.clone()).await;
        let e = a.next_of("error").await;
        assert!(
            e["message"].as_str().unwrap().contains(says),
            "{message}: {e}"
        );
    }
    assert_eq!(server.get("/api/lobby").await.1["seeks"], json!([]));
}

#[tokio::test]
async fn a_network_holds_only_its_share_of_the_lobby() {
    let (server, _dir) = Server::with(|c| {
        c.max_seeks = 20;
        c.network_share_percent = 10;
    })
    .await;
    let mut keys = Vec::new();
    for i in 0..3 {
        keys.push(name(&server, [127, 0, 8, 1 + i], &format!("N{i}")).await);
    }
    let mut conns = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        let mut c = lobby_from(&server, [127, 0, 8, 1 + i as u8]).await;
        c.send(seek(key, 4, true)).await;
        conns.push(c);
    }
    conns[0].next_of("waiting").await;
    conns[1].next_of("waiting").await;
    let refused = conns[2].next_of("error").await;
    assert!(
        refused["message"].as_str().unwrap().contains("share"),
        "{refused}"
    );
}

#[tokio::test]
async fn a_banned_name_opens_no_seek() {
    let server = Server::start().await;
    let asha = name(&server, [127, 0, 9, 1], "Asha").await;
    server.app.players.ban_name("Asha", true).unwrap();
    let mut a = lobby_from(&server, [127, 0, 9, 1]).await;
    a.send(seek(&asha, 2, true)).await;
    let e = a.next_of("error").await;
    assert!(
        e["message"].as_str().unwrap().contains("may not play"),
        "{e}"
    );
    assert_eq!(server.get("/api/lobby").await.1["seeks"], json!([]));
}
