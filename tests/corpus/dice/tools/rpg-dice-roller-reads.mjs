// Reads notations (one a line, standard input) with rpg-dice-roller and prints, a line each,
// `yes<TAB>min<TAB>max` or `no`. Run from a folder where `npm install
// @dice-roller/rpg-dice-roller` was done; survey.py calls it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// Resolved from the working folder (where it is installed), not from this file's.
const { DiceRoll } = createRequire(`${process.cwd()}/`)('@dice-roller/rpg-dice-roller');

const lines = readFileSync(0, 'utf8').split('\n');
if (lines[lines.length - 1] === '') lines.pop();
for (const notation of lines) {
  try {
    const roll = new DiceRoll(notation);
    console.log(`yes\t${roll.minTotal}\t${roll.maxTotal}`);
  } catch (_) {
    console.log('no');
  }
}
