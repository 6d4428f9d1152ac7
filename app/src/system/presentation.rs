//! What a screen shows of a fight, answered by the procedure so views never read a system's
//! own state: a token's main tracks and how it stands (acting, done, down, dying, dead,
//! fled...) and the last ruling; the stepper's headline is [`super::spotlight`]. The
//! window draws these; the player window will draw them through the table view.

use super::System;
use crate::encounter::{Combatant, Encounter, Track, stat_label};
use crate::event::{Event, EventKind};
use crate::ids::{CombatantId, ZoneId};

/// What a track measures, so each meaning gets its own colour: harm that kills, fatigue that
/// fills up, stress spent first, or a plain count (a detachment's members).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Meaning {
    /// Health: HP, STR, Wound Points, Health. Low is bad.
    Harm,
    /// Stamina spent before harm (Stress, Mana). Low is tired, not hurt.
    Stress,
    /// Fills up as it gets worse (Fatigue). High is bad.
    Fatigue,
    /// A count (members of a detachment).
    Count,
}

/// One track as a token shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrackView {
    /// The track's key (`hp`).
    pub key: String,
    /// Its label (`HP`).
    pub label: String,
    /// Current value.
    pub value: i64,
    /// Maximum.
    pub max: i64,
    /// What it means.
    pub meaning: Meaning,
}

impl TrackView {
    fn of(track: &Track, meaning: Meaning) -> Self {
        TrackView {
            key: track.name.clone(),
            label: stat_label(&track.name),
            value: track.value,
            max: track.max,
            meaning,
        }
    }

    /// How bad it is, 0 (fine) to 1 (spent or full up), for colour and bar length.
    pub fn fraction(&self) -> f32 {
        if self.max <= 0 {
            return 0.0;
        }
        (self.value as f32 / self.max as f32).clamp(0.0, 1.0)
    }
}

/// How a combatant stands in the fight, the worst first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Standing {
    /// Dead or destroyed.
    Dead,
    /// Dying: dead soon unless helped.
    Dying,
    /// Down: unconscious, incapacitated, at 0 where that drops one.
    Down,
    /// Fled, routed, escaped or retreating: leaving the fight.
    Fled,
    /// Surrendered.
    Surrendered,
    /// Up and fighting.
    Up,
}

impl Standing {
    /// The word on the token ("Dead").
    pub fn word(self) -> &'static str {
        match self {
            Standing::Dead => "Dead",
            Standing::Dying => "Dying",
            Standing::Down => "Down",
            Standing::Fled => "Fled",
            Standing::Surrendered => "Surrendered",
            Standing::Up => "",
        }
    }

    /// Whether it is out of the fight for now (the token is greyed).
    pub fn is_out(self) -> bool {
        self != Standing::Up
    }
}

/// Conditions that say how a combatant stands, in the words the procedures use.
const STANDINGS: &[(&str, Standing)] = &[
    ("dead", Standing::Dead),
    ("destroyed", Standing::Dead),
    ("dying", Standing::Dying),
    // A word for lying at 0 HP, dead at a countdown's end unless healed.
    ("mortally injured", Standing::Dying),
    ("down", Standing::Down),
    ("unconscious", Standing::Down),
    ("incapacitated", Standing::Down),
    ("fled", Standing::Fled),
    ("routed", Standing::Fled),
    ("escaped", Standing::Fled),
    ("retreating", Standing::Fled),
    ("fleeing", Standing::Fled),
    ("surrendered", Standing::Surrendered),
];

/// Everything a token shows of one combatant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenView {
    /// The main tracks, most telling first (HP then STR, Stress then Wound Points, as the
    /// procedure says); never empty when the combatant has a track with a maximum.
    pub main: Vec<TrackView>,
    /// The index in [`TokenView::main`] of the track a small token shows: the first not yet
    /// spent (HP until it is gone, then STR), or a harm track below zero.
    pub compact: Option<usize>,
    /// How it stands.
    pub standing: Standing,
    /// It acts now.
    pub acting: bool,
    /// It has had its turn this round.
    pub done: bool,
    /// Concealed from its foes.
    pub hidden: bool,
    /// Surprised: no turn yet.
    pub surprised: bool,
    /// Its other conditions, for chips (those that set the standing are left out).
    pub conditions: Vec<String>,
    /// The neighbouring zone it stands on the border with.
    pub border: Option<ZoneId>,
}

