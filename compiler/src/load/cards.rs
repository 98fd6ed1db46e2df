//! Reading card files: the cards of an Age, wonders and their sides,
//! progress tokens, and what a part that cannot be read leaves out.

use super::*;

impl Reader<'_> {
    pub(super) fn card_file(&mut self, root: &Node, game: &mut GameSrc, file: &str) {
        // What a part of this file that cannot be read leaves out.
        let left_out = |age: Option<i64>, part: Part, text: &str| LeftOut {
            file: file.to_string(),
            part,
            age,
            cards: true,
            text: Some(text.to_lowercase()),
        };
        let Some(mut f) = self.fields(root, &shape::CARD_FILE) else {
            game.left_out.push(left_out(None, Part::File, self.text));
            return;
        };
        let age = f.take("age");
        let cards = f.take("cards");
        let wonders = f.take("wonders");
        let progress = f.take("progress");
        self.finish(f);
        if let Some(progress) = progress {
            for node in self.list(progress, "progress tokens") {
                let Some(mut f) = self.fields(node, &shape::PROGRESS) else {
                    continue;
                };
                let name = self.required(&mut f, "name");
                let aliases = f.take("aliases");
                let effect = f.take("effect");
                let copies = f.take("copies");
                self.finish(f);
                let Some(name) = name.and_then(|n| self.text(n)) else {
                    continue;
                };
                let token = ProgressSrc {
                    loc: node.loc,
                    name,
                    aliases: self.texts(aliases, "names"),
                    effect: self.dsl(effect),
                    copies: copies.and_then(|c| self.int(c)),
                };
                game.progress.push(token);
            }
        }
        let age_given = age.is_some();
        let age = age.and_then(|a| self.int(a));
        if let Some(cards) = cards {
            match age {
                None => {
                    game.left_out.push(left_out(None, Part::File, self.text));
                    if !age_given {
                        self.report.push(
                            Diagnostic::new(
                                Code::MissingField,
                                Loc {
                                    end: root.loc.start,
                                    ..root.loc
                                },
                                "a card file with `cards` has no `age`",
                            )
                            .label("`age` is missing here")
                            .help("add `age: N` at the top of the file"),
                        );
                    }
                }
                Some(age) => {
                    if !matches!(cards.value, Value::Seq(_) | Value::Null) {
                        game.left_out
                            .push(left_out(Some(age.value), Part::File, self.text));
                    }
                    for node in self.list(cards, "cards") {
                        match self.card(node, age) {
                            Some(card) => {
                                if !card.players_ok {
                                    // Read, but its copies are not known.
                                    game.left_out
                                        .push(left_out(Some(age.value), Part::Copies, ""));
                                }
                                game.cards.push(card);
                            }
                            None => {
                                let end = node.extent_end().min(self.text.len());
                                let raw = self.text.get(node.loc.start..end).unwrap_or("");
                                game.left_out
                                    .push(left_out(Some(age.value), Part::Card, raw));
                            }
                        }
                    }
                }
            }
        }
        if let Some(wonders) = wonders {
            for node in self.list(wonders, "wonders") {
                if let Some(w) = self.wonder(node) {
                    game.wonders.push(w);
                }
            }
        }
    }

    /// A card; `None` when it has no name (it is then left out). Every other
    /// problem is reported and the card kept, so that it is still checked.
    pub(super) fn card(&mut self, node: &Node, age: Int) -> Option<CardSrc> {
        let mut f = self.fields(node, &shape::CARD)?;
        let name = self.required(&mut f, "name");
        let colour = self.required(&mut f, "colour");
        let aliases = f.take("aliases");
        let players = f.take("players");
        let cost = f.take("cost");
        let effect = f.take("effect");
        let chains = f.take("chains");
        let expert = f.take("expert");
        let penalty = f.take("penalty");
        let decks = f.take("decks");
        let price_times = f.take("price_times");
        self.finish(f);
        let name = name.and_then(|n| self.text(n));
        let colour = colour.and_then(|n| self.text(n));
        let expert = expert.and_then(|n| Some((self.bool(n)?, n.loc)));
        let before = self.report.errors();
        let card_players = self.ints(players, "player counts");
        let players_ok = self.report.errors() == before;
        let card = CardSrc {
            loc: node.loc,
            aliases: self.texts(aliases, "names"),
            players_given: players.is_some(),
            players: card_players,
            players_ok,
            cost: self.dsl(cost),
            effect: self.dsl(effect),
            penalty: self.dsl(penalty),
            chains: self.texts(chains, "card names"),
            decks_given: decks.is_some(),
            decks: decks
                .map(|d| {
                    self.pairs(d, "deck: copies")
                        .into_iter()
                        .filter_map(|(k, v)| Some((k, self.int(v)?)))
                        .collect()
                })
                .unwrap_or_default(),
            age,
            name: name?,
            colour,
            expert,
            price_times: price_times.and_then(|n| self.int(n)),
        };
        Some(card)
    }

    pub(super) fn wonder(&mut self, node: &Node) -> Option<WonderSrc> {
        let mut f = self.fields(node, &shape::WONDER)?;
        let name = self.required(&mut f, "name");
        let sides = self.required(&mut f, "sides");
        let aliases = f.take("aliases");
        self.finish(f);
        let name = name.and_then(|n| self.text(n))?;
        let aliases = self.texts(aliases, "names");
        let mut out = Vec::new();
        if let Some(sides) = sides {
            for (side_name, side) in self.pairs(sides, "sides (A:, B:)") {
                let Some(mut f) = self.fields(side, &shape::SIDE) else {
                    continue;
                };
                let effect = f.take("effect");
                let stages = self.required(&mut f, "stages");
                self.finish(f);
                let effect = self.dsl(effect);
                let mut list = Vec::new();
                if let Some(stages) = stages {
                    for st in self.list(stages, "stages") {
                        let Some(mut f) = self.fields(st, &shape::STAGE) else {
                            continue;
                        };
                        let cost = self.required(&mut f, "cost");
                        let eff = f.take("effect");
                        let level = f.take("level");
                        self.finish(f);
                        list.push(StageSrc {
                            loc: st.loc,
                            cost: self.dsl(cost),
                            effect: self.dsl(eff),
                            level: level.and_then(|l| self.int(l)),
                        });
                    }
                }
                out.push(SideSrc {
                    name: side_name,
                    effect,
                    stages: list,
                });
            }
        }
        Some(WonderSrc {
            loc: node.loc,
            name,
            aliases,
            sides: out,
        })
    }
}
