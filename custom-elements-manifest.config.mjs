/** `npm run manifest`: custom-elements.json from the element classes' JSDoc contract. */
import { readFileSync } from 'node:fs'
import ts from 'typescript'

/** #private fields and private members are not part of the public contract. */
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
 * Host methods installed on a class from a table (elements/host-method-table.ts) are invisible to
 * the analyzer's class walk. Each table file declares the methods as an interface (`contract`): each
 * member's JSDoc, parameters and return type become a method of the class. A parameter default is
 * taken from the table's row (in `rows`, default the file itself) when the row's function declares
 * one (`(m, method = 'user-passcode') => …`).
 */
function tableMethods({ file, contract, className, rows = [file] }) {
  return {
    name: 'gatehouse-table-methods',
    packageLinkPhase({ customElementsManifest }) {
      let declaration
      const defaults = new Map()
      for (const path of rows)
        ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true).forEachChild(function visit(node) {
          if (ts.isInterfaceDeclaration(node) && node.name.text === contract) declaration = node
          // Rows `name: helper(…, (…) => …)`: a default written on the row's function.
          if (ts.isPropertyAssignment(node) && ts.isCallExpression(node.initializer)) {
            const fns = node.initializer.arguments.filter((argument) => ts.isArrowFunction(argument) || ts.isFunctionExpression(argument))
            for (const parameter of fns.flatMap((fn) => fn.parameters))
              if (parameter.initializer) defaults.set(`${node.name.getText()}.${parameter.name.getText()}`, parameter.initializer.getText())
          }
          node.forEachChild(visit)
        })
      if (!declaration) throw new Error(`${file}: no interface named ${contract}`)
      const methods = declaration.members.map((member) => {
        const name = member.name?.getText()
        if (!ts.isMethodSignature(member)) throw new Error(`${file}: ${contract}.${name} is not a method`)
        if (!member.type) throw new Error(`${file}: ${name} needs a return type (the manifest documents it)`)
        const parameters = member.parameters.map((parameter) => {
          const fallback = defaults.get(`${name}.${parameter.name.getText()}`)
          return {
            name: parameter.name.getText(),
            ...(fallback !== undefined ? { default: fallback } : parameter.questionToken ? { optional: true } : {}),
            ...(parameter.type ? { type: { text: parameter.type.getText() } } : {}),
          }
        })
        const description = member.jsDoc?.at(-1)?.comment
        if (typeof description !== 'string') throw new Error(`${file}: ${name} needs a JSDoc summary (the manifest documents it)`)
        return { kind: 'method', name, return: { type: { text: member.type.getText() } }, ...(parameters.length ? { parameters } : {}), description }
      })
      const target = customElementsManifest.modules.flatMap((module) => module.declarations ?? []).find((d) => d.name === className)
      if (!target) throw new Error(`custom-elements.json: no class ${className} for ${file}`)
      target.members = [...(target.members ?? []), ...methods]
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
    'elements/host-method-table.ts',
    'elements/**/*-methods.ts',
    'elements/auth-modal/ethereum-provider.ts',
    'elements/sign-prompt/call-options.ts',
    'elements/sign-prompt/prompt-signing.ts',
  ],
  outdir: '.',
  dev: false,
  // package.json already names custom-elements.json; letting the analyzer rewrite it made runs with
  // another outdir (the staleness test) point it elsewhere.
  packagejson: false,
  plugins: [
    tableMethods({
      file: 'elements/auth-modal/host-methods.ts',
      contract: 'AccountHostMethods',
      className: 'AuthModalElement',
      rows: ['elements/auth-modal/host-methods.ts', 'elements/auth-modal/tag-methods.ts'],
    }),
    tableMethods({ file: 'elements/auth-modal/wallet-host-methods.ts', contract: 'WalletHostMethods', className: 'AuthModalElement' }),
    tableMethods({ file: 'elements/auth-modal/mfa-host-methods.ts', contract: 'MfaHostMethods', className: 'AuthModalElement' }),
    tableMethods({ file: 'elements/sign-prompt/sign-prompt-methods.ts', contract: 'SignPromptMethods', className: 'SignPromptElement' }),
    tableMethods({ file: 'elements/fund-button/fund-button-methods.ts', contract: 'FundButtonMethods', className: 'FundButtonElement' }),
    publicMembersOnly(),
    themeContract(),
  ],
}
