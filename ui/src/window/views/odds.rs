//! The *Odds…* window: the open encounter played out many times on a thread of its own
//! (`fray_app::simulate::odds`), a progress bar with Cancel while it runs and the figures
//! filling in as the fights are counted (the first after 400 fights, every one within ±5
//! points, then narrowing until every one is within the points the GM chose), then the
//! party's chances as plain numbers, a bar per character and a histogram of rounds, with how
//! the fights were played. Cancel keeps the figures counted so far. The window stays
//! responsive: the run uses every core but one, and this view only polls it.

use crate::window::Model;
use eframe::egui::{self, Color32, RichText};
use fray_app::Encounter;
use fray_app::simulate::autoplay::Rules;
use fray_app::simulate::odds::{self, DEFAULT_RUNS, Odds, OddsError, Progress, Request};
use fray_app::simulate::stats::Proportion;
use fray_app::simulate::stopping;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// The odds window's id.
pub const WINDOW_ID: &str = "encounter-odds";

/// Widget state of the odds window.
pub struct OddsView {
    /// Whether the window is shown (the GM may hide it while a run goes on).
    pub open: bool,
    /// The most fights to play (the run stops sooner once its figures are precise).
    pub runs: u32,
    /// How near every figure must come for the run to stop, in percentage points.
    pub precision: f64,
    /// Start from the board before the fight even when a fight is under way.
    from_start: bool,
    /// The party runs once half of it is out (otherwise it fights to the end).
    party_flees: bool,
    /// The run in progress.
    job: Option<Job>,
    /// What the last run gave: its odds, or why there are none.
    outcome: Option<Result<Odds, String>>,
    /// The encounter the run and its outcome are of.
    of: Option<fray_data::EncounterId>,
}

impl Default for OddsView {
    fn default() -> Self {
        OddsView {
            open: false,
            runs: DEFAULT_RUNS,
            precision: stopping::DEFAULT_PRECISION,
            from_start: false,
            party_flees: false,
            job: None,
            outcome: None,
            of: None,
        }
    }
}

/// A run on its own thread.
struct Job {
    progress: Arc<Progress>,
    runs: u32,
    handle: JoinHandle<Result<Odds, OddsError>>,
}

impl OddsView {
    /// Whether a run is going on.
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    fn start(&mut self, start: Encounter) {
        let progress = Arc::new(Progress::default());
        // Every core but one: the window keeps one to stay responsive.
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let request = Request {
            runs: self.runs,
            exact: false,
            precision: self.precision,
            seed: start.seed,
            threads: cores.saturating_sub(1).max(1),
            rules: Rules { party_flees: self.party_flees, ..Rules::default() },
        };
        let shared = Arc::clone(&progress);
        let handle = std::thread::spawn(move || odds::run(&start, &request, &shared));
        self.job = Some(Job { progress, runs: self.runs, handle });
        self.outcome = None;
    }

    /// Collects a finished run.
    fn poll(&mut self) {
        if self.job.as_ref().is_some_and(|j| j.handle.is_finished())
            && let Some(job) = self.job.take()
        {
            self.outcome = Some(match job.handle.join() {
                Ok(result) => result.map_err(|e| e.to_string()),
                Err(_) => Err("the simulation stopped unexpectedly".into()),
            });
        }
    }
}

/// The *Odds…* window over the open encounter.
pub fn odds_window_ui(ctx: &egui::Context, model: &Model, view: &mut OddsView) {
    let was_running = view.job.is_some();
    view.poll();
    if view.job.is_some() {
        ctx.request_repaint_after(Duration::from_millis(100));
    } else if was_running {
        // The result came: one more frame, so the window takes its new size.
        ctx.request_repaint();
    }
    let Some(session) = &model.session else { return };
    // Another encounter opened: a run of the last one stops and its odds go.
    if view.of.is_some_and(|of| of != session.encounter_id()) {
        if let Some(job) = view.job.take() {
            job.progress.cancel();
        }
        view.outcome = None;
        view.of = None;
    }
    let state = session.state();
    let mut open = view.open;
    let centre = ctx.content_rect().center();
    // A fixed size, small until there is a result, then as tall as the screen allows (the
    // rest scrolls): an egui window sized by its content keeps its first height.
    let room = (ctx.content_rect().height() - 120.0).max(240.0);
    // Wide enough for the figures and the characters side by side where the screen allows.
    let width = (ctx.content_rect().width() - 40.0).clamp(660.0, 940.0);
    let counting = view.job.as_ref().is_some_and(|j| j.progress.done() > 0);
    let height = match (&view.outcome, state.round > 0) {
        (Some(Ok(_)), _) => room,
        _ if counting => room,
        (_, true) => 276.0,
        (_, false) => 246.0,
    };
    egui::Window::new("Encounter odds")
        // Named, so its place on screen can be looked up (tests of what shows at 200 %).
        .id(egui::Id::unique(WINDOW_ID))
        .open(&mut open)
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos(egui::pos2(centre.x, 80.0))
        .fixed_size(egui::vec2(width, height))
        .collapsible(false)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| odds_ui(ui, state, session.encounter_id(), view));
        });
    view.open = open;
}

