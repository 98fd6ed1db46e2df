//! The search bot: information-set Monte Carlo tree search.
//!
//! Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): one tree
//! of moves from the deciding seat's point of view; each playout starts
//! from a fresh determinization of its information set
//! ([`InfoSet::sample`]: the hidden cards dealt again from what it has
//! seen), walks the tree choosing by UCB1 among the moves legal in that
//! determinization (counting how often each was available), adds one
//! node, and plays on to the end with the playout policy: moves drawn at
//! random, each as often as the game weighs it
//! ([`Game::playout_weight`]: in the base game and Duel a build or a
//! wonder stage [`PLAYOUT_WEIGHT`] times as often as a discard). The reward of a
//! seat is its share of the win, with a little of its margin over the best
//! other seat, so that playouts of a lost position still tell better from
//! worse. The move played is the root's most visited. The search stops
//! before its budget once that move leads every other by more visits than
//! playouts are left: no playout could change the choice, so it is the
//! whole budget's, in fewer playouts.
//!
//! The first search bot, [`MctsBot::classic`], draws every move of its
//! playouts uniformly, as a random player does ([`Game::uniform_move`]);
//! it is kept to measure the search bot against (`mcts-classic`). With the
//! same playouts a decision, the weighted playouts win more:
//! `runtime/benches/README.md`, "The search bot".
//!
//! The bot never sees the real state: [`Player::decide`] gives it an
//! [`InfoSet`], which only shows the view and deals samples. It is seeded:
//! the same information set, seed and budget give the same decision (the
//! whole budget's).

use crate::engine::rng::{Rng, derive};
use crate::game::{Game, InfoSet, Player};

/// Playouts per decision when none is said.
pub const DEFAULT_PLAYOUTS: u32 = 500;

/// The classic search bot's playouts per decision when none is said.
pub const CLASSIC_PLAYOUTS: u32 = 500;

/// How much more often a playout builds than discards, where a game weighs
/// its moves so ([`Game::playout_weight`]). Uniform playouts discard a
/// third of their cards, as nobody at a table does; 8 won the most of the
/// weights tried (1, 3, 8, 30) against the classic bot in Duel
/// (`runtime/benches/README.md`, "The search bot").
pub const PLAYOUT_WEIGHT: u32 = 8;

/// UCB1's exploration constant (rewards lie in 0..=1).
const EXPLORE: f64 = 0.7;

/// Playouts between two looks at whether the root's choice is settled.
const SETTLED_EVERY: u32 = 8;

/// Availability counts whose logarithm a search tabulates.
const LN_TABLE: u32 = 4096;

/// How much of a seat's reward is its margin rather than the win.
const MARGIN_WEIGHT: f64 = 0.25;

/// Points of margin that move the reward from even to all or nothing.
const MARGIN_SCALE: f64 = 20.0;

/// The search bot for one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MctsBot {
    rng: Rng,
    playouts: u32,
    /// Playout moves drawn as the game weighs them (else uniformly).
    weighted: bool,
    /// Whether the search stops once its choice is settled (always, but
    /// in the test that compares both).
    settle: bool,
}

impl MctsBot {
    /// A bot of `playouts` playouts per decision (at least 1), its random
    /// stream seeded by `seed`.
    pub fn new(seed: u64, playouts: u32) -> Self {
        MctsBot {
            rng: Rng::new(derive(seed, 77)),
            playouts: playouts.max(1),
            weighted: true,
            settle: true,
        }
    }

    /// The classic search bot: playout moves drawn uniformly.
    pub fn classic(seed: u64, playouts: u32) -> Self {
        MctsBot {
            weighted: false,
            ..MctsBot::new(seed, playouts)
        }
    }

    pub fn playouts(&self) -> u32 {
        self.playouts
    }
}

struct Node<M> {
    /// The seat that made the move that led here.
    seat: usize,
    /// The moves tried from here, each with its node, in the order first
    /// tried (kept beside the moves so that finding one reads one list).
    children: Vec<(M, u32)>,
    visits: u32,
    /// Times this node's move was legal when its parent was reached.
    avail: u32,
    /// The playout that last found this node's move legal (plus one).
    seen: u32,
    reward: f64,
}

impl<M> Node<M> {
    fn new(seat: usize) -> Self {
        Node {
            seat,
            children: Vec::new(),
            visits: 0,
            avail: 0,
            seen: 0,
            reward: 0.0,
        }
    }
}

/// Each seat's reward for a finished game, in 0..=1.
fn rewards<G: Game>(game: &G, state: &G::State, out: &mut Vec<f64>) {
    let outcome = game.outcome(state);
    out.clear();
    let n = outcome.scores.len();
    let share = 1.0 / outcome.winners.len().max(1) as f64;
    for seat in 0..n {
        let won = if outcome.winners.contains(&seat) {
            share
        } else {
            0.0
        };
        let mine = outcome.scores[seat].total;
        let best_other = (0..n)
            .filter(|&s| s != seat)
            .map(|s| outcome.scores[s].total)
            .max()
            .unwrap_or(mine);
        let margin = (0.5 + f64::from(mine - best_other) / (2.0 * MARGIN_SCALE)).clamp(0.0, 1.0);
        out.push((1.0 - MARGIN_WEIGHT) * won + MARGIN_WEIGHT * margin);
    }
}

