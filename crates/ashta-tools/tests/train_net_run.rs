//! A whole (tiny) `train_net` run: the net is written after every generation, so a run
//! stopped early keeps the last generation it finished.

use std::process::Command;

#[test]
fn each_generation_writes_its_net() {
    let dir = std::env::temp_dir().join(format!("ashta-train-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("net.json");
    let run = Command::new(env!("CARGO_BIN_EXE_train_net"))
        .args([
            "--generations",
            "2",
            "--games",
            "8",
            "--matches",
            "2",
            "--epochs",
            "1",
        ])
        .args(["--hidden", "4", "--out"])
        .arg(&out)
        .env_remove("ASHTA_NET")
        .env_remove("ASHTA_WEIGHTS")
        .output()
        .expect("train_net starts");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    for generation in 0..2 {
        let line = format!("wrote {} (generation {generation})", out.display());
        assert!(stderr.contains(&line), "no {line:?} in {stderr}");
    }
    // The file holds the last generation's net, and says how to make it again.
    let text = std::fs::read_to_string(&out).unwrap();
    let net = ashta_bots::ValueNet::from_json(&text).unwrap();
    assert!(net.about.contains("--generations 2 "), "{}", net.about);
    assert_eq!(net.hidden, 4);
    std::fs::remove_dir_all(&dir).unwrap();
}
