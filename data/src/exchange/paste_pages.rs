//! Stat blocks as wikis print them: Markdown pages where a heading names each creature, a
//! line in italics or a paragraph describes it, and its stats follow as a table of label and
//! value (`| Armor Class | 6 [13] |`), as bold labels (`**Armor Class** 8`) or as a stat line.
//! Blank lines do not end a block there (every line of such a page stands apart): a heading
//! does, unless it only opens a section of the same creature (`###### Actions`).
//!
//! Prose before the stats is the creature's description and goes to its notes with its
//! bullets; a heading over nothing but prose and bullets ("# Bear", then "## Black Bear")
//! names no block, and its bullets go to the notes of every creature under it.

use super::paste_split::RawBlock;

/// Headings that open a part of the creature above them, not a creature of their own.
const SECTIONS: &[&str] = &[
    "actions",
    "bonus actions",
    "reactions",
    "legendary actions",
    "lair actions",
    "mythic actions",
    "regional effects",
    "traits",
    "special abilities",
    "abilities",
];

/// Whether `text` is wiki pages: a heading, and stats in a table or after a bold label.
pub(super) fn is_wiki_pages(text: &str) -> bool {
    let mut heading = false;
    let mut marked = false;
    for line in text.lines().map(str::trim) {
        heading |= line.starts_with('#');
        marked |= table_cells(line).is_some_and(|c| c.len() >= 2) || bold_label(line);
        if heading && marked {
            return true;
        }
    }
    false
}

/// The blocks of wiki pages, in order. `is_stats` tells a line of stats ("Armor Class 6
/// [13]") from prose ("6' tall; eats berries"): the first one under a heading opens its block.
/// One pass over the lines.
pub(super) fn split_wiki_pages(text: &str, is_stats: &dyn Fn(&str) -> bool) -> Vec<RawBlock> {
    let mut pages = Pages { is_stats: Some(is_stats), ..Pages::default() };
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let mut front_matter = false;
    for (n, &line) in lines.iter().enumerate() {
        // A page's YAML front matter ("---", "title: Ogre", "---") says nothing of its stats.
        if line == "---"
            && (front_matter
                || lines[n + 1..].iter().find(|l| !l.is_empty()).is_some_and(|l| key_value(l)))
        {
            front_matter = !front_matter;
            continue;
        }
        if front_matter {
            continue;
        }
        if let Some(cells) = table_cells(line) {
            pages.table.push(cells);
            continue;
        }
        pages.flush_table();
        if line.is_empty() || is_rule(line) {
            continue;
        }
        if line.starts_with('#') {
            let level = line.chars().take_while(|&c| c == '#').count();
            pages.heading(n + 1, level, &plain(line.trim_start_matches('#')));
            continue;
        }
        if let Some(quoted) = line.strip_prefix('>') {
            pages.sidebar(quoted.trim());
            continue;
        }
        pages.content(line);
    }
    pages.flush_table();
    pages.close();
    pages.out
}

/// What a pass over the pages has seen so far.
#[derive(Default)]
struct Pages<'a> {
    is_stats: Option<&'a dyn Fn(&str) -> bool>,
    out: Vec<RawBlock>,
    /// The block being read, and the level of the heading that named it.
    open: Option<(RawBlock, usize)>,
    /// A heading not yet over stats: its line, level and title, and the prose under it.
    waiting: Option<(usize, usize, String)>,
    described: Vec<String>,
    /// Lines under it of a bold label and its value, before its stats began.
    labelled: Vec<String>,
    /// The bullets of headings that named no block, by level: notes for those under them.
    parents: Vec<(usize, Vec<String>)>,
    /// The rows of the table being read, each as its cells.
    table: Vec<Vec<String>>,
}

impl<'a> Pages<'a> {
    fn heading(&mut self, line: usize, level: usize, title: &str) {
        if self.open.is_some() && SECTIONS.contains(&title.to_lowercase().as_str()) {
            return;
        }
        self.close();
        if let Some((_, above, _)) = self.waiting.take() {
            let described = std::mem::take(&mut self.described);
            if level > above && !described.is_empty() {
                self.parents.push((above, described));
            }
        }
        self.described.clear();
        self.labelled.clear();
        self.parents.retain(|(above, _)| *above < level);
        self.waiting = Some((line, level, title.to_owned()));
    }

    /// A line that is neither a heading nor a table row.
    fn content(&mut self, line: &str) {
        if let Some(bullet) = bullet(line) {
            match &mut self.open {
                Some((block, _)) => block.notes.push(bullet.to_owned()),
                None if self.waiting.is_some() => self.described.push(bullet.to_owned()),
                None => {}
            }
            return;
        }
        let labelled = bold_label(line);
        let line = plain(line);
        if let Some((block, _)) = &mut self.open {
            block.text.push('\n');
            block.text.push_str(&line);
            return;
        }
        if !self.is_stats(&line) {
            // "**Armor Class** 11 in humanoid form, ...": a labelled value Fray may not read
            // is still the block's, to be listed as not read once its stats begin.
            if labelled && self.waiting.is_some() {
                self.labelled.push(line);
            } else if self.waiting.is_some() {
                self.described.push(line);
            }
            return;
        }
        self.open_block(&line);
    }

