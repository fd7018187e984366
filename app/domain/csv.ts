/**
 * CSV for the seller's exports (RFC 4180, opened in spreadsheets). A cell starting with = + - @,
 * tab or carriage return (leading spaces ignored) would run as a formula in Excel/LibreOffice/Sheets: such a cell is
 * prefixed with a single quote so it shows as text (OWASP "CSV injection").
 */
const FORMULA_START = /^(\s*[=+\-@]|[\t\r])/;

export type CsvValue = string | number | boolean | Date | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  // Numbers we write ourselves (-5) are data, not formulas; text from shoppers is never trusted.
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Header row then one row per record, CRLF line ends, with a BOM so Excel reads UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
