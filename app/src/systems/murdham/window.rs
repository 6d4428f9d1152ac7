//! Read-only questions a front end asks of the procedure, beyond its state: who may still be
//! activated (and why not), how many zones the active character may still move, and whether
//! an attack with the circumstances the GM set needs a WIT save to hit or cannot be made. The
//! window uses them to show whose turns are left and to keep its attack buttons honest when
//! the GM toggles circumstances; the rules themselves stay in `round`, `turn` and `attack`.

use super::model::AttackSpec;
use crate::encounter::Encounter;
use crate::ids::CombatantId;

/// Why `id` cannot be activated in the current phase, if it cannot ("had its turn this
/// round", "dying", "WIT 8 is below the threshold 12").
pub fn cannot_activate(enc: &Encounter, id: CombatantId) -> Option<String> {
    super::round::cannot_activate(enc, id)
}

/// Zones the character taking its turn may still move this turn (the round's cap counted).
pub fn zones_left(enc: &Encounter, id: CombatantId) -> u32 {
    super::turn::allowance(enc, id)
}

/// Whether `spec` may be made now, as its attacker's main action: `Ok(None)` it simply hits,
/// `Ok(Some(why))` it needs a WIT save to hit, `Err(why)` it cannot be made.
pub fn attack_check(enc: &Encounter, spec: &AttackSpec) -> Result<Option<String>, String> {
    super::attack::check(enc, spec).map_err(|e| e.to_string())
}