    /// A line of a quote: inside a creature's page a sidebar ("Variant: Diseased Giant
    /// Rats", with the Bite it would have instead), which is notes, never its stats; before
    /// any, read as any other line.
    fn sidebar(&mut self, line: &str) {
        match &mut self.open {
            Some((block, _)) if !line.is_empty() => block.notes.push(plain(line)),
            Some(_) => {}
            None => self.content(line),
        }
    }

    fn is_stats(&self, line: &str) -> bool {
        self.is_stats.is_some_and(|is_stats| is_stats(line))
    }

    /// Opens the block of the heading waiting for its stats, with its first line of them.
    fn open_block(&mut self, line: &str) {
        let Some((at, level, title)) = self.waiting.take() else { return };
        if title.is_empty() {
            return;
        }
        let mut notes: Vec<String> =
            self.parents.iter().flat_map(|(_, notes)| notes.iter().cloned()).collect();
        notes.append(&mut self.described);
        let mut text = title;
        for labelled in self.labelled.drain(..).chain([line.to_owned()]) {
            text.push('\n');
            text.push_str(&labelled);
        }
        let block = RawBlock { line: at, text, notes };
        self.open = Some((block, level));
    }

    fn close(&mut self) {
        if let Some((block, _)) = self.open.take() {
            self.out.push(block);
        }
    }

