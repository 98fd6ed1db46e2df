//! Pass 1, load: find the game folders, read every file, and read the YAML
//! trees into the raw card-set types, reporting every unknown, missing or
//! mistyped field. Nothing here knows a game's vocabulary; names stay text.

use crate::diag::{Code, Diagnostic, Report, suggest};
use crate::shape::{self, Object};
use crate::source::{FileId, Loc, Sources};
use crate::yaml::{self, Node, Value};
use sevenw_dsl::Span;
use std::path::{Path, PathBuf};

pub use extended::{extended_dirs, games_in, libraries_for, library_named_by};
pub use laid_out::{
    BoardFillSrc, BoardSrc, DecreesSrc, FigureSrc, FigureTokensSrc, MilitaryTokensSrc, PlacesSrc,
    SchemesSrc, SenateSrc,
};
pub use left_out::{LeftOut, Part};
use left_out::{left_out_help, scan_left_out};

/// A scalar and where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    pub value: String,
    pub loc: Loc,
}

/// A whole number and where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Int {
    pub value: i64,
    pub loc: Loc,
}

/// Text in the effect language: the raw slice of the file that holds it, so
/// that positions found by the parser map 1:1 to the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DslText {
    /// The text to parse.
    pub text: String,
    /// The file offset of `text`'s first byte.
    pub offset: usize,
    /// `true` if `text` is the raw slice (exact positions); `false` if the
    /// scalar was decoded (escapes, aliases) and positions point at its start.
    pub exact: bool,
    /// The whole scalar.
    pub loc: Loc,
    /// The scalar's value as YAML reads it (quotes and escapes decoded, a
    /// block scalar's indentation removed): the text as the designer wrote
    /// it, shown as such (`CardInfo::text`).
    pub value: String,
}

impl DslText {
    /// The file location of a span of `text`.
    pub fn loc_of(&self, span: Span) -> Loc {
        if self.exact {
            Loc::new(self.loc.file, span.shift(self.offset))
        } else {
            self.loc
        }
    }
}

/// How a scope of the vocabulary is defined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScopeDef {
    /// `all`: every other seat.
    Others(Loc),
    /// A seat offset.
    Offset(Int),
    /// A union of other scopes.
    Union(Vec<Text>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawRuleSrc {
    pub colour: Text,
    pub age: Int,
    /// `extra`: players + N are drawn.
    pub extra: Option<Int>,
    /// `count`: N are drawn, whatever the players.
    pub count: Option<Int>,
    pub loc: Loc,
}

/// How an Age is dealt: hands per player, or a laid-out figure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DealSrc {
    /// `hand_size: N`
    Hands(Int),
    /// `layout: N` and `set_aside: M`
    Layout { size: Int, set_aside: Int },
    /// `decks: {wonder: N, central: M}`: a deck per wonder and a central
    /// deck (7 Wonders Architects).
    Decks { wonder: Int, central: Int, loc: Loc },
}

/// Battles fought with conflict tokens (`battles:` in game.yaml).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BattlesSrc {
    /// (players, conflict tokens in play)
    pub tokens: Vec<(Int, Int)>,
    /// VP of a military victory token.
    pub vp: Int,
    pub loc: Loc,
}

/// A conflict track (`conflict:` in game.yaml).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConflictSrc {
    pub capital: Int,
    /// (from this distance, VP)
    pub zones: Vec<(Int, Int)>,
    /// (at this distance, coins lost)
    pub tokens: Vec<(Int, Int)>,
    pub loc: Loc,
}

/// A progress token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgressSrc {
    pub loc: Loc,
    pub name: Text,
    pub aliases: Vec<Text>,
    pub effect: Option<DslText>,
    /// `copies: N` (Architects' two Culture tokens); `None` for one.
    pub copies: Option<Int>,
}