fn odds_ui(
    ui: &mut egui::Ui,
    state: &Encounter,
    session_id: fray_data::EncounterId,
    view: &mut OddsView,
) {
    ui.label("Fray plays this fight out many times with the real procedure and app dice, each side fighting by simple rules, and counts what happens.");
    ui.add_space(6.0);
    // Wrapped: with the precision's choice the sentence is wider than a small screen at 200 %.
    ui.horizontal_wrapped(|ui| {
        ui.label("At most");
        ui.add_enabled(
            view.job.is_none(),
            egui::DragValue::new(&mut view.runs)
                .range(100..=fray_app::simulate::odds::MAX_RUNS)
                .speed(100.0),
        );
        ui.label("fights: it stops sooner once every figure is within");
        precision_ui(ui, view);
    });
    ui.add_enabled(
        view.job.is_none(),
        egui::Checkbox::new(&mut view.party_flees, "The party runs once half of it is down"),
    );
    if state.round > 0 {
        ui.horizontal(|ui| {
            ui.radio_value(
                &mut view.from_start,
                false,
                format!("From round {} as it stands", state.round),
            );
            ui.radio_value(&mut view.from_start, true, "From the board before the fight");
        });
    }
    ui.add_space(6.0);
    let mut so_far = None;
    match &view.job {
        Some(job) => {
            let done = job.progress.done();
            let part = done as f32 / job.runs.max(1) as f32;
            ui.horizontal(|ui| {
                ui.add(
                    egui::ProgressBar::new(part)
                        .desired_width(360.0)
                        .text(format!("{done} fights so far, at most {}", job.runs)),
                );
                if ui.button("Cancel").clicked() {
                    job.progress.cancel();
                }
            });
            so_far = job.progress.so_far();
        }
        None => {
            let run = egui::Button::new(RichText::new("Run the fights").strong())
                .min_size(egui::vec2(180.0, 32.0));
            if ui.add(run).clicked() {
                let start =
                    if view.from_start || state.round == 0 { state.board() } else { state.clone() };
                view.start(start);
                view.of = Some(session_id);
            }
        }
    }
    ui.add_space(8.0);
    if let Some(odds) = &so_far {
        // The line under the figures says they are those counted so far.
        result_ui(ui, odds);
        return;
    }
    match &view.outcome {
        Some(Ok(odds)) => result_ui(ui, odds),
        Some(Err(why)) if why == "cancelled" => {
            ui.label("Cancelled before any fights were counted.");
        }
        Some(Err(why)) => {
            ui.colored_label(ui.visuals().error_fg_color, format!("No odds: {why}."));
        }
        None => {}
    }
}

/// How near the figures must come before the run stops: a quick look (±5 points, the first
/// figures), the default, a careful answer; one choice in the sentence it finishes.
fn precision_ui(ui: &mut egui::Ui, view: &mut OddsView) {
    ui.add_enabled_ui(view.job.is_none(), |ui| {
        // "… within [±2] points.": the word after the choice is its label.
        egui::ComboBox::new("odds-precision", "points.")
            .selected_text(format!("±{}", view.precision))
            .show_ui(ui, |ui| {
                for p in stopping::CHOICES {
                    ui.selectable_value(&mut view.precision, p, format!("±{p}"));
                }
            });
    });
}

