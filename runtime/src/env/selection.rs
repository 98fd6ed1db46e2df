//! What a learned policy for an environment's game is trained for
//! ([`Selection`]): the card set's fingerprint at a player count, the
//! selection in words, and the command that trains a policy for it
//! (`crate::learned` plays the weights whose fingerprint matches).

use std::fmt::{self, Write as _};

use crate::engine::vocab::Vocab;
use crate::env::Observe;

/// The name of the weights layout, digested into every fingerprint: a new
/// layout makes every earlier weights file another selection's.
pub const POLICY_FORMAT: &str = "sevenw-policy/1";

/// A 64-bit FNV-1a digest written through [`fmt::Write`].
struct Fnv(u64);

impl fmt::Write for Fnv {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for b in s.bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
        Ok(())
    }
}

/// The fingerprint of a selection as a policy sees it: its player count,
/// the sizes of its observation and action space, and every card, wonder
/// side and progress token of its card sets (names, colours, Ages, copies,
/// costs, chains and effect texts; not their descriptions in words, which
/// change with the language's wording), its kinds of token, the tokens
/// laid on its figures and its boards. Sixteen hexadecimal digits.
pub fn fingerprint(
    vocab: &Vocab,
    players: usize,
    observation_len: usize,
    num_actions: u32,
) -> String {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    let _ = write!(
        h,
        "{POLICY_FORMAT}|{players}|{observation_len}|{num_actions}"
    );
    for layer in &vocab.layers {
        let g = layer.info;
        let _ = write!(
            h,
            "|game {} {} {} {} {} {}",
            g.name, g.edition, g.family, g.start_coins, g.hand_size, g.layout
        );
        for c in g.cards {
            let _ = write!(
                h,
                "|card {}/{:?}/{}/{:?}/{:?}/{:?}/{}/{}",
                c.name, c.colour, c.age, c.copies, c.cost, c.chains, c.expert, c.text
            );
            // Only where it is not 1, so sets without boards keep theirs.
            if c.price_times > 1 {
                let _ = write!(h, "/price times {}", c.price_times);
            }
        }
        for w in g.wonders {
            let _ = write!(h, "|wonder {}", w.name);
            for s in w.sides {
                let _ = write!(h, "|side {}/{}", s.name, s.text);
                for st in s.stages {
                    let _ = write!(
                        h,
                        "|stage {:?}/{}/{:?}/{}",
                        st.cost, st.level, st.pattern, st.text
                    );
                }
            }
        }
        for p in g.progress {
            let _ = write!(h, "|token {}/{}/{}", p.name, p.copies, p.text);
        }
        for k in g.tokens {
            let _ = write!(
                h,
                "|kind {}/{:?}/{}/{:?}/{}{}{}{}{}/{:?}/{}/{}",
                k.name,
                k.points,
                k.category,
                k.chains,
                u8::from(k.instead_of_coins),
                u8::from(k.negative),
                u8::from(k.public),
                u8::from(k.sits_out),
                u8::from(k.by_choice),
                k.places,
                k.board_discount,
                u8::from(k.as_coins)
            );
        }
        for f in g.figure_tokens {
            let _ = write!(h, "|figure tokens {}/{:?}/{:?}", f.age, f.slots, f.from);
        }
        for b in g.boards {
            let _ = write!(
                h,
                "|board {}/{:?}/{:?}/{:?}",
                b.name, b.spaces, b.open, b.fill
            );
        }
    }
    format!("{:016x}", h.0)
}

/// What a policy is trained for: a game of a family that observes, with
/// its card sets, at a player count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    /// [`fingerprint`].
    pub fingerprint: String,
    /// In words ([`words`]).
    pub words: String,
    /// The command that trains a policy for it ([`train_command`]).
    pub train: String,
}

impl Selection {
    pub fn of<G: Observe>(game: &G, players: usize) -> Self {
        let vocab = game.vocab();
        Selection {
            fingerprint: fingerprint(
                vocab,
                players,
                game.observation_len(players),
                game.num_actions(),
            ),
            words: words(vocab, players),
            train: train_command(vocab, players),
        }
    }
}

/// A selection in words: `7 Wonders Duel`, `7 Wonders, 4 players, with
/// Leaders (second edition) and Edifice`.
pub fn words(vocab: &Vocab, players: usize) -> String {
    let mut layers = vocab.layers.iter().map(|l| l.info);
    let Some(game) = layers.next() else {
        return "?".into();
    };
    let mut s = game.title.to_string();
    if game.min_players != game.max_players {
        let _ = write!(s, ", {players} players");
    }
    // An expansion's title without the game's (`7 Wonders: Leaders`).
    let short = |t: &'static str| match t.strip_prefix(game.title) {
        Some(rest) if !rest.trim_start_matches([':', ' ']).is_empty() => {
            rest.trim_start_matches([':', ' '])
        }
        _ => t,
    };
    let names: Vec<&str> = layers
        .filter(|i| !i.automatic)
        .map(|i| short(i.title))
        .collect();
    if let Some((last, first)) = names.split_last() {
        s.push_str(", with ");
        if !first.is_empty() {
            s.push_str(&first.join(", "));
            s.push_str(" and ");
        }
        s.push_str(last);
    }
    s
}

/// The training command for a selection.
pub fn train_command(vocab: &Vocab, players: usize) -> String {
    let mut layers = vocab.layers.iter().map(|l| l.info);
    let Some(game) = layers.next() else {
        return "python -m sevenw.train".into();
    };
    let mut s = format!("python -m sevenw.train --game {}", game.name);
    if game.edition > 1 {
        let _ = write!(s, " --edition {}", game.edition);
    }
    if game.min_players != game.max_players {
        let _ = write!(s, " --players {players}");
    }
    let names: Vec<&str> = layers.filter(|i| !i.automatic).map(|i| i.name).collect();
    if !names.is_empty() {
        let _ = write!(s, " --with {}", names.join(","));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use sevenw_host::{GameInfo, TokenInfo};

    /// Two card sets whose kinds of token differ only in a rule
    /// (`board_discount`, `as_coins`, `places`…) play differently, so
    /// weights trained for one must not play the other.
    #[test]
    fn a_kind_of_token_s_rules_change_the_fingerprint() {
        let duel = crate::find_game(sevenw_cards::GAMES, "duel").expect("compiled");
        let kind = TokenInfo::plain("gift", &[0]);
        let print = |k: TokenInfo| {
            let info: &'static GameInfo = Box::leak(Box::new(GameInfo {
                tokens: Box::leak(vec![k].into_boxed_slice()),
                ..*duel
            }));
            fingerprint(&Vocab::new(info).unwrap(), 2, 10, 10)
        };
        let plain = print(kind);
        assert_eq!(plain, print(kind), "the same rules, the same fingerprint");
        for other in [
            TokenInfo {
                board_discount: 2,
                ..kind
            },
            TokenInfo {
                as_coins: true,
                ..kind
            },
            TokenInfo {
                public: false,
                ..kind
            },
        ] {
            assert_ne!(plain, print(other), "{other:?}");
        }
    }
}