    /// The table just read, as lines of "label value": each row a label and its value, or a
    /// row of labels over rows of values ("STR 19 (+4), DEX 6 (-2), ...").
    fn flush_table(&mut self) {
        let rows = std::mem::take(&mut self.table);
        let rows: Vec<Vec<String>> = rows
            .into_iter()
            .filter(|row| !row.iter().all(|c| c.is_empty() || is_separator(c)))
            .collect();
        let Some(head) = rows.first() else { return };
        // A first row with no number over rows that start with one is a row of labels ("|
        // STR | DEX |" over "| 19 (+4) | 6 (-2) |"); any other row is a label and its value
        // ("| Armor Class | 6 [13] |").
        let number = |cell: &String| cell.chars().any(|c| c.is_ascii_digit());
        let labels = rows.len() > 1
            && !head.iter().any(number)
            && rows[1..].iter().all(|row| row.first().is_some_and(number));
        let lines: Vec<String> = if !labels {
            rows.iter().map(|row| row.join(" ").trim().to_owned()).collect()
        } else {
            rows[1..]
                .iter()
                .map(|row| {
                    head.iter()
                        .zip(row)
                        .map(|(label, value)| format!("{label} {value}").trim().to_owned())
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .collect()
        };
        let lines: Vec<String> = lines.into_iter().filter(|l| !l.is_empty()).collect();
        // A table of stats is the block whole: a row of it that reads as no stats
        // ("Armor Class 7 [12] to 4 [15]") is the block's, to be listed as not read.
        if self.open.is_none()
            && let Some(first) = lines.first()
            && lines.iter().any(|l| self.is_stats(&plain(l)))
        {
            self.open_block(&plain(first));
            for line in &lines[1..] {
                self.content(line);
            }
            return;
        }
        for line in &lines {
            self.content(line);
        }
    }
}

/// The cells of a table row ("| Armor Class | 6 [13] |"), without emphasis.
fn table_cells(line: &str) -> Option<Vec<String>> {
    let inner = line.strip_prefix('|')?;
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    Some(inner.split('|').map(plain).collect())
}

/// "---", ":--:": the row under a table's header.
fn is_separator(cell: &str) -> bool {
    !cell.is_empty() && cell.chars().all(|c| matches!(c, '-' | ':' | ' '))
}

/// "------", "***": a horizontal rule.
fn is_rule(line: &str) -> bool {
    line.len() >= 3 && ['-', '*', '_'].iter().any(|&c| line.chars().all(|l| l == c || l == ' '))
}

/// "**Armor Class** 8": a bold label, then its value.
fn bold_label(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("**") else { return false };
    if rest.starts_with('*') {
        return false;
    }
    rest.split_once("**").is_some_and(|(label, value)| {
        !label.trim().is_empty() && label.len() <= 40 && !value.trim().is_empty()
    })
}

/// The text of a bullet ("- Carry a holy symbol"), if `line` is one.
fn bullet(line: &str) -> Option<&str> {
    ["- ", "* ", "• ", "+ "].iter().find_map(|b| line.strip_prefix(b)).map(str::trim)
}

/// "layout: default": a line of YAML front matter.
fn key_value(line: &str) -> bool {
    line.split_once(':').is_some_and(|(key, _)| {
        !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    })
}

/// Text without Markdown's emphasis (`**Armor Class**`, `*Large undead*`) or a line break's
/// `<br>`. Old-school hit dice's asterisks ("4*") go too: they mark special abilities, which
/// no field holds.
fn plain(text: &str) -> String {
    text.replace("<br>", " ").replace(['*', '_'], "").trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stat line, for these tests: it names a number after "Armor Class" or "AC".
    fn stats(line: &str) -> bool {
        line.starts_with("Armor Class") || line.starts_with("AC ")
    }

    fn texts(blocks: &[RawBlock]) -> Vec<&str> {
        blocks.iter().map(|b| b.text.as_str()).collect()
    }

    #[test]
    fn a_table_of_labels_and_values_is_the_block_under_its_heading() {
        let page = "# Bear\n\n- **Bear hug:** both paws hug.\n\n## Black Bear\n\n\
                    6’ tall; eats berries.\n\n------\n\n\
                    | Armor Class | 6 [13] |\n| ---------- | ------ |\n| Hit Dice | 4* (18hp) |\n\n\
                    ------\n\n- **Camp raids:** for fish.\n\n## Cave Bear\n\n\
                    | Armor Class | 5 [14] |\n| --- | --- |\n";
        assert!(is_wiki_pages(page));
        let blocks = split_wiki_pages(page, &stats);
        assert_eq!(
            texts(&blocks),
            ["Black Bear\nArmor Class 6 [13]\nHit Dice 4 (18hp)", "Cave Bear\nArmor Class 5 [14]"]
        );
        assert_eq!(
            blocks[0].notes,
            ["**Bear hug:** both paws hug.", "6’ tall; eats berries.", "**Camp raids:** for fish."]
        );
        assert_eq!(blocks[1].notes, ["**Bear hug:** both paws hug."], "the parent's bullets");
        assert_eq!((blocks[0].line, blocks[1].line), (5, 19));
    }

    #[test]
    fn bold_labels_and_sections_of_one_creature_stay_one_block() {
        let page = "### Ogre Zombie\n\n*Large undead, neutral evil*\n\n**Armor Class** 8\n\n\
                    **Hit Points** 85 (9d10+36)\n\n| STR | DEX |\n|:--:|:--:|\n| 19 (+4) | 6 (-2) |\n\n\
                    ***Undead Fortitude***. It may drop to 1 hit point.\n\n###### Actions\n\n\
                    ***Morningstar***. *Melee Weapon Attack:* +6 to hit.\n\n### Orc\n\n**Armor Class** 13\n";
        assert!(is_wiki_pages(page));
        let blocks = split_wiki_pages(page, &stats);
        assert_eq!(
            texts(&blocks),
            [
                "Ogre Zombie\nArmor Class 8\nHit Points 85 (9d10+36)\nSTR 19 (+4), DEX 6 (-2)\n\
                 Undead Fortitude. It may drop to 1 hit point.\n\
                 Morningstar. Melee Weapon Attack: +6 to hit.",
                "Orc\nArmor Class 13"
            ]
        );
        assert_eq!(blocks[0].notes, ["Large undead, neutral evil"]);
    }

    #[test]
    fn a_sidebar_in_a_page_is_notes_not_stats() {
        let page = "### Giant Rat\n\n**Armor Class** 12\n\n###### Actions\n\n\
                    ***Bite***. *Melee Weapon Attack:* +4 to hit.\n\n\
                    >**Variant: Diseased Giant Rats**\n>\n\
                    >***Bite***. *Melee Weapon Attack:* +4 to hit. Disease.\n### Orc\n";
        let blocks = split_wiki_pages(page, &stats);
        assert_eq!(
            texts(&blocks),
            ["Giant Rat\nArmor Class 12\nBite. Melee Weapon Attack: +4 to hit."]
        );
        assert_eq!(
            blocks[0].notes,
            ["Variant: Diseased Giant Rats", "Bite. Melee Weapon Attack: +4 to hit. Disease."]
        );
    }

    #[test]
    fn a_labelled_value_before_the_stats_is_the_blocks() {
        let page = "### Werewolf\n\n**Armor Class** 11 in humanoid form, 12 in wolf form\n\n\
                    **Hit Points** 58 (9d8+18)\n";
        let stats = |line: &str| line.starts_with("Hit Points");
        let blocks = split_wiki_pages(page, &stats);
        assert_eq!(
            texts(&blocks),
            ["Werewolf\nArmor Class 11 in humanoid form, 12 in wolf form\nHit Points 58 (9d8+18)"]
        );
    }

    #[test]
    fn a_chapter_without_stats_names_no_block_and_plain_pages_are_not_wiki_pages() {
        let chapter = "# Monster Statistics\n\nA monster's **stat block** says it all.\n\n\
                       **Senses**. It gains darkvision.\n\n\
                       | Size | Space |\n| --- | --- |\n| Tiny | 2½ ft |\n";
        assert!(split_wiki_pages(chapter, &stats).is_empty());
        let cairn = "# Blood Elk\n\n4 HP, 12 STR, horns (d8)\n\n- **Critical Damage**: gores.\n";
        assert!(!is_wiki_pages(cairn), "a Cairn page is read as before");
    }
}
