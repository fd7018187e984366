import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Every user-visible string goes through i18n: this fails when a component renders literal text
 * (JSX text or a user-facing attribute such as aria-label, alt, title or placeholder) that
 * contains a letter. The seller console (any `admin` folder: app/routes/admin, app/components/admin)
 * is English-only by design and is not checked.
 */
const ROOT = path.resolve(import.meta.dirname, "../../app");
const USER_FACING_ATTRIBUTES = new Set(["aria-label", "alt", "title", "placeholder", "aria-description", "label"]);
const LETTER = /\p{L}/u;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "admin" ? [] : tsxFiles(full);
    return name.endsWith(".tsx") && !name.includes(".test.") ? [full] : [];
  });
}

function literalTexts(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) {
      found.push(node.text.trim());
    } else if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
      const name = node.name.getText(source);
      if (USER_FACING_ATTRIBUTES.has(name) && LETTER.test(node.initializer.text)) found.push(`${name}="${node.initializer.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("user-visible text", () => {
  const files = tsxFiles(ROOT);

  it("finds the components to check", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it("detects a hard-coded string (self-check)", () => {
    const probe = path.join(import.meta.dirname, "fixtures", "hardcoded.tsx");
    expect(literalTexts(probe)).toEqual(["Buy now", 'aria-label="Close"']);
  });

  for (const file of files) {
    it(`${path.relative(ROOT, file)} has no hard-coded text`, () => {
      expect(literalTexts(file)).toEqual([]);
    });
  }
});
