// The docs stay true to the code: docs/api.md (the contract the source cites as "docs/api.md §N")
// names every export of the generated index.d.ts, every method of its classes and every field of
// its interfaces; README.md stays the user's page (under 400 lines); and every relative link in
// README.md and docs/*.md points at a file that exists (and, with a #fragment, at a heading there).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = dirname(import.meta.dirname)
const read = (path: string) => readFileSync(join(root, path), 'utf8')
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** What index.d.ts exports, as the TypeScript compiler reads it. */
interface Exported {
  /** Class, function, interface, type alias, enum and constant names. */
  names: string[]
  /** `Class.method` (static methods and getters included; not the constructor). */
  methods: { owner: string; name: string }[]
  /** `Interface.field`. */
  fields: { owner: string; name: string }[]
  /** `Enum.Member`. */
  members: { owner: string; name: string }[]
}

function exportsOf(dts: string): Exported {
  const file = ts.createSourceFile('index.d.ts', dts, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  const out: Exported = { names: [], methods: [], fields: [], members: [] }
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
  const nameOf = (name: ts.PropertyName | undefined) => (name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined)
  for (const node of file.statements) {
    if (!exported(node)) continue
    if (ts.isClassDeclaration(node) && node.name) {
      const owner = node.name.text
      out.names.push(owner)
      for (const member of node.members) {
        if (ts.isConstructorDeclaration(member)) continue
        const name = nameOf(member.name)
        if (name) out.methods.push({ owner, name })
      }
    } else if (ts.isFunctionDeclaration(node) && node.name) {
      out.names.push(node.name.text)
    } else if (ts.isInterfaceDeclaration(node)) {
      const owner = node.name.text
      out.names.push(owner)
      for (const member of node.members) {
        const name = nameOf(member.name)
        if (name) out.fields.push({ owner, name })
      }
    } else if (ts.isTypeAliasDeclaration(node)) {
      out.names.push(node.name.text)
    } else if (ts.isEnumDeclaration(node)) {
      const owner = node.name.text
      out.names.push(owner)
      for (const member of node.members) {
        const name = nameOf(member.name)
        if (name) out.members.push({ owner, name })
      }
    } else if (ts.isVariableStatement(node)) {
      for (const decl of node.declarationList.declarations) {
        if (ts.isIdentifier(decl.name)) out.names.push(decl.name.text)
      }
    }
  }
  return out
}

/** Markdown without fenced code blocks and HTML comments: where links and headings are read. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/<!--[\s\S]*?-->/g, '')
}

/** The anchors GitHub gives a file's headings (lowercase, punctuation dropped, spaces as `-`). */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const out = new Set<string>()
  for (const line of prose(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    const text = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*_]/g, (c) => (c === '_' ? '_' : ''))
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    out.add(n === 0 ? base : `${base}-${n}`)
  }
  return out
}

/** Relative link targets of a Markdown file (inline code and code blocks left out). */
function links(markdown: string): string[] {
  const text = prose(markdown).replace(/``[^`]*``|`[^`\n]*`/g, '')
  return [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
}

const docs = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)]

/**
 * What of `exported` `doc` does not document: a name not mentioned as a word; a method not
 * declared (`run(`, `static fromPid(`, `get pid()`: a declaration, not a word in prose); a field
 * not declared (`idleParkMs?:`); an enum member not declared (`Running =`).
 */
function undocumented(exported: Exported, doc: string): string[] {
  const mentions = (pattern: string) => new RegExp(pattern).test(doc)
  const word = (name: string) => `(?<![\\w$])${escape(name)}`
  return [
    ...exported.names.filter((name) => !mentions(`${word(name)}(?![\\w$])`)),
    ...exported.methods.filter(({ name }) => !mentions(`(?<![\\w$])(?:get\\s+)?${escape(name)}\\s*\\(`)).map(({ owner, name }) => `${owner}.${name}()`),
    ...exported.fields.filter(({ name }) => !mentions(`${word(name)}\\??\\s*:`)).map(({ owner, name }) => `${owner}.${name}`),
    ...exported.members.filter(({ name }) => !mentions(`${word(name)}\\s*=`)).map(({ owner, name }) => `${owner}.${name}`),
  ]
}

describe('docs/api.md is in step with index.d.ts', () => {
  const dts = read('index.d.ts')
  const api = read('docs/api.md')
  const exported = exportsOf(dts)

  it('reads the exports it checks', () => {
    // A floor, so that a parse that finds nothing does not pass the check below.
    expect(exported.names).toEqual(expect.arrayContaining(['Shell', 'executeShell', 'ShellRunOptions', 'ProcessStatus', '__napiBindingTarget']))
    expect(exported.methods).toContainEqual({ owner: 'Shell', name: 'run' })
    expect(exported.methods).toContainEqual({ owner: 'Process', name: 'fromPid' })
    expect(exported.fields).toContainEqual({ owner: 'ShellOptions', name: 'idleParkMs' })
    expect(exported.members).toContainEqual({ owner: 'ProcessStatus', name: 'Running' })
  })

  it('documents every export: classes and their methods, functions, interfaces and their fields, type aliases, enums, constants', () => {
    expect(undocumented(exported, api), 'in index.d.ts, not in docs/api.md').toEqual([])
  })

  it('would find an export that is not documented', () => {
    const added = exportsOf(`${dts}
export declare function brandNewExport(): void
export type BrandNewAlias = string
export declare class Shell { brandNewMethod(): void }
export interface ShellOptions { brandNewField?: number }
`)
    expect(undocumented(added, api)).toEqual(['brandNewExport', 'BrandNewAlias', 'Shell.brandNewMethod()', 'ShellOptions.brandNewField'])
  })
})

describe('README and docs/', () => {
  it('keeps README.md the user page: under 400 lines', () => {
    const lines = read('README.md').split('\n').length
    expect(lines).toBeLessThan(400)
  })

  it('has docs/ hold the rest', () => {
    for (const file of ['api', 'behaviour', 'architecture', 'security', 'platforms', 'benchmarks']) {
      expect(existsSync(join(root, 'docs', `${file}.md`)), `docs/${file}.md`).toBe(true)
    }
  })

  it.each(docs)('%s: every relative link points at a file that exists, and at a heading there', (doc) => {
    const broken: string[] = []
    for (const target of links(read(doc))) {
      const [path, fragment] = target.split('#', 2)
      const file = path ? resolve(dirname(join(root, doc)), decodeURI(path)) : join(root, doc)
      if (!existsSync(file)) {
        broken.push(`${target} (no such file)`)
      } else if (fragment && file.endsWith('.md') && !anchors(readFileSync(file, 'utf8')).has(fragment)) {
        broken.push(`${target} (no such heading)`)
      }
    }
    expect(broken).toEqual([])
  })
})