/// Width at which the ending figures and the characters' chances stand side by side: the
/// answer to "what are our chances?" and to "who might die?" at one glance, even at 200 %
/// (where one under the other puts the characters below the fold).
const SIDE_BY_SIDE: f32 = 860.0;
/// The ending figures' column beside the characters: "No way between the sides" and a figure
/// with two decimals.
const ENDINGS_WIDTH: f32 = 340.0;

fn result_ui(ui: &mut egui::Ui, odds: &Odds) {
    if ui.available_width() >= SIDE_BY_SIDE {
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                // As wide as its widest row can be, so the characters beside it do not shift
                // while the figures fill in and their digits change.
                ui.set_min_width(ENDINGS_WIDTH);
                endings_ui(ui, odds);
            });
            ui.add_space(20.0);
            ui.vertical(|ui| characters_ui(ui, odds));
        });
    } else {
        endings_ui(ui, odds);
        ui.add_space(8.0);
        characters_ui(ui, odds);
    }
    ui.add_space(6.0);
    egui::Grid::new("odds-rounds").num_columns(2).spacing([16.0, 4.0]).show(ui, |ui| {
        ui.label("Rounds");
        ui.label(odds.rounds_words());
        ui.end_row();
    });
    ui.small(format!(
        "{} fights{} ({}); each figure with its 95% confidence interval.",
        odds.runs,
        if odds.from_round > 0 {
            format!(" from round {}", odds.from_round)
        } else {
            String::new()
        },
        odds.stop_words()
    ));
    ui.add_space(8.0);
    ui.label(RichText::new("How long the fights lasted").strong());
    rounds_ui(ui, odds);
    ui.add_space(8.0);
    egui::CollapsingHeader::new("How these fights were played").default_open(true).show(ui, |ui| {
        for a in &odds.assumptions {
            ui.label(format!("• {a}"));
        }
    });
}

/// How the fights ended: the party's chance to win first and largest.
fn endings_ui(ui: &mut egui::Ui, odds: &Odds) {
    let heading = |p: &Proportion| RichText::new(p.percent()).size(22.0).strong();
    egui::Grid::new("odds-numbers").num_columns(2).spacing([16.0, 4.0]).show(ui, |ui| {
        ui.label(RichText::new("The party wins").size(18.0));
        ui.label(heading(&odds.party_wins));
        ui.end_row();
        ui.label("The party loses");
        ui.label(odds.party_loses.percent());
        ui.end_row();
        if odds.party_fled.hits > 0 {
            ui.label("The party runs");
            ui.label(odds.party_fled.percent());
            ui.end_row();
        }
        ui.label("Undecided");
        ui.label(odds.undecided.percent());
        ui.end_row();
        if odds.no_way.hits > 0 {
            ui.label("No way between the sides");
            ui.label(odds.no_way.percent());
            ui.end_row();
        }
        if odds.rules_fault.hits > 0 {
            ui.label("Stopped by a fault of the rules");
            ui.label(odds.rules_fault.percent());
            ui.end_row();
        }
        ui.label("Total party kill");
        ui.label(odds.party_wiped.percent());
        ui.end_row();
    });
}

/// The charts' colours for the theme: on the light theme darker fills and a framed track, so
/// the bars stand out from the white as they do from the dark.
struct ChartColours {
    down: Color32,
    dead: Color32,
    rounds: Color32,
    track: Color32,
    frame: Color32,
}

impl ChartColours {
    fn of(visuals: &egui::Visuals) -> Self {
        if visuals.dark_mode {
            ChartColours {
                down: Color32::from_rgb(0xd9, 0x8c, 0x1f),
                dead: Color32::from_rgb(0xc0, 0x39, 0x2b),
                rounds: Color32::from_rgb(0x4a, 0x90, 0xd9),
                track: visuals.extreme_bg_color,
                frame: visuals.widgets.noninteractive.bg_stroke.color,
            }
        } else {
            ChartColours {
                down: Color32::from_rgb(0xb3, 0x6b, 0x00),
                dead: Color32::from_rgb(0xa5, 0x1d, 0x12),
                rounds: Color32::from_rgb(0x2b, 0x63, 0xa8),
                track: Color32::from_gray(226),
                frame: Color32::from_gray(140),
            }
        }
    }
}

