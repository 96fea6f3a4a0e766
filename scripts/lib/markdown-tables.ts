/** The cells of a Markdown table row, trimmed (a `|` inside backticks stays in its cell). */
export function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let code = false;
  for (const ch of line.trim().replace(/^\||\|$/g, '')) {
    if (ch === '`') code = !code;
    if (ch === '|' && !code) {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  return [...cells, cell.trim()];
}

const isHeading = (line: string): boolean => /^#{1,6} /.test(line);
const isSeparator = (cells: string[]): boolean => cells.every((c) => /^:?-+:?$/.test(c));

/**
 * The rows of the first table under the heading `heading` (its text, without the `#`s) of
 * `markdown`, as trimmed cells: the header row and separator rows left out.
 */
export function tableUnder(markdown: string, heading: string): string[][] {
  const lines = markdown.split('\n');
  let i = lines.findIndex((l) => isHeading(l) && l.replace(/^#+ /, '').trim() === heading);
  if (i < 0) throw new Error(`no heading "${heading}"`);
  for (i++; i < lines.length && !lines[i].startsWith('|'); i++)
    if (isHeading(lines[i])) throw new Error(`no table under "${heading}"`);
  const rows: string[][] = [];
  for (; i < lines.length && lines[i].startsWith('|'); i++) rows.push(cellsOf(lines[i]));
  return rows.slice(1).filter((cells) => !isSeparator(cells));
}

/** What a piece of Markdown names in backticks, in order. */
export function ticked(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
}
