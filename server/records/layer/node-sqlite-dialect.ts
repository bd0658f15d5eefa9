// Kysely on node:sqlite (docs/decisions/071-one-records-layer.md). Kysely's SQLite dialect is
// written for better-sqlite3, whose prepared statement says whether it returns rows (`reader`);
// node:sqlite's `StatementSync` tells by its columns instead, which this adapter bridges. Two
// more differences from Kysely's defaults, both for the console processes of one host sharing
// the file: a transaction takes the write lock when it begins (BEGIN IMMEDIATE), so two processes
// never both read and then fail to write; and SQLite's DDL is transactional (it is), so the
// migrator runs all pending migrations in one such transaction — a second process waits on the
// lock and then finds nothing to do.
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

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl() {
    return true;
  }
}

/** Kysely's SQLite dialect over an open node:sqlite database; Kysely closes it on `destroy()`. */
export function nodeSqliteDialect(database: DatabaseSync): Dialect {
  return {
    createAdapter: () => new TransactionalSqliteAdapter(),
    createDriver: () => new ImmediateSqliteDriver({ database: asSqliteDatabase(database) }),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
  };
}
