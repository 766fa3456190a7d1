//! `rensa-train`: training data from self-play and the evaluation's weights fitted to it (see
//! `rensa-train -help`). Everything runs in-process, on the engine of this build: no child
//! processes.
//!
//! Its modules: this one (the options and reports of the commands) over `generate`
//! ([`datagen`]), `label` ([`label`]), `fit` ([`fit`], with [`choice`]: the moves played as a
//! second target), `order` ([`order`]), `unseen` ([`unseen`]: the openings the data's
//! games did not begin from) and `stats` ([`stats`]: what a data file holds); below them
//! [`dataset`] (the data file format), [`init`] (the weights a command line names) and
//! [`choices`] (the choice targets as the fit reads them), leaves.

pub mod choice;
pub mod choices;
pub mod datagen;
pub mod dataset;
pub mod fit;
pub mod init;
pub mod label;
pub mod lines;
pub mod net;
pub mod order;
pub mod sgd;
pub mod stats;
pub mod unseen;

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use rensa::eval::weights::{self, Weights};
use rensa::types::{Rule, MAX_SIZE, MIN_SIZE};

use crate::common::options::{finite, kv, num, option_groups, rule_of, OpeningOpts};
use crate::common::shard::Shard;
use crate::train::choice::ChoiceConfig;
use crate::train::datagen::GenConfig;
use crate::train::fit::FitConfig;
use crate::train::init::Init;
use crate::train::label::LabelConfig;

pub const HELP: &str = "\
rensa-train: training data from self-play, and the evaluation's weights fitted to it.

USAGE:
  rensa-train generate -out FILE [-rule R] [-size N] [-openings ...] [-nodes N]
                       [-games N] [-positions N] [-random plies=P permille=M] [-seed S]
                       [-concurrency N] [-weights embedded|classes|FILE] [-shard I/N]
  rensa-train label -data FILE[,FILE...] -out FILE [-nodes N] [-every K] [-min-stones N]
                    [-positions N] [-keep mates,loud] [-calm] [-tail N] [-perturb K]
                    [-resume] [-concurrency N] [-weights embedded|classes|FILE] [-shard I/N]
  rensa-train merge -data FILE[,FILE...] -out FILE
  rensa-train unseen -data FILE[,FILE...] -openings FILE [-out FILE]
  rensa-train stats -data FILE[,FILE...]
  rensa-train fit -data FILE[,FILE...] -out FILE [-init embedded|classes|FILE] [-name NAME]
                  [-lambda L] [-scale S] [-epochs N] [-batch N] [-lr X] [-l2 X] [-threads N]
                  [-keep mates,loud] [-freeze threats,weak,tempo] [-pattern-offsets]
                  [-calm] [-td L]
  rensa-train order -data FILE[,FILE...] [-scale S] [-min-stones N] [-codes FILE] [-epochs N]
  rensa-train copy -from R -to R[,R...] -out FILE [-init embedded|classes|FILE] [-name NAME]
                   [-net embedded|FILE]
  rensa-train fit-net -data FILE[,FILE...] -out FILE [-name NAME] [-epochs N] [-batch N]
                      [-lr X] [-lr-end X] [-l2 X] [-scale S] [-lambda L] [-threads N] [-calm]
                      [-keep mates] [-max-stones N] [-inputs codes|classes|counts]
                      [-with embedded|FILE]
                      [-resume] [-seed S]
  rensa-train fit-lines -data FILE[,FILE...] -games FILE[,FILE...] -out FILE [-name NAME]
                        [-epochs N] [-batch N] [-lr X] [-lr-end X] [-l2 X] [-scale S]
                        [-policy-weight X]
                        [-lambda L] [-threads N] [-calm] [-keep mates] [-max-stones N]
                        [-resume] [-seed S]

generate: plays games of this build's engine against itself in-process (one search thread per
game, N nodes per move, a proven win or loss ends the game) and writes every position before a
move with the search's score and the game's result (format: tournament/src/train/dataset.rs).
  -out FILE                        the data file (overwritten)
  -rule 0|1|4|8|9                  freestyle (default), standard, renju, caro with overlines, caro
  -size N                          board size (default 15)
  -openings file=PATH              openings from a file, in order (pos strings or offsets)
  -openings random=N [radius=R] [seed=S] [balance=B]
                                   generated openings (default random=3 radius=3 balance=150)
  -nodes N                         nodes per move (default 10000)
  -games N / -positions N          stop after N games / once N positions are written
                                   (default: 1000 games)
  -random plies=P permille=M       in the first P plies after the opening (default 8), play a
                                   random cell making or stopping an open two or better with
                                   probability M/1000 (default 150)
  -seed S                          seed of the random moves (default 1)
  -concurrency N                   games at once, one thread each (default 2)
  -weights embedded|classes|FILE   the evaluation both players use (default: the embedded
                                   weights; classes: the hand-set class values)
  -shard I/N                       play only the games numbered I-1 modulo N of the run (each
                                   with the opening and seed of its number): N shards' files
                                   together hold the games of one run. -positions stops each
                                   shard at its share of them (which games that is depends on
                                   the speed, as without shards): give -games for a set run

