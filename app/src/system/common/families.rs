//! The commands every procedure shares, one function per family: `handle_common` sends each
//! command to its family.

use super::*;

/// Sides and combatants: added, removed, renamed, changing side.
pub(super) fn roster(
    _system: &dyn System,
    enc: &Encounter,
    command: Command,
    _dice: &mut dyn DiceSource,
    out: &mut Emitter,
) -> Result<(), RuleError> {
    match command {
        Command::AddSide { name, colour, party } => {
            let name = non_empty(&name, "side name")?;
            check_colour(&colour)?;
            if enc.side_named(&name).is_some() {
                return Err(RuleError::Invalid(format!("there is already a side called {name}")));
            }
            let side = Side { id: SideId(enc.next_id), name, colour, party };
            out.push("core.add", None, EventKind::SideAdded { side });
        }
        Command::AddCombatant { combatant, count } => add_combatants(enc, *combatant, count, out)?,
        Command::RemoveCombatant { id } => {
            let c = combatant(enc, id)?;
            out.push(
                "core.remove",
                Some(id),
                EventKind::CombatantRemoved { id, name: c.name.clone() },
            );
        }
        Command::RenameCombatant { id, name } => {
            combatant(enc, id)?;
            let name = non_empty(&name, "name")?;
            out.push("core.override", Some(id), EventKind::CombatantRenamed { id, name });
        }
        Command::ChangeSide { id, side } => {
            combatant(enc, id)?;
            enc.side(side).ok_or(RuleError::UnknownSide(side))?;
            out.push("core.override", Some(id), EventKind::SideChanged { id, side });
        }
        // The other commands are handled by their own family (see `handle_common`).
        _ => {}
    }
    Ok(())
}

/// The zones: added (not on a grid), edited, placed, removed, linked.
pub(super) fn zones(
    _system: &dyn System,
    enc: &Encounter,
    command: Command,
    _dice: &mut dyn DiceSource,
    out: &mut Emitter,
) -> Result<(), RuleError> {
    match command {
        Command::AddZone { .. } if enc.grid.is_some() => {
            return Err(RuleError::Invalid(
                "this board is a grid; zones belong to a zone board".into(),
            ));
        }
        Command::AddZone { name, capacity, rect } => {
            let name = non_empty(&name, "zone name")?;
            check_capacity(capacity)?;
            check_rect(&rect)?;
            let zone = Zone {
                id: ZoneId(enc.next_id),
                name,
                capacity,
                note: String::new(),
                adjacent: BTreeSet::new(),
                rect,
            };
            out.push("core.board", None, EventKind::ZoneAdded { zone });
        }
        Command::EditZone { id, name, capacity, note } => {
            zone(enc, id)?;
            let name = non_empty(&name, "zone name")?;
            check_capacity(capacity)?;
            out.push("core.board", None, EventKind::ZoneEdited { id, name, capacity, note });
        }
        Command::PlaceZone { id, rect } => {
            zone(enc, id)?;
            check_rect(&rect)?;
            out.push("core.board", None, EventKind::ZonePlaced { id, rect });
        }
        Command::RemoveZone { id } => {
            let z = zone(enc, id)?;
            out.push("core.board", None, EventKind::ZoneRemoved { id, name: z.name.clone() });
        }
        Command::ConnectZones { a, b } | Command::DisconnectZones { a, b } if a == b => {
            zone(enc, a)?;
            return Err(RuleError::Invalid("a zone cannot be connected to itself".into()));
        }
        Command::ConnectZones { a, b } => {
            zone(enc, a)?;
            zone(enc, b)?;
            out.push("core.board", None, EventKind::ZonesConnected { a, b });
        }
        Command::DisconnectZones { a, b } => {
            zone(enc, a)?;
            zone(enc, b)?;
            out.push("core.board", None, EventKind::ZonesDisconnected { a, b });
        }
        // The other commands are handled by their own family (see `handle_common`).
        _ => {}
    }
    Ok(())
}

