//! Where the stat blocks of a paste begin and end. A paste may be a list of blocks
//! ("Ogre: 13 HP, ...", or a name alone over its stats) or whole pages as books and wikis
//! print them: a YAML front matter, a heading naming the creature, its stat line, then
//! bullets describing it. Bullets are description (kept in the entry's notes, never read
//! for stats or weapons: "reborn 1d3 days later" is not a d3 weapon); a heading over
//! anything but a stat line (a chapter's title) names no block.

/// One block of a paste: the line it starts on, its text ("Name\nstats" or "Name: stats"),
/// and the description printed with it.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct RawBlock {
    /// Line of the paste it starts on (1-based).
    pub line: usize,
    /// Its name and stats, as printed.
    pub text: String,
    /// Its bullets, each as one line of text.
    pub notes: Vec<String>,
}

/// The blocks of `text`, in order. One pass over the lines.
pub(super) fn split_blocks(text: &str) -> Vec<RawBlock> {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let mut s = Splitter::default();
    for (n, &line) in lines.iter().enumerate() {
        if line == "---" {
            let key_value_next =
                lines[n + 1..].iter().find(|l| !l.is_empty()).is_some_and(|l| is_key_value(l));
            s.rule(key_value_next);
        } else if !s.front_matter {
            s.line(n, line);
        }
    }
    s.blocks
}

/// Where the cut has got to, line by line.
#[derive(Default)]
struct Splitter {
    blocks: Vec<RawBlock>,
    /// The last block takes the next line.
    open: bool,
    /// The last block is a lone name waiting for its stats across a blank line.
    waiting: bool,
    /// A heading that may name the next block, with its line.
    heading: Option<(usize, String)>,
    front_matter: bool,
    /// The last line was a bullet (or went on one): a wrapped line goes on with it.
    in_bullet: bool,
}

impl Splitter {
    /// A `---` line: it closes front matter, or opens it when keys and values follow.
    fn rule(&mut self, key_value_next: bool) {
        if self.front_matter {
            self.front_matter = false;
        } else if key_value_next {
            self.front_matter = true;
        }
        self.open = false;
        self.in_bullet = false;
    }

    /// The line numbered `n` (from 0), outside front matter.
    fn line(&mut self, n: usize, line: &str) {
        if line.is_empty() {
            self.waiting = self.open && self.blocks.last().is_some_and(|b| only_a_name(&b.text));
            self.open = false;
            self.in_bullet = false;
            return;
        }
        if let Some(title) = line.strip_prefix('#') {
            self.heading = Some((n + 1, title.trim_start_matches('#').trim().to_owned()));
            self.open = false;
            self.waiting = false;
            self.in_bullet = false;
            return;
        }
        if let Some(bullet) = bullet(line) {
            self.bullet(bullet);
            return;
        }
        if self.in_bullet {
            if let Some(note) = self.blocks.last_mut().and_then(|b| b.notes.last_mut()) {
                note.push(' ');
                note.push_str(line);
            }
            return;
        }
        if let Some((at, name)) = self.heading.take()
            && !name.is_empty()
            && line.chars().any(|c| c.is_ascii_digit())
        {
            // "# Acolyte" over "4 HP, 1 Armor, ...": the heading names the block.
            let text = format!("{name}\n{line}");
            self.blocks.push(RawBlock { line: at, text, notes: Vec::new() });
            self.open = true;
            self.waiting = false;
            return;
        }
        self.text(n, line);
    }

    /// A bullet: a note of the block before it.
    fn bullet(&mut self, bullet: &str) {
        // Under a heading still waiting for stats, a bullet is a chapter's prose.
        if self.heading.is_none()
            && let Some(last) = self.blocks.last_mut()
        {
            last.notes.push(bullet.to_owned());
            self.in_bullet = true;
        }
        self.open = false;
    }