/// An arrow between two zones the board draws, with its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrow {
    /// Where it starts (where a blast was aimed).
    pub from: ZoneId,
    /// Where it points (where it landed); that card is ringed.
    pub to: ZoneId,
    /// Its words ("Blast deviated").
    pub label: &'static str,
}

/// The token of `id` as `system` shows it, or `None` when it is gone.
pub fn token_view(system: &dyn System, enc: &Encounter, id: CombatantId) -> Option<TokenView> {
    let c = enc.combatant(id)?;
    let with_max: Vec<&Track> = c.tracks.iter().filter(|t| t.max > 0).collect();
    let mut main: Vec<TrackView> = system
        .main_tracks()
        .iter()
        .filter_map(|key| with_max.iter().find(|t| t.name == *key))
        .map(|t| TrackView::of(t, system.track_meaning(&t.name)))
        .collect();
    if main.is_empty()
        && let Some(t) = with_max.first()
    {
        main.push(TrackView::of(t, system.track_meaning(&t.name)));
    }
    let compact = compact_track(&main);
    let standing = standing(c);
    Some(TokenView {
        compact,
        standing,
        acting: system.acting(enc).contains(&id),
        done: system.has_acted(enc, id),
        hidden: c.conditions.contains("concealed"),
        surprised: c.conditions.contains("surprised"),
        conditions: c
            .conditions
            .iter()
            .filter(|k| !STANDINGS.iter().any(|(w, _)| w == k))
            .filter(|k| *k != "concealed")
            .map(|k| match enc.timer(id, k) {
                // A condition that ends by itself shows what is left of it: "blessed (2)".
                Some(t) => format!("{k} ({})", t.short(enc.round)),
                None => k.clone(),
            })
            .collect(),
        border: system.border(enc, id),
        main,
    })
}

/// Whether `c` has one of `conditions` (a procedure's own words for out of the fight): its own
/// few conditions looked up, asked for everyone at every step of a simulated fight.
pub fn has_any(c: &Combatant, conditions: &[&str]) -> bool {
    c.conditions.iter().any(|x| conditions.contains(&x.as_str()))
}

/// The worst standing its conditions say.
pub fn standing(c: &Combatant) -> Standing {
    // Most combatants have no condition at all; this is asked at every step of a simulation.
    if c.conditions.is_empty() {
        return Standing::Up;
    }
    // The few conditions it has looked up among the standings, not every standing among them.
    c.conditions
        .iter()
        .filter_map(|cond| STANDINGS.iter().find(|(word, _)| *word == cond.as_str()))
        .map(|(_, s)| *s)
        .min()
        .unwrap_or(Standing::Up)
}

/// The main track a small token shows, the one that tells most: a harm track below zero
/// (dying), else of those that still hold something the one furthest below its maximum for
/// its size (STR 3/10 over HP 6/6; the first of equals), else the last of them (all spent).
/// Fatigue, which fills up as it gets worse, is never the pick: a full token shows it beside
/// the others.
fn compact_track(main: &[TrackView]) -> Option<usize> {
    let candidates: Vec<usize> =
        (0..main.len()).filter(|i| main[*i].meaning != Meaning::Fatigue).collect();
    // value / max compared across without division: a/b < c/d when a·d < c·b (max > 0).
    let lower = |i: usize, j: usize| main[i].value * main[j].max < main[j].value * main[i].max;
    let holding = candidates.iter().copied().filter(|i| main[*i].value > 0);
    let most_spent = holding.fold(None, |best: Option<usize>, i| match best {
        Some(b) if !lower(i, b) => Some(b),
        _ => Some(i),
    });
    candidates
        .iter()
        .copied()
        .find(|i| main[*i].value < 0 && main[*i].meaning == Meaning::Harm)
        .or(most_spent)
        .or(candidates.last().copied())
}

/// The meaning of a track by its usual key: what most procedures call their tracks.
pub fn usual_meaning(key: &str) -> Meaning {
    match key {
        "fatigue" | "exhaustion" => Meaning::Fatigue,
        "stress" | "mana" | "power" => Meaning::Stress,
        "members" => Meaning::Count,
        _ => Meaning::Harm,
    }
}

