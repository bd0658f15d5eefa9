// "At most once a day across all instances": a row per kind of maintenance with the time it last
// ran, claimed by one conditional upsert — it changes the row only when the last run is a day
// old (or there is none), and the database runs it alone, so of any number of instances asking
// at once exactly one wins.
import { SqlParameters } from "./audit-sql";
import type { Dialect, Statement } from "./rollout-sql";

export const retentionClaim = "audit retention";
export const retentionEveryMs = 24 * 60 * 60 * 1000;

/** Changes one row exactly when the claim is won (SQLite: `changes`, PostgreSQL: the row returned). */
export function claimMaintenance(dialect: Dialect, name: string, now: Date, everyMs: number): Statement {
  const parameters = new SqlParameters(dialect.placeholders);
  const values = [parameters.add(name), parameters.add(dialect.time(now))];
  const dueBefore = parameters.add(dialect.time(new Date(now.getTime() - everyMs)));
  return {
    sql: `INSERT INTO maintenance (name, last_run) VALUES (${values.join(", ")})
          ON CONFLICT (name) DO UPDATE SET last_run = excluded.last_run WHERE maintenance.last_run <= ${dueBefore}
          RETURNING name`,
    values: parameters.values,
  };
}