label: searches positions of existing data files again, with more nodes, and writes them with
the new score (and proof flag) and the game's result unchanged, in input order: deeper labels
for positions from fast self-play. Every search starts from a cleared table, so a label depends
only on the position, the nodes, the build and the weights. Output is written every 256
positions.
  -data FILE,FILE,...              data files from generate
  -out FILE                        the labelled data file (overwritten unless -resume)
  -nodes N                         nodes per search (default 100000)
  -every K                         label one position in K of those eligible (default 1)
  -min-stones N                    leave out positions with fewer stones (default 0)
  -positions N                     stop once the output holds N positions
  -keep mates,loud                 also label positions with a proven score / with a five or
                                   a win in three on the board (default: neither; fit leaves
                                   them out too)
  -calm                            only calm positions: neither side has a four or an open
                                   three on the board (fit -calm trains on those alone)
  -tail N                          only each game's last N positions (the one before its last
                                   move and the N-1 before that); with -calm, the quiet
                                   positions just before a game was decided
  -perturb K                       label, instead of each chosen position, the position 1 to K
                                   random moves (near the stones, legal, no five) further on,
                                   if it is calm (else it is left out); result 0: positions the
                                   search meets after moves it would not play
  -resume                          keep the records -out already holds (an interrupted run
                                   with the same data and options) and carry on after them
  -concurrency N                   searches at once, one thread each (default 2)
  -weights embedded|classes|FILE   the evaluation the searches use (default: the embedded
                                   weights; classes: the hand-set class values)
  -shard I/N                       label only the I-th of N consecutive blocks of the positions
                                   the run labels (-positions caps the whole run): the shards'
                                   files, merged in shard order, are the run's output

merge: the records of several data files, in order, into one file (a sharded label run's
shards in shard order give the unsharded output). Every file must be of this version of the
format; a last record cut short is left out and said. The other commands read several -data
files as one set anyway.
  -data FILE,FILE,...              the data files
  -out FILE                        the merged file (overwritten; not one of the -data files)

unseen: counts the openings of a book that some game of the data began from (its first
stones, as many as the opening has, the same stones in any order and under any symmetry of
the board) and writes the others. A network is judged on openings its training games did not
start from; otherwise the match measures it partly on its own data.
  -data FILE,FILE,...              data files (one board size)
  -openings FILE                   the book (one opening a line, as rensa-match reads them)
  -out FILE                        write the unseen openings there, in the book's order

stats: what each data file holds, and all of them together: positions, games (a record
that does not continue the game of the one before starts one), the share of proven scores
and of positions that are not quiet, the results for the side to move, the median number of
stones, and per band of 8 stones the positions and the median size of their unproven scores.
  -data FILE,FILE,...              the data files

fit: logistic regression of the evaluation (per-cell pattern-code values, threat table,
tempo; per rule family, colours shared outside renju) against
lambda * result + (1 - lambda) * sigmoid(score / scale), with an L2 pull towards the
starting weights; one block in 20 of the positions is held out and reported every epoch.
  -data FILE,FILE,...              data files from generate
  -out FILE                        the weights file to write (load it with RENSA_WEIGHTS=FILE)
  -init embedded|classes|FILE      starting weights: the engine's embedded ones (default), the
                                   hand-set class values, or a weights file
  -name NAME                       the name stored in the file (default: the file name)
  -lambda L                        weight of the game result in the target (default 0.5)
  -scale S                         evaluation units per logit (default: fitted to the
                                   starting weights and the results)
  -epochs N                        passes over the data (default 20)
  -batch N                         positions per step (default 16384)
  -lr X                            Adam step in evaluation units (default 10, falling to 1)
  -l2 X                            pull towards the starting weights (default 1e-8; the
                                   gradients are small, ~1e-5: larger values freeze the fit)
  -threads N                       threads (default 2)
  -freeze threats,weak,tempo       leave as they start: the threat tables (threats); the
                                   values of the codes of class None, no two or better (weak);
                                   the tempo bonuses (tempo)
  -pattern-offsets                 also fit an attack and a defence offset per line pattern,
                                   added to every code of a class other than None once for each
                                   of its lines showing it (folded into the codes' values)
  -keep mates,loud                 also train on positions with a proven score / with a five or
                                   a win in three on the board (default: neither)
  -calm                            train only on calm positions: neither side has a four or an
                                   open three on the board
  -choice-data FILE,FILE,...       game files from generate: also fit the moves the search
                                   played there, by a softmax over each position's candidate
                                   cells of the mover's value of the child (-eval after the
                                   move), against the cell played (same -keep and -calm
                                   filters; one block in 20 held out)
  -choice X                        weight of that cross-entropy beside the value loss
                                   (default 1)
  -choice-every K                  one in K of those positions (default 1)
  -choice-quiet                    only those whose played move makes no open three and no
                                   four, and of their candidates only the cells that make none
  -choice-reply                    value each candidate one reply further on: after the
                                   opponent's reply the weights like best for it, and after
                                   the mover's best block when that reply makes a four or an
                                   open three (fours are then worth their forced answer)
  -temp T                          the softmax's evaluation units per logit (default: fitted
                                   to the starting weights)
  -td L                            TD(lambda) targets (needs -scale): each position's score is
                                   first replaced by its lambda-return along its game (the
                                   records of generate, in order): (1 - L) * sigmoid(score /
                                   scale) + L * (1 - the next position's return), the game's
                                   result after the last; use with -lambda 0

order: the move ordering's line-pattern values (ORDER_PATTERN_ATTACK / ORDER_PATTERN_DEFEND in
src/params.rs) measured on the same data: for each pattern, the log of how much more often it
lies on the played cell than on the candidate cells, per direction, for the mover and for the
opponent; printed as the two constants to paste.
  -data FILE,FILE,...              data files from generate (the records of a game in order)
  -scale S                         ordering units per natural log (default 20)
  -min-stones N                    only positions with at least N stones (default 8: the
                                   opening and generate's random early moves left out)
  -codes FILE                      also fit one value per pattern code (mover, opponent) by
                                   softmax regression of the chosen cell (the best move of
                                   labelled data, else the move played) among the candidates,
                                   around the class values (one position in ten held out and
                                   reported), and write them as the engine's code ordering table
                                   of the data's rule family (src/search/order-codes.txt, or
                                   order-codes-renju.txt, order-codes-caro.txt; used with
                                   INFO param_order_code_permille 1000)
  -epochs N                        full-batch steps of that fit (default 300)

