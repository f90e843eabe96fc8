import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The repository explains itself: comments and docs cite pages inside it (docs/architecture.md, docs/reference/),
// never documents a clone does not have. A citation is a docs path, optionally followed by the heading it means:
// `docs/reference/chat.md (Stopping a reply)`, `docs/decisions.md, "Deltas"`; several headings of one page are
// separated by "; ". A heading is a Markdown heading or a bold paragraph title (`**Deltas.**`) of that page.

const root = resolve(import.meta.dirname, '../../..');
const self = relative(root, import.meta.filename);

const SOURCE_DIRS = ['src', 'test', 'e2e'];
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|css|html|md)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git']);

/** Words that point at documents outside the repository, each with what to say about it. */
const OUTSIDE: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bspec [12]\b/i, 'cites the external spec; cite docs/reference/<page>.md (Heading)'],
  [/ARCHITECTURE/, 'cites the external ARCHITECTURE; cite docs/architecture.md (Heading)'],
  [
    /(?:\.\.\/)+shared\/(?:ARCHITECTURE|spec)|\/work\/shared\b|\bshared\/spec\//,
    'names a path outside the repository',
  ],
  [/\bthe spec(?:ification)?\b/i, 'refers to an external spec; name the docs page instead'],
  // A section sign with no document name before it ("§9:", "(§4)") numbers an outside document's sections;
  // "HTML §9.2" or "RFC 9110 §8" name a public standard and pass.
  [/(?<![\w.]\s)(?<!\w)§\s?\d/, 'cites a bare numbered section; cite a docs page and heading'],
];

/** Why a line points outside the repository; empty when it does not. */
function outsideReferences(line: string): string[] {
  return OUTSIDE.filter(([pattern]) => pattern.test(line)).map(([, why]) => why);
}

interface Citation {
  path: string;
  headings: string[];
  /** A heading opened after the path but not closed on the same line (the check cannot see it). */
  unclosed: boolean;
}

const CITATION = /(?<![\w/.-])(docs\/[\w./-]+\.md)\b/g;

