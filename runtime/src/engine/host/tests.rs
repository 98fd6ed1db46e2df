use super::*;
use crate::engine::held::Unbuild;

/// The shipped base game's vocabulary.
fn vocab() -> Vocab {
    let info = crate::select(sevenw_cards::GAMES, "base", None, &[]).unwrap();
    Vocab::new(info).unwrap()
}

#[test]
fn architects_primitives_and_spending_a_card() {
    let vocab = vocab();
    let cities = vec![City::default(), City::default()];
    let mut me = City::new(0, 0, 0, 2);
    let mut h = CityHost::new(&vocab, &mut me, &cities, 0, true);
    h.take_card(Decks(Decks::LEFT | Decks::CENTRAL), 5);
    h.take_cat();
    h.flip_conflict(2);
    h.any_resources();
    h.coin_value(2);
    h.coin_value(1);
    assert_eq!(
        me.abilities.pending,
        [
            Pending::TakeCard(Decks(5), 5),
            Pending::TakeCat,
            Pending::Flip(2)
        ]
    );
    assert_eq!(me.cats, 1);
    assert_eq!(me.abilities.any_resources, 1);
    assert_eq!(me.abilities.coin_value, 2, "the best value stays");
    // Spending undoes what a held card gave.
    me.coins = 3;
    me.shields = 2;
    me.science[1] = 2;
    me.own.fixed[0] = 1;
    let mut s = Unbuild::spent(&mut me);
    s.gain_coins(1);
    s.gain_shields(1);
    s.science(SymSet(0b10));
    s.produce(ResSet(0b1), 1, false);
    s.take_cat();
    s.any_resources();
    s.flip_conflict(2);
    assert_eq!(
        (
            me.coins,
            me.shields,
            me.science[1],
            me.own.fixed[0],
            me.cats
        ),
        (2, 1, 1, 0, 0)
    );
    assert_eq!(me.abilities.any_resources, 0);
    // A probe records what a source does, with no city.
    let mut p = Probe::default();
    p.produce(ResSet(0b100), 1, false);
    p.gain_coins(1);
    p.flip_conflict(2);
    p.take_cat();
    p.science(SymSet(1));
    p.take_card(Decks(1), 1);
    assert_eq!(p.produce, [(ResSet(0b100), 1)]);
    assert_eq!((p.coins, p.flips, p.cat, p.takes), (1, 2, true, 1));
    // Scoring moves nothing.
    let city = City::default();
    let mut sh = ScoreHost::new(&vocab, &city, &cities, 0);
    sh.take_card(Decks(1), 1);
    sh.take_cat();
    sh.flip_conflict(1);
    assert_eq!(sh.vp, city.vp);
}

#[test]
fn city_host_applies_primitives() {
    let vocab = vocab();
    let cities = vec![City::default(), City::default(), City::default()];
    let mut me = City::new(0, 0, 3, 2);
    let mut h = CityHost::new(&vocab, &mut me, &cities, 0, true);
    h.gain_coins(5);
    h.gain_coins(-20);
    h.gain_vp(Category(2), 3);
    h.gain_shields(2);
    h.produce(ResSet(0b1), 2, true);
    h.produce(ResSet(0b110), 1, false);
    h.science(SymSet(0b10));
    h.science(SymSet(0b111));
    h.build_free(Pile::Discard, Limit::Now, ColourSet(1 << 4));
    h.build_free(Pile::Hand, Limit::OncePerAge, ColourSet::ALL);
    h.build_free(Pile::Hand, Limit::OncePerAge, ColourSet(1 << 7));
    h.play_last_card();
    h.copy_card(ColourSet(1 << 6), Seats(&[1, -1]));
    assert_eq!(me.coins, 0);
    assert_eq!(me.vp[2], 3);
    assert_eq!(me.shields, 2);
    assert_eq!(me.own.fixed[0], 2);
    assert_eq!(me.sold.fixed[0], 2);
    assert_eq!(me.own.choices.len(), 1);
    assert!(me.sold.choices.is_empty());
    assert_eq!(me.science[1], 1);
    assert_eq!(me.wild, vec![SymSet(0b111)]);
    assert_eq!(me.abilities.discard_builds, [ColourSet(1 << 4)]);
    assert_eq!(me.abilities.hand_builds_left(), 2);
    assert!(me.abilities.play_last_card);
    assert_eq!(me.abilities.copies.len(), 1);
    // A black card (colour 7) takes the black-only build, leaving the
    // one of any colour; a blue card (2) then takes that one.
    let a = &mut me.abilities;
    assert!(a.use_hand_build(sevenw_host::Colour(7)));
    assert_eq!(a.hand_colours(), ColourSet::ALL);
    assert!(a.use_hand_build(sevenw_host::Colour(2)));
    assert!(
        !a.use_hand_build(sevenw_host::Colour(7)),
        "both used in this Age"
    );
    assert_eq!(a.hand_colours(), ColourSet(0));
    a.renew_hand_builds();
    assert_eq!(a.hand_builds_left(), 2);
    // Leaving, the black-only build goes with its source.
    Unbuild::new(&mut me, 0).build_free(Pile::Hand, Limit::OncePerAge, ColourSet(1 << 7));
    assert_eq!(me.abilities.hand_builds, [(ColourSet::ALL, false)]);
}