/// A kind of token declared in game.yaml (`tokens:`), as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenSrc {
    /// Its name: counted and taken as `<name> token`.
    pub name: Text,
    /// Its VP at the end of the game, per token.
    pub points: TokenPoints,
    /// The category its points score in.
    pub category: Text,
    /// A loss of coins a city cannot pay is taken as tokens of this kind,
    /// one per coin (Cities' debt).
    pub instead_of_coins: Option<(bool, Loc)>,
    /// A city may hold fewer than none (`negative: true`).
    pub negative: Option<(bool, Loc)>,
    /// Other players see how many a city holds (`public: false` hides it).
    pub public: Option<(bool, Loc)>,
    /// A city holding one sits out the next battles (Cities' diplomacy).
    pub sits_out: Option<(bool, Loc)>,
    /// A city losing coins chooses how many to pay and takes tokens of
    /// this kind for the rest, even when it could pay (Cities' debt).
    pub by_choice: Option<(bool, Loc)>,
    /// Cards of the same card set a city holding one builds free.
    pub chains: Vec<Text>,
    /// A city taking one lays a card it draws on a board (Pantheon's
    /// Mythology tokens).
    pub places: Option<PlacesSrc>,
    /// Coins one token takes off a board's card its city takes (Pantheon's
    /// Offering tokens).
    pub board_discount: Option<Int>,
    /// Each token is a coin held apart from the treasury (Pantheon's
    /// Astarte).
    pub as_coins: Option<(bool, Loc)>,
    pub loc: Loc,
}

/// The points of a kind of token as written: one number for every token,
/// or one per Age, a token worth what its Age's entry says (Edifice's
/// debt: `[-2, -3, -5]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TokenPoints {
    One(Int),
    PerAge(Vec<Int>, Loc),
}

/// The draft rule of game.yaml as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DraftSrc {
    pub colour: Text,
    pub deal: Int,
    /// The scope the rest of a hand is passed to.
    pub pass: Text,
    pub loc: Loc,
}

/// The game.yaml of an expansion as written: what it adds to the game it
/// extends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpansionSrc {
    pub file: FileId,
    pub game: Text,
    pub title: Text,
    pub extends: Text,
    /// `edition: 2`: edition 2 of `game`, played only with its game's edition 2.
    pub edition: Option<Int>,
    /// Other expansions of the game whose names it uses and without which
    /// it is not played (`with: [leaders]`).
    pub with: Vec<Text>,
    /// Played in every game that plays all of `with`, never named alone.
    pub automatic: Option<bool>,
    /// Cards per hand while it is in play (the largest in play; Cities: 8).
    pub hand_size: Option<Int>,
    /// Cards of a colour drawn at random into an Age's deck, one rule per
    /// Age (Cities: a black card per player in each Age).
    pub draws: Vec<DrawRuleSrc>,
    /// A guild rule of its own, in place of the game's while it is in
    /// play (Pantheon's Grand Temples take the Guilds' place).
    pub guilds: Option<DrawRuleSrc>,
    /// Kinds of token it adds.
    pub tokens: Vec<TokenSrc>,
    /// Tokens laid on the figures' cards when an Age is laid out.
    pub figure_tokens: Vec<FigureTokensSrc>,
    /// Boards of spaces beside the table, cards taken from them as a turn.
    pub boards: Vec<BoardSrc>,
    /// A board of chambers where influence is placed (`senate:`).
    pub senate: Option<SenateSrc>,
    /// Hidden cards drawn, held and played later (`schemes:`).
    pub schemes: Option<SchemesSrc>,
    /// Cards of no Age lying on the conflict track (`military_tokens:`).
    pub military_tokens: Option<MilitaryTokensSrc>,
    /// Each Age's figure in place of the game's (`figures:`).
    pub figures: Vec<FigureSrc>,
    pub start_coins: Option<Int>,
    pub science: Vec<Text>,
    pub colours: Vec<Text>,
    pub categories: Vec<Text>,
    pub vp_category: Vec<(Text, Text)>,
    pub scopes: Vec<(Text, ScopeDef)>,
    pub counters: Vec<Text>,
    pub words: Vec<Text>,
    pub triggers: Vec<Text>,
    pub draft: Option<DraftSrc>,
    pub projects: Option<ProjectsSrc>,
}

