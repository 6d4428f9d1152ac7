//! Sovereign's arithmetic, as pure functions: attribute modifiers, the attack roll's
//! situational modifiers (cover from the grid's ruling among them), Shock, damage, Swarm,
//! saving throws, skill checks and the mortal-injury countdown. The procedure calls these;
//! each is tested against the numbers of the rules.

use crate::checks::{CheckOutcome, test_over};
use crate::dice::Roll;
use crate::space::sight::Cover;

/// An attribute score's modifier: 3 → −2, 4–7 → −1, 8–13 → 0, 14–17 → +1, 18 → +2.
pub fn attribute_mod(score: i64) -> i64 {
    match score {
        i64::MIN..=3 => -2,
        4..=7 => -1,
        8..=13 => 0,
        14..=17 => 1,
        _ => 2,
    }
}

/// Shock: damage a miss still deals to a target whose AC is at most `max_ac` (any AC when
/// `None`, written "/-").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shock {
    /// Points of damage.
    pub damage: i64,
    /// The highest AC it reaches; `None`: every AC.
    pub max_ac: Option<i64>,
}

impl Shock {
    /// What it deals on a miss against `ac`, with the weapon's attribute modifier (the only
    /// bonus that adds to Shock besides those that say so); 0 when the AC is too high or the
    /// target is immune (a shield's first Shock of the round, Total Defense).
    pub fn on_miss(self, ac: i64, attribute_mod: i64, immune: bool) -> i64 {
        let reaches = self.max_ac.is_none_or(|max| ac <= max);
        if immune || !reaches { 0 } else { (self.damage + attribute_mod).max(0) }
    }
}

/// Damage of a hit: the die plus the modifier (and the dual-wielding and Swarm bonuses, which
/// do not add to Shock), never less than the Shock the same blow would have dealt on a miss.
pub fn damage_on_hit(die: i64, attribute_mod: i64, bonus: i64, shock_on_miss: i64) -> i64 {
    (die + attribute_mod + bonus).max(shock_on_miss).max(0)
}

/// A Swarm attack's hit: its bonus never takes the damage past the weapon's usual maximum
/// (`usual_max`: the die's highest face with the modifier), though never below its Shock.
pub fn swarm_capped(damage: i64, usual_max: i64, shock: i64) -> i64 {
    damage.min(usual_max.max(shock))
}

/// What is true of an attack, for its situational modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Situation {
    /// A ranged attack (a bow, a crossbow, a thrown weapon).
    pub ranged: bool,
    /// A thrown weapon (ranged, but not a bow).
    pub thrown: bool,
    /// The attacker has an enemy in melee with it.
    pub in_melee: bool,
    /// A one-handed ranged weapon that is not thrown (a sling): from rules edition 1 it may
    /// shoot in melee at −4, like a thrown one.
    pub one_handed: bool,
    /// Beyond the weapon's normal range, within its long range.
    pub long_range: bool,
    /// The target's cover from the attacker (the grid's ruling).
    pub cover: Option<Cover>,
    /// The target is prone.
    pub target_prone: bool,
    /// The target is next to the attacker.
    pub adjacent: bool,
    /// The attacker is prone.
    pub attacker_prone: bool,
    /// The attacker cannot see the target but knows where it is.
    pub unseen_located: bool,
    /// The attacker cannot see the target and does not know where it is.
    pub unseen_unlocated: bool,
    /// Fighting with a weapon in each hand.
    pub dual_wielding: bool,
    /// A Snap Attack (an Instant).
    pub snap: bool,
    /// Charging.
    pub charging: bool,
    /// Helpers of a Swarm (0: no Swarm), and the most the setting allows.
    pub swarm_helpers: u32,
}