/// `copy_stage` asks for the stage of the side the city at the seat
/// plays (from 1 as written, from 0 as a source), copied once the
/// running effects have run; no other city, no stage 0: nothing.
#[test]
fn a_stage_copied_is_asked_of_the_board_at_the_seat() {
    let vocab = vocab();
    let cities = vec![
        City::new(4, 0, 0, 2),
        City::new(5, 1, 0, 2),
        City::new(6, 0, 0, 2),
    ];
    let mut me = City::new(4, 0, 0, 2);
    let mut h = CityHost::new(&vocab, &mut me, &cities, 0, true);
    h.copy_stage(1, 1);
    h.copy_stage(3, -1);
    for (stage, seat) in [(0, 1), (1, 0), (1, 3), (1, -3)] {
        h.copy_stage(stage, seat);
    }
    let stage = |wonder, side, stage| Source::Stage {
        wonder,
        side,
        stage,
    };
    assert_eq!(me.abilities.copying, [stage(5, 1, 0), stage(6, 0, 2)]);
    assert!(me.abilities.copied.is_empty(), "copied once they run");
    assert_eq!(me.stages, 0);
}

#[test]
fn age_and_victory_tokens_of_an_age() {
    let vocab = vocab();
    let cities = vec![City::default(), City::default(), City::default()];
    let mut me = City::new(0, 0, 3, 2);
    me.age = 2;
    // Tokens of Ages I and III (1 and 5 VP), and two of Age II (3 VP).
    for vp in [1, 3, 3, 5] {
        me.win(vp);
    }
    let h = CityHost::new(&vocab, &mut me, &cities, 0, true);
    assert_eq!(h.age(), 2);
    let of = |age| h.count(Counted::VictoryTokensOfAge(age), Seats(&[0]));
    assert_eq!((of(1), of(2), of(3), of(4)), (1, 2, 1, 0));
    assert_eq!(h.count(Counted::VictoryTokens, Seats(&[0])), 4);
    assert_eq!(ScoreHost::new(&vocab, &me, &cities, 0).age(), 2);
}

#[test]
fn sheet_mode_ignores_coins_and_counts_read_neighbours() {
    let vocab = vocab();
    let mut cities = vec![City::default(), City::default(), City::default()];
    cities[1].colour_count[0] = 2;
    cities[2].colour_count[0] = 1;
    let mut me = City::new(0, 0, 7, 2);
    me.colour_count[0] = 4;
    let mut h = CityHost::new(&vocab, &mut me, &cities, 0, false);
    let brown = Counted::Cards(ColourSet(1));
    assert_eq!(h.count(brown, Seats(&[1])), 2);
    assert_eq!(h.count(brown, Seats(&[-1])), 1);
    assert_eq!(h.count(brown, Seats(&[1, 0, -1])), 7);
    assert_eq!(h.count_most(brown, Seats(&[1, 0, -1])), 4);
    assert_eq!(h.count_most(brown, Seats(&[1, -1])), 2);
    h.gain_coins(4);
    assert_eq!(me.coins, 7);
}

#[test]
fn score_host_leaves_the_city_alone() {
    let vocab = vocab();
    let cities = vec![City::default(), City::default(), City::default()];
    let me = City::new(0, 0, 7, 2);
    let mut h = ScoreHost::new(&vocab, &me, &cities, 0);
    h.gain_vp(Category(1), 4);
    h.gain_coins(2);
    h.science(SymSet(0b1));
    assert_eq!(h.vp[1], 4);
    assert_eq!(h.coins, 9);
    assert_eq!(h.science[0], 1);
    assert_eq!(me.vp[1], 0);
    assert_eq!(me.coins, 7);
}
