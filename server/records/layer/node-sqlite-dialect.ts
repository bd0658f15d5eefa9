// Kysely on node:sqlite (docs/decisions/071-one-records-layer.md). Kysely's SQLite dialect is
// written for better-sqlite3, whose prepared statement says whether it returns rows (`reader`);
// node:sqlite's `StatementSync` tells by its columns instead, which this adapter bridges. Two
// more differences from Kysely's defaults, both for the console processes of one host sharing
// the file: a transaction takes the write lock when it begins (BEGIN IMMEDIATE), so two processes
// never both read and then fail to write; and SQLite's DDL is transactional (it is), so the
// migrator runs all pending migrations in one such transaction — a second process waits on the
// lock and then finds nothing to do. And the connections one process holds to one file take turns
// (a test's "two instances"): node:sqlite waits for a lock synchronously, so a second connection
// that waited on the first one's transaction would stop the very event loop that ends it.
import { resolve } from "node:path";
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Kysely,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from "kysely";

/** Prepared statements kept per connection: a bounded cache, most queries are the same few. */
const mostStatements = 256;

function asSqliteDatabase(database: DatabaseSync): SqliteDatabase {
  const statements = new Map<string, StatementSync>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = database.prepare(sql);
      if (statements.size >= mostStatements) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
    }
    return statement;
  };
  return {
    close() {
      statements.clear();
      if (database.isOpen) database.close();
    },
    prepare(sql) {
      const statement = prepared(sql);
      const parameters = (values: ReadonlyArray<unknown>) => values as SQLInputValue[];
      return {
        reader: statement.columns().length > 0,
        all: (values) => statement.all(...parameters(values)),
        run: (values) => statement.run(...parameters(values)),
        iterate: (values) => statement.iterate(...parameters(values)) as IterableIterator<unknown>,
      };
    },
  };
}

/** The last turn asked for on each file this process has open, by its path. */
const turns = new Map<string, Promise<void>>();

/** Waits for the connections before it to this file; resolves to the end of this one's turn. */
async function takeTurn(file: string): Promise<() => void> {
  const before = turns.get(file) ?? Promise.resolve();
  let end!: () => void;
  const turn = before.then(() => new Promise<void>((resolve) => (end = resolve)));
  turns.set(file, turn);
  await before;
  return () => {
    if (turns.get(file) === turn) turns.delete(file);
    end();
  };
}

class ImmediateSqliteDriver extends SqliteDriver {
  #endTurn: (() => void) | null = null;

  constructor(
    config: SqliteDialectConfig,
    private readonly file: string,
  ) {
    super(config);
  }

  // Kysely hands this driver's one connection to one user at a time; this extends that to every
  // driver of the process on the same file.
  override async acquireConnection() {
    this.#endTurn = await takeTurn(this.file);
    return super.acquireConnection();
  }

  override async releaseConnection() {
    await super.releaseConnection();
    const endTurn = this.#endTurn;
    this.#endTurn = null;
    endTurn?.();
  }

  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl() {
    return true;
  }
}

/**
 * Kysely's SQLite dialect over an open node:sqlite database (of `file`, the path that names its
 * turns); Kysely closes it on `destroy()`.
 */
export function nodeSqliteDialect(database: DatabaseSync, file: string): Dialect {
  return {
    createAdapter: () => new TransactionalSqliteAdapter(),
    createDriver: () => new ImmediateSqliteDriver({ database: asSqliteDatabase(database) }, resolve(file)),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
  };
}
