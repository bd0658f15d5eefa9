// The page walk without JavaScript: every page's checks on one load per language, and the text
// browsers (e2e/support/page-walk/table.ts, docs/decisions/067-one-walk-per-page-state.md).
import { test } from "./support/fixtures";
import { walkGroups } from "./support/page-walk/walk";

const walk = walkGroups("nojs");
test(walk.ledgerTest.title, walk.ledgerTest.run);
for (const group of walk.groups)
  test.describe(group.title, () => {
    test.use(group.use);
    for (const { title, run } of group.tests) test(title, run);
  });
