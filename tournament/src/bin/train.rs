//! `rensa-train`: the command-line front of the training pipeline (see `rensa-train -help`).

use rensa_tournament::train::init::Init;
use rensa_tournament::train::{self, choice, datagen, dataset, fit, label, order, Command};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed = train::parse(&args);
    // Games and labels come from the engine with its embedded network or the one `RENSA_NET`
    // names (`none`: the tables alone), as `pbrain-rensa` reads it, and a line network
    // corrects that evaluation; every other fit reads the tables' own value, which a network
    // corrects.
    if matches!(
        parsed,
        Ok(Command::Generate(_) | Command::Label(_) | Command::FitLines(_))
    ) {
        match std::env::var_os("RENSA_NET").filter(|p| !p.is_empty()) {
            Some(path) if path == "none" => rensa::eval::net::remove(),
            Some(path) => {
                if let Err(e) = rensa::eval::net::install_file(std::path::Path::new(&path)) {
                    eprintln!("rensa-train: network not loaded: {e}");
                    std::process::exit(2);
                }
            }
            None => {}
        }
    } else {
        rensa::eval::net::remove();
    }
    // Games and labels come from the engine with its embedded line network or the one
    // `RENSA_LINES` names (`none`: none); the fits train the evaluation without one.
    let plays = matches!(parsed, Ok(Command::Generate(_) | Command::Label(_)));
    match std::env::var_os("RENSA_LINES").filter(|p| !p.is_empty()) {
        _ if !plays => rensa::eval::lines::remove(),
        Some(path) if path == "none" => rensa::eval::lines::remove(),
        Some(path) => {
            if let Err(e) = rensa::eval::lines::install_file(std::path::Path::new(&path)) {
                eprintln!("rensa-train: line network not loaded: {e}");
                std::process::exit(2);
            }
        }
        None => {}
    }
    let result = match parsed {
        Ok(Command::Help) => {
            print!("{}", train::HELP);
            return;
        }
        Ok(Command::Generate(cfg)) => generate(&cfg),
        Ok(Command::Label(cfg)) => run_label(&cfg),
        Ok(Command::Fit {
            data,
            out,
            init,
            cfg,
            choice_data,
            choice,
            td,
        }) => run_fit(&data, &out, &init, &cfg, (&choice_data, &choice), td),
        Ok(Command::Order {
            data,
            scale,
            min_stones,
            codes,
            epochs,
        }) => read_all(&data).and_then(|records| {
            run_order(&records, scale, min_stones);
            match codes {
                Some(out) => run_codes(&records, &data, &out, min_stones, epochs),
                None => Ok(()),
            }
        }),
        Ok(Command::Copy(cfg)) => run_copy(&cfg),
        Ok(Command::FitNet(cfg)) => train::net::run(&cfg),
        Ok(Command::FitLines(cfg)) => train::lines::run(&cfg),
        Ok(Command::Merge { data, out }) => run_merge(&data, &out),
        Ok(Command::Stats { data }) => train::stats::run(&data).map(|text| print!("{text}")),
        Ok(Command::Unseen(cfg)) => train::unseen::run(&cfg).map(|r| {
            println!(
                "{} openings: {} seen in the data's games, {} unseen{}",
                r.openings,
                r.seen,
                r.openings - r.seen,
                cfg.out
                    .as_ref()
                    .map_or(String::new(), |o| format!(" (written to {})", o.display()))
            );
        }),
        Err(e) => Err(e),
    };
    if let Err(e) = result {
        eprintln!("rensa-train: {e:#}");
        std::process::exit(2);
    }
}

fn generate(cfg: &datagen::GenConfig) -> anyhow::Result<()> {
    cfg.weights.install()?;
    println!(
        "generate: {} {}x{}, {} nodes per move, {} threads, weights {}, network {}{} -> {}",
        cfg.rule.name(),
        cfg.size,
        cfg.size,
        cfg.nodes,
        cfg.concurrency,
        rensa::eval::weights::active().label(),
        rensa::eval::net::active().map_or("none".to_string(), |n| n.label()),
        shard_note(cfg.shard),
        cfg.out.display()
    );
    let r = datagen::run(cfg, 10)?;
    println!(
        "done: {} games ({} ended by a proof), {} positions in {:.0} s = {:.0} positions/s; \
         black {} white {} draws {}",
        r.games,
        r.adjudicated,
        r.positions,
        r.seconds,
        r.positions as f64 / r.seconds.max(1e-3),
        r.results[0],
        r.results[1],
        r.results[2]
    );
    Ok(())
}