/// The project rule of an expansion's game.yaml as written (Edifice).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectsSrc {
    pub colour: Text,
    pub pawns: Vec<(Int, Int)>,
    /// The kind of token taken for a penalty not paid in full.
    pub debt: Text,
    pub loc: Loc,
}

/// A game's `game.yaml`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VocabSrc {
    pub file: FileId,
    pub game: Text,
    pub title: Text,
    /// `edition: 2`: another edition of the game `game`.
    pub edition: Option<Int>,
    pub draft: Option<DraftSrc>,
    pub players: Vec<Int>,
    pub ages: Int,
    pub start_coins: Int,
    pub deal: DealSrc,
    pub resources: Vec<(Text, Vec<Text>)>,
    pub science: Vec<Text>,
    pub colours: Vec<Text>,
    pub categories: Vec<Text>,
    pub vp_category: Vec<(Text, Text)>,
    pub tradable: Vec<Text>,
    pub scopes: Vec<(Text, ScopeDef)>,
    pub counters: Vec<Text>,
    pub words: Vec<Text>,
    pub triggers: Vec<Text>,
    pub guilds: Option<DrawRuleSrc>,
    pub tokens: Vec<TokenSrc>,
    pub conflict: Option<ConflictSrc>,
    /// The figure of each Age, when Ages are laid out (`figures:`).
    pub figures: Vec<FigureSrc>,
    /// `family: architects`: the rules that play the game.
    pub family: Option<Text>,
    /// `pieces: [2 different, …]`: the stage costs of every wonder.
    pub pieces: Vec<DslText>,
    pub battles: Option<BattlesSrc>,
    /// `cat: N`: the VP of the cat figure.
    pub cat: Option<Int>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardSrc {
    pub loc: Loc,
    pub name: Text,
    pub aliases: Vec<Text>,
    /// `None` when missing or not text (reported); the card is still checked.
    pub colour: Option<Text>,
    pub age: Int,
    pub players: Vec<Int>,
    /// `players` was written (even if malformed).
    pub players_given: bool,
    /// `false` when `players` was malformed, so the copies are not known.
    pub players_ok: bool,
    pub cost: Option<DslText>,
    pub effect: Option<DslText>,
    pub chains: Vec<Text>,
    /// `expert: true`, and where.
    pub expert: Option<(bool, Loc)>,
    /// `price_times: N`: a card of a board costs its space's price × N.
    pub price_times: Option<Int>,
    /// A project's penalty (Edifice).
    pub penalty: Option<DslText>,
    /// `decks: {Alexandria: 2, central: 4}`: copies per deck (a game of decks).
    pub decks: Vec<(Text, Int)>,
    /// `decks` was written (even if malformed).
    pub decks_given: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageSrc {
    pub loc: Loc,
    pub cost: Option<DslText>,
    pub effect: Option<DslText>,
    /// `level: N`: built once every stage of a lower level is.
    pub level: Option<Int>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideSrc {
    pub name: Text,
    pub effect: Option<DslText>,
    pub stages: Vec<StageSrc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WonderSrc {
    pub loc: Loc,
    pub name: Text,
    pub aliases: Vec<Text>,
    pub sides: Vec<SideSrc>,
}

/// One game folder as read from disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSrc {
    pub dir: PathBuf,
    /// The folder's name.
    pub folder: String,
    pub vocab: Option<VocabSrc>,
    /// game.yaml, when it is an expansion's (`extends:`).
    pub expansion: Option<ExpansionSrc>,
    pub cards: Vec<CardSrc>,
    pub wonders: Vec<WonderSrc>,
    pub progress: Vec<ProgressSrc>,
    /// What could not be read: checks over the whole set (deck sizes, chain
    /// targets) skip what it may hold and run over the rest.
    pub left_out: Vec<LeftOut>,
    /// Not named by the paths checked: read because an expansion checked
    /// extends it ([`extended_dirs`]).
    pub extended: bool,
}

/// Texts that stand in for files on disk: an editor's open buffers.
#[derive(Debug, Default, Clone)]
pub struct Overlay {
    texts: std::collections::HashMap<PathBuf, String>,
}

impl Overlay {
    /// `path` reads as `text` (paths are compared as given: use absolute paths).
    pub fn set(&mut self, path: PathBuf, text: String) {
        self.texts.insert(path, text);
    }
    /// `path` reads from disk again.
    pub fn remove(&mut self, path: &Path) {
        self.texts.remove(path);
    }
    pub fn get(&self, path: &Path) -> Option<&str> {
        self.texts.get(path).map(String::as_str)
    }
    /// The YAML files of the overlay in `dir`.
    fn files_in(&self, dir: &Path) -> impl Iterator<Item = &PathBuf> {
        self.texts
            .keys()
            .filter(move |p| p.parent() == Some(dir) && has_yaml_extension(p))
    }
}

/// Finds the games named by `paths` and reads them.
/// The families a game may name are the shipped ones.
pub fn load(paths: &[PathBuf], sources: &mut Sources, report: &mut Report) -> Vec<GameSrc> {
    load_with(paths, &Overlay::default(), &shipped(), sources, report)
}

/// The shipped game families ([`crate::SHIPPED_FAMILIES`]), owned.
fn shipped() -> Vec<String> {
    crate::Options::default().families
}

/// [`load`], reading the files of `overlay` from it rather than from disk;
/// `families` are the game families known (for the help of a game.yaml
/// without `family:`).
pub fn load_with(
    paths: &[PathBuf],
    overlay: &Overlay,
    families: &[String],
    sources: &mut Sources,
    report: &mut Report,
) -> Vec<GameSrc> {
    let mut dirs: Vec<PathBuf> = Vec::new();
    for path in paths {
        for dir in game_dirs(path, report) {
            let key = dir.canonicalize().unwrap_or_else(|_| dir.clone());
            if !dirs
                .iter()
                .any(|d| d.canonicalize().unwrap_or_else(|_| d.clone()) == key)
            {
                dirs.push(dir);
            }
        }
    }
    let mut games: Vec<GameSrc> = dirs
        .into_iter()
        .map(|d| load_game(&d, overlay, true, families, sources, report))
        .collect();
    for dir in extended_dirs(&games, overlay) {
        let mut g = load_game(&dir, overlay, true, families, sources, report);
        g.extended = true;
        games.push(g);
    }
    games
}

fn no_game(report: &mut Report, message: String, help: &str) {
    report.push(Diagnostic::new(Code::NoGame, None, message).help(help));
}

fn is_yaml(p: &Path) -> bool {
    p.is_file() && has_yaml_extension(p)
}

fn has_yaml_extension(p: &Path) -> bool {
    matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml"))
}

fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.sort();
    v
}

/// The game folders a path stands for: itself if it holds game.yaml (or is a
/// file of such a folder), else its sub-folders that hold card files.
fn game_dirs(path: &Path, report: &mut Report) -> Vec<PathBuf> {
    if path.is_file() {
        let parent = path
            .parent()
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
        let parent = if parent.as_os_str().is_empty() {
            PathBuf::from(".")
        } else {
            parent
        };
        return vec![parent];
    }
    if !path.is_dir() {
        no_game(
            report,
            format!("`{}` does not exist", path.display()),
            "give the folder of a game (holding game.yaml) or a folder of game folders such as cards/",
        );
        return Vec::new();
    }
    if path.join("game.yaml").is_file() || sorted_entries(path).iter().any(|p| is_yaml(p)) {
        // A game folder (load_game reports a missing game.yaml).
        return vec![path.to_path_buf()];
    }
    let mut found = Vec::new();
    for sub in sorted_entries(path) {
        if !sub.is_dir() {
            continue;
        }
        let has_yaml = sorted_entries(&sub).iter().any(|p| is_yaml(p));
        if sub.join("game.yaml").is_file() || has_yaml {
            found.push(sub);
        }
    }
    if found.is_empty() {
        no_game(
            report,
            format!("no game folder found in `{}`", path.display()),
            "a game is a folder holding game.yaml and its card files, e.g. cards/base/",
        );
    }
    found
}

/// Loads the game in `dir`: its YAML files on disk (unless `disk` is false)
/// and those `overlay` holds there; a file the overlay holds is read from
/// it, not from disk.
fn load_game(
    dir: &Path,
    overlay: &Overlay,
    disk: bool,
    families: &[String],
    sources: &mut Sources,
    report: &mut Report,
) -> GameSrc {
    let shown = if disk { dir.canonicalize().ok() } else { None };
    let folder = shown
        .as_deref()
        .unwrap_or(dir)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut game = GameSrc::new(dir.to_path_buf(), folder);
    let on_disk = if disk {
        sorted_entries(dir)
    } else {
        Vec::new()
    };
    let mut files: Vec<PathBuf> = on_disk
        .into_iter()
        .filter(|p| is_yaml(p))
        .chain(overlay.files_in(dir).cloned())
        .collect();
    files.sort();
    files.dedup();
    let game_yaml = dir.join("game.yaml");
    if !(disk && game_yaml.is_file()) && overlay.get(&game_yaml).is_none() {
        no_game(
            report,
            format!("the game folder `{}` has no game.yaml", dir.display()),
            "create game.yaml with the game's vocabulary (see dsl/DSL.md)",
        );
    }
    for path in files {
        let read = match overlay.get(&path) {
            Some(text) => read_text(&path, text.to_string(), sources, report),
            None => read(&path, sources, report),
        };
        match read {
            Ok(id) => game.add_file(id, families, sources, report),
            Err(left_out) => game.left_out.push(left_out),
        }
    }
    game.finish();
    game
}

impl GameSrc {
    fn new(dir: PathBuf, folder: String) -> GameSrc {
        GameSrc {
            dir,
            folder,
            vocab: None,
            expansion: None,
            cards: Vec::new(),
            wonders: Vec::new(),
            progress: Vec::new(),
            left_out: Vec::new(),
            extended: false,
        }
    }

    /// Reads one file of the game, already in `sources`.
    fn add_file(
        &mut self,
        id: FileId,
        families: &[String],
        sources: &Sources,
        report: &mut Report,
    ) {
        let file = sources.get(id);
        let text = file.text.as_str();
        let game_yaml = file.path.file_name().is_some_and(|n| n == "game.yaml");
        let root = match yaml::parse_node(id, text) {
            Ok(root) => root,
            Err(d) => {
                let left = scan_left_out(&file.path.display().to_string(), Some(text));
                let help = left_out_help(&left, game_yaml);
                let d = match d.help.clone() {
                    Some(h) => d.help(format!("{h}\n{help}")),
                    None => d.help(help),
                };
                report.push(d);
                self.left_out.push(left);
                return;
            }
        };
        let mut r = Reader {
            text,
            report,
            families,
        };
        if game_yaml {
            if root.get("extends").is_some() {
                self.expansion = r.expansion(&root);
            } else {
                self.vocab = r.vocab(&root);
            }
        } else {
            r.card_file(&root, self, &file.path.display().to_string());
        }
    }

    /// Cards in Age order (files are read in name order, so this is stable).
    fn finish(&mut self) {
        self.cards.sort_by_key(|c| c.age.value);
    }
}

/// Loads the game of `files` `(name, text)`, held in memory, as a folder
/// named `folder` holding them and nothing else would load: files in name
/// order, a missing game.yaml reported, the size limit kept. Nothing is
/// read from disk. For tests and tools that hold no files. The families a
/// game may name are the shipped ones.
pub fn load_texts(
    folder: &str,
    files: &[(&str, &str)],
    sources: &mut Sources,
    report: &mut Report,
) -> GameSrc {
    let dir = PathBuf::from(folder);
    let mut overlay = Overlay::default();
    for (name, text) in files {
        overlay.set(dir.join(name), text.to_string());
    }
    load_game(&dir, &overlay, false, &shipped(), sources, report)
}

/// Reads a file into `sources`; a file that cannot be read is reported and
/// described as left out.
fn read(path: &Path, sources: &mut Sources, report: &mut Report) -> Result<FileId, LeftOut> {
    let shown = path.display().to_string();
    let game_yaml = path.file_name().is_some_and(|n| n == "game.yaml");
    let left_out = |text: Option<&str>| {
        let l = scan_left_out(&shown, text);
        let help = left_out_help(&l, game_yaml);
        (l, help)
    };
    let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    if size > yaml::MAX_FILE_BYTES as u64 {
        let (l, help) = left_out(None);
        // Keep only the first line, so the report can show where the file starts.
        let head = first_line(path);
        let end = head.len();
        let id = sources.add(path.to_path_buf(), head);
        report.push(
            Diagnostic::new(
                Code::InputLimit,
                Loc::new(id, Span::new(0, end)),
                format!(
                    "the file is {size} bytes, more than the {} a card file may hold",
                    yaml::MAX_FILE_BYTES
                ),
            )
            .label("this file is too large")
            .help(format!("split the cards over several files\n{help}")),
        );
        return Err(l);
    }
    match std::fs::read(path) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => Ok(sources.add(path.to_path_buf(), text)),
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
                let (l, help) = left_out(Some(&text));
                let id = sources.add(path.to_path_buf(), text);
                report.push(
                    Diagnostic::new(
                        Code::InputLimit,
                        Loc::new(id, Span::new(at, at + 1)),
                        "the file is not UTF-8 text",
                    )
                    .label("this byte is not UTF-8")
                    .help(format!("save the file as UTF-8\n{help}")),
                );
                Err(l)
            }
        },
        Err(e) => {
            let (l, help) = left_out(None);
            no_game(
                report,
                format!("cannot read `{shown}`: {e}"),
                &format!("check the file's permissions\n{help}"),
            );
            Err(l)
        }
    }
}