/// A combatant moved to a zone, or off the board.
pub(super) fn moves(
    _system: &dyn System,
    enc: &Encounter,
    command: Command,
    _dice: &mut dyn DiceSource,
    out: &mut Emitter,
) -> Result<(), RuleError> {
    match command {
        Command::Move { id, to: Some(_) } if enc.grid.is_some() => {
            combatant(enc, id)?;
            return Err(RuleError::Invalid("this board is a grid: place them on a square".into()));
        }
        // Off the board on a grid is off its squares (from rules edition 1; before, the
        // combatant silently stayed where it stood).
        Command::Move { id, to: None } if enc.grid.is_some() && enc.rules >= 1 => {
            let c = combatant(enc, id)?;
            out.push(
                "core.move",
                Some(id),
                EventKind::Placed { id, from: c.square, to: None, cost_ft: None },
            );
        }
        Command::Move { id, to } => {
            let c = combatant(enc, id)?;
            if let Some(to) = to {
                check_room(enc, to, 1, Some(id))?;
            }
            out.push("core.move", Some(id), EventKind::Moved { id, from: c.zone, to });
        }
        // The other commands are handled by their own family (see `handle_common`).
        _ => {}
    }
    Ok(())
}

/// A combatant's stats, tracks and notes, set by hand.
pub(super) fn sheet(
    _system: &dyn System,
    enc: &Encounter,
    command: Command,
    _dice: &mut dyn DiceSource,
    out: &mut Emitter,
) -> Result<(), RuleError> {
    match command {
        Command::SetStat { id, stat, value } => {
            let c = combatant(enc, id)?;
            let stat = non_empty(&stat, "stat name")?;
            check_number(&stat, value)?;
            let from = c.stat(&stat).unwrap_or(0);
            out.push("core.override", Some(id), EventKind::StatSet { id, stat, from, to: value });
        }
        Command::SetTrack { id, track, value } => {
            let c = combatant(enc, id)?;
            let from = existing_track(c, &track)?.value;
            check_number(&track, value)?;
            out.push("core.override", Some(id), EventKind::TrackSet { id, track, from, to: value });
        }
        Command::AdjustTrack { id, track, delta } => {
            let c = combatant(enc, id)?;
            let t = existing_track(c, &track)?;
            // Healing stops at the maximum; damage may go below zero, systems read that.
            check_number(&format!("{track} change"), delta)?;
            let mut to = t.value.saturating_add(delta).clamp(-MAX_NUMBER, MAX_NUMBER);
            if delta > 0 && t.max > 0 {
                to = to.min(t.max.max(t.value));
            }
            let rule = if delta < 0 { "core.damage" } else { "core.heal" };
            out.push(rule, Some(id), EventKind::TrackSet { id, track, from: t.value, to });
        }
        Command::SetTrackMax { id, track, max } => {
            let c = combatant(enc, id)?;
            existing_track(c, &track)?;
            if max < 0 {
                return Err(RuleError::Invalid(format!("{track} maximum cannot be negative")));
            }
            check_number(&format!("{track} maximum"), max)?;
            out.push("core.override", Some(id), EventKind::TrackMaxSet { id, track, max });
        }
        Command::SetNotes { id, notes } => {
            combatant(enc, id)?;
            out.push("core.notes", Some(id), EventKind::NotesSet { id, notes });
        }
        // The other commands are handled by their own family (see `handle_common`).
        _ => {}
    }
    Ok(())
}

/// Conditions added (for a while, too) and removed.
pub(super) fn conditions(
    system: &dyn System,
    enc: &Encounter,
    command: Command,
    _dice: &mut dyn DiceSource,
    out: &mut Emitter,
) -> Result<(), RuleError> {
    match command {
        Command::AddCondition { id, condition } => {
            let c = combatant(enc, id)?;
            let condition = non_empty(&condition, "condition")?;
            if c.conditions.contains(&condition) {
                return Err(RuleError::Invalid(format!("{} is already {condition}", c.name)));
            }
            out.push("core.condition", Some(id), EventKind::ConditionAdded { id, condition });
        }
        Command::AddTimedCondition { id, condition, duration } => {
            let c = combatant(enc, id)?;
            let condition = non_empty(&condition, "condition")?;
            let until = match duration {
                Duration::Rounds { rounds: 0 } => {
                    return Err(RuleError::Invalid("a condition lasts 1 round or more".into()));
                }
                Duration::Rounds { rounds } => {
                    let round = enc.round.max(1).saturating_add(rounds - 1);
                    Until::RoundOver { round }
                }
                Duration::EndOfTurn { of } => {
                    combatant(enc, of)?;
                    // Set during that turn, it lasts through the next one too.
                    let ends = if system.acting(enc).contains(&of) { 2 } else { 1 };
                    Until::EndOfTurn { of, ends }
                }
                Duration::StartOfTurn { of } => {
                    combatant(enc, of)?;
                    Until::StartOfTurn { of }
                }
            };
            if !c.conditions.contains(&condition) {
                let added = EventKind::ConditionAdded { id, condition: condition.clone() };
                out.push("core.condition", Some(id), added);
            }
            let timer = Timer { id, condition, until };
            out.push("core.condition", Some(id), EventKind::TimerSet { timer });
        }
        Command::RemoveCondition { id, condition } => {
            let c = combatant(enc, id)?;
            if !c.conditions.contains(&condition) {
                return Err(RuleError::Invalid(format!("{} is not {condition}", c.name)));
            }
            out.push("core.condition", Some(id), EventKind::ConditionRemoved { id, condition });
        }
        // The other commands are handled by their own family (see `handle_common`).
        _ => {}
    }
    Ok(())
}