copy: writes the starting weights with one rule family's tables copied over other families
(both colours), the rest unchanged: a fit of one family tried in another, e.g. freestyle's in
standard and caro. Families: freestyle (rule 0), standard (1), renju (4), caro (8 and 9).
  -from R                          the rule whose family's tables are copied
  -to R,R,...                      the rules whose families receive them
  -out FILE                        the weights file to write
  -init embedded|classes|FILE      the weights to start from (default: the embedded ones)
  -name NAME                       the name stored in the file (default: the file name)
  -net embedded|FILE               copy the evaluation networks instead: those of the engine or
                                   of a network file (-init is then not read); writes a
                                   network file

fit-net: trains the evaluation network of the data's rule family (one family a run) as a
correction added to the table evaluation of the weights in use; writes the network file (the
engine reads it from RENSA_NET) whenever the held-out loss improves, and the float state after
every epoch to FILE.ckpt.
  -data FILE,FILE,...              labelled data files (one rule family)
  -out FILE                        the network file to write
  -name NAME                       the name stored in the file (default: the file name)
  -epochs N                        passes over the training positions (default 20)
  -batch N                         positions per Adam step (default 256)
  -lr X                            Adam's step size (default 0.001)
  -lr-end X                        the step size of the last epoch: it falls from -lr by a
                                   half cosine over the epochs (default: no fall)
  -l2 X                            L2 pull of the vectors and hidden weights (default 0)
  -scale S                         evaluation units per logit (default: the one that best fits
                                   the tables to the game results)
  -lambda L                        weight of the game result in the target (default 0)
  -threads N                       threads for the features and the gradients (default 2)
  -calm                            only positions where neither side has a four or an open three
  -keep mates                      keep the positions whose score is a proven result
  -max-stones N                    only positions with at most N stones (default: all)
  -inputs codes|classes|counts     what the network reads: the learned vectors of the empty
                                   cells' pattern codes (default), or the counts of their
                                   classes and of both colours' class tiers together (no
                                   vectors to keep; the engine keeps the tier pairs as
                                   stones are placed), or the class counts alone (the
                                   board keeps them anyway: costs the forward pass only)
  -resume                          continue from FILE.ckpt
  -seed S                          seed of the initial weights and the shuffles (default 1)
  -with embedded|FILE              the other rule families' networks written beside the new
                                   one: the engine's embedded ones or those of FILE (default:
                                   none, the file holds the data's family alone)

fit-lines: trains a line network (src/eval/lines): window vectors for what each empty cell
sees along its four lines, a value head (a correction added to the engine's evaluation, the
tables and the network RENSA_NET names, the embedded one by default; trained on the labelled
positions of -data) and a policy head (trained on the searches' best moves in the files of
-games, or in files from before the best move was kept, on the moves played next: records in
ply order, as generate writes them). Writes the network file (the
engine embeds it or reads it from RENSA_LINES) whenever the held-out value loss improves (the policy loss
without -data), and the float state after every epoch to FILE.ckpt. The policy is fitted as
what the move ordering's class values miss: the engine adds it to them.
  -data FILE,FILE,...              labelled data files (one rule family)
  -games FILE,FILE,...             data files for the policy (default: none)
  -out FILE                        the network file to write
  -name NAME                       the name stored in the file (default: the file name)
  -epochs N                        passes over the value positions, or over the policy
                                   positions without -data (default 20)
  -batch N                         value positions per Adam step (default 256); each step
                                   also takes its share of the policy positions
  -lr X                            Adam's step size (default 0.001)
  -lr-end X                        the step size of the last epoch: it falls from -lr by a
                                   half cosine over the epochs (default: no fall)
  -l2 X                            decay of the window vectors (default 0)
  -scale S                         evaluation units per logit (default 1000)
  -policy-weight X                 weight of the policy loss (default 0.05)
  -lambda L                        weight of the game result in the value target beside
                                   sigmoid(score / scale) (default 0)
  -threads N                       threads for the features and the gradients (default 2)
  -calm                            only positions where neither side has a four or an open three
  -keep mates                      keep the positions whose score is a proven result
  -max-stones N                    only positions with at most N stones (default: all)
  -resume                          continue from FILE.ckpt
  -seed S                          seed of the initial weights and the shuffles (default 1)
";

/// A parsed command line.
pub enum Command {
    Generate(GenConfig),
    Label(LabelConfig),
    Fit {
        data: Vec<PathBuf>,
        out: PathBuf,
        init: Init,
        cfg: FitConfig,
        /// Game files whose played moves are the choice target (`-choice-data`).
        choice_data: Vec<PathBuf>,
        /// Which of their positions and candidates, valued how (`-choice-every`,
        /// `-choice-quiet`, `-choice-reply`).
        choice: ChoiceConfig,
        /// TD(λ): replace each score by its λ-return along the game first (`-td`).
        td: Option<f64>,
    },
    Order {
        data: Vec<PathBuf>,
        scale: f64,
        min_stones: usize,
        /// Where to write the fitted code ordering table, if anywhere.
        codes: Option<PathBuf>,
        epochs: usize,
    },
    Copy(CopyConfig),
    FitNet(net::NetConfig),
    FitLines(lines::LinesConfig),
    Unseen(unseen::UnseenConfig),
    /// `stats`: the summary of each of `data`.
    Stats {
        data: Vec<PathBuf>,
    },
    /// `merge`: the records of `data`, in order, into `out`.
    Merge {
        data: Vec<PathBuf>,
        out: PathBuf,
    },
    Help,
}