/// A file's text from an overlay, with the size limit of files on disk.
fn read_text(
    path: &Path,
    text: String,
    sources: &mut Sources,
    report: &mut Report,
) -> Result<FileId, LeftOut> {
    if text.len() > yaml::MAX_FILE_BYTES {
        let shown = path.display().to_string();
        let l = scan_left_out(&shown, None);
        let help = left_out_help(&l, path.file_name().is_some_and(|n| n == "game.yaml"));
        let id = sources.add(
            path.to_path_buf(),
            text.lines().next().unwrap_or("").to_string(),
        );
        report.push(
            Diagnostic::new(
                Code::InputLimit,
                Loc::new(id, Span::new(0, 0)),
                format!(
                    "the file is {} bytes, more than the {} a card file may hold",
                    text.len(),
                    yaml::MAX_FILE_BYTES
                ),
            )
            .label("this file is too large")
            .help(format!("split the cards over several files\n{help}")),
        );
        return Err(l);
    }
    Ok(sources.add(path.to_path_buf(), text))
}

/// The first line of a file (at most 200 bytes), for showing a file too large to read.
fn first_line(path: &Path) -> String {
    use std::io::Read;
    let mut buf = [0u8; 200];
    let n = std::fs::File::open(path)
        .and_then(|mut f| f.read(&mut buf))
        .unwrap_or(0);
    let text = String::from_utf8_lossy(&buf[..n]);
    text.lines().next().unwrap_or("").to_string()
}