/// Rolls, what the players see, the GM's words, a delay, the tables.
pub(super) fn table(
    system: &dyn System,
    enc: &Encounter,
    command: Command,
    dice: &mut dyn DiceSource,
    out: &mut Emitter,
) -> Result<(), RuleError> {
    match command {
        Command::Roll { dice: expr, label, roller, secret } => {
            let who = match roller {
                Some(id) => Some(combatant(enc, id)?.name.clone()),
                None => None,
            };
            let label = if label.trim().is_empty() { expr.to_string() } else { label };
            let roll = dice.roll_shared(&expr, &label, who.as_deref())?;
            out.push("core.roll", roller, EventKind::Rolled { roll, secret });
        }
        Command::SetPlayerView { view } => {
            check_player_view(enc, &view)?;
            out.push("core.table", None, EventKind::PlayerViewSet { view });
        }
        Command::Show { id, shown } => {
            combatant(enc, id)?;
            out.push("core.table", Some(id), EventKind::ShownSet { id, shown });
        }
        Command::Narrate { text } => {
            let text = non_empty(&text, "journal line")?;
            out.push("core.note", None, EventKind::Narration { text });
        }
        Command::Delay { .. } => {
            return Err(RuleError::NotAllowed(format!("{} has no delayed turns", system.name())));
        }
        Command::LoadTables { tables } => {
            for t in &tables {
                // A table without rows is a placeholder the GM has yet to write; any other
                // must cover every total its dice can roll.
                if !t.table.rows.is_empty() {
                    t.table
                        .validate()
                        .map_err(|e| RuleError::Invalid(format!("table {}: {e}", t.table.name)))?;
                }
            }
            out.push("core.tables", None, EventKind::TablesLoaded { tables });
        }
        // The other commands are handled by their own family (see `handle_common`).
        _ => {}
    }
    Ok(())
}

/// The order and the settings.
pub(super) fn turns(
    system: &dyn System,
    enc: &Encounter,
    command: Command,
    _dice: &mut dyn DiceSource,
    out: &mut Emitter,
) -> Result<(), RuleError> {
    match command {
        Command::SetOrder { order } => {
            let mut seen = BTreeSet::new();
            for id in &order {
                combatant(enc, *id)?;
                if !seen.insert(*id) {
                    return Err(RuleError::Invalid(format!(
                        "{} appears twice in the order",
                        enc.name_of(*id)
                    )));
                }
            }
            let order = order
                .into_iter()
                .map(|id| OrderEntry {
                    combatants: vec![id],
                    count: None,
                    reason: "set by the GM".into(),
                })
                .collect();
            out.push("core.order", None, EventKind::OrderSet { order });
        }
        Command::SetSetting { key, value } => {
            let Some(spec) = system.settings().into_iter().find(|s| s.key == key) else {
                return Err(RuleError::Invalid(format!(
                    "{} has no setting '{key}'",
                    system.name()
                )));
            };
            if !value.is_null()
                && std::mem::discriminant(&value) != std::mem::discriminant(&spec.default)
            {
                return Err(RuleError::Invalid(format!(
                    "setting '{key}' takes a value like {}",
                    spec.default
                )));
            }
            if let (false, Some(word)) = (spec.choices.is_empty(), value.as_str())
                && !spec.choices.iter().any(|(w, _)| *w == word)
            {
                let words: Vec<&str> = spec.choices.iter().map(|(w, _)| *w).collect();
                return Err(RuleError::Invalid(format!(
                    "setting '{key}' is one of {}",
                    words.join(", ")
                )));
            }
            out.push("core.setting", None, EventKind::SettingChanged { key, value });
        }
        // The other commands are handled by their own family (see `handle_common`).
        _ => {}
    }
    Ok(())
}
