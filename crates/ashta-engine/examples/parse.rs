fn main() {
    let t = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    match ashta_engine::parse_any(&t) {
        Ok((v, p)) => println!("{}", v.to_json_string(&p)),
        Err(e) => println!("error: {e}"),
    }
}
