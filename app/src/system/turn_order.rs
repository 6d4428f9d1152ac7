//! Small pieces of a procedure whose turns pass down an order of places:
//! who joined since the order was set, and whose place has passed this round.

use crate::encounter::{Combatant, Encounter, OrderEntry};
use crate::ids::CombatantId;

/// The order with everyone not in it yet (and `eligible`) at its end, a place each, "joined
/// the fight"; none when nobody is new.
pub fn with_newcomers(
    enc: &Encounter,
    eligible: impl Fn(&Combatant) -> bool,
) -> Option<Vec<OrderEntry>> {
    let placed = |id: CombatantId| enc.order.iter().any(|p| p.combatants.contains(&id));
    let new: Vec<CombatantId> =
        enc.combatants.values().filter(|c| eligible(c) && !placed(c.id)).map(|c| c.id).collect();
    if new.is_empty() {
        return None;
    }
    let mut order = enc.order.to_vec();
    order.extend(new.into_iter().map(|id| OrderEntry {
        combatants: vec![id],
        count: None,
        reason: "joined the fight".into(),
    }));
    Some(order)
}

/// Everyone not in the order yet (and `eligible`) joins at its end: one journaled order, or
/// nothing when nobody is new.
pub fn join_newcomers(
    ctx: &mut crate::system::Ctx<'_>,
    rule: &'static str,
    eligible: impl Fn(&Combatant) -> bool,
) {
    if let Some(order) = with_newcomers(ctx.enc, eligible) {
        ctx.push(rule, None, crate::event::EventKind::OrderSet { order });
    }
}

/// Whether a place can act: someone in it is in the fight (`in_fight`) and, in round 1, not on
/// the `surprised` side (which loses that round).
pub fn can_act(
    enc: &Encounter,
    place: &OrderEntry,
    surprised: Option<crate::ids::SideId>,
    in_fight: impl Fn(&Combatant) -> bool,
) -> bool {
    let surprised = if enc.round == 1 { surprised } else { None };
    place
        .combatants
        .iter()
        .any(|id| enc.combatant(*id).is_some_and(|c| in_fight(c) && Some(c.side) != surprised))
}

/// Whether `id`'s place comes before the place acting now, while turns run (`running`).
pub fn place_passed(enc: &Encounter, id: CombatantId, running: bool) -> bool {
    let Some(turn) = enc.turn else { return false };
    running && enc.order.iter().position(|p| p.combatants.contains(&id)).is_some_and(|i| i < turn)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newcomers_join_at_the_end_and_passed_places_are_known() {
        let h = crate::systems::run_script(
            "t.fray",
            "side A\nadd X side A\nadd Y side A\norder X\nnext",
        )
        .unwrap();
        let order = with_newcomers(h.state(), |_| true).expect("Y is new");
        let names: Vec<String> = order.iter().map(|p| h.state().name_of(p.combatants[0])).collect();
        assert_eq!(names, ["X", "Y"]);
        assert_eq!(order[1].reason, "joined the fight");
        assert!(with_newcomers(h.state(), |c| c.name != "Y").is_none());
        let x = h.state().combatant_named("X").unwrap().id;
        assert!(!place_passed(h.state(), x, true), "X acts now");
    }
}
