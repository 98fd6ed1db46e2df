//! Reading game.yaml: a game's vocabulary (`VocabSrc`) or an expansion's
//! (`ExpansionSrc`), with their scopes, draft rule and projects.

use super::*;

impl Reader<'_> {
    pub(super) fn vocab(&mut self, root: &Node) -> Option<VocabSrc> {
        let mut f = self.fields(root, &shape::GAME)?;
        let mut req = |r: &mut Self, key: &str| r.required(&mut f, key);
        let game = req(self, "game");
        let title = req(self, "title");
        let players = req(self, "players");
        let ages = req(self, "ages");
        let start_coins = req(self, "start_coins");
        let resources = req(self, "resources");
        let science = req(self, "science");
        let colours = req(self, "colours");
        let categories = req(self, "categories");
        let vp_category = req(self, "vp_category");
        let tradable = req(self, "tradable");
        let scopes = req(self, "scopes");
        let counters = req(self, "counters");
        let words = req(self, "words");
        let triggers = req(self, "triggers");
        let hand_size = f.take("hand_size");
        let layout = f.take("layout");
        let set_aside = f.take("set_aside");
        let guilds = f.take("guilds");
        let token_kinds = f.take("tokens");
        let conflict = f.take("conflict");
        let figures = f.take("figures");
        let edition = f.take("edition");
        let draft = f.take("draft");
        let decks = f.take("decks");
        let family_help = format!(
            "add `family:` to game.yaml, naming the rules that play the game: {}",
            self.families.join(", ")
        );
        let family = self.required_help(&mut f, "family", family_help);
        let pieces = f.take("pieces");
        let battles = f.take("battles");
        let cat = f.take("cat");
        let file_start = Loc {
            end: f.loc.start,
            ..f.loc
        };
        self.finish(f);
        let deal = match (hand_size, layout, set_aside, decks) {
            (None, None, None, Some(d)) => {
                let mut f = self.fields(d, &shape::DECKS)?;
                let wonder = self.required(&mut f, "wonder");
                let central = self.required(&mut f, "central");
                self.finish(f);
                DealSrc::Decks {
                    wonder: self.int(wonder?)?,
                    central: self.int(central?)?,
                    loc: d.loc,
                }
            }
            (Some(h), None, None, None) => DealSrc::Hands(self.int(h)?),
            (None, Some(l), s, None) => DealSrc::Layout {
                size: self.int(l)?,
                set_aside: match s {
                    Some(s) => self.int(s)?,
                    None => Int {
                        value: 0,
                        loc: file_start,
                    },
                },
            },
            (h, l, _, d) => {
                let given = [h, l, d].iter().filter(|x| x.is_some()).count();
                let at = h.or(l).or(d).map_or(file_start, |n| n.loc);
                self.report.push(
                    Diagnostic::new(Code::MissingField, at, "game.yaml must say how an Age is dealt: `hand_size`, or `layout` (with `set_aside`), or `decks`")
                        .label(if given > 1 { "`hand_size`, `layout` and `decks` exclude each other" } else { "no `hand_size`, `layout` or `decks`" })
                        .help("write `hand_size: 7` for hands per player, `layout: 20` and `set_aside: 3` for a laid-out Age, or `decks: {wonder: 25, central: 60}` for decks beside the players"),
                );
                return None;
            }
        };
        let battles = battles.and_then(|b| {
            let mut f = self.fields(b, &shape::BATTLES)?;
            let tokens = self.required(&mut f, "tokens");
            let vp = self.required(&mut f, "vp");
            self.finish(f);
            let tokens = tokens
                .map(|n| self.pairs_of(n, "[players, tokens]"))
                .unwrap_or_default();
            Some(BattlesSrc {
                tokens,
                vp: self.int(vp?)?,
                loc: b.loc,
            })
        });
        let pieces = pieces
            .map(|n| {
                self.list(n, "stage costs")
                    .iter()
                    .filter_map(|p| self.dsl(Some(p)))
                    .collect()
            })
            .unwrap_or_default();
        let conflict = conflict.and_then(|c| {
            let mut f = self.fields(c, &shape::CONFLICT)?;
            let capital = self.required(&mut f, "capital");
            let zones = f.take("zones");
            let tokens = f.take("tokens");
            self.finish(f);
            let pairs = |r: &mut Self, n: Option<&Node>| -> Vec<(Int, Int)> {
                n.map(|n| r.pairs_of(n, "[distance, value]"))
                    .unwrap_or_default()
            };
            Some(ConflictSrc {
                capital: self.int(capital?)?,
                zones: pairs(self, zones),
                tokens: pairs(self, tokens),
                loc: c.loc,
            })
        });

        let edition = edition.and_then(|n| self.int(n));
        let draft = draft.and_then(|n| self.draft(n));
        let resources = resources
            .map(|n| {
                self.pairs(n, "resource classes")
                    .into_iter()
                    .map(|(class, list)| {
                        let members = self.texts(Some(list), "resources");
                        (class, members)
                    })
                    .collect()
            })
            .unwrap_or_default();
        let vp_category = self.vp_categories(vp_category);
        let scopes = scopes.map(|n| self.scopes(n)).unwrap_or_default();
        let guilds = guilds.and_then(|g| self.draw_rule(g, "the guild rule"));
        let token_kinds = self.tokens(token_kinds);
        let v = VocabSrc {
            file: root.loc.file,
            game: self.text(game?)?,
            title: self.text(title?)?,
            edition,
            draft,
            players: self.ints(players, "player counts"),
            ages: self.int(ages?)?,
            start_coins: self.int(start_coins?)?,
            deal,
            resources,
            science: self.texts(science, "symbols"),
            colours: self.texts(colours, "colours"),
            categories: self.texts(categories, "categories"),
            vp_category,
            tradable: self.texts(tradable, "colours"),
            scopes,
            counters: self.texts(counters, "counters"),
            words: self.texts(words, "effect words"),
            triggers: self.texts(triggers, "triggers"),
            guilds,
            tokens: token_kinds,
            conflict,
            figures: figures.map(|n| self.figure_list(n)).unwrap_or_default(),
            family: family.and_then(|f| self.text(f)),
            pieces,
            battles,
            cat: cat.and_then(|c| self.int(c)),
        };
        Some(v)
    }

    pub(super) fn scopes(&mut self, n: &Node) -> Vec<(Text, ScopeDef)> {
        self.pairs(n, "scope definitions")
            .into_iter()
            .filter_map(|(k, v)| {
                let def = match &v.value {
                    Value::Seq(_) => ScopeDef::Union(self.texts(Some(v), "scopes")),
                    Value::Scalar(s) if s.trim().eq_ignore_ascii_case("all") => {
                        ScopeDef::Others(v.loc)
                    }
                    _ => match v.as_str().map(|s| s.trim().parse::<i64>()) {
                        Some(Ok(value)) => ScopeDef::Offset(Int { value, loc: v.loc }),
                        _ => {
                            self.wrong_type(
                                v,
                                "a seat offset, a list of scopes or `all`",
                                Some("write `left: 1`, `neighbours: [left, right]` or `others: all`".into()),
                            );
                            return None;
                        }
                    },
                };
                Some((k, def))
            })
            .collect()
    }

    pub(super) fn vp_categories(&mut self, n: Option<&Node>) -> Vec<(Text, Text)> {
        n.map(|n| {
            self.pairs(n, "colour: category")
                .into_iter()
                .filter_map(|(k, v)| Some((k, self.text(v)?)))
                .collect()
        })
        .unwrap_or_default()
    }

    pub(super) fn draft(&mut self, n: &Node) -> Option<DraftSrc> {
        let mut f = self.fields(n, &shape::DRAFT)?;
        let colour = self.required(&mut f, "colour");
        let deal = self.required(&mut f, "deal");
        let pass = self.required(&mut f, "pass");
        self.finish(f);
        Some(DraftSrc {
            colour: self.text(colour?)?,
            deal: self.int(deal?)?,
            pass: self.text(pass?)?,
            loc: n.loc,
        })
    }

    /// The kinds of token of `tokens:`, by name.
    pub(super) fn tokens(&mut self, n: Option<&Node>) -> Vec<TokenSrc> {
        let Some(n) = n else { return Vec::new() };
        let mut out = Vec::new();
        for (name, v) in self.pairs(n, "token kinds") {
            let Some(mut f) = self.fields(v, &shape::TOKEN) else {
                continue;
            };
            let points = self.required(&mut f, "points");
            let category = self.required(&mut f, "category");
            let [instead, negative, public, sits_out, by_choice, as_coins] = [
                "instead_of_coins",
                "negative",
                "public",
                "sits_out",
                "by_choice",
                "as_coins",
            ]
            .map(|k| f.take(k));
            let chains = f.take("chains");
            let places = f.take("places");
            let board_discount = f.take("board_discount");
            self.finish(f);
            let chains = self.texts(chains, "card names");
            let places = places.and_then(|p| self.places(p));
            let board_discount = board_discount.and_then(|d| self.int(d));
            let [instead, negative, public, sits_out, by_choice, as_coins] =
                [instead, negative, public, sits_out, by_choice, as_coins]
                    .map(|b| b.and_then(|b| Some((self.bool(b)?, b.loc))));
            let (Some(points), Some(category)) = (points, category) else {
                continue;
            };
            let points = match &points.value {
                Value::Seq(_) => {
                    let list = self.ints(Some(points), "points");
                    Some(TokenPoints::PerAge(list, points.loc))
                }
                _ => self.int(points).map(TokenPoints::One),
            };
            let (Some(points), Some(category)) = (points, self.text(category)) else {
                continue;
            };
            out.push(TokenSrc {
                name,
                points,
                category,
                instead_of_coins: instead,
                negative,
                public,
                sits_out,
                by_choice,
                chains,
                places,
                board_discount,
                as_coins,
                loc: v.loc,
            });
        }
        out
    }

    /// A kind's `places: {draw: 2, colour: spirit, board: shrine}`.
    fn places(&mut self, n: &Node) -> Option<PlacesSrc> {
        let mut f = self.fields(n, &shape::TOKEN_PLACES)?;
        let draw = self.required(&mut f, "draw");
        let colour = self.required(&mut f, "colour");
        let board = self.required(&mut f, "board");
        self.finish(f);
        let draw = draw.and_then(|d| self.int(d));
        let colour = colour.and_then(|c| self.text(c));
        Some(PlacesSrc {
            draw: draw?,
            colour: colour?,
            board: self.text(board?)?,
            loc: n.loc,
        })
    }

    /// A rule drawing cards of a colour into an Age's deck (`guilds:`,
    /// each of an expansion's `draws:`), `what` in messages.
    fn draw_rule(&mut self, g: &Node, what: &str) -> Option<DrawRuleSrc> {
        let mut f = self.fields(g, &shape::GUILDS)?;
        let colour = self.required(&mut f, "colour");
        let age = self.required(&mut f, "age");
        let extra = f.take("extra");
        let count = f.take("count");
        let at = Loc {
            end: f.loc.start,
            ..f.loc
        };
        self.finish(f);
        if extra.is_some() == count.is_some() {
            self.report.push(
                Diagnostic::new(Code::MissingField, at, format!("{what} needs one of `extra` (players + N are drawn) or `count` (N are drawn)"))
                    .label("give `extra` or `count`")
                    .help("the base game draws `extra: 2` guilds; Duel draws `count: 3`; one card per player is `extra: 0`"),
            );
            return None;
        }
        Some(DrawRuleSrc {
            colour: self.text(colour?)?,
            age: self.int(age?)?,
            extra: extra.and_then(|n| self.int(n)),
            count: count.and_then(|n| self.int(n)),
            loc: g.loc,
        })
    }

    /// The game.yaml of an expansion.
    pub(super) fn expansion(&mut self, root: &Node) -> Option<ExpansionSrc> {
        let mut f = self.fields(root, &shape::EXPANSION)?;
        let game = self.required(&mut f, "game");
        let title = self.required(&mut f, "title");
        let extends = self.required(&mut f, "extends");
        let edition = f.take("edition");
        let with = f.take("with");
        let automatic = f.take("automatic");
        let start_coins = f.take("start_coins");
        let science = f.take("science");
        let colours = f.take("colours");
        let categories = f.take("categories");
        let vp_category = f.take("vp_category");
        let scopes = f.take("scopes");
        let counters = f.take("counters");
        let words = f.take("words");
        let triggers = f.take("triggers");
        let draft = f.take("draft");
        let projects = f.take("projects");
        let hand_size = f.take("hand_size");
        let draws = f.take("draws");
        let guilds = f.take("guilds");
        let figure_tokens = f.take("figure_tokens");
        let boards = f.take("boards");
        let senate = f.take("senate");
        let schemes = f.take("schemes");
        let military_tokens = f.take("military_tokens");
        let figures = f.take("figures");
        let tokens = f.take("tokens");
        // An expansion is played by its game's family: `family:` is not one
        // of its fields, and says why.
        if let Some(i) = f.entries.iter().position(|(k, _, _)| *k == "family") {
            f.used[i] = true;
            self.report.push(
                Diagnostic::new(
                    Code::UnknownField,
                    f.entries[i].1.loc,
                    "an expansion names no `family`: its game's family plays it",
                )
                .label("not a field of an expansion")
                .help("remove `family:`; the game it extends (`extends:`) names the family"),
            );
        }
        self.finish(f);
        let projects = projects.and_then(|n| self.projects(n));
        let draws = match draws {
            Some(d) => self
                .list(d, "draw rules")
                .iter()
                .filter_map(|r| self.draw_rule(r, "a draw rule"))
                .collect(),
            None => Vec::new(),
        };
        Some(ExpansionSrc {
            file: root.loc.file,
            game: self.text(game?)?,
            title: self.text(title?)?,
            extends: self.text(extends?)?,
            edition: edition.and_then(|n| self.int(n)),
            with: self.texts(with, "expansions"),
            automatic: automatic.and_then(|n| self.bool(n)),
            start_coins: start_coins.and_then(|n| self.int(n)),
            science: self.texts(science, "symbols"),
            colours: self.texts(colours, "colours"),
            categories: self.texts(categories, "categories"),
            vp_category: self.vp_categories(vp_category),
            scopes: scopes.map(|n| self.scopes(n)).unwrap_or_default(),
            counters: self.texts(counters, "counters"),
            words: self.texts(words, "effect words"),
            triggers: self.texts(triggers, "triggers"),
            draft: draft.and_then(|n| self.draft(n)),
            projects,
            hand_size: hand_size.and_then(|n| self.int(n)),
            draws,
            guilds: guilds.and_then(|g| self.draw_rule(g, "the guild rule")),
            figure_tokens: figure_tokens
                .map(|n| {
                    self.list(n, "tokens on figures")
                        .iter()
                        .filter_map(|t| self.figure_tokens(t))
                        .collect()
                })
                .unwrap_or_default(),
            boards: self.boards(boards),
            senate: senate.and_then(|n| self.senate(n)),
            schemes: schemes.and_then(|n| self.schemes(n)),
            military_tokens: military_tokens.and_then(|n| self.military_tokens(n)),
            figures: figures.map(|n| self.figure_list(n)).unwrap_or_default(),
            tokens: self.tokens(tokens),
        })
    }

    /// An expansion's `boards:`, by name.
    fn boards(&mut self, n: Option<&Node>) -> Vec<BoardSrc> {
        let Some(n) = n else { return Vec::new() };
        let mut out = Vec::new();
        for (name, v) in self.pairs(n, "boards") {
            let Some(mut f) = self.fields(v, &shape::BOARD) else {
                continue;
            };
            let spaces = self.required(&mut f, "spaces");
            let open = self.required(&mut f, "open");
            let fill = f.take("fill");
            self.finish(f);
            let spaces = spaces
                .map(|s| self.pairs_of(s, "[first player, second player]"))
                .unwrap_or_default();
            let open = self.ints(open, "Ages");
            let fill = match fill {
                Some(l) => self
                    .list(l, "fills")
                    .iter()
                    .filter_map(|x| self.board_fill(x))
                    .collect(),
                None => Vec::new(),
            };
            out.push(BoardSrc {
                name,
                spaces,
                open,
                fill,
                loc: v.loc,
            });
        }
        out
    }

    /// `figures:`: each Age's rows.
    fn figure_list(&mut self, n: &Node) -> Vec<FigureSrc> {
        self.list(n, "figures")
            .iter()
            .map(|r| FigureSrc {
                rows: self.texts(Some(r), "rows"),
                loc: r.loc,
            })
            .collect()
    }

    /// An expansion's `senate:`.
    fn senate(&mut self, n: &Node) -> Option<SenateSrc> {
        let mut f = self.fields(n, &shape::SENATE)?;
        let chambers = self.required(&mut f, "chambers");
        let cubes = self.required(&mut f, "cubes");
        let category = self.required(&mut f, "category");
        let supremacy = f.take("supremacy");
        let decrees = f.take("decrees");
        self.finish(f);
        let decrees = decrees.and_then(|d| {
            let mut f = self.fields(d, &shape::DECREES)?;
            let colour = self.required(&mut f, "colour");
            let face_down = f.take("face_down");
            self.finish(f);
            Some(DecreesSrc {
                colour: self.text(colour?)?,
                face_down: self.ints(face_down, "chambers"),
            })
        });
        Some(SenateSrc {
            chambers: self.ints(chambers, "points"),
            cubes: cubes.and_then(|n| self.int(n)),
            category: category.and_then(|n| self.text(n)),
            supremacy: supremacy.and_then(|n| self.bool(n)).unwrap_or(false),
            decrees,
            loc: n.loc,
        })
    }

    /// An expansion's `schemes:`.
    fn schemes(&mut self, n: &Node) -> Option<SchemesSrc> {
        let mut f = self.fields(n, &shape::SCHEMES)?;
        let colour = self.required(&mut f, "colour");
        self.finish(f);
        Some(SchemesSrc {
            colour: self.text(colour?)?,
            loc: n.loc,
        })
    }

    /// An expansion's `military_tokens:`.
    fn military_tokens(&mut self, n: &Node) -> Option<MilitaryTokensSrc> {
        let mut f = self.fields(n, &shape::MILITARY_TOKENS)?;
        let colour = self.required(&mut f, "colour");
        let at = self.required(&mut f, "at");
        self.finish(f);
        Some(MilitaryTokensSrc {
            colour: self.text(colour?)?,
            at: self.ints(Some(at?), "squares"),
            loc: n.loc,
        })
    }

    /// One fill of a board: `{age: 1, colour: spirit}`.
    fn board_fill(&mut self, n: &Node) -> Option<BoardFillSrc> {
        let mut f = self.fields(n, &shape::BOARD_FILL)?;
        let age = self.required(&mut f, "age");
        let colour = self.required(&mut f, "colour");
        self.finish(f);
        Some(BoardFillSrc {
            age: self.int(age?)?,
            colour: self.text(colour?)?,
            loc: n.loc,
        })
    }

    /// A list of pairs of whole numbers, `what` (`[row, card]`) in
    /// messages; a pair of another shape is reported and left out.
    fn pairs_of(&mut self, n: &Node, what: &str) -> Vec<(Int, Int)> {
        self.list(n, &format!("pairs {what}"))
            .iter()
            .filter_map(|p| match self.ints(Some(p), "numbers").as_slice() {
                [a, b] => Some((*a, *b)),
                _ => {
                    self.wrong_type(p, &format!("a pair {what}"), None);
                    None
                }
            })
            .collect()
    }

    /// One entry of an expansion's `figure_tokens:`.
    fn figure_tokens(&mut self, n: &Node) -> Option<FigureTokensSrc> {
        let mut f = self.fields(n, &shape::FIGURE_TOKENS)?;
        let age = self.required(&mut f, "age");
        let slots = self.required(&mut f, "slots");
        let from = self.required(&mut f, "from");
        self.finish(f);
        let slots = slots
            .map(|s| self.pairs_of(s, "[row, card]"))
            .unwrap_or_default();
        Some(FigureTokensSrc {
            age: self.int(age?)?,
            slots,
            from: self.texts(from, "kinds of token"),
            loc: n.loc,
        })
    }

    pub(super) fn projects(&mut self, n: &Node) -> Option<ProjectsSrc> {
        let mut f = self.fields(n, &shape::PROJECTS)?;
        let colour = self.required(&mut f, "colour");
        let pawns = self.required(&mut f, "pawns");
        let debt = self.required(&mut f, "debt");
        self.finish(f);
        let pawns = pawns.map(|p| self.pairs_of(p, "[players, pawns]"));
        let debt = debt.and_then(|d| self.text(d));
        Some(ProjectsSrc {
            colour: self.text(colour?)?,
            pawns: pawns?,
            debt: debt?,
            loc: n.loc,
        })
    }
}