fn run_label(cfg: &label::LabelConfig) -> anyhow::Result<()> {
    cfg.weights.install()?;
    println!(
        "label: {} nodes per search, one in {} eligible positions, {} threads, weights {}, network {}{} -> {}",
        cfg.nodes,
        cfg.every,
        cfg.concurrency,
        rensa::eval::weights::active().label(),
        rensa::eval::net::active().map_or("none".to_string(), |n| n.label()),
        shard_note(cfg.shard),
        cfg.out.display()
    );
    let r = label::run(cfg, 30, &mut |line| println!("{line}"))?;
    println!(
        "done: {} positions chosen, {} kept from before, {} labelled in {:.0} s = {:.1} positions/s; \
         {} proven; mean score change {:.1}",
        r.chosen,
        r.resumed,
        r.labelled,
        r.seconds,
        r.labelled as f64 / r.seconds.max(1e-3),
        r.mates,
        r.mean_change
    );
    Ok(())
}

/// `, shard I/N` for a sharded run, nothing for a whole one.
fn shard_note(shard: rensa_tournament::common::shard::Shard) -> String {
    if shard.is_all() {
        String::new()
    } else {
        format!(", shard {shard}")
    }
}

/// `merge`: the records of `data`, in order, into one file `out`.
fn run_merge(data: &[std::path::PathBuf], out: &std::path::Path) -> anyhow::Result<()> {
    use anyhow::Context;
    let records = read_all(data)?;
    let file = std::fs::File::create(out).with_context(|| format!("creating {}", out.display()))?;
    let mut w = dataset::Writer::new(std::io::BufWriter::new(file))?;
    for r in &records {
        w.write(r)?;
    }
    w.flush()?;
    println!(
        "merged {} records from {} file(s) into {}",
        records.len(),
        data.len(),
        out.display()
    );
    Ok(())
}

fn run_copy(cfg: &train::CopyConfig) -> anyhow::Result<()> {
    if let Some(source) = &cfg.net {
        return copy_net(cfg, source);
    }
    let w = cfg.init.load()?;
    let copy = train::copy_family(&w, cfg.from, &cfg.to, &cfg.name);
    std::fs::write(&cfg.out, copy.to_bytes())?;
    let to: Vec<&str> = cfg.to.iter().map(|r| r.name()).collect();
    println!(
        "wrote {} to {}: {}'s tables (from {}) in {}",
        copy.label(),
        cfg.out.display(),
        cfg.from.name(),
        w.label(),
        to.join(", ")
    );
    for line in train::changes(&w, &copy) {
        println!("  {line}");
    }
    Ok(())
}

/// `copy -net`: the networks of `source` with `-from`'s family's copied into `-to`'s.
fn copy_net(cfg: &train::CopyConfig, source: &train::net::With) -> anyhow::Result<()> {
    use rensa::eval::weights::family;
    let mut net = source.load()?;
    let Some(from) = net.families[family(cfg.from)].clone() else {
        anyhow::bail!("{} has no network for {}", net.label(), cfg.from.name());
    };
    let label = net.label();
    for &r in &cfg.to {
        net.families[family(r)] = Some(from.clone());
    }
    net.name = cfg.name.clone();
    std::fs::write(&cfg.out, net.to_bytes())?;
    let to: Vec<&str> = cfg.to.iter().map(|r| r.name()).collect();
    println!(
        "wrote {} to {}: {}'s network (from {label}) in {}",
        net.label(),
        cfg.out.display(),
        cfg.from.name(),
        to.join(", ")
    );
    Ok(())
}

fn read_all(data: &[std::path::PathBuf]) -> anyhow::Result<Vec<dataset::Record>> {
    let mut records = Vec::new();
    for p in data {
        let (recs, cut) = dataset::read(p).map_err(|e| anyhow::anyhow!(e))?;
        if cut > 0 {
            println!(
                "{}: the last record is cut short ({cut} bytes): left out",
                p.display()
            );
        }
        records.extend(recs);
    }
    Ok(records)
}

