//! `rensa-train`: the command-line front of the training pipeline (see `rensa-train -help`).

use rensa_tournament::train::{self, Command};
use rensa_tournament::{datagen, dataset, fit};

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

fn run_fit(
    data: &[std::path::PathBuf],
    out: &std::path::Path,
    init: &train::Init,
    cfg: &fit::FitConfig,
) -> anyhow::Result<()> {
    let init = init.load()?;
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
