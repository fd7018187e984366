/**
 * CSV (RFC 4180) for spreadsheets: fields quoted when needed, CRLF line ends, and text that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR at the start — "CSV injection") is
 * prefixed with an apostrophe so it shows as text. Numbers are written as they are.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "yes" : "no";
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
