/** `npm run manifest`: custom-elements.json from the element classes' JSDoc contract. */
import { readFileSync } from 'node:fs'
import ts from 'typescript'

/** #private fields and r2wc internals are not part of the public contract. */
function publicMembersOnly() {
  return {
    name: 'gatehouse-public-members-only',
    packageLinkPhase({ customElementsManifest }) {
      // The analyzer lists files in the order its parallel reads finish: sort for a stable diff.
      customElementsManifest.modules.sort((a, b) => a.path.localeCompare(b.path))
      for (const module of customElementsManifest.modules) {
        for (const declaration of module.declarations ?? []) {
          if (!declaration.members) continue
          declaration.members = declaration.members.filter((member) => !member.name.startsWith('#') && member.privacy !== 'private' && member.name !== 'styles')
        }
      }
    },
  }
}

/**
 * Host methods installed on a class from a table (`<auth-modal>`'s, elements/auth-modal/host-methods.ts)
 * are invisible to the analyzer's class walk. Each table entry is `lazy(load, (action, ...params): R => …)`,
 * `start(load, (action, ...params) => …)` (answers void) or `now((...params): R => …, refusal)`: its
 * JSDoc, parameters (after the action module) and return type annotation become a method of the class.
 */
function tableMethods({ file, table, className }) {
  return {
    name: 'gatehouse-table-methods',
    packageLinkPhase({ customElementsManifest }) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
      let object
      source.forEachChild(function visit(node) {
        if (ts.isVariableDeclaration(node) && node.name.getText() === table) {
          object = ts.isSatisfiesExpression(node.initializer) ? node.initializer.expression : node.initializer
        }
        node.forEachChild(visit)
      })
      if (!object || !ts.isObjectLiteralExpression(object)) throw new Error(`${file}: no object literal named ${table}`)
      const methods = object.properties.map((property) => {
        const name = property.name.getText()
        const call = property.initializer
        const kind = call.expression.getText()
        const fn = call.arguments[kind === 'now' ? 0 : 1]
        if (!fn || !ts.isArrowFunction(fn) || !['lazy', 'start', 'now'].includes(kind)) throw new Error(`${file}: ${name} is not lazy(…), start(…) or now(…)`)
        const returns = kind === 'start' ? 'void' : fn.type?.getText()
        if (!returns) throw new Error(`${file}: ${name} needs a return type annotation (the manifest documents it)`)
        const parameters = (kind === 'now' ? fn.parameters : fn.parameters.slice(1)).map((parameter) => ({
          name: parameter.name.getText(),
          ...(parameter.initializer ? { default: parameter.initializer.getText() } : {}),
          ...(parameter.questionToken ? { optional: true } : {}),
          ...(parameter.type ? { type: { text: parameter.type.getText() } } : {}),
        }))
        const description = property.jsDoc?.at(-1)?.comment
        if (typeof description !== 'string') throw new Error(`${file}: ${name} needs a JSDoc summary (the manifest documents it)`)
        return { kind: 'method', name, return: { type: { text: returns } }, ...(parameters.length ? { parameters } : {}), description }
      })
      const declaration = customElementsManifest.modules.flatMap((module) => module.declarations ?? []).find((d) => d.name === className)
      if (!declaration) throw new Error(`custom-elements.json: no class ${className} for ${file}`)
      declaration.members = [...(declaration.members ?? []), ...methods]
    },
  }
}

/** src/ui/theme.ts (no imports), compiled in memory: the one list of `--gh-*` properties and parts. */
const theme = await import(
  `data:text/javascript;base64,${Buffer.from(ts.transpileModule(readFileSync('src/ui/theme.ts', 'utf8'), { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText).toString('base64')}`
)

const fail = (message) => {
  throw new Error(message)
}

/** Each tag's `cssProperties` and `cssParts` from src/ui/theme.ts, so JSDoc cannot drift from the styles. */
function themeContract() {
  return {
    name: 'gatehouse-theme-contract',
    packageLinkPhase({ customElementsManifest }) {
      for (const declaration of customElementsManifest.modules.flatMap((module) => module.declarations ?? [])) {
        if (!declaration.tagName) continue
        const themes = { light: 'light theme', dark: 'dark theme', both: 'both themes' }
        declaration.cssProperties = theme.tagProperties(declaration.tagName).map((p) => ({
          name: p.name,
          // Kept apart from the defaults (src/ui/theme.ts), so a property without one fails here.
          ...(theme.THEME_PROPERTY_DESCRIPTIONS[p.name] ? {} : fail(`src/ui/theme.ts: ${p.name} has no description`)),
          description: `${theme.THEME_PROPERTY_DESCRIPTIONS[p.name]} (${themes[p.theme]}${p.derived ? `; default ${p.value}` : ''}).`,
          ...(p.derived ? {} : { default: p.value }),
        }))
        declaration.cssParts = theme.THEME_PARTS.filter((part) => part.tags.includes(declaration.tagName)).map((part) => ({
          name: part.name,
          description: `${part.description}.`,
        }))
      }
    },
  }
}

export default {
  globs: ['elements/**/*.ts'],
  exclude: [
    'elements/**/*.test.ts',
    'elements/**/*.styles.ts',
    'elements/testing/**',
    'elements/r2wc-base.ts',
    'elements/auth-modal/host-methods.ts',
    'elements/auth-modal/mfa-host-methods.ts',
    'elements/auth-modal/wallet-host-methods.ts',
    'elements/auth-modal/host-method-table.ts',
    'elements/auth-modal/tag-methods.ts',
  ],
  outdir: '.',
  dev: false,
  // package.json already names custom-elements.json; letting the analyzer rewrite it made runs with
  // another outdir (the staleness test) point it elsewhere.
  packagejson: false,
  plugins: [
    tableMethods({ file: 'elements/auth-modal/host-methods.ts', table: 'hostMethods', className: 'AuthModalElement' }),
    tableMethods({ file: 'elements/auth-modal/wallet-host-methods.ts', table: 'walletHostMethods', className: 'AuthModalElement' }),
    tableMethods({ file: 'elements/auth-modal/mfa-host-methods.ts', table: 'mfaHostMethods', className: 'AuthModalElement' }),
    publicMembersOnly(),
    themeContract(),
  ],
}