/// What `copy` writes: `init`'s weights, named `name`, with the tables of `from`'s family in
/// the families of `to`.
pub struct CopyConfig {
    pub init: Init,
    pub from: Rule,
    pub to: Vec<Rule>,
    pub out: PathBuf,
    pub name: String,
    /// Copy the networks of this source instead of the tables (`-net`).
    pub net: Option<net::With>,
}

fn one<'a>(opt: &str, vals: &'a [String]) -> Result<&'a String> {
    match vals {
        [v] => Ok(v),
        _ => bail!("-{opt} takes one value"),
    }
}

/// Parses the arguments (without the program name).
pub fn parse(args: &[String]) -> Result<Command> {
    match args.first().map(String::as_str) {
        Some("generate") => parse_generate(&args[1..]),
        Some("label") => parse_label(&args[1..]),
        Some("fit") => parse_fit(&args[1..]),
        Some("order") => parse_order(&args[1..]),
        Some("copy") => parse_copy(&args[1..]),
        Some("fit-net") => parse_fit_net(&args[1..]),
        Some("fit-lines") => parse_fit_lines(&args[1..]),
        Some("merge") => parse_merge(&args[1..]),
        Some("unseen") => parse_unseen(&args[1..]),
        Some("stats") => parse_stats(&args[1..]),
        None | Some("-h" | "-help" | "--help" | "help") => Ok(Command::Help),
        Some(c) => bail!(
            "unknown command {c:?} (generate, label, merge, unseen, stats, fit, order, copy, fit-net, fit-lines; -help)"
        ),
    }
}

fn parse_generate(args: &[String]) -> Result<Command> {
    let mut out = None;
    let mut rule = Rule::Freestyle;
    let mut size = 15usize;
    let mut openings = OpeningOpts::new();
    openings.balance = Some(150);
    let (mut nodes, mut games, mut positions) = (10_000u64, None, None);
    let (mut random_plies, mut random_permille) = (8u32, 150u64);
    let (mut seed, mut concurrency) = (1u64, 2usize);
    let (mut weights, mut shard) = (Init::Embedded, Shard::ALL);
    for (opt, vals) in option_groups(args)? {
        let one = || one(&opt, &vals);
        match opt.as_str() {
            "h" | "help" => return Ok(Command::Help),
            "out" => out = Some(PathBuf::from(one()?)),
            "rule" => rule = rule_of(one()?)?,
            "size" => size = num(one()?, "-size")?,
            "openings" => openings.apply(&vals)?,
            "nodes" => nodes = num(one()?, "-nodes")?,
            "games" => games = Some(num(one()?, "-games")?),
            "positions" => positions = Some(num(one()?, "-positions")?),
            "random" => {
                for v in &vals {
                    let (k, v) = kv(v)?;
                    match k {
                        "plies" => random_plies = num(v, k)?,
                        "permille" => random_permille = num(v, k)?,
                        _ => bail!("unknown -random key {k:?} (plies, permille)"),
                    }
                }
            }
            "seed" => seed = num(one()?, "-seed")?,
            "concurrency" => concurrency = num(one()?, "-concurrency")?,
            "weights" => weights = Init::parse(one()?),
            "shard" => shard = Shard::parse(one()?)?,
            o => bail!("unknown option -{o} (see -help)"),
        }
    }
    let out = out.context("-out FILE is required")?;
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        bail!("board size {size} is outside {MIN_SIZE}..={MAX_SIZE}");
    }
    if nodes == 0 || concurrency == 0 {
        bail!("-nodes and -concurrency must be at least 1");
    }
    let openings = openings.source(size, rule)?;
    let (games, positions) = match (games, positions) {
        (None, None) => (1000, u64::MAX),
        (g, p) => (g.unwrap_or(u64::MAX), p.unwrap_or(u64::MAX)),
    };
    Ok(Command::Generate(GenConfig {
        out,
        rule,
        size,
        openings,
        nodes,
        games,
        positions,
        random_plies,
        random_permille: random_permille.min(1000),
        seed,
        concurrency,
        tt_bytes: 16 << 20,
        weights,
        shard,
    }))
}

fn parse_label(args: &[String]) -> Result<Command> {
    let mut cfg = LabelConfig {
        data: Vec::new(),
        out: PathBuf::new(),
        nodes: 100_000,
        every: 1,
        min_stones: 0,
        keep_mates: false,
        keep_loud: false,
        calm: false,
        tail: 0,
        perturb: 0,
        positions: u64::MAX,
        shard: Shard::ALL,
        resume: false,
        concurrency: 2,
        tt_bytes: 16 << 20,
        weights: Init::Embedded,
    };
    let mut out = None;
    for (opt, vals) in option_groups(args)? {
        let one = || one(&opt, &vals);
        match opt.as_str() {
            "h" | "help" => return Ok(Command::Help),
            "data" => cfg.data.extend(one()?.split(',').map(PathBuf::from)),
            "out" => out = Some(PathBuf::from(one()?)),
            "nodes" => cfg.nodes = num(one()?, "-nodes")?,
            "every" => cfg.every = num(one()?, "-every")?,
            "min-stones" => cfg.min_stones = num(one()?, "-min-stones")?,
            "positions" => cfg.positions = num(one()?, "-positions")?,
            "perturb" => cfg.perturb = num(one()?, "-perturb")?,
            "tail" => cfg.tail = num(one()?, "-tail")?,
            "keep" => set_flags(
                one()?,
                "-keep",
                &mut [("mates", &mut cfg.keep_mates), ("loud", &mut cfg.keep_loud)],
            )?,
            "resume" if vals.is_empty() => cfg.resume = true,
            "resume" => bail!("-resume takes no value"),
            "concurrency" => cfg.concurrency = num(one()?, "-concurrency")?,
            "calm" if vals.is_empty() => cfg.calm = true,
            "calm" => bail!("-calm takes no value"),
            "weights" => cfg.weights = Init::parse(one()?),
            "shard" => cfg.shard = Shard::parse(one()?)?,
            o => bail!("unknown option -{o} (see -help)"),
        }
    }
    if cfg.data.is_empty() {
        bail!("-data FILE is required");
    }
    cfg.out = out.context("-out FILE is required")?;
    if cfg.data.contains(&cfg.out) {
        bail!("-out must not be one of the -data files");
    }
    if cfg.nodes == 0 || cfg.every == 0 || cfg.concurrency == 0 {
        bail!("-nodes, -every and -concurrency must be at least 1");
    }
    Ok(Command::Label(cfg))
}