    /// A line of a block: it goes on the open (or waiting) block, or starts one.
    fn text(&mut self, n: usize, line: &str) {
        if self.waiting && !starts_block(line) {
            if let Some(b) = self.blocks.last_mut() {
                b.text.push('\n');
                b.text.push_str(line);
            }
            self.waiting = false;
            self.open = true;
            return;
        }
        self.waiting = false;
        let starts =
            starts_block(line) && self.blocks.last().is_some_and(|b| starts_block(&b.text));
        if !self.open || starts {
            self.blocks.push(RawBlock { line: n + 1, text: line.to_owned(), notes: Vec::new() });
            self.open = true;
        } else if let Some(b) = self.blocks.last_mut() {
            b.text.push('\n');
            b.text.push_str(line);
        }
    }
}

/// "layout: default": a line of YAML front matter.
fn is_key_value(line: &str) -> bool {
    line.split_once(':').is_some_and(|(key, _)| {
        !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    })
}

/// The text of a bullet ("- Carry a holy symbol"), if `line` is one.
fn bullet(line: &str) -> Option<&str> {
    ["- ", "* ", "• ", "+ "].iter().find_map(|b| line.strip_prefix(b)).map(str::trim)
}

/// A block that is one short line with no number: a name alone.
pub(super) fn only_a_name(block: &str) -> bool {
    !block.contains('\n') && block.len() <= 60 && !block.chars().any(|c| c.is_ascii_digit())
}

/// "Ogre: 13 HP, ..." : a short name, a colon, then something with a number.
pub(super) fn starts_block(line: &str) -> bool {
    line.split_once(':').is_some_and(|(name, rest)| {
        !name.trim().is_empty()
            && name.len() <= 60
            && !name.chars().any(|c| c.is_ascii_digit())
            && rest.chars().any(|c| c.is_ascii_digit())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(blocks: &[RawBlock]) -> Vec<&str> {
        blocks.iter().map(|b| b.text.as_str()).collect()
    }

    #[test]
    fn splits_blocks_by_blank_lines_and_name_lines() {
        let blocks = split_blocks("Ogre: 13 HP, 1 Armor\nWolf: 3 HP\n\nTroll\nHP 9\nSTR 16\n");
        assert_eq!(texts(&blocks), ["Ogre: 13 HP, 1 Armor", "Wolf: 3 HP", "Troll\nHP 9\nSTR 16"]);
        assert_eq!((blocks[0].line, blocks[2].line), (1, 4));
    }

    #[test]
    fn a_page_gives_its_heading_its_stat_line_and_its_bullets_as_notes() {
        let page = "---\nlayout: default\nparent: Monsters\n---\n\n# Blood Elk\n\n\
                    4 HP, 12 STR, 13 DEX, 5 WIL, horns (d8)\n\n\
                    - Born from violence.\n- Reborn 1d3 days later,\n  far away.\n\
                    - **Critical Damage**: Gores its victims.\n";
        let pages = format!("{page}{}", page.replace("Blood Elk", "Boar").replace("(d8)", "(d6)"));
        let blocks = split_blocks(&pages);
        assert_eq!(
            texts(&blocks),
            [
                "Blood Elk\n4 HP, 12 STR, 13 DEX, 5 WIL, horns (d8)",
                "Boar\n4 HP, 12 STR, 13 DEX, 5 WIL, horns (d6)"
            ]
        );
        assert_eq!(
            blocks[0].notes,
            [
                "Born from violence.",
                "Reborn 1d3 days later, far away.",
                "**Critical Damage**: Gores its victims."
            ]
        );
        assert_eq!(blocks[1].line, 19, "the second page's heading");
    }

    #[test]
    fn a_title_over_prose_or_a_list_of_bold_names_names_no_block() {
        let text = "# Bestiary\n\nThe creatures of the wood.\n\n- A list of them.\n\n\
                    **Acolyte**\n\n4 HP, 1 Armor, 14 WIL, mace (d8)\n";
        let blocks = split_blocks(text);
        assert_eq!(texts(&blocks).last(), Some(&"**Acolyte**\n4 HP, 1 Armor, 14 WIL, mace (d8)"));
        assert!(blocks.iter().all(|b| !b.text.starts_with("Bestiary")), "{blocks:?}");
    }
}
