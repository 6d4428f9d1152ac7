//! `player-view KEY VALUE...`: one player-view setting changed, the others kept.
//!
//! | key | values |
//! | --- | --- |
//! | `new-foes` | `hidden` (until they act), `anonymous`, `revealed` |
//! | `health` | `SIDE numbers\|words\|nothing` |
//! | `names`, `conditions`, `tags` | `on`, `off` |
//! | `blackout` | `off`, `#rrggbb`, `image KEY` |
//! | `rotated` | `on`, `off` |
//! | `scale` | percent |

use crate::encounter::Encounter;
use crate::table_view::{Blackout, HealthShown, PlayerView, Shown};

fn on_off(values: &[String]) -> Result<bool, String> {
    match values.first().map(String::as_str) {
        Some("on") => Ok(true),
        Some("off") => Ok(false),
        _ => Err("expected on or off".into()),
    }
}

/// The encounter's player view with `key` set to `values`.
pub(crate) fn change(enc: &Encounter, key: &str, values: &[String]) -> Result<PlayerView, String> {
    let mut view = enc.table.view.clone();
    let first = values.first().map(String::as_str).unwrap_or_default();
    match key {
        "new-foes" => {
            view.new_foes = Shown::from_word(first)
                .ok_or("expected hidden, anonymous or revealed after new-foes")?;
        }
        "health" => {
            let side = enc.side_named(first).ok_or_else(|| format!("no side called {first}"))?;
            let how = values.get(1).map(String::as_str).unwrap_or_default();
            let how = HealthShown::from_word(how)
                .ok_or("expected numbers, words or nothing after the side")?;
            view.set_health(side.id, how);
        }
        "names" => view.names = on_off(values)?,
        "conditions" => view.conditions = on_off(values)?,
        "tags" => view.tags = on_off(values)?,
        "rotated" => view.rotated = on_off(values)?,
        "blackout" => {
            view.blackout = match first {
                "off" => None,
                "image" => Some(Blackout::Image {
                    map: values.get(1).cloned().ok_or("blackout image KEY")?,
                }),
                colour => Some(Blackout::Colour { colour: colour.to_owned() }),
            };
        }
        "scale" => {
            view.scale_percent =
                first.parse().map_err(|_| format!("expected a percent, got '{first}'"))?;
        }
        other => {
            return Err(format!(
                "no player-view setting '{other}' (new-foes, health, names, conditions, tags, blackout, rotated, scale)"
            ));
        }
    }
    Ok(view)
}
