import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { safeErrorMessage, safeErrorSerializer, safeErrorText, statementOf } from "./safe-error.server";

/** What PostgreSQL and PGlite throw: a message, a SQLSTATE, and a detail that quotes the row. */
function databaseError(message: string, code: string, detail?: string): Error {
  return Object.assign(new Error(message), { code, detail, severity: "ERROR" });
}

const BUYER = "alex.buyer@example.com";
const insert = 'insert into "orders" ("id", "email", "first_name") values ($1, $2, $3), ($4, $5, $6)';

describe("safeErrorMessage", () => {
  it("names the database's cause and the statement, never the parameters nor the detail", () => {
    const cause = databaseError('duplicate key value violates unique constraint "orders_pkey"', "23505", `Key (id)=(ORD-1) already exists. ${BUYER}`);
    const error = new DrizzleQueryError(insert, ["ORD-1", BUYER, "Alex", "ORD-2", "b@example.com", "Bea"], cause);
    expect(error.message).toContain(BUYER); // what drizzle would have printed
    const message = safeErrorMessage(error);
    expect(message).toBe(
      'duplicate key value violates unique constraint "orders_pkey" (SQLSTATE 23505) in insert into "orders" — the rows being written are already there',
    );
    expect(message).not.toContain(BUYER);
    expect(message).not.toContain("params");
    expect(safeErrorText(error)).not.toContain(BUYER);
    expect(JSON.stringify(safeErrorSerializer(error))).not.toContain(BUYER);
  });

  it("says what to do about a missing privilege", () => {
    const cause = databaseError("permission denied for database shop", "42501");
    const message = safeErrorMessage(new DrizzleQueryError('CREATE SCHEMA IF NOT EXISTS "drizzle"', [], cause));
    expect(message).toMatch(
      /^permission denied for database shop \(SQLSTATE 42501\) in CREATE SCHEMA IF NOT EXISTS "drizzle" — the database role lacks a privilege/,
    );
    expect(message).toContain("GRANT CREATE ON DATABASE");
  });

  it("follows causes through wrappers, and scrubs a query message that lost its error", () => {
    const cause = databaseError("permission denied for table orders", "42501");
    const wrapped = new Error("loading the rows failed", { cause: new DrizzleQueryError('select "email" from "orders" where "id" = $1', [BUYER], cause) });
    expect(safeErrorMessage(wrapped)).toMatch(
      /^loading the rows failed: permission denied for table orders \(SQLSTATE 42501\) in select "email" from "orders" where "id" = /,
    );
    expect(safeErrorMessage(new Error(`Failed query: ${insert}\nparams: ORD-1,${BUYER}`))).toBe('failed query: insert into "orders"');
    expect(safeErrorMessage("plain text")).toBe("plain text");
  });

  it("cuts a statement before its first value or list", () => {
    expect(statementOf('update "orders" set "email" = \'x@y.z\' where id = 1')).toBe('update "orders" set "email" =');
    expect(statementOf(insert)).toBe('insert into "orders"');
  });
});
