//! The resolver's look-ups: decks, cards, colours, resources and seats by
//! name, counted things and conditions, and the help of a name that is
//! unknown or of the wrong kind.

use super::*;

impl Resolver<'_> {
    /// The deck a card's `decks:` names: a wonder (name or alias) or `central`.
    pub(super) fn deck(&mut self, t: &Text, wonders: &[Vec<String>]) -> Option<DeckRef> {
        let n = t.value.trim().to_lowercase();
        if n == "central" {
            return Some(DeckRef::Central);
        }
        if let Some(i) = wonders.iter().position(|w| w.contains(&n)) {
            return Some(DeckRef::Wonder(i));
        }
        let options: Vec<&str> = self
            .wonders
            .iter()
            .map(String::as_str)
            .chain(["central"])
            .collect();
        self.report.push(
            Diagnostic::new(
                Code::UnknownName,
                t.loc,
                format!("unknown deck `{}`", t.value.trim()),
            )
            .label(format!("not a wonder of `{}`, nor `central`", self.v.game))
            .maybe_help(suggest(&n, options.iter().copied())),
        );
        None
    }

    /// The cards a `when you take …` trigger names: by name or alias, or
    /// every card of a colour.
    pub(super) fn taken(
        &mut self,
        p: &crate::load::DslText,
        list: &[sevenw_dsl::Taken],
    ) -> Option<(Vec<u16>, u32)> {
        let mut out = Vec::new();
        let mut colours = 0u32;
        let mut ok = true;
        for t in list {
            let n = t.name.text.trim().to_lowercase();
            let loc = p.loc_of(t.name.span);
            if t.colour {
                match self.v.lookup(&n) {
                    // Every card of the colour, of whichever card set in
                    // play: matched by the colour taken, at run time.
                    Some(Name::Colour(c)) => colours |= 1 << c,
                    other => {
                        self.unknown_or_wrong(loc, &t.name.text, other, "a colour");
                        ok = false;
                    }
                }
                continue;
            }
            let found: Vec<u16> = self
                .cards
                .iter()
                .enumerate()
                .filter(|(_, k)| k.names.contains(&n))
                .map(|(i, _)| i as u16)
                .collect();
            let of_game = self
                .extended
                .iter()
                .find(|c| c.name.value.trim().to_lowercase() == n);
            if found.is_empty()
                && let Some(c) = of_game
            {
                // Its index differs between the game's editions: the
                // generated code of an expansion cannot name it.
                let colour = c.colour.as_deref().unwrap_or("COLOUR");
                self.report.push(
                    Diagnostic::new(
                        Code::UnknownName,
                        loc,
                        format!(
                            "`{}` is a card of `{}`, which `when you take` in an expansion cannot name",
                            c.name.value.trim(),
                            c.game
                        ),
                    )
                    .label(format!("a card of `{}`, not of `{}`", c.game, self.v.game))
                    .help(format!(
                        "name its colour (`when you take a {colour} card`) or a card of `{}`",
                        self.v.game
                    )),
                );
                ok = false;
            } else if found.is_empty() {
                let all: Vec<&str> = self
                    .cards
                    .iter()
                    .map(|k| k.shown.as_str())
                    .chain(self.extended.iter().map(|c| c.name.value.trim()))
                    .collect();
                self.report.push(
                    Diagnostic::new(
                        Code::UnknownName,
                        loc,
                        format!("unknown card `{}`", t.name.text),
                    )
                    .label(match &self.v.extends {
                        Some(game) => {
                            format!("no card of `{}` or of `{game}` has this name", self.v.game)
                        }
                        None => format!("no card of `{}` has this name", self.v.game),
                    })
                    .maybe_help(
                        did_you_mean(&n, all.iter().copied())
                            .map(|c| format!("did you mean `{c}`?"))
                            .or_else(|| Some("write a card's name, or `a COLOUR card`".into())),
                    ),
                );
                ok = false;
            }
            out.extend(found);
        }
        out.sort_unstable();
        out.dedup();
        ok.then_some((out, colours))
    }

    pub(super) fn colour(&mut self, t: &Text) -> Option<u8> {
        match self.v.lookup(t.value.trim()) {
            Some(Name::Colour(c)) => Some(c),
            other => {
                self.unknown_or_wrong(t.loc, t.value.trim(), other, "a colour");
                None
            }
        }
    }

    /// Reports a name that is unknown, or known as another kind.
    pub(super) fn unknown_or_wrong(
        &mut self,
        loc: Loc,
        word: &str,
        found: Option<Name>,
        want: &str,
    ) {
        let game = &self.v.game;
        match found {
            Some(name) => self.report.push(
                Diagnostic::new(
                    Code::WrongKind,
                    loc,
                    format!("`{word}` is {}, but {want} is needed here", name.kind()),
                )
                .label(format!("{} where {want} is expected", name.kind()))
                .maybe_help(suggest(word, self.v.names_of(want)).map(|s| {
                    let kind = want.trim_start_matches("an ").trim_start_matches("a ");
                    format!("{s} (the {kind} names of `{game}`)")
                })),
            ),
            None => {
                let help = match self.v.declared_elsewhere(word) {
                    Some(other) => Some(self.elsewhere_help(word, other)),
                    None => suggest(word, self.v.names_of(want)),
                };
                self.report.push(
                    Diagnostic::new(
                        Code::UnknownName,
                        loc,
                        format!(
                            "unknown {} `{word}`",
                            want.trim_start_matches("a ").trim_start_matches("an ")
                        ),
                    )
                    .label(format!("not {want} of the game `{game}`"))
                    .maybe_help(help),
                )
            }
        }
    }

    /// Help for a name, word or trigger that another card set of the same
    /// game declares.
    pub(super) fn elsewhere_help(&self, word: &str, other: &str) -> String {
        let game = &self.v.game;
        match &self.v.extends {
            Some(_) if other == game => format!(
                "`{}` is declared by another edition of `{game}`, not by this one (edition {}): declare it in this edition's game.yaml too, and the editions share its place",
                word.trim(),
                self.v.edition
            ),
            Some(_) if self.v.with.contains(&other.to_string()) => format!(
                "`{}` is not declared by every edition of `{other}` that `{game}` is played with: `{game}` plays with {} of its game, and uses the names of the editions of `{other}` there (`edition: N` in its game.yaml narrows them)",
                word.trim(),
                self.v.plays_at.shown()
            ),
            Some(parent) if other != parent => format!(
                "`{}` is declared by `{other}`, another expansion of `{parent}`: an expansion uses its own names, the game's, and those of the expansions it is played with (add `with: [{other}]` to its game.yaml)",
                word.trim()
            ),
            Some(_) => format!(
                "`{}` is declared by `{other}`, not by `{game}`",
                word.trim()
            ),
            None => format!(
                "`{}` is declared by the expansion `{other}`, not by `{game}`: a card of `{game}` cannot use it (move the card to `{other}`, or declare it in `{game}`'s game.yaml)",
                word.trim()
            ),
        }
    }

    /// Help for an effect the language does not have: for a phrase
    /// starting with a word effects start with (`take a diplomacy`), the
    /// game's effects starting with it, nearest first; for an unknown
    /// word, the nearest word an effect of this game starts with, else the
    /// nearest its family plays (which the game does not allow), else the
    /// game's words. Suggestions come from the family's vocabulary only.
    /// [`Resolver::word_help`], asked once per distinct word.
    pub(super) fn word_help_memo(&mut self, written: &str) -> String {
        if let Some(help) = self.word_helps.get(written) {
            return help.clone();
        }
        let help = self.word_help(written);
        if self.word_helps.len() < HELP_MEMO {
            self.word_helps.insert(written.to_string(), help.clone());
        }
        help
    }

    pub(super) fn word_help(&self, written: &str) -> String {
        let game = &self.v.game;
        let family = sevenw_dsl::FamilyDef::of(&self.v.family);
        let plays = |w: &WordDef| family.is_none_or(|f| f.plays_word(w.name));
        let allowed = |w: &&WordDef| self.v.allows_word(w.name);
        let ours = leading_words(self.v.words.iter().map(String::as_str));
        let words: Vec<&str> = written.split_whitespace().collect();
        if let [first, _, ..] = words.as_slice() {
            if let Some(list) =
                self.effects_starting(first, &words, &|w| self.v.allows_word(w.name))
            {
                return format!("the effects of `{game}` starting with `{first}` are: {list}");
            }
            if let Some(list) = self.effects_starting(first, &words, &plays) {
                return format!(
                    "`{game}` allows no effect starting with `{first}`; its family plays {list} \
                     (a game lists the words it allows in `words:`); the effects of `{game}` start with: {}",
                    ours.join(", ")
                );
            }
        }
        let written = words.first().copied().unwrap_or(written);
        if let Some(near) = did_you_mean(written, ours.iter().copied()) {
            let example = WORDS
                .iter()
                .filter(allowed)
                .find(|w| w.leading() == Some(near))
                .map_or("", |w| w.example);
            return format!("did you mean `{near}`? (as in `{example}`)");
        }
        let all = leading_words(WORDS.iter().filter(|w| plays(w)).map(|w| w.name));
        let listed = ours.join(", ");
        if let Some(near) = did_you_mean(written, all.iter().copied()) {
            return format!(
                "`{near}` starts an effect its family plays that `{game}` does not allow \
                 (see `words:` in its game.yaml); the effects of `{game}` start with: {listed}"
            );
        }
        let lose = WORDS
            .iter()
            .filter(allowed)
            .find(|w| w.leading().is_none())
            .map(|w| format!(", or a scope as in `{}`", w.example))
            .unwrap_or_default();
        format!("the effects of `{game}` start with: {listed}{lose}")
    }

    /// The effects (of those `keep` keeps) starting with `first`, as they are written, the
    /// nearest to `words` first (the most words in common, in order, then
    /// anywhere); `None` when it has none.
    fn effects_starting(
        &self,
        first: &str,
        words: &[&str],
        keep: &dyn Fn(&WordDef) -> bool,
    ) -> Option<String> {
        let mut found: Vec<(usize, usize, String)> = Vec::new();
        for id in sevenw_dsl::WordId::all() {
            let w = id.def();
            if !keep(w) || w.shape == sevenw_dsl::Shape::OneOf {
                continue;
            }
            let syntax = id.syntax();
            if !syntax
                .leading()
                .iter()
                .any(|l| l.eq_ignore_ascii_case(first))
            {
                continue;
            }
            let shown = syntax.shown();
            let theirs: Vec<String> = shown
                .split([' ', '(', ')', '[', ']', '|', '/'])
                .filter(|s| !s.is_empty())
                .map(str::to_lowercase)
                .collect();
            let prefix = words
                .iter()
                .zip(&theirs)
                .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
                .count();
            let shared = words
                .iter()
                .filter(|a| theirs.iter().any(|b| a.eq_ignore_ascii_case(b)))
                .count();
            found.push((prefix, shared, format!("`{shown}`")));
        }
        if found.is_empty() {
            return None;
        }
        found.sort_by_key(|x| std::cmp::Reverse((x.0, x.1)));
        Some(
            found
                .into_iter()
                .map(|(_, _, s)| s)
                .collect::<Vec<_>>()
                .join(", "),
        )
    }

    pub(super) fn loc(&self, text: &crate::load::DslText, w: &Word) -> Loc {
        text.loc_of(w.span)
    }

    pub(super) fn resources(&mut self, p: &crate::load::DslText, words: &[Word]) -> Option<u16> {
        let mut mask = 0u16;
        let mut ok = true;
        for w in words {
            match self.v.lookup(&w.text) {
                Some(Name::Resource(r)) => mask |= 1 << r,
                Some(Name::Class(m)) => mask |= m,
                other => {
                    self.unknown_or_wrong(self.loc(p, w), &w.text, other, "a resource");
                    ok = false;
                }
            }
        }
        ok.then_some(mask)
    }

    pub(super) fn seats(
        &mut self,
        p: &crate::load::DslText,
        words: &[Word],
        default_self: bool,
    ) -> Option<Vec<i8>> {
        let mut seats = Vec::new();
        let mut ok = true;
        for w in words {
            match self.v.lookup(&w.text) {
                Some(Name::Scope(s)) => seats.extend(s),
                other => {
                    self.unknown_or_wrong(self.loc(p, w), &w.text, other, "a scope");
                    ok = false;
                }
            }
        }
        if words.is_empty() && default_self {
            seats.push(0);
        }
        seats.sort();
        seats.dedup();
        ok.then_some(seats)
    }

    /// `brown, grey or purple cards` / `wonder stage` / `defeat tokens`:
    /// the kind of count and the colours of cards.
    pub(super) fn counted(
        &mut self,
        p: &crate::load::DslText,
        words: &[Word],
        span_loc: Loc,
    ) -> Option<(CounterKind, u32)> {
        self.counted_kind(p, words, span_loc)
            .map(|c| (c.kind, c.colours))
    }

    /// [`Resolver::counted`], with what qualifies it: the kind of
    /// progress token (`per Culture progress token`), the Age of victory
    /// tokens, the resources of symbols on cards (`stone on brown cards`),
    /// the stage whose colour counts (`cards of this stage's colour`).
    pub(super) fn counted_kind(
        &mut self,
        p: &crate::load::DslText,
        words: &[Word],
        span_loc: Loc,
    ) -> Option<Count> {
        if let Some(count) = self.counted_form(p, words, span_loc) {
            return count;
        }
        let lower: Vec<String> = words.iter().map(|w| w.text.to_lowercase()).collect();
        // `victory token of age 2`: the victory tokens of one Age (Cities'
        // Cells, Guardhouse and Prison: cities-facts.md §6).
        if let [.., of, age, n] = &lower[..]
            && of == "of"
            && (age == "age" || age == "ages")
            && let Ok(value) = n.parse::<u32>()
        {
            let k = words.len() - 3;
            let at = Loc {
                end: self.loc(p, &words[k + 2]).end,
                ..self.loc(p, &words[k])
            };
            let Count { kind, colours, .. } = self.counted_kind(p, &words[..k], span_loc)?;
            if kind != CounterKind::VictoryTokens {
                self.report.push(
                    Diagnostic::new(
                        Code::WrongKind,
                        at,
                        "only victory tokens are counted by the Age they were won in",
                    )
                    .label("not victory tokens")
                    .help("write e.g. `per victory token of age 2`"),
                );
                return None;
            }
            if !self.form_played("victory token of age", at) {
                return None;
            }
            let num = sevenw_dsl::Num {
                value,
                span: words[k + 2].span,
            };
            let age = self.age_of(p, Some(&num))?;
            return Some(Count {
                token: Some(age),
                ..Count::of(kind, colours)
            });
        }
        // `card` or `cards`: a word of a noun, maybe in the plural.
        let same =
            |written: &str, noun: &str| written == noun || written.strip_suffix('s') == Some(noun);
        // `debt token`: a kind the game declares.
        if let [kind, last] = &lower[..]
            && same(last, "token")
        {
            if let Some(i) = self.v.tokens.iter().position(|t| t.name == *kind) {
                if self
                    .v
                    .declared_elsewhere(&format!("{kind} token"))
                    .is_none()
                {
                    return Some(Count {
                        token: Some(i as u8),
                        ..Count::of(CounterKind::Tokens, 0)
                    });
                }
            }
        }
        for (noun, kind) in CounterKind::ALL {
            let noun_words: Vec<&str> = noun.split(' ').collect();
            if lower.len() < noun_words.len()
                || !lower[lower.len() - noun_words.len()..]
                    .iter()
                    .zip(&noun_words)
                    .all(|(w, n)| same(w, n))
            {
                continue;
            }
            if !self.v.counters.contains(kind) {
                let help = match self.v.declared_elsewhere(noun) {
                    Some(other) => self.elsewhere_help(noun, other),
                    None => format!("this game counts: {}", self.counter_list()),
                };
                self.report.push(
                    Diagnostic::new(
                        Code::WordNotAllowed,
                        span_loc,
                        format!("the game `{}` does not count {noun}s", self.v.game),
                    )
                    .label("not counted in this game")
                    .help(help),
                );
                return None;
            }
            let qualifiers = &words[..words.len() - noun_words.len()];
            let mut colours = 0u32;
            let mut ok = true;
            if *kind == CounterKind::ProgressTokens && !qualifiers.is_empty() {
                // `per Culture progress token`: the tokens of one kind.
                let written = qualifiers
                    .iter()
                    .map(|q| q.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ");
                let n = written.to_lowercase();
                let loc = Loc {
                    end: self.loc(p, &qualifiers[qualifiers.len() - 1]).end,
                    ..self.loc(p, &qualifiers[0])
                };
                return match self.tokens.iter().position(|t| t.contains(&n)) {
                    Some(i) if i < 256 => Some(Count {
                        token: Some(i as u8),
                        ..Count::of(*kind, 0)
                    }),
                    _ => {
                        let all: Vec<&str> = self.token_names.iter().map(String::as_str).collect();
                        self.report.push(
                            Diagnostic::new(
                                Code::UnknownName,
                                loc,
                                format!("unknown progress token `{written}`"),
                            )
                            .label(format!(
                                "no progress token of `{}` has this name",
                                self.v.game
                            ))
                            .maybe_help(suggest(&n, all.iter().copied())),
                        );
                        None
                    }
                };
            }
            for q in qualifiers {
                match self.v.lookup(&q.text) {
                    Some(Name::Colour(c)) if *kind == CounterKind::Cards => colours |= 1 << c,
                    other => {
                        let want = if *kind == CounterKind::Cards {
                            "a colour"
                        } else {
                            "nothing"
                        };
                        if want == "nothing" {
                            self.report.push(
                                Diagnostic::new(
                                    Code::WrongKind,
                                    self.loc(p, q),
                                    format!("`{noun}` takes no qualifier, found `{}`", q.text),
                                )
                                .label("not expected here"),
                            );
                        } else {
                            self.unknown_or_wrong(self.loc(p, q), &q.text, other, want);
                        }
                        ok = false;
                    }
                }
            }
            if *kind == CounterKind::Cards && colours == 0 && ok {
                // `per card`: every colour.
                colours = (1u64 << self.v.colours.len()).wrapping_sub(1) as u32;
            }
            return ok.then_some(Count::of(*kind, colours));
        }
        let last = words.last()?;
        let all: Vec<&str> = self.v.counter_nouns.iter().map(String::as_str).collect();
        self.report.push(
            Diagnostic::new(
                Code::UnknownName,
                self.loc(p, last),
                format!("cannot count `{}`", last.text),
            )
            .label("not a thing this game counts")
            .maybe_help(
                // Compare the last word with each counter's last word: `cardz` → `card`.
                crate::diag::did_you_mean(
                    &last.text,
                    all.iter().map(|n| n.rsplit(' ').next().unwrap_or(n)),
                )
                .and_then(|near| all.iter().find(|n| n.ends_with(near)))
                .map(|n| format!("did you mean `{n}`?"))
                .or_else(|| Some(format!("this game counts: {}", self.counter_list()))),
            ),
        );
        None
    }

    /// Every city the game's scopes reach.
    pub(super) fn all_seats(&self) -> Vec<i8> {
        let mut seats: Vec<i8> = self
            .v
            .scopes
            .iter()
            .flat_map(|(_, s)| s.iter().copied())
            .collect();
        seats.sort();
        seats.dedup();
        seats
    }

    /// `white cards`: the colours of a count of cards.
    /// An Age named in an effect (`of age 2`): 0 when none is named (the
    /// current Age); an Age the game does not have is reported.
    pub(super) fn age_of(
        &mut self,
        p: &crate::load::DslText,
        age: Option<&sevenw_dsl::Num>,
    ) -> Option<u8> {
        match age {
            None => Some(0),
            Some(n) if n.value >= 1 && n.value <= u32::from(self.v.ages) => Some(n.value as u8),
            Some(n) => {
                self.report.push(
                    Diagnostic::new(
                        Code::BadValue,
                        p.loc_of(n.span),
                        format!(
                            "`{}` has Ages 1 to {}, not {}",
                            self.v.game, self.v.ages, n.value
                        ),
                    )
                    .label("no such Age"),
                );
                None
            }
        }
    }

    pub(super) fn cards(
        &mut self,
        p: &crate::load::DslText,
        words: &[Word],
        loc: Loc,
        message: &str,
    ) -> Option<u32> {
        self.cards_help(
            p,
            words,
            loc,
            message,
            "name cards by colour, e.g. `white cards`",
        )
    }

    /// [`Resolver::cards`], its help naming cards as in `example`.
    pub(super) fn cards_as(
        &mut self,
        p: &crate::load::DslText,
        words: &[Word],
        loc: Loc,
        message: &str,
        example: &str,
    ) -> Option<u32> {
        let help = format!("name cards by colour, as in `{example}`");
        self.cards_help(p, words, loc, message, &help)
    }

    fn cards_help(
        &mut self,
        p: &crate::load::DslText,
        words: &[Word],
        loc: Loc,
        message: &str,
        help: &str,
    ) -> Option<u32> {
        let (kind, colours) = self.counted(p, words, loc)?;
        if kind != CounterKind::Cards {
            self.report.push(
                Diagnostic::new(Code::WrongKind, loc, message.to_string())
                    .label("not cards")
                    .help(help),
            );
            return None;
        }
        Some(colours)
    }

    /// The condition of a gain.
    pub(super) fn cond(&mut self, p: &crate::load::DslText, c: &sevenw_dsl::Cond) -> Option<Cond> {
        let loc = p.loc_of(c.span);
        let counted = c.slots.words("counted");
        Some(match c.id.def().shape {
            sevenw_dsl::CondShape::More => {
                let what = self.counted_kind(p, counted, loc)?;
                let scope = c.slots.words("scope").first()?;
                // `than each neighbour`: a scope named in the singular.
                let plural = format!("{}s", scope.text);
                let seats = match (self.v.lookup(&scope.text), self.v.lookup(&plural)) {
                    (Some(Name::Scope(s)), _) | (None, Some(Name::Scope(s))) => s,
                    (other, _) => {
                        self.unknown_or_wrong(p.loc_of(scope.span), &scope.text, other, "a scope");
                        return None;
                    }
                };
                if seats.contains(&0) {
                    self.report.push(
                        Diagnostic::new(
                            Code::WrongKind,
                            p.loc_of(scope.span),
                            "a city cannot have more than itself",
                        )
                        .label("this scope holds the acting city")
                        .help("compare with other cities, e.g. `than each neighbour`"),
                    );
                    return None;
                }
                Cond::More { what, seats }
            }
            sevenw_dsl::CondShape::No => Cond::Exactly {
                what: self.counted_kind(p, counted, loc)?,
                n: 0,
            },
            sevenw_dsl::CondShape::Exactly => Cond::Exactly {
                what: self.counted_kind(p, counted, loc)?,
                n: c.slots.num("n")?.value,
            },
            sevenw_dsl::CondShape::WonderComplete => Cond::WonderComplete,
        })
    }

    /// Whether the family of the game plays `form` of the table
    /// (`sevenw_dsl::FORMS`); where it does not, its rules would ignore it,
    /// and it is refused at `at` (E0306). A designer's own family states
    /// nothing and is not checked.
    pub(super) fn form_played(&mut self, form: &str, at: Loc) -> bool {
        let Some(f) = sevenw_dsl::FamilyDef::of(&self.v.family) else {
            return true;
        };
        if f.plays_form(form) {
            return true;
        }
        let def = sevenw_dsl::FormDef::of(form);
        self.report.push(
            Diagnostic::new(
                Code::NotPlayed,
                at,
                format!(
                    "`{}` is played by the `{}` family, whose rules do not play `{form}`",
                    self.v.game, f.name
                ),
            )
            .label(format!("the `{}` rules would ignore it", f.name))
            .help(format!(
                "`{form}` ({}, as in `{}`) is played by the {} family only",
                def.meaning,
                def.example,
                def.families.join(", ")
            )),
        );
        false
    }

    pub(super) fn counter_list(&self) -> String {
        self.v.counter_nouns.join(", ")
    }
}