/// Down (amber) and dead (red) bars for each character, with the numbers beside them.
fn characters_ui(ui: &mut egui::Ui, odds: &Odds) {
    ui.horizontal(|ui| {
        ui.label(RichText::new("Each character").strong());
        ui.small("bars: amber goes down, red dies");
    });
    let colours = ChartColours::of(ui.visuals());
    let (down, dead) = (colours.down, colours.dead);
    egui::Grid::new("odds-characters").num_columns(3).spacing([12.0, 4.0]).show(ui, |ui| {
        for c in &odds.characters {
            ui.label(&c.name);
            bar_ui(ui, &[(c.down.estimate, down), (c.dies.estimate, dead)], 120.0);
            ui.label(format!("down {}, dies {}", c.down.percent(), c.dies.percent()));
            ui.end_row();
        }
    });
}

/// One bar holding several shares, the larger drawn first so the smaller shows over it.
fn bar_ui(ui: &mut egui::Ui, parts: &[(f64, Color32)], width: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, 16.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let colours = ChartColours::of(ui.visuals());
    painter.rect_filled(rect, 3.0, colours.track);
    painter.rect_stroke(rect, 3.0, egui::Stroke::new(1.0, colours.frame), egui::StrokeKind::Inside);
    for (share, colour) in parts {
        let w = rect.width() * (*share as f32).clamp(0.0, 1.0);
        painter.rect_filled(
            egui::Rect::from_min_size(rect.min, egui::vec2(w, rect.height())),
            3.0,
            *colour,
        );
    }
}

/// A histogram of rounds fought, one column per round.
fn rounds_ui(ui: &mut egui::Ui, odds: &Odds) {
    let Some(last) = odds.rounds.last().map(|(r, _)| *r) else { return };
    let first = odds.rounds.first().map_or(1, |(r, _)| *r);
    let most = odds.rounds.iter().map(|(_, n)| *n).max().unwrap_or(1).max(1);
    let columns = (last - first + 1) as f32;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(480.0, 110.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let plot = egui::Rect::from_min_max(rect.min, rect.max - egui::vec2(0.0, 18.0));
    let width = plot.width() / columns;
    let colour = ChartColours::of(ui.visuals()).rounds;
    let text = ui.visuals().text_color();
    for (round, fights) in &odds.rounds {
        let x = plot.left() + (round - first) as f32 * width;
        let h = plot.height() * *fights as f32 / most as f32;
        let bar = egui::Rect::from_min_max(
            egui::pos2(x + 1.0, plot.bottom() - h),
            egui::pos2(x + width - 1.0, plot.bottom()),
        );
        painter.rect_filled(bar, 2.0, colour);
    }
    // A few round numbers along the bottom, never crowded.
    let step = ((columns / 10.0).ceil() as u32).max(1);
    for round in (first..=last).step_by(step as usize) {
        let x = plot.left() + (round - first) as f32 * width + width / 2.0;
        painter.text(
            egui::pos2(x, rect.bottom()),
            egui::Align2::CENTER_BOTTOM,
            round.to_string(),
            egui::FontId::proportional(12.0),
            text,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::ChartColours;
    use eframe::egui::{Color32, Visuals};

    /// WCAG relative luminance.
    fn luminance(c: Color32) -> f64 {
        let lin = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.03928 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
        };
        0.2126 * lin(c.r()) + 0.7152 * lin(c.g()) + 0.0722 * lin(c.b())
    }

    fn contrast(a: Color32, b: Color32) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    #[test]
    fn the_bars_stand_out_from_their_track_and_the_window_in_both_themes() {
        for visuals in [Visuals::dark(), Visuals::light()] {
            let c = ChartColours::of(&visuals);
            for (what, fill) in [("down", c.down), ("dead", c.dead), ("rounds", c.rounds)] {
                let against = [c.track, visuals.panel_fill, visuals.window_fill];
                for back in against {
                    // 3:1, what graphics need to be told apart (WCAG 1.4.11).
                    let ratio = contrast(fill, back);
                    assert!(
                        ratio >= 3.0,
                        "{what} on {back:?}, dark {}: {ratio:.2}",
                        visuals.dark_mode
                    );
                }
            }
        }
    }
}