impl MctsBot {
    /// Searches from `info` and returns the index in `moves` of the move
    /// to play.
    pub fn search<G: Game>(&mut self, game: &G, info: &InfoSet<'_, G>, moves: &[G::Move]) -> usize {
        if moves.len() <= 1 {
            return 0;
        }
        let mut nodes: Vec<Node<G::Move>> = vec![Node::new(info.seat())];
        let mut legal: Vec<G::Move> = Vec::with_capacity(64);
        let mut untried: Vec<G::Move> = Vec::with_capacity(64);
        let mut path: Vec<u32> = Vec::with_capacity(128);
        let mut reward = Vec::new();
        // ln(n) for the counts a child's availability reaches most often
        // (at most one a playout).
        let ln: Vec<f64> = (0..=self.playouts.min(LN_TABLE))
            .map(|n| f64::from(n.max(1)).ln())
            .collect();
        // One state for every playout, overwritten by each sample.
        let mut state = info.sample(&mut self.rng);
        for playout in 0..self.playouts {
            if playout > 0 {
                info.sample_into(&mut self.rng, &mut state);
            }
            let stamp = playout + 1;
            let mut node = 0u32;
            path.clear();
            path.push(0);
            // Selection and expansion.
            while let Some(seat) = game.to_move(&state) {
                game.legal_moves(&mut state, &mut legal);
                if legal.is_empty() {
                    break;
                }
                // The children legal in this sample are marked seen; the
                // legal moves with no child yet are untried.
                untried.clear();
                for mv in &legal {
                    let known = nodes[node as usize]
                        .children
                        .iter()
                        .find(|(m, _)| m == mv)
                        .map(|&(_, c)| c);
                    match known {
                        Some(c) => {
                            let ch = &mut nodes[c as usize];
                            ch.avail += 1;
                            ch.seen = stamp;
                        }
                        None => untried.push(*mv),
                    }
                }
                if !untried.is_empty() {
                    let mv = untried[self.rng.below(untried.len())];
                    let id = nodes.len().min(u32::MAX as usize) as u32;
                    let mut child = Node::new(seat);
                    child.avail = 1;
                    nodes.push(child);
                    nodes[node as usize].children.push((mv, id));
                    game.apply(&mut state, &mv);
                    path.push(id);
                    break;
                }
                let mut best = None;
                let mut best_score = f64::NEG_INFINITY;
                for &(mv, c) in &nodes[node as usize].children {
                    let ch = &nodes[c as usize];
                    if ch.seen != stamp {
                        continue;
                    }
                    let v = f64::from(ch.visits.max(1));
                    let avail = match ln.get(ch.avail as usize) {
                        Some(&l) => l,
                        None => f64::from(ch.avail).ln(),
                    };
                    let score = ch.reward / v + EXPLORE * (avail / v).sqrt();
                    if score > best_score {
                        best_score = score;
                        best = Some((mv, c));
                    }
                }
                let Some((mv, c)) = best else { break };
                game.apply(&mut state, &mv);
                node = c;
                path.push(c);
            }
            // Playout.
            while game.to_move(&state).is_some() {
                let mv = if self.weighted {
                    game.playout_move(&mut state, &mut self.rng, &mut legal)
                } else {
                    game.uniform_move(&mut state, &mut self.rng, &mut legal)
                };
                let Some(mv) = mv else { break };
                game.apply(&mut state, &mv);
            }
            rewards(game, &state, &mut reward);
            for &id in &path {
                let n = &mut nodes[id as usize];
                n.visits += 1;
                n.reward += reward.get(n.seat).copied().unwrap_or(0.0);
            }
            // Stop once no other move can overtake the most visited: the
            // move played is the one the whole budget would play.
            let done = playout + 1;
            if self.settle
                && done % SETTLED_EVERY == 0
                && settled(&nodes[0], &nodes, moves, self.playouts - done)
            {
                break;
            }
        }
        // The most visited move of the root that is among `moves`.
        let mut pick = 0;
        let mut most = 0;
        for &(mv, c) in &nodes[0].children {
            let ch = &nodes[c as usize];
            if let Some(i) = moves.iter().position(|m| *m == mv)
                && ch.visits > most
            {
                most = ch.visits;
                pick = i;
            }
        }
        pick
    }
}

/// Whether the most visited child of `root` among `moves` leads every
/// other by more than the `left` playouts still to come, each of which
/// visits one child: then it is the most visited at the end of the budget
/// whatever they do.
fn settled<M: PartialEq>(root: &Node<M>, nodes: &[Node<M>], moves: &[M], left: u32) -> bool {
    let (mut first, mut second) = (0u32, 0u32);
    for (mv, c) in &root.children {
        if !moves.contains(mv) {
            continue;
        }
        let v = nodes[*c as usize].visits;
        if v > first {
            second = first;
            first = v;
        } else if v > second {
            second = v;
        }
    }
    first > second.saturating_add(left)
}