fn parse_merge(args: &[String]) -> Result<Command> {
    let (mut data, mut out) = (Vec::new(), None);
    for (opt, vals) in option_groups(args)? {
        let one = || one(&opt, &vals);
        match opt.as_str() {
            "h" | "help" => return Ok(Command::Help),
            "data" => data.extend(one()?.split(',').map(PathBuf::from)),
            "out" => out = Some(PathBuf::from(one()?)),
            o => bail!("unknown option -{o} (see -help)"),
        }
    }
    if data.is_empty() {
        bail!("-data FILE is required");
    }
    let out = out.context("-out FILE is required")?;
    if data.contains(&out) {
        bail!("-out must not be one of the -data files");
    }
    Ok(Command::Merge { data, out })
}

fn parse_unseen(args: &[String]) -> Result<Command> {
    let (mut data, mut openings, mut out) = (Vec::new(), None, None);
    for (opt, vals) in option_groups(args)? {
        let one = || one(&opt, &vals);
        match opt.as_str() {
            "h" | "help" => return Ok(Command::Help),
            "data" => data.extend(one()?.split(',').map(PathBuf::from)),
            "openings" => openings = Some(PathBuf::from(one()?)),
            "out" => out = Some(PathBuf::from(one()?)),
            o => bail!("unknown option -{o} (see -help)"),
        }
    }
    if data.is_empty() {
        bail!("-data FILE is required");
    }
    let openings = openings.context("-openings FILE is required")?;
    if out
        .as_ref()
        .is_some_and(|o| data.contains(o) || *o == openings)
    {
        bail!("-out must be neither a -data file nor the -openings file");
    }
    Ok(Command::Unseen(unseen::UnseenConfig {
        data,
        openings,
        out,
    }))
}

fn parse_stats(args: &[String]) -> Result<Command> {
    let mut data = Vec::new();
    for (opt, vals) in option_groups(args)? {
        match opt.as_str() {
            "h" | "help" => return Ok(Command::Help),
            "data" => data.extend(one(&opt, &vals)?.split(',').map(PathBuf::from)),
            o => bail!("unknown option -{o} (see -help)"),
        }
    }
    if data.is_empty() {
        bail!("-data FILE is required");
    }
    Ok(Command::Stats { data })
}

fn parse_fit(args: &[String]) -> Result<Command> {
    let (mut data, mut out, mut init, mut name) = (Vec::new(), None, Init::Embedded, None);
    let mut cfg = FitConfig {
        name: String::new(),
        lambda: 0.5,
        scale: None,
        epochs: 20,
        batch: 16384,
        lr: 10.0,
        l2: 1e-8,
        threads: 2,
        keep_mates: false,
        keep_loud: false,
        freeze_threats: false,
        freeze_weak: false,
        freeze_tempo: false,
        pattern_offsets: false,
        calm: false,
        choice: 1.0,
        temp: None,
    };
    let (mut choice_data, mut choice) = (Vec::new(), ChoiceConfig::default());
    let mut td = None;
    for (opt, vals) in option_groups(args)? {
        let one = || one(&opt, &vals);
        match opt.as_str() {
            "h" | "help" => return Ok(Command::Help),
            "data" => data.extend(one()?.split(',').map(PathBuf::from)),
            "out" => out = Some(PathBuf::from(one()?)),
            "init" => init = Init::parse(one()?),
            "name" => name = Some(one()?.clone()),
            "lambda" => cfg.lambda = finite(one()?, "-lambda")?.clamp(0.0, 1.0),
            "scale" => cfg.scale = Some(finite(one()?, "-scale")?),
            "epochs" => cfg.epochs = num(one()?, "-epochs")?,
            "batch" => cfg.batch = num::<usize>(one()?, "-batch")?.max(1),
            "lr" => cfg.lr = finite(one()?, "-lr")?,
            "l2" => cfg.l2 = finite(one()?, "-l2")?,
            "threads" => cfg.threads = num::<usize>(one()?, "-threads")?.max(1),
            "freeze" => set_flags(
                one()?,
                "-freeze",
                &mut [
                    ("threats", &mut cfg.freeze_threats),
                    ("weak", &mut cfg.freeze_weak),
                    ("tempo", &mut cfg.freeze_tempo),
                ],
            )?,
            "keep" => set_flags(
                one()?,
                "-keep",
                &mut [("mates", &mut cfg.keep_mates), ("loud", &mut cfg.keep_loud)],
            )?,
            "pattern-offsets" if vals.is_empty() => cfg.pattern_offsets = true,
            "pattern-offsets" => bail!("-pattern-offsets takes no value"),
            "calm" if vals.is_empty() => cfg.calm = true,
            "calm" => bail!("-calm takes no value"),
            "choice-data" => choice_data.extend(one()?.split(',').map(PathBuf::from)),
            "choice" => cfg.choice = finite(one()?, "-choice")?.max(0.0),
            "choice-every" => choice.every = num::<usize>(one()?, "-choice-every")?.max(1),
            "choice-quiet" if vals.is_empty() => choice.quiet = true,
            "choice-quiet" => bail!("-choice-quiet takes no value"),
            "choice-reply" if vals.is_empty() => choice.reply = true,
            "choice-reply" => bail!("-choice-reply takes no value"),
            "temp" => cfg.temp = Some(finite(one()?, "-temp")?),
            "td" => td = Some(finite(one()?, "-td")?.clamp(0.0, 1.0)),
            o => bail!("unknown option -{o} (see -help)"),
        }
    }
    if data.is_empty() {
        bail!("-data FILE is required");
    }
    if cfg.temp.is_some_and(|t| t <= 0.0) {
        bail!("-temp must be positive");
    }
    let out = out.context("-out FILE is required")?;
    if cfg.scale.is_some_and(|s| s <= 0.0) {
        bail!("-scale must be positive");
    }
    if td.is_some() && cfg.scale.is_none() {
        bail!("-td needs -scale (the returns are converted back to scores with it)");
    }
    cfg.name = name.unwrap_or_else(|| stem_of(&out));
    Ok(Command::Fit {
        data,
        out,
        init,
        cfg,
        choice_data,
        choice,
        td,
    })
}