/// The newest rulings in `events` (a procedure's one-line explanations of its decisions:
/// "Harald blocks: d8 → d4, 3 − 1 Armor = 2 to HP"), at most `n`, oldest first, for the
/// banner over the board: a blow's hit, its damage and the save that follows stay together.
/// Each names whom it is about when its words do not ("Goblin: STR 0: dead").
pub fn recent_rulings(enc: &Encounter, events: &[Event], n: usize) -> Vec<String> {
    let mut out: Vec<String> = events
        .iter()
        .rev()
        .filter_map(|e| match &e.kind {
            EventKind::Ruling { text } => Some(named(enc, e.actor, text)),
            _ => None,
        })
        .take(n)
        .collect();
    out.reverse();
    out
}

/// `text`, led by the name of `actor` when it does not say it already.
fn named(enc: &Encounter, actor: Option<CombatantId>, text: &str) -> String {
    match actor.and_then(|id| enc.combatant(id)) {
        Some(c) if !text.contains(c.name.as_str()) => format!("{}: {text}", c.name),
        _ => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(system: &str, script: &str, who: &str) -> TokenView {
        let text = format!("system {system}\nside Party party\nside Foes\nzone Hall\n{script}");
        let h = crate::systems::run_script("t.fray", &text).unwrap();
        let enc = h.state();
        let id = enc.combatant_named(who).unwrap().id;
        token_view(crate::systems::registry().get(system).unwrap(), enc, id).unwrap()
    }

    fn shown(v: &TokenView) -> (Vec<&str>, Option<&str>) {
        let main = v.main.iter().map(|t| t.label.as_str()).collect();
        (main, v.compact.map(|i| v.main[i].label.as_str()))
    }

    #[test]
    fn bdp_shows_hp_then_str_never_dex() {
        // The skeleton of the report: HP 0/3, STR 4/8, DEX 9/10.
        let v = view(
            "bdp",
            "add Skeleton side Foes zone Hall track hp=0/3 str=4/8 dex=9/10 wil=7",
            "Skeleton",
        );
        assert_eq!(
            shown(&v),
            (vec!["HP", "STR"], Some("STR")),
            "HP spent: the small token shows STR"
        );
        assert_eq!((v.main[1].value, v.main[1].max), (4, 8));
        let v = view(
            "bdp",
            "add Bandit side Foes zone Hall track hp=3/4 str=9 dex=10 wil=8 fatigue=2/10",
            "Bandit",
        );
        assert_eq!(shown(&v), (vec!["HP", "STR", "Fatigue"], Some("HP")));
        assert_eq!(v.main[2].meaning, Meaning::Fatigue);
        // STR 3 of 10 tells more than a whole HP 6/6: the small token shows STR.
        let v =
            view("bdp", "add Ada side Party zone Hall track hp=6/6 str=3/10 dex=10 wil=8", "Ada");
        assert_eq!(shown(&v), (vec!["HP", "STR"], Some("STR")), "the most spent, for its size");
        let v = view("bdp", "add Bo side Party zone Hall track hp=3/6 str=5/10 dex=10 wil=8", "Bo");
        assert_eq!(shown(&v).1, Some("HP"), "equal shares: the first");
        // All spent, fatigue high: the small token still shows the body, never the fatigue.
        let v = view(
            "bdp",
            "add Gone side Foes zone Hall track hp=0/4 str=0/9 dex=10 wil=8 fatigue=6/10",
            "Gone",
        );
        assert_eq!(shown(&v).1, Some("STR"));
        let v = view(
            "bdp",
            "add Horde side Foes zone Hall track hp=4 str=8 dex=12 wil=7 members=6/8",
            "Horde",
        );
        assert_eq!(
            v.main.last().map(|t| (t.label.as_str(), t.meaning)),
            Some(("Members", Meaning::Count))
        );
    }

    #[test]
    fn d12_shows_stress_then_wound_points() {
        let block = r#"{"stats": {"str": 13, "str mod": 1}, "hd": "1d8", "attacks": []}"#;
        let v = view("d12", &format!("add Wolf side Foes zone Hall block {block}"), "Wolf");
        assert_eq!(shown(&v), (vec!["Stress", "WP"], Some("Stress")));
        assert_eq!(v.main[0].meaning, Meaning::Stress);
        assert_eq!(v.main[1].meaning, Meaning::Harm);
        let v = view(
            "d12",
            &format!(
                "add Wolf side Foes zone Hall block {block}\ntrack Wolf stress =0\ntrack Wolf wp =-3"
            ),
            "Wolf",
        );
        assert_eq!(shown(&v).1, Some("WP"), "dying at −3: the Wound Points");
    }

    #[test]
    fn murdham_and_freeform_show_their_health() {
        let v = view("murdham", "add Hugo side Party zone Hall stat str=12 agi=10 wit=10", "Hugo");
        assert_eq!(shown(&v), (vec!["Health"], Some("Health")));
        let v = view("freeform", "add Orc side Foes zone Hall track hp=3/7 fatigue=1/5", "Orc");
        assert_eq!(shown(&v), (vec!["HP"], Some("HP")));
        let v = view("freeform", "add Ooze side Foes zone Hall track slime=3/7", "Ooze");
        assert_eq!(shown(&v), (vec!["Slime"], Some("Slime")), "no HP: the first track");
    }

    #[test]
    fn the_standing_is_the_worst_condition_and_leaves_the_chips() {
        let v = view(
            "freeform",
            "add Orc side Foes zone Hall track hp=0/7 condition dying condition prone",
            "Orc",
        );
        assert_eq!(v.standing, Standing::Dying);
        assert_eq!(v.conditions, ["prone"]);
        let v =
            view("freeform", "add Orc side Foes zone Hall condition dying condition dead", "Orc");
        assert_eq!(v.standing, Standing::Dead);
        let v = view(
            "bdp",
            "add Orc side Foes zone Hall track hp=4 str=9 dex=9 wil=9 condition routed",
            "Orc",
        );
        assert_eq!((v.standing, v.standing.word()), (Standing::Fled, "Fled"));
        assert!(v.standing.is_out());
        let v = view("freeform", "add Orc side Foes zone Hall", "Orc");
        assert_eq!(v.standing, Standing::Up);
        assert!(v.main.is_empty());
    }

    #[test]
    fn acting_and_done_follow_the_procedure() {
        let text = "system murdham\nside Party party\nside Foes\nzone Hall\n\
                    add Hugo side Party zone Hall stat str=12 agi=10 wit=10\n\
                    add Brute side Foes zone Hall stat str=14 agi=8 wit=7\n\
                    holder Foes\nnext\nfirst Foes\nactivate Brute\n";
        let h = crate::systems::run_script("t.fray", text).unwrap();
        let (sys, enc) = (crate::systems::registry().get("murdham").unwrap(), h.state());
        let brute = enc.combatant_named("Brute").unwrap().id;
        let hugo = enc.combatant_named("Hugo").unwrap().id;
        assert!(token_view(sys, enc, brute).unwrap().acting);
        assert_eq!(sys.spotlight(enc).who, "Brute");
        let mut h = h;
        let mut dice = crate::dice::SeededDice::new(0, 99);
        h.execute(crate::systems::murdham::MurdhamCommand::EndTurn.into(), &mut dice).unwrap();
        let enc = h.state();
        let brute_view = token_view(sys, enc, brute).unwrap();
        assert!(!brute_view.acting && brute_view.done);
        assert!(!token_view(sys, enc, hugo).unwrap().done);
        assert_eq!(sys.spotlight(enc).who, "Party's choice");
    }

    #[test]
    fn the_banner_holds_the_blows_whole_result_each_line_naming_whom() {
        let text = "system bdp\nside Party party\nside Foes\nzone Hall\n\
                    add Ann side Party zone Hall track hp=4 str=10 dex=10 wil=10\n\
                    add Goblin side Foes zone Hall track hp=1 str=2 dex=10 wil=6\n\
                    hurt Goblin 1d6 table 5\nsay \"The torches gutter.\"\n";
        let h = crate::systems::run_script("t.fray", text).unwrap();
        let lines = recent_rulings(h.state(), h.events(), 3);
        // The damage, then the death it brought, the newest last; narration is no ruling.
        let last = lines.last().unwrap();
        assert_eq!(last, "Goblin: STR 0: dead", "{lines:?}");
        assert!(lines.len() >= 2 && lines[lines.len() - 2].contains("Goblin"), "{lines:?}");
        assert!(lines.len() <= 3);
        assert!(recent_rulings(h.state(), &h.events()[..2], 3).is_empty());
    }
}
