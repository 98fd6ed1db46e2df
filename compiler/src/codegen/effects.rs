//! The effect functions: one per source (a card, a stage, a board, a
//! token), a match on the event with one arm per trigger, each action made
//! of calls of the host API (`op`) with its conditions and counted amounts.

use super::*;
use crate::ir::Arg;

/// `body`, for a `when you take` effect only when one of its cards, or a
/// card of one of its colours, was taken (none named: never).
fn took_guard(n: &Names, e: &Effect, cards: &[Ident], body: TokenStream) -> TokenStream {
    if e.on != On::TookCard {
        return body;
    }
    let ids: Vec<&Ident> = e
        .took
        .iter()
        .filter_map(|c| cards.get(*c as usize))
        .collect();
    let by_card = (!ids.is_empty()).then(|| quote!(matches!(card, #(card::#ids)|*)));
    let by_colour = (e.took_colours != 0).then(|| {
        let set = n.colour_set(e.took_colours);
        quote!(#set.contains(colour))
    });
    match (by_card, by_colour) {
        (None, None) => quote!(),
        (Some(c), None) | (None, Some(c)) => quote!(if #c { #body }),
        (Some(a), Some(b)) => quote!(if #a || #b { #body }),
    }
}

/// One function per source: a match on the event, one arm per trigger.
pub(super) fn effect_fn(
    n: &Names,
    cards: &[Ident],
    name: &Ident,
    d: Literal,
    effects: &[Effect],
) -> TokenStream {
    let body = effect_body(n, cards, effects, &mut |e| op(n, &e.op));
    quote! {
        #[doc = #d]
        fn #name(event: Event, h: &mut dyn Host) {
            #body
        }
    }
}

/// The body of an effect function, with `op_of` giving the statements of
/// each effect's action (its calls of the host API, or a stand-in for
/// them: see `text::FnCache`).
pub(super) fn effect_body(
    n: &Names,
    cards: &[Ident],
    effects: &[Effect],
    op_of: &mut dyn FnMut(&Effect) -> TokenStream,
) -> TokenStream {
    let mut ons: Vec<On> = effects.iter().map(|e| e.on).collect();
    ons.sort();
    ons.dedup();
    let arms: Vec<(TokenStream, Option<TokenStream>, TokenStream)> = ons
        .iter()
        .map(|on| {
            let pat = match on {
                On::Built => quote!(Event::Built),
                On::AgeEnd => quote!(Event::AgeEnd),
                On::GameEnd => quote!(Event::GameEnd),
                On::BuiltStage => quote!(Event::BuiltStage),
                On::BuiltChain => quote!(Event::BuiltCard { chained: true, .. }),
                On::BuiltCard(c) => {
                    let c = &n.colour[*c as usize];
                    quote!(Event::BuiltCard { colour: colour::#c, .. })
                }
                On::AnyBuiltCard(c) => {
                    let c = &n.colour[*c as usize];
                    quote!(Event::AnyBuiltCard { colour: colour::#c })
                }
                On::AnyBuiltStage => quote!(Event::AnyBuiltStage),
                On::Discarded => quote!(Event::Discarded),
                On::Drafted => quote!(Event::Drafted),
                On::GainedVictory => quote!(Event::GainedVictory),
                On::TookBankCoins => quote!(Event::TookBankCoins),
                On::BoughtFrom => quote!(Event::BoughtFrom),
                On::Failed => quote!(Event::Failed),
                On::TookCard => {
                    let took = effects.iter().filter(|e| e.on == On::TookCard);
                    let by_card = took.clone().any(|e| !e.took.is_empty());
                    let by_colour = took.clone().any(|e| e.took_colours != 0);
                    match (by_card, by_colour) {
                        (true, true) => quote!(Event::TookCard { card, colour }),
                        (true, false) => quote!(Event::TookCard { card, .. }),
                        (false, true) => quote!(Event::TookCard { colour, .. }),
                        (false, false) => quote!(Event::TookCard { .. }),
                    }
                }
            };
            // The effects of this event in order; a run of effects of a
            // `one of` choice becomes one `match` on the option chosen.
            let mine: Vec<&Effect> = effects.iter().filter(|e| e.on == *on).collect();
            let mut body: Vec<TokenStream> = Vec::new();
            let mut i = 0;
            while i < mine.len() {
                if mine[i].option.is_some() {
                    let run = mine[i..].iter().take_while(|e| e.option.is_some()).count();
                    let mut opts: Vec<u8> =
                        mine[i..i + run].iter().filter_map(|e| e.option).collect();
                    opts.sort_unstable();
                    opts.dedup();
                    let arms: Vec<(Literal, TokenStream)> = opts
                        .iter()
                        .map(|&k| {
                            let ops = mine[i..i + run]
                                .iter()
                                .filter(|e| e.option == Some(k))
                                .map(|e| took_guard(n, e, cards, op_of(e)));
                            (Literal::u8_unsuffixed(k), quote!(#(#ops)*))
                        })
                        .collect();
                    body.push(match arms.as_slice() {
                        [(k, ops)] => quote!(if h.chosen() == #k { #ops }),
                        _ => {
                            let arms = arms.iter().map(|(k, ops)| quote!(#k => { #ops }));
                            quote!(match h.chosen() { #(#arms)* _ => {} })
                        }
                    });
                    i += run;
                } else {
                    body.push(took_guard(n, mine[i], cards, op_of(mine[i])));
                    i += 1;
                }
            }
            // A whole arm of one option is the arm's guard.
            let one = mine.iter().map(|e| e.option).collect::<Vec<_>>();
            if let [Some(k), rest @ ..] = one.as_slice()
                && rest.iter().all(|o| *o == Some(*k))
            {
                let k = Literal::u8_unsuffixed(*k);
                let ops = mine.iter().map(|e| took_guard(n, e, cards, op_of(e)));
                return (pat, Some(quote!(h.chosen() == #k)), quote!(#(#ops)*));
            }
            (pat, None, quote!(#(#body)*))
        })
        .collect();
    match arms.as_slice() {
        [(pat, None, body)] => quote!(if let #pat = event { #body }),
        _ => {
            let arms = arms.iter().map(|(pat, guard, body)| match guard {
                Some(g) => quote!(#pat if #g => { #body }),
                None => quote!(#pat => { #body }),
            });
            quote!(match event { #(#arms)* _ => {} })
        }
    }
}

fn what(n: &Names, what: Counted) -> TokenStream {
    match what {
        Counted::Cards(m) => {
            let set = n.colour_set(m);
            quote!(Counted::Cards(#set))
        }
        Counted::WonderStages => quote!(Counted::WonderStages),
        Counted::DefeatTokens => quote!(Counted::DefeatTokens),
        Counted::VictoryTokens => quote!(Counted::VictoryTokens),
        Counted::VictoryTokensOfAge(a) => {
            let a = Literal::u8_unsuffixed(a);
            quote!(Counted::VictoryTokensOfAge(#a))
        }
        Counted::Coins => quote!(Counted::Coins),
        Counted::ProgressTokens => quote!(Counted::ProgressTokens),
        Counted::ColourSets(m) => {
            let set = n.colour_set(m);
            quote!(Counted::ColourSets(#set))
        }
        Counted::PairedVictoryPoints => quote!(Counted::PairedVictoryPoints),
        Counted::Cats => quote!(Counted::Cats),
        Counted::Token(t) => {
            let t = Literal::u8_unsuffixed(t);
            quote!(Counted::Token(#t))
        }
        Counted::FinishedWonders => quote!(Counted::FinishedWonders),
        Counted::Tokens(t) => {
            let t = Literal::u8_unsuffixed(t);
            quote!(Counted::Tokens(#t))
        }
        Counted::Colours(m) => {
            let set = n.colour_set(m);
            quote!(Counted::Colours(#set))
        }
        Counted::Resources { resources, colours } => {
            let (resources, colours) = (n.res_set(resources), n.colour_set(colours));
            quote!(Counted::Resources { resources: #resources, colours: #colours })
        }
        Counted::StageColour(i) => {
            let i = Literal::u8_unsuffixed(i);
            quote!(Counted::StageColour(#i))
        }
    }
}

/// `body`, run only if `cond` holds for the acting city.
fn guarded(n: &Names, cond: &Option<ir::Cond>, body: TokenStream) -> TokenStream {
    match cond {
        None => body,
        Some(ir::Cond::More { what: w, seats: s }) => {
            let w = what(n, *w);
            let others = s.iter().map(|seat| {
                let one = seats(std::slice::from_ref(seat));
                quote!(mine > h.count(#w, #one))
            });
            quote! {
                let mine = h.count(#w, Seats(&[0]));
                if #(#others)&&* { #body }
            }
        }
        Some(ir::Cond::Exactly { what: w, n: k }) => {
            let w = what(n, *w);
            let k = Literal::u32_unsuffixed(*k);
            quote!(if h.count(#w, Seats(&[0])) == #k { #body })
        }
        Some(ir::Cond::AtLeast { what: w, n: k }) => {
            let w = what(n, *w);
            let k = Literal::u32_unsuffixed(*k);
            quote!(if h.count(#w, Seats(&[0])) >= #k { #body })
        }
    }
}

fn counted(n: &Names, c: &ir::Counter) -> TokenStream {
    let what = what(n, c.what);
    let s = seats(&c.seats);
    let count = if c.most {
        quote!(h.count_most(#what, #s))
    } else {
        quote!(h.count(#what, #s))
    };
    if c.divisor > 1 {
        let d = Literal::u32_unsuffixed(c.divisor);
        quote!((#count / #d))
    } else {
        count
    }
}

/// `n` or `n × count`, as an i32 expression.
fn amount(n: &Names, k: i32, per: &Option<ir::Counter>) -> TokenStream {
    let kl = Literal::i32_unsuffixed(k);
    match per {
        None => quote!(#kl),
        Some(c) => {
            let count = counted(n, c);
            if k == 1 {
                quote!(#count as i32)
            } else {
                quote!(#kl * #count as i32)
            }
        }
    }
}

pub(super) fn op(n: &Names, op: &Op) -> TokenStream {
    match op {
        Op::Produce {
            options,
            amount,
            tradable,
        } => {
            let set = n.res_set(*options);
            let a = Literal::u8_unsuffixed(*amount);
            quote!(h.produce(#set, #a, #tradable);)
        }
        Op::TradeRebate {
            n: k,
            first,
            seats: s,
        } => {
            let k = Literal::u8_unsuffixed(*k);
            let s = seats(s);
            quote!(h.trade_rebate(#k, #first, #s);)
        }
        Op::ProduceMatching {
            colours,
            board,
            lacking,
            tradable,
        } => {
            let set = n.colour_set(*colours);
            quote!(h.produce_matching(#set, #board, #lacking, #tradable);)
        }
        Op::Coins {
            n: k,
            per,
            cond,
            per_age,
        } => {
            let a = amount(n, *k, per);
            let body = if *per_age && *k == 1 && per.is_none() {
                quote!(let n = h.age() as i32; h.gain_coins(n);)
            } else if *per_age {
                quote!(let n = #a * h.age() as i32; h.gain_coins(n);)
            } else if per.is_some() {
                quote!(let n = #a; h.gain_coins(n);)
            } else {
                quote!(h.gain_coins(#a);)
            };
            guarded(n, cond, body)
        }
        Op::Vp {
            category,
            n: k,
            per,
            cond,
        } => {
            let c = &n.cat[*category as usize];
            let a = amount(n, *k, per);
            let body = if per.is_some() {
                quote!(let n = #a; h.gain_vp(cat::#c, n);)
            } else {
                quote!(h.gain_vp(cat::#c, #a);)
            };
            guarded(n, cond, body)
        }
        Op::Shields {
            n: k,
            per,
            cond,
            ongoing,
        } => {
            let a = amount(n, *k as i32, per);
            let body = if let (true, Some(c)) = (*ongoing, per) {
                let k = Literal::u32_unsuffixed(*k);
                let what = what(n, c.what);
                let s = seats(&c.seats);
                let d = Literal::u32_unsuffixed(c.divisor.max(1));
                let most = c.most;
                quote!(h.shields_per(#k, #what, #s, #d, #most);)
            } else if per.is_some() {
                quote!(let n = #a; h.gain_shields(n as u32);)
            } else {
                let k = Literal::u32_unsuffixed(*k);
                quote!(h.gain_shields(#k);)
            };
            guarded(n, cond, body)
        }
        Op::BuildFree {
            pile,
            once_per_age,
            colours,
        } => {
            let pile = match pile {
                ir::Pile::Discard => quote!(Pile::Discard),
                ir::Pile::Hand => quote!(Pile::Hand),
            };
            let limit = if *once_per_age {
                quote!(Limit::OncePerAge)
            } else {
                quote!(Limit::Now)
            };
            let colours = match colours {
                Some(c) => n.colour_set(*c),
                None => quote!(ColourSet::ALL),
            };
            quote!(h.build_free(#pile, #limit, #colours);)
        }
        Op::Lose {
            n: k,
            seats: s,
            per_age,
        } => {
            let one = *k == 1;
            let k = Literal::u32_unsuffixed(*k);
            let s = seats(s);
            if *per_age && one {
                quote!(h.lose_coins(h.age() as u32, #s);)
            } else if *per_age {
                quote!(h.lose_coins(#k * h.age() as u32, #s);)
            } else {
                quote!(h.lose_coins(#k, #s);)
            }
        }
        Op::Discount { n: k, target } => {
            let k = Literal::u8_unsuffixed(*k);
            let target = match target {
                ir::Discount::Wonders => quote!(Discount::Wonders),
                ir::Discount::Colours(c) => {
                    let set = n.colour_set(*c);
                    quote!(Discount::Colours(#set))
                }
            };
            quote!(h.discount(#k, #target);)
        }
        Op::LoseTokens {
            token,
            n: k,
            seats: s,
        } => {
            let kind = match token {
                ir::Token::Defeat => quote!(TokenKind::Defeat),
                ir::Token::Victory => quote!(TokenKind::Victory),
                ir::Token::Declared(k) => {
                    let k = Literal::u8_unsuffixed(*k);
                    quote!(TokenKind::Declared(#k))
                }
            };
            let k = Literal::u8_unsuffixed(*k);
            let s = seats(s);
            quote!(h.lose_tokens(#kind, #k, #s);)
        }
        Op::CoinDiscount {
            n: k,
            colours,
            seats: s,
        } => {
            let k = Literal::u8_unsuffixed(*k);
            let set = n.colour_set(*colours);
            let s = seats(s);
            quote!(h.coin_discount(#k, #set, #s);)
        }
        Op::FreeRule(rule) => {
            let rule = match rule {
                ir::FreeRule::Colours(c) => {
                    let set = n.colour_set(*c);
                    quote!(FreeRule::Colours(#set))
                }
                ir::FreeRule::FirstOfColour => quote!(FreeRule::FirstOfColour),
                ir::FreeRule::FirstOfAge => quote!(FreeRule::FirstOfAge),
                ir::FreeRule::LastOfAge => quote!(FreeRule::LastOfAge),
            };
            quote!(h.free_builds(#rule);)
        }
        Op::ScienceRule(rule) => {
            let rule = match rule {
                ir::ScienceRule::SetBonus { vp, category } => {
                    let vp = Literal::u8_unsuffixed(*vp);
                    let c = &n.cat[*category as usize];
                    quote!(ScienceRule::SetBonus { vp: #vp, category: cat::#c })
                }
                ir::ScienceRule::Change => quote!(ScienceRule::Change),
                ir::ScienceRule::CopyMost => quote!(ScienceRule::CopyMost),
            };
            quote!(h.science_rule(#rule);)
        }
        Op::Call(c) => call(n, c),
    }
}

/// A call of the word table: the host method its entry names, with each
/// slot as its kind is written in Rust.
fn call(n: &Names, c: &ir::Call) -> TokenStream {
    let (method, args) = sevenw_dsl::WordDef::signature(c.def().host);
    let method = Ident::new(method, Span::call_site());
    let args = args.iter().map(|name| match c.arg(name) {
        Some(Arg::Num(k)) => {
            let k = Literal::u32_unsuffixed(*k);
            quote!(#k)
        }
        Some(Arg::Colours(m)) => n.colour_set(*m),
        Some(Arg::Resources(m)) => n.res_set(*m),
        Some(Arg::Symbols(m)) => n.sym_set(*m),
        Some(Arg::Seats(s)) => seats(s),
        Some(Arg::Seat(s)) => {
            let s = Literal::i8_unsuffixed(*s);
            quote!(#s)
        }
        Some(Arg::Decks(d)) => {
            let d = Literal::u8_unsuffixed(*d);
            quote!(Decks(#d))
        }
        Some(Arg::Counted(c)) => what(n, *c),
        None => unreachable!("a call's host arguments are its slots (the table's tests)"),
    });
    quote!(h.#method(#(#args),*);)
}