/// Reads an option every network fit takes into `o`; `false` if `opt` is not one of them.
fn fit_option(opt: &str, vals: &[String], o: &mut sgd::Options) -> Result<bool> {
    let one = || one(opt, vals);
    match opt {
        "epochs" => o.epochs = num(one()?, "-epochs")?,
        "batch" => o.batch = num::<usize>(one()?, "-batch")?.max(1),
        "lr" => o.lr = finite(one()?, "-lr")?,
        "lr-end" => o.lr_end = Some(finite(one()?, "-lr-end")?),
        "l2" => o.l2 = finite(one()?, "-l2")?,
        "threads" => o.threads = num::<usize>(one()?, "-threads")?.max(1),
        "calm" if vals.is_empty() => o.calm = true,
        "calm" => bail!("-calm takes no value"),
        "keep" => set_flags(one()?, "-keep", &mut [("mates", &mut o.keep_mates)])?,
        "max-stones" => o.max_stones = num(one()?, "-max-stones")?,
        "resume" if vals.is_empty() => o.resume = true,
        "resume" => bail!("-resume takes no value"),
        "seed" => o.seed = num(one()?, "-seed")?,
        _ => return Ok(false),
    }
    if o.lr <= 0.0 || o.lr_end.is_some_and(|e| e < 0.0) {
        bail!("-lr must be positive and -lr-end not negative");
    }
    Ok(true)
}

fn parse_fit_net(args: &[String]) -> Result<Command> {
    let mut cfg = net::NetConfig {
        data: Vec::new(),
        out: PathBuf::new(),
        name: String::new(),
        fit: sgd::Options::default(),
        scale: None,
        lambda: 0.0,
        classes: false,
        pairs: true,
        with: None,
    };
    let mut out = None;
    for (opt, vals) in option_groups(args)? {
        if fit_option(&opt, &vals, &mut cfg.fit)? {
            continue;
        }
        let one = || one(&opt, &vals);
        match opt.as_str() {
            "h" | "help" => return Ok(Command::Help),
            "data" => cfg.data.extend(one()?.split(',').map(PathBuf::from)),
            "out" => out = Some(PathBuf::from(one()?)),
            "name" => cfg.name = one()?.clone(),
            "scale" => cfg.scale = Some(finite(one()?, "-scale")?),
            "lambda" => cfg.lambda = finite(one()?, "-lambda")?,
            "inputs" => {
                (cfg.classes, cfg.pairs) = match one()?.as_str() {
                    "codes" => (false, true),
                    "classes" => (true, true),
                    "counts" => (true, false),
                    v => bail!("-inputs {v}: expected codes, classes or counts"),
                }
            }
            "with" => cfg.with = Some(net::With::parse(one()?)),
            o => bail!("unknown option -{o} (see -help)"),
        }
    }
    let out = out.context("-out FILE is required")?;
    if cfg.data.is_empty() {
        bail!("-data FILE is required");
    }
    if cfg.scale.is_some_and(|s| s <= 0.0) {
        bail!("-scale must be positive");
    }
    if !(0.0..=1.0).contains(&cfg.lambda) {
        bail!("-lambda must be within 0..1");
    }
    cfg.name = named(cfg.name, &out);
    cfg.out = out;
    Ok(Command::FitNet(cfg))
}

fn parse_fit_lines(args: &[String]) -> Result<Command> {
    let mut cfg = lines::LinesConfig {
        data: Vec::new(),
        games: Vec::new(),
        out: PathBuf::new(),
        name: String::new(),
        fit: sgd::Options::default(),
        scale: 1000.0,
        policy_weight: 0.05,
        lambda: 0.0,
    };
    let mut out = None;
    for (opt, vals) in option_groups(args)? {
        if fit_option(&opt, &vals, &mut cfg.fit)? {
            continue;
        }
        let one = || one(&opt, &vals);
        match opt.as_str() {
            "h" | "help" => return Ok(Command::Help),
            "data" => cfg.data.extend(one()?.split(',').map(PathBuf::from)),
            "games" => cfg.games.extend(one()?.split(',').map(PathBuf::from)),
            "out" => out = Some(PathBuf::from(one()?)),
            "name" => cfg.name = one()?.clone(),
            "scale" => cfg.scale = finite(one()?, "-scale")?,
            "policy-weight" => cfg.policy_weight = finite(one()?, "-policy-weight")?,
            "lambda" => cfg.lambda = finite(one()?, "-lambda")?,
            o => bail!("unknown option -{o} (see -help)"),
        }
    }
    let out = out.context("-out FILE is required")?;
    if cfg.data.is_empty() && cfg.games.is_empty() {
        bail!("-data FILE or -games FILE is required");
    }
    if cfg.scale <= 0.0 || cfg.policy_weight < 0.0 {
        bail!("-scale must be positive, -policy-weight not negative");
    }
    if !(0.0..=1.0).contains(&cfg.lambda) {
        bail!("-lambda must be within 0..1");
    }
    cfg.name = named(cfg.name, &out);
    cfg.out = out;
    Ok(Command::FitLines(cfg))
}