/// The modifiers of an attack, each with its reason, or why it cannot be made at all.
pub fn attack_modifiers(s: &Situation) -> Result<Vec<(&'static str, i64)>, &'static str> {
    if s.unseen_unlocated {
        return Err("the target cannot be seen and its place is unknown");
    }
    if s.ranged && !s.thrown && !s.one_handed && s.in_melee {
        return Err("a bow, a crossbow or a two-handed weapon cannot shoot with an enemy in melee");
    }
    let mut out = Vec::new();
    match s.cover {
        Some(Cover::Half) => out.push(("half cover", -2)),
        Some(Cover::Full) => out.push(("full cover", -4)),
        Some(Cover::Hidden) if !s.unseen_located => {
            return Err("no line of sight to the target");
        }
        _ => {}
    }
    if s.target_prone {
        if s.ranged && !s.adjacent {
            out.push(("shooting at a distant prone foe", -2));
        } else if !s.ranged && s.adjacent {
            out.push(("an adjacent prone foe", 2));
        }
    }
    if s.attacker_prone && !s.ranged {
        out.push(("attacking in melee while prone", -4));
    }
    if s.long_range {
        out.push(("long range", -2));
    }
    if s.thrown && s.in_melee {
        out.push(("throwing while in melee", -4));
    } else if s.one_handed && s.in_melee {
        out.push(("a one-handed shot in melee", -4));
    }
    if s.unseen_located {
        out.push(("a target unseen but located", -4));
    }
    if s.dual_wielding {
        out.push(("two weapons", -1));
    }
    if s.snap {
        out.push(("snap attack", -4));
    }
    if s.charging {
        out.push(("charge", 2));
    }
    let (hit, _) = swarm_bonus(s.swarm_helpers);
    if hit > 0 {
        out.push(("swarm", hit));
    }
    Ok(out)
}

/// The Swarm bonuses of the one who attacks, for `helpers` others helping: +2 to hit and +1
/// damage each, at most +6 and +3.
pub fn swarm_bonus(helpers: u32) -> (i64, i64) {
    let n = i64::from(helpers.min(3));
    (2 * n, n)
}

/// Whether a Swarm of `members` (the attacker and its helpers) is allowed under the cap the
/// setting gives (4 by default; 3 in some printings).
pub fn swarm_allowed(members: u32, cap: u32) -> bool {
    (2..=cap).contains(&members)
}

/// The attack roll: d20 + attack bonus + attribute modifier + skill + situational modifiers
/// against the target's AC.
pub fn attack_roll(
    roll: &Roll,
    bonus: i64,
    modifiers: &[(&'static str, i64)],
    ac: i64,
) -> CheckOutcome {
    let total: i64 = bonus + modifiers.iter().map(|(_, v)| v).sum::<i64>();
    test_over(roll, total, ac)
}

/// A PC's saving throw target: 16 − level − the best relevant attribute modifier.
pub fn save_target_pc(level: i64, best_mod: i64) -> i64 {
    16 - level - best_mod
}

/// An NPC's saving throw target: 15 − half its hit dice, rounded down.
pub fn save_target_npc(hit_dice: i64) -> i64 {
    15 - hit_dice.div_euclid(2)
}

/// A saving throw: d20 at least the target.
pub fn save(roll: &Roll, target: i64) -> CheckOutcome {
    test_over(roll, 0, target)
}

/// A skill check: 2d6 + skill + attribute modifier at least 10 (or the difficulty given).
pub fn skill_check(roll: &Roll, skill: i64, attribute_mod: i64, difficulty: i64) -> CheckOutcome {
    test_over(roll, skill + attribute_mod, difficulty)
}

/// The difficulty of an opposed skill check: 8 plus the other side's modifier (its skill and
/// attribute modifier).
pub fn opposed_difficulty(other_total_mod: i64) -> i64 {
    8 + other_total_mod
}

/// Rounds someone mortally injured lives on: they die at the end of the sixth round after the
/// one they fell in, unless stabilised.
pub const MORTAL_ROUNDS: u32 = 6;

/// The penalty to the Heal check that stabilises someone who fell `rounds_since` rounds ago.
pub fn heal_penalty(rounds_since: u32) -> i64 {
    -i64::from(rounds_since)
}

/// Whether someone who fell in round `fell` dies at the end of round `now`.
pub fn dies_at_end_of(fell: u32, now: u32) -> bool {
    now >= fell + MORTAL_ROUNDS
}

/// The initiative of a side: 1d8, plus the party's best DEX modifier.
pub fn side_initiative(d8: i64, party: bool, best_dex_mod: i64) -> i64 {
    if party { d8 + best_dex_mod } else { d8 }
}

/// Whether side `a` acts before side `b` with these initiatives: the higher first, the party
/// winning a tie (the default; the setting may let a tie be rolled again instead).
pub fn acts_first(a: i64, a_party: bool, b: i64, b_party: bool) -> bool {
    a > b || (a == b && a_party && !b_party)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::test_support::roll;

    #[test]
    fn attribute_modifiers_follow_the_bands() {
        let got: Vec<i64> =
            [3, 4, 7, 8, 13, 14, 17, 18].iter().map(|s| attribute_mod(*s)).collect();
        assert_eq!(got, [-2, -1, -1, 0, 0, 1, 1, 2]);
    }

    #[test]
    fn shock_reaches_an_ac_at_or_under_its_rating_and_any_ac_with_a_dash() {
        let sword = Shock { damage: 2, max_ac: Some(13) };
        assert_eq!(sword.on_miss(13, 0, false), 2, "AC equal to the rating");
        assert_eq!(sword.on_miss(12, 1, false), 3, "the attribute modifier adds");
        assert_eq!(sword.on_miss(14, 1, false), 0, "AC above the rating");
        assert_eq!(sword.on_miss(10, 0, true), 0, "a shield's first Shock, Total Defense");
        let brute = Shock { damage: 5, max_ac: None };
        assert_eq!(brute.on_miss(20, 0, false), 5, "/- reaches any AC");
        assert_eq!(brute.on_miss(20, 0, true), 0, "but not an immune target");
    }

    #[test]
    fn a_hit_never_does_less_than_its_shock_and_bonuses_do_not_add_to_shock() {
        assert_eq!(damage_on_hit(1, 0, 0, 2), 2, "a d8 rolling 1 still deals the Shock");
        assert_eq!(damage_on_hit(5, 1, 2, 3), 8, "die, modifier and dual-wielding +2");
        // Swarm's +1 per helper is damage, not Shock.
        let (_, swarm) = swarm_bonus(2);
        assert_eq!(damage_on_hit(1, 0, swarm, 2), 3);
    }

    #[test]
    fn swarm_gives_two_and_one_per_helper_up_to_six_and_three() {
        assert_eq!(swarm_bonus(0), (0, 0));
        assert_eq!(swarm_bonus(1), (2, 1));
        assert_eq!(swarm_bonus(3), (6, 3));
        assert_eq!(swarm_bonus(7), (6, 3), "the cap");
        assert!(swarm_allowed(4, 4) && !swarm_allowed(5, 4) && !swarm_allowed(4, 3));
        assert!(!swarm_allowed(1, 4), "a swarm of one is an attack");
    }

    #[test]
    fn the_situations_of_an_attack_add_up_and_some_forbid_it() {
        let sum =
            |s: Situation| attack_modifiers(&s).map(|m| m.iter().map(|(_, v)| v).sum::<i64>());
        assert_eq!(sum(Situation { cover: Some(Cover::Half), ..Default::default() }), Ok(-2));
        assert_eq!(
            sum(Situation {
                cover: Some(Cover::Full),
                ranged: true,
                long_range: true,
                ..Default::default()
            }),
            Ok(-6)
        );
        assert_eq!(
            sum(Situation { target_prone: true, adjacent: true, ..Default::default() }),
            Ok(2)
        );
        assert_eq!(
            sum(Situation { target_prone: true, ranged: true, ..Default::default() }),
            Ok(-2)
        );
        assert_eq!(sum(Situation { attacker_prone: true, ..Default::default() }), Ok(-4));
        assert_eq!(
            sum(Situation { ranged: true, thrown: true, in_melee: true, ..Default::default() }),
            Ok(-4)
        );
        assert_eq!(
            sum(Situation {
                unseen_located: true,
                cover: Some(Cover::Hidden),
                ranged: true,
                ..Default::default()
            }),
            Ok(-4)
        );
        assert_eq!(
            sum(Situation { dual_wielding: true, snap: true, ..Default::default() }),
            Ok(-5)
        );
        assert_eq!(
            sum(Situation { charging: true, swarm_helpers: 2, ..Default::default() }),
            Ok(6)
        );
        assert!(
            attack_modifiers(&Situation { ranged: true, in_melee: true, ..Default::default() })
                .is_err()
        );
        assert!(
            attack_modifiers(&Situation { unseen_unlocated: true, ..Default::default() }).is_err()
        );
        assert!(
            attack_modifiers(&Situation { cover: Some(Cover::Hidden), ..Default::default() })
                .is_err()
        );
    }

    #[test]
    fn cover_from_a_wall_turns_a_hit_into_a_miss() {
        // Table dice: 11 on the d20, +2 bonus, against AC 13: a hit in the open...
        let open = attack_modifiers(&Situation::default()).unwrap();
        assert!(attack_roll(&roll("d20", &[11]), 2, &open, 13).success);
        // ...a miss behind half cover.
        let half = attack_modifiers(&Situation { cover: Some(Cover::Half), ..Default::default() })
            .unwrap();
        assert!(!attack_roll(&roll("d20", &[11]), 2, &half, 13).success);
    }

    #[test]
    fn saves_skills_and_opposed_checks() {
        assert_eq!(save_target_pc(1, 1), 14);
        assert_eq!(save_target_npc(3), 14);
        assert_eq!(save_target_npc(8), 11);
        assert!(save(&roll("d20", &[14]), 14).success);
        assert!(!save(&roll("d20", &[13]), 14).success);
        assert!(!skill_check(&roll("2d6", &[4, 3]), 1, 1, 10).success, "4 + 3 + 1 + 1 = 9 < 10");
        assert!(skill_check(&roll("2d6", &[5, 3]), 1, 1, 10).success, "10 passes");
        // Opposed: beat 8 plus the other side's skill and modifier.
        let against = opposed_difficulty(2);
        assert_eq!(against, 10);
        assert!(skill_check(&roll("2d6", &[6, 4]), 0, 0, against).success);
    }

    #[test]
    fn initiative_sides_and_ties() {
        assert_eq!(side_initiative(5, true, 2), 7);
        assert_eq!(side_initiative(5, false, 2), 5);
        assert!(acts_first(6, true, 6, false), "the party wins ties");
        assert!(!acts_first(6, false, 6, true));
        assert!(acts_first(7, false, 6, true));
    }

    #[test]
    fn the_mortal_countdown_is_six_rounds_and_the_heal_check_harder_each() {
        assert!(!dies_at_end_of(2, 7));
        assert!(dies_at_end_of(2, 8), "fell in round 2: the sixth round after is round 8");
        assert_eq!(heal_penalty(0), 0);
        assert_eq!(heal_penalty(3), -3);
    }
}