fn run_order(records: &[dataset::Record], scale: f64, min_stones: usize) {
    let c = order::count(records, min_stones);
    println!(
        "order: {} positions with the move played, of {} records",
        c.positions,
        records.len()
    );
    let v = order::values(&c, scale);
    for (k, side) in ["mover", "opponent"].iter().enumerate() {
        println!("{side:>8}: candidates {:?}", c.candidates[k]);
        println!("{side:>8}: played     {:?}", c.played[k]);
    }
    let list = |k: usize| {
        v[k].iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    println!("pub const ORDER_PATTERN_ATTACK: [i32; 11] = [{}];", list(0));
    println!("pub const ORDER_PATTERN_DEFEND: [i32; 11] = [{}];", list(1));
}

fn run_fit(
    data: &[std::path::PathBuf],
    out: &std::path::Path,
    init: &Init,
    cfg: &fit::FitConfig,
    (choice_data, choice_cfg): (&[std::path::PathBuf], &choice::ChoiceConfig),
    td: Option<f64>,
) -> anyhow::Result<()> {
    let init = init.load()?;
    let mut records = read_all(data)?;
    println!(
        "fit: {} records from {} file(s), starting from {}",
        records.len(),
        data.len(),
        init.label()
    );
    if let (Some(td), Some(scale)) = (td, cfg.scale) {
        let change = fit::td_scores(&mut records, td, scale);
        println!("td: scores replaced by their lambda-returns (lambda {td}, scale {scale}), mean change {change:.1}");
    }
    let samples = fit::extract(&records, cfg);
    drop(records);
    let choices = if choice_data.is_empty() {
        None
    } else {
        let games = read_all(choice_data)?;
        if choice_cfg.reply {
            // The replies of the leaves are chosen by the starting weights: boards built from
            // here on evaluate with them.
            rensa::eval::weights::install(init.clone());
        }
        let c = choice::extract(&games, cfg, choice_cfg);
        println!(
            "choices: {} positions with the move played ({} candidate cells) from {} records",
            c.len(),
            c.candidates(),
            games.len()
        );
        Some(c)
    };
    let fitted = fit::fit(&samples, choices.as_ref(), &init, cfg, &mut |e| {
        let choice = e.choice.map_or(String::new(), |[t, v, first]| {
            format!(
                "  choice: train {t:.4}  held-out {v:.4}  first {:.1} %",
                100.0 * first
            )
        });
        println!(
            "epoch {:>3}  excess loss: train {:.6}  held-out {:.6}{choice}  {:>6.1} s",
            e.epoch, e.train, e.valid, e.seconds
        )
    })?;
    std::fs::write(out, fitted.weights.to_bytes())?;
    println!(
        "wrote {} to {}: {} training and {} held-out positions, scale {:.1}, lambda {}",
        fitted.weights.label(),
        out.display(),
        fitted.samples,
        fitted.valid_samples,
        fitted.scale,
        cfg.lambda
    );
    if let Some(t) = fitted.temp {
        println!("choices: weight {}, temperature {t:.1}", cfg.choice);
    }
    for line in train::changes(&init, &fitted.weights) {
        println!("  {line}");
    }
    Ok(())
}

/// The code fit of `order -codes` on `records` (read from `data`, named in the table's header).
fn run_codes(
    records: &[dataset::Record],
    data: &[std::path::PathBuf],
    out: &std::path::Path,
    min_stones: usize,
    epochs: usize,
) -> anyhow::Result<()> {
    use rensa::search::movepick::{self, code_family, CODE_TABLE_NAMES};
    use rensa::search::stack::MoveEntry;
    // One table per rule family: the data must be of one.
    let mut families = records.iter().map(|r| code_family(r.rule));
    let family = families.next().unwrap_or(0);
    if families.any(|f| f != family) {
        anyhow::bail!("order -codes: the data mixes rule families; fit each family's table apart");
    }
    // The class values in the table's unit (hundredths of a natural log), as the engine adds the
    // table to them at `order_code_permille` 1000: the fit learns the codes around them, so
    // that the engine orders as the fit does.
    let mut samples = order::code_samples(records, min_stones);
    for s in &mut samples {
        s.offsets = (s.classes.iter())
            .map(|&(att, def)| {
                let m = MoveEntry {
                    att,
                    def,
                    ..MoveEntry::default()
                };
                movepick::static_score(&m) as f64 / 100.0
            })
            .collect();
    }
    // One position in ten held out (every tenth).
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for (i, s) in samples.into_iter().enumerate() {
        if i % 10 == 9 {
            held.push(s);
        } else {
            train.push(s);
        }
    }
    println!(
        "codes: {} positions to fit, {} held out; {epochs} steps",
        train.len(),
        held.len()
    );
    let w = order::fit_codes(&train, epochs, 0.1, 1e-6);
    // Each sample scores its cells by their offsets (the class values) plus these.
    let codes = |a: u16, d: u16| w[a as usize][0] + w[d as usize][1];
    let reports = [
        ("class values", order::code_report(&held, &|_, _| 0.0)),
        ("class values + codes", order::code_report(&held, &codes)),
    ];
    for (name, (_, top)) in &reports {
        println!(
            "held out, {name:>20}: chosen cell first {:.1} %, in the first 5 {:.1} %, 10 {:.1} %",
            100.0 * top[0],
            100.0 * top[1],
            100.0 * top[2]
        );
    }
    let loss = reports[1].1 .0;
    let header = format!(
        "Move ordering values of the pattern codes (src/search/{}, one of\n\
         CODE_TABLE_FILES in src/search/movepick.rs): for each code, the mover's and the\n\
         opponent's value, in hundredths of a natural log. Written by rensa-train order -codes:\n\
         a softmax fit, around the class values, of the cells the search chose in {} positions\n\
         of {} (-min-stones {min_stones}, {epochs} steps); held-out log-loss {loss:.4}.",
        CODE_TABLE_NAMES[family],
        train.len(),
        data.iter()
            .map(|p| p
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned())
            .collect::<Vec<_>>()
            .join(", ")
    );
    std::fs::write(out, order::code_table_text(&w, &header))?;
    println!("wrote {}", out.display());
    Ok(())
}