/// `name`, or the stem of the written file when none was given.
fn named(name: String, out: &std::path::Path) -> String {
    if name.is_empty() {
        stem_of(out)
    } else {
        name
    }
}

fn parse_order(args: &[String]) -> Result<Command> {
    let (mut data, mut scale, mut min_stones) = (Vec::new(), 20.0, 8usize);
    let (mut codes, mut epochs) = (None, 300usize);
    for (opt, vals) in option_groups(args)? {
        let one = || one(&opt, &vals);
        match opt.as_str() {
            "h" | "help" => return Ok(Command::Help),
            "data" => data.extend(one()?.split(',').map(PathBuf::from)),
            "scale" => scale = finite(one()?, "-scale")?,
            "min-stones" => min_stones = num(one()?, "-min-stones")?,
            "codes" => codes = Some(PathBuf::from(one()?)),
            "epochs" => epochs = num(one()?, "-epochs")?,
            o => bail!("unknown option -{o} (see -help)"),
        }
    }
    if data.is_empty() {
        bail!("-data FILE is required");
    }
    if scale <= 0.0 {
        bail!("-scale must be positive");
    }
    Ok(Command::Order {
        data,
        scale,
        min_stones,
        codes,
        epochs,
    })
}

fn parse_copy(args: &[String]) -> Result<Command> {
    let (mut init, mut from, mut to, mut out, mut name, mut net) =
        (Init::Embedded, None, Vec::new(), None, None, None);
    for (opt, vals) in option_groups(args)? {
        let one = || one(&opt, &vals);
        match opt.as_str() {
            "h" | "help" => return Ok(Command::Help),
            "init" => init = Init::parse(one()?),
            "from" => from = Some(rule_of(one()?)?),
            "to" => {
                for r in one()?.split(',') {
                    to.push(rule_of(r)?);
                }
            }
            "out" => out = Some(PathBuf::from(one()?)),
            "name" => name = Some(one()?.clone()),
            "net" => net = Some(net::With::parse(one()?)),
            o => bail!("unknown option -{o} (see -help)"),
        }
    }
    let from = from.context("-from R is required")?;
    if to.is_empty() {
        bail!("-to R is required");
    }
    if to
        .iter()
        .any(|&r| weights::family(r) == weights::family(from))
    {
        bail!("-to names the family of -from");
    }
    let out = out.context("-out FILE is required")?;
    let name = name.unwrap_or_else(|| stem_of(&out));
    Ok(Command::Copy(CopyConfig {
        init,
        from,
        to,
        out,
        name,
        net,
    }))
}

/// `w` with the tables of `from`'s family copied into the families of `to`, renamed `name`.
pub fn copy_family(w: &Weights, from: Rule, to: &[Rule], name: &str) -> Weights {
    let mut copy = w.clone();
    for &r in to {
        copy.families[weights::family(r)] = w.families[weights::family(from)].clone();
    }
    copy.name = name.to_string();
    copy
}

/// What a fit or a copy changed, one line per family and colour that differs between `before`
/// and `after`: the tempo, how many cell values (attack and defence entries) moved and by how
/// much at most, and how many threat-table entries moved. Empty when nothing changed.
pub fn changes(before: &Weights, after: &Weights) -> Vec<String> {
    // A family is named after the last of its rules in code order: "caro" for caro8 and caro.
    let family_name = |f: usize| {
        Rule::ALL
            .iter()
            .rev()
            .find(|&&r| weights::family(r) == f)
            .map_or("?", |r| r.name())
    };
    let mut lines = Vec::new();
    for (f, (b, a)) in before.families.iter().zip(&after.families).enumerate() {
        for (c, colour) in ["black", "white"].iter().enumerate() {
            let (b, a) = (&b.side[c], &a.side[c]);
            if b == a {
                continue;
            }
            let cell_moves = b.cell.iter().flatten().zip(a.cell.iter().flatten());
            let (moved, most) = cell_moves.fold((0, 0), |(n, m), (x, y)| {
                let d = (*y as i32 - *x as i32).abs();
                (n + (d > 0) as usize, m.max(d))
            });
            let threats = b.threat.iter().zip(&a.threat).filter(|(x, y)| x != y);
            lines.push(format!(
                "{} {colour}: tempo {} -> {}, {moved} cell values moved (at most {most}), \
                 {} threat entries moved",
                family_name(f),
                b.tempo,
                a.tempo,
                threats.count()
            ));
        }
    }
    lines
}

/// The default weights name for an output file: its stem.
fn stem_of(out: &std::path::Path) -> String {
    out.file_stem()
        .map_or("fitted".to_string(), |s| s.to_string_lossy().into_owned())
}

