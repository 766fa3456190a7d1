//! `rensa-train`: the command-line front of the training pipeline (see `rensa-train -help`).

use rensa_tournament::train::{self, Command};
use rensa_tournament::{datagen, dataset, fit, order};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match train::parse(&args) {
        Ok(Command::Help) => {
            print!("{}", train::HELP);
            return;
        }
        Ok(Command::Generate(cfg)) => generate(&cfg),
        Ok(Command::Fit {
            data,
            out,
            init,
            cfg,
        }) => run_fit(&data, &out, &init, &cfg),
        Ok(Command::Order {
            data,
            scale,
            min_stones,
        }) => run_order(&data, scale, min_stones),
        Err(e) => Err(e),
    };
    if let Err(e) = result {
        eprintln!("rensa-train: {e:#}");
        std::process::exit(2);
    }
}

fn generate(cfg: &datagen::GenConfig) -> anyhow::Result<()> {
    println!(
        "generate: {} {}x{}, {} nodes per move, {} threads, weights {} -> {}",
        cfg.rule.name(),
        cfg.size,
        cfg.size,
        cfg.nodes,
        cfg.concurrency,
        rensa::eval::weights::active().label(),
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

fn run_order(data: &[std::path::PathBuf], scale: f64, min_stones: usize) -> anyhow::Result<()> {
    let records = read_all(data)?;
    let c = order::count(&records, min_stones);
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
    Ok(())
}

fn run_fit(
    data: &[std::path::PathBuf],
    out: &std::path::Path,
    init: &train::Init,
    cfg: &fit::FitConfig,
) -> anyhow::Result<()> {
    let init = init.load()?;
    let records = read_all(data)?;
    println!(
        "fit: {} records from {} file(s), starting from {}",
        records.len(),
        data.len(),
        init.label()
    );
    let samples = fit::extract(&records, cfg);
    drop(records);
    let fitted = fit::fit(&samples, &init, cfg, &mut |e| {
        println!(
            "epoch {:>3}  excess loss: train {:.6}  held-out {:.6}  {:>6.1} s",
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
    Ok(())
}