/** The docs pages a line cites, each with the headings named right after it. */
function citationsIn(line: string): Citation[] {
  const found: Citation[] = [];
  for (const match of line.matchAll(CITATION)) {
    const rest = line.slice((match.index ?? 0) + match[0].length);
    const named = /^,?\s*(?:\(\s*"?([^()"]+?)"?\s*\)|"([^"]+)")/.exec(rest);
    const opened = /^,?\s*[("]/.test(rest) && !rest.startsWith(')');
    const heading = named?.[1] ?? named?.[2];
    const headings = heading ? heading.split('; ').map((h) => h.trim()) : [];
    found.push({ path: match[1]!, headings, unclosed: opened && !named });
  }
  return found;
}

/** The headings and bold paragraph titles of a Markdown text, as a citation names them. */
function headingsOf(markdown: string): Set<string> {
  const headings = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
    const bold = /^\s*(?:[-*]\s+)?\*\*(.+?)\*\*/.exec(line)?.[1];
    for (const text of [heading, bold]) if (text) headings.add(text.replace(/\.$/, '').trim());
  }
  return headings;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
function slugOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown text; a repeated heading gets -1, -2, … as on GitHub. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? undefined : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
    if (!heading) continue;
    const slug = slugOf(heading);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (TEXT_FILE.test(entry.name)) out.push(path);
  }
  return out;
}

/** Every file whose words are checked, relative to the repository root. */
function scannedFiles(): string[] {
  const packages = readdirSync(join(root, 'packages')).flatMap((name) =>
    SOURCE_DIRS.flatMap((dir) => walk(join(root, 'packages', name, dir))),
  );
  const docs = walk(join(root, 'docs')).filter((file) => file.endsWith('.md'));
  const files = [...packages, ...walk(join(root, 'bench')), ...walk(join(root, 'scripts')), ...docs];
  return [join(root, 'README.md'), ...files]
    .map((file) => relative(root, file))
    .filter((file) => file !== self);
}

const markdownCache = new Map<string, string | null>();
function readDoc(path: string): string | null {
  if (!markdownCache.has(path)) {
    const file = join(root, path);
    markdownCache.set(path, existsSync(file) ? readFileSync(file, 'utf8') : null);
  }
  return markdownCache.get(path)!;
}

/** The problems of one line of `file`: outside references, missing pages, missing headings. */
function lineProblems(file: string, line: string, next = ''): string[] {
  const problems = outsideReferences(line);
  for (const citation of citationsIn(line)) {
    // A heading wrapped onto the next line ("… docs/x.md" / "(Heading)") would escape the check below.
    if (line.trimEnd().endsWith(citation.path) && /^\s*(?:\*|\/\/|#+|-)?\s*\(/.test(next)) {
      problems.push(`cites a heading of ${citation.path} on the next line; keep it on the path's line`);
    }
    const text = readDoc(citation.path);
    if (text === null) {
      problems.push(`cites ${citation.path}, which does not exist`);
      continue;
    }
    if (citation.unclosed)
      problems.push(`cites a heading of ${citation.path} across lines; keep it on one line`);
    const headings = headingsOf(text);
    for (const heading of citation.headings) {
      if (!headings.has(heading))
        problems.push(`cites "${heading}", which ${citation.path} has no heading for`);
    }
  }
  if (file.endsWith('.md')) problems.push(...linkProblems(file, line));
  return problems;
}

/** Relative links of a Markdown line whose file or anchor does not exist. */
function linkProblems(file: string, line: string): string[] {
  const problems: string[] = [];
  for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue;
    const [path, anchor] = target!.split('#');
    const linked = path ? relative(root, resolve(root, dirname(file), path)) : file;
    if (linked.startsWith('..')) {
      problems.push(`links ${target}, which is outside the repository`);
      continue;
    }
    const text = readDoc(linked);
    if (text === null && !existsSync(join(root, linked)))
      problems.push(`links ${target}, which does not exist`);
    else if (anchor && text !== null && !anchorsOf(text).has(anchor)) {
      problems.push(`links ${target}, whose heading does not exist`);
    }
  }
  return problems;
}

// The samples that must be flagged name the outside documents only through these parts, so this file does not
// itself read as a citation (to the scan below, or to a reader grepping for one).
const SPEC = ['spec', 'Spec'] as const;
const ARCH = ['ARCH', 'ITECTURE'].join('');
const OUTSIDE_DIR = ['..', 'shared', ''].join('/');

describe('the citation matcher', () => {
  it.each([
    `// ${SPEC[0]} 1 §4: the stop button aborts the stream`,
    `/** Toast timings (${SPEC[0]} 1 §2). */`,
    `it('maps the JSON error types of ${SPEC[1]} 2 §8', () => {`,
    `/** The closed set of error codes (${ARCH} §3.3). */`,
    `\`${OUTSIDE_DIR}${ARCH}.md\` gives the conventions.`,
    '/** GET /api/search (§9: p95 < 100 ms). */',
    ' * §9 relay overhead: from the first token',
    "/** The file limits; until they arrive, the spec's defaults. */",
    'Choices the specification leaves open.',
  ])('flags %s', (line) => {
    expect(outsideReferences(line)).not.toEqual([]);
  });

  it.each([
    '// docs/reference/chat.md (Stopping a reply): the stop button aborts the stream',
    ' * An incremental parser of the text/event-stream format (WHATWG HTML §9.2)',
    '// Helpers shared by the specs of this area.',
    'packages/web      React app (src/app, src/features/<feature>/, e2e/ browser specs)',
    "import { spec } from './spec';",
    'for (const spec of staticImports(body)) queue.push(spec);',
  ])('passes %s', (line) => {
    expect(outsideReferences(line)).toEqual([]);
  });

  it.each([
    [
      '// docs/reference/chat.md (Stopping a reply): x',
      [{ path: 'docs/reference/chat.md', headings: ['Stopping a reply'], unclosed: false }],
    ],
    ['(docs/decisions.md, "Deltas")', [{ path: 'docs/decisions.md', headings: ['Deltas'], unclosed: false }]],
    [
      'docs/decisions.md ("The demo").',
      [{ path: 'docs/decisions.md', headings: ['The demo'], unclosed: false }],
    ],
    ['(docs/decisions.md)', [{ path: 'docs/decisions.md', headings: [], unclosed: false }]],
    [
      'docs/reference/limits.md (Timings; Message limits)',
      [{ path: 'docs/reference/limits.md', headings: ['Timings', 'Message limits'], unclosed: false }],
    ],
    ['docs/decisions.md "Chat tree', [{ path: 'docs/decisions.md', headings: [], unclosed: true }]],
    [
      '[docs/performance.md](docs/performance.md)',
      [
        { path: 'docs/performance.md', headings: [], unclosed: false },
        { path: 'docs/performance.md', headings: [], unclosed: false },
      ],
    ],
    ['packages/web/docs/x.md and mydocs/y.md', []],
  ])('reads the citations of %s', (line, expected) => {
    expect(citationsIn(line)).toEqual(expected);
  });

  it.each([
    ['x.ts', '// docs/reference/chat.md (No such heading): x', ''],
    ['x.ts', '// see docs/reference/nothing-here.md', ''],
    ['x.ts', ' * the stop button (docs/reference/chat.md', ' * (Stopping a reply)) aborts the stream'],
    ['docs/x.md', 'See [the notes](../../outside/notes.md).', ''],
    ['docs/x.md', 'See [chat](reference/chat.md#no-such-heading).', ''],
  ])('finds a problem in %s: %s', (file, line, next) => {
    expect(lineProblems(file, line, next)).not.toEqual([]);
  });

  it.each([
    ['x.ts', '// docs/reference/chat.md (Stopping a reply): x', ''],
    ['x.ts', ' * the stop button (docs/reference/chat.md (Stopping a reply))', ' * (it aborts the stream)'],
    ['docs/decisions.md', 'See [chat](reference/chat.md#stopping-a-reply) and [the top](#decisions).', ''],
  ])('finds no problem in %s: %s', (file, line, next) => {
    expect(lineProblems(file, line, next)).toEqual([]);
  });

  it('knows headings and bold paragraph titles, and anchors them as GitHub does', () => {
    const headings = headingsOf(
      '# Page\n\n## Stopping a reply\n\n**Deltas.** Text\n- **Context.** More\n```\n# not\n```',
    );
    expect([...headings]).toEqual(['Page', 'Stopping a reply', 'Deltas', 'Context']);
    expect(slugOf('Regenerate, continue and edit')).toBe('regenerate-continue-and-edit');
    expect(slugOf('Sign-in and registration limits')).toBe('sign-in-and-registration-limits');
  });
});

describe('the repository', () => {
  it('cites only documents it holds, and headings they have', () => {
    const problems: string[] = [];
    for (const file of scannedFiles()) {
      const lines = readFileSync(join(root, file), 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const problem of lineProblems(file, line, lines[index + 1])) {
          problems.push(`${file}:${index + 1}: ${problem}`);
        }
      });
    }
    expect(problems).toEqual([]);
  });
});