/// Sets the named flags of a comma-separated `list` (the value of option `opt`).
fn set_flags(list: &str, opt: &str, flags: &mut [(&str, &mut bool)]) -> Result<()> {
    for item in list.split(',') {
        match flags.iter_mut().find(|(name, _)| *name == item) {
            Some((_, flag)) => **flag = true,
            None => {
                let names: Vec<&str> = flags.iter().map(|(name, _)| *name).collect();
                bail!("unknown {opt} item {item:?} ({})", names.join(", "))
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn copy_moves_one_family_into_others() {
        let Ok(Command::Copy(cfg)) = parse(&args("copy -from 0 -to 1,9 -out gen1-fs.weights"))
        else {
            panic!("copy parses");
        };
        let CopyConfig { from, to, name, .. } = &cfg;
        assert_eq!((*from, name.as_str()), (Rule::Freestyle, "gen1-fs"));
        assert_eq!(*to, vec![Rule::Standard, Rule::Caro]);
        assert_eq!(cfg.out, PathBuf::from("gen1-fs.weights"));
        // A freestyle family that differs from the others, copied into standard and caro.
        let mut w = Weights::from_classes();
        w.families[0].side[0].tempo += 7;
        w.families[0].side[1].cell[100][weights::ATTACK] += 3;
        let c = copy_family(&w, *from, to, name);
        assert_eq!(c.name, "gen1-fs");
        let (fs, st, rj, caro) = (0, 1, 2, 3);
        assert_eq!(c.families[st], w.families[fs]);
        assert_eq!(c.families[caro], w.families[fs]);
        assert_eq!(c.families[fs], w.families[fs]);
        assert_eq!(c.families[rj], w.families[rj]);
        assert_ne!(c.families[st], w.families[st]);
        // Copying a family onto itself, or to nothing, is refused.
        assert!(parse(&args("copy -from 8 -to 9 -out x.weights")).is_err());
        assert!(parse(&args("copy -from 0 -out x.weights")).is_err());
        assert!(parse(&args("copy -from 0 -to 7 -out x.weights")).is_err());
    }

    #[test]
    fn label_and_generate_take_their_weights() {
        let teacher = |line: &str| match parse(&args(line)) {
            Ok(Command::Label(cfg)) => cfg.weights,
            _ => panic!("{line:?} parses"),
        };
        let base = "label -data a.bin -out b.bin";
        assert!(matches!(teacher(base), Init::Embedded));
        assert!(matches!(
            teacher(&format!("{base} -weights classes")),
            Init::Classes
        ));
        assert!(
            matches!(teacher(&format!("{base} -weights g.weights")), Init::File(p) if p.as_os_str() == "g.weights")
        );
        assert!(parse(&args(&format!("{base} -weights"))).is_err());
        // generate's players, the same way.
        let players = |line: &str| match parse(&args(line)) {
            Ok(Command::Generate(cfg)) => cfg.weights,
            _ => panic!("{line:?} parses"),
        };
        assert!(matches!(players("generate -out a.bin"), Init::Embedded));
        assert!(matches!(
            players("generate -out a.bin -weights classes"),
            Init::Classes
        ));
    }

    #[test]
    fn shards_parse_and_bad_ones_are_refused() {
        let shard = |line: &str| match parse(&args(line)) {
            Ok(Command::Generate(cfg)) => cfg.shard,
            Ok(Command::Label(cfg)) => cfg.shard,
            _ => panic!("{line:?} parses"),
        };
        assert_eq!(shard("generate -out a.bin"), Shard::ALL);
        assert_eq!(
            shard("generate -out a.bin -shard 3/4"),
            Shard { index: 2, count: 4 }
        );
        assert_eq!(
            shard("label -data a.bin -out b.bin -shard 1/2"),
            Shard { index: 0, count: 2 }
        );
        for bad in ["0/3", "4/3", "x/y", "2"] {
            for cmd in ["generate -out a.bin", "label -data a.bin -out b.bin"] {
                let e = parse(&args(&format!("{cmd} -shard {bad}")))
                    .err()
                    .map(|e| e.to_string())
                    .unwrap_or_default();
                assert!(e.contains("-shard") && e.contains(bad), "{cmd} {bad}: {e}");
            }
        }
        assert!(matches!(
            parse(&args("merge -data a.bin,b.bin -out c.bin")),
            Ok(Command::Merge { data, .. }) if data.len() == 2
        ));
        assert!(parse(&args("merge -data a.bin,b.bin -out b.bin")).is_err());
        assert!(parse(&args("merge -out b.bin")).is_err());
        assert!(matches!(
            parse(&args("unseen -data a.bin -openings book.txt -out new.txt")),
            Ok(Command::Unseen(c)) if c.out == Some(PathBuf::from("new.txt"))
        ));
        assert!(parse(&args("unseen -data a.bin")).is_err());
        assert!(parse(&args("unseen -data a.bin -openings book.txt -out a.bin")).is_err());
        assert!(matches!(
            parse(&args("stats -data a.bin,b.bin")),
            Ok(Command::Stats { data }) if data == [PathBuf::from("a.bin"), PathBuf::from("b.bin")]
        ));
        assert!(parse(&args("stats")).is_err());
        assert!(parse(&args("stats -data a.bin -out b.bin")).is_err());
    }

    #[test]
    fn changes_name_what_moved() {
        let w = Weights::from_classes();
        assert!(changes(&w, &w).is_empty());
        let mut v = w.clone();
        v.families[2].side[1].tempo += 5;
        v.families[2].side[1].cell[7][weights::DEFENCE] -= 4;
        v.families[2].side[1].cell[9][weights::ATTACK] += 2;
        v.families[2].side[1].threat[3] += 1;
        let tempo = w.families[2].side[1].tempo;
        assert_eq!(
            changes(&w, &v),
            vec![format!(
                "renju white: tempo {tempo} -> {}, 2 cell values moved (at most 4), \
                 1 threat entries moved",
                tempo + 5
            )]
        );
    }
}
