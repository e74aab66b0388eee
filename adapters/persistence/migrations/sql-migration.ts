import type { MigrationInterface, QueryRunner } from "typeorm"

/** A migration's SQL per dialect: the statements of `up`, and those of `down` that undo them. */
export interface MigrationSql {
  readonly sqlite: { readonly up: ReadonlyArray<string>; readonly down: ReadonlyArray<string> }
  readonly mysql: { readonly up: ReadonlyArray<string>; readonly down: ReadonlyArray<string> }
}

/**
 * The migration class of one dialect that runs `sql`'s statements in order. `name` is what the
 * migrations table records (TypeORM reads the `name` property), so it never changes once applied.
 */
export const sqlMigration = (name: string, sql: MigrationSql, dialect: "sqlite" | "mysql") =>
  class implements MigrationInterface {
    name = name

    async up(queryRunner: QueryRunner): Promise<void> {
      for (const statement of sql[dialect].up) await queryRunner.query(statement)
    }

    async down(queryRunner: QueryRunner): Promise<void> {
      for (const statement of sql[dialect].down) await queryRunner.query(statement)
    }
  }