/// Reads YAML nodes into the raw types, reporting as it goes.
struct Reader<'a> {
    text: &'a str,
    report: &'a mut Report,
    /// The game families known, for the help of a missing `family:`.
    families: &'a [String],
}

/// The fields of one mapping, taken one by one; `finish` reports the rest.
/// Which fields may be taken, and which are required, is the mapping's
/// [`shape::Object`]: the same definitions the JSON Schemas are made from.
struct Fields<'n> {
    entries: Vec<(&'n str, &'n Node, &'n Node)>,
    used: Vec<bool>,
    loc: Loc,
    object: &'static Object,
}

impl<'n> Fields<'n> {
    fn take(&mut self, key: &str) -> Option<&'n Node> {
        debug_assert!(
            self.object.field(key).is_some_and(|f| !f.required),
            "{} has no optional field `{key}` in shape.rs",
            self.object.what
        );
        self.take_any(key)
    }
    fn take_any(&mut self, key: &str) -> Option<&'n Node> {
        let i = self.entries.iter().position(|(k, _, _)| *k == key)?;
        self.used[i] = true;
        Some(self.entries[i].2)
    }
}

impl Reader<'_> {
    fn wrong_type(&mut self, node: &Node, expected: &str, help: Option<String>) {
        self.report.push(
            Diagnostic::new(
                Code::WrongType,
                node.loc,
                format!("expected {expected}, found {}", node.kind()),
            )
            .label(format!("this should be {expected}"))
            .maybe_help(help),
        );
    }

    fn fields<'n>(&mut self, node: &'n Node, object: &'static Object) -> Option<Fields<'n>> {
        let Value::Map(entries) = &node.value else {
            self.wrong_type(
                node,
                &format!("{} (a mapping of fields)", object.what),
                None,
            );
            return None;
        };
        let mut out = Vec::new();
        for (k, v) in entries {
            match k.as_str() {
                Some(key) => out.push((key, k, v)),
                None => self.wrong_type(k, "a field name", None),
            }
        }
        Some(Fields {
            used: vec![false; out.len()],
            entries: out,
            loc: node.loc,
            object,
        })
    }

    /// Reports unknown fields, with the nearest known one.
    fn finish(&mut self, f: Fields<'_>) {
        for ((key, k, _), used) in f.entries.iter().zip(&f.used) {
            if !used {
                // The known fields of a mapping are few: list them all
                // when none is near (`suggest` stops at 24 names).
                let help = suggest(key, f.object.names()).or_else(|| {
                    Some(format!(
                        "expected one of: {}",
                        f.object.names().collect::<Vec<_>>().join(", ")
                    ))
                });
                self.report.push(
                    Diagnostic::new(
                        Code::UnknownField,
                        k.loc,
                        format!("unknown field `{key}` in {}", f.object.what),
                    )
                    .label("unknown field")
                    .maybe_help(help),
                );
            }
        }
    }

    fn required<'n>(&mut self, f: &mut Fields<'n>, key: &str) -> Option<&'n Node> {
        let help = format!("add `{key}:` to {}", f.object.what);
        self.required_help(f, key, help)
    }

    /// [`Self::required`], with `help` when the field is missing.
    fn required_help<'n>(
        &mut self,
        f: &mut Fields<'n>,
        key: &str,
        help: String,
    ) -> Option<&'n Node> {
        debug_assert!(
            f.object.field(key).is_some_and(|f| f.required),
            "{} has no required field `{key}` in shape.rs",
            f.object.what
        );
        let v = f.take_any(key);
        if v.is_none() {
            // A misspelt key (`colr`) is reported as unknown, with `key` as
            // its suggestion: one report, not two.
            let misspelt =
                f.entries.iter().zip(&f.used).any(|((k, _, _), used)| {
                    !used && crate::diag::did_you_mean(k, [key]).is_some()
                });
            if misspelt {
                return None;
            }
            let at = Loc {
                end: f.loc.start,
                ..f.loc
            };
            self.report.push(
                Diagnostic::new(
                    Code::MissingField,
                    at,
                    format!("{} has no `{key}`", f.object.what),
                )
                .label(format!("`{key}` is missing here"))
                .help(help),
            );
        }
        v
    }

    fn text(&mut self, node: &Node) -> Option<Text> {
        match &node.value {
            Value::Scalar(s) => Some(Text {
                value: s.clone(),
                loc: node.loc,
            }),
            _ => {
                self.wrong_type(node, "text", None);
                None
            }
        }
    }

    fn bool(&mut self, node: &Node) -> Option<bool> {
        match node.as_str().map(|s| s.trim().to_ascii_lowercase()) {
            Some(s) if s == "true" => Some(true),
            Some(s) if s == "false" => Some(false),
            _ => {
                self.wrong_type(node, "true or false", None);
                None
            }
        }
    }

    fn int(&mut self, node: &Node) -> Option<Int> {
        match node.as_str().map(|s| s.trim().parse::<i64>()) {
            Some(Ok(value)) => Some(Int {
                value,
                loc: node.loc,
            }),
            _ => {
                self.wrong_type(node, "a whole number", None);
                None
            }
        }
    }

    fn list<'n>(&mut self, node: &'n Node, of: &str) -> &'n [Node] {
        match &node.value {
            Value::Seq(items) => items,
            Value::Null => &[],
            Value::Scalar(s) => {
                self.wrong_type(
                    node,
                    &format!("a list of {of}"),
                    Some(format!("write `[{s}]`")),
                );
                &[]
            }
            Value::Map(_) => {
                self.wrong_type(node, &format!("a list of {of}"), None);
                &[]
            }
        }
    }

    fn texts(&mut self, node: Option<&Node>, of: &str) -> Vec<Text> {
        let Some(node) = node else { return Vec::new() };
        self.list(node, of)
            .iter()
            .filter_map(|n| self.text(n))
            .collect()
    }

    fn ints(&mut self, node: Option<&Node>, of: &str) -> Vec<Int> {
        let Some(node) = node else { return Vec::new() };
        self.list(node, of)
            .iter()
            .filter_map(|n| self.int(n))
            .collect()
    }

    fn pairs<'n>(&mut self, node: &'n Node, what: &str) -> Vec<(Text, &'n Node)> {
        match &node.value {
            Value::Map(entries) => entries
                .iter()
                .filter_map(|(k, v)| Some((self.text(k)?, v)))
                .collect(),
            _ => {
                self.wrong_type(node, &format!("a mapping of {what}"), None);
                Vec::new()
            }
        }
    }

    fn dsl(&mut self, node: Option<&Node>) -> Option<DslText> {
        let node = node?;
        let value = match &node.value {
            Value::Scalar(s) => s.clone(),
            Value::Null => String::new(),
            _ => {
                self.wrong_type(node, "effect-language text", None);
                return None;
            }
        };
        let raw = &self.text[node.loc.start..node.loc.end];
        let (inner, offset) = match raw.as_bytes().first() {
            Some(b'"' | b'\'') if raw.len() >= 2 => (&raw[1..raw.len() - 1], node.loc.start + 1),
            _ => (raw, node.loc.start),
        };
        let squash = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        let exact = squash(inner) == squash(&value);
        Some(if exact {
            DslText {
                text: inner.to_string(),
                offset,
                exact,
                loc: node.loc,
                value,
            }
        } else {
            DslText {
                text: value.clone(),
                offset: node.loc.start,
                exact,
                loc: node.loc,
                value,
            }
        })
    }
}

mod cards;
mod extended;
mod game_yaml;
mod laid_out;
mod left_out;
#[cfg(test)]
mod tests;
