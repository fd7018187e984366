/**
 * CSV (RFC 4180) for spreadsheets: fields quoted when needed, CRLF line ends, and text that a
 * spreadsheet would run as a formula (=, +, -, @ — after any leading spaces — or tab, CR at the
 * start: "CSV injection") is prefixed with an apostrophe so it shows as text. Numbers are written
 * as they are, dates as ISO 8601 (UTC).
 */
export type CsvValue = string | number | boolean | Date | null | undefined;

const FORMULA_START = /^(\s*[=+\-@]|[\t\r])/;

/** Put in front of a file that Excel must read as UTF-8 (names and messages with accents). */
export const UTF8_BOM = "\uFEFF";

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString();
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(",");
}

/** A whole file: a header row, then the rows, each ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => `${csvRow(row)}\r\n`).join("");
}