impl<G: Game> Player<G> for MctsBot {
    /// Without an information set there is nothing to search: a move at
    /// random. (The game loops, [`crate::game::play_out`] and the soak
    /// checks, give it one: [`Player::decide`].)
    fn choose(&mut self, _game: &G, _view: &G::View<'_>, moves: &[G::Move]) -> usize {
        self.rng.below(moves.len())
    }

    fn decide(&mut self, game: &G, info: &InfoSet<'_, G>, moves: &[G::Move]) -> usize {
        self.search(game, info, moves)
    }
}

/// Checks that `draw` gives the moves of `listed` in the shares `weight`
/// gives them: every move drawn is listed, and each listed move is drawn
/// its share of `draws` within five standard deviations (a playout
/// sampler against the listing it stands for; seeded, so never flaky).
#[cfg(test)]
pub(crate) fn assert_drawn_as_weighed<M: PartialEq + std::fmt::Debug>(
    listed: &[M],
    weight: impl Fn(&M) -> u32,
    draws: u32,
    mut draw: impl FnMut() -> M,
) {
    let total: u32 = listed.iter().map(&weight).sum();
    let mut counts = vec![0u32; listed.len()];
    for _ in 0..draws {
        let mv = draw();
        let i = listed.iter().position(|m| *m == mv);
        let i = i.unwrap_or_else(|| panic!("{mv:?} is not in {listed:?}"));
        counts[i] += 1;
    }
    for (m, &c) in listed.iter().zip(&counts) {
        let p = f64::from(weight(m)) / f64::from(total);
        let f = f64::from(c) / f64::from(draws);
        let sd = (p * (1.0 - p) / f64::from(draws)).sqrt();
        assert!(
            (f - p).abs() <= 5.0 * sd + 1e-3,
            "{m:?}: drawn {f:.4}, its share {p:.4} of {listed:?}"
        );
    }
}

/// Checks that [`Game::uniform_move`] at `state` draws every legal move
/// equally often (what a random player plays): [`assert_drawn_as_weighed`]
/// over `draws` draws with `rng`, every weight 1.
#[cfg(test)]
pub(crate) fn assert_uniform_at<G: Game>(
    game: &G,
    state: &mut G::State,
    draws: u32,
    rng: &mut Rng,
) {
    let (mut listed, mut buf) = (Vec::new(), Vec::new());
    game.legal_moves(state, &mut listed);
    assert_drawn_as_weighed(
        &listed,
        |_| 1,
        draws,
        || game.uniform_move(state, rng, &mut buf).expect("a move"),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Setup;
    use crate::games::duel::Duel;

    fn node(visits: u32, children: Vec<(u8, u32)>) -> Node<u8> {
        Node {
            visits,
            children,
            ..Node::new(0)
        }
    }

    #[test]
    fn settled_when_the_lead_outlasts_the_playouts_left() {
        // The root's children: move 1 visited 30 times, 2 ten, 3 twenty.
        let nodes = vec![
            node(60, vec![(1, 1), (2, 2), (3, 3)]),
            node(30, vec![]),
            node(10, vec![]),
            node(20, vec![]),
        ];
        let root = &nodes[0];
        assert!(settled(root, &nodes, &[1, 2, 3], 9));
        // A lead of 10 over 10 playouts left could end in a tie.
        assert!(!settled(root, &nodes, &[1, 2, 3], 10));
        // Only the moves the seat may play count.
        assert!(settled(root, &nodes, &[1, 2], 19));
        assert!(!settled(root, &nodes, &[2, 3], 10));
        assert!(settled(root, &nodes, &[2, 3], 9));
        assert!(!settled(&nodes[1], &nodes, &[1], 0), "no child");
    }

    /// At positions of random Duel games, the search that stops once its
    /// choice is settled plays what the whole budget plays, in fewer
    /// playouts (the same random stream up to where it stops).
    #[test]
    fn a_settled_search_plays_what_the_whole_budget_plays() {
        let g = Duel::new(sevenw_cards::game("duel").unwrap()).unwrap();
        let mut st = g.start(&Setup::seeded(4)).unwrap();
        let (mut rng, mut moves) = (Rng::new(3), Vec::new());
        let (mut compared, mut stopped) = (0, 0);
        while let Some(seat) = g.to_move(&st) {
            g.legal_moves(&mut st, &mut moves);
            if moves.len() > 1 && st.table.turns % 2 == 0 {
                let info = InfoSet::new(&g, &st, seat);
                let mut quick = MctsBot::new(compared, 400);
                let mut whole = MctsBot {
                    settle: false,
                    ..MctsBot::new(compared, 400)
                };
                assert_eq!(
                    quick.search(&g, &info, &moves),
                    whole.search(&g, &info, &moves),
                    "decision {compared}"
                );
                // Fewer playouts drew fewer random numbers.
                stopped += usize::from(quick.rng != whole.rng);
                compared += 1;
            }
            g.apply(&mut st, &moves[rng.below(moves.len())]);
        }
        assert!(compared > 15, "{compared} decisions compared");
        assert!(
            stopped > 5,
            "{stopped} of {compared} searches stopped early"
        );
    }
}
