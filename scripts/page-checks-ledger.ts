// npm run ledger: writes e2e/page-checks.ledger from the page walk's table, every (page state,
// check) pair it makes. A change of the table changes the ledger in the same commit, where review
// sees each pair gained or lost; the walk's first test fails while the two differ
// (docs/decisions/067-one-walk-per-page-state.md).
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ledgerText } from "../e2e/support/ledger-reporter";
import { plannedLedgerLines } from "../e2e/support/page-walk/plan";

const file = fileURLToPath(new URL("../e2e/page-checks.ledger", import.meta.url));
const lines = plannedLedgerLines();
writeFileSync(file, ledgerText(lines));
process.stdout.write(`${lines.length} lines in ${file}\n`);
