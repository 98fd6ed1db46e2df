
#[test]
#[ignore]
fn print_example() {
    let d = duel();
    let mut st = d.start(&Setup::seeded(3)).unwrap();
    let mut rng = Rng::new(3);
    let mut moves = Vec::new();
    for _ in 0..14 {
        d.legal_moves(&mut st, &mut moves);
        let mv = moves[rng.below(moves.len())];
        d.apply(&mut st, &mv);
    }
    println!("{}", serde_json::to_string_pretty(&d.show(&st, Some(0))).unwrap());
}
