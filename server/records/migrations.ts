// Versioned migrations of the durable store: an ordered list per database, applied at open and
// recorded in schema_migrations, so every instance finds the schema it needs and none is ever
// changed by hand. A change to the schema is a new entry at the end; an entry once released is
// never edited (docs/decisions/055-durable-records.md).

export interface Migration {
  /** 1, 2, 3, … in the order they apply. */
  version: number;
  name: string;
  sql: string;
}

/** The migrations not yet applied, in order; throws on a list out of order (a programming error). */
export function pendingMigrations(all: readonly Migration[], applied: ReadonlySet<number>): Migration[] {
  all.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migration ${migration.name} is number ${migration.version}, expected ${index + 1}`);
    }
  });
  return all.filter((migration) => !applied.has(migration.version));
}
