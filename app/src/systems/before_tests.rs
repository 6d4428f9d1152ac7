//! Before the fight, a side added keeps every answer in its place, in each procedure that
//! asks something of each side (`Prompt::by_side`): the window draws the answers in order,
//! and one that came in among the others would move those after it under the pointer.

use crate::system::Prompt;

/// What the stepper draws of `prompts`, in order: each question's answers without a
/// heading, then each heading followed by its answers (main buttons stand beside Next).
fn drawn(prompts: &[Prompt]) -> Vec<String> {
    let mut out = Vec::new();
    for p in prompts {
        let answers = p.options.iter().filter(|o| !o.main);
        out.extend(answers.clone().filter(|o| o.group.is_none()).map(|o| o.label.clone()));
        let mut headings: Vec<&str> = Vec::new();
        for g in answers.clone().filter_map(|o| o.group.as_deref()) {
            if !headings.contains(&g) {
                headings.push(g);
            }
        }
        for g in headings {
            out.push(format!("[{g}]"));
            let under = answers.clone().filter(|o| o.group.as_deref() == Some(g));
            out.extend(under.map(|o| o.label.clone()));
        }
    }
    out
}

/// The prompts of `system` before the fight with the sides `sides` (script lines).
fn before(system: &str, sides: &str) -> Vec<Prompt> {
    let text = format!("system {system}\n{sides}");
    let h = crate::systems::run_script("t.fray", &text).unwrap_or_else(|e| panic!("{e}"));
    crate::systems::registry().get(system).unwrap().prompts(h.state())
}

#[test]
fn a_side_added_before_the_fight_brings_its_answers_after_all_the_others() {
    for system in ["bdp", "dr12", "sovereign"] {
        let two = drawn(&before(system, "side Party party\nside Foes\n"));
        let three = drawn(&before(system, "side Party party\nside Foes\nside Others\n"));
        assert!(two.iter().any(|l| l.contains("Foes")), "{system}: each side is asked about");
        assert!(three.len() > two.len(), "{system}: the new side has answers: {three:?}");
        assert_eq!(three[..two.len()], two[..], "{system}: the answers before stay in place");
        assert_eq!(three[two.len()], "[Others]", "{system}: under a heading of its own");
    }
}
