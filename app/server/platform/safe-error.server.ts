/**
 * What the shop prints or logs about a failure (issue 27, docs/decisions/040): the database's own
 * cause — "duplicate key value violates unique constraint …", "permission denied for database …" —
 * and the statement it happened in, never the query's parameters. Drizzle's own message is
 * `Failed query: <sql>\nparams: <every value>`: on an insert that is buyers' emails, names and
 * logins, and it hides the cause in `error.cause`. Every command (restore, backup, admin) and the
 * server's error logging goes through here.
 */

/** SQLSTATE: five digits or capital letters (PostgreSQL and PGlite errors carry it as `code`). */
const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_LENGTH = 600;

interface QueryError extends Error {
  query: string;
  params: unknown;
}

/** Drizzle's wrapper (PGlite's own errors carry `query` and `params` too, with the cause as message). */
function isQueryError(error: unknown): error is QueryError {
  return error instanceof Error && typeof (error as Partial<QueryError>).query === "string" && error.message.startsWith("Failed query");
}

function sqlStateOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && SQLSTATE.test(code) ? code : null;
}

/** The statement's opening words, cut before its first value, list or placeholder: `insert into "orders"`. */
export function statementOf(query: string): string {
  const head = query
    .trim()
    .split(/[\n('$;]/)[0]!
    .trim();
  return head.length > 80 ? `${head.slice(0, 80)}…` : head;
}

/** A message without drizzle's `params: …` tail and, for a "Failed query" message, without the query. */
function scrub(message: string): string {
  const withoutParams = message.replace(/\n?params:[\s\S]*$/, "");
  const failed = /^Failed query: ([\s\S]*)$/.exec(withoutParams);
  return failed ? `failed query: ${statementOf(failed[1]!)}` : withoutParams;
}

/** What to do about a database cause, when there is something obvious. */
function hintFor(code: string | null): string {
  if (code === "42501") {
    return " — the database role lacks a privilege: restore and migrations need a role that may create schemas and tables in this database (its owner, or GRANT CREATE ON DATABASE …; README, Moving from the embedded database to PostgreSQL)";
  }
  if (code === "23505") return " — the rows being written are already there";
  return "";
}

function oneLine(text: string): string {
  const line = text.replace(/\s*\n\s*/g, " ").trim();
  return line.length > MAX_LENGTH ? `${line.slice(0, MAX_LENGTH)}…` : line;
}

/**
 * One line saying why `error` happened, safe to print and to log: for a failed query, the database's
 * cause with its SQLSTATE and the statement (`duplicate key value violates unique constraint
 * "orders_pkey" (SQLSTATE 23505) in insert into "orders"`); otherwise the message, followed by its
 * causes'. Never a query's parameters, nor the `detail` PostgreSQL adds (it quotes the row's values).
 */
export function safeErrorMessage(error: unknown, depth = 0): string {
  if (depth > 4) return "";
  if (isQueryError(error)) {
    const cause = error.cause;
    const code = sqlStateOf(cause);
    const reason = cause === undefined ? "the database gave no cause" : safeErrorMessage(cause, depth + 1);
    return oneLine(`${reason}${code ? ` (SQLSTATE ${code})` : ""} in ${statementOf(error.query)}${hintFor(code)}`);
  }
  if (!(error instanceof Error)) return oneLine(scrub(String(error)));
  const own = scrub(error.message) || error.name;
  const code = depth === 0 ? sqlStateOf(error) : null;
  const cause = error.cause === undefined ? "" : safeErrorMessage(error.cause, depth + 1);
  // A wrapper that already quotes its cause's message need not say it twice.
  const tail = cause && !own.includes(cause) ? `: ${cause}` : "";
  return oneLine(`${own}${tail}${code ? ` (SQLSTATE ${code})${hintFor(code)}` : ""}`);
}

/** The stack's frames only (its first lines repeat the message, which may hold a query's parameters). */
export function safeStack(error: unknown): string | undefined {
  if (!(error instanceof Error) || !error.stack) return undefined;
  return error.stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
}

/** The message and the frames, for a log line or stderr. */
export function safeErrorText(error: unknown): string {
  const frames = safeStack(error);
  const name = error instanceof Error ? error.name : "Error";
  return `${name}: ${safeErrorMessage(error)}${frames ? `\n${frames}` : ""}`;
}

/** pino's `err` serializer: type, safe message, frames. */
export function safeErrorSerializer(error: unknown): { type: string; message: string; stack?: string } {
  return { type: error instanceof Error ? error.name : typeof error, message: safeErrorMessage(error), stack: safeStack(error) };
}
