//! The recap's figures on each procedure's golden fights, every number worked out by hand from
//! the fight's journal (`fray play tests/scenarios/<name>.fray`), and its arithmetic.

use super::*;

/// The recap of a golden scenario of `tests/scenarios`.
pub(crate) fn golden(name: &str) -> FightRecap {
    crate::systems::registry();
    let path = format!("{}/../tests/scenarios/{name}.fray", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("golden scenario");
    let history = crate::systems::run_script(&path, &text).expect("the golden runs");
    of_history(&history)
}

fn points(p: &Points) -> String {
    let parts: Vec<String> = p.iter().map(|(k, v)| format!("{v} {k}")).collect();
    if parts.is_empty() { "0".into() } else { parts.join(" + ") }
}

/// One line per combatant that fought (not those merged away untouched), in the words of the
/// hand counts below.
fn lines(r: &FightRecap) -> Vec<String> {
    r.combatants
        .iter()
        .filter(|f| f.turns > 0 || !f.taken.is_empty() || f.end != "Removed")
        .map(|f| {
            let names = |ids: &[crate::ids::CombatantId]| {
                ids.iter().map(|id| r.name_of(*id)).collect::<Vec<_>>().join(", ")
            };
            let by: Vec<&str> =
                f.taken_out_by.iter().map(|b| b.map_or("nobody", |b| r.name_of(b))).collect();
            format!(
                "{}: dealt {} took {} | landed {} missed {} avoided {} | reactions {} aside {} | \
                 crits {} fumbles {} | out [{}] by [{}] | down {} turns {} | {}",
                f.name,
                points(&f.dealt),
                points(&f.taken),
                f.landed,
                f.missed,
                f.avoided,
                f.reactions,
                f.turned_aside,
                f.criticals,
                f.fumbles,
                names(&f.took_out),
                by.join(", "),
                f.rounds_down,
                f.turns,
                if f.end.is_empty() { "up" } else { &f.end },
            )
        })
        .collect()
}

fn fight_line(r: &FightRecap) -> String {
    let side = |id| r.sides.iter().find(|s| s.id == id).map_or("?", |s| s.name.as_str());
    format!(
        "rounds {} | nobody's {} | turned {} | biggest {} | closest {}",
        r.rounds,
        points(&r.unattributed),
        r.turned.as_ref().map_or("never".into(), |t| format!(
            "{} in round {}",
            side(t.side),
            t.round
        )),
        r.biggest.as_ref().map_or("none".into(), |b| format!(
            "{} on {}: {} in round {}",
            b.by.map_or("nobody", |by| r.name_of(by)),
            r.name_of(b.on),
            points(&b.points),
            b.round
        )),
        r.closest.as_ref().map_or("none".into(), |c| format!(
            "{} down to {} of {} in round {}",
            r.name_of(c.who),
            c.left,
            c.max,
            c.round
        )),
    )
}

#[test]
fn d12_blows_at_one_count_each_land_and_each_striker_takes_the_other_out() {
    // Round 1: Maud's hammer hits the hobgoblin (a critical: 13 Wound Points, out); Tavorr and
    // the bugbear strike at count 12, both critical (17 and 20): each drops the other. The
    // hobgoblin strains (1) and hits Maud for 3 Stress. Each of the three down bleeds 1. Round
    // 2: the hobgoblin strains (1) again and misses; the three bleed again.
    let r = golden("d12-simultaneous");
    assert_eq!(
        lines(&r),
        [
            "Tavorr: dealt 17 wp took 22 wp | landed 1 missed 0 avoided 0 | reactions 0 aside 0 | crits 1 fumbles 0 | out [Bugbear scoundrel] by [Bugbear scoundrel] | down 1 turns 2 | Dying",
            "Sister Maud: dealt 13 wp took 3 stress | landed 1 missed 0 avoided 0 | reactions 0 aside 0 | crits 1 fumbles 0 | out [Hobgoblin warrior] by [] | down 0 turns 2 | up",
            "Bugbear scoundrel: dealt 20 wp took 19 wp | landed 1 missed 0 avoided 0 | reactions 0 aside 0 | crits 1 fumbles 0 | out [Tavorr] by [Tavorr] | down 1 turns 2 | Dying",
            "Hobgoblin warrior: dealt 3 stress took 17 wp | landed 1 missed 1 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 0 | out [] by [Sister Maud] | down 1 turns 2 | Dying",
        ]
    );
    assert_eq!(
        fight_line(&r),
        "rounds 2 | nobody's 8 wp | turned Party in round 1 | biggest Bugbear scoundrel on Tavorr: 20 wp in round 1 | closest Sister Maud down to 25 of 28 in round 1"
    );
}

#[test]
fn murdham_counters_land_together_and_a_dodge_or_counter_turns_a_blow_aside() {
    // Round 1: Hilde dodges Ragnar (aside); Sven fails to dodge Gunnar (3); Ulf hits Hilde (2);
    // Ivo hides behind Jorunn, who counters Knut: both take 4. Round 2: Ragnar counters Ivo and
    // drops him first (6 of 9: a critical hit; Ivo's blow never lands); Gunnar guards Jorunn
    // and takes Sven's 3; Ulf strikes Hilde leaving (2); Knut hits Hilde (1); Jorunn hits the
    // unaware Sven (3 of 5: critical, out). Round 3: Knut from hiding (1); Gunnar and Ragnar's
    // counter trade 4 and 1.
    let r = golden("murdham-reactions");
    assert_eq!(
        lines(&r),
        [
            "Gunnar: dealt 7 health took 4 health | landed 2 missed 0 avoided 0 | reactions 1 aside 0 | crits 0 fumbles 0 | out [] by [] | down 0 turns 2 | up",
            "Hilde: dealt 0 took 6 health | landed 0 missed 0 avoided 0 | reactions 1 aside 1 | crits 0 fumbles 0 | out [] by [] | down 0 turns 1 | up",
            "Ivo: dealt 0 took 6 health | landed 0 missed 0 avoided 1 | reactions 1 aside 0 | crits 0 fumbles 0 | out [] by [Ragnar] | down 1 turns 1 | Down",
            "Jorunn: dealt 7 health took 4 health | landed 2 missed 0 avoided 0 | reactions 1 aside 0 | crits 1 fumbles 0 | out [Sven] by [] | down 0 turns 1 | up",
            "Ragnar: dealt 7 health took 4 health | landed 2 missed 0 avoided 1 | reactions 2 aside 1 | crits 1 fumbles 0 | out [Ivo] by [] | down 0 turns 1 | up",
            "Sven: dealt 3 health took 6 health | landed 1 missed 0 avoided 0 | reactions 1 aside 0 | crits 0 fumbles 0 | out [] by [Jorunn] | down 1 turns 1 | Down",
            "Ulf: dealt 4 health took 0 | landed 2 missed 0 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 0 | out [] by [] | down 0 turns 1 | up",
            "Knut: dealt 6 health took 4 health | landed 3 missed 0 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 0 | out [] by [] | down 0 turns 3 | up",
        ]
    );
    assert_eq!(
        fight_line(&r),
        "rounds 3 | nobody's 0 | turned never | biggest Ragnar on Ivo: 6 health in round 2 | closest Hilde down to 4 of 10 in round 3"
    );
}

#[test]
fn dr12_natural_twenties_ones_and_the_dex_test_count_as_the_procedure_says() {
    // Round 1: Tamsin's shortbow hits the marsh goblin (4); Hester's natural 20 doubles 5 to
    // 10, less armour 9; the boss's spear meets Hester's natural 1 on the DEX Test: 4 doubled
    // to 8 (the boss's critical hit); Tamsin's DEX Test avoids the goblin's knife. Rounds 2 and
    // 3: Tamsin rolls natural 1s (misses, fumbles). Round 4: her shot kills the boss (3 left).
    let r = golden("dr12-attacks");
    assert_eq!(
        lines(&r),
        [
            "Hester: dealt 9 hp took 8 hp | landed 1 missed 0 avoided 0 | reactions 0 aside 0 | crits 1 fumbles 0 | out [] by [] | down 0 turns 3 | up",
            "Tamsin: dealt 7 hp took 0 | landed 2 missed 2 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 2 | out [Goblin boss] by [] | down 0 turns 4 | up",
            "Goblin boss: dealt 8 hp took 12 hp | landed 1 missed 0 avoided 0 | reactions 0 aside 0 | crits 1 fumbles 0 | out [] by [Tamsin] | down 0 turns 3 | Dead",
            "Marsh goblin: dealt 0 took 4 hp | landed 0 missed 0 avoided 1 | reactions 0 aside 0 | crits 0 fumbles 0 | out [] by [] | down 0 turns 3 | up",
        ]
    );
    assert_eq!(
        fight_line(&r),
        "rounds 4 | nobody's 0 | turned Reed-cutters in round 4 | biggest Hester on Goblin boss: 9 hp in round 1 | closest Hester down to 2 of 10 in round 1"
    );
}

#[test]
fn sovereign_shock_on_a_miss_is_the_attackers_harm_and_the_blow_still_a_miss() {
    // Round 1: Aldo hits Bandit 1 (Shock 3); Brina's bow misses; Bandit 1 hits Aldo (4);
    // Bandit 2 misses Brina, whose shield turns the Shock aside. Round 2: Aldo misses, but his
    // Shock (3) kills Bandit 1 at 2; Bandit 2 misses and Brina's shield turns the Shock again;
    // the captain misses Brina and his Shock deals 2.
    let r = golden("sovereign-attacks");
    assert_eq!(
        lines(&r),
        [
            "Aldo: dealt 5 hp took 4 hp | landed 1 missed 1 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 0 | out [Bandit 1] by [] | down 0 turns 2 | up",
            "Brina: dealt 0 took 2 hp | landed 0 missed 1 avoided 0 | reactions 2 aside 2 | crits 0 fumbles 0 | out [] by [] | down 0 turns 2 | up",
            "Bandit 1: dealt 4 hp took 5 hp | landed 1 missed 0 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 0 | out [] by [Aldo] | down 0 turns 1 | Dead",
            "Bandit 2: dealt 0 took 0 | landed 0 missed 2 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 0 | out [] by [] | down 0 turns 2 | up",
            "Captain: dealt 2 hp took 0 | landed 0 missed 1 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 0 | out [] by [] | down 0 turns 2 | up",
        ]
    );
    assert_eq!(
        fight_line(&r),
        "rounds 2 | nobody's 0 | turned never | biggest Bandit 1 on Aldo: 4 hp in round 1 | closest Aldo down to 5 of 9 in round 1"
    );
}

#[test]
fn bdp_detachments_strike_and_are_struck_as_one_and_spells_are_the_casters_harm() {
    // Round 1: Elmyra's flask on the horde: 4 HP, 1 past the guard to its WIL (critical).
    // The horde's blast: Harald fights back (the horde's 5 − 3 = 2 on him; his 3 to the
    // horde's WIL, critical), Elmyra takes 3. Harald's 4 to WIL destroys the horde. Thibaldus's
    // spell on the detachment: 3 HP, 2 WIL. Round 2: his blast, 3 WIL on each half; the split
    // half is routed. Round 3: detachments split, merge, break up and form: no harm.
    let r = golden("bdp-detachments");
    assert_eq!(
        lines(&r),
        [
            "Harald: dealt 6 wil took 2 hp | landed 2 missed 0 avoided 0 | reactions 1 aside 0 | crits 2 fumbles 0 | out [Goblin horde] by [] | down 0 turns 1 | up",
            "Elmyra: dealt 4 hp + 1 wil took 3 hp | landed 1 missed 0 avoided 0 | reactions 0 aside 0 | crits 1 fumbles 0 | out [] by [] | down 0 turns 1 | up",
            "Thibaldus: dealt 3 hp + 8 wil took 0 | landed 0 missed 0 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 0 | out [Goblin detachment (split)] by [] | down 0 turns 2 | up",
            "Goblin horde: dealt 5 hp took 4 hp + 7 wil | landed 2 missed 0 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 0 | out [] by [Harald] | down 0 turns 1 | Dead",
            "Goblin detachment: dealt 0 took 3 hp + 5 wil | landed 0 missed 0 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 0 | out [] by [] | down 0 turns 0 | Removed",
            "Goblin detachment (split): dealt 0 took 3 wil | landed 0 missed 0 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 0 | out [] by [Thibaldus] | down 0 turns 0 | Removed",
            "Goblin detachment 2: dealt 0 took 0 | landed 0 missed 0 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 0 | out [] by [] | down 0 turns 0 | up",
            "Goblin 1: dealt 0 took 0 | landed 0 missed 0 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 0 | out [] by [] | down 0 turns 0 | up",
            "Goblin 2: dealt 0 took 0 | landed 0 missed 0 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 0 | out [] by [] | down 0 turns 0 | up",
        ]
    );
    assert_eq!(
        fight_line(&r),
        "rounds 3 | nobody's 0 | turned never | biggest Elmyra on Goblin horde: 4 hp + 1 wil in round 1 | closest Elmyra down to 24 of 27 in round 1"
    );
}

#[test]
fn freeform_harm_lowered_by_hand_after_a_free_roll_is_the_rollers() {
    // Round 1: Ysolde's arrow (d6: 4) on Bandit 1; the chief's bolt (5) on Harald; Harald's
    // spear (8) downs Bandit 2; Bandit 1's club (2) on Narvi; Narvi's axe (11) kills Bandit 1
    // (the GM marks it dead after the blow: Narvi's still). Round 2: the chief flees unharmed,
    // Ysolde's arrow at him lands on nothing, Harald is healed 3.
    let r = golden("freeform-ambush");
    assert_eq!(
        lines(&r),
        [
            "Harald: dealt 8 hp took 5 hp | landed 0 missed 0 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 0 | out [Bandit 2] by [] | down 0 turns 2 | up",
            "Narvi: dealt 11 hp took 2 hp | landed 0 missed 0 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 0 | out [Bandit 1] by [] | down 0 turns 2 | up",
            "Ysolde: dealt 4 hp took 0 | landed 0 missed 0 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 0 | out [] by [] | down 0 turns 2 | up",
            "Bandit 1: dealt 2 hp took 15 hp | landed 0 missed 0 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 0 | out [] by [Narvi] | down 0 turns 1 | Dead",
            "Bandit 2: dealt 0 took 8 hp | landed 0 missed 0 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 0 | out [] by [Harald] | down 1 turns 0 | Down",
            "Bandit chief: dealt 5 hp took 0 | landed 0 missed 0 avoided 0 | reactions 0 aside 0 | crits 0 fumbles 0 | out [] by [nobody] | down 0 turns 1 | Fled",
        ]
    );
    assert_eq!(r.of(r.named("Harald").unwrap().id).unwrap().healed, 3);
    assert_eq!(
        fight_line(&r),
        "rounds 2 | nobody's 0 | turned Party in round 1 | biggest Narvi on Bandit 1: 11 hp in round 1 | closest Harald down to 7 of 12 in round 1"
    );
}

#[test]
fn a_side_sums_its_members_and_harm_dealt_sums_to_harm_taken() {
    for name in ["d12-simultaneous", "murdham-reactions", "bdp-damage-and-reactions"] {
        let r = golden(name);
        let taken: i64 = r.combatants.iter().map(|f| total(&f.taken)).sum();
        let dealt: i64 = r.combatants.iter().map(|f| total(&f.dealt)).sum();
        assert_eq!(dealt + total(&r.unattributed), taken, "{name}");
        let side_landed: u32 = r.sides.iter().map(|s| s.landed).sum();
        assert_eq!(side_landed, r.combatants.iter().map(|f| f.landed).sum::<u32>(), "{name}");
    }
}

#[test]
fn a_histogram_bands_a_d_percent_in_tens_and_keeps_each_face_of_a_d20() {
    use dice::{DieTally, Thrower};
    let mut counts = vec![0; 100];
    counts[0] = 2; // a 1
    counts[9] = 1; // a 10
    counts[10] = 4; // an 11
    counts[99] = 3; // a 100
    let d100 = DieTally { thrower: Thrower::App, sides: 100, fudge: false, counts };
    assert_eq!(d100.bars(), [3, 4, 0, 0, 0, 0, 0, 0, 0, 3]);
    let d20 = DieTally { thrower: Thrower::App, sides: 20, fudge: false, counts: vec![1; 20] };
    assert_eq!(d20.bars(), vec![1; 20]);
    assert_eq!(words::short("Goblin detachment (split) 2"), "Goblin detachment…");
}

/// The story tells each blow with the harm it did, harm from no blow, points got back and who
/// went out by whose hand, a round at a time, checked line by line against the journal of
/// `tests/scenarios/murdham-reactions.expected.md`.
#[test]
fn the_story_tells_who_did_what_to_whom_round_by_round() {
    let r = golden("murdham-reactions");
    let told: Vec<String> = story::by_round(&r, true)
        .into_iter()
        .map(|(round, lines)| format!("{}: {}", story::round_title(round), lines.join(" ")))
        .collect();
    // Ragnar's attack dodged, Knut and Jorunn striking each other with the counter; Ragnar's
    // counter drops Ivo before his blow lands; Jorunn's mace drops Sven.
    assert_eq!(
        told,
        [
            "Round 1: Hilde turned aside Ragnar's blow. Gunnar hit Sven: 3 Health. Ulf hit \
             Hilde: 2 Health. Knut hit Jorunn: 4 Health. Jorunn hit Knut: 4 Health.",
            "Round 2: Ragnar turned aside Ivo's blow. Ragnar hit Ivo: 6 Health. Ragnar took Ivo \
             out (down). Sven hit Gunnar: 3 Health. Ulf hit Hilde: 2 Health. Knut hit Hilde: 1 \
             Health. Jorunn hit Sven: 3 Health. Jorunn took Sven out (down).",
            "Round 3: Knut hit Hilde: 1 Health. Gunnar hit Ragnar: 4 Health. Ragnar hit Gunnar: \
             1 Health.",
        ]
    );
    // Without numbers (the players, when a side's health was not shown in them), no points.
    let plain = story::by_round(&r, false);
    assert!(plain.iter().flat_map(|(_, l)| l).all(|l| !l.contains("Health")), "{plain:?}");
    // Every point of harm the story tells is harm some combatant took.
    let told_harm: i64 = r
        .story
        .iter()
        .map(|b| match &b.what {
            story::What::Blow { points, .. } | story::What::Harm { points, .. } => total(points),
            _ => 0,
        })
        .sum();
    let taken: i64 = r.combatants.iter().map(|f| total(&f.taken)).sum();
    assert_eq!(told_harm, taken);
}
