/** `npm run manifest`: custom-elements.json from the element classes' JSDoc contract. */

/** #private fields and r2wc internals are not part of the public contract. */
function publicMembersOnly() {
  return {
    name: 'gatehouse-public-members-only',
    packageLinkPhase({ customElementsManifest }) {
      for (const module of customElementsManifest.modules) {
        for (const declaration of module.declarations ?? []) {
          if (!declaration.members) continue
          declaration.members = declaration.members.filter(
            (member) => !member.name.startsWith('#') && member.privacy !== 'private' && member.name !== 'styles',
          )
        }
      }
    },
  }
}

export default {
  globs: ['elements/**/*.ts'],
  exclude: ['elements/**/*.test.ts', 'elements/**/*.styles.ts', 'elements/testing/**', 'elements/r2wc-base.ts'],
  outdir: '.',
  dev: false,
  // package.json already names custom-elements.json; letting the analyzer rewrite it made runs with
  // another outdir (the staleness test) point it elsewhere.
  packagejson: false,
  plugins: [publicMembersOnly()],
}
