//! `fray odds`: the fight played out many times, its progress on stderr (a bar when stderr
//! is a terminal), and the result as plain text or JSON on stdout.

use anyhow::{Result, anyhow};
use fray_app::Encounter;
use fray_app::simulate::odds::{self, Odds, Progress, Request};
use std::io::IsTerminal;
use std::time::Duration;

/// Plays `request` from `start` and prints what tends to happen.
pub fn print(name: &str, start: &Encounter, request: &Request, json: bool) -> Result<()> {
    let progress = Progress::default();
    let result = std::thread::scope(|s| {
        let worker = s.spawn(|| odds::run(start, request, &progress));
        if std::io::stderr().is_terminal() {
            let bar = indicatif::ProgressBar::new(u64::from(request.runs));
            bar.set_style(
                indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} fights, {eta} left")
                    .expect("a valid template"),
            );
            while !worker.is_finished() {
                bar.set_position(u64::from(progress.done()));
                std::thread::sleep(Duration::from_millis(100));
            }
            bar.finish_and_clear();
        }
        worker.join().map_err(|_| anyhow!("the simulation stopped unexpectedly"))
    })?;
    let odds = result.map_err(|e| match e {
        // The command line's way to ask for the fight from its start.
        odds::OddsError::Over(_) => anyhow!("{e} (--from-start)"),
        e => e.into(),
    })?;
    let text = if json {
        format!("{}\n", serde_json::to_string_pretty(&odds)?)
    } else {
        report(name, &odds)
    };
    crate::terminal::print_out(&text)
}

/// Prints the journal of fight `n` of the run `request` (the same dice), in Markdown.
pub fn show_fight(start: &Encounter, request: &Request, n: u32) -> Result<()> {
    let (result, history) = odds::sample_fight(start, request, n)?;
    let journal = fray_app::journal::markdown(history.base(), history.events());
    crate::terminal::print_out(&format!(
        "\nFight {n} of the run ({:?}, round {}):\n\n{journal}\n",
        result.ending, result.rounds
    ))
}

/// The result as a GM reads it.
pub fn report(name: &str, odds: &Odds) -> String {
    let mut out = format!(
        "{} — {} fights{} ({})\n\n",
        crate::terminal::safe(name),
        thousands(odds.runs),
        if odds.from_round > 0 {
            format!(" from round {} as it stands", odds.from_round)
        } else {
            String::new()
        },
        odds.stop_words()
    );
    let row = |label: &str, value: String| format!("{label:<20}{value}\n");
    out += &row("The party wins", odds.party_wins.percent());
    out += &row("The party loses", odds.party_loses.percent());
    if odds.party_fled.hits > 0 {
        out += &row("The party runs", odds.party_fled.percent());
    }
    out += &row("Undecided", odds.undecided.percent());
    if odds.no_way.hits > 0 {
        out += &row("No way between the sides", odds.no_way.percent());
    }
    if odds.rules_fault.hits > 0 {
        out += &row("Stopped by a fault of the rules", odds.rules_fault.percent());
    }
    out += &row("Total party kill", odds.party_wiped.percent());
    out += &row("Rounds", odds.rounds_words());
    let width = odds.characters.iter().map(|c| c.name.chars().count()).max().unwrap_or(0).max(9);
    out += &format!("\n{:<width$}  {:<20}{}\n", "Character", "Goes down", "Dies");
    for c in &odds.characters {
        out += &format!(
            "{:<width$}  {:<20}{}\n",
            crate::terminal::safe(&c.name),
            c.down.percent(),
            c.dies.percent()
        );
    }
    out +=
        "\nEach figure is followed by its 95% confidence interval. How the fights were played:\n";
    for a in &odds.assumptions {
        out += &format!("- {a}\n");
    }
    out
}

/// 10000 as "10,000".
fn thousands(n: u32) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
