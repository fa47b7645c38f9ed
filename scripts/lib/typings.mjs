// The typings a host app gets (types/gatehouse.d.ts), generated from custom-elements.json: each
// tag's element interface (its public fields and methods), its events and their detail types, its
// attributes, and the maps each framework reads (DOM, React 19 JSX, Vue, Svelte). The manifest says
// which tags, attributes, members and events exist; the TypeScript program says what the type names
// in it mean: every named type a member or an event detail uses is copied from its declaration (a
// class as the interface of its public members), so the file stands alone and a new tag, event or
// host method in the manifest flows in with `npm run typings`.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import ts from 'typescript'

const BUILTIN = new Set(
  'Promise Record Partial Readonly ReadonlyArray Array Uint8Array Date Error CustomEvent HTMLElement Event EventTarget Pick Omit Exclude Extract NonNullable ReturnType Parameters Awaited Required Map Set ArrayBuffer Window Document AbortSignal'.split(
    ' ',
  ),
)

const pascal = (tag) => tag.replace(/(^|-)([a-z])/g, (_, __, c) => c.toUpperCase())
const quote = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`)
const doc = (text, indent = '') => (text ? `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\n+/g, ' ')} */\n` : '')

/** Type references inside a type node (left-most names only: `A.B` is `A`). */
function referencedNames(node, out = []) {
  if (ts.isTypeReferenceNode(node) || ts.isExpressionWithTypeArguments(node)) {
    let name = ts.isTypeReferenceNode(node) ? node.typeName : node.expression
    while (ts.isQualifiedName(name) || ts.isPropertyAccessExpression(name)) name = ts.isQualifiedName(name) ? name.left : name.expression
    out.push(name)
  }
  if (ts.isTypeQueryNode(node)) out.push(node.exprName)
  node.forEachChild((child) => {
    referencedNames(child, out)
  })
  return out
}

/**
 * The TypeScript program over the element folders, kept for the life of the process per list of
 * files and their times: reading the sources and React's types is most of a generation, and the
 * typings test generates three times from the same files.
 */
const programs = new Map()
function elementsProgram(files) {
  const key = files.map((f) => `${f}@${statSync(f).mtimeMs}`).join('\n')
  let program = programs.get(key)
  if (!program) {
    program = ts.createProgram(files, {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      jsx: ts.JsxEmit.ReactJSX,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    })
    programs.set(key, program)
  }
  return program
}

/**
 * @param {{ root: string, manifest: any }} options
 * @returns {string} the contents of types/gatehouse.d.ts
 */
export function generateTypings({ root, manifest }) {
  const elements = manifest.modules.flatMap((module) =>
    (module.declarations ?? []).filter((d) => d.customElement && d.tagName).map((declaration) => ({ path: module.path, declaration })),
  )
  const scopes = elements.map(({ path }) => {
    const dir = dirname(join(root, path))
    return readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => join(dir, f))
  })
  const program = elementsProgram([...new Set(scopes.flat()), join(root, 'src/events/index.ts')])
  const checker = program.getTypeChecker()
  const emitted = new Map() // name -> declaration text
  const resolve = (symbol) => (symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol)

  /** Copies the declaration of a named type (and, through it, every name it uses). */
  const owners = new Map() // name -> the symbol whose declaration was copied
  function include(symbol, name) {
    if (emitted.has(name)) {
      const owner = owners.get(name)
      if (owner && symbol && owner !== symbol && owner.declarations?.[0] !== symbol.declarations?.[0]) {
        throw new Error(`typings: two different types are named ${name}; rename one (the typings file has one namespace)`)
      }
      return
    }
    owners.set(name, symbol)
    const declaration = symbol?.declarations?.[0]
    if (!declaration) throw new Error(`typings: cannot resolve the type ${name}`)
    const file = declaration.getSourceFile()
    if (file.isDeclarationFile && /node_modules/.test(file.fileName)) {
      // A third-party type: its structure, spelled out (the package bundles that dependency).
      emitted.set(name, `type ${name} = ${checker.typeToString(checker.getDeclaredTypeOfSymbol(symbol), undefined, ts.TypeFormatFlags.NoTruncation)}`)
      return
    }
    emitted.set(name, '') // reserve first: types may be recursive
    let text
    if (ts.isClassDeclaration(declaration)) {
      // A class the host receives: the interface of its public members.
      const members = declaration.members.filter(
        (m) =>
          m.name &&
          !ts.isConstructorDeclaration(m) &&
          !ts.isPrivateIdentifier(m.name) &&
          !m.modifiers?.some((x) => [ts.SyntaxKind.PrivateKeyword, ts.SyntaxKind.ProtectedKeyword, ts.SyntaxKind.StaticKeyword].includes(x.kind)),
      )
      const lines = members.map((m) => {
        const type = checker.getTypeOfSymbolAtLocation(checker.getSymbolAtLocation(m.name), m)
        return `  ${m.name.getText()}: ${checker.typeToString(type, declaration, ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope)}`
      })
      text = `interface ${name} {\n${lines.join('\n')}\n}`
      for (const m of members) for (const ref of referencedNames(m)) includeReference(ref)
    } else if (ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration) || ts.isEnumDeclaration(declaration)) {
      const jsDoc = declaration.jsDoc?.at(-1)?.getText()
      text = `${jsDoc ? `${jsDoc}\n` : ''}${declaration.getText().replace(/^export\s+(declare\s+)?/, '')}`
      for (const ref of referencedNames(declaration)) includeReference(ref)
    } else throw new Error(`typings: ${name} is neither a type, an interface nor a class`)
    emitted.set(name, text)
  }
  function includeReference(identifier) {
    const name = identifier.getText()
    if (BUILTIN.has(name)) return
    const symbol = resolve(checker.getSymbolAtLocation(identifier))
    if (!symbol || symbol.flags & ts.SymbolFlags.TypeParameter) return
    const file = symbol.declarations?.[0]?.getSourceFile()
    if (file?.isDeclarationFile && /typescript\/lib\//.test(file.fileName)) return
    include(symbol, name)
  }
  /** A type written as text in the manifest, resolved in the scope of the element's folder. */
  function includeText(text, scopeFiles) {
    const file = ts.createSourceFile('manifest.ts', `type T = ${text}`, ts.ScriptTarget.Latest, true)
    for (const identifier of referencedNames(file)) {
      const name = identifier.getText()
      if (BUILTIN.has(name) || emitted.has(name)) continue
      let symbol
      for (const path of scopeFiles) {
        const source = program.getSourceFile(path)
        symbol = checker.getSymbolsInScope(source, ts.SymbolFlags.Type | ts.SymbolFlags.Alias).find((s) => s.name === name)
        if (symbol) break
      }
      if (!symbol) throw new Error(`typings: ${name} (from custom-elements.json) is not a type in ${scopeFiles.map((f) => f.slice(root.length)).join(', ')}`)
      include(resolve(symbol), name)
    }
    return text
  }

  const detailFiles = [join(root, 'src/events/index.ts')]
  const out = []
  for (const [index, { declaration }] of elements.entries()) {
    const { tagName, name: className } = declaration
    const scope = [...scopes[index], ...detailFiles]
    const base = pascal(tagName)
    const fields = []
    for (const member of declaration.members ?? []) {
      if (member.static || member.privacy) continue
      if (member.kind === 'field')
        fields.push(
          `${doc(member.description, '  ')}  ${member.readonly ? 'readonly ' : ''}${quote(member.name)}: ${includeText(member.type?.text ?? 'unknown', scope)}`,
        )
      if (member.kind === 'method') {
        const params = (member.parameters ?? []).map(
          (p) => `${p.name.replace(/^\.\.\./, '...')}${p.optional || p.default !== undefined ? '?' : ''}: ${includeText(p.type?.text ?? 'unknown', scope)}`,
        )
        fields.push(`${doc(member.description, '  ')}  ${quote(member.name)}(${params.join(', ')}): ${includeText(member.return?.type?.text ?? 'void', scope)}`)
      }
    }
    const events = (declaration.events ?? []).map(
      (e) => `${doc(e.description, '  ')}  '${e.name}': ${includeText(e.type?.text ?? 'CustomEvent<unknown>', scope)}`,
    )
    const attributes = (declaration.attributes ?? []).map(
      (a) => `${doc(a.description, '  ')}  ${quote(a.name)}?: ${includeText(a.type?.text ?? 'string', scope)}${a.type?.text === 'boolean' ? '' : ' | null'}`,
    )
    out.push(
      `${doc(`Events of \`<${tagName}>\`, by name.`)}export interface ${base}EventMap {\n${events.join('\n')}\n}`,
      `${doc(`Attributes of \`<${tagName}>\` (kebab-case, as written in markup).`)}export interface ${base}Attributes {\n${attributes.join('\n')}\n}`,
      `${doc(declaration.summary ?? declaration.description)}export interface ${className} extends HTMLElement {\n${fields.join('\n')}\n` +
        `  addEventListener<K extends keyof ${base}EventMap>(type: K, listener: (this: ${className}, event: ${base}EventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void\n` +
        `  addEventListener<K extends keyof HTMLElementEventMap>(type: K, listener: (this: ${className}, event: HTMLElementEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void\n` +
        `  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void\n` +
        `  removeEventListener<K extends keyof ${base}EventMap>(type: K, listener: (this: ${className}, event: ${base}EventMap[K]) => unknown, options?: boolean | EventListenerOptions): void\n` +
        `  removeEventListener<K extends keyof HTMLElementEventMap>(type: K, listener: (this: ${className}, event: HTMLElementEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void\n` +
        `  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void\n}`,
      // The class as a value too (\`instanceof\`, \`customElements.define\` of a subclass), as lib.dom declares HTMLElement.
      `${doc(`The \`<${tagName}>\` class (defined by the package's entries).`)}export declare const ${className}: { prototype: ${className}; new (): ${className} }`,
    )
  }
  const tags = elements.map(({ declaration: d }) => ({ tag: d.tagName, className: d.name, base: pascal(d.tagName) }))
  const allEvents = [
    ...new Map(elements.flatMap(({ declaration: d }) => (d.events ?? []).map((e) => [e.name, `${pascal(d.tagName)}EventMap['${e.name}']`]))).entries(),
  ]
  return `// Generated by scripts/typings.mjs from custom-elements.json: do not edit (\`npm run typings\`).
// The DOM maps load with the package's types; React, Vue and Svelte hosts add
// \`import type {} from 'gatehouse/react'\` (or /vue, /svelte) once, e.g. in a .d.ts of the app.

${[...emitted.values()].map((text) => text.replace(/^(interface|type|enum) /m, 'export $1 ')).join('\n\n')}

${out.join('\n\n')}

/** Every tag of the package: its element interface and its attribute props. */
export interface GatehouseElements {
${tags.map(({ tag, className, base }) => `  '${tag}': { element: ${className}; attributes: ${base}Attributes; events: ${base}EventMap }`).join('\n')}
}

/**
 * The attributes a framework may pass as props. React 19, Vue and Svelte set a prop as a property
 * when the element has a member of that name: an attribute named like a method (\`open\`) would
 * overwrite the method, so it is left out (call the method, or \`setAttribute\` it).
 */
export type GatehouseAttributeProps<Tag extends keyof GatehouseElements> = Omit<
  GatehouseElements[Tag]['attributes'],
  { [K in keyof GatehouseElements[Tag]['element']]: GatehouseElements[Tag]['element'][K] extends (...args: never[]) => unknown ? K : never }[keyof GatehouseElements[Tag]['element']]
>

declare global {
  interface HTMLElementTagNameMap {
${tags.map(({ tag, className }) => `    '${tag}': ${className}`).join('\n')}
  }
  interface GlobalEventHandlersEventMap {
${allEvents.map(([name, type]) => `    '${name}': ${type}`).join('\n')}
  }
}
`
}

export const readManifest = (root) => JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'))

/** types/gatehouse.d.ts as committed: generated, then formatted like every file of the repository. */
export async function typingsFile(root) {
  const prettier = await import('prettier')
  const path = join(root, 'types/gatehouse.d.ts')
  const options = (await prettier.resolveConfig(path)) ?? {}
  return prettier.format(generateTypings({ root, manifest: readManifest(root) }), { ...options, filepath: path })
}
